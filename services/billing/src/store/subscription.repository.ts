import {
  DistributedLock,
  outboxInsert,
  outboxSchemaFields,
  outboxUpdate,
  type DocumentLock,
  type OutboxFields,
  type Redis,
  type SealedEvent,
} from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

/** An app's subscription to a plan. Its id is `sub_<app id>`: one per app, so a redelivered app event finds it. */
export interface SubscriptionRecord extends OutboxFields {
  _id: string;
  appId: string;
  ownerId: string;
  planId: string;
  status: "active" | "cancelled";
  createdAt: Date;
  cancelledAt?: Date;
}

const schema = new Schema<SubscriptionRecord>(
  {
    _id: { type: String, required: true },
    appId: { type: String, required: true },
    ownerId: { type: String, required: true },
    planId: { type: String, required: true },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    cancelledAt: { type: Date },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

export const subscriptionIdFor = (appId: string) => `sub_${appId}`;

/** The lock on subscription documents every copy of billing takes. */
export const subscriptionLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:subscription:`);

export class SubscriptionRepository {
  readonly model: Model<SubscriptionRecord>;
  /**
   * Every update of a subscription runs under its id, and the outbox relay takes the same lock. It must hold across every copy
   * of the service (a DistributedLock): the local store does not isolate concurrent updates of one document.
   */
  readonly lock: DocumentLock;

  constructor(conn: Connection, lock: DocumentLock) {
    this.lock = lock;
    this.model =
      (conn.models.Subscription as Model<SubscriptionRecord> | undefined) ??
      conn.model<SubscriptionRecord>("Subscription", schema, "subscriptions");
  }

  init() {
    return this.model.init();
  }

  /** Creates it with its event; false when it exists already (a redelivered app event). */
  async create(sub: SubscriptionRecord, events: SealedEvent[]): Promise<boolean> {
    try {
      await this.model.create({ ...sub, ...outboxInsert(events) });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  findOwned(ownerId: string, id: string): Promise<SubscriptionRecord | null> {
    return this.model.findOne({ _id: id, ownerId }).select({ outbox: 0 }).lean<SubscriptionRecord>().exec();
  }

  /** Cancels an active subscription with its event; false when it was not active. */
  async cancel(id: string, events: SealedEvent[]): Promise<boolean> {
    const o = outboxUpdate(events);
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne(
          { _id: id, status: "active" },
          { $set: { status: "cancelled", cancelledAt: new Date(), ...o.$set }, $inc: o.$inc },
        )
        .exec(),
    );
    return res.modifiedCount === 1;
  }
}
