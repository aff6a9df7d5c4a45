import { TtlCache } from "@genui/chassis";
import type { KeyKind, KeyOwner } from "@genui/contracts/keys";
import { hashApiKey } from "../domain/api-key";
import { DEFAULT_DAILY_SPEND_CAP_MICROS } from "../domain/validation";
import type { AppRepository } from "./app.repository";
import type { StatusChanges } from "./status-changes";

/**
 * Answers "whose key is this?" from memory: every published API call asks it. Entries live 60 s (unknown keys
 * 5 s) and are dropped at once when this process changes an app, or when any instance's event about the app
 * (status, rotation, spend cap, deletion) passes by on NATS.
 */
export class KeyDirectory {
  private readonly known = new TtlCache<string, KeyOwner>(60_000, 100_000);
  private readonly unknown = new TtlCache<string, true>(5_000, 100_000);
  private readonly hashesByApp = new Map<string, Set<string>>();

  constructor(
    private readonly apps: AppRepository,
    private readonly changes: StatusChanges,
  ) {}

  /** The owner of the key with this hash (`kind`: which of the app's keys it would be), if any. */
  async verify(hash: string, kind: KeyKind): Promise<KeyOwner | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    const hit = this.known.get(hash);
    if (hit) return hit;
    if (this.unknown.get(hash)) return undefined;
    const app = kind === "secret" ? await this.apps.findByKeyHash(hash) : await this.apps.findByPubKeyHash(hash);
    if (!app) {
      this.unknown.set(hash, true);
      return undefined;
    }
    const owner: KeyOwner = {
      appId: app._id,
      ownerId: app.ownerId,
      status: app.status,
      websiteUrl: app.url,
      kind,
      allowedOrigin: new URL(app.url).origin,
      dailySpendCapMicros: app.dailySpendCapMicros ?? DEFAULT_DAILY_SPEND_CAP_MICROS,
      statusAtMs: new Date(app.statusAt).getTime(),
    };
    // Read before a status change heard on NATS was written (by another copy): answer it, keep nothing.
    if (this.changes.behind(app)) return owner;
    this.known.set(hash, owner);
    let set = this.hashesByApp.get(app._id);
    if (!set) this.hashesByApp.set(app._id, (set = new Set()));
    set.add(hash);
    return owner;
  }

  /** Forgets what is known about an app's keys. */
  invalidate(appId: string): void {
    for (const hash of this.hashesByApp.get(appId) ?? []) this.known.delete(hash);
    this.hashesByApp.delete(appId);
  }

  /** Forgets that a key was unknown (it was just issued). */
  issued(apiKey: string): void {
    this.unknown.delete(hashApiKey(apiKey));
  }
}
