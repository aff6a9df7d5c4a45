import {
  connect,
  Events,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  type Subscription,
} from "nats";
import { natsConfigSchema } from "../config";
import type { Logger } from "../logger";
import type { Tracing } from "../tracing";
import type { BusOptions } from "./types";

/**
 * The process's connection to NATS. `noAsyncTraces`: nats.js otherwise makes two Errors (each capturing a stack) for
 * every request and every JetStream publish, so that a timeout could say where it was asked; the bus's errors are
 * told apart by their codes (codec.ts, commands.ts), and the hold's request and the usage event's publish cost 0.66×
 * and 0.56× the CPU without them (`node loadtests/nats-traces-bench.mjs`, docs/performance.md).
 */
export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true });
  void (async () => {
    for await (const s of nc.status()) logger.info({ nats: s.type, data: String(s.data) }, "nats status");
  })();
  return nc;
}

/** How long a request that is safe to repeat keeps trying, unless BUS_REQUEST_RETRY_MS says otherwise. */
export const DEFAULT_REQUEST_RETRY_MS = 10_000;

/** BUS_REQUEST_RETRY_MS as `natsConfigSchema` reads it (a service refuses a bad value at boot), else the default. */
export function requestRetryFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = natsConfigSchema.shape.BUS_REQUEST_RETRY_MS.safeParse(env.BUS_REQUEST_RETRY_MS);
  return parsed.success ? parsed.data : DEFAULT_REQUEST_RETRY_MS;
}

/** Whether the connection to the server is up, and waiting for it to come back: what a retried request needs to know. */
export interface Link {
  readonly connected: boolean;
  /** Resolves true once connected (at once when it is), false after `maxMs` or when the connection is closed for good. */
  untilConnected(maxMs: number): Promise<boolean>;
  /** Calls `fn` once at the next disconnection (or when the connection closes); the returned function forgets it. */
  onDisconnect(fn: () => void): () => void;
}

/**
 * The connection's state, told by its status events (nats.js reconnects by itself, and whatever is published while it
 * is away is dropped when it dials again: a request sent then is lost and only ends at its timeout). A request waits
 * here for the reconnect instead of sending into the void.
 */
export class ConnectionLink implements Link {
  private up = true;
  private closed = false;
  private readonly reconnected = new Set<() => void>();
  private readonly disconnected = new Set<() => void>();

  constructor(nc: NatsConnection) {
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === Events.Disconnect) {
          this.up = false;
          this.tell(this.disconnected);
        } else if (s.type === Events.Reconnect) {
          this.up = true;
          this.tell(this.reconnected);
        }
      }
    })();
    void nc.closed().then(() => {
      this.closed = true;
      this.up = false;
      this.tell(this.reconnected);
      this.tell(this.disconnected);
    });
  }

  private tell(listeners: Set<() => void>): void {
    const all = [...listeners];
    listeners.clear();
    for (const fn of all) fn();
  }

  get connected(): boolean {
    return this.up;
  }

  async untilConnected(maxMs: number): Promise<boolean> {
    if (this.up) return true;
    if (this.closed || maxMs <= 0) return false;
    let done!: () => void;
    const timer = setTimeout(() => done(), maxMs);
    await new Promise<void>((resolve) => {
      done = resolve;
      this.reconnected.add(resolve);
    });
    clearTimeout(timer);
    this.reconnected.delete(done);
    return this.up;
  }

  onDisconnect(fn: () => void): () => void {
    if (this.closed) {
      fn();
      return () => undefined;
    }
    this.disconnected.add(fn);
    return () => this.disconnected.delete(fn);
  }
}

/**
 * What every messaging pattern of a bus shares: the connection, the naming of subjects and streams, and the
 * consumptions, subscriptions and handler work that `close()` winds down.
 */
export class BusCore {
  readonly js: JetStreamClient;
  /** The connection's state, for requests that wait out a reconnect. */
  readonly link: Link;
  /** How long a request that is safe to repeat keeps trying (`BusOptions.requestRetryMs`). */
  readonly requestRetryMs: number;
  private jsmPromise?: Promise<JetStreamManager>;
  readonly consumptions = new Set<ConsumerMessages>();
  readonly subscriptions = new Set<Subscription>();
  readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly nc: NatsConnection,
    readonly opts: BusOptions,
  ) {
    this.js = nc.jetstream();
    this.link = new ConnectionLink(nc);
    this.requestRetryMs = opts.requestRetryMs ?? requestRetryFromEnv();
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
