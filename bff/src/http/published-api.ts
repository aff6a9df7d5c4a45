import { isIPv4, isIPv6 } from "node:net";
import { IDENTITY_HEADER, SERVICE_HEADER, traceHeadersFor } from "@genui/chassis";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { methodNotAllowedBody, pathPattern, publishedRoutes, type HttpOperation } from "@genui/contracts/http";
import type { Limit, LimitCheck, RateLimiter } from "../session/rate-limit";
import { followUpstreamAbort, isGatewayResponse } from "./gateway-page";
import { upstreamAgent } from "./upstream-agent";

/** The published API: the route table's rows with the door `key` (API clients with a bearer key, no session). */
export const PUBLISHED_ROUTES: readonly HttpOperation[] = publishedRoutes();

const compiled = PUBLISHED_ROUTES.map((r) => ({ ...r, regex: pathPattern(r.path) }));

export interface PublishedApiOptions {
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

/**
 * The published API at the edge: CORS for any origin (pages embed the component and call retrieve with their key;
 * no cookies are involved), rate limits in Redis per client address and per address's failed key lookups (429 +
 * Retry-After in OpenAI's error shape), and a streaming proxy to the generation service. The edge limits addresses;
 * a key's own budgets are counted once, by generation's admission, which knows what each request asks for
 * (GEN_RATE_PER_TENANT and the others, docs/api.md "Limits"). Mounted before sessions and CSRF, which do not apply
 * to API keys.
 */
export function publishedApi(opts: PublishedApiOptions): RequestHandler {
  const agent = upstreamAgent(2048);
  const failures = opts.keyFailuresPerIp;
  const failuresKey = (req: Request) => `api:ip-key-failures:${addressBucket(req.ip)}`;
  const countFailure = (req: Request, limit: Limit) => {
    opts.limiter
      .hit(failuresKey(req), limit)
      .catch((err: unknown) => req.log?.warn({ err }, "a failed key lookup was not counted"));
  };
  const proxy = createProxyMiddleware<Request, Response>({
    target: opts.target,
    changeOrigin: false,
    xfwd: true,
    agent,
    proxyTimeout: 600_000,
    on: {
      proxyReq: (proxyReq, req) => {
        // Only the BFF vouches for users, and never on these routes.
        proxyReq.removeHeader(IDENTITY_HEADER);
        proxyReq.removeHeader(SERVICE_HEADER);
        proxyReq.removeHeader("cookie");
        const id = req.res?.getHeader("x-request-id");
        if (id) proxyReq.setHeader("x-request-id", String(id));
        // The upstream's server span continues this request's trace (W3C traceparent); never a client's own.
        proxyReq.removeHeader("traceparent");
        proxyReq.removeHeader("tracestate");
        for (const [k, v] of Object.entries(traceHeadersFor(req))) proxyReq.setHeader(k, v);
      },
      // A load balancer's page in place of the service (no copy answered): the same answer as an unreachable one.
      proxyRes: (proxyRes, req, res) => {
        // A missing or wrong key: counted against the client's address (the answer itself passes on unchanged).
        if (proxyRes.statusCode === 401 && failures) countFailure(req, failures);
        followUpstreamAbort(proxyRes, res);
        if (!isGatewayResponse(proxyRes)) return;
        proxyRes.resume();
        if (!res.headersSent) res.status(502).json(UPSTREAM_UNAVAILABLE);
      },
      error: (_err, _req, res) => {
        const r = res as Response;
        if ("headersSent" in r && !r.headersSent) r.status(502).json(UPSTREAM_UNAVAILABLE);
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const matches = compiled.filter((r) => r.regex.test(req.path));
    if (matches.length === 0) return next();
    const methods = [...new Set(matches.flatMap((m) => (m.method === "GET" ? ["GET", "HEAD"] : [m.method])))];
    const allow = [...methods, "OPTIONS"].join(", ");
    res.set({
      "access-control-allow-origin": "*",
      // WWW-Authenticate and the MCP headers: browser-based MCP hosts read them (the 401's challenge, the protocol);
      // ETag: pages revalidate the app's look with it (If-None-Match).
      "access-control-expose-headers":
        "retry-after, x-request-id, x-should-retry, www-authenticate, mcp-protocol-version, mcp-session-id, etag",
    });
    if (req.method === "OPTIONS") {
      res.set({
        allow,
        "access-control-allow-methods": [...new Set(matches.map((m) => m.method))].join(", ") + ", OPTIONS",
        "access-control-allow-headers": req.header("access-control-request-headers") ?? "authorization, content-type",
        "access-control-max-age": "600",
      });
      res.status(204).end();
      return;
    }
    // HEAD is a GET without the body; any other undeclared method is 405 here (never the session/CSRF stack behind).
    const route = matches.find((r) => r.method === (req.method === "HEAD" ? "GET" : req.method));
    if (!route) {
      res
        .set("allow", allow)
        .status(405)
        .json(methodNotAllowedBody(req.method, req.path, allow));
      return;
    }
    // In this order, in one round trip to Redis: the address's request budget, then its failed key lookups (only on
    // the routes that need a key; counted when generation answers 401, above). Nothing is proxied — no key lookup, no
    // NATS request — for a request one of them stops.
    const checks: (LimitCheck & { kind: keyof typeof LIMIT_MESSAGES })[] = [];
    if (opts.perIp) checks.push({ kind: "ip", key: `api:ip:${addressBucket(req.ip)}`, limit: opts.perIp, mode: "hit" });
    if (route.rate === "key" && failures) checks.push({ kind: "failures", key: failuresKey(req), limit: failures, mode: "peek" });
    if (checks.length === 0) return void proxy(req, res, next);
    opts.limiter.check(checks).then(
      (stopped) => {
        if (!stopped) return void proxy(req, res, next);
        const { check, retryAfter: wait } = stopped;
        res.set("retry-after", String(wait));
        // The same key will not work in a few seconds: the official clients are told not to retry (x-should-retry).
        if (check.kind === "failures") res.set("x-should-retry", "false");
        res.status(429).json(rateLimited(LIMIT_MESSAGES[check.kind](wait, check.limit)));
      },
      (err: unknown) => next(err),
    );
  };
}
