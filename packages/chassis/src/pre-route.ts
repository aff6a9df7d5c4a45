import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import express from "express";
import { acceptId, runWithContext, type ContextCarriage, type RequestContext } from "./context";
import { startServerSpan, type TrustProxy } from "./http";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import { traceContext, type Tracing } from "./tracing";

/** express's compiled `trust proxy`: whether the peer at hop `i` (0: the socket's) may say who the client is. */
export type TrustFn = (addr: string | undefined, i: number) => boolean;

export interface ExchangeOptions {
  logger: Logger;
  metrics: Metrics;
  tracing: Tracing;
  /** The app's `trust proxy` setting, compiled as express compiles it; default loopback, as `createHttpApp`'s. */
  trustProxy?: TrustProxy;
  /**
   * Continue the caller's `traceparent` (an internal service, as `createHttpApp` with operations does) or start a
   * trace of its own (a public process).
   */
  trustCaller: boolean;
  /**
   * Name the server span by the route (`POST /path`), as the app names a request an express route answered; false
   * keeps the method alone, as for a request no route answered (the BFF's proxied published paths).
   */
  nameSpans: boolean;
  /** As the app's (`createHttpApp`'s `context`): `explicit` runs a request outside the request context. */
  context?: ContextCarriage;
}

/** One request taken by a listener before the app (`PreRoute`): its ids, its logger (made when first used). */
export interface Exchange {
  readonly requestId: string;
  readonly correlationId: string;
  readonly log: Logger;
  /**
   * Runs `fn` in the request's context, as the app's middlewares run a route: its ids for log lines and bus messages
   * (unless the ids are handed on explicitly, `context: "explicit"`), its server span (tracing on) the parent of what
   * is called for it.
   */
  run<T>(fn: () => T): T;
}

/** A request header's value as express's `req.header(name)` reads it (`name` in lower case; a repeated one: the first). */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * What `createHttpApp`'s middlewares give every request, for a listener that answers a few hot routes before express
 * (`PreRoute`: the BFF's published API, generation's published chat completions): the request and correlation ids
 * (accepted from the caller when well formed, set on the answer), the access log line and the HTTP metrics when the
 * answer closes (under the route table row's path), the SERVER span when tracing is on, the request's context, and
 * the client's protocol under `trust proxy` (express's `req.protocol`).
 */
export function requestExchanges(opts: ExchangeOptions) {
  // Compiled by express itself, as the app's setting is (createHttpApp): the same peers are believed.
  const trust = express()
    .set("trust proxy", opts.trustProxy ?? "loopback")
    .get("trust proxy fn") as TrustFn;
  const { logger, metrics, tracing } = opts;
  // Explicit ids: a request runs as it is (no request context, so the process takes no promise hooks).
  const inContext: <T>(ids: RequestContext, fn: () => T) => T =
    (opts.context ?? "implicit") === "implicit" ? runWithContext : (_ids, fn) => fn();

  // Whether a connection's peer is a trusted proxy: asked once per connection (keep-alive carries many requests).
  const trustedPeers = new WeakMap<Socket, boolean>();
  const trustedPeer = (socket: Socket) => {
    let trusted = trustedPeers.get(socket);
    if (trusted === undefined) trustedPeers.set(socket, (trusted = trust(socket.remoteAddress, 0)));
    return trusted;
  };

  /** express's req.protocol: the socket's, or X-Forwarded-Proto's first value from a trusted peer. */
  const protocolOf = (req: IncomingMessage): string => {
    const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
    if (!trustedPeer(req.socket)) return own;
    const value = headerOf(req, "x-forwarded-proto") || own;
    const comma = value.indexOf(",");
    return (comma !== -1 ? value.slice(0, comma) : value).trim();
  };

  /**
   * Starts a request: its ids on the answer, its span, and (when the answer closes) its access log line and its
   * metrics under `route`.
   */
  const begin = (req: IncomingMessage, res: ServerResponse, pathname: string, route: string): Exchange => {
    const span = tracing.enabled
      ? startServerSpan(tracing, req, res, {
          path: pathname,
          scheme: protocolOf(req),
          trustCaller: opts.trustCaller,
          ...(opts.nameSpans ? { route: () => route } : {}),
        })
      : undefined;
    const requestId = acceptId(headerOf(req, "x-request-id"));
    const correlationId = acceptId(headerOf(req, "x-correlation-id") ?? requestId);
    res.setHeader("x-request-id", requestId);
    res.setHeader("x-correlation-id", correlationId);
    let child: Logger | undefined;
    const ids = { requestId, correlationId };
    const exchange: Exchange = {
      requestId,
      correlationId,
      get log() {
        return (child ??= logger.child({ reqId: requestId, correlationId }));
      },
      run: span ? (fn) => traceContext.with(span, () => inContext(ids, fn)) : (fn) => inContext(ids, fn),
    };
    const started = process.hrtime.bigint();
    const end = metrics.httpDuration.startTimer();
    metrics.httpInFlight.inc();
    const logged = logger.isLevelEnabled("info");
    res.once("close", () => {
      if (logged) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        // The line the request's child logger writes (its ids after the service), without making one per request.
        logger.info(
          {
            reqId: requestId,
            correlationId,
            req: { method: req.method, url: req.url },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(ms * 10) / 10,
          },
          res.writableFinished ? "request completed" : "request aborted",
        );
      }
      metrics.httpInFlight.dec();
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    return exchange;
  };

  return { trust, protocolOf, begin };
}

export type RequestExchanges = ReturnType<typeof requestExchanges>;

/**
 * A JSON answer as express's `res.status(status).json(body)` makes it: the same header names, charset and length,
 * no body for HEAD.
 */
export function answerJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  if (req.method === "HEAD") res.end();
  else res.end(text, "utf8");
}
