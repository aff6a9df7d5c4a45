import { PoisonMessageError, type Logger, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { OAuthServer } from "../use-cases/oauth";

/**
 * An app was deleted → every agent host connected to it is disconnected and its tokens dropped (they already stopped
 * working: a deleted app's tokens are nobody's; this clears the store and the dashboard's list).
 */
export function consumeAppDeletedConnections(bus: MessageBus, oauth: OAuthServer, logger: Logger) {
  return bus.consume(EVENTS.appDeleted, "apps-oauth-connections-cleanup", async (e) => {
    if (!e.payload.appId) throw new PoisonMessageError("app event without app id");
    const disconnected = await oauth.appGone(e.payload.appId);
    if (disconnected > 0)
      logger.info({ appId: e.payload.appId, connections: disconnected }, "agent hosts of a deleted app disconnected");
  });
}
