import type { Logger, MessageBus, ProcessedEvents } from "@genui/chassis";
import type { AppCaches } from "../use-cases/app-caches";
import type { Apps } from "../use-cases/apps";
import type { OAuthServer } from "../use-cases/oauth";
import type { Templates } from "../use-cases/templates";
import { watchAppChanges } from "./app-changes.watcher";
import { consumeAppDeleted } from "./app-deleted.handler";
import { consumeAppDeletedConnections } from "./app-deleted-connections.handler";
import { consumeSubscriptionActivated } from "./subscription-activated.handler";
import { consumeSubscriptionCancelled } from "./subscription-cancelled.handler";
import { consumeUserCredentialsRevoked } from "./user-credentials-revoked.handler";

export interface EventDeps {
  apps: Apps;
  templates: Templates;
  caches: AppCaches;
  oauth: OAuthServer;
  logger: Logger;
  processed: ProcessedEvents;
}

/**
 * The service's event handlers (one durable consumer per integration event it reacts to) and its cache watcher.
 * Consumers of other contexts' streams attach when their owners create them. Returns the stop of them all.
 */
export async function registerEventHandlers(bus: MessageBus, d: EventDeps): Promise<() => Promise<void>> {
  const consumers = [
    await consumeSubscriptionActivated(bus, d),
    await consumeSubscriptionCancelled(bus, d),
    await consumeAppDeleted(bus, d.templates),
    await consumeAppDeletedConnections(bus, d.oauth, d.logger),
    await consumeUserCredentialsRevoked(bus, d.apps, d.processed, d.logger, d.oauth),
  ];
  const unwatch = watchAppChanges(bus, d.caches);
  return async () => {
    unwatch();
    for (const c of consumers) await c.stop();
  };
}
