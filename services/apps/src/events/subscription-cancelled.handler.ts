import { PoisonMessageError, type Logger, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Apps } from "../use-cases/apps";
import type { OAuthServer } from "../use-cases/oauth";

/**
 * billing ended an app's subscription → the app is cancelled (an older event never overwrites a newer status), and
 * unless it is active again, the agent hosts connected to it are disconnected (their tokens are dropped).
 */
export function consumeSubscriptionCancelled(bus: MessageBus, d: { apps: Apps; oauth: OAuthServer; logger: Logger }) {
  return bus.consume(EVENTS.subscriptionCancelled, "apps-subscription-cancelled", async (e) => {
    if (!e.payload.appId) throw new PoisonMessageError("subscription event without app id");
    if (await d.apps.markCancelled(e.payload.appId, e.occurredAt, e.payload.subscriptionId))
      d.logger.info({ appId: e.payload.appId }, "app cancelled");
    const disconnected = await d.oauth.appLeftActive(e.payload.appId);
    if (disconnected > 0) d.logger.info({ appId: e.payload.appId, connections: disconnected }, "agent hosts disconnected");
  });
}
