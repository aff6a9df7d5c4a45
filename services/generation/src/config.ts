import { baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema, redisConfigSchema } from "@genui/chassis";
import { z } from "zod";

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8104),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default("genui_generation"),
  });

export type GenerationConfig = z.output<typeof configSchema>;

export const loadGenerationConfig = (env: NodeJS.ProcessEnv = process.env): GenerationConfig =>
  loadConfig("generation", configSchema, env);

/** The worker process: its own metrics/health port; no database of its own (it reports usage as events). */
export const workerConfigSchema = baseConfigSchema
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({ HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8105) });

export type WorkerConfig = z.output<typeof workerConfigSchema>;

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env): WorkerConfig =>
  loadConfig("generation-worker", workerConfigSchema, env);
