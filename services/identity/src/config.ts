import {
  LOCAL_PUBLIC_URL,
  TOPOLOGY,
  baseConfigSchema,
  loadConfig,
  mongoConfigSchema,
  natsConfigSchema,
  redisConfigSchema,
} from "@genui/chassis";

import { z } from "zod";

export const GOOGLE_USERINFO_URL = "https://openidconnect.googleapis.com/v1/userinfo";
/** Google's own endpoints for checking its tokens (https://developers.google.com/identity/sign-in/web/backend-auth). */
export const GOOGLE_TOKENINFO_URL = "https://oauth2.googleapis.com/tokeninfo";
export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v1/certs";

export const identityConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(TOPOLOGY.identity.port),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default(TOPOLOGY.identity.database),
    /** When set, a demo account with this e-mail and password exists after boot (local platform only). */
    DEMO_EMAIL: z.email().optional(),
    DEMO_PASSWORD: z.string().min(8).optional(),
    /** Google's OpenID Connect userinfo endpoint; the local platform and tests point it at the stand-in. */
    GOOGLE_USERINFO_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_USERINFO_URL),
    /**
     * The OAuth client id Google tokens must be issued to (the same value as the BFF's GOOGLE_CLIENT_ID). Empty:
     * Google sign-in answers 503 (no token can be checked against an audience).
     */
    GOOGLE_CLIENT_ID: z.string().trim().default(""),
    /** Google's tokeninfo endpoint (checks an access token's audience); the local platform and tests use the stand-in. */
    GOOGLE_TOKENINFO_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_TOKENINFO_URL),
    /** Google's ID-token signing certificates (PEM by key id); the local platform and tests use the stand-in's keys. */
    GOOGLE_CERTS_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_CERTS_URL),
    /** argon2id cost: memory in KiB and iterations (OWASP minimum: 19 MiB, 2 passes). */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8_192).default(19_456),
    ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
    /**
     * Where sign-up mail goes out: smtp://user:pass@host:port (smtps:// for implicit TLS). Empty: sign-up by e-mail
     * answers 503 (nobody could receive its link); Google sign-in still works. Locally, the mail stand-in.
     */
    SMTP_URL: z.union([z.literal(""), z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })]).default(""),
    /** The sender of the platform's mail. */
    MAIL_FROM: z.string().trim().min(3).default("GenUI <no-reply@genui.dev>"),
    /**
     * The site's public address: the links in mail lead there. Required with SMTP_URL in production; elsewhere it
     * defaults to the local platform's address.
     */
    PUBLIC_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
    /** How long a sign-up link works. */
    SIGNUP_LINK_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(1_440),
  })
  .superRefine((cfg, ctx) => {
    // Google's own endpoints only: a stand-in's would verify tokens nobody at Google issued.
    const google = { GOOGLE_USERINFO_URL, GOOGLE_TOKENINFO_URL, GOOGLE_CERTS_URL } as const;
    for (const [key, url] of Object.entries(google) as [keyof typeof google, string][])
      if (cfg.NODE_ENV === "production" && cfg[key] !== url)
        ctx.addIssue({ code: "custom", path: [key], message: `must be ${url} in production` });
    if (cfg.NODE_ENV === "production" && cfg.SMTP_URL && !cfg.PUBLIC_URL)
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required with SMTP_URL (the links in mail lead there)" });
    if (cfg.NODE_ENV === "production" && cfg.DEMO_EMAIL)
      ctx.addIssue({ code: "custom", path: ["DEMO_EMAIL"], message: "the demo account is for the local platform only" });
  });

export type IdentityConfig = z.output<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig("identity", identityConfigSchema, env);

/** Where the links in mail lead. */
export const mailLinkBase = (config: IdentityConfig): string => config.PUBLIC_URL || LOCAL_PUBLIC_URL;
