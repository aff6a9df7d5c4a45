import { Schema, type Connection, type Model } from "mongoose";

/**
 * A user's wallet, one document (the unit of atomicity on the local store, which has no multi-document
 * transactions). Money is integer micro-dollars.
 * - balance: the sum of every applied ledger entry; version: +1 on every balance change (the Redis mirror of the
 *   balance, which holds are checked against, only ever moves forward to a newer version);
 * - applied: ledger batches already carried by the balance (the guard that makes applying a batch idempotent);
 * - paymentCurrency: what the user pays top-ups in (USD by default; INR when chosen).
 */
export interface WalletRecord {
  _id: string;
  balance: number;
  version: number;
  applied: Record<string, true>;
  paymentCurrency?: "USD" | "INR";
  createdAt: Date;
  updatedAt: Date;
}

const walletSchema = new Schema<WalletRecord>(
  {
    _id: { type: String, required: true },
    // A BSON double, never a 32-bit integer: the driver writes small numbers as int32, and FerretDB (both backends)
    // wraps an int32 `$inc` past 2^31 (−$1,835 for a $2,459 ledger in a soak) where MongoDB widens it. Integer
    // micro-dollars stay exact as doubles up to 2^53 ($9 billion).
    // (mongoose types a number field as Number or Int32 only, hence the cast.)
    balance: { type: Schema.Types.Double as unknown as typeof Number, required: true },
    version: { type: Number, required: true, default: 0 },
    applied: { type: Object, default: {} },
    paymentCurrency: { type: String },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

export type LedgerSource = "top_up" | "usage" | "refund" | "adjustment";

/**
 * An append-only ledger entry; `_id` is its idempotency key, so a repeat is rejected by the store itself. It counts
 * once its batch is applied (see BatchRecord); entries are never updated.
 */
export interface LedgerEntry {
  _id: string;
  userId: string;
  /** Signed micro-dollars. */
  amount: number;
  source: LedgerSource;
  batch: string;
  reference?: string;
  /** The balance hold this entry settles (usage). */
  holdId?: string;
  /** Usage: the hold's granted amount (the most it may debit; 0 when no hold was placed). */
  held?: number;
  /** Usage: the price of the reported tokens before the debit was clamped to the hold. */
  cost?: number;
  createdAt: Date;
}

const ledgerSchema = new Schema<LedgerEntry>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    amount: { type: Number, required: true },
    source: { type: String, required: true },
    batch: { type: String, required: true },
    reference: { type: String },
    holdId: { type: String },
    held: { type: Number },
    cost: { type: Number },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * One application of ledger entries to wallets: "open" (entries being written; `keys` are the candidates),
 * "recorded" (the entries this batch inserted are known, summed per wallet in `wallets`), "applied" (every wallet
 * carries it and the holds are released). A crash leaves it open or recorded; the sweep finishes it.
 */
export interface BatchRecord {
  _id: string;
  state: "open" | "recorded" | "applied";
  keys: string[];
  wallets?: { userId: string; amount: number; count: number; holdIds: string[]; sources: LedgerSource[] }[];
  createdAt: Date;
  updatedAt: Date;
}

const batchSchema = new Schema<BatchRecord>(
  {
    _id: { type: String, required: true },
    state: { type: String, required: true },
    keys: { type: [String], default: [] },
    wallets: { type: Array, default: undefined },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export class WalletRepository {
  readonly wallets: Model<WalletRecord>;
  readonly ledger: Model<LedgerEntry>;
  readonly batches: Model<BatchRecord>;

  /**
   * The ledger and its batches live in their own database next to the wallets' (`<db>_ledger`): the append-only
   * ledger grows without bound, and on the local store (one SQLite file per database) a large file slows every
   * operation in it — the wallets' hot updates stay in a small file.
   */
  constructor(conn: Connection) {
    const ledgerConn = conn.useDb(`${conn.name}_ledger`, { useCache: true });
    this.wallets =
      (conn.models.Wallet as Model<WalletRecord> | undefined) ?? conn.model<WalletRecord>("Wallet", walletSchema, "wallets");
    this.ledger =
      (ledgerConn.models.LedgerEntry as Model<LedgerEntry> | undefined) ??
      ledgerConn.model<LedgerEntry>("LedgerEntry", ledgerSchema, "ledger");
    this.batches =
      (ledgerConn.models.LedgerBatch as Model<BatchRecord> | undefined) ??
      ledgerConn.model<BatchRecord>("LedgerBatch", batchSchema, "ledger_batches");
  }

  async init() {
    await Promise.all([this.wallets.init(), this.ledger.init(), this.batches.init()]);
  }
}
