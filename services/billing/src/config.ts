import path from "node:path";
import { baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema } from "@genui/chassis";
import { z } from "zod";

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8103),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default("genui_billing"),
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
