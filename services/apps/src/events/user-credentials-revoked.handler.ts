import { PoisonMessageError, type Logger, type MessageBus, type ProcessedEvents, type ReceivedEvent } from "@genui/chassis";
import { EVENTS, type UserCredentialsRevokedSchema } from "@genui/contracts";
import type { Apps } from "../use-cases/apps";

/** The durable consumer's name (also the ProcessedEvents key prefix). */
export const CREDENTIALS_REVOKED_CONSUMER = "apps-credentials-revoked";

/**
 * identity.user.credentials_revoked → both keys of every app of the user are replaced. Whoever held the revoked
 * password (e.g. someone who pre-registered the owner's e-mail) may have copied them; the key_rotated events the
 * rotations publish clear every cache of the old keys (every apps copy, the generation API).
 * Idempotent by event id (ProcessedEvents, and each key records the revocation that replaced it).
 */
export function userCredentialsRevokedHandler(apps: Apps, processed: ProcessedEvents, logger: Logger) {
  return async (e: ReceivedEvent<typeof UserCredentialsRevokedSchema>): Promise<void> => {
    if (!e.payload.userId) throw new PoisonMessageError("credentials revocation without user id");
    await processed.once(CREDENTIALS_REVOKED_CONSUMER, e.eventId, async () => {
      const replaced = await apps.revokeAllKeys(e.payload.userId, { eventId: e.eventId, correlationId: e.correlationId });
      logger.warn({ userId: e.payload.userId, eventId: e.eventId, keys: replaced }, "credentials revoked: API keys replaced");
    });
  };
}

/** The durable consumer of the revocations (identity's stream: it attaches once identity has created it). */
export function consumeUserCredentialsRevoked(bus: MessageBus, apps: Apps, processed: ProcessedEvents, logger: Logger) {
  return bus.consume(
    EVENTS.userCredentialsRevoked,
    CREDENTIALS_REVOKED_CONSUMER,
    userCredentialsRevokedHandler(apps, processed, logger),
  );
}
