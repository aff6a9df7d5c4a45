import { randomUUID } from "node:crypto";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  EventEnvelopeSchema,
  ReplyErrorSchema,
  ReplySchema,
  REPLY_ERRORS,
  STREAMS,
  type CommandDef,
  type EventDef,
  type SignalDef,
} from "@genui/contracts";
import {
  AckPolicy,
  DeliverPolicy,
  ErrorCode,
  NatsError,
  RetentionPolicy,
  StorageType,
  connect,
  headers as natsHeaders,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from "nats";
import { isOutage } from "./errors";
import { currentContext } from "./context";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import {
  SpanKind,
  contextFromCarrier,
  inSpan,
  linkFromCarrier,
  recordFailure,
  trace,
  traceCarrier,
  traceContext,
  type Context,
  type Tracing,
} from "./tracing";

export type { NatsConnection } from "nats";

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  void (async () => {
    for await (const s of nc.status()) logger.info({ nats: s.type, data: String(s.data) }, "nats status");
  })();
  return nc;
}

/** A message that can never be handled (undecodable, invalid): terminated, never redelivered. */
export class PoisonMessageError extends Error {
  override name = "PoisonMessageError";
}

/** A failure a request/reply handler answers with a stable code. */
export class ReplyFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ReplyFailure";
  }
}

const textDecoder = new TextDecoder();

/** JetStream's "stream not found" (10059). */
const isStreamMissing = (err: unknown): boolean => err instanceof NatsError && err.api_error?.err_code === 10059;

/** An event from its envelope bytes, checked against its contract; or why it cannot be decoded. */
function decodeEvent<S extends DescMessage>(
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

/** The error a requester sees: the responder's code, or COMMON.TIMEOUT / COMMON.NO_RESPONDERS. */
export class RemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RemoteError";
  }
}

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
   * and is never seen again, so an event is only ever dropped by its handler's own verdict (poison: terminated);
   * one that keeps failing is retried every `nakDelayMaxMs` and logged as an error from its tenth delivery.
   */
  maxDeliver?: number;
  /** How long a delivery may stay unacknowledged. */
  ackWaitMs?: number;
  /** Base delay of a nak; doubles per delivery up to `nakDelayMaxMs`. */
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
}

/** The trace context headers (W3C) of a message, as a carrier; undefined when it has none. */
function carrierOf(h: MsgHdrs | undefined): Record<string, string> | undefined {
  const traceparent = h?.get("traceparent");
  if (!traceparent) return undefined;
  const tracestate = h?.get("tracestate");
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** NATS headers carrying the active (or given) trace context. */
function tracedHeaders(ctx?: Context, h: MsgHdrs = natsHeaders()): MsgHdrs {
  for (const [k, v] of Object.entries(traceCarrier(ctx))) h.set(k, v);
  return h;
}

const messaging = (subject: string, operation: string) => ({
  "messaging.system": "nats",
  "messaging.destination.name": subject,
  "messaging.operation.type": operation,
});

/**
 * JetStream events and core request/reply with the contracts' generated types. Every event travels in an
 * EventEnvelope published with Nats-Msg-Id = event id, so a repeated publish is stored once.
 */
export class MessageBus {
  readonly js: JetStreamClient;
  private jsmPromise?: Promise<JetStreamManager>;
  private readonly consumptions = new Set<ConsumerMessages>();
  private readonly subscriptions = new Set<Subscription>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly nc: NatsConnection,
    private readonly opts: BusOptions,
  ) {
    this.js = nc.jetstream();
  }

  /** Spans are made only when tracing is enabled: otherwise no headers, no context switches. */
  private get tracing(): Tracing | undefined {
    return this.opts.tracing?.enabled ? this.opts.tracing : undefined;
  }

  subject(name: string): string {
    return `${this.opts.prefix}${name}`;
  }

  streamName(name: string): string {
    return this.opts.prefix ? `${this.opts.prefix.replace(/\.$/, "").replace(/[^A-Za-z0-9_-]/g, "_")}_${name}` : name;
  }

  private jsm(): Promise<JetStreamManager> {
    return (this.jsmPromise ??= this.nc.jetstreamManager());
  }

  /** Creates the stream if missing (or updates its subjects). Only the stream's owner calls it, at boot. */
  async ensureStream(key: keyof typeof STREAMS): Promise<void> {
    const def = STREAMS[key];
    const jsm = await this.jsm();
    const name = this.streamName(def.name);
    const subjects = def.subjects.map((s) => this.subject(s));
    const config = {
      name,
      subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(2 * 60_000),
      max_age: nanos(7 * 24 * 3600_000),
      num_replicas: this.opts.streamReplicas ?? 1,
    };
    try {
      const info = await jsm.streams.info(name);
      const same = info.config.subjects.length === subjects.length && subjects.every((s) => info.config.subjects.includes(s));
      if (!same || info.config.num_replicas !== config.num_replicas)
        await jsm.streams.update(name, { ...info.config, subjects, num_replicas: config.num_replicas });
    } catch (err) {
      if (isStreamMissing(err)) {
        await jsm.streams.add(config);
        return;
      }
      throw err;
    }
  }

  async ensureAllStreams(): Promise<void> {
    for (const key of Object.keys(STREAMS) as (keyof typeof STREAMS)[]) await this.ensureStream(key);
  }

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
      source: this.opts.source,
      payload: toBinary(def.schema, create(def.schema, payload)),
    });
    return { eventId, subject: def.subject, data: toBinary(EventEnvelopeSchema, envelope) };
  }

  /** Publishes a sealed event (Nats-Msg-Id = event id, so a repeat is stored once). */
  async publishSealed(event: SealedEvent, headers?: MsgHdrs): Promise<{ eventId: string; seq: number; duplicate: boolean }> {
    const ack = await this.js.publish(this.subject(event.subject), event.data, {
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
    const tracing = this.tracing;
    if (!tracing) return this.publishSealed(sealed);
    // A PRODUCER span; its context travels in the message's headers to every consumer.
    return inSpan(
      tracing.tracer,
      `send ${def.subject}`,
      { kind: SpanKind.PRODUCER, attributes: { ...messaging(def.subject, "send"), "messaging.message.id": sealed.eventId } },
      () => this.publishSealed(sealed, tracedHeaders()),
    );
  }

  /**
   * A durable pull consumer of one event. The handler's outcome decides the acknowledgement: success → ack;
   * PoisonMessageError or an undecodable message → term; anything else → nak with backoff (redelivered).
   */
  async consume<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions = {},
  ): Promise<Consumption> {
    return this.attachWhenStreamExists(def, () => this.consumeNow(def, durable, handler, options));
  }

  /**
   * Streams are created by their owners only. A consumer of another context's stream that starts first waits for it
   * in the background (its durable consumer then delivers everything stored), so services start in any order.
   */
  private async attachWhenStreamExists(def: EventDef, attach: () => Promise<Consumption>): Promise<Consumption> {
    try {
      return await attach();
    } catch (err) {
      if (!isStreamMissing(err)) throw err;
    }
    const log = this.opts.logger.child({ subject: def.subject, stream: def.stream });
    log.info("stream not created yet by its owner; the consumer attaches when it is");
    let stopped = false;
    let current: Consumption | undefined;
    const waiting = (async () => {
      for (let delay = 250; !stopped && !this.nc.isClosed(); delay = Math.min(delay * 2, 2_000)) {
        await new Promise((r) => setTimeout(r, delay));
        if (stopped || this.nc.isClosed()) return;
        try {
          current = await attach();
          log.info("stream found; consumer attached");
          return;
        } catch (err) {
          if (!isStreamMissing(err)) log.error({ err }, "consumer could not attach; retrying");
        }
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await waiting;
        await current?.stop();
        current = undefined;
      },
    };
  }

  private async consumeNow<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions,
  ): Promise<Consumption> {
    const jsm = await this.jsm();
    const stream = this.streamName(def.stream);
    const subject = this.subject(def.subject);
    const name = durable.replace(/[^A-Za-z0-9_-]/g, "_");
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: subject,
      max_deliver: options.maxDeliver ?? -1,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
    });
    const consumer = await this.js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: 64 });
    this.consumptions.add(messages);
    const log = this.opts.logger.child({ consumer: name, subject: def.subject });
    const loop = (async () => {
      for await (const m of messages) {
        const work = this.handleEvent(def, m, handler, options, log);
        await this.track(work);
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        this.consumptions.delete(messages);
        await loop;
      },
    };
  }

  /**
   * A durable pull consumer that hands the handler every message waiting, up to `maxBatch`, in one call: while one
   * batch is being handled the next accumulates, so a quiet stream is handled message by message and a busy one in
   * large batches (one store round trip for many events); `lingerMs` waits that long for a partial batch to fill.
   * The handler answers an outcome per event, in order:
   * "ack", "term" (poison) or "retry" (nak with backoff); a throw naks the whole batch. Undecodable messages are
   * terminated before the handler sees them.
   */
  async consumeBatch<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (events: ReceivedEvent<S>[]) => Promise<BatchOutcome[]>,
    options: ConsumeOptions & { maxBatch?: number; lingerMs?: number } = {},
  ): Promise<Consumption> {
    return this.attachWhenStreamExists(def, () => this.consumeBatchNow(def, durable, handler, options));
  }

  private async consumeBatchNow<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (events: ReceivedEvent<S>[]) => Promise<BatchOutcome[]>,
    options: ConsumeOptions & { maxBatch?: number; lingerMs?: number },
  ): Promise<Consumption> {
    const maxBatch = options.maxBatch ?? 500;
    const lingerMs = options.lingerMs ?? 0;
    const jsm = await this.jsm();
    const stream = this.streamName(def.stream);
    const name = durable.replace(/[^A-Za-z0-9_-]/g, "_");
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.subject(def.subject),
      max_deliver: options.maxDeliver ?? -1,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_ack_pending: Math.max(1000, maxBatch * 4),
    });
    const consumer = await this.js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: Math.max(256, maxBatch * 2) });
    this.consumptions.add(messages);
    const log = this.opts.logger.child({ consumer: name, subject: def.subject });
    const count = (outcome: string, n = 1) => this.opts.metrics?.messagesHandled.inc({ subject: def.subject, outcome }, n);
    const buffer: JsMsg[] = [];
    // Every message pulled and not yet answered — waiting in the buffer or in the batch being handled. They are told
    // "working" well within the ack wait: a backlog (or a slow batch) otherwise outlives it, the server delivers them
    // again (to this copy or another) and each round counts towards `max_deliver`, until the server gives up on them.
    const held = new Set<JsMsg>();
    const ackWaitMs = options.ackWaitMs ?? 30_000;
    const progress = setInterval(
      () => {
        for (const m of held) m.working();
      },
      Math.max(250, Math.floor(ackWaitMs / 3)),
    );
    progress.unref();
    let wake: (() => void) | undefined;
    // Ends a linger early: the batch is full, or the subscription ended.
    let filled: (() => void) | undefined;
    let ended = false;
    const reader = (async () => {
      for await (const m of messages) {
        buffer.push(m);
        held.add(m);
        wake?.();
        if (buffer.length >= maxBatch) filled?.();
      }
      ended = true;
      wake?.();
      filled?.();
    })();
    const worker = (async () => {
      for (;;) {
        if (buffer.length === 0) {
          if (ended) return;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        // A short wait lets a partial batch fill up when events keep arriving (fewer, larger batches).
        if (lingerMs > 0 && buffer.length < maxBatch && !ended) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, lingerMs);
            filled = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          filled = undefined;
        }
        const batch = buffer.splice(0, maxBatch);
        const decoded: { m: JsMsg; e: ReceivedEvent<S> }[] = [];
        for (const m of batch) {
          const d = this.decode(def, m);
          if ("event" in d) decoded.push({ m, e: d.event });
          else {
            log.error({ problem: d.problem, seq: m.seq }, "undecodable event terminated");
            m.term();
            held.delete(m);
            count("term");
          }
        }
        if (decoded.length === 0) continue;
        const tracing = this.tracing;
        const events = decoded.map((d) => d.e);
        const handled = tracing
          ? inSpan(
              tracing.tracer,
              `process ${def.subject}`,
              {
                kind: SpanKind.CONSUMER,
                attributes: { ...messaging(def.subject, "process"), "messaging.batch.message_count": events.length },
                // One span for many events, each from its own trace: linked to every producer rather than a child of one.
                links: decoded.flatMap((d) => linkFromCarrier(carrierOf(d.m.headers))),
                parent: traceContext.active(),
              },
              () => handler(events),
            )
          : handler(events);
        const work = handled.then(
          (outcomes) => {
            decoded.forEach(({ m, e }, i) => {
              const outcome = outcomes[i] ?? "retry";
              if (outcome === "ack") m.ack();
              else if (outcome === "term") {
                log.error({ eventId: e.eventId }, "poison event terminated");
                m.term();
              } else m.nak(this.nakDelay(options, e.deliveryCount));
              held.delete(m);
              count(outcome);
            });
          },
          (err: unknown) => {
            const deliveries = Math.max(...decoded.map((d) => d.e.deliveryCount));
            log[deliveries >= 10 ? "error" : "warn"](
              { err, events: decoded.length, deliveries },
              "batch handling failed; will retry",
            );
            for (const { m, e } of decoded) {
              m.nak(this.nakDelay(options, e.deliveryCount));
              held.delete(m);
            }
            count("nak", decoded.length);
          },
        );
        await this.track(work);
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        this.consumptions.delete(messages);
        await reader;
        await worker;
        clearInterval(progress);
        held.clear();
      },
    };
  }

  /** Waits for handler work, keeping it visible to `close()` meanwhile. */
  private async track(work: Promise<unknown>): Promise<void> {
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private nakDelay(options: ConsumeOptions, deliveryCount: number): number {
    return Math.min((options.nakDelayMs ?? 500) * 2 ** Math.max(0, deliveryCount - 1), options.nakDelayMaxMs ?? 30_000);
  }

  /** The event in a message, or why it cannot be decoded as `def` (such a message is terminated, never retried). */
  private decode<S extends DescMessage>(def: EventDef<S>, m: JsMsg): { event: ReceivedEvent<S> } | { problem: string } {
    return decodeEvent(def, m.data, m.subject, m.info.redeliveryCount);
  }

  /**
   * Hears the events as they are published, on every instance (core NATS sees JetStream publishes too): for caches
   * that every replica must refresh, where a durable consumer would tell only one of them. Nothing is acknowledged
   * and nothing replays; a message that does not decode as its contract is skipped (its owners' consumers judge it).
   */
  watch<const E extends readonly EventDef[]>(
    events: E,
    handler: (event: ReceivedEvent<E[number]["schema"]>) => void,
  ): Subscription[] {
    return events.map((def) => {
      const sub = this.nc.subscribe(this.subject(def.subject), {
        callback: (err, m) => {
          if (err) return;
          const decoded = decodeEvent(def, m.data, m.subject, 1);
          if ("problem" in decoded) {
            this.opts.logger.debug({ subject: def.subject, problem: decoded.problem }, "watched event skipped");
            return;
          }
          try {
            handler(decoded.event);
          } catch (e) {
            this.opts.logger.error({ err: e, subject: def.subject }, "event watcher failed");
          }
        },
      });
      this.subscriptions.add(sub);
      return sub;
    });
  }

  /** Sends a signal to whoever listens for `key` now (core NATS, at most once, not stored). */
  signal<T>(def: SignalDef<T>, key: string, value: T): void {
    // The sender's trace context travels along (no span per signal: an answer is hundreds of chunks).
    const headers = this.tracing ? tracedHeaders() : undefined;
    this.nc.publish(this.subject(def.subject(key)), JSON.stringify(value), headers ? { headers } : undefined);
  }

  /**
   * Listens for the signals of one key, each validated by its contract; one that fails is dropped and logged.
   * Unsubscribe the returned subscription when done.
   */
  listen<T>(def: SignalDef<T>, key: string, handler: (value: T) => void): Subscription {
    const subject = def.subject(key);
    const sub = this.nc.subscribe(this.subject(subject), {
      callback: (err, m) => {
        if (err) return;
        let value: T;
        try {
          const parsed = def.schema.safeParse(JSON.parse(textDecoder.decode(m.data)));
          if (!parsed.success) throw new Error(parsed.error.message);
          value = parsed.data;
        } catch (e) {
          this.opts.logger.warn({ subject, err: (e as Error).message }, "signal dropped: does not match its contract");
          return;
        }
        const carrier = this.tracing ? carrierOf(m.headers) : undefined;
        if (carrier) traceContext.with(contextFromCarrier(carrier), () => handler(value));
        else handler(value);
      },
    });
    this.subscriptions.add(sub);
    // Signals are listened for per request: forget a subscription once it is closed, or the set grows forever.
    void sub.closed.then(() => this.subscriptions.delete(sub));
    return sub;
  }

  /** Waits until the server has every message this connection published (e.g. before answering a client). */
  flush(): Promise<void> {
    return this.nc.flush();
  }

  private async handleEvent<S extends DescMessage>(
    def: EventDef<S>,
    m: JsMsg,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions,
    log: Logger,
  ): Promise<void> {
    const count = (outcome: string) => this.opts.metrics?.messagesHandled.inc({ subject: def.subject, outcome });
    const decoded = this.decode(def, m);
    if ("problem" in decoded) {
      log.error({ problem: decoded.problem, seq: m.seq }, "undecodable event terminated");
      // No reason text: servers before 2.10.4 ignore "+TERM <reason>" and would redeliver.
      m.term();
      count("term");
      return;
    }
    const { event } = decoded;
    try {
      const tracing = this.tracing;
      if (tracing)
        await inSpan(
          tracing.tracer,
          `process ${def.subject}`,
          {
            kind: SpanKind.CONSUMER,
            attributes: { ...messaging(def.subject, "process"), "messaging.message.id": event.eventId },
            parent: contextFromCarrier(carrierOf(m.headers)),
          },
          () => handler(event),
        );
      else await handler(event);
      m.ack();
      count("ack");
    } catch (err) {
      if (err instanceof PoisonMessageError) {
        log.error({ err, eventId: event.eventId }, "poison event terminated");
        m.term();
        count("term");
        return;
      }
      const delay = this.nakDelay(options, event.deliveryCount);
      log[event.deliveryCount >= 10 ? "error" : "warn"](
        { err, eventId: event.eventId, delivery: event.deliveryCount, retryInMs: delay },
        "event handling failed; will retry",
      );
      m.nak(delay);
      count("nak");
    }
  }

  /** Asks a command and waits for its typed answer; throws RemoteError with the responder's code. */
  async request<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: { timeoutMs?: number; correlationId?: string } = {},
  ): Promise<MessageShape<C["response"]>> {
    const tracing = this.tracing;
    if (tracing)
      return inSpan(
        tracing.tracer,
        cmd.subject,
        { kind: SpanKind.CLIENT, attributes: { ...messaging(cmd.subject, "send"), "rpc.system": "nats" } },
        () => this.requestNow(cmd, req, opts, tracedHeaders()),
      );
    return this.requestNow(cmd, req, opts, natsHeaders());
  }

  private async requestNow<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: { timeoutMs?: number; correlationId?: string },
    h: MsgHdrs,
  ): Promise<MessageShape<C["response"]>> {
    const correlationId = opts.correlationId ?? currentContext()?.correlationId;
    if (correlationId) h.set("correlation-id", correlationId);
    let msg: Msg;
    try {
      msg = await this.nc.request(this.subject(cmd.subject), toBinary(cmd.request, create(cmd.request, req)), {
        timeout: opts.timeoutMs ?? 2_000,
        headers: h,
      });
    } catch (err) {
      if (err instanceof NatsError && err.code === ErrorCode.NoResponders)
        throw new RemoteError(REPLY_ERRORS.NO_RESPONDERS, `no service answers ${cmd.subject}`);
      if (err instanceof NatsError && err.code === ErrorCode.Timeout)
        throw new RemoteError(REPLY_ERRORS.TIMEOUT, `${cmd.subject} did not answer in time`);
      throw err;
    }
    const reply = fromBinary(ReplySchema, msg.data);
    if (reply.result.case === "error") throw new RemoteError(reply.result.value.code, reply.result.value.message);
    if (reply.result.case !== "payload") throw new RemoteError(REPLY_ERRORS.INTERNAL, `empty reply from ${cmd.subject}`);
    return fromBinary(cmd.response, reply.result.value) as MessageShape<C["response"]>;
  }

  /** Answers a command in a queue group (one member answers each request). */
  serve<C extends CommandDef>(
    cmd: C,
    handler: (req: MessageShape<C["request"]>, ctx: { correlationId?: string }) => Promise<MessageInitShape<C["response"]>>,
    opts: { queue?: string } = {},
  ): Subscription {
    const log = this.opts.logger.child({ command: cmd.subject });
    const respond = (m: Msg, result: MessageInitShape<typeof ReplySchema>["result"]) =>
      m.respond(toBinary(ReplySchema, create(ReplySchema, { result })));
    const sub = this.nc.subscribe(this.subject(cmd.subject), {
      queue: opts.queue ?? this.opts.source,
      callback: (err, m) => {
        if (err) {
          log.error({ err }, "subscription error");
          return;
        }
        const tracing = this.tracing;
        // A SERVER span, child of the requester's CLIENT span (its context came in the request's headers).
        const span = tracing?.tracer.startSpan(
          cmd.subject,
          { kind: SpanKind.SERVER, attributes: { ...messaging(cmd.subject, "process"), "rpc.system": "nats" } },
          contextFromCarrier(carrierOf(m.headers)),
        );
        const work = (async () => {
          let req: MessageShape<C["request"]>;
          try {
            req = fromBinary(cmd.request, m.data) as MessageShape<C["request"]>;
          } catch {
            respond(m, {
              case: "error",
              value: create(ReplyErrorSchema, { code: REPLY_ERRORS.INVALID_REQUEST, message: "undecodable request" }),
            });
            this.opts.metrics?.messagesHandled.inc({ subject: cmd.subject, outcome: "error" });
            return;
          }
          try {
            const correlationId = m.headers?.get("correlation-id") || undefined;
            const call = () => handler(req, correlationId ? { correlationId } : {});
            const res = span ? await traceContext.with(trace.setSpan(traceContext.active(), span), call) : await call();
            respond(m, { case: "payload", value: toBinary(cmd.response, create(cmd.response, res)) });
            this.opts.metrics?.messagesHandled.inc({ subject: cmd.subject, outcome: "reply" });
          } catch (e) {
            // A dependency outage is the responder's to report as such: the requester may try again.
            const failure =
              e instanceof ReplyFailure
                ? e
                : isOutage(e)
                  ? new ReplyFailure(REPLY_ERRORS.UNAVAILABLE, "the service is briefly unavailable")
                  : undefined;
            if (!failure) log.error({ err: e }, "command handler failed");
            else if (failure.code === REPLY_ERRORS.UNAVAILABLE) log.warn({ err: e }, "command met an outage of a dependency");
            if (span) {
              if (failure) span.setAttribute("genui.reply.code", failure.code);
              else recordFailure(span, e);
            }
            respond(m, {
              case: "error",
              value: create(ReplyErrorSchema, {
                code: failure?.code ?? REPLY_ERRORS.INTERNAL,
                message: failure?.message ?? "internal error",
              }),
            });
            this.opts.metrics?.messagesHandled.inc({ subject: cmd.subject, outcome: "error" });
          }
        })();
        this.inFlight.add(work);
        void work.finally(() => {
          span?.end();
          this.inFlight.delete(work);
        });
      },
    });
    this.subscriptions.add(sub);
    return sub;
  }

  /** Stops consuming and serving, waits for handlers in flight, then drains the connection. */
  async close(): Promise<void> {
    for (const c of this.consumptions) await c.close();
    for (const s of this.subscriptions) s.unsubscribe();
    await Promise.allSettled([...this.inFlight]);
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
