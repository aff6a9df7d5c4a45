import { PoisonMessageError, type Consumption, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Subscriptions } from "../use-cases/subscriptions";

/** apps.app.created → the app's subscription to the default plan (billing.subscription.activated). */
export function handleAppCreated(bus: MessageBus, subscriptions: Subscriptions): Promise<Consumption> {
  return bus.consume(EVENTS.appCreated, "billing-subscriptions", async (e) => {
    if (!e.payload.appId || !e.payload.ownerId) throw new PoisonMessageError("app event without app or owner id");
    await subscriptions.onAppCreated(e.payload.appId, e.payload.ownerId);
  });
}
