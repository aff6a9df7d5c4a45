import type { MessageBus } from "@genui/chassis";
import { APP_CHANGE_EVENTS, EVENTS } from "@genui/contracts";

/**
 * Drops the remembered key answers of an app as soon as any event about it passes by (rotation, spend cap, deletion,
 * subscription changes), on every API process: a rotated key stops working within one event's travel time. Another
 * context's event (billing's subscription) changes a status apps has not written yet: its time is kept, so
 * an answer older than it is not remembered. The app's look is forgotten when it changes or the app goes, so the
 * next screen and the next read of it follow the change.
 */
/** What the watcher drops answers from: the key verifier's cache (clients/key-verifier.ts), seen through this port. */
export interface RememberedKeys {
  invalidate(appId: string, statusChangedAt?: Date): void;
}

/**
 * What is kept per app and goes with it (the MCP server's screens: use-cases/screens.ts; the stored completions:
 * use-cases/stored-completions.ts), seen through this port.
 */
export interface AppScopedData {
  forgetApp(appId: string): Promise<unknown>;
}

/** The apps' looks remembered (clients/app-appearances.ts), seen through this port. */
export interface RememberedAppearances {
  forget(appId: string): void;
}

export interface WatchedCaches {
  data?: AppScopedData | readonly AppScopedData[];
  appearances?: RememberedAppearances;
  /** A deleted app's data could not be deleted (it expires). */
  onError?: (err: unknown) => void;
}

export function watchAppChanges(bus: MessageBus, keys: RememberedKeys, more: WatchedCaches = {}): { stop(): void } {
  const { data, appearances, onError } = more;
  // One handler for events of several schemas: every one of them names the app.
  const subs = bus.watch(APP_CHANGE_EVENTS, (event) => {
    const appId = event.payload.appId;
    keys.invalidate(appId, event.source !== "apps" ? event.occurredAt : undefined);
    const deleted = event.subject.endsWith(EVENTS.appDeleted.subject);
    if (deleted || event.subject.endsWith(EVENTS.appAppearanceChanged.subject)) appearances?.forget(appId);
    // A deleted app's screens and stored completions go at once (every copy hears it; deleting twice is harmless),
    // not at their expiry.
    if (data && deleted) for (const d of [data].flat()) d.forgetApp(appId).catch((err: unknown) => onError?.(err));
  });
  return { stop: () => subs.forEach((s) => s.unsubscribe()) };
}
