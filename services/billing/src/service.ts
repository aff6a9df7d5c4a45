import { startService, type Logger, type RunningService } from "@genui/chassis";
import type { BillingConfig } from "./config";

/** Starts the billing service in this process (main.ts and the integration tests both use it). */
export function startBilling(config: BillingConfig, logger?: Logger): Promise<RunningService> {
  return startService({
    service: "billing",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT },
    logLevel: config.LOG_LEVEL,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: config.INTERNAL_IDENTITY_SECRET,
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
    setup: async (ctx) => {
      await ctx.bus!.ensureStream("BILLING");
    },
  });
}
