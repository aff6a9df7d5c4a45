import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { CommandDef, EventDef, SignalDef, STREAMS } from "@genui/contracts";
import type { JetStreamClient, MsgHdrs, NatsConnection, Subscription } from "nats";
import { BatchConsumer } from "./bus/consume-batch";
import { Commands, type RequestOptions } from "./bus/commands";
import { EventConsumer } from "./bus/consume";
import { BusCore } from "./bus/core";
import { EventPublisher } from "./bus/publish";
import { Signals } from "./bus/signals";
import { StreamSetup } from "./bus/streams";
import type {
  BatchOutcome,
  BusOptions,
  ConsumeOptions,
  Consumption,
  PublishContext,
  ReceivedEvent,
  SealedEvent,
} from "./bus/types";
import { EventWatcher } from "./bus/watch";

// The bus, one file per messaging pattern under bus/; this module stays the entry services import.
export type { NatsConnection } from "nats";
export type { RequestOptions } from "./bus/commands";
export { DEFAULT_REQUEST_RETRY_MS, connectNats } from "./bus/core";
export { PoisonMessageError, RemoteError, ReplyFailure } from "./bus/errors";
export type {
  BatchOutcome,
  BusOptions,
  ConsumeOptions,
  Consumption,
  PublishContext,
  ReceivedEvent,
  SealedEvent,
} from "./bus/types";

/**
 * JetStream events and core request/reply with the contracts' generated types. Every event travels in an
 * EventEnvelope published with Nats-Msg-Id = event id, so a repeated publish is stored once.
 */
export class MessageBus {
  readonly js: JetStreamClient;
  private readonly core: BusCore;
  private readonly streams: StreamSetup;
  private readonly publisher: EventPublisher;
  private readonly consumer: EventConsumer;
  private readonly batchConsumer: BatchConsumer;
  private readonly watcher: EventWatcher;
  private readonly signals: Signals;
  private readonly commands: Commands;

  constructor(
    readonly nc: NatsConnection,
    opts: BusOptions,
  ) {
    this.core = new BusCore(nc, opts);
    this.js = this.core.js;
    this.streams = new StreamSetup(this.core);
    this.publisher = new EventPublisher(this.core);
    this.consumer = new EventConsumer(this.core);
    this.batchConsumer = new BatchConsumer(this.core);
    this.watcher = new EventWatcher(this.core);
    this.signals = new Signals(this.core);
    this.commands = new Commands(this.core);
  }

  subject(name: string): string {
    return this.core.subject(name);
  }

  streamName(name: string): string {
    return this.core.streamName(name);
  }

  /** Creates the stream if missing (or updates its subjects). Only the stream's owner calls it, at boot. */
  ensureStream(key: keyof typeof STREAMS): Promise<void> {
    return this.streams.ensureStream(key);
  }

  ensureAllStreams(): Promise<void> {
    return this.streams.ensureAllStreams();
  }

  /** Wraps a payload in its envelope, ready to publish now or to keep in an outbox. */
  envelope<S extends DescMessage>(def: EventDef<S>, payload: MessageInitShape<S>, ctx: PublishContext = {}): SealedEvent {
    return this.publisher.envelope(def, payload, ctx);
  }

  /** Publishes a sealed event (Nats-Msg-Id = event id, so a repeat is stored once). */
  publishSealed(event: SealedEvent, headers?: MsgHdrs): Promise<{ eventId: string; seq: number; duplicate: boolean }> {
    return this.publisher.publishSealed(event, headers);
  }

  /** Publishes a fact. Resolves once JetStream stored it (or recognised it as a duplicate). */
  publish<S extends DescMessage>(
    def: EventDef<S>,
    payload: MessageInitShape<S>,
    ctx: PublishContext = {},
  ): Promise<{ eventId: string; seq: number; duplicate: boolean }> {
    return this.publisher.publish(def, payload, ctx);
  }

  /**
   * A durable pull consumer of one event. The handler's outcome decides the acknowledgement: success → ack;
   * PoisonMessageError or an undecodable message → term; anything else → nak with backoff (redelivered).
   */
  consume<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions = {},
  ): Promise<Consumption> {
    return this.consumer.consume(def, durable, handler, options);
  }

  /**
   * A durable pull consumer that hands the handler every message waiting, up to `maxBatch`, in one call: while one
   * batch is being handled the next accumulates, so a quiet stream is handled message by message and a busy one in
   * large batches (one store round trip for many events); `lingerMs` waits that long for a partial batch to fill.
   * The handler answers an outcome per event, in order:
   * "ack", "term" (poison) or "retry" (nak with backoff); a throw naks the whole batch. Undecodable messages are
   * terminated before the handler sees them.
   */
  consumeBatch<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (events: ReceivedEvent<S>[]) => Promise<BatchOutcome[]>,
    options: ConsumeOptions & { maxBatch?: number; lingerMs?: number } = {},
  ): Promise<Consumption> {
    return this.batchConsumer.consumeBatch(def, durable, handler, options);
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
    return this.watcher.watch(events, handler);
  }

  /** Sends a signal to whoever listens for `key` now (core NATS, at most once, not stored). */
  signal<T>(def: SignalDef<T>, key: string, value: T): void {
    this.signals.signal(def, key, value);
  }

  /**
   * `signal` with the value already JSON-encoded (`JSON.stringify` of a value `def`'s contract accepts): the same
   * message, for a sender that encoded it for something else too (listeners validate it as always).
   */
  signalJson<T>(def: SignalDef<T>, key: string, json: string): void {
    this.signals.signalJson(def, key, json);
  }

  /**
   * Listens for the signals of one key, each validated by its contract; one that fails is dropped and logged.
   * Unsubscribe the returned subscription when done.
   */
  listen<T>(def: SignalDef<T>, key: string, handler: (value: T) => void): Subscription {
    return this.signals.listen(def, key, handler);
  }

  /**
   * Listens for the signals of every key with one subscription; `handler` gets each one's key (see
   * `Signals.listenAll`: for rare signals, instead of a subscription per key).
   */
  listenAll<T>(def: SignalDef<T>, handler: (key: string, value: T) => void): Subscription {
    return this.signals.listenAll(def, handler);
  }

  /** Waits until the server has every message this connection published (e.g. before answering a client). */
  flush(): Promise<void> {
    return this.nc.flush();
  }

  /**
   * Asks a command and waits for its typed answer; throws RemoteError with the responder's code. Rides through a
   * reconnect of the bus or of the responders for up to BUS_REQUEST_RETRY_MS (each try with its own timeout); a
   * command that is not safe to repeat passes `retry: false`.
   */
  request<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: RequestOptions = {},
  ): Promise<MessageShape<C["response"]>> {
    return this.commands.request(cmd, req, opts);
  }

  /** Answers a command in a queue group (one member answers each request). */
  serve<C extends CommandDef>(
    cmd: C,
    handler: (req: MessageShape<C["request"]>, ctx: { correlationId?: string }) => Promise<MessageInitShape<C["response"]>>,
    opts: { queue?: string } = {},
  ): Subscription {
    return this.commands.serve(cmd, handler, opts);
  }

  /** Stops consuming and serving, waits for handlers in flight, then drains the connection. */
  close(): Promise<void> {
    return this.core.close();
  }
}
