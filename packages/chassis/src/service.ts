import type { Express } from "express";
import type { Connection } from "mongoose";
import {
  closeServer,
  createHttpApp,
  createOperationsApp,
  finishHttpApp,
  listen,
  type PreRoute,
  type ReadinessCheck,
  type TrustProxy,
} from "./http";
import type { ContextCarriage } from "./context";
import type { StatusTable } from "./errors";
import { applyHeapGrowth } from "./heap";
import { identityMiddleware, type IdentitySecret } from "./internal-identity";
import { createLogger, type Logger } from "./logger";
import { Metrics } from "./metrics";
import { connectMongo, mongoReadiness, watchMongo } from "./mongo";
import { MessageBus, connectNats } from "./nats";
import { createRedis, redisReadiness, type Redis } from "./redis";
import { Shutdown } from "./shutdown";
import { startTracing, type Tracing } from "./tracing";

/** What a process is wired with; the service adds its routes, consumers and workers to it. */
export interface ServiceContext {
  service: string;
  logger: Logger;
  metrics: Metrics;
  app: Express;
  shutdown: Shutdown;
  /** Spans of this service (a no-op tracer unless OTLP export is configured: see tracing.ts). */
  tracing: Tracing;
  /** How its requests' ids reach what they call (`http.context`): a `PreRoute`'s exchanges take the same. */
  context: ContextCarriage;
  mongo?: Connection;
  bus?: MessageBus;
  redis?: Redis;
  /**
   * Set by `setup` to answer some requests before the app sees them (`PreRoute`: node:http alone, for a hot path such
   * as the BFF's published API); every request it does not take goes to the app unchanged.
   */
  preRoute?: PreRoute;
}

export interface ServiceOptions {
  service: string;
  http: {
    host: string;
    port: number;
    bodyLimit: string;
    jsonBody?: boolean;
    trustProxy?: TrustProxy;
    /**
     * A public process: `/metrics` and the detailed `/readyz` answer only on this internal listener (0 picks a free
     * port); the public port's `/readyz` says only its status.
     */
    internal?: { host: string; port: number };
    malformedPathBody?: (path: string) => object;
    /**
     * How a request's ids reach what it calls (`ContextCarriage`; default implicit, `currentContext`). `explicit`: the
     * service's code hands them on itself, and the process never takes the request context's promise hooks.
     */
    context?: ContextCarriage;
    /** HTTP status per error code of this service (`src/http/errors.ts`); COMMON codes are known already. */
    errorStatus?: StatusTable;
  };
  logLevel?: string;
  logger?: Logger;
  shutdownTimeoutMs?: number;
  /** HEAP_GROWING_PERCENT (config.ts): set before anything else; 0 or absent leaves V8's own. */
  heapGrowingPercent?: number;
  /** Verify the BFF-signed identity on every request. */
  identitySecret?: IdentitySecret;
  mongo?: { url: string; db: string };
  /** `streamReplicas`: replicas of the JetStream streams the service owns (NATS_STREAM_REPLICAS; default 1). */
  nats?: { url: string; prefix: string; streamReplicas?: number };
  redis?: { url: string };
  /** Extra readiness checks beyond the connections above. */
  readiness?: ReadinessCheck[];
  /** Mount routes, start consumers and workers. Runs before the server listens. */
  setup: (ctx: ServiceContext) => Promise<void> | void;
}

export interface RunningService {
  ctx: ServiceContext;
  url: string;
  port: number;
  /** The internal listener (metrics, detailed readiness), when the process has one. */
  internalUrl?: string;
  /** Graceful shutdown in order: HTTP, workers, NATS, mongoose, Redis. */
  stop: () => Promise<void>;
}

/** Connects a service's dependencies, mounts its routes and listens. Nothing here is domain code. */
export async function startService(opts: ServiceOptions): Promise<RunningService> {
  applyHeapGrowth(opts.heapGrowingPercent ?? 0);
  const logger = opts.logger ?? createLogger(opts.service, opts.logLevel);
  const metrics = new Metrics(opts.service);
  const shutdown = new Shutdown(logger, opts.shutdownTimeoutMs);
  const readiness: ReadinessCheck[] = [...(opts.readiness ?? [])];
  const tracing = startTracing(opts.service);
  // The last phase: spans of the shutdown itself are still sent.
  shutdown.add("tracing", "trace export", () => tracing.shutdown());
  const context = opts.http.context ?? "implicit";
  const partial: Omit<ServiceContext, "app"> = { service: opts.service, logger, metrics, shutdown, tracing, context };

  try {
    if (opts.mongo) {
      const mongo = await connectMongo(opts.mongo.url, opts.mongo.db, logger);
      partial.mongo = mongo;
      readiness.push(mongoReadiness(mongo));
      const unwatch = watchMongo(mongo, opts.mongo.url, logger, () => shutdown.fail("store connection stuck"));
      shutdown.add("mongo", "mongoose", async () => {
        unwatch();
        await mongo.close();
      });
    }
    if (opts.redis) {
      const redis = createRedis(opts.redis.url, opts.service, logger);
      partial.redis = redis;
      readiness.push(redisReadiness(redis));
      shutdown.add("redis", "ioredis", async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    if (opts.nats) {
      const nc = await connectNats(opts.nats.url, opts.service, logger);
      const bus = new MessageBus(nc, {
        prefix: opts.nats.prefix,
        source: opts.service,
        logger,
        metrics,
        tracing,
        ...(opts.nats.streamReplicas ? { streamReplicas: opts.nats.streamReplicas } : {}),
      });
      partial.bus = bus;
      readiness.push({
        name: "nats",
        check: async () => {
          if (nc.isClosed()) throw new Error("closed");
          await nc.flush();
        },
      });
      shutdown.add("nats", "nats drain", () => bus.close());
    }

    const app = createHttpApp({
      service: opts.service,
      logger,
      metrics,
      readiness,
      bodyLimit: opts.http.bodyLimit,
      jsonBody: opts.http.jsonBody ?? true,
      ...(opts.http.trustProxy !== undefined ? { trustProxy: opts.http.trustProxy } : {}),
      operations: !opts.http.internal,
      tracing,
      ...(opts.http.malformedPathBody ? { malformedPathBody: opts.http.malformedPathBody } : {}),
      context,
    });
    if (opts.identitySecret) app.use(identityMiddleware(opts.identitySecret));
    const ctx: ServiceContext = { ...partial, app };
    await opts.setup(ctx);
    finishHttpApp(app, logger, opts.http.errorStatus);

    const { server, port, url } = await listen(app, opts.http.host, opts.http.port, ctx.preRoute);
    shutdown.add("http", "http server", () => closeServer(server));
    let internalUrl: string | undefined;
    if (opts.http.internal) {
      const ops = createOperationsApp({ service: opts.service, metrics, readiness });
      const internal = await listen(ops, opts.http.internal.host, opts.http.internal.port);
      shutdown.add("http", "internal http server", () => closeServer(internal.server));
      internalUrl = internal.url;
    }
    logger.info({ url, ...(internalUrl ? { internalUrl } : {}) }, `${opts.service} listening`);
    return { ctx, url, port, ...(internalUrl ? { internalUrl } : {}), stop: () => shutdown.run("stop") };
  } catch (err) {
    await shutdown.run("failed to start");
    throw err;
  }
}
