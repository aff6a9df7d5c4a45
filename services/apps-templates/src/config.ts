import { baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema } from "@genui/chassis";
import { z } from "zod";

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8102),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default("genui_apps"),
  });

export type AppsTemplatesConfig = z.output<typeof configSchema>;

export const loadAppsTemplatesConfig = (env: NodeJS.ProcessEnv = process.env): AppsTemplatesConfig =>
  loadConfig("apps-templates", configSchema, env);
