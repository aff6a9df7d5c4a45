import { Flights, type Redis } from "@genui/chassis";
import type { AppRecord, AppRepository } from "./app.repository";
import type { StatusChanges } from "./status-changes";

interface Entry {
  apps: AppRecord[];
  expires: number;
  /** The owner's version (OwnerVersions) when the apps were read. */
  version: string | null;
}

/**
 * A version per owner that every copy shares: bumped after each write of one of the owner's apps, before the writer
 * answers, and compared by every copy on each list read. So a copy never answers an owner's list from before a write
 * another copy has already confirmed — the dashboard's list right after a create shows the new app whichever copy
 * serves it — without waiting for the write's event to travel.
 */
export class OwnerVersions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds = 86_400,
  ) {}

  get(ownerId: string): Promise<string | null> {
    return this.redis.get(`${this.prefix}${ownerId}`);
  }

  async bump(ownerId: string): Promise<void> {
    const key = `${this.prefix}${ownerId}`;
    await this.redis.multi().incr(key).expire(key, this.ttlSeconds).exec();
  }
}

/**
 * Each owner's live apps, newest first, held in memory for the dashboard's list calls. The local Mongo-wire store
 * answers filtered and sorted queries by scanning the collection, so a list page is served from here and the store
 * is read once per owner per minute at most. Every write of this process drops the owner's entry, and so does
 * any event about one of their apps seen on NATS (other instances' writes). A load that races an invalidation is
 * not kept (generation counter), nor one that read an app before a status change heard for it was written
 * (`StatusChanges`). With `versions`, an entry is used only while the owner's shared version is the one it was read
 * at (one Redis read per list call): another copy's confirmed write is seen at once.
 */
export class OwnerAppsCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly ownerOfApp = new Map<string, string>();
  /** Reads under way, shared by the list calls that ask for the same owner at the same version meanwhile. */
  private readonly loading = new Flights<string, AppRecord[]>();
  /** Bumped when an app of an unknown owner changes: no load in flight may then be kept. */
  private epoch = 0;

  constructor(
    private readonly repo: AppRepository,
    private readonly changes: StatusChanges,
    private readonly ttlMs = 60_000,
    private readonly maxOwners = 10_000,
    private readonly versions?: OwnerVersions,
  ) {}

  async all(ownerId: string): Promise<AppRecord[]> {
    const version = this.versions ? await this.versions.get(ownerId) : null;
    const hit = this.entries.get(ownerId);
    if (hit && hit.expires > Date.now() && hit.version === version) return hit.apps;
    const generation = this.generations.get(ownerId) ?? 0;
    const epoch = this.epoch;
    // An invalidation since a read began (a new generation or epoch) starts a fresh read for the calls after it.
    return this.loading.run(`${ownerId}\u0000${version ?? ""}\u0000${generation}\u0000${epoch}`, () => {
      return this.repo.allLive(ownerId).then((apps) => {
        // Not kept when an invalidation raced the read, or when an app in it predates a status change already heard.
        const behind = apps.filter((a) => this.changes.behindRecord(a)).length > 0;
        if ((this.generations.get(ownerId) ?? 0) === generation && this.epoch === epoch && !behind) {
          this.entries.delete(ownerId);
          this.entries.set(ownerId, { apps, expires: Date.now() + this.ttlMs, version });
          for (const a of apps) this.ownerOfApp.set(a._id, ownerId);
          while (this.entries.size > this.maxOwners) this.drop(this.entries.keys().next().value as string);
        }
        return apps;
      });
    });
  }

  async page(ownerId: string, page: number, pageSize: number): Promise<{ results: AppRecord[]; count: number }> {
    const apps = await this.all(ownerId);
    return { results: apps.slice((page - 1) * pageSize, page * pageSize), count: apps.length };
  }

  private drop(ownerId: string) {
    const entry = this.entries.get(ownerId);
    for (const a of entry?.apps ?? []) this.ownerOfApp.delete(a._id);
    this.entries.delete(ownerId);
  }

  invalidateOwner(ownerId: string): void {
    this.generations.set(ownerId, (this.generations.get(ownerId) ?? 0) + 1);
    this.drop(ownerId);
  }

  /** After a write of one of the owner's apps, before the writer answers: every copy reads the owner's list anew. */
  async written(ownerId: string): Promise<void> {
    this.invalidateOwner(ownerId);
    await this.versions?.bump(ownerId);
  }

  /** For events that name the app (and maybe its owner). */
  invalidateApp(appId: string, ownerId?: string): void {
    const owner = ownerId || this.ownerOfApp.get(appId);
    if (owner) this.invalidateOwner(owner);
    else {
      // Not cached, but a load may be reading it right now.
      this.epoch++;
    }
  }
}
