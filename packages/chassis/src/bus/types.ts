import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics";
import type { Tracing } from "../tracing";

/** An event as a consumer receives it: envelope fields plus the decoded payload. */
export interface ReceivedEvent<S extends DescMessage> {
  eventId: string;
  occurredAt: Date;
  correlationId: string;
  causationId: string;
  source: string;
  subject: string;
  payload: MessageShape<S>;
  /** 1 on first delivery. */
  deliveryCount: number;
}

export interface PublishContext {
  /** Defaults to a new UUID. Reuse it to make a retried publish a duplicate. */
  eventId?: string;
  correlationId?: string;
  causationId?: string;
  occurredAt?: Date;
}

/** An event in its envelope, not yet published: what an outbox keeps. */
export interface SealedEvent {
  eventId: string;
  /** Subject without the bus prefix. */
  subject: string;
  /** The encoded EventEnvelope. */
  data: Uint8Array;
}

export interface ConsumeOptions {
  /**
   * Deliveries before the server gives up on a message; -1 (the default): never. A message given up on stays unacked
   * and is never seen again (JetStream's MAX_DELIVERIES advisory, counted in `nats_consumer_max_deliveries_total`),
   * so an event is only ever dropped by its handler's own verdict (poison: terminated); one that keeps failing is
   * retried every `nakDelayMaxMs` at most and logged as an error from its tenth delivery.
   */
  maxDeliver?: number;
  /** How long a delivery may stay unacknowledged. */
  ackWaitMs?: number;
  /**
   * How long one handler call may take (default 2 minutes). Its events are kept alive meanwhile ("working"); a call
   * still running then is given up on: its events are handed back (nak) for another delivery, to this copy or
   * another, and the consumer goes on. A late success of the abandoned call is harmless (handlers are idempotent).
   */
  handlerTimeoutMs?: number;
  /** Base delay of a nak; doubles per delivery up to `nakDelayMaxMs`, each one drawn between half and all of it. */
  nakDelayMs?: number;
  /** The longest delay of a nak (default 30 s). */
  nakDelayMaxMs?: number;
}

/** What became of one event of a batch (see `MessageBus.consumeBatch`). */
export type BatchOutcome = "ack" | "term" | "retry";

export interface Consumption {
  stop(): Promise<void>;
}

export interface BusOptions {
  /** Subject and stream prefix ("" in production, a fresh token in tests). */
  prefix: string;
  /** Publishing service, stamped in every envelope. */
  source: string;
  logger: Logger;
  metrics?: Metrics;
  /** With tracing enabled, messages carry `traceparent` in their headers and handlers run in the sender's trace. */
  tracing?: Tracing;
  /** Replicas of the streams this bus ensures (default 1). */
  streamReplicas?: number;
  /**
   * How long a request that is safe to repeat keeps trying through a reconnect, a missing responder or a timeout
   * before its error is thrown (each try keeps its own timeout); 0: one try. Default BUS_REQUEST_RETRY_MS, else 10 s.
   */
  requestRetryMs?: number;
}
