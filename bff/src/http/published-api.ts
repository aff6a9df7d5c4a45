import { createHash } from "node:crypto";
import { IDENTITY_HEADER, SERVICE_HEADER, traceHeadersFor } from "@genui/chassis";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Limit, RateLimiter } from "../session/rate-limit";
import { pathPattern } from "./allow-list";
import { followUpstreamAbort, isGatewayResponse } from "./gateway-page";
import { upstreamAgent } from "./upstream-agent";

/** A route of the published API: API clients with a bearer key, no session, no CSRF, callable from any origin. */
export interface PublishedRoute {
  method: "GET" | "POST";
  path: string;
  /** Counted against the key's requests-per-window budget. */
  limited: boolean;
}

/** The published API (generation service). Everything else under /apps/api/v1 needs a signed-in session. */
export const PUBLISHED_ROUTES: readonly PublishedRoute[] = [
  { method: "POST", path: "/apps/api/v1/chat/completions", limited: true },
  { method: "POST", path: "/apps/api/v1/retrieve/", limited: true },
  { method: "GET", path: "/apps/api/v1/models", limited: true },
  { method: "GET", path: "/apps/api/v1/models/:model", limited: true },
  { method: "GET", path: "/apps/api/v1/openapi.json", limited: false },
];

const compiled = PUBLISHED_ROUTES.map((r) => ({
  ...r,
  regex: pathPattern(r.path),
}));

export interface PublishedApiOptions {
  target: string;
  limiter: RateLimiter;
  perKey: Limit;
}

const rateLimited = (retryAfter: number) => ({
  error: {
    message: `Rate limit reached for this API key. Try again in ${retryAfter} seconds.`,
    type: "requests",
    param: null,
    code: "rate_limit_exceeded",
  },
});

const UPSTREAM_UNAVAILABLE = {
  error: { message: "Upstream service unavailable.", type: "server_error", param: null, code: "upstream_unavailable" },
};

const methodNotAllowed = (method: string, path: string, allow: string) => ({
  error: {
    message: `${method} is not allowed on ${path}; it accepts ${allow}.`,
    type: "invalid_request_error",
    param: null,
    code: "method_not_allowed",
  },
});

/**
 * The published API at the edge: CORS for any origin (pages embed the component and call retrieve with their key;
 * no cookies are involved), per-key rate limits in Redis (429 + Retry-After in OpenAI's error shape), and a
 * streaming proxy to the generation service. Mounted before sessions and CSRF, which do not apply to API keys.
 */
export function publishedApi(opts: PublishedApiOptions): RequestHandler {
  const agent = upstreamAgent(2048);
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
      proxyRes: (proxyRes, _req, res) => {
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
      "access-control-expose-headers": "retry-after, x-request-id, x-should-retry",
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
        .json(methodNotAllowed(req.method, req.path, allow));
      return;
    }
    const key = /^Bearer\s+(\S+)/i.exec(req.header("authorization") ?? "")?.[1];
    if (!route.limited || !key) return void proxy(req, res, next);
    const bucket = createHash("sha256").update(key).digest("base64url").slice(0, 24);
    opts.limiter.hit(`api:key:${bucket}`, opts.perKey).then(
      (wait) => {
        if (wait > 0) {
          res.set("retry-after", String(wait)).status(429).json(rateLimited(wait));
          return;
        }
        void proxy(req, res, next);
      },
      (err: unknown) => next(err),
    );
  };
}
