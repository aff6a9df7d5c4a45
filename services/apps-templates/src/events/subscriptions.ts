import { fromBinary, type DescMessage } from "@bufbuild/protobuf";
import { PoisonMessageError, type Logger, type MessageBus, type ProcessedEvents } from "@genui/chassis";
import { EVENTS, EventEnvelopeSchema } from "@genui/contracts";
import type { Apps } from "../apps";
import type { KeyDirectory } from "../key-directory";
import type { OwnerAppsCache } from "../owner-apps-cache";
import type { AppRepository } from "../store/app.repository";
import type { TemplateRepository } from "../store/template.repository";
import { CREDENTIALS_REVOKED_CONSUMER, userCredentialsRevokedHandler } from "./user-credentials-revoked.handler";

/**
 * The service's event handlers, all in one place:
 * - billing.subscription.activated / cancelled → the app's status (older events never overwrite newer);
 * - apps.app.deleted → its templates go (the app itself was marked deleted with the event);
 * - identity.user.credentials_revoked → both keys of every app of the user are replaced (see its handler).
 * Plus a plain subscription per instance that drops cached keys on any event about an app.
 */
export async function registerSubscriptions(
  bus: MessageBus,
  apps: AppRepository,
  templates: TemplateRepository,
  keys: KeyDirectory,
  lists: OwnerAppsCache,
  logger: Logger,
  appUseCases: Apps,
  processed: ProcessedEvents,
) {
  await bus.ensureStream("BILLING");
  await bus.ensureStream("APPS");
  await bus.ensureStream("IDENTITY");
  const consumers = [
    await bus.consume(EVENTS.subscriptionActivated, "apps-subscription-activated", async (e) => {
      if (!e.payload.appId) throw new PoisonMessageError("subscription event without app id");
      if (await apps.setStatus(e.payload.appId, "active", e.occurredAt, e.payload.subscriptionId))
        logger.info({ appId: e.payload.appId }, "app activated");
      keys.invalidate(e.payload.appId);
      lists.invalidateApp(e.payload.appId);
    }),
    await bus.consume(EVENTS.subscriptionCancelled, "apps-subscription-cancelled", async (e) => {
      if (!e.payload.appId) throw new PoisonMessageError("subscription event without app id");
      if (await apps.setStatus(e.payload.appId, "cancelled", e.occurredAt, e.payload.subscriptionId))
        logger.info({ appId: e.payload.appId }, "app cancelled");
      keys.invalidate(e.payload.appId);
    }),
    await bus.consume(EVENTS.appDeleted, "apps-templates-cleanup", async (e) => {
      if (!e.payload.appId) throw new PoisonMessageError("app event without app id");
      await templates.deleteForApp(e.payload.appId);
    }),
    await bus.consume(
      EVENTS.userCredentialsRevoked,
      CREDENTIALS_REVOKED_CONSUMER,
      userCredentialsRevokedHandler(appUseCases, processed, logger),
    ),
  ];

  // Every instance hears every event (core NATS sees JetStream publishes too), so every key cache stays fresh.
  const touching: [string, DescMessage][] = [
    [EVENTS.subscriptionActivated.subject, EVENTS.subscriptionActivated.schema],
    [EVENTS.subscriptionCancelled.subject, EVENTS.subscriptionCancelled.schema],
    [EVENTS.appCreated.subject, EVENTS.appCreated.schema],
    [EVENTS.appDeleted.subject, EVENTS.appDeleted.schema],
    [EVENTS.appKeyRotated.subject, EVENTS.appKeyRotated.schema],
    [EVENTS.appSpendCapChanged.subject, EVENTS.appSpendCapChanged.schema],
  ];
  const subs = touching.map(([subject, schema]) =>
    bus.nc.subscribe(bus.subject(subject), {
      callback: (err, m) => {
        if (err) return;
        try {
          const env = fromBinary(EventEnvelopeSchema, m.data);
          const payload = fromBinary(schema, env.payload) as unknown as { appId?: string; ownerId?: string };
          if (payload.appId) {
            keys.invalidate(payload.appId);
            lists.invalidateApp(payload.appId, env.source === "apps-templates" ? payload.ownerId : undefined);
          }
        } catch {
          // Undecodable: the durable consumer terminates it; nothing cached depends on it.
        }
      },
    }),
  );
  return async () => {
    subs.forEach((s) => s.unsubscribe());
    for (const c of consumers) await c.stop();
  };
}
