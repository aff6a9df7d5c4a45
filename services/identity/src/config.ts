import { baseConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema } from "@genui/chassis";
import { z } from "zod";

export const identityConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8101),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default("genui_identity"),
    /** When set, a demo account with this e-mail and password exists after boot (local platform only). */
    DEMO_EMAIL: z.email().optional(),
    DEMO_PASSWORD: z.string().min(8).optional(),
  });

export type IdentityConfig = z.output<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig("identity", identityConfigSchema, env);
