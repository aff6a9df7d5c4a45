import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import {
  acceptId,
  describeError,
  isOutage,
  startServerSpan,
  type Logger,
  type Metrics,
  type StatusTable,
  type Tracing,
  type TrustProxy,
} from "@genui/chassis";
import express, { type Request, type Response } from "express";
import { edgeHeaders } from "./security-headers";

// proxy-addr computes express's req.ip; it ships no types of its own. Loaded with require, typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const proxyaddr = require("proxy-addr") as (req: IncomingMessage, trust: TrustFn) => string;
// parseurl reads req.path for express; it ships no types of its own either.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const parseurl = require("parseurl") as (req: IncomingMessage) => { pathname: string | null; path: string | null } | undefined;

/** express's compiled `trust proxy`: whether the peer at hop `i` (0: the socket's) may say who the client is. */
type TrustFn = (addr: string | undefined, i: number) => boolean;

export interface EdgeOptions {
  logger: Logger;
  metrics: Metrics;
  tracing: Tracing;
  /** The app's `trust proxy` setting (TRUST_PROXY), compiled as express compiles it; default loopback as the chassis's. */
  trustProxy?: TrustProxy;
  /** HTTP status per error code of the process (bff/src/errors.ts), for an error no answer was made for. */
  errorStatus?: StatusTable;
}

/** One request on the edge: its id, its logger (made when first used) and the client's address (read once). */
export interface EdgeExchange {
  readonly requestId: string;
  readonly log: Logger;
  /** The client's address as express's `req.ip` gives it, under the app's TRUST_PROXY. */
  readonly ip: string;
}

export interface RequestTarget {
  pathname: string;
  path: string;
}

/**
 * The path of a request's URL as express routes it (`req.path`) and the path and query sent on to a service
 * (http-proxy's `url.parse(req.url).path`): parseurl, express's own parser (its fast path for plain paths, the
 * legacy parser otherwise). Undefined when the URL has no path.
 */
export function requestPath(url: string): RequestTarget | undefined {
  const parsed = parseurl({ url } as IncomingMessage);
  return parsed?.pathname ? { pathname: parsed.pathname, path: parsed.path ?? parsed.pathname } : undefined;
}

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

/** The headers `edgeHeaders()` (helmet) sets on an answer, in its order, over HTTP or over HTTPS (HSTS too). */
export function edgeHeaderList(secure: boolean): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: (name: string) => {
      const i = headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
      if (i >= 0) headers.splice(i, 1);
    },
  };
  let done = false;
  edgeHeaders()({ secure } as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error("edgeHeaders() did not set its headers at once");
  return headers;
}

/**
 * What the chassis's express middlewares and `edgeHeaders()` give every request of the BFF, for a listener that
 * answers before express (`PreRoute`, the published API): the request and correlation ids (accepted from the client
 * when well formed, set on the answer), the access log line and the HTTP metrics when the answer closes, the SERVER
 * span when tracing is on (the public edge starts its own trace), the security headers (computed once), the client's
 * address and protocol under TRUST_PROXY (express's req.ip and req.protocol), and the error mapper's answer.
 */
export function requestEdge(opts: EdgeOptions) {
  // Compiled by express itself, as the app's setting is (chassis createHttpApp): the same addresses are believed.
  const trust = express()
    .set("trust proxy", opts.trustProxy ?? "loopback")
    .get("trust proxy fn") as TrustFn;
  const security = { http: edgeHeaderList(false), https: edgeHeaderList(true) };
  const { logger, metrics, tracing } = opts;

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
    const header = req.headers["x-forwarded-proto"];
    const value = (Array.isArray(header) ? header[0] : header) || own;
    const comma = value.indexOf(",");
    return (comma !== -1 ? value.slice(0, comma) : value).trim();
  };

  return {
    /**
     * Starts a request: its ids on the answer, its span, and (when the answer closes) its access log line and its
     * metrics under `route` (the route table row's path).
     */
    begin(req: IncomingMessage, res: ServerResponse, pathname: string, route: string): EdgeExchange {
      if (tracing.enabled) startServerSpan(tracing, req, res, { path: pathname, scheme: protocolOf(req), trustCaller: false });
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const requestId = acceptId(header("x-request-id"));
      const correlationId = acceptId(header("x-correlation-id") ?? requestId);
      res.setHeader("x-request-id", requestId);
      res.setHeader("x-correlation-id", correlationId);
      let child: Logger | undefined;
      let ip: string | undefined;
      const exchange: EdgeExchange = {
        requestId,
        get log() {
          return (child ??= logger.child({ reqId: requestId, correlationId }));
        },
        get ip() {
          return (ip ??= proxyaddr(req, trust));
        },
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
    },

    /** The security headers of the BFF's answers (HSTS when the request came over HTTPS, directly or via a trusted proxy). */
    secure(req: IncomingMessage, res: ServerResponse): void {
      for (const [name, value] of protocolOf(req) === "https" ? security.https : security.http) res.setHeader(name, value);
    },

    /** An error no answer was made for: the chassis error mapper's status, body, headers and log line. */
    fail(req: IncomingMessage, res: ServerResponse, exchange: EdgeExchange | undefined, err: unknown): void {
      const { status, body, headers } = describeError(err, opts.errorStatus);
      const log = exchange?.log ?? logger;
      if (status === 503 && isOutage(err)) log.warn({ err }, "request met an outage of a dependency");
      else if (status >= 500) log.error({ err }, "request failed");
      else if (status >= 400) log.debug({ status, body }, "request refused");
      if (res.headersSent) {
        res.end();
        return;
      }
      for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
      answerJson(req, res, status, body);
    },
  };
}

export type RequestEdge = ReturnType<typeof requestEdge>;
