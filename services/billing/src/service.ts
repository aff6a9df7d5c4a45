import { startService, type Logger, type RunningService } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import type { BillingConfig } from "./config";
import { Catalogue } from "./domain/catalogue";
import { planRoutes } from "./http/plans.routes";

/** Starts the billing service in this process (main.ts and the integration tests both use it). */
export function startBilling(config: BillingConfig, logger?: Logger): Promise<RunningService> {
  // A broken catalogue stops the boot with a readable reason, before any connection is made.
  const catalogue = Catalogue.fromFile(config.PLANS_FILE);
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
      // Generation learns which models exist from here, never from a copy.
      ctx.bus!.serve(COMMANDS.listModels, async () => ({
        models: catalogue.plans.map((p) => ({
          id: p.id,
          slug: p.id,
          name: p.name,
          description: p.description,
          features: [...p.features],
          inputTextLimit: BigInt(p.input_text_limit),
          outputTextLimit: BigInt(p.output_text_limit),
          isDefault: p.default,
        })),
      }));
      ctx.app.use(planRoutes(catalogue));
    },
  });
}
