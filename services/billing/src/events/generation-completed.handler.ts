import type { BatchOutcome, Consumption, MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Catalogue } from "../domain/catalogue";
import { requestCost } from "../domain/pricing";
import { holdIdFor, type Posting, type Wallets } from "../use-cases/wallets";

/**
 * generation.completed → metering: the request's usage is debited once (ledger key `usage:<request id>`), never more
 * than its hold (`Wallets.capture`), and its hold released, every waiting event in one ledger batch.
 */
export function handleGenerationCompleted(bus: MessageBus, wallets: Wallets, catalogue: Catalogue): Promise<Consumption> {
  return bus.consumeBatch(
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
    // A charge is never given up on: a usage event is retried (backoff up to 30 s) until it is recorded, however long
    // the store or the wallets' locks are unavailable; a malformed one is terminated above.
    // A batch costs about the same store and lock work whatever its size, so a quiet stream waits 250 ms for company:
    // at one stream that halved billing's CPU per request and cut the store's by 3× (docs/performance.md). The
    // charge lands that much later; the request's hold covers it meanwhile.
    { maxDeliver: -1, maxBatch: 1000, lingerMs: 250 },
  );
}
