import { PoisonMessageError, type Consumption, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Catalogue } from "../domain/catalogue";
import { requestCost } from "../domain/pricing";
import type { Subscriptions } from "../subscriptions";
import type { Wallets } from "../wallets";

/**
 * Billing's event handlers, all in one place:
 * - identity.user.registered → the user's wallet;
 * - generation.completed → the request's usage is debited once (ledger key `usage:<request id>`) and its hold released;
 * - apps.app.created → the app's subscription to the default plan (billing.subscription.activated).
 */
export async function registerSubscriptions(
  bus: MessageBus,
  wallets: Wallets,
  catalogue: Catalogue,
  subscriptions: Subscriptions,
): Promise<Consumption[]> {
  await Promise.all([
    bus.ensureStream("IDENTITY"),
    bus.ensureStream("GENERATION"),
    bus.ensureStream("BILLING"),
    bus.ensureStream("APPS"),
  ]);
  return [
    await bus.consume(EVENTS.appCreated, "billing-subscriptions", async (e) => {
      if (!e.payload.appId || !e.payload.ownerId) throw new PoisonMessageError("app event without app or owner id");
      await subscriptions.onAppCreated(e.payload.appId, e.payload.ownerId);
    }),
    await bus.consume(EVENTS.userRegistered, "billing-wallets", async (e) => {
      if (!e.payload.userId) throw new PoisonMessageError("user event without user id");
      await wallets.ensure(e.payload.userId);
    }),
    await bus.consume(
      EVENTS.generationCompleted,
      "billing-metering",
      async (e) => {
        const u = e.payload;
        if (!u.requestId || !u.userId) throw new PoisonMessageError("usage without request or user id");
        const plan = catalogue.find(u.model);
        if (!plan) throw new PoisonMessageError(`usage for unknown model ${u.model}`);
        if (u.inputTokens < 0n || u.outputTokens < 0n) throw new PoisonMessageError("negative token counts");
        const cost = requestCost(
          u.inputTokens,
          u.outputTokens,
          plan.prices.USD.input_text_cost,
          plan.prices.USD.output_text_cost,
        );
        await wallets.apply(
          u.userId,
          `usage:${u.requestId}`,
          -cost,
          "usage",
          u.requestId,
          u.holdId ? { holdId: u.holdId } : undefined,
        );
      },
      { maxDeliver: 20 },
    ),
  ];
}
