import type { MessageBus } from "@genui/chassis";
import { APP_CHANGE_EVENTS } from "@genui/contracts";
import type { AppCaches } from "../use-cases/app-caches";

/**
 * Every instance hears every event about an app (a watch, not a durable consumer: each replica must refresh its own
 * caches), so cached keys and owners' app lists are dropped at once wherever they are held, and what is reloaded
 * before another copy has written the change is not kept. Returns the unwatch.
 */
export function watchAppChanges(bus: MessageBus, caches: AppCaches): () => void {
  const subs = bus.watch(APP_CHANGE_EVENTS, (e) => {
    const { appId, ownerId } = e.payload;
    if (!appId) return;
    caches.appChanged({ appId, ownerId, source: e.source, occurredAt: e.occurredAt });
  });
  return () => subs.forEach((s) => s.unsubscribe());
}
