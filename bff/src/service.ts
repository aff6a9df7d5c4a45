import { jsonBody, startService, type Logger, type ReadinessCheck, type RunningService } from "@genui/chassis";
import type { BffConfig } from "./config";
import { getCsrf, requireCsrf } from "./http/csrf";
import { allowListProxy } from "./http/proxy";
import { spaRoutes } from "./http/spa";

function upstreamReady(name: string, base: string): ReadinessCheck {
  return {
    name,
    check: async () => {
      const res = await fetch(new URL("/healthz", base), { signal: AbortSignal.timeout(1_500) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
    },
  };
}

/** Starts the BFF, the only process a browser or API client talks to. */
export function startBff(config: BffConfig, logger?: Logger): Promise<RunningService> {
  const upstreams = {
    identity: config.IDENTITY_URL,
    apps: config.APPS_URL,
    billing: config.BILLING_URL,
    generation: config.GENERATION_URL,
  };
  return startService({
    service: "bff",
    // Bodies of proxied routes pass through untouched; the BFF parses JSON only on its own routes.
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT, jsonBody: false },
    logLevel: config.LOG_LEVEL,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    readiness: Object.entries(upstreams).map(([name, url]) => upstreamReady(name, url)),
    setup: (ctx) => {
      ctx.app.get("/get-csrf/", getCsrf(config.COOKIE_SECURE));
      ctx.app.use(requireCsrf);
      ctx.app.use(jsonBody(config.HTTP_BODY_LIMIT));
      // Sessions arrive with sign-in; until a request has a signed-in user, nothing is forwarded as identity.
      ctx.app.use(allowListProxy({ upstreams, identityFor: () => undefined }));
      ctx.app.use(spaRoutes(config.STATIC_DIR));
    },
  });
}
