import { fromBinary, type DescMessage } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { EventEnvelopeSchema, type EventDef } from "@genui/contracts";
import { NatsError } from "nats";
import type { ReceivedEvent } from "./types";

export const textDecoder = new TextDecoder();

/** JetStream's "stream not found" (10059). */
export const isStreamMissing = (err: unknown): boolean => err instanceof NatsError && err.api_error?.err_code === 10059;

/** An event from its envelope bytes, checked against its contract; or why it cannot be decoded. */
export function decodeEvent<S extends DescMessage>(
  def: EventDef<S>,
  data: Uint8Array,
  subject: string,
  deliveryCount: number,
): { event: ReceivedEvent<S> } | { problem: string } {
  try {
    const env = fromBinary(EventEnvelopeSchema, data);
    if (env.payloadType !== def.schema.typeName)
      return { problem: `expected ${def.schema.typeName}, got ${env.payloadType || "nothing"}` };
    if (!env.eventId) return { problem: "envelope without event id" };
    return {
      event: {
        eventId: env.eventId,
        occurredAt: env.occurredAt ? timestampDate(env.occurredAt) : new Date(0),
        correlationId: env.correlationId,
        causationId: env.causationId,
        source: env.source,
        subject,
        payload: fromBinary(def.schema, env.payload),
        deliveryCount,
      },
    };
  } catch (err) {
    return { problem: (err as Error).message ?? String(err) };
  }
}
