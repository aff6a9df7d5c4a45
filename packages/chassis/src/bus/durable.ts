import type { DescMessage } from "@bufbuild/protobuf";
import type { EventDef } from "@genui/contracts";
import type { JsMsg, Subscription } from "nats";
import type { Logger } from "../logger";
import { decodeEvent, isStreamMissing, textDecoder } from "./codec";
import type { BusCore } from "./core";
import type { ConsumeOptions, Consumption, ReceivedEvent } from "./types";

/**
 * Streams are created by their owners only. A consumer of another context's stream that starts first waits for it
 * in the background (its durable consumer then delivers everything stored), so services start in any order.
 */
export async function attachWhenStreamExists(
  core: BusCore,
  def: EventDef,
  attach: () => Promise<Consumption>,
): Promise<Consumption> {
  try {
    return await attach();
  } catch (err) {
    if (!isStreamMissing(err)) throw err;
  }
  const log = core.opts.logger.child({ subject: def.subject, stream: def.stream });
  log.info("stream not created yet by its owner; the consumer attaches when it is");
  let stopped = false;
  let current: Consumption | undefined;
  const waiting = (async () => {
    for (let delay = 250; !stopped && !core.nc.isClosed(); delay = Math.min(delay * 2, 2_000)) {
      await new Promise((r) => setTimeout(r, delay));
      if (stopped || core.nc.isClosed()) return;
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

/**
 * The delay of a nak: `nakDelayMs` doubling per delivery up to `nakDelayMaxMs`, drawn between half and all of it.
 * Events that failed together (one batch) have equal delivery counts: with one delay for all they came back together,
 * were handled in one batch again and failed again together, so one event that keeps failing kept the others from
 * ever being handled. Spread out, they come back apart.
 */
export function nakDelay(options: ConsumeOptions, deliveryCount: number, random: () => number = Math.random): number {
  const full = Math.min((options.nakDelayMs ?? 500) * 2 ** Math.max(0, deliveryCount - 1), options.nakDelayMaxMs ?? 30_000);
  return Math.max(1, Math.round(full * (0.5 + random() / 2)));
}

/** How long one handler call may take before its events are handed back (`ConsumeOptions.handlerTimeoutMs`). */
export const handlerTimeout = (options: ConsumeOptions): number => options.handlerTimeoutMs ?? 120_000;

/**
 * Settles with the handler's result, or with "timeout" once `ms` passed. The handler is not stopped (nothing can
 * stop a promise): its late result is ignored, and a late failure is caught here rather than left unhandled.
 */
export function within<T>(work: Promise<T>, ms: number): Promise<{ value: T } | { err: unknown } | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
    // A deadline alone never keeps a process alive.
    timer.unref();
  });
  const settled = work.then(
    (value) => ({ value }),
    (err: unknown) => ({ err }),
  );
  return Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Sends one acknowledgement (ack, nak, term). It cannot fail the consumer: on a connection that is closing it
 * throws, and the message — unanswered — is delivered again after its ack wait (handlers are idempotent).
 */
export function answer(m: JsMsg, send: (m: JsMsg) => void, log: Logger): boolean {
  try {
    send(m);
    return true;
  } catch (err) {
    log.warn({ err, seq: m.seq }, "acknowledgement not sent; the event will be delivered again");
    return false;
  }
}

/**
 * Counts and logs JetStream's MAX_DELIVERIES advisories of one durable consumer: a message delivered `max_deliver`
 * times without an ack, which JetStream then gives up on (it is never delivered again). A queue group, so the copies
 * of a service count each advisory once between them.
 */
export function watchGivenUp(core: BusCore, def: EventDef, stream: string, consumer: string, log: Logger): Subscription {
  const subject = `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${consumer}`;
  const sub = core.nc.subscribe(subject, {
    queue: `${consumer}.advisories`,
    callback: (err, msg) => {
      if (err) return;
      let advisory: { stream_seq?: number; deliveries?: number } = {};
      try {
        advisory = JSON.parse(textDecoder.decode(msg.data)) as typeof advisory;
      } catch {
        // Counted all the same: the subject says what happened.
      }
      core.opts.metrics?.maxDeliveries.inc({ stream: def.stream, consumer });
      log.error(
        { streamSeq: advisory.stream_seq, deliveries: advisory.deliveries },
        "JetStream gave up on an event after its last delivery: it is never delivered again",
      );
    },
  });
  core.subscriptions.add(sub);
  return sub;
}

/** Counts an event the consumer drops for good (it was terminated), by reason. */
export function countTerminated(core: BusCore, def: EventDef, consumer: string, reason: "undecodable" | "poison", n = 1): void {
  core.opts.metrics?.messagesTerminated.inc({ subject: def.subject, consumer, reason }, n);
}

/** The event in a message, or why it cannot be decoded as `def` (such a message is terminated, never retried). */
export function decodeMessage<S extends DescMessage>(
  def: EventDef<S>,
  m: JsMsg,
): { event: ReceivedEvent<S> } | { problem: string } {
  return decodeEvent(def, m.data, m.subject, m.info.redeliveryCount);
}
