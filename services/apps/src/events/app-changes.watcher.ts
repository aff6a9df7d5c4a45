import type { MessageBus } from "@genui/chassis";
import { APP_CHANGE_EVENTS } from "@genui/contracts";
import type { KeyDirectory } from "../store/key-directory";
import type { OwnerAppsCache } from "../store/owner-apps-cache";
import type { StatusChanges } from "../store/status-changes";

/**
 * Every instance hears every event about an app (a watch, not a durable consumer: each replica must refresh its own
 * caches), so cached keys and owners' app lists are dropped at once wherever they are held, and what is reloaded
 * before another copy has written the change is not kept. Returns the unwatch.
 */
export function watchAppChanges(bus: MessageBus, keys: KeyDirectory, lists: OwnerAppsCache, changes: StatusChanges): () => void {
  const subs = bus.watch(APP_CHANGE_EVENTS, (e) => {
    const { appId, ownerId } = e.payload;
    if (!appId) return;
    // Another context's event (billing's subscription) is written to the store by one copy's consumer, maybe after
    // this copy reloads: until then what it reads is behind.
    if (e.source !== "apps") changes.heard(appId, e.occurredAt);
    keys.invalidate(appId);
    // Only this service's own events name the owner it cached the app under.
    lists.invalidateApp(appId, e.source === "apps" ? ownerId : undefined);
  });
  return () => subs.forEach((s) => s.unsubscribe());
}
