import { TOPOLOGY, baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema } from "@genui/chassis";

import { z } from "zod";

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(TOPOLOGY.apps.port),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default(TOPOLOGY.apps.database),
    /** 32 bytes (64 hex characters or base64) sealing the stored copies of API keys (AES-256-GCM). */
    APPS_KEY_ENCRYPTION_KEY: z
      .string()
      .refine(
        (s) => (/^[0-9a-f]{64}$/i.test(s) ? true : Buffer.from(s, "base64").length === 32),
        "must be 32 bytes: 64 hex characters or base64",
      ),
  });

export type AppsTemplatesConfig = z.output<typeof configSchema>;

export const loadAppsTemplatesConfig = (env: NodeJS.ProcessEnv = process.env): AppsTemplatesConfig =>
  loadConfig("apps-templates", configSchema, env);
