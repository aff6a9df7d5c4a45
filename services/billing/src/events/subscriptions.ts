import { PoisonMessageError, type BatchOutcome, type Consumption, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Catalogue } from "../domain/catalogue";
import { requestCost } from "../domain/pricing";
import type { Subscriptions } from "../subscriptions";
import { holdIdFor, type Posting, type Wallets } from "../wallets";

/**
 * Billing's event handlers, all in one place:
 * - identity.user.registered → the user's wallet;
 * - generation.completed → the request's usage is debited once (ledger key `usage:<request id>`), never more than its
 *   hold (`Wallets.capture`), and its hold released, every waiting event in one ledger batch;
 * - apps.app.created → the app's subscription to the default plan (billing.subscription.activated).
 */
export async function registerSubscriptions(
  bus: MessageBus,
  wallets: Wallets,
  catalogue: Catalogue,
  subscriptions: Subscriptions,
  demoCredit?: { email: string; micros: number },
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
      // The local platform's demo account starts with some credit, once (the ledger key is per user).
      if (demoCredit && demoCredit.micros > 0 && e.payload.email.toLowerCase() === demoCredit.email.toLowerCase())
        await wallets.apply(e.payload.userId, `demo-credit:${e.payload.userId}`, demoCredit.micros, "adjustment", "demo");
    }),
    await bus.consumeBatch(
      EVENTS.generationCompleted,
      "billing-metering",
      async (events) => {
        // Every waiting usage event settles in one ledger batch; a malformed one is terminated on its own.
        const outcomes: BatchOutcome[] = [];
        const usage: { userId: string; requestId: string; holdId: string; cost: number }[] = [];
        events.forEach((e, i) => {
          const u = e.payload;
          const plan = u.requestId && u.userId ? catalogue.find(u.model) : undefined;
          if (!plan || u.inputTokens < 0n || u.outputTokens < 0n) {
            outcomes[i] = "term";
            return;
          }
          outcomes[i] = "ack";
          usage.push({
            userId: u.userId,
            requestId: u.requestId,
            holdId: u.holdId || holdIdFor(u.requestId),
            cost: requestCost(u.inputTokens, u.outputTokens, plan.prices.USD.input_text_cost, plan.prices.USD.output_text_cost),
          });
        });
        // Each debit is clamped to its hold before it is recorded, so the ledger itself never overdraws a wallet.
        const charges = await Promise.all(usage.map((u) => wallets.capture(u.userId, u.holdId, u.cost)));
        const postings: Posting[] = usage.map((u, i) => ({
          key: `usage:${u.requestId}`,
          userId: u.userId,
          amount: charges[i]!.debit > 0 ? -charges[i]!.debit : 0,
          source: "usage",
          reference: u.requestId,
          holdId: u.holdId,
          held: charges[i]!.held,
          cost: u.cost,
        }));
        await wallets.post(postings);
        return outcomes;
      },
      { maxDeliver: 20, maxBatch: 1000, lingerMs: 50 },
    ),
  ];
}
