import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerJson,
  describeError,
  logRequestError,
  requestExchanges,
  type ContextCarriage,
  type Exchange,
  type Logger,
  type Metrics,
  type StatusTable,
  type Tracing,
  type TrustFn,
  type TrustProxy,
} from "@genui/chassis";
import type { Request, Response } from "express";
import { edgeHeaders } from "./security-headers";

// proxy-addr computes express's req.ip; it ships no types of its own. Loaded with require, typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const proxyaddr = require("proxy-addr") as (req: IncomingMessage, trust: TrustFn) => string;
// parseurl reads req.path for express; it ships no types of its own either.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const parseurl = require("parseurl") as (req: IncomingMessage) => { pathname: string | null; path: string | null } | undefined;

export interface EdgeOptions {
  logger: Logger;
  metrics: Metrics;
  tracing: Tracing;
  /** The app's `trust proxy` setting (TRUST_PROXY), compiled as express compiles it; default loopback as the chassis's. */
  trustProxy?: TrustProxy;
  /** HTTP status per error code of the process (bff/src/errors.ts), for an error no answer was made for. */
  errorStatus?: StatusTable;
  /** How a request's ids reach what it calls (the service's `http.context`). */
  context?: ContextCarriage;
}

/** One request on the edge: its ids, its logger (made when first used) and the client's address (read once). */
export interface EdgeExchange extends Exchange {
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

export { answerJson };

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
  const exchanges = requestExchanges({ ...opts, trustCaller: false, nameSpans: false });
  const security = { http: edgeHeaderList(false), https: edgeHeaderList(true) };
  const { logger } = opts;

  return {
    /**
     * Starts a request (chassis `requestExchanges`: its ids on the answer, its span, and when the answer closes its
     * access log line and its metrics under `route`), with the client's address.
     */
    begin(req: IncomingMessage, res: ServerResponse, pathname: string, route: string): EdgeExchange {
      const x = exchanges.begin(req, res, pathname, route);
      let ip: string | undefined;
      return {
        requestId: x.requestId,
        correlationId: x.correlationId,
        get log() {
          return x.log;
        },
        run: x.run,
        get ip() {
          return (ip ??= proxyaddr(req, exchanges.trust));
        },
      };
    },

    /** The security headers of the BFF's answers (HSTS when the request came over HTTPS, directly or via a trusted proxy). */
    secure(req: IncomingMessage, res: ServerResponse): void {
      for (const [name, value] of exchanges.protocolOf(req) === "https" ? security.https : security.http)
        res.setHeader(name, value);
    },

    /** An error no answer was made for: the chassis error mapper's status, body, headers and log line. */
    fail(req: IncomingMessage, res: ServerResponse, exchange: EdgeExchange | undefined, err: unknown): void {
      const { status, body, headers } = describeError(err, opts.errorStatus);
      logRequestError(exchange?.log ?? logger, err, status, body);
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
