import type { MessageBus } from "@genui/chassis";
import { APP_CHANGE_EVENTS, EVENTS } from "@genui/contracts";

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

/** What is kept per app and goes with it (the MCP server's screens: use-cases/screens.ts), seen through this port. */
export interface AppScopedData {
  forgetApp(appId: string): Promise<unknown>;
}

export function watchAppChanges(
  bus: MessageBus,
  keys: RememberedKeys,
  data?: AppScopedData,
  onError?: (err: unknown) => void,
): { stop(): void } {
  // One handler for events of several schemas: every one of them names the app.
  const subs = bus.watch(APP_CHANGE_EVENTS, (event) => {
    keys.invalidate(event.payload.appId, event.source !== "apps" ? event.occurredAt : undefined);
    // A deleted app's screens go at once (every copy hears it; deleting twice is harmless), not at their expiry.
    if (data && event.subject.endsWith(EVENTS.appDeleted.subject))
      data.forgetApp(event.payload.appId).catch((err: unknown) => onError?.(err));
  });
  return { stop: () => subs.forEach((s) => s.unsubscribe()) };
}
