import {
  DistributedLock,
  outboxUpdate,
  type DocumentLock,
  type Logger,
  type MessageBus,
  type OutboxRelay,
  type Redis,
} from "@genui/chassis";

/** The lock every writer of a wallet document takes (wallet use cases and the wallets' outbox relay). */
export const walletLock = (redis: Redis, redisKeyPrefix = ""): DistributedLock =>
  new DistributedLock(redis, `${redisKeyPrefix}lock:wallet:`);
import { EVENTS } from "@genui/contracts";
import type { LedgerEntry, LedgerSource, WalletRecord, WalletRepository } from "./store/wallet.repository";

export interface AuthorizeResult {
  authorized: boolean;
  holdId: string;
  heldMicros: number;
  availableMicros: number;
  reason: string;
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Wallets and the append-only ledger. Every balance change is a ledger entry keyed by an idempotency key and is
 * applied to the wallet by one guarded single-document update, so a retry, a redelivery or a race applies it once:
 *   1. insert the entry (its key is `_id`: a second insert of the same key fails) as "pending";
 *   2. apply to the wallet where `applied.<key>` is absent: $inc balance/available, set `applied.<key>`, and the
 *      `billing.balance.changed` event into the wallet's outbox — all in the same update;
 *   3. mark the entry "applied"; 4. drop `applied.<key>` from the wallet.
 * A crash after any step leaves a pending entry that `completePending` finishes; step 2's guard makes it a no-op
 * when it already happened. Every change of one wallet also runs under that wallet's lock (per process and in
 * Redis): the local Mongo-wire store applies concurrent updates of one document without isolation.
 */
export class Wallets {
  /**
   * `lock` serialises every update of one wallet, across processes (see `walletLock`); the wallets' outbox relay
   * must be built with the same lock.
   */
  constructor(
    private readonly repo: WalletRepository,
    private readonly bus: MessageBus,
    private readonly outbox: OutboxRelay<WalletRecord>,
    private readonly logger: Logger,
    private readonly lock: DocumentLock,
    private readonly holdTtlMs = 10 * 60_000,
  ) {}

  /** Makes sure a wallet exists (on sign-up, and lazily whenever one is needed). */
  async ensure(userId: string): Promise<void> {
    if (await this.repo.wallets.exists({ _id: userId })) return;
    const now = new Date();
    try {
      await this.repo.wallets.create({
        _id: userId,
        balance: 0,
        available: 0,
        heldTotal: 0,
        holds: {},
        applied: {},
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }

  async get(userId: string): Promise<WalletRecord> {
    let w = await this.repo.wallets.findById(userId).select({ outbox: 0, applied: 0 }).lean<WalletRecord>().exec();
    if (!w) {
      await this.ensure(userId);
      w = await this.repo.wallets.findById(userId).select({ outbox: 0, applied: 0 }).lean<WalletRecord>().exec();
    }
    return w!;
  }

  /**
   * Records and applies one ledger entry exactly once. `release` also releases a hold in the same update (metering:
   * the debit and the hold's release are one atomic change). Resolves false when the key was already applied.
   */
  async apply(
    userId: string,
    key: string,
    amount: number,
    source: LedgerSource,
    reference?: string,
    release?: { holdId: string },
  ): Promise<boolean> {
    await this.ensure(userId);
    const entry: LedgerEntry = {
      _id: key,
      userId,
      amount,
      source,
      state: "pending",
      ...(reference ? { reference } : {}),
      createdAt: new Date(),
    };
    try {
      await this.repo.ledger.create(entry);
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      const existing = await this.repo.ledger.findById(key).lean<LedgerEntry>().exec();
      if (!existing || existing.state === "applied") return false;
      if (existing.userId !== userId || existing.amount !== amount) {
        this.logger.error({ key }, "ledger key reused with different content; refused");
        return false;
      }
    }
    return this.carry(entry, release);
  }

  /** Steps 2-4 for an entry, under the wallet's lock. */
  private carry(entry: LedgerEntry, release?: { holdId: string }): Promise<boolean> {
    return this.lock.run(entry.userId, () => this.carryLocked(entry, release));
  }

  private async carryLocked(entry: LedgerEntry, release?: { holdId: string }): Promise<boolean> {
    // Ledger keys become field names: no dots or dollars in them.
    const field = `applied.${entry._id.replace(/[.$]/g, "_")}`;
    const wallet = await this.repo.wallets.findById(entry.userId).select({ holds: 1, balance: 1 }).lean<WalletRecord>().exec();
    const hold = release ? wallet?.holds?.[release.holdId] : undefined;
    const heldBack = hold?.amount ?? 0;
    const event = this.bus.envelope(
      EVENTS.balanceChanged,
      {
        userId: entry.userId,
        balanceMicros: BigInt((wallet?.balance ?? 0) + entry.amount),
        deltaMicros: BigInt(entry.amount),
        ledgerKey: entry._id,
        reason: entry.source,
      },
      { eventId: `balance:${entry._id}` },
    );
    const o = outboxUpdate([event]);
    const filter: Record<string, unknown> = { _id: entry.userId, [field]: { $exists: false } };
    const update: Record<string, unknown> = {
      $inc: { balance: entry.amount, available: entry.amount + heldBack, heldTotal: -heldBack, ...o.$inc },
      $set: { [field]: true, updatedAt: new Date(), ...o.$set },
    };
    if (hold) {
      filter[`holds.${release!.holdId}`] = { $exists: true };
      update.$unset = { [`holds.${release!.holdId}`]: "" };
    }
    const res = await this.repo.wallets.updateOne(filter, update).exec();
    if (res.modifiedCount === 0 && hold) {
      // The hold expired or was released meanwhile: apply the entry alone.
      return this.carryLocked(entry);
    }
    if (res.modifiedCount === 0) {
      const applied = await this.repo.wallets.exists({ _id: entry.userId, [field]: true });
      if (!applied) throw new Error(`wallet ${entry.userId} missing while applying ${entry._id}`);
    }
    await this.repo.ledger.updateOne({ _id: entry._id }, { $set: { state: "applied" } }).exec();
    await this.repo.wallets.updateOne({ _id: entry.userId }, { $unset: { [field]: "" } }).exec();
    this.outbox.flushSoon(entry.userId);
    return true;
  }

  /** Finishes entries a crash left pending (run by the sweep). */
  async completePending(limit = 100): Promise<number> {
    const pending = await this.repo.ledger
      .find({ state: "pending", createdAt: { $lt: new Date(Date.now() - 5_000) } })
      .limit(limit)
      .lean<LedgerEntry[]>()
      .exec();
    for (const e of pending) await this.carry(e);
    return pending.length;
  }

  /**
   * Places a hold of `amount` for `requestId` when the available balance covers it; atomic, so concurrent
   * requests can never overdraw. A repeated request id returns the same hold.
   */
  async authorize(userId: string, requestId: string, amount: number): Promise<AuthorizeResult> {
    await this.ensure(userId);
    return this.lock.run(userId, () => this.authorizeLocked(userId, requestId, amount));
  }

  private async authorizeLocked(userId: string, requestId: string, amount: number): Promise<AuthorizeResult> {
    const holdId = `req-${requestId.replace(/[.$]/g, "_")}`;
    const expiresAt = new Date(Date.now() + this.holdTtlMs);
    const res = await this.repo.wallets
      .updateOne(
        { _id: userId, available: { $gte: amount }, [`holds.${holdId}`]: { $exists: false } },
        {
          $inc: { available: -amount, heldTotal: amount },
          $set: { [`holds.${holdId}`]: { amount, expiresAt, requestId }, updatedAt: new Date() },
        },
      )
      .exec();
    const w = await this.get(userId);
    if (res.modifiedCount === 1)
      return { authorized: true, holdId, heldMicros: amount, availableMicros: w.available, reason: "" };
    const existing = w.holds?.[holdId];
    if (existing) return { authorized: true, holdId, heldMicros: existing.amount, availableMicros: w.available, reason: "" };
    return { authorized: false, holdId: "", heldMicros: 0, availableMicros: w.available, reason: "insufficient" };
  }

  /** Releases holds past their expiry (the request died without reporting usage). */
  async releaseExpired(now = new Date(), userId?: string): Promise<number> {
    const wallets = await this.repo.wallets
      .find(userId ? { _id: userId } : { heldTotal: { $gt: 0 } })
      .select({ holds: 1 })
      .lean<WalletRecord[]>()
      .exec();
    let released = 0;
    for (const w of wallets)
      for (const [holdId, h] of Object.entries(w.holds ?? {})) {
        if (new Date(h.expiresAt) > now) continue;
        const res = await this.lock.run(w._id, () =>
          this.repo.wallets
            .updateOne(
              { _id: w._id, [`holds.${holdId}`]: { $exists: true } },
              { $inc: { available: h.amount, heldTotal: -h.amount }, $unset: { [`holds.${holdId}`]: "" } },
            )
            .exec(),
        );
        released += res.modifiedCount;
      }
    return released;
  }

  /** Balance == sum of applied ledger entries, and available == balance − live holds, for one user. */
  async reconcile(
    userId: string,
  ): Promise<{ ok: boolean; balance: number; ledgerSum: number; available: number; holds: number }> {
    const w = await this.repo.wallets.findById(userId).lean<WalletRecord>().exec();
    const entries = await this.repo.ledger.find({ userId }).lean<LedgerEntry[]>().exec();
    const ledgerSum = entries
      .filter((e) => e.state === "applied" || w?.applied?.[e._id.replace(/[.$]/g, "_")])
      .reduce((s, e) => s + e.amount, 0);
    const holds = Object.values(w?.holds ?? {}).reduce((s, h) => s + h.amount, 0);
    const balance = w?.balance ?? 0;
    const available = w?.available ?? 0;
    return {
      ok: balance === ledgerSum && available === balance - holds && (w?.heldTotal ?? 0) === holds,
      balance,
      ledgerSum,
      available,
      holds,
    };
  }
}
