import type { MessageBus } from "@genui/chassis";
import { APP_CHANGE_EVENTS } from "@genui/contracts";
import type { KeyDirectory } from "../store/key-directory";
import type { OwnerAppsCache } from "../store/owner-apps-cache";

/**
 * Every instance hears every event about an app (a watch, not a durable consumer: each replica must refresh its own
 * caches), so cached keys and owners' app lists are dropped at once wherever they are held. Returns the unwatch.
 */
export function watchAppChanges(bus: MessageBus, keys: KeyDirectory, lists: OwnerAppsCache): () => void {
  const subs = bus.watch(APP_CHANGE_EVENTS, (e) => {
    const { appId, ownerId } = e.payload;
    if (!appId) return;
    keys.invalidate(appId);
    // Only this service's own events name the owner it cached the app under.
    lists.invalidateApp(appId, e.source === "apps-templates" ? ownerId : undefined);
  });
  return () => subs.forEach((s) => s.unsubscribe());
}
