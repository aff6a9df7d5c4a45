import type { AppRecord, AppRepository } from "./app.repository";
import type { StatusChanges } from "./status-changes";

interface Entry {
  apps: AppRecord[];
  expires: number;
}

/**
 * Each owner's live apps, newest first, held in memory for the dashboard's list calls. The local Mongo-wire store
 * answers filtered and sorted queries by scanning the collection, so a list page is served from here and the store
 * is read once per owner per minute at most. Every write of this process drops the owner's entry, and so does
 * any event about one of their apps seen on NATS (other instances' writes). A load that races an invalidation is
 * not kept (generation counter), nor one that read an app before a status change heard for it was written
 * (`StatusChanges`).
 */
export class OwnerAppsCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly ownerOfApp = new Map<string, string>();
  private readonly loading = new Map<string, Promise<AppRecord[]>>();
  /** Bumped when an app of an unknown owner changes: no load in flight may then be kept. */
  private epoch = 0;

  constructor(
    private readonly repo: AppRepository,
    private readonly changes: StatusChanges,
    private readonly ttlMs = 60_000,
    private readonly maxOwners = 10_000,
  ) {}

  async all(ownerId: string): Promise<AppRecord[]> {
    const hit = this.entries.get(ownerId);
    if (hit && hit.expires > Date.now()) return hit.apps;
    const inFlight = this.loading.get(ownerId);
    if (inFlight) return inFlight;
    const generation = this.generations.get(ownerId) ?? 0;
    const epoch = this.epoch;
    const load = this.repo
      .allLive(ownerId)
      .then((apps) => {
        // Not kept when an invalidation raced the read, or when an app in it predates a status change already heard.
        const behind = apps.filter((a) => this.changes.behindRecord(a)).length > 0;
        if ((this.generations.get(ownerId) ?? 0) === generation && this.epoch === epoch && !behind) {
          this.entries.delete(ownerId);
          this.entries.set(ownerId, { apps, expires: Date.now() + this.ttlMs });
          for (const a of apps) this.ownerOfApp.set(a._id, ownerId);
          while (this.entries.size > this.maxOwners) this.drop(this.entries.keys().next().value as string);
        }
        return apps;
      })
      .finally(() => this.loading.delete(ownerId));
    this.loading.set(ownerId, load);
    return load;
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
    this.loading.delete(ownerId);
    this.drop(ownerId);
  }

  /** For events that name the app (and maybe its owner). */
  invalidateApp(appId: string, ownerId?: string): void {
    const owner = ownerId || this.ownerOfApp.get(appId);
    if (owner) this.invalidateOwner(owner);
    else {
      // Not cached, but a load may be reading it right now.
      this.epoch++;
      this.loading.clear();
    }
  }
}
