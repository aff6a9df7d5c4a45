import { randomUUID } from "node:crypto";
import { DistributedLock, LockTimeoutError, type DocumentLock, type Logger, type Metrics, type Redis } from "@genui/chassis";
import { Counter } from "prom-client";
import type { Holds } from "../store/holds.store";
import type { BatchRecord, LedgerEntry, LedgerSource, WalletRecord, WalletRepository } from "../store/wallet.repository";

/** The lock every writer of a wallet document takes, in every billing process. */
export const walletLock = (redis: Redis, redisKeyPrefix = ""): DistributedLock =>
  new DistributedLock(redis, `${redisKeyPrefix}lock:wallet:`);

export interface AuthorizeResult {
  authorized: boolean;
  holdId: string;
  heldMicros: number;
  availableMicros: number;
  reason: string;
}

/** One balance change to record: `key` is its idempotency key (the same key is recorded once, ever). */
export interface Posting {
  key: string;
  userId: string;
  /** Signed micro-dollars. */
  amount: number;
  source: LedgerSource;
  reference?: string;
  /** A balance hold to release once this change is carried (usage settles its request's hold). */
  holdId?: string;
  /** Usage: the hold's granted amount the debit was clamped to (0: no hold), and the usage's price before that. */
  held?: number;
  cost?: number;
}

/** What a usage event may debit: its price clamped to its hold (see `Wallets.capture`). */
export interface UsageCharge {
  /** Micro-dollars to debit (≥ 0). */
  debit: number;
  /** The hold's granted amount; 0 when no hold was placed under this id. */
  held: number;
  /** The usage's price before the clamp. */
  cost: number;
}

type WalletSum = NonNullable<BatchRecord["wallets"]>[number];

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;
/**
 * The entries a refused insert of `count` entries left out because their key was recorded before: only when the
 * store answered with write errors, every one a duplicate key, and counted the rest as inserted. Anything else is
 * rethrown: the outcome is unknown (the driver wraps a connection that closed mid-insert — the store restarting —
 * in the same error type, with no write errors and nothing counted, whether or not the store wrote them), so the
 * batch stays open and the sweep counts what the store holds.
 */
const duplicateIndexes = (err: unknown, count: number): Set<number> => {
  const e = err as {
    writeErrors?: { index?: number; code?: number; err?: { index?: number; code?: number } }[];
    result?: { insertedCount?: number };
  };
  if (!Array.isArray(e.writeErrors) || e.writeErrors.length === 0) throw err;
  const out = new Set<number>();
  for (const w of e.writeErrors) {
    const code = w.code ?? w.err?.code;
    const index = w.index ?? w.err?.index;
    if (code !== 11000 || index === undefined) throw err;
    out.add(index);
  }
  if (out.size + (e.result?.insertedCount ?? -1) !== count) throw err;
  return out;
};
/** Batch ids become field names of `applied`: no dots or dollars. */
const marker = (batchId: string) => `applied.${batchId.replace(/[.$]/g, "_")}`;
export const holdIdFor = (requestId: string) => `req-${requestId}`;
/** A ledger batch's key in the wallets' lock (wallet ids are UUIDs: no clash). */
const batchLockKey = (batchId: string) => `batch:${batchId}`;

/**
 * Wallets and the append-only ledger. Balance changes are recorded in batches (one change is a batch of one;
 * metering settles hundreds of usage events per batch), each in steps that a crash can stop anywhere:
 *   1. a batch document lists the candidate keys ("open");
 *   2. the entries are inserted — their key is `_id`, so a key recorded before is refused by the store and drops out;
 *   3. the batch records what it inserted, summed per wallet ("recorded");
 *   4. each wallet takes its sum in one update guarded by "this batch not applied yet" (`applied.<batch>`), under
 *      the wallet's lock;
 *   5. the Redis mirror of each balance moves to the new version and the settled holds are released;
 *   6. the batch document is deleted: an entry counts once its batch document is gone.
 * No event is published: nothing outside billing reacts to a balance change (the SPA asks for the balance).
 * The sweep (`recover`) finishes batches older than a few seconds from the step they stopped at; step 4's guard
 * makes a repeat a no-op. The balance is a projection of the ledger, which `reconcile` checks.
 */
export class Wallets {
  private readonly known = new Set<string>();
  /** Batches whose markers can be dropped from a wallet by its next update. */
  private readonly settled = new Map<string, string[]>();

  private readonly clamped?: Counter<"reason">;
  private readonly clampedMicros?: Counter<"reason">;

  /** `lock` serialises every update of one wallet, across processes (see `walletLock`). */
  constructor(
    private readonly repo: WalletRepository,
    private readonly logger: Logger,
    private readonly lock: DocumentLock,
    private readonly holds: Holds,
    private readonly holdTtlMs = 10 * 60_000,
    metrics?: Metrics,
  ) {
    if (metrics) {
      const registers = [metrics.registry];
      this.clamped = new Counter({
        name: "billing_usage_clamped_total",
        help: "Usage debits cut down to their hold (reason: over_hold, hold_expired, no_hold)",
        labelNames: ["reason"],
        registers,
      });
      this.clampedMicros = new Counter({
        name: "billing_usage_clamped_micros_total",
        help: "Micro-dollars of usage not debited because they went beyond the request's hold",
        labelNames: ["reason"],
        registers,
      });
    }
  }

  /** Makes sure a wallet exists (on sign-up, and lazily whenever one is needed). */
  async ensure(userId: string): Promise<void> {
    if (this.known.has(userId)) return;
    if (!(await this.repo.wallets.exists({ _id: userId }))) {
      const now = new Date();
      try {
        await this.repo.wallets.create({ _id: userId, balance: 0, version: 0, applied: {}, createdAt: now, updatedAt: now });
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
    }
    if (this.known.size > 100_000) this.known.clear();
    this.known.add(userId);
  }

  async get(userId: string): Promise<WalletRecord> {
    const read = () => this.repo.wallets.findById(userId).select({ outbox: 0, applied: 0 }).lean<WalletRecord>().exec();
    let w = await read();
    if (!w) {
      this.known.delete(userId);
      await this.ensure(userId);
      w = await read();
    }
    return w!;
  }

  async setPaymentCurrency(userId: string, currency: "USD" | "INR"): Promise<void> {
    await this.ensure(userId);
    await this.lock.run(userId, () =>
      this.repo.wallets.updateOne({ _id: userId }, { $set: { paymentCurrency: currency, updatedAt: new Date() } }).exec(),
    );
  }

  /** Records and applies one ledger entry exactly once; false when the key was recorded before. */
  async apply(
    userId: string,
    key: string,
    amount: number,
    source: LedgerSource,
    reference?: string,
    holdId?: string,
  ): Promise<boolean> {
    const [recorded] = await this.post([
      { key, userId, amount, source, ...(reference ? { reference } : {}), ...(holdId ? { holdId } : {}) },
    ]);
    return recorded!;
  }

  /**
   * Records and applies a batch of postings (steps 1-6 above). Resolves, per posting, whether this call recorded it
   * (false: its key was recorded before — by an earlier call, or twice in this batch).
   */
  async post(postings: Posting[]): Promise<boolean[]> {
    if (postings.length === 0) return [];
    const batchId = randomUUID();
    const now = new Date();
    // A key twice in one batch counts once.
    const first = new Map<string, number>();
    postings.forEach((p, i) => first.has(p.key) || first.set(p.key, i));
    const unique = [...first.values()].map((i) => postings[i]!);
    // The batch's lock is held through every step, and the sweep of every copy takes it too (see `recover`).
    return this.lock.run(batchLockKey(batchId), () => this.record(batchId, now, postings, first, unique));
  }

  private async record(
    batchId: string,
    now: Date,
    postings: Posting[],
    first: Map<string, number>,
    unique: Posting[],
  ): Promise<boolean[]> {
    await this.repo.batches.create({
      _id: batchId,
      state: "open",
      keys: unique.map((p) => p.key),
      createdAt: now,
      updatedAt: now,
    });
    const entries: LedgerEntry[] = unique.map((p) => ({
      _id: p.key,
      userId: p.userId,
      amount: p.amount,
      source: p.source,
      batch: batchId,
      ...(p.reference ? { reference: p.reference } : {}),
      ...(p.holdId ? { holdId: p.holdId } : {}),
      ...(p.held !== undefined ? { held: p.held } : {}),
      ...(p.cost !== undefined ? { cost: p.cost } : {}),
      createdAt: now,
    }));
    let refused = new Set<number>();
    try {
      await this.repo.ledger.collection.insertMany(entries as never[], { ordered: false });
    } catch (err) {
      refused = duplicateIndexes(err, entries.length);
    }
    const inserted = entries.filter((_, i) => !refused.has(i));
    await this.finish(batchId, inserted);
    const recordedKeys = new Set(inserted.map((e) => e._id));
    return postings.map((p, i) => first.get(p.key) === i && recordedKeys.has(p.key));
  }

  /** Steps 3-6 for the entries a batch inserted. */
  private async finish(batchId: string, inserted: LedgerEntry[]): Promise<void> {
    const byWallet = new Map<string, WalletSum>();
    for (const e of inserted) {
      const s = byWallet.get(e.userId) ?? { userId: e.userId, amount: 0, count: 0, holdIds: [], sources: [] };
      s.amount += e.amount;
      s.count += 1;
      if (e.holdId) s.holdIds.push(e.holdId);
      if (!s.sources.includes(e.source)) s.sources.push(e.source);
      byWallet.set(e.userId, s);
    }
    const sums = [...byWallet.values()];
    await this.repo.batches
      .updateOne({ _id: batchId }, { $set: { state: "recorded", wallets: sums, updatedAt: new Date() } })
      .exec();
    await this.settle(batchId, sums);
  }

  /**
   * Step 4 and 5 for one wallet: one guarded update that adds the sum, bumps the version and marks the batch (and
   * drops the markers of batches settled earlier), then the Redis mirror and holds.
   */
  private async carry(batchId: string, s: WalletSum): Promise<void> {
    await this.ensure(s.userId);
    const field = marker(batchId);
    const state = await this.lock.run(s.userId, async () => {
      const prune = (this.settled.get(s.userId) ?? []).slice(0, 50);
      const update: Record<string, unknown> = {
        $inc: { balance: s.amount, version: 1 },
        $set: { [field]: true, updatedAt: new Date() },
      };
      if (prune.length) update.$unset = Object.fromEntries(prune.map((b) => [marker(b), ""]));
      let w = await this.repo.wallets
        .findOneAndUpdate({ _id: s.userId, [field]: { $exists: false } }, update, { returnDocument: "after" })
        .lean<WalletRecord>()
        .exec();
      if (w && prune.length) {
        const rest = (this.settled.get(s.userId) ?? []).filter((b) => !prune.includes(b));
        if (rest.length) this.settled.set(s.userId, rest);
        else this.settled.delete(s.userId);
      }
      // Already carried (a repeat after a crash): the wallet as it is.
      w ??= await this.repo.wallets.findById(s.userId).select({ balance: 1, version: 1 }).lean<WalletRecord>().exec();
      if (!w) throw new Error(`wallet ${s.userId} missing while applying batch ${batchId}`);
      return { balance: w.balance, version: w.version ?? 0 };
    });
    await this.holds.sync(s.userId, state.balance, state.version, s.holdIds);
  }

  /** Step 4-6 for the recorded sums of a batch. */
  private async settle(batchId: string, sums: WalletSum[]): Promise<void> {
    await inParallel(sums, 8, (s) => this.carry(batchId, s));
    await this.repo.batches.deleteOne({ _id: batchId }).exec();
    for (const s of sums) {
      const list = this.settled.get(s.userId) ?? [];
      list.push(batchId);
      this.settled.set(s.userId, list);
    }
  }

  /**
   * Finishes batches a crash left behind (run by the sweep of every billing copy); returns how many. Each batch is
   * finished under its lock and read again inside it: two copies never work on one batch at once (on the local store
   * an update racing a delete brought a finished batch back, and it was carried twice), and a batch another copy
   * finished meanwhile is gone. A batch whose lock is busy is left for the next sweep.
   */
  async recover(olderThanMs = 30_000): Promise<number> {
    const stale = await this.repo.batches
      .find({ createdAt: { $lt: new Date(Date.now() - olderThanMs) } })
      .limit(50)
      .lean<BatchRecord[]>()
      .exec();
    let finished = 0;
    for (const seen of stale) {
      try {
        finished += await this.lock.run(batchLockKey(seen._id), () => this.recoverOne(seen._id));
      } catch (err) {
        if (!(err instanceof LockTimeoutError)) throw err;
      }
    }
    return finished;
  }

  private async recoverOne(batchId: string): Promise<number> {
    const b = await this.repo.batches.findById(batchId).lean<BatchRecord>().exec();
    if (!b) return 0;
    if (b.state === "open") {
      const entries = await this.repo.ledger
        .find({ _id: { $in: b.keys } })
        .lean<LedgerEntry[]>()
        .exec();
      await this.finish(
        b._id,
        entries.filter((e) => e.batch === b._id),
      );
    } else {
      await this.settle(b._id, b.wallets ?? []);
    }
    this.logger.warn({ batch: b._id, state: b.state }, "finished an interrupted ledger batch");
    return 1;
  }

  /**
   * Places a hold of `amount` for `requestId` when the available balance (balance − live holds) covers it; atomic,
   * so concurrent requests can never overdraw. A repeated request id (a requester asking again after a lost reply,
   * billing.balance.authorize being safe to repeat) returns the same hold, at once or later, and never places a
   * second one: also not after the first was settled by its usage or expired.
   */
  async authorize(userId: string, requestId: string, amount: number): Promise<AuthorizeResult> {
    const holdId = holdIdFor(requestId);
    let r = await this.holds.place(userId, holdId, amount, this.holdTtlMs);
    if (r.status === -1) {
      const w = await this.get(userId);
      await this.holds.sync(userId, w.balance, w.version ?? 0);
      r = await this.holds.place(userId, holdId, amount, this.holdTtlMs);
    }
    if (r.status === 1) return { authorized: true, holdId, heldMicros: r.held, availableMicros: r.available, reason: "" };
    return { authorized: false, holdId: "", heldMicros: 0, availableMicros: Math.max(0, r.available), reason: "insufficient" };
  }

  /**
   * What a request's usage may debit: its price, never more than its hold — so a wallet never goes below zero,
   * whatever the usage event says (a pass the hold did not cover, an upstream over-counting, a forged event). A hold
   * that expired before its usage arrived is also capped by what is available now; usage without any hold debits
   * nothing. A clamp is logged and counted (`billing_usage_clamped_total`). Idempotent per hold.
   */
  async capture(userId: string, holdId: string, cost: number): Promise<UsageCharge> {
    let r = await this.holds.capture(userId, holdId, cost, this.holdTtlMs);
    if (r.status === -1) {
      const w = await this.get(userId);
      await this.holds.sync(userId, w.balance, w.version ?? 0);
      r = await this.holds.capture(userId, holdId, cost, this.holdTtlMs);
    }
    const held = Math.max(0, r.granted);
    const debit = Math.max(0, Math.min(r.allowed, cost));
    if (debit < cost) {
      const reason = r.granted < 0 ? "no_hold" : cost > held ? "over_hold" : "hold_expired";
      this.clamped?.inc({ reason });
      this.clampedMicros?.inc({ reason }, cost - debit);
      this.logger.warn({ userId, holdId, cost, held, debit, reason }, "usage debit clamped to its hold");
    }
    return { debit, held, cost };
  }

  /** Live holds of a wallet (expired ones dropped): total held and what is left to authorise. */
  async holdsOf(userId: string): Promise<{ held: number; available: number; holds: number }> {
    const w = await this.get(userId);
    let h = await this.holds.inspect(userId);
    if (h.version < (w.version ?? 0)) {
      await this.holds.sync(userId, w.balance, w.version ?? 0);
      h = await this.holds.inspect(userId);
    }
    return { held: h.held, available: w.balance - h.held, holds: h.holds };
  }

  /**
   * Reconciles every wallet in one pass over the ledger (the operator's command: `npm run billing:reconcile`).
   * Answers the wallets whose balance differs from their entries' sum, or whose Redis mirror disagrees.
   */
  async reconcileAll(): Promise<{
    wallets: number;
    entries: number;
    mismatches: { userId: string; balance: number; ledgerSum: number; mirror?: number }[];
    /** Usage entries that debited more than their hold, and wallets below zero (both must never happen). */
    overHold: { key: string; userId: string; debit: number; held: number }[];
    negative: { userId: string; balance: number }[];
  }> {
    const pending = new Set(
      (await this.repo.batches.find({}).select({ _id: 1 }).lean<{ _id: string }[]>().exec()).map((b) => b._id),
    );
    const wallets = new Map<string, WalletRecord>();
    for await (const w of this.repo.wallets.find({}).lean<WalletRecord>().cursor()) wallets.set(w._id, w as WalletRecord);
    const sums = new Map<string, number>();
    const overHold: { key: string; userId: string; debit: number; held: number }[] = [];
    let entries = 0;
    for await (const e of this.repo.ledger.find({}).lean<LedgerEntry>().cursor()) {
      const entry = e as LedgerEntry;
      entries++;
      if (exceedsHold(entry)) overHold.push({ key: entry._id, userId: entry.userId, debit: -entry.amount, held: entry.held! });
      const counted = !pending.has(entry.batch) || wallets.get(entry.userId)?.applied?.[entry.batch.replace(/[.$]/g, "_")];
      if (counted) sums.set(entry.userId, (sums.get(entry.userId) ?? 0) + entry.amount);
    }
    const mismatches: { userId: string; balance: number; ledgerSum: number; mirror?: number }[] = [];
    for (const id of new Set([...wallets.keys(), ...sums.keys()])) {
      const w = wallets.get(id);
      const balance = w?.balance ?? 0;
      const ledgerSum = sums.get(id) ?? 0;
      const h = await this.holds.inspect(id);
      const mirrorOk = h.version === -1 || h.version < (w?.version ?? 0) || h.balance === balance;
      if (balance !== ledgerSum || !mirrorOk)
        mismatches.push({ userId: id, balance, ledgerSum, ...(mirrorOk ? {} : { mirror: h.balance }) });
    }
    const negative = [...wallets.values()].filter((w) => w.balance < 0).map((w) => ({ userId: w._id, balance: w.balance }));
    return { wallets: wallets.size, entries, mismatches, overHold, negative };
  }

  /**
   * The ledger proves the balance for one user: balance == the sum of every counted entry (its batch finished, or
   * this wallet already carries it), and the holds' mirror agrees with the store's balance and version. Also not ok:
   * a usage entry that debited more than its hold (`overHold`), or a balance below zero.
   */
  async reconcile(
    userId: string,
  ): Promise<{ ok: boolean; balance: number; ledgerSum: number; mirror: number; held: number; overHold: string[] }> {
    const w = await this.repo.wallets.findById(userId).lean<WalletRecord>().exec();
    const entries = await this.repo.ledger.find({ userId }).lean<LedgerEntry[]>().exec();
    const batches = new Set(
      (await this.repo.batches.find({}).select({ _id: 1 }).lean<{ _id: string }[]>().exec()).map((b) => b._id),
    );
    const ledgerSum = entries
      .filter((e) => !batches.has(e.batch) || w?.applied?.[e.batch.replace(/[.$]/g, "_")])
      .reduce((s, e) => s + e.amount, 0);
    const h = await this.holds.inspect(userId);
    const balance = w?.balance ?? 0;
    const overHold = entries.filter(exceedsHold).map((e) => e._id);
    return {
      ok:
        balance === ledgerSum &&
        balance >= 0 &&
        overHold.length === 0 &&
        (h.version === -1 || (h.balance === balance && h.version === (w?.version ?? 0))),
      balance,
      ledgerSum,
      mirror: h.balance,
      held: h.held,
      overHold,
    };
  }
}

/** A usage entry that debited more than the hold it recorded (billing clamps every debit, so never). */
const exceedsHold = (e: LedgerEntry): boolean => e.source === "usage" && e.held !== undefined && -e.amount > e.held;

async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  let next = 0;
  const errors: unknown[] = [];
  const results: R[] = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        try {
          results[i] = await fn(items[i]!);
        } catch (err) {
          errors.push(err);
        }
      }
    }),
  );
  if (errors.length) throw errors[0];
  return results;
}
