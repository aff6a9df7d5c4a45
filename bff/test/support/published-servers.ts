import type { Server } from "node:http";
import {
  IDENTITY_HEADER,
  MALFORMED_PATH,
  SERVICE_HEADER,
  Metrics,
  createHttpApp,
  createLogger,
  finishHttpApp,
  listen,
  startTracing,
  traceHeadersFor,
} from "@genui/chassis";
import { methodNotAllowedBody, pathPattern, type HttpOperation } from "@genui/contracts/http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { HTTP_STATUS } from "../../src/errors";
import { followUpstreamAbort, isGatewayResponse } from "../../src/http/gateway-page";
import { PUBLISHED_ROUTES, addressBucket, publishedApi, type PublishedApiOptions } from "../../src/http/published-api";
import { edgeHeaders } from "../../src/http/security-headers";
import { upstreamAgent } from "../../src/http/upstream-agent";
import type { Limit, LimitCheck } from "../../src/session/rate-limit";

/**
 * The published API as the BFF served it before its lean path (src/http/published-api.ts answers before express now):
 * an express middleware behind the chassis's middlewares and `edgeHeaders()`, proxying with http-proxy-middleware.
 * Kept as the reference the lean path's answers are compared with (bff/src/http/published-edge.test.ts,
 * bff/test/published-api.int.test.ts) and as the "before" of loadtests/bff-edge-bench.mjs; nothing serves with it.
 */
function expressPublishedApi(opts: PublishedApiOptions): RequestHandler {
  const compiled = PUBLISHED_ROUTES.map((r) => ({ ...r, regex: pathPattern(r.path) }));
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
  const UPSTREAM_UNAVAILABLE = {
    error: { message: "Upstream service unavailable.", type: "server_error", param: null, code: "upstream_unavailable" },
  };
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
        proxyReq.removeHeader(IDENTITY_HEADER);
        proxyReq.removeHeader(SERVICE_HEADER);
        proxyReq.removeHeader("cookie");
        const id = req.res?.getHeader("x-request-id");
        if (id) proxyReq.setHeader("x-request-id", String(id));
        proxyReq.removeHeader("traceparent");
        proxyReq.removeHeader("tracestate");
        for (const [k, v] of Object.entries(traceHeadersFor(req))) proxyReq.setHeader(k, v);
      },
      proxyRes: (proxyRes, req, res) => {
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
    const route = matches.find((r: HttpOperation) => r.method === (req.method === "HEAD" ? "GET" : req.method));
    if (!route) {
      res
        .set("allow", allow)
        .status(405)
        .json(methodNotAllowedBody(req.method, req.path, allow));
      return;
    }
    const checks: (LimitCheck & { kind: keyof typeof LIMIT_MESSAGES })[] = [];
    if (opts.perIp) checks.push({ kind: "ip", key: `api:ip:${addressBucket(req.ip)}`, limit: opts.perIp, mode: "hit" });
    if (route.rate === "key" && failures) checks.push({ kind: "failures", key: failuresKey(req), limit: failures, mode: "peek" });
    if (checks.length === 0) return void proxy(req, res, next);
    opts.limiter.check(checks).then(
      (stopped) => {
        if (!stopped) return void proxy(req, res, next);
        const { check, retryAfter: wait } = stopped;
        res.set("retry-after", String(wait));
        if (check.kind === "failures") res.set("x-should-retry", "false");
        res.status(429).json(rateLimited(LIMIT_MESSAGES[check.kind](wait, check.limit)));
      },
      (err: unknown) => next(err),
    );
  };
}

/** What a test's edge logs, counts and traces with by default: nothing logged, metrics of its own, no tracing. */
export const quietEdge = (): Pick<PublishedApiOptions, "logger" | "metrics" | "tracing"> => ({
  logger: createLogger("bff", "silent"),
  metrics: new Metrics("bff"),
  tracing: startTracing("bff", {}),
});

/**
 * The BFF's public server with its published API one way or the other, built as the BFF builds it (the chassis's app
 * without JSON parsing and with an internal listener elsewhere, the edge's headers, the error mapper's statuses):
 * `express` the way it was, `lean` the way it is now (the chassis's `PreRoute` hook). Paths of no published row are
 * the app's (404 here).
 */
export async function publishedServer(
  way: "express" | "lean",
  opts: PublishedApiOptions,
  host = "127.0.0.1",
): Promise<{ server: Server; url: string }> {
  const published = PUBLISHED_ROUTES.map((r) => pathPattern(r.path));
  const app = createHttpApp({
    service: "bff",
    logger: opts.logger,
    metrics: opts.metrics,
    readiness: [],
    bodyLimit: "1mb",
    jsonBody: false,
    ...(opts.trustProxy !== undefined ? { trustProxy: opts.trustProxy } : {}),
    operations: false,
    tracing: opts.tracing,
    malformedPathBody: (p) =>
      published.some((r) => r.test(p))
        ? { error: { message: MALFORMED_PATH, type: "invalid_request_error", param: null, code: "malformed_path" } }
        : { message: MALFORMED_PATH },
  });
  app.use(edgeHeaders());
  if (way === "express") app.use(expressPublishedApi(opts));
  finishHttpApp(app, opts.logger, HTTP_STATUS);
  const { server, url } = await listen(app, host, 0, way === "lean" ? publishedApi(opts) : undefined);
  return { server, url };
}
