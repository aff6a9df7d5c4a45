import type { DescMessage } from "@bufbuild/protobuf";
import type { EventDef } from "@genui/contracts";
import { AckPolicy, DeliverPolicy, nanos, type JsMsg } from "nats";
import type { Logger } from "../logger";
import { SpanKind, contextFromCarrier, inSpan } from "../tracing";
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
import { PoisonMessageError } from "./errors";
import { carrierOf, messaging } from "./trace-headers";
import type { ConsumeOptions, Consumption, ReceivedEvent } from "./types";

/** Durable events, receiving side: one event per handler call. */
export class EventConsumer {
  constructor(private readonly core: BusCore) {}

  /**
   * A durable pull consumer of one event. The handler's outcome decides the acknowledgement: success → ack;
   * PoisonMessageError or an undecodable message → term; anything else → nak with backoff (redelivered). A handler
   * call still running after `handlerTimeoutMs` is given up on (nak) and the next event is handled.
   */
  async consume<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions = {},
  ): Promise<Consumption> {
    return attachWhenStreamExists(this.core, def, () => this.consumeNow(def, durable, handler, options));
  }

  private async consumeNow<S extends DescMessage>(
    def: EventDef<S>,
    durable: string,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions,
  ): Promise<Consumption> {
    const jsm = await this.core.jsm();
    const stream = this.core.streamName(def.stream);
    const subject = this.core.subject(def.subject);
    const name = durable.replace(/[^A-Za-z0-9_-]/g, "_");
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: subject,
      max_deliver: options.maxDeliver ?? -1,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
    });
    const consumer = await this.core.js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: 64 });
    this.core.consumptions.add(messages);
    const log = this.core.opts.logger.child({ consumer: name, subject: def.subject });
    const advisories = watchGivenUp(this.core, def, stream, name, log);
    const loop = (async () => {
      for await (const m of messages) {
        const work = this.handleEvent(def, name, m, handler, options, log);
        await this.core.track(work);
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        this.core.consumptions.delete(messages);
        advisories.unsubscribe();
        this.core.subscriptions.delete(advisories);
        await loop;
      },
    };
  }

  private async handleEvent<S extends DescMessage>(
    def: EventDef<S>,
    name: string,
    m: JsMsg,
    handler: (event: ReceivedEvent<S>) => Promise<void>,
    options: ConsumeOptions,
    log: Logger,
  ): Promise<void> {
    const count = (outcome: string) => this.core.opts.metrics?.messagesHandled.inc({ subject: def.subject, outcome });
    const decoded = decodeMessage(def, m);
    if ("problem" in decoded) {
      log.error({ problem: decoded.problem, seq: m.seq }, "undecodable event terminated");
      // No reason text: servers before 2.10.4 ignore "+TERM <reason>" and would redeliver.
      answer(m, (x) => x.term(), log);
      count("term");
      countTerminated(this.core, def, name, "undecodable");
      return;
    }
    const { event } = decoded;
    const tracing = this.core.tracing;
    const handled = tracing
      ? inSpan(
          tracing.tracer,
          `process ${def.subject}`,
          {
            kind: SpanKind.CONSUMER,
            attributes: { ...messaging(def.subject, "process"), "messaging.message.id": event.eventId },
            parent: contextFromCarrier(carrierOf(m.headers)),
          },
          () => handler(event),
        )
      : Promise.resolve().then(() => handler(event));
    const result = await within(handled, handlerTimeout(options));
    if (result === "timeout") {
      log.error(
        { eventId: event.eventId, delivery: event.deliveryCount, timeoutMs: handlerTimeout(options) },
        "event handling did not finish in time; it is handed back for another delivery",
      );
      answer(m, (x) => x.nak(nakDelay(options, event.deliveryCount)), log);
      count("timeout");
      return;
    }
    if (!("err" in result)) {
      answer(m, (x) => x.ack(), log);
      count("ack");
      return;
    }
    const { err } = result;
    if (err instanceof PoisonMessageError) {
      log.error({ err, eventId: event.eventId }, "poison event terminated");
      answer(m, (x) => x.term(), log);
      count("term");
      countTerminated(this.core, def, name, "poison");
      return;
    }
    const delay = nakDelay(options, event.deliveryCount);
    log[event.deliveryCount >= 10 ? "error" : "warn"](
      { err, eventId: event.eventId, delivery: event.deliveryCount, retryInMs: delay },
      "event handling failed; will retry",
    );
    answer(m, (x) => x.nak(delay), log);
    count("nak");
  }
}
