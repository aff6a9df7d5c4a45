import type { DescMessage } from "@bufbuild/protobuf";
import type { EventDef } from "@genui/contracts";
import { AckPolicy, DeliverPolicy, nanos, type JsMsg } from "nats";
import type { Logger } from "../logger";
import { SpanKind, contextFromCarrier, inSpan } from "../tracing";
import type { BusCore } from "./core";
import { attachWhenStreamExists, decodeMessage, nakDelay } from "./durable";
import { PoisonMessageError } from "./errors";
import { carrierOf, messaging } from "./trace-headers";
import type { ConsumeOptions, Consumption, ReceivedEvent } from "./types";

/** Durable events, receiving side: one event per handler call. */
export class EventConsumer {
  constructor(private readonly core: BusCore) {}

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
    const loop = (async () => {
      for await (const m of messages) {
        const work = this.handleEvent(def, m, handler, options, log);
        await this.core.track(work);
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        this.core.consumptions.delete(messages);
        await loop;
      },
    };
  }

  private async handleEvent<S extends DescMessage>(
    def: EventDef<S>,
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
      m.term();
      count("term");
      return;
    }
    const { event } = decoded;
    try {
      const tracing = this.core.tracing;
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
      const delay = nakDelay(options, event.deliveryCount);
      log[event.deliveryCount >= 10 ? "error" : "warn"](
        { err, eventId: event.eventId, delivery: event.deliveryCount, retryInMs: delay },
        "event handling failed; will retry",
      );
      m.nak(delay);
      count("nak");
    }
  }
}
