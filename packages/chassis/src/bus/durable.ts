import type { DescMessage } from "@bufbuild/protobuf";
import type { EventDef } from "@genui/contracts";
import type { JsMsg } from "nats";
import { decodeEvent, isStreamMissing } from "./codec";
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

export function nakDelay(options: ConsumeOptions, deliveryCount: number): number {
  return Math.min((options.nakDelayMs ?? 500) * 2 ** Math.max(0, deliveryCount - 1), options.nakDelayMaxMs ?? 30_000);
}

/** The event in a message, or why it cannot be decoded as `def` (such a message is terminated, never retried). */
export function decodeMessage<S extends DescMessage>(
  def: EventDef<S>,
  m: JsMsg,
): { event: ReceivedEvent<S> } | { problem: string } {
  return decodeEvent(def, m.data, m.subject, m.info.redeliveryCount);
}
