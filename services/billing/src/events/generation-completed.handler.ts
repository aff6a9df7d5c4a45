import type { BatchOutcome, ConsumeOptions, Consumption, Logger, MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Catalogue } from "../domain/catalogue";
import { requestCost } from "../domain/pricing";
import { holdIdFor, type Posting, type Wallets } from "../use-cases/wallets";

/** The metering consumer's durable name (one JetStream consumer shared by every billing copy). */
export const METERING_CONSUMER = "billing-metering";

/**
 * How the metering consumer runs. A charge is never given up on: a usage event is retried (backoff up to 30 s) until it
 * is recorded, however long the store or the wallets' locks are unavailable; a malformed one is terminated.
 * A batch costs about the same store and lock work whatever its size, so a quiet stream waits 250 ms for company:
 * at one stream that halved billing's CPU per request and cut the store's by 3× (docs/performance.md). The charge
 * lands that much later; the request's hold covers it meanwhile. A batch still running after two minutes (a store or
 * Redis call that never answers) is given up on: its events go back to JetStream for another copy, or this one again.
 */
export const METERING_OPTIONS = { maxDeliver: -1, maxBatch: 1000, lingerMs: 250, handlerTimeoutMs: 120_000 } as const;

/**
 * generation.completed → metering: the request's usage is debited once (ledger key `usage:<request id>`), never more
 * than its hold (`Wallets.capture`), and its hold released, every waiting event in one ledger batch.
 */
export function handleGenerationCompleted(
  bus: MessageBus,
  wallets: Wallets,
  catalogue: Catalogue,
  tuning: { logger?: Logger; consumer?: ConsumeOptions } = {},
): Promise<Consumption> {
  return bus.consumeBatch(
    EVENTS.generationCompleted,
    METERING_CONSUMER,
    async (events) => {
      // Every waiting usage event settles in one ledger batch; a malformed one is terminated on its own.
      const outcomes: BatchOutcome[] = [];
      const usage: { index: number; userId: string; requestId: string; holdId: string; cost: number }[] = [];
      events.forEach((e, i) => {
        const u = e.payload;
        const plan = u.requestId && u.userId ? catalogue.find(u.model) : undefined;
        if (!plan || u.inputTokens < 0n || u.outputTokens < 0n) {
          outcomes[i] = "term";
          return;
        }
        usage.push({
          index: i,
          userId: u.userId,
          requestId: u.requestId,
          holdId: u.holdId || holdIdFor(u.requestId),
          cost: requestCost(u.inputTokens, u.outputTokens, plan.prices.USD.input_text_cost, plan.prices.USD.output_text_cost),
        });
      });
      // Each debit is clamped to its hold before it is recorded, so the ledger itself never overdraws a wallet. Each
      // on its own: a wallet whose holds cannot be read retries its own events, not every event that came with them
      // (they used to fail together, come back together and fail together again).
      const charges = await Promise.allSettled(usage.map((u) => wallets.capture(u.userId, u.holdId, u.cost)));
      const failed = charges.flatMap((c, j) => (c.status === "rejected" ? [{ err: c.reason as unknown, u: usage[j]! }] : []));
      // None could be priced (Redis away): the whole batch goes back, and the consumer logs it once.
      if (failed.length > 0 && failed.length === usage.length) throw failed[0]!.err;
      if (failed.length)
        tuning.logger?.warn(
          { err: failed[0]!.err, events: failed.length, requestIds: failed.slice(0, 20).map((f) => f.u.requestId) },
          "usage not priced (its hold could not be read); those events are retried on their own",
        );
      const postings: Posting[] = [];
      charges.forEach((charge, j) => {
        const u = usage[j]!;
        if (charge.status === "rejected") {
          outcomes[u.index] = "retry";
          return;
        }
        outcomes[u.index] = "ack";
        postings.push({
          key: `usage:${u.requestId}`,
          userId: u.userId,
          amount: charge.value.debit > 0 ? -charge.value.debit : 0,
          source: "usage",
          reference: u.requestId,
          holdId: u.holdId,
          held: charge.value.held,
          cost: u.cost,
        });
      });
      // One ledger batch for every priced event: a failure here (the store) hands every one of them back.
      await wallets.post(postings);
      return outcomes;
    },
    { ...METERING_OPTIONS, ...tuning.consumer },
  );
}
