import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import type { TLSSocket } from "node:tls";
import { IDENTITY_HEADER, MALFORMED_PATH, SERVICE_HEADER, traceHeadersFor, type PreRoute } from "@genui/chassis";
import { methodNotAllowedBody, pathPattern, publishedRoutes, type HttpOperation } from "@genui/contracts/http";
import type { Limit, LimitCheck, RateLimiter } from "../session/rate-limit";
import { followUpstreamAbort, isGatewayResponse } from "./gateway-page";
import { requestEdge, requestPath, answerJson, type EdgeExchange, type EdgeOptions, type RequestTarget } from "./published-edge";
import { upstreamAgent } from "./upstream-agent";

/** The published API: the route table's rows with the door `key` (API clients with a bearer key, no session). */
export const PUBLISHED_ROUTES: readonly HttpOperation[] = publishedRoutes();

export interface PublishedApiOptions extends EdgeOptions {
  target: string;
  limiter: RateLimiter;
  /** Requests per client address on every published route, before any other check (unset: none). */
  perIp?: Limit;
  /**
   * Answers of 401 (missing or wrong key) per client address: once `max` are counted, that address's requests on the
   * routes that need a key are refused here, unproxied, until the window that began with its first failure ends
   * (unset: not counted).
   */
  keyFailuresPerIp?: Limit;
}

/** OpenAI's rate-limit error: `type` "requests", code "rate_limit_exceeded"; the message says which limit. */
const rateLimited = (message: string) => ({
  error: { message, type: "requests", param: null, code: "rate_limit_exceeded" },
});

const LIMIT_MESSAGES = {
  ip: (wait: number, l: Limit) =>
    `Rate limit reached for requests from your address (${l.max} per ${l.windowSeconds} seconds, whatever the API key). ` +
    `Try again in ${wait} seconds.`,
  failures: (wait: number, l: Limit) =>
    `Too many requests with a missing or wrong API key from your address (${l.max} in ${l.windowSeconds} seconds): ` +
    `requests from it are refused, whatever the API key, for ${wait} more seconds. Check the key you send.`,
} as const;

/**
 * The bucket of a client address: an IPv4 address (also written IPv4-mapped) as it is, an IPv6 address by its /64,
 * the block one subscriber is usually given (a client holding a /64 could otherwise change address per request).
 */
export function addressBucket(ip: string | undefined): string {
  const a = (ip ?? "").trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(a)) return a || "unknown";
  const [head = "", tail] = a.replace(/%.*$/, "").toLowerCase().split("::");
  const groups = (part: string | undefined) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

const UPSTREAM_UNAVAILABLE = {
  error: { message: "Upstream service unavailable.", type: "server_error", param: null, code: "upstream_unavailable" },
};

/** A path that does not decode (the chassis's 400 for every other route), in OpenAI's shape: its clients read that. */
const MALFORMED = { error: { message: MALFORMED_PATH, type: "invalid_request_error", param: null, code: "malformed_path" } };

// WWW-Authenticate and the MCP headers: browser-based MCP hosts read them (the 401's challenge, the protocol); ETag:
// pages revalidate the app's look with it (If-None-Match).
const EXPOSED = "retry-after, x-request-id, x-should-retry, www-authenticate, mcp-protocol-version, mcp-session-id, etag";

/**
 * What the edge says itself on a proxied request, whatever the client sent: only the BFF vouches for users (and never
 * on these routes: identity, service, cookies), the upstream's server span continues this request's trace (W3C
 * traceparent, never a client's own), the request id is the one the answer carries, X-Forwarded-* are the proxy's.
 */
const EDGE_SETS = new Set([
  IDENTITY_HEADER,
  SERVICE_HEADER,
  "cookie",
  "traceparent",
  "tracestate",
  "x-request-id",
  "x-forwarded-for",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-forwarded-host",
]);

/** How long a proxied request may sit with nothing sent either way before it is dropped (an idle stream). */
const PROXY_TIMEOUT_MS = 600_000;

/** The rows a path matches, with what OPTIONS and a 405 answer about them (`Allow`: HEAD beside GET; OPTIONS). */
interface PathRows {
  /** The route label of the path's metrics: the row's path pattern. */
  route: string;
  /** The row per method (HEAD is answered by GET's). */
  byMethod: Map<string, HttpOperation>;
  allow: string;
  corsMethods: string;
}

function pathRows(rows: readonly HttpOperation[]): PathRows {
  const methods = [...new Set(rows.flatMap((m) => (m.method === "GET" ? ["GET", "HEAD"] : [m.method])))];
  const byMethod = new Map<string, HttpOperation>();
  for (const r of rows) if (!byMethod.has(r.method)) byMethod.set(r.method, r);
  return {
    route: rows[0]!.path,
    byMethod,
    allow: [...methods, "OPTIONS"].join(", "),
    corsMethods: [...new Set(rows.map((m) => m.method))].join(", ") + ", OPTIONS",
  };
}

/** The rows by path pattern, in the route table's order, each pattern's answers made once. */
const PATTERNS = [...new Set(PUBLISHED_ROUTES.map((r) => r.path))].map((p) => ({
  regex: pathPattern(p),
  rows: pathRows(PUBLISHED_ROUTES.filter((r) => r.path === p)),
}));

/** The published rows a path matches, or undefined (the request is not the published API's). */
function rowsFor(pathname: string): PathRows | undefined {
  let found: PathRows | undefined;
  let several = false;
  for (const p of PATTERNS)
    if (p.regex.test(pathname)) {
      if (found) several = true;
      found ??= p.rows;
    }
  // Two patterns over one path (none in today's table): their rows together, in the table's order.
  return several ? pathRows(PUBLISHED_ROUTES.filter((r) => pathPattern(r.path).test(pathname))) : found;
}

/**
 * What the service sends in one read leaves the edge in one write. `pipe` writes each piece at once and ends the
 * answer a tick later, so an answer's last event and its end (chunked encoding's terminator) went out as two writes;
 * corked from a piece's arrival until the turn's microtasks, the end (which comes in the ticks before them, and
 * uncorks fully) joins the last piece. Nothing waits: the uncork is in the same turn (docs/performance.md,
 * "Fewer writes per answer").
 */
function corkedUntilTurnEnds(answer: IncomingMessage, res: ServerResponse): void {
  let corked = false;
  const uncork = () => {
    corked = false;
    // An ended answer uncorked itself (and may be gone from its socket).
    if (!res.writableEnded) res.uncork();
  };
  answer.on("data", () => {
    if (corked) return;
    corked = true;
    res.cork();
    queueMicrotask(uncork);
  });
}

/**
 * The published API at the edge, answered before express (`PreRoute`; nothing of the session stack applies to API
 * keys): CORS for any origin (pages embed the component and call retrieve with their key; no cookies are involved),
 * 405 and OPTIONS from the route table, rate limits in Redis per client address and per address's failed key lookups
 * (429 + Retry-After in OpenAI's error shape), and a streaming proxy to the generation service. The edge limits
 * addresses; a key's own budgets are counted once, by generation's admission, which knows what each request asks for
 * (GEN_RATE_PER_TENANT and the others, docs/api.md "Limits").
 *
 * Everything a request of the BFF gets from express and the chassis (ids, access log, metrics, span, security
 * headers, the client's address under TRUST_PROXY) comes from `requestEdge` (published-edge.ts); the proxy is
 * node:http, its answer piped through as it comes (docs/performance.md: the edge's CPU per streamed request). Returns
 * false for a request none of the published rows matches: the app takes it unchanged.
 */
export function publishedApi(opts: PublishedApiOptions): PreRoute {
  const edge = requestEdge(opts);
  const agent = upstreamAgent(2048);
  const target = new URL(opts.target);
  if (target.protocol !== "http:") throw new Error(`the generation service's URL must be http: (${opts.target})`);
  const upstream = {
    // The Host header node:http would send for the target (a client that sent none).
    host: target.host,
    hostname: target.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: Number(target.port || 80),
    base: target.pathname.replace(/\/+$/, ""),
  };
  const failures = opts.keyFailuresPerIp;
  const failuresKey = (x: EdgeExchange) => `api:ip-key-failures:${addressBucket(x.ip)}`;
  const countFailure = (x: EdgeExchange, limit: Limit) => {
    opts.limiter.hit(failuresKey(x), limit).catch((err: unknown) => x.log.warn({ err }, "a failed key lookup was not counted"));
  };

  /**
   * The request's headers as the service receives them, as name/value pairs (node:http writes them as they are): the
   * client's, less what only the edge may say, then X-Forwarded-For, -Port and -Proto appended to and -Host kept or
   * set (as http-proxy's `xfwd` does), the request id and the trace.
   */
  const upstreamHeaders = (req: IncomingMessage, x: EdgeExchange): string[] => {
    const from = req.headers;
    const out: string[] = [];
    // A DELETE or OPTIONS without a length says it has no body (as http-proxy says it).
    const bodiless = (req.method === "DELETE" || req.method === "OPTIONS") && !from["content-length"];
    for (const name in from) {
      if (EDGE_SETS.has(name) || (bodiless && name === "transfer-encoding")) continue;
      const value = from[name];
      if (typeof value === "string") out.push(name, value);
      else if (value) for (const v of value) out.push(name, v);
    }
    if (bodiless) out.push("content-length", "0");
    if (from.host === undefined) out.push("host", upstream.host);
    const socket = req.socket as TLSSocket & { pair?: unknown };
    const encrypted = Boolean(socket.encrypted || socket.pair);
    const forwarded = (name: string, value: string) => {
      const before = from[name];
      out.push(name, before ? `${String(before)},${value}` : value);
    };
    forwarded("x-forwarded-for", String(socket.remoteAddress));
    forwarded("x-forwarded-port", /:(\d+)/.exec(from.host ?? "")?.[1] ?? (encrypted ? "443" : "80"));
    forwarded("x-forwarded-proto", encrypted ? "https" : "http");
    out.push("x-forwarded-host", String(from["x-forwarded-host"] || from.host || ""));
    out.push("x-request-id", x.requestId);
    const trace = traceHeadersFor(req);
    for (const name in trace) out.push(name, trace[name]!);
    return out;
  };

  /** Sends the request to generation and its answer back as it comes; a missing or failing service is a 502. */
  const forward = (req: IncomingMessage, res: ServerResponse, x: EdgeExchange, path: string) => {
    // The client left while its limits were checked: nothing to ask generation for.
    if (req.socket.destroyed) return;
    const proxyReq = http.request({
      hostname: upstream.hostname,
      port: upstream.port,
      path: upstream.base + path,
      method: req.method,
      headers: upstreamHeaders(req, x),
      agent,
    });
    proxyReq.setTimeout(PROXY_TIMEOUT_MS, () => proxyReq.destroy());
    const failed = (err: NodeJS.ErrnoException) => {
      // The client's own connection reset: the request upstream is dropped with it.
      if (req.socket.destroyed && err.code === "ECONNRESET") return void proxyReq.destroy();
      if (!res.headersSent) answerJson(req, res, 502, UPSTREAM_UNAVAILABLE);
    };
    proxyReq.on("error", failed);
    req.on("error", failed);
    // The client gone before its answer ended (it closed the stream, its connection dropped): the request upstream
    // is destroyed, so generation sees the disconnect and stops.
    res.once("close", () => {
      if (!res.writableEnded) proxyReq.destroy();
    });
    proxyReq.on("response", (answer) => {
      // A missing or wrong key: counted against the client's address (the answer itself passes on unchanged).
      if (answer.statusCode === 401 && failures) countFailure(x, failures);
      followUpstreamAbort(answer, res);
      // A load balancer's page in place of the service (no copy answered): the same answer as an unreachable one.
      if (isGatewayResponse(answer) || res.headersSent) {
        answer.resume();
        if (!res.headersSent) answerJson(req, res, 502, UPSTREAM_UNAVAILABLE);
        return;
      }
      // The service's status and headers over the edge's (as http-proxy passes them: Connection kept or added).
      const headers = answer.headers;
      if (req.httpVersion === "1.0") {
        delete headers["transfer-encoding"];
        headers.connection = req.headers.connection || "close";
      } else if (!headers.connection) headers.connection = req.headers.connection || "keep-alive";
      for (const name of Object.keys(headers)) {
        const value = headers[name];
        if (value !== undefined) res.setHeader(name, value);
      }
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      corkedUntilTurnEnds(answer, res);
      answer.pipe(res);
    });
    req.pipe(proxyReq);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, x: EdgeExchange, where: RequestTarget, rows: PathRows) => {
    // A path that does not decode is the client's mistake: 400 before anything else looks at it (as the chassis does).
    try {
      decodeURIComponent(where.pathname);
    } catch {
      answerJson(req, res, 400, MALFORMED);
      return;
    }
    edge.secure(req, res);
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-expose-headers", EXPOSED);
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      res.setHeader("allow", rows.allow);
      res.setHeader("access-control-allow-methods", rows.corsMethods);
      res.setHeader(
        "access-control-allow-headers",
        req.headers["access-control-request-headers"] ?? "authorization, content-type",
      );
      res.setHeader("access-control-max-age", "600");
      res.statusCode = 204;
      res.end();
      return;
    }
    // HEAD is a GET without the body; any other undeclared method is 405 here (never the session/CSRF stack behind).
    const route = rows.byMethod.get(method === "HEAD" ? "GET" : method);
    if (!route) {
      res.setHeader("allow", rows.allow);
      answerJson(req, res, 405, methodNotAllowedBody(method, where.pathname, rows.allow));
      return;
    }
    // In this order, in one round trip to Redis: the address's request budget, then its failed key lookups (only on
    // the routes that need a key; counted when generation answers 401, above). Nothing is proxied — no key lookup, no
    // NATS request — for a request one of them stops.
    const checks: (LimitCheck & { kind: keyof typeof LIMIT_MESSAGES })[] = [];
    if (opts.perIp) checks.push({ kind: "ip", key: `api:ip:${addressBucket(x.ip)}`, limit: opts.perIp, mode: "hit" });
    if (route.rate === "key" && failures) checks.push({ kind: "failures", key: failuresKey(x), limit: failures, mode: "peek" });
    if (checks.length === 0) return forward(req, res, x, where.path);
    opts.limiter
      .check(checks)
      .then((stopped) => {
        if (!stopped) return forward(req, res, x, where.path);
        const { check, retryAfter: wait } = stopped;
        res.setHeader("retry-after", String(wait));
        // The same key will not work in a few seconds: the official clients are told not to retry (x-should-retry).
        if (check.kind === "failures") res.setHeader("x-should-retry", "false");
        answerJson(req, res, 429, rateLimited(LIMIT_MESSAGES[check.kind](wait, check.limit)));
      })
      .catch((err: unknown) => edge.fail(req, res, x, err));
  };

  return (req, res) => {
    const where = requestPath(req.url ?? "/");
    const rows = where && rowsFor(where.pathname);
    if (!where || !rows) return false;
    let x: EdgeExchange | undefined;
    try {
      x = edge.begin(req, res, where.pathname, rows.route);
      answer(req, res, x, where, rows);
    } catch (err) {
      edge.fail(req, res, x, err);
    }
    return true;
  };
}
