import type { Consumption, Logger, MessageBus } from "@genui/chassis";
import type { Catalogue } from "../domain/catalogue";
import type { Subscriptions } from "../use-cases/subscriptions";
import type { Wallets } from "../use-cases/wallets";
import { handleAppCreated } from "./app-created.handler";
import { handleGenerationCompleted } from "./generation-completed.handler";
import { handleUserRegistered, type DemoCredit } from "./user-registered.handler";

/**
 * Starts billing's durable consumers, one per integration event it reacts to. The streams are their owners' to
 * create: a consumer started first attaches once its stream appears.
 */
export async function startEventHandlers(
  bus: MessageBus,
  deps: { wallets: Wallets; catalogue: Catalogue; subscriptions: Subscriptions; demoCredit?: DemoCredit; logger?: Logger },
): Promise<Consumption[]> {
  return [
    await handleAppCreated(bus, deps.subscriptions),
    await handleUserRegistered(bus, deps.wallets, deps.demoCredit),
    await handleGenerationCompleted(bus, deps.wallets, deps.catalogue, deps.logger ? { logger: deps.logger } : {}),
  ];
}
