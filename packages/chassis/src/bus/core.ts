import {
  connect,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  type Subscription,
} from "nats";
import type { Logger } from "../logger";
import type { Tracing } from "../tracing";
import type { BusOptions } from "./types";

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  void (async () => {
    for await (const s of nc.status()) logger.info({ nats: s.type, data: String(s.data) }, "nats status");
  })();
  return nc;
}

/**
 * What every messaging pattern of a bus shares: the connection, the naming of subjects and streams, and the
 * consumptions, subscriptions and handler work that `close()` winds down.
 */
export class BusCore {
  readonly js: JetStreamClient;
  private jsmPromise?: Promise<JetStreamManager>;
  readonly consumptions = new Set<ConsumerMessages>();
  readonly subscriptions = new Set<Subscription>();
  readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly nc: NatsConnection,
    readonly opts: BusOptions,
  ) {
    this.js = nc.jetstream();
  }

  /** Spans are made only when tracing is enabled: otherwise no headers, no context switches. */
  get tracing(): Tracing | undefined {
    return this.opts.tracing?.enabled ? this.opts.tracing : undefined;
  }

  subject(name: string): string {
    return `${this.opts.prefix}${name}`;
  }

  streamName(name: string): string {
    return this.opts.prefix ? `${this.opts.prefix.replace(/\.$/, "").replace(/[^A-Za-z0-9_-]/g, "_")}_${name}` : name;
  }

  jsm(): Promise<JetStreamManager> {
    return (this.jsmPromise ??= this.nc.jetstreamManager());
  }

  /** Waits for handler work, keeping it visible to `close()` meanwhile. */
  async track(work: Promise<unknown>): Promise<void> {
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /** Stops consuming and serving, waits for handlers in flight, then drains the connection. */
  async close(): Promise<void> {
    for (const c of this.consumptions) await c.close();
    for (const s of this.subscriptions) s.unsubscribe();
    await Promise.allSettled([...this.inFlight]);
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
