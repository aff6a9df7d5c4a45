import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { OutboxRelay, ProcessedEvents, ReplyFailure, startService, type Logger, type RunningService } from "@genui/chassis";
import { Apps } from "./apps";
import type { AppsTemplatesConfig } from "./config";
import { KeySealer } from "./domain/api-key";
import { registerSubscriptions } from "./events/subscriptions";
import { appRoutes } from "./http/apps.routes";
import { KeyDirectory } from "./key-directory";
import { OwnerAppsCache } from "./owner-apps-cache";
import { AppRepository, type AppRecord } from "./store/app.repository";
import { TemplateRepository } from "./store/template.repository";
import { Templates } from "./templates";
import { HTTP_STATUS } from "./http/errors";

/** Starts the apps-templates service in this process (main.ts and the integration tests both use it). */
export function startAppsTemplates(config: AppsTemplatesConfig, logger?: Logger): Promise<RunningService> {
  return startService({
    service: "apps-templates",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT, errorStatus: HTTP_STATUS },
    logLevel: config.LOG_LEVEL,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: config.INTERNAL_IDENTITY_SECRET,
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
    setup: async (ctx) => {
      const bus = ctx.bus!;
      const appRepo = new AppRepository(ctx.mongo!);
      const templateRepo = new TemplateRepository(ctx.mongo!);
      await Promise.all([appRepo.init(), templateRepo.init()]);
      const outbox = new OutboxRelay<AppRecord>(appRepo.model, bus, ctx.logger, appRepo.lock);
      const keys = new KeyDirectory(appRepo);
      const lists = new OwnerAppsCache(appRepo);
      appRepo.onChange = (appId) => lists.invalidateApp(appId);
      const apps = new Apps(appRepo, new KeySealer(config.APPS_KEY_ENCRYPTION_KEY), bus, outbox, keys, lists);

      const stopConsumers = await registerSubscriptions(
        bus,
        appRepo,
        templateRepo,
        keys,
        lists,
        ctx.logger,
        apps,
        new ProcessedEvents(ctx.mongo!),
      );
      outbox.start();
      // Apps made before publishable keys get one now (in the background: serving does not wait for it).
      void apps
        .migratePublishableKeys()
        .then((n) => n > 0 && ctx.logger.info({ apps: n }, "publishable keys given to existing apps"))
        .catch((err: unknown) => ctx.logger.warn({ err }, "publishable key migration failed; listing still gives them"));
      ctx.shutdown.add("workers", "event consumers", stopConsumers);
      ctx.shutdown.add("workers", "outbox relay", () => outbox.stop());

      bus.serve(COMMANDS.verifyKey, async (req) => {
        const owner = await keys.verify(req.apiKey);
        if (!owner) throw new ReplyFailure(REPLY_ERRORS.KEY_NOT_FOUND, "unknown API key");
        return owner;
      });

      // Generation asks for an app's published templates per request; a few of the newest are enough to set a style.
      bus.serve(COMMANDS.listPublishedTemplates, async (req) => {
        if (!req.appId) return { templates: [] };
        // Signed-in callers name apps by id: another user's app (or none) is the same answer, so ids are not probed.
        if (req.ownerId && !(await appRepo.findOwned(req.ownerId, req.appId)))
          throw new ReplyFailure(REPLY_ERRORS.APP_NOT_FOUND, "no such app of this user");
        const found = await templateRepo.published(req.appId, 5);
        return { templates: found.map((t) => ({ id: t._id, name: t.name, description: t.description, code: t.code })) };
      });

      ctx.app.use(appRoutes(apps, new Templates(templateRepo)));
    },
  });
}
