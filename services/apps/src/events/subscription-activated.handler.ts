import { PoisonMessageError, type Logger, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { AppRepository } from "../store/app.repository";
import type { KeyDirectory } from "../store/key-directory";
import type { OwnerAppsCache } from "../store/owner-apps-cache";

/** billing subscribed an app → the app is active (an older event never overwrites a newer status). */
export function consumeSubscriptionActivated(
  bus: MessageBus,
  d: { apps: AppRepository; keys: KeyDirectory; lists: OwnerAppsCache; logger: Logger },
) {
  return bus.consume(EVENTS.subscriptionActivated, "apps-subscription-activated", async (e) => {
    if (!e.payload.appId) throw new PoisonMessageError("subscription event without app id");
    if (await d.apps.setStatus(e.payload.appId, "active", e.occurredAt, e.payload.subscriptionId))
      d.logger.info({ appId: e.payload.appId }, "app activated");
    d.keys.invalidate(e.payload.appId);
    d.lists.invalidateApp(e.payload.appId);
  });
}
