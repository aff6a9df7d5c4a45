import {
  identityKeyring,
  OutboxRelay,
  ProcessedEvents,
  RateWindows,
  startService,
  type Logger,
  type RunningService,
} from "@genui/chassis";
import { serveGetAppearance } from "./commands/get-appearance.command";
import { serveListPublishedTemplates } from "./commands/list-published-templates.command";
import { serveVerifyKey } from "./commands/verify-key.command";
import { keySealer, oauthLifetimesOf, publicUrlProblem, quotasOf, type AppsConfig } from "./config";
import { registerEventHandlers } from "./events";
import { appRoutes } from "./http/apps.routes";
import { HTTP_STATUS } from "./http/errors";
import { oauthBodyErrors } from "./http/oauth.routes";
import { AppRepository, appLock, ownerAppsLock, type AppRecord } from "./store/app.repository";
import { OAuthClientRepository } from "./store/oauth-client.repository";
import { OAuthFlowStore } from "./store/oauth-flow.store";
import { GrantRepository, connectionLock } from "./store/oauth-grant.repository";
import { StatusChanges } from "./store/status-changes";
import { KeyDirectory } from "./store/key-directory";
import { OwnerAppsCache, OwnerVersions } from "./store/owner-apps-cache";
import { TemplateRepository, appTemplatesLock, templateLock } from "./store/template.repository";
import { AppCaches } from "./use-cases/app-caches";
import { Appearances } from "./use-cases/appearance";
import { Apps } from "./use-cases/apps";
import { OAuthServer } from "./use-cases/oauth";
import { OAuthLimits } from "./use-cases/oauth-limits";
import { PublishedTemplates } from "./use-cases/published-templates";
import { Templates } from "./use-cases/templates";

/** Starts the apps service in this process (main.ts and the integration tests both use it). */
export function startApps(config: AppsConfig, logger?: Logger): Promise<RunningService> {
  return startService({
    service: "apps",
    http: {
      host: config.HTTP_HOST,
      port: config.HTTP_PORT,
      bodyLimit: config.HTTP_BODY_LIMIT,
      errorStatus: HTTP_STATUS,
      // The client's address for the OAuth endpoints' per-address budgets, as the BFF forwards it.
      trustProxy: config.TRUST_PROXY,
    },
    logLevel: config.LOG_LEVEL,
    heapGrowingPercent: config.HEAP_GROWING_PERCENT,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: identityKeyring(config),
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX, streamReplicas: config.NATS_STREAM_REPLICAS },
    // Locks on app and template documents, and on the per-tenant quotas, that hold across every copy of apps.
    redis: { url: config.REDIS_URL },
    setup: async (ctx) => {
      const bus = ctx.bus!;
      const appRepo = new AppRepository(ctx.mongo!, appLock(ctx.redis!, config));
      const templateRepo = new TemplateRepository(ctx.mongo!, templateLock(ctx.redis!, config));
      const clientRepo = new OAuthClientRepository(ctx.mongo!);
      const grantRepo = new GrantRepository(ctx.mongo!, connectionLock(ctx.redis!, config));
      await Promise.all([appRepo.init(), templateRepo.init(), clientRepo.init(), grantRepo.init()]);
      await bus.ensureStream("APPS");
      const outbox = new OutboxRelay<AppRecord>(appRepo.model, bus, ctx.logger, appRepo.lock);
      const changes = new StatusChanges();
      const keys = new KeyDirectory(appRepo, changes);
      const lists = new OwnerAppsCache(
        appRepo,
        changes,
        undefined,
        undefined,
        new OwnerVersions(ctx.redis!, `${config.REDIS_KEY_PREFIX}apps:owner-version:`),
      );
      appRepo.onChange = (appId) => lists.invalidateApp(appId);
      const quotas = quotasOf(config);
      const apps = new Apps(
        appRepo,
        keySealer(config),
        bus,
        outbox,
        keys,
        lists,
        ownerAppsLock(ctx.redis!, config),
        quotas.appsPerOwner,
      );

      const appearances = new Appearances(appRepo, bus, outbox);
      const templates = new Templates(templateRepo, appTemplatesLock(ctx.redis!, config), quotas.templatesPerApp);
      const caches = new AppCaches(keys, lists, changes);
      // The OAuth authorization server (agent hosts connecting to the MCP server); its tokens are keys of kind "oauth".
      const oauth = new OAuthServer(
        {
          clients: clientRepo,
          grants: grantRepo,
          flows: new OAuthFlowStore(ctx.redis!, config.REDIS_KEY_PREFIX),
          apps: appRepo,
        },
        { bus, outbox, keys },
        {
          publicUrl: config.PUBLIC_URL,
          lifetimes: oauthLifetimesOf(config),
          maxConnectionsPerApp: config.OAUTH_MAX_CONNECTIONS_PER_APP,
        },
        ctx.logger,
      );
      keys.oauthOwners = (hash) => oauth.keyOwner(hash);
      const issuerProblem = publicUrlProblem(config);
      if (issuerProblem) ctx.logger.warn(issuerProblem);
      const oauthLimits = new OAuthLimits(new RateWindows(ctx.redis!, `${config.REDIS_KEY_PREFIX}apps:rl:`), {
        registerPerAddress: config.OAUTH_REGISTER_RATE_PER_IP,
        authorizePerAddress: config.OAUTH_AUTHORIZE_RATE_PER_IP,
        tokenPerClientAddress: config.OAUTH_TOKEN_RATE,
      });

      const stopEventHandlers = await registerEventHandlers(bus, {
        apps,
        templates,
        caches,
        oauth,
        logger: ctx.logger,
        processed: new ProcessedEvents(ctx.mongo!),
      });
      outbox.start();
      // Apps made before publishable keys get one now (in the background: serving does not wait for it).
      void apps
        .migratePublishableKeys()
        .then((n) => n > 0 && ctx.logger.info({ apps: n }, "publishable keys given to existing apps"))
        .catch((err: unknown) => ctx.logger.warn({ err }, "publishable key migration failed; listing still gives them"));
      ctx.shutdown.add("workers", "event consumers", stopEventHandlers);
      ctx.shutdown.add("workers", "outbox relay", () => outbox.stop());

      serveVerifyKey(bus, caches);
      serveListPublishedTemplates(bus, new PublishedTemplates(appRepo, templateRepo));
      serveGetAppearance(bus, appearances);

      ctx.app.use(oauthBodyErrors(), appRoutes(apps, templates, appearances, oauth, oauthLimits));
    },
  });
}
