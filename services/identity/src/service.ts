import { startService, type Logger, type RunningService } from "@genui/chassis";
import type { IdentityConfig } from "./config";
import { seedDemoUser } from "./demo-seed";
import { meRoutes } from "./http/me.routes";
import { UserRepository } from "./store/user.repository";

/** Starts the identity service in this process (main.ts and the integration tests both use it). */
export function startIdentity(config: IdentityConfig, logger?: Logger): Promise<RunningService> {
  return startService({
    service: "identity",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT },
    logLevel: config.LOG_LEVEL,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: config.INTERNAL_IDENTITY_SECRET,
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
    setup: async (ctx) => {
      const users = new UserRepository(ctx.mongo!);
      await users.init();
      await ctx.bus!.ensureStream("IDENTITY");
      if (config.DEMO_EMAIL && config.DEMO_PASSWORD)
        await seedDemoUser(users, config.DEMO_EMAIL, config.DEMO_PASSWORD, ctx.logger);
      ctx.app.use(meRoutes(users));
    },
  });
}
