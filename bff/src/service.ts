import {
  identityKeyring,
  jsonBody,
  operationRouter,
  signIdentity,
  startService,
  type Handlers,
  type Logger,
  type ReadinessCheck,
  type RunningService,
} from "@genui/chassis";
import path from "node:path";
import type { Request, Response } from "express";
import session from "express-session";
import type { BffConfig } from "./config";
import { HTTP_STATUS } from "./errors";
import { authHandlers, configurePassport } from "./http/auth.routes";
import { clientConfig } from "./http/client-config";
import { createCsrf } from "./http/csrf";
import { methodNotAllowed } from "./http/method-not-allowed";
import { allowListProxy } from "./http/proxy";
import { publishedApi } from "./http/published-api";
import { crossOrigin } from "./http/cross-origin";
import { ROUTES } from "@genui/contracts/http";
import { startContentListener } from "./http/content-origin";
import { schemaHandlers, screenRoutes } from "./http/screens";
import { signedInOpenApiDocument } from "./http/signed-in-openapi";
import { edgeHeaders, spaPageHeaders } from "./http/security-headers";
import { spaRoutes } from "./http/spa";
import { IdentityClient } from "./identity/identity-client";
import { RateLimiter, tooManyRequests } from "./session/rate-limit";
import { RedisSessionStore } from "./session/redis-store";
import { SessionEpochs, enforceSessionEpoch } from "./session/session-epochs";

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
    http: {
      host: config.HTTP_HOST,
      port: config.HTTP_PORT,
      bodyLimit: config.HTTP_BODY_LIMIT,
      jsonBody: false,
      trustProxy: config.TRUST_PROXY,
      // The BFF is public: metrics and the detailed readiness answer only on the operators' listener.
      internal: { host: config.INTERNAL_HTTP_HOST, port: config.INTERNAL_HTTP_PORT },
      errorStatus: HTTP_STATUS,
      // Its ids are handed on explicitly (to identity: identity-client.ts; to the services: the proxy's headers).
      context: "explicit",
    },
    logLevel: config.LOG_LEVEL,
    heapGrowingPercent: config.HEAP_GROWING_PERCENT,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    redis: { url: config.REDIS_URL },
    readiness: Object.entries(upstreams).map(([name, url]) => upstreamReady(name, url)),
    setup: async (ctx) => {
      const redis = ctx.redis!;
      const keyring = identityKeyring(config);
      const identity = new IdentityClient(config.IDENTITY_URL, keyring);
      const limiter = new RateLimiter(redis, `${config.REDIS_KEY_PREFIX}rl:`);
      const passport = configurePassport(identity);
      const epochs = new SessionEpochs(redis, `${config.REDIS_KEY_PREFIX}sess-epoch:`, config.SESSION_TTL_SECONDS);
      const app = ctx.app;
      const csrf = createCsrf({
        secret: config.SESSION_SECRET,
        production: config.NODE_ENV === "production",
        cookieSecure: config.COOKIE_SECURE,
      });

      const json = jsonBody(config.HTTP_BODY_LIMIT);
      const openApi = signedInOpenApiDocument();
      // The BFF's own rows of the route table, each with its handler; mounted in three groups below.
      const own: Handlers<"bff"> = {
        "bff.openapi": (_req: Request, res: Response) => {
          res.set("cache-control", "public, max-age=300");
          res.json(openApi);
        },
        "bff.config": clientConfig(config, csrf.cookieName),
        ...schemaHandlers(),
        "bff.csrf": csrf.getCsrf,
        ...authHandlers(
          passport,
          identity,
          limiter,
          {
            loginPerIp: config.LOGIN_RATE_PER_IP,
            loginPerEmail: config.LOGIN_RATE_PER_EMAIL,
            signupPerIp: config.SIGNUP_RATE_PER_IP,
            signupPerEmail: config.SIGNUP_RATE_PER_EMAIL,
          },
          json,
          epochs,
          csrf.rotate,
        ),
      };

      // The published API (API keys; no session, CSRF or body parsing): every request on its rows' paths is answered
      // before express sees it, with the same ids, log line, metrics, span and edge headers (published-api.ts).
      ctx.preRoute = publishedApi({
        target: config.GENERATION_URL,
        limiter,
        perIp: config.API_RATE_PER_IP,
        keyFailuresPerIp: config.API_KEY_FAILURES_PER_IP,
        logger: ctx.logger,
        metrics: ctx.metrics,
        tracing: ctx.tracing,
        trustProxy: config.TRUST_PROXY,
        errorStatus: HTTP_STATUS,
        context: ctx.context,
      });
      app.use(edgeHeaders());
      // Public documents: no session needed.
      app.use(operationRouter("bff", own, ["bff.openapi", "bff.config", "bff.screenSchema", "bff.catalogueSchema"]));
      app.use(screenRoutes(config.IFRAME_DIR, config.EMBED_DIR, { contentOrigin: config.CONTENT_ORIGIN }));
      // The content origin's own listener: generated UI's documents only (CONTENT_HTTP_PORT; docs/operations.md).
      if (config.CONTENT_HTTP_PORT !== undefined)
        await startContentListener(ctx, {
          host: config.CONTENT_HTTP_HOST ?? config.HTTP_HOST,
          port: config.CONTENT_HTTP_PORT,
          iframeDir: config.IFRAME_DIR,
          trustProxy: config.TRUST_PROXY,
        });
      // The OAuth endpoints and metadata a browser-based MCP host calls from its own origin (no cookies).
      app.use(crossOrigin());
      app.use(spaRoutes.assets(config.STATIC_DIR));
      app.use(
        session({
          name: "sessionid",
          secret: config.SESSION_SECRET,
          store: new RedisSessionStore(redis, `${config.REDIS_KEY_PREFIX}sess:`, config.SESSION_TTL_SECONDS),
          resave: false,
          saveUninitialized: false,
          rolling: false,
          // proxy unset: Secure follows req.secure, i.e. the app's TRUST_PROXY (true would believe any peer's header).
          cookie: {
            httpOnly: true,
            sameSite: "lax",
            secure: config.COOKIE_SECURE === "auto" ? "auto" : config.COOKIE_SECURE === "true",
            maxAge: config.SESSION_TTL_SECONDS * 1000,
            path: "/",
          },
        }),
      );
      app.use(passport.session());
      app.use(enforceSessionEpoch(epochs));
      // After the session: the token is bound to it.
      app.use(operationRouter("bff", own, ["bff.csrf"]));
      app.use(methodNotAllowed());
      app.use(csrf.requireCsrf);
      app.use(
        operationRouter("bff", own, ["bff.loginPassword", "bff.loginGoogle", "bff.register", "bff.confirmSignup", "bff.logout"]),
      );
      // The contact form's per-address budget, before the proxy passes the message on.
      for (const row of ROUTES.filter((r) => r.rate === "contact"))
        app[row.method.toLowerCase() as "post"](row.path, async (req, _res, next) => {
          const wait = await limiter.hit(`contact:ip:${req.ip}`, config.CONTACT_RATE_PER_IP);
          next(wait > 0 ? tooManyRequests("messages from this address", wait) : undefined);
        });
      app.use(
        allowListProxy({
          upstreams,
          identityFor: (req) => (req.user ? signIdentity(req.user.id, keyring, config.INTERNAL_IDENTITY_TTL_SECONDS) : undefined),
        }),
      );
      app.use(spaRoutes.pages(config.STATIC_DIR, spaPageHeaders(path.join(config.STATIC_DIR, "index.html"), config)));
    },
  });
}
