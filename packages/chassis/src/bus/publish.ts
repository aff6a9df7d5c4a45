import { randomUUID } from "node:crypto";
import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { EventEnvelopeSchema, type EventDef } from "@genui/contracts";
import type { MsgHdrs } from "nats";
import { currentContext } from "../context";
import { SpanKind, inSpan } from "../tracing";
import type { BusCore } from "./core";
import { messaging, tracedHeaders } from "./trace-headers";
import type { PublishContext, SealedEvent } from "./types";

/**
 * Durable events, sending side: every event travels in an EventEnvelope published with Nats-Msg-Id = event id, so a
 * repeated publish is stored once.
 */
export class EventPublisher {
  constructor(private readonly core: BusCore) {}

  /** Wraps a payload in its envelope, ready to publish now or to keep in an outbox. */
  envelope<S extends DescMessage>(def: EventDef<S>, payload: MessageInitShape<S>, ctx: PublishContext = {}): SealedEvent {
    const eventId = ctx.eventId ?? randomUUID();
    const request = currentContext();
    const correlationId = ctx.correlationId ?? request?.correlationId ?? eventId;
    const envelope = create(EventEnvelopeSchema, {
      eventId,
      occurredAt: timestampFromDate(ctx.occurredAt ?? new Date()),
      correlationId,
      causationId: ctx.causationId ?? request?.requestId ?? correlationId,
      payloadType: def.schema.typeName,
      source: this.core.opts.source,
      payload: toBinary(def.schema, create(def.schema, payload)),
    });
    return { eventId, subject: def.subject, data: toBinary(EventEnvelopeSchema, envelope) };
  }

  /** Publishes a sealed event (Nats-Msg-Id = event id, so a repeat is stored once). */
  async publishSealed(event: SealedEvent, headers?: MsgHdrs): Promise<{ eventId: string; seq: number; duplicate: boolean }> {
    const ack = await this.core.js.publish(this.core.subject(event.subject), event.data, {
      msgID: event.eventId,
      ...(headers ? { headers } : {}),
    });
    return { eventId: event.eventId, seq: ack.seq, duplicate: ack.duplicate };
  }

  /** Publishes a fact. Resolves once JetStream stored it (or recognised it as a duplicate). */
  publish<S extends DescMessage>(
    def: EventDef<S>,
    payload: MessageInitShape<S>,
    ctx: PublishContext = {},
  ): Promise<{ eventId: string; seq: number; duplicate: boolean }> {
    const sealed = this.envelope(def, payload, ctx);
    const tracing = this.core.tracing;
    if (!tracing) return this.publishSealed(sealed);
    // A PRODUCER span; its context travels in the message's headers to every consumer.
    return inSpan(
      tracing.tracer,
      `send ${def.subject}`,
      { kind: SpanKind.PRODUCER, attributes: { ...messaging(def.subject, "send"), "messaging.message.id": sealed.eventId } },
      () => this.publishSealed(sealed, tracedHeaders()),
    );
  }
}
