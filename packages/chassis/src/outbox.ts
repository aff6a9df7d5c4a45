import type { Model } from "mongoose";
import type { DocumentLock } from "./locks";
import type { Logger } from "./logger";
import type { MessageBus, SealedEvent } from "./nats";

/**
 * A transactional outbox in the same document as the state change, because the Mongo-wire store has no
 * multi-document transactions. A document that must emit events carries them in `outbox` (a map keyed by event id)
 * and counts them in `outboxPending`; both are written by the same single-document operation as the change itself.
 * The relay publishes each entry (Nats-Msg-Id = event id) and removes it with a guarded `$unset` + `$inc`, so a
 * crash anywhere leaves the entry to be published again, never lost; consumers are idempotent by event id.
 */
export interface OutboxFields {
  outbox?: Record<string, { subject: string; data: Buffer; createdAt: Date }>;
  outboxPending?: number;
}

/** Schema fields to add to a model that keeps an outbox. */
export const outboxSchemaFields = {
  outbox: { type: Object, default: undefined },
  outboxPending: { type: Number, default: 0, index: true },
} as const;

/** The fields that put `events` into a new or updated document's outbox ($set for inserts, see `outboxUpdate`). */
export function outboxInsert(events: SealedEvent[]): Required<OutboxFields> {
  const outbox: Required<OutboxFields>["outbox"] = {};
  for (const e of events) outbox[e.eventId] = { subject: e.subject, data: Buffer.from(e.data), createdAt: new Date() };
  return { outbox, outboxPending: events.length };
}

/** Update operators that add `events` to an existing document's outbox, to merge into the change's own update. */
export function outboxUpdate(events: SealedEvent[]): { $set: Record<string, unknown>; $inc: { outboxPending: number } } {
  const $set: Record<string, unknown> = {};
  for (const e of events) $set[`outbox.${e.eventId}`] = { subject: e.subject, data: Buffer.from(e.data), createdAt: new Date() };
  return { $set, $inc: { outboxPending: events.length } };
}

export class OutboxRelay<T extends OutboxFields> {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  /**
   * `lock` must be the same one the owning repository writes the document under: the local store rewrites a whole
   * document on every update, so two concurrent updates of one document lose one of them.
   */
  constructor(
    private readonly model: Model<T>,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
    private readonly lock: DocumentLock,
  ) {}

  /** Publishes and clears one document's pending events; call right after the change that wrote them. */
  flush(id: unknown): Promise<void> {
    return this.lock.run(String(id), () => this.flushNow(id));
  }

  private async flushNow(id: unknown): Promise<void> {
    const doc = (await this.model.findById(id).select({ outbox: 1 }).lean().exec()) as OutboxFields | null;
    for (const [eventId, entry] of Object.entries(doc?.outbox ?? {})) {
      const data = entry.data instanceof Uint8Array ? entry.data : new Uint8Array((entry.data as { buffer: ArrayBuffer }).buffer);
      await this.bus.publishSealed({ eventId, subject: entry.subject, data });
      await this.model
        .updateOne(
          { _id: id, [`outbox.${eventId}`]: { $exists: true } } as never,
          {
            $unset: { [`outbox.${eventId}`]: "" },
            $inc: { outboxPending: -1 },
          } as never,
        )
        .exec();
    }
  }

  /** Flushes the best-effort way first; errors are logged and left for the sweep. */
  flushSoon(id: unknown): void {
    this.flush(id).catch((err: unknown) => this.logger.warn({ err, id }, "outbox flush failed; the sweep will retry"));
  }

  /** Publishes whatever earlier flushes missed (a crash, NATS away). */
  async sweep(limit = 100): Promise<void> {
    const pending = await this.model
      .find({ outboxPending: { $gt: 0 } } as never)
      .select({ _id: 1 })
      .limit(limit)
      .lean()
      .exec();
    for (const doc of pending as { _id: unknown }[]) await this.flush(doc._id);
  }

  start(intervalMs = 2_000): void {
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .catch((err: unknown) => this.logger.warn({ err }, "outbox sweep failed"))
        .finally(() => (this.sweeping = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }
}
