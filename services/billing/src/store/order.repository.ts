import type { DocumentLock } from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";
import type { PayCurrency } from "../domain/money";

export type OrderStatus = "creating" | "created" | "paid" | "failed" | "expired" | "mismatch";
/** States of an order that may still be paid (until its `expiresAt`): what TOPUP_MAX_OPEN_ORDERS counts. */
export const OPEN_STATUSES: readonly OrderStatus[] = ["creating", "created"];
export type Provider = "paypal" | "cashfree";

/**
 * A top-up order. Our id (`ord_…`) is also the Cashfree order id; PayPal names its own (`providerOrderId`). The rate
 * is locked in at creation: `payMinor` of `payCurrency` buys `usdCents` of credit. The wallet is credited under the
 * ledger key `topup:<provider>:<providerOrderId>`, so every path that learns of the payment credits it once.
 */
export interface OrderRecord {
  _id: string;
  userId: string;
  provider: Provider;
  providerOrderId?: string;
  status: OrderStatus;
  usdCents: number;
  payCurrency: PayCurrency;
  payMinor: number;
  rate: number;
  rateDate: string;
  paymentSessionId?: string;
  approveUrl?: string;
  captureId?: string;
  /** The provider's last word (e.g. ACTIVE, APPROVED, PAID, COMPLETED). */
  providerStatus?: string;
  failure?: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  paidAt?: Date;
}

const schema = new Schema<OrderRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    provider: { type: String, required: true },
    providerOrderId: { type: String, unique: true, sparse: true },
    status: { type: String, required: true },
    usdCents: { type: Number, required: true },
    payCurrency: { type: String, required: true },
    payMinor: { type: Number, required: true },
    rate: { type: Number, required: true },
    rateDate: { type: String, required: true },
    paymentSessionId: { type: String },
    approveUrl: { type: String },
    captureId: { type: String },
    providerStatus: { type: String },
    failure: { type: String },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    paidAt: { type: Date },
  },
  { versionKey: false, minimize: false },
);
// A user's open orders are read on every order request (the cap, the reuse of an identical one).
schema.index({ userId: 1, status: 1 });

export class OrderRepository {
  readonly model: Model<OrderRecord>;

  /** `lock` is taken by every update of an order. */
  constructor(
    conn: Connection,
    readonly lock: DocumentLock,
  ) {
    this.model = (conn.models.Order as Model<OrderRecord> | undefined) ?? conn.model<OrderRecord>("Order", schema, "orders");
  }

  init() {
    return this.model.init();
  }

  create(order: OrderRecord): Promise<unknown> {
    return this.model.create(order);
  }

  get(id: string): Promise<OrderRecord | null> {
    return this.model.findById(id).select({ outbox: 0 }).lean<OrderRecord>().exec();
  }

  /** The user's order by our id or the provider's; another user's order reads as missing. */
  findOwned(userId: string, provider: Provider, id: string): Promise<OrderRecord | null> {
    const q = provider === "cashfree" ? { _id: id, userId, provider } : { providerOrderId: id, userId, provider };
    return this.model.findOne(q).select({ outbox: 0 }).lean<OrderRecord>().exec();
  }

  /** The user's orders in an open state (their deadline may have passed: the caller decides), oldest first. */
  openOf(userId: string): Promise<OrderRecord[]> {
    return this.model
      .find({ userId, status: { $in: OPEN_STATUSES } })
      .sort({ createdAt: 1 })
      .select({ outbox: 0 })
      .lean<OrderRecord[]>()
      .exec();
  }

  /** Marks an order expired if it is still open; false when it was closed (or paid) meanwhile. */
  async expireIfOpen(id: string, set: Partial<OrderRecord> = {}): Promise<boolean> {
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne({ _id: id, status: { $in: OPEN_STATUSES } }, { $set: { ...set, status: "expired", updatedAt: new Date() } })
        .exec(),
    );
    return res.modifiedCount === 1;
  }

  /** Sets fields of an order that is not final yet (paid orders never change). */
  async update(id: string, set: Partial<OrderRecord>): Promise<boolean> {
    const res = await this.lock.run(id, () =>
      this.model.updateOne({ _id: id, status: { $nin: ["paid"] } }, { $set: { ...set, updatedAt: new Date() } }).exec(),
    );
    return res.modifiedCount === 1;
  }

  /** Marks the order paid, once; false when it was paid already. */
  async markPaid(id: string, set: Partial<OrderRecord>): Promise<boolean> {
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne(
          { _id: id, status: { $ne: "paid" } },
          { $set: { ...set, status: "paid", paidAt: new Date(), updatedAt: new Date() } },
        )
        .exec(),
    );
    return res.modifiedCount === 1;
  }
}
