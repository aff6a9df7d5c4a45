import {
  LOCAL_PUBLIC_URL,
  TOPOLOGY,
  baseConfigSchema,
  loadConfig,
  mongoConfigSchema,
  natsConfigSchema,
  redisConfigSchema,
  trustProxySetting,
} from "@genui/chassis";
import { z } from "zod";
import { KeySealer } from "./domain/api-key";
import type { OAuthLifetimes, RateLimit } from "./domain/oauth";
import type { Quotas } from "./domain/quotas";

/**
 * Why PUBLIC_URL cannot be production's issuer (agent hosts are sent to its pages and check its https), if so. Not a
 * refusal at boot: everything else apps does works without it; the service warns (service.ts).
 */
export function publicUrlProblem(config: Pick<AppsConfig, "NODE_ENV" | "PUBLIC_URL">): string | undefined {
  if (config.NODE_ENV !== "production") return undefined;
  const u = new URL(config.PUBLIC_URL);
  const local = u.protocol !== "https:" || ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].includes(u.hostname);
  return local ? `PUBLIC_URL ${config.PUBLIC_URL} is not a public https address: agent hosts cannot connect (OAuth)` : undefined;
}

/** "N/seconds", e.g. "20/3600": at most N per window. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s, ctx): RateLimit => {
      const m = /^(\d+)\/(\d+)$/.exec(s.trim());
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
        ctx.addIssue({ code: "custom", message: `"${s}" is not a rate limit like 20/3600` });
        return z.NEVER;
      }
      return { max: Number(m[1]), windowSeconds: Number(m[2]) };
    });

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
    /**
     * The site's public origin: the OAuth authorization server's issuer (agent hosts connecting to the MCP server), its
     * endpoints and the consent page are addressed from it.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default(LOCAL_PUBLIC_URL),
    /**
     * Which peers' X-Forwarded-For is believed, so the OAuth endpoints' per-address limits count the client's address:
     * the BFF forwards it, so this is the BFF's own TRUST_PROXY plus its hop (loopback: the BFF on this host; behind a
     * load balancer and a BFF on other hosts, e.g. "2" or their addresses).
     */
    TRUST_PROXY: trustProxySetting,
    /** How long an OAuth access token (gk_oat_…) opens the MCP server. */
    OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
    /** How long an unused refresh token (gk_ort_…) lives; each refresh hands out a new one for as long again. */
    OAUTH_REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(3_600).max(31_536_000).default(2_592_000),
    /** Agent hosts one app may have connected at once (a consent beyond it is refused with a field error). */
    OAUTH_MAX_CONNECTIONS_PER_APP: z.coerce.number().int().min(1).max(10_000).default(100),
    /** Client registrations per address (hosts that register from their servers share theirs). */
    OAUTH_REGISTER_RATE_PER_IP: rateLimit("60/600"),
    /** Authorization requests per address (a user's browser). */
    OAUTH_AUTHORIZE_RATE_PER_IP: rateLimit("100/900"),
    /** Token and revocation requests per client and address (hosts refresh from their servers, for many users). */
    OAUTH_TOKEN_RATE: rateLimit("300/60"),
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

/** The OAuth tokens' lifetimes of the config (domain/oauth.ts). */
export const oauthLifetimesOf = (config: AppsConfig): OAuthLifetimes => ({
  accessSeconds: config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
  refreshSeconds: config.OAUTH_REFRESH_TOKEN_TTL_SECONDS,
});
