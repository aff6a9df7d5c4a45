import type { MessageBus } from "@genui/chassis";
import { APP_CHANGE_EVENTS } from "@genui/contracts";

/**
 * Drops the remembered key answers of an app as soon as any event about it passes by (rotation, spend cap, deletion,
 * subscription changes), on every API process: a rotated key stops working within one event's travel time. Another
 * context's event (billing's subscription) changes a status apps has not written yet: its time is kept, so
 * an answer older than it is not remembered.
 */
/** What the watcher drops answers from: the key verifier's cache (clients/key-verifier.ts), seen through this port. */
export interface RememberedKeys {
  invalidate(appId: string, statusChangedAt?: Date): void;
}

export function watchAppChanges(bus: MessageBus, keys: RememberedKeys): { stop(): void } {
  // One handler for events of several schemas: every one of them names the app.
  const subs = bus.watch(APP_CHANGE_EVENTS, (event) =>
    keys.invalidate(event.payload.appId, event.source !== "apps" ? event.occurredAt : undefined),
  );
  return { stop: () => subs.forEach((s) => s.unsubscribe()) };
}
