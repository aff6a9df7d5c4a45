import { IDENTITY_HEADER, notFound, traceHeadersFor, unauthorized } from "@genui/chassis";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { matchRoute, type Upstream } from "./allow-list";
import { followUpstreamAbort, isGatewayResponse } from "./gateway-page";
import { upstreamAgent } from "./upstream-agent";

export interface ProxyOptions {
  upstreams: Record<Upstream, string>;
  /** The signed identity of the signed-in user of this request, if any. */
  identityFor: (req: Request) => string | undefined;
}

/**
 * Proxies allow-listed routes. Whatever identity header the client sent is dropped; the BFF's own signature is the
 * only identity a service ever sees.
 */
export function allowListProxy(opts: ProxyOptions): RequestHandler {
  const proxies = new Map<Upstream, RequestHandler>();
  const agent = upstreamAgent(512);
  for (const [name, target] of Object.entries(opts.upstreams) as [Upstream, string][]) {
    proxies.set(
      name,
      createProxyMiddleware<Request, Response>({
        target,
        changeOrigin: false,
        xfwd: true,
        agent,
        proxyTimeout: 600_000,
        on: {
          proxyReq: (proxyReq, req) => {
            proxyReq.removeHeader(IDENTITY_HEADER);
            const identity = opts.identityFor(req);
            if (identity) proxyReq.setHeader(IDENTITY_HEADER, identity);
            const ids = req.res?.getHeaders();
            if (ids?.["x-request-id"]) proxyReq.setHeader("x-request-id", String(ids["x-request-id"]));
            if (ids?.["x-correlation-id"]) proxyReq.setHeader("x-correlation-id", String(ids["x-correlation-id"]));
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
            if (!res.headersSent) res.status(502).json({ message: "Upstream service unavailable." });
          },
          error: (err, req, res) => {
            req.log?.error({ err, upstream: name }, "upstream unreachable: answered 502");
            const r = res as Response;
            if ("headersSent" in r && !r.headersSent) r.status(502).json({ message: "Upstream service unavailable." });
          },
        },
      }),
    );
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const route = matchRoute(req.method, req.path);
    if (!route) return next();
    if (route.door === "session" && !opts.identityFor(req)) return next(unauthorized());
    const proxy = proxies.get(route.server as Upstream);
    if (!proxy) return next(notFound());
    void proxy(req, res, next);
  };
}
