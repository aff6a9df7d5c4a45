import { TOPOLOGY, baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema, redisConfigSchema } from "@genui/chassis";

import { z } from "zod";
import { KeySealer } from "./domain/api-key";
import type { Quotas } from "./domain/quotas";

const kek = z
  .string()
  .refine(
    (s) => (/^[0-9a-f]{64}$/i.test(s) ? true : Buffer.from(s, "base64").length === 32),
    "must be 32 bytes: 64 hex characters or base64",
  );

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(TOPOLOGY.apps.port),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default(TOPOLOGY.apps.database),
    /** 32 bytes (64 hex characters or base64) sealing the stored copies of API keys (AES-256-GCM). */
    APPS_KEY_ENCRYPTION_KEY: kek,
    /**
     * During a rotation only: a second key that opens stored keys but seals none — the next key before the switch,
     * the previous one after it until `main.js reseal-keys` has re-sealed everything (docs/operations.md).
     */
    APPS_KEY_ROTATION_ENCRYPTION_KEY: z.preprocess((v) => (v === "" ? undefined : v), kek.optional()),
    /** How many live apps one owner may have (deleted apps do not count); the app list answers it as `limit`. */
    APPS_MAX_PER_OWNER: z.coerce.number().int().min(1).max(100_000).default(1_000),
    /** How many templates one app may have; the template list answers it as `limit`. */
    TEMPLATES_MAX_PER_APP: z.coerce.number().int().min(1).max(100_000).default(100),
  });

export type AppsConfig = z.output<typeof configSchema>;

export const loadAppsConfig = (env: NodeJS.ProcessEnv = process.env): AppsConfig => loadConfig("apps", configSchema, env);

/** The per-tenant quotas of the config (domain/quotas.ts). */
export const quotasOf = (config: AppsConfig): Quotas => ({
  appsPerOwner: config.APPS_MAX_PER_OWNER,
  templatesPerApp: config.TEMPLATES_MAX_PER_APP,
});

/** The sealer of stored API keys: the current key seals, the rotation key (when set) opens too. */
export const keySealer = (config: AppsConfig): KeySealer =>
  new KeySealer(
    config.APPS_KEY_ENCRYPTION_KEY,
    config.APPS_KEY_ROTATION_ENCRYPTION_KEY ? [config.APPS_KEY_ROTATION_ENCRYPTION_KEY] : [],
  );
