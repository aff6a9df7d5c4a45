import type { EventDef } from "@genui/contracts";
import type { Subscription } from "nats";
import { decodeEvent } from "./codec";
import type { BusCore } from "./core";
import type { ReceivedEvent } from "./types";

/** Events as they are published, on every instance: for caches. */
export class EventWatcher {
  constructor(private readonly core: BusCore) {}

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
      const sub = this.core.nc.subscribe(this.core.subject(def.subject), {
        callback: (err, m) => {
          if (err) return;
          const decoded = decodeEvent(def, m.data, m.subject, 1);
          if ("problem" in decoded) {
            this.core.opts.logger.debug({ subject: def.subject, problem: decoded.problem }, "watched event skipped");
            return;
          }
          try {
            handler(decoded.event);
          } catch (e) {
            this.core.opts.logger.error({ err: e, subject: def.subject }, "event watcher failed");
          }
        },
      });
      this.core.subscriptions.add(sub);
      return sub;
    });
  }
}
