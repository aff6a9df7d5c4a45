import type { Connection, Model } from "mongoose";
import { mongooseLib } from "./mongo";

interface ProcessedEvent {
  _id: string;
  handledAt: Date;
}

/**
 * Consumers are idempotent by event id: a handled event is remembered per consumer, and a redelivery or a
 * duplicate is skipped. The handler's own writes should be idempotent too (keyed by the event id) for the window
 * between its effect and this record.
 */
export class ProcessedEvents {
  private readonly model: Model<ProcessedEvent>;

  constructor(conn: Connection) {
    this.model =
      (conn.models.ProcessedEvent as Model<ProcessedEvent> | undefined) ??
      conn.model<ProcessedEvent>(
        "ProcessedEvent",
        new (mongooseLib().Schema)<ProcessedEvent>(
          { _id: { type: String, required: true }, handledAt: { type: Date, required: true } },
          { versionKey: false },
        ),
        "processed_events",
      );
  }

  /** Runs `fn` unless `consumer` already handled `eventId`; returns whether it ran. */
  async once(consumer: string, eventId: string, fn: () => Promise<void>): Promise<boolean> {
    const key = `${consumer}:${eventId}`;
    if (await this.model.exists({ _id: key })) return false;
    await fn();
    try {
      await this.model.create({ _id: key, handledAt: new Date() });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    return true;
  }
}
