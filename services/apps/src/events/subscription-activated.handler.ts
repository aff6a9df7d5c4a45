import { PoisonMessageError, type Logger, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Apps } from "../use-cases/apps";

/** billing subscribed an app → the app is active (an older event never overwrites a newer status). */
export function consumeSubscriptionActivated(bus: MessageBus, d: { apps: Apps; logger: Logger }) {
  return bus.consume(EVENTS.subscriptionActivated, "apps-subscription-activated", async (e) => {
    if (!e.payload.appId) throw new PoisonMessageError("subscription event without app id");
    if (await d.apps.markActive(e.payload.appId, e.occurredAt, e.payload.subscriptionId))
      d.logger.info({ appId: e.payload.appId }, "app activated");
  });
}
