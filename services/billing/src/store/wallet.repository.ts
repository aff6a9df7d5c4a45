import { outboxSchemaFields, type OutboxFields } from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

/**
 * A user's wallet, one document (the unit of atomicity on the local store, which has no multi-document
 * transactions). Money is integer micro-dollars.
 * - balance: the sum of every applied ledger entry;
 * - available: balance minus the live holds, kept in step by every update so a guard `available >= x` can be
 *   checked and changed in one operation;
 * - holds: live authorisations by hold id; applied: ledger keys applied but not yet confirmed on their entry.
 */
export interface WalletRecord extends OutboxFields {
  _id: string;
  balance: number;
  available: number;
  heldTotal: number;
  holds: Record<string, { amount: number; expiresAt: Date; requestId: string }>;
  applied: Record<string, true>;
  createdAt: Date;
  updatedAt: Date;
}

const walletSchema = new Schema<WalletRecord>(
  {
    _id: { type: String, required: true },
    balance: { type: Number, required: true },
    available: { type: Number, required: true },
    heldTotal: { type: Number, required: true },
    holds: { type: Object, default: {} },
    applied: { type: Object, default: {} },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

export type LedgerSource = "top_up" | "usage" | "refund" | "adjustment";

/** An append-only ledger entry; `_id` is its idempotency key, so a repeat is rejected by the store itself. */
export interface LedgerEntry {
  _id: string;
  userId: string;
  /** Signed micro-dollars. */
  amount: number;
  source: LedgerSource;
  /** "pending" until the wallet carries it, then "applied". */
  state: "pending" | "applied";
  reference?: string;
  createdAt: Date;
}

const ledgerSchema = new Schema<LedgerEntry>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    amount: { type: Number, required: true },
    source: { type: String, required: true },
    state: { type: String, required: true },
    reference: { type: String },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export class WalletRepository {
  readonly wallets: Model<WalletRecord>;
  readonly ledger: Model<LedgerEntry>;

  constructor(conn: Connection) {
    this.wallets =
      (conn.models.Wallet as Model<WalletRecord> | undefined) ?? conn.model<WalletRecord>("Wallet", walletSchema, "wallets");
    this.ledger =
      (conn.models.LedgerEntry as Model<LedgerEntry> | undefined) ??
      conn.model<LedgerEntry>("LedgerEntry", ledgerSchema, "ledger");
  }

  async init() {
    await Promise.all([this.wallets.init(), this.ledger.init()]);
  }
}
