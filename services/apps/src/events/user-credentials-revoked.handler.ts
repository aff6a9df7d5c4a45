import { PoisonMessageError, type Logger, type MessageBus, type ProcessedEvents, type ReceivedEvent } from "@genui/chassis";
import { EVENTS, type UserCredentialsRevokedSchema } from "@genui/contracts";
import type { Apps } from "../use-cases/apps";
import type { OAuthServer } from "../use-cases/oauth";

/** The durable consumer's name (also the ProcessedEvents key prefix). */
export const CREDENTIALS_REVOKED_CONSUMER = "apps-credentials-revoked";

/**
 * identity.user.credentials_revoked → both keys of every app of the user are replaced, and every agent host connected
 * to them is disconnected. Whoever held the revoked password (e.g. someone who pre-registered the owner's e-mail) may
 * have copied the keys or connected a host; the key_rotated events the rotations publish clear every cache of the old
 * keys and tokens (every apps copy, the generation API).
 * Idempotent by event id (ProcessedEvents, and each key records the revocation that replaced it).
 */
export function userCredentialsRevokedHandler(apps: Apps, processed: ProcessedEvents, logger: Logger, oauth?: OAuthServer) {
  return async (e: ReceivedEvent<typeof UserCredentialsRevokedSchema>): Promise<void> => {
    if (!e.payload.userId) throw new PoisonMessageError("credentials revocation without user id");
    await processed.once(CREDENTIALS_REVOKED_CONSUMER, e.eventId, async () => {
      const replaced = await apps.revokeAllKeys(e.payload.userId, { eventId: e.eventId, correlationId: e.correlationId });
      const disconnected = (await oauth?.ownerCredentialsRevoked(e.payload.userId)) ?? 0;
      logger.warn(
        { userId: e.payload.userId, eventId: e.eventId, keys: replaced, connections: disconnected },
        "credentials revoked: API keys replaced, agent hosts disconnected",
      );
    });
  };
}

/** The durable consumer of the revocations (identity's stream: it attaches once identity has created it). */
export function consumeUserCredentialsRevoked(
  bus: MessageBus,
  apps: Apps,
  processed: ProcessedEvents,
  logger: Logger,
  oauth?: OAuthServer,
) {
  return bus.consume(
    EVENTS.userCredentialsRevoked,
    CREDENTIALS_REVOKED_CONSUMER,
    userCredentialsRevokedHandler(apps, processed, logger, oauth),
  );
}
