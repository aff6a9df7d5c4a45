import { Flights } from "./flights";
import { TtlCache } from "./ttl-cache";

/**
 * Status changes heard on the bus before a store has them. billing's subscription events reach every process at once,
 * while one copy of apps writes them: a process that reads the app in between reads the old status, and a cache that
 * kept it would answer it (a pending app, a key of a cancelled one) until it expired. Caches ask `behind` before they
 * keep what they read; a read whose status is at least as new as the change heard clears it.
 */
export class HeardChanges {
  /** The newest change heard per app, as epoch milliseconds; forgotten after a minute (a change never written). */
  private readonly heardAt = new TtlCache<string, number>(60_000, 100_000);

  heard(appId: string, at: Date | number): void {
    const ms = typeof at === "number" ? at : at.getTime();
    const prev = this.heardAt.get(appId);
    if (prev === undefined || prev < ms) this.heardAt.set(appId, ms);
  }

  /** Whether a read of the app whose status was set at `statusAtMs` predates a change heard for it (keep nothing). */
  behind(appId: string, statusAtMs: number): boolean {
    const at = this.heardAt.get(appId);
    if (at === undefined) return false;
    if (statusAtMs < at) return true;
    this.heardAt.delete(appId);
    return false;
  }
}

/** What a key cache keeps per key: whose app it is and when the app's status was set. */
export interface CachedKeyOwner {
  appId: string;
  statusAtMs: number;
}

/**
 * The one cache of "whose key is this?" answers, by key hash: known owners for `knownMs`, unknown keys for
 * `unknownMs`, every entry of an app dropped at once by `invalidate(appId)` (an event about the app), and the race
 * guard: an answer that predates a status change heard for its app serves its request but is not kept. apps keeps
 * one in front of its store, the generation API one in front of apps.keys.verify.
 */
export class KeyOwnerCache<V extends CachedKeyOwner> {
  private readonly known: TtlCache<string, V>;
  private readonly unknown: TtlCache<string, true>;
  private readonly hashesByApp = new Map<string, Set<string>>();
  /** Loads under way, shared by the requests that ask for the same key meanwhile (one load per burst). */
  private readonly flights = new Flights<string, V | undefined>();
  /** Bumped by every `invalidate`: a load begun before it is not joined, and not kept if its app was invalidated. */
  private epoch = 0;
  /** The epoch of each app's last invalidation, and of each key's issue (a minute: far longer than a load may take). */
  private readonly invalidatedAt = new TtlCache<string, number>(60_000, 100_000);
  private readonly issuedAt = new TtlCache<string, number>(60_000, 100_000);

  constructor(
    opts: { knownMs: number; unknownMs: number; max: number },
    /** The status changes heard (shared with the process's other caches of apps, if any). */
    readonly changes: HeardChanges = new HeardChanges(),
  ) {
    this.known = new TtlCache(opts.knownMs, opts.max);
    this.unknown = new TtlCache(opts.unknownMs, opts.max);
  }

  /**
   * The owner of the key with this hash: from memory, or `load` (undefined: no app has the key) — one load for every
   * request asking meanwhile. A load is kept unless the guard says it is behind a heard change, or its app was
   * invalidated while it ran (it serves the requests that asked, and the next one reads again).
   */
  async get(hash: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.known.get(hash);
    if (hit) return hit;
    if (this.unknown.get(hash)) return undefined;
    const began = this.epoch;
    return this.flights.run(`${began}\u0000${hash}`, async () => {
      const owner = await load();
      if (!owner) {
        // A key issued while the load ran is not remembered as unknown.
        if ((this.issuedAt.get(hash) ?? -1) <= began) this.unknown.set(hash, true);
        return undefined;
      }
      if (this.changes.behind(owner.appId, owner.statusAtMs)) return owner;
      if ((this.invalidatedAt.get(owner.appId) ?? -1) > began) return owner;
      this.known.set(hash, owner);
      let set = this.hashesByApp.get(owner.appId);
      if (!set) this.hashesByApp.set(owner.appId, (set = new Set()));
      set.add(hash);
      return owner;
    });
  }

  /** Forgets what is known about an app's keys; `statusChangedAt`: a status change another process announced. */
  invalidate(appId: string, statusChangedAt?: Date): void {
    if (statusChangedAt) this.changes.heard(appId, statusChangedAt);
    this.invalidatedAt.set(appId, ++this.epoch);
    for (const hash of this.hashesByApp.get(appId) ?? []) this.known.delete(hash);
    this.hashesByApp.delete(appId);
  }

  /** Forgets that a key was unknown (it was just issued). */
  issued(hash: string): void {
    this.issuedAt.set(hash, ++this.epoch);
    this.unknown.delete(hash);
  }
}
