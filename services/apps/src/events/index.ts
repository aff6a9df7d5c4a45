import type { Logger, MessageBus, ProcessedEvents } from "@genui/chassis";
import type { AppRepository } from "../store/app.repository";
import type { KeyDirectory } from "../store/key-directory";
import type { OwnerAppsCache } from "../store/owner-apps-cache";
import type { StatusChanges } from "../store/status-changes";
import type { TemplateRepository } from "../store/template.repository";
import type { Apps } from "../use-cases/apps";
import { watchAppChanges } from "./app-changes.watcher";
import { consumeAppDeleted } from "./app-deleted.handler";
import { consumeSubscriptionActivated } from "./subscription-activated.handler";
import { consumeSubscriptionCancelled } from "./subscription-cancelled.handler";
import { consumeUserCredentialsRevoked } from "./user-credentials-revoked.handler";

export interface EventDeps {
  apps: AppRepository;
  templates: TemplateRepository;
  keys: KeyDirectory;
  lists: OwnerAppsCache;
  changes: StatusChanges;
  logger: Logger;
  appUseCases: Apps;
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
    await consumeUserCredentialsRevoked(bus, d.appUseCases, d.processed, d.logger),
  ];
  const unwatch = watchAppChanges(bus, d.keys, d.lists, d.changes);
  return async () => {
    unwatch();
    for (const c of consumers) await c.stop();
  };
}
