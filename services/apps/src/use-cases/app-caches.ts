import type { KeyKind, KeyOwner } from "@genui/contracts/keys";
import type { KeyDirectory } from "../store/key-directory";
import type { OwnerAppsCache } from "../store/owner-apps-cache";
import type { StatusChanges } from "../store/status-changes";

/** An event about an app as the cache watcher heard it (any copy's of apps, or another context's). */
export interface AppChange {
  appId: string;
  ownerId?: string;
  /** The context that published it ("apps", "billing" …). */
  source: string;
  occurredAt: Date;
}

/**
 * What this copy of apps holds of its apps in memory: the key directory (whose key is this?) and the owners' app
 * lists, kept true by the status changes heard before they are in the store.
 */
export class AppCaches {
  constructor(
    private readonly keys: KeyDirectory,
    private readonly lists: OwnerAppsCache,
    private readonly changes: StatusChanges,
  ) {}

  /** The owner of the key with this hash (`kind`: which of the app's keys it would be), if any; from memory. */
  verifyKey(hash: string, kind: KeyKind): Promise<KeyOwner | undefined> {
    return this.keys.verify(hash, kind);
  }

  /** An event about an app passed by: what this copy holds of the app is dropped at once. */
  appChanged(e: AppChange): void {
    // Another context's event (billing's subscription) is written to the store by one copy's consumer, maybe after
    // this copy reloads: until then what it reads is behind.
    if (e.source !== "apps") this.changes.heard(e.appId, e.occurredAt);
    this.keys.invalidate(e.appId);
    // Only this service's own events name the owner it cached the app under.
    this.lists.invalidateApp(e.appId, e.source === "apps" ? e.ownerId : undefined);
  }
}
