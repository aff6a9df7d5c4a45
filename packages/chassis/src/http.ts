import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler, type Express, type NextFunction, type Request, type Response } from "express";
import { ZodError } from "zod";
import { LISTEN_BACKLOG } from "./backlog";
import { acceptId, runWithContext, type ContextCarriage } from "./context";
import { AppError, COMMON_STATUS, isOutage, outage, type FieldErrors, type StatusTable } from "./errors";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import {
  ROOT_TRACE_CONTEXT,
  SpanKind,
  SpanStatusCode,
  contextFromCarrier,
  trace,
  traceCarrier,
  traceContext,
  type Context,
  type Tracing,
} from "./tracing";

/** A dependency the process cannot serve without; `/readyz` runs every check. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  metrics: Metrics;
  readiness: ReadinessCheck[];
  /** JSON body limit, e.g. "1mb". */
  bodyLimit: string;
  /** Parse JSON bodies for every route (a proxy passes bodies through instead). */
  jsonBody?: boolean;
  /** express's `trust proxy` (hop count, CIDR list, `true`/`false`); default loopback. */
  trustProxy?: TrustProxy;
  /**
   * false: `/metrics` and the detailed `/readyz` are left to the internal listener (`createOperationsApp`); this app
   * answers `/readyz` with its status only and `/metrics` with 404. Default true (internal services).
   */
  operations?: boolean;
  /** The 400 body for a path that does not decode (default `{ message }`); e.g. OpenAI's shape on an API's routes. */
  malformedPathBody?: (path: string) => object;
  /** A server span per request (child of the caller's `traceparent`), when tracing is enabled. */
  tracing?: Tracing;
  /**
   * How a request's ids reach what its route calls (`ContextCarriage`; default implicit). Probes and `/metrics` never
   * run in the request context either way: nothing they do sends a message.
   */
  context?: ContextCarriage;
}

/** express's `trust proxy` setting: hop count, comma-separated addresses / CIDRs / names, or a boolean. */
export type TrustProxy = boolean | number | string;

const READINESS_TIMEOUT_MS = 2_000;
export const MALFORMED_PATH = "Malformed request path.";

/**
 * An express app with request and correlation ids, JSON logs, metrics, a JSON body limit, `/healthz`, `/readyz`
 * and `/metrics`. Mount routes, then call `finishHttpApp` to add the 404 and the error mapper.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // Weak ETags hash every JSON body; API answers are not cached by validators, so skip the work.
  app.set("etag", false);
  // Which peers may say who the client is (X-Forwarded-For / -Proto): req.ip, req.secure and Secure cookies follow it.
  app.set("trust proxy", opts.trustProxy ?? "loopback");

  const quiet = new Set(["/healthz", "/readyz", "/metrics"]);
  const implicit = (opts.context ?? "implicit") === "implicit";
  // A public process starts its own traces: a caller on the internet does not choose the trace or its sampling.
  if (opts.tracing?.enabled) app.use(serverSpan(opts.tracing, quiet, opts.operations !== false));
  app.use((req, res, next) => {
    const requestId = acceptId(req.header("x-request-id"));
    const correlationId = acceptId(req.header("x-correlation-id") ?? requestId);
    res.setHeader("x-request-id", requestId);
    res.setHeader("x-correlation-id", correlationId);
    // One access-log line per request, written when it ends; the child logger is made only if something logs.
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      get: () => (child ??= opts.logger.child({ reqId: requestId, correlationId })),
    });
    if (!quiet.has(req.path) && opts.logger.isLevelEnabled("info")) {
      const started = process.hrtime.bigint();
      res.on("close", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        req.log.info(
          {
            req: { method: req.method, url: req.originalUrl },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(ms * 10) / 10,
          },
          res.writableFinished ? "request completed" : "request aborted",
        );
      });
    }
    if (implicit && !quiet.has(req.path)) runWithContext({ requestId, correlationId }, next);
    else next();
  });

  app.use((req, res, next) => {
    const end = opts.metrics.httpDuration.startTimer();
    opts.metrics.httpInFlight.inc();
    res.on("close", () => {
      opts.metrics.httpInFlight.dec();
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : "unmatched";
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", service: opts.service });
  });

  // A path that does not decode is the client's mistake: 400 before any route (static files, SPA, proxy) sees it.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).json(opts.malformedPathBody?.(req.path) ?? { message: MALFORMED_PATH });
      return;
    }
    next();
  });

  if (opts.operations === false) {
    app.get("/readyz", async (_req, res) => {
      const { ready } = await runReadiness(opts.readiness);
      res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready" });
    });
    app.get("/metrics", (_req, res) => {
      res.status(404).json({ message: "Not found." });
    });
  } else mountOperations(app, opts);

  if (opts.jsonBody !== false) app.use(jsonBody(opts.bodyLimit));
  return app;
}

/** A SERVER span per request, named by its route once known (HTTP semantic conventions); probes are not traced. */
function serverSpan(tracing: Tracing, quiet: Set<string>, trustCaller: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (quiet.has(req.path)) return next();
    const ctx = startServerSpan(tracing, req, res, {
      path: req.path,
      scheme: req.protocol,
      trustCaller,
      route: () => (req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : undefined),
    });
    traceContext.with(ctx, next);
  };
}

/**
 * The SERVER span of one request, ended when its answer closes (status, `http.aborted` when it did not finish) and
 * then named by `route` if it gives one; calls made for the request carry it (`traceHeadersFor`). `trustCaller`:
 * continue the caller's `traceparent` (an internal service) or start a trace of its own (a public process). The app's
 * middleware above uses it, and so does a listener that answers before the app (`PreRoute`).
 */
export function startServerSpan(
  tracing: Tracing,
  req: IncomingMessage,
  res: ServerResponse,
  opts: { path: string; scheme: string; trustCaller: boolean; route?: () => string | undefined },
): Context {
  const method = req.method ?? "GET";
  const parent = opts.trustCaller ? contextFromCarrier(req.headers) : ROOT_TRACE_CONTEXT;
  const span = tracing.tracer.startSpan(
    method,
    {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": method, "url.path": opts.path, "url.scheme": opts.scheme },
    },
    parent,
  );
  res.on("close", () => {
    const route = opts.route?.();
    if (route) {
      span.setAttribute("http.route", route);
      span.updateName(`${method} ${route}`);
    }
    span.setAttribute("http.response.status_code", res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    if (!res.writableFinished) span.setAttribute("http.aborted", true);
    span.end();
  });
  const ctx = trace.setSpan(parent, span);
  requestTraces.set(req, ctx);
  return ctx;
}

const requestTraces = new WeakMap<IncomingMessage, Context>();

/**
 * The `traceparent` (and `tracestate`) headers a call made for this request carries, e.g. the BFF's proxied request:
 * the request's server span is their parent. Empty when tracing is off.
 */
export function traceHeadersFor(req: IncomingMessage): Record<string, string> {
  const ctx = requestTraces.get(req);
  return ctx ? traceCarrier(ctx) : {};
}

async function runReadiness(readiness: ReadinessCheck[]) {
  const results = await Promise.all(
    readiness.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), READINESS_TIMEOUT_MS, `${name} did not answer in ${READINESS_TIMEOUT_MS} ms`);
        return [name, "ok"] as const;
      } catch (err) {
        return [name, err instanceof Error ? err.message : String(err)] as const;
      }
    }),
  );
  return { ready: results.every(([, r]) => r === "ok"), checks: Object.fromEntries(results) };
}

/** `/readyz` with every check's answer and `/metrics`: operators' routes (the whole app, or the internal listener). */
function mountOperations(app: Express, opts: Pick<HttpAppOptions, "service" | "metrics" | "readiness">) {
  app.get("/readyz", async (_req, res) => {
    const { ready, checks } = await runReadiness(opts.readiness);
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", service: opts.service, checks });
  });
  app.get("/metrics", async (_req, res) => {
    res.setHeader("content-type", opts.metrics.registry.contentType);
    res.send(await opts.metrics.registry.metrics());
  });
}

/** The internal listener of a public process: `/healthz`, the detailed `/readyz` and `/metrics`, nothing else. */
export function createOperationsApp(opts: Pick<HttpAppOptions, "service" | "metrics" | "readiness">): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", service: opts.service });
  });
  mountOperations(app, opts);
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: "Not found." });
  });
  return app;
}

/** The JSON body parser with the process's size limit; the exact bytes stay on `req.rawBody` (webhook signatures). */
export function jsonBody(limit: string) {
  return express.json({
    limit,
    type: ["application/json", "application/*+json"],
    verify: (req, _res, buf) => {
      (req as RawBodyRequest).rawBody = buf;
    },
  });
}

export type RawBodyRequest = IncomingMessage & { rawBody?: Buffer };

/** Adds the 404 for unknown routes and the one error mapper. */
export function finishHttpApp(app: Express, logger: Logger, statuses: StatusTable = {}): Express {
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: "Not found." });
  });
  app.use(errorMapper(logger, statuses));
  return app;
}

/** Body-parser and http-errors carry `status` and `type`. */
interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/**
 * The HTTP status and body for any error, in the shapes SPEC.md names: `{ field: [messages] }` for field errors,
 * `{ message, code }` otherwise. `statuses` is the edge's table of its service's codes (COMMON ones are known here).
 */
export function describeError(
  err: unknown,
  statuses: StatusTable = {},
): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  if (err instanceof AppError) {
    const status = statuses[err.code] ?? (COMMON_STATUS as StatusTable)[err.code] ?? 500;
    const headers =
      err.details.retryAfterSeconds !== undefined ? { "retry-after": String(err.details.retryAfterSeconds) } : undefined;
    if (status >= 500 && !statuses[err.code] && !(err.code in COMMON_STATUS))
      return { status: 500, body: { message: "Internal server error." } };
    const body = err.fields ?? { message: err.message, code: err.code };
    return { status, body, ...(headers ? { headers } : {}) };
  }
  if (err instanceof ZodError) return { status: 400, body: zodFieldErrors(err) };
  if (isOutage(err)) return describeError(outage(), statuses);
  const e = (err ?? {}) as HttpishError;
  const status = e.status ?? e.statusCode;
  if (e.type === "entity.too.large") return { status: 413, body: { message: "Request body is too large." } };
  if (e.type === "entity.parse.failed") return { status: 400, body: { message: "Request body is not valid JSON." } };
  if (e.type === "encoding.unsupported" || e.type === "charset.unsupported")
    return { status: 415, body: { message: "Unsupported request body encoding." } };
  if (typeof status === "number" && status >= 400 && status < 500)
    return { status, body: { message: e.expose && e.message ? e.message : "Bad request." } };
  return { status: 500, body: { message: "Internal server error." } };
}

/** The one error mapper of an edge: `statuses` maps its service's error codes to HTTP statuses. */
export function errorMapper(logger: Logger, statuses: StatusTable = {}): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, body, headers } = describeError(err, statuses);
    logRequestError(req.log ?? logger, err, status, body);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}

/** The error mapper's log line for an error answered with `status` and `body` (`describeError`). */
export function logRequestError(log: Logger, err: unknown, status: number, body: Record<string, unknown>): void {
  if (status === 503 && isOutage(err)) log.warn({ err }, "request met an outage of a dependency");
  else if (status >= 500) log.error({ err }, "request failed");
  else if (status >= 400) log.debug({ status, body }, "request refused");
}

/** Zod issues as DRF-style field errors: first path segment is the field. */
export function zodFieldErrors(err: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "non_field_errors";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * A request listener that runs before the app on its server, for a few hot routes answered with node:http alone (the
 * BFF's published API): true when it took the request (it answers it), false to hand it to the app unchanged.
 */
export type PreRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Starts listening; resolves with the server and its real port (port 0 picks a free one). */
export async function listen(
  app: Express,
  host: string,
  port: number,
  preRoute?: PreRoute,
): Promise<{ server: Server; port: number; url: string }> {
  const server = createServer(preRoute ? (req, res) => void (preRoute(req, res) || app(req, res)) : app);
  await new Promise<void>((resolve, reject) => {
    // As express's app.listen: an error before listening (the port is taken) rejects.
    server.once("error", reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, resolve);
  });
  server.keepAliveTimeout = 65_000;
  const actual = (server.address() as AddressInfo).port;
  return { server, port: actual, url: `http://${host}:${actual}` };
}

/** Stops accepting connections and waits for open requests to finish. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeIdleConnections();
  });
}

export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
