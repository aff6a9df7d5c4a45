import type { DescMessage } from "@bufbuild/protobuf";
import type { EventDef } from "@genui/contracts";
import { AckPolicy, DeliverPolicy, nanos, type JsMsg } from "nats";
import type { Logger } from "../logger";
import { SpanKind, inSpan, linkFromCarrier, traceContext } from "../tracing";
import type { BusCore } from "./core";
import {
  answer,
  attachWhenStreamExists,
  countTerminated,
  decodeMessage,
  handlerTimeout,
  nakDelay,
  watchGivenUp,
  within,
} from "./durable";
import { carrierOf, messaging } from "./trace-headers";
import type { BatchOutcome, ConsumeOptions, Consumption, ReceivedEvent } from "./types";

type BatchOptions = ConsumeOptions & { maxBatch?: number; lingerMs?: number };
type BatchHandler<S extends DescMessage> = (events: ReceivedEvent<S>[]) => Promise<BatchOutcome[]>;
type Count = (outcome: string, n?: number) => void;
/** What one batch is handled with: the consumer's held messages, its log and its counters. */
interface BatchContext {
  name: string;
  held: Set<JsMsg>;
  log: Logger;
  count: Count;
}

/** Durable events, receiving side: every event waiting, in one handler call. */
export class BatchConsumer {
  constructor(private readonly core: BusCore) {}

  /**
   * A durable pull consumer that hands the handler every message waiting, up to `maxBatch`, in one call: while one
   * batch is being handled the next accumulates, so a quiet stream is handled message by message and a busy one in
   * large batches (one store round trip for many events); `lingerMs` waits that long for a partial batch to fill.
   * The handler answers an outcome per event, in order:
   * "ack", "term" (poison) or "retry" (nak with backoff); a throw naks the whole batch. Undecodable messages are
   * terminated before the handler sees them. A handler call still running after `handlerTimeoutMs` is given up on:
   * its events are handed back and the next batch is handled.
   */
  async consumeBatch<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: BatchHandler<S>,
    options: BatchOptions = {},
  ): Promise<Consumption> {
    return attachWhenStreamExists(this.core, def, () => this.consumeBatchNow(def, durable, handler, options));
  }

  private async consumeBatchNow<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: BatchHandler<S>,
    options: BatchOptions,
  ): Promise<Consumption> {
    const maxBatch = options.maxBatch ?? 500;
    const lingerMs = options.lingerMs ?? 0;
    const jsm = await this.core.jsm();
    const stream = this.core.streamName(def.stream);
    const name = durable.replace(/[^A-Za-z0-9_-]/g, "_");
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.core.subject(def.subject),
      max_deliver: options.maxDeliver ?? -1,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_ack_pending: Math.max(1000, maxBatch * 4),
    });
    const consumer = await this.core.js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: Math.max(256, maxBatch * 2) });
    this.core.consumptions.add(messages);
    const log = this.core.opts.logger.child({ consumer: name, subject: def.subject });
    const advisories = watchGivenUp(this.core, def, stream, name, log);
    const count: Count = (outcome, n = 1) => this.core.opts.metrics?.messagesHandled.inc({ subject: def.subject, outcome }, n);
    const buffer: JsMsg[] = [];
    // Every message pulled and not yet answered — waiting in the buffer or in the batch being handled. They are told
    // "working" well within the ack wait: a backlog (or a slow batch) otherwise outlives it, the server delivers them
    // again (to this copy or another) and each round counts towards `max_deliver`, until the server gives up on them.
    // Never for ever: a batch is given up on after `handlerTimeoutMs` and its messages handed back (see handleBatch),
    // so a handler that never finishes cannot keep its events from every other copy.
    const held = new Set<JsMsg>();
    const ackWaitMs = options.ackWaitMs ?? 30_000;
    const progress = setInterval(
      () => {
        if (this.core.nc.isClosed()) return;
        for (const m of held) answer(m, (x) => x.working(), log);
      },
      Math.max(250, Math.floor(ackWaitMs / 3)),
    );
    progress.unref();
    let wake: (() => void) | undefined;
    // Ends a linger early: the batch is full, or the subscription ended.
    let filled: (() => void) | undefined;
    let ended = false;
    const reader = (async () => {
      try {
        for await (const m of messages) {
          buffer.push(m);
          held.add(m);
          wake?.();
          if (buffer.length >= maxBatch) filled?.();
        }
      } finally {
        // Also when the subscription fails: what was pulled is still handled.
        ended = true;
        wake?.();
        filled?.();
      }
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
        await this.handleBatch(def, batch, handler, options, { name, held, log, count });
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        this.core.consumptions.delete(messages);
        advisories.unsubscribe();
        this.core.subscriptions.delete(advisories);
        await reader;
        await worker;
        clearInterval(progress);
        held.clear();
      },
    };
  }

  /**
   * Decodes one batch, hands it to the handler, and answers every message by its outcome — or, when the handler has
   * not finished within `handlerTimeoutMs`, hands every message back (nak) and leaves the handler to itself.
   */
  private async handleBatch<S extends DescMessage>(
    def: EventDef<S>,
    batch: JsMsg[],
    handler: BatchHandler<S>,
    options: BatchOptions,
    { name, held, log, count }: BatchContext,
  ): Promise<void> {
    const decoded: { m: JsMsg; e: ReceivedEvent<S> }[] = [];
    for (const m of batch) {
      const d = decodeMessage(def, m);
      if ("event" in d) decoded.push({ m, e: d.event });
      else {
        log.error({ problem: d.problem, seq: m.seq }, "undecodable event terminated");
        answer(m, (x) => x.term(), log);
        held.delete(m);
        count("term");
        countTerminated(this.core, def, name, "undecodable");
      }
    }
    if (decoded.length === 0) return;
    const tracing = this.core.tracing;
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
      : Promise.resolve().then(() => handler(events));
    /** Every event handed back for another delivery, each after its own (spread) delay. */
    const handBack = () => {
      for (const { m, e } of decoded) {
        answer(m, (x) => x.nak(nakDelay(options, e.deliveryCount)), log);
        held.delete(m);
      }
    };
    const timeoutMs = handlerTimeout(options);
    const work = within(handled, timeoutMs).then((result) => {
      if (result === "timeout") {
        log.error(
          { events: decoded.length, timeoutMs, seqs: decoded.slice(0, 20).map((d) => d.m.seq) },
          "batch handling did not finish in time; its events are handed back for another delivery",
        );
        handBack();
        count("timeout", decoded.length);
        return;
      }
      if ("err" in result) {
        const deliveries = Math.max(...decoded.map((d) => d.e.deliveryCount));
        log[deliveries >= 10 ? "error" : "warn"](
          { err: result.err, events: decoded.length, deliveries },
          "batch handling failed; will retry",
        );
        handBack();
        count("nak", decoded.length);
        return;
      }
      const outcomes = result.value;
      decoded.forEach(({ m, e }, i) => {
        const outcome = outcomes[i] ?? "retry";
        if (outcome === "ack") answer(m, (x) => x.ack(), log);
        else if (outcome === "term") {
          log.error({ eventId: e.eventId, seq: m.seq }, "poison event terminated");
          answer(m, (x) => x.term(), log);
          countTerminated(this.core, def, name, "poison");
        } else answer(m, (x) => x.nak(nakDelay(options, e.deliveryCount)), log);
        held.delete(m);
        count(outcome === "retry" ? "nak" : outcome);
      });
    });
    await this.core.track(work);
  }
}
