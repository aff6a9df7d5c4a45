import { TtlCache } from "@genui/chassis";
import type { AppRecord } from "./app.repository";

/**
 * Status changes heard before they are in the store. billing's subscription events reach every copy's watcher at
 * once, while one copy's durable consumer writes them: a copy that reloads an app in between reads the old status,
 * and a cache that kept it would show it (a pending app, a key of a cancelled one) until it expired. The caches ask
 * `behind(app)` before keeping what they read; a record whose status is at least as new as the change heard clears it.
 */
export class StatusChanges {
  /** The newest change heard per app, as epoch milliseconds; forgotten after a minute (a change never written). */
  private readonly heardAt = new TtlCache<string, number>(60_000, 100_000);

  heard(appId: string, at: Date): void {
    const prev = this.heardAt.get(appId);
    if (prev === undefined || prev < at.getTime()) this.heardAt.set(appId, at.getTime());
  }

  /** Whether a record read from the store predates a change heard for its app (then it must not be cached). */
  behind(app: Pick<AppRecord, "_id" | "statusAt">): boolean {
    const at = this.heardAt.get(app._id);
    if (at === undefined) return false;
    if (new Date(app.statusAt).getTime() < at) return true;
    this.heardAt.delete(app._id);
    return false;
  }
}
