import path from "node:path";
import { baseConfigSchema, loadConfig } from "@genui/chassis";
import { z } from "zod";

const upstream = z.url({ protocol: /^https?$/ });

export const bffConfigSchema = baseConfigSchema.extend({
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where the built SPA lives (frontend/web/dist). */
  STATIC_DIR: z.string().min(1).default(path.resolve(__dirname, "../../../frontend/web/dist")),
  IDENTITY_URL: upstream.default("http://127.0.0.1:8101"),
  APPS_URL: upstream.default("http://127.0.0.1:8102"),
  BILLING_URL: upstream.default("http://127.0.0.1:8103"),
  GENERATION_URL: upstream.default("http://127.0.0.1:8104"),
  /** "auto": Secure cookies when the request came over HTTPS (directly or via a trusted proxy). */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
});

export type BffConfig = z.output<typeof bffConfigSchema>;

export const loadBffConfig = (env: NodeJS.ProcessEnv = process.env): BffConfig => loadConfig("bff", bffConfigSchema, env);
