import path from "node:path";
import { baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema, redisConfigSchema } from "@genui/chassis";
import { z } from "zod";

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({
    /** Prefix for every Redis key of billing (locks, queues); lets tests share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]*$/)
      .default(""),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8103),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default("genui_billing"),
    /** How long a balance hold lives if the request never reports its usage. */
    HOLD_TTL_SECONDS: z.coerce.number().int().min(10).default(600),
    /** The plan catalogue (models and their prices per currency). */
    PLANS_FILE: z
      .string()
      .min(1)
      .default(
        path.resolve(
          __dirname,
          __dirname.split(path.sep).includes("dist") ? "../../catalogue/plans.json" : "../catalogue/plans.json",
        ),
      ),
  });

export type BillingConfig = z.output<typeof configSchema>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig =>
  loadConfig("billing", configSchema, env);
