import path from "node:path";
import { TOPOLOGY, baseConfigSchema, loadConfig, redisConfigSchema, trustProxySetting } from "@genui/chassis";

import { z } from "zod";
import { parseLimit } from "./session/rate-limit";

const upstream = z.url({ protocol: /^https?$/ });
const limit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s, ctx) => {
      try {
        return parseLimit(s);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

export const bffConfigSchema = baseConfigSchema.extend(redisConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(TOPOLOGY.bff.port),
  /**
   * Which peers' X-Forwarded-For / X-Forwarded-Proto are believed (client address for rate limits, HTTPS for Secure
   * cookies and HSTS). Default loopback: a proxy on this host. Behind a load balancer: its hop count or addresses.
   */
  TRUST_PROXY: trustProxySetting,
  /** The operators' listener: /metrics and the detailed /readyz answer only here, never on the public port. */
  INTERNAL_HTTP_HOST: z.string().min(1).default("127.0.0.1"),
  INTERNAL_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(9080),
  /** Where the built SPA lives (frontend/web/dist). */
  STATIC_DIR: z.string().min(1).default(path.resolve(__dirname, "../../../frontend/web/dist")),
  /** Where the built iframe page lives (frontend/iframe/dist), served at /apps/api/v1/iframe/static/. */
  IFRAME_DIR: z.string().min(1).default(path.resolve(__dirname, "../../../frontend/iframe/dist")),
  /** Where the built loader script lives (frontend/embed/dist), served at /apps/api/v1/embed/genui-loader.js. */
  EMBED_DIR: z.string().min(1).default(path.resolve(__dirname, "../../../frontend/embed/dist")),
  /**
   * The separate origin the iframe documents (generated UI: /apps/api/v1/iframe/static/ and its gallery and
   * playground) are served from, e.g. https://frames.genui-content.net; "" (default) serves them on this origin. When
   * set, this origin answers those documents with a redirect there, so generated UI never shares the product's origin.
   */
  CONTENT_ORIGIN: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ })])
    .default("")
    .transform((s, ctx) => {
      if (s === "") return "";
      const u = new URL(s);
      if (u.pathname !== "/" || u.search || u.hash || u.username || u.password)
        ctx.addIssue({
          code: "custom",
          message: "must be an origin only (scheme, host and port), e.g. https://frames.example.com",
        });
      return u.origin;
    }),
  /**
   * A second listener that serves only the iframe documents and their assets (and /healthz): what CONTENT_ORIGIN
   * points at, e.g. through a load balancer. Unset (default): none. 0 picks a free port.
   */
  CONTENT_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The content listener's address (default: HTTP_HOST). */
  CONTENT_HTTP_HOST: z.string().min(1).optional(),
  IDENTITY_URL: upstream.default(TOPOLOGY.identity.localUrl),
  APPS_URL: upstream.default(TOPOLOGY.apps.localUrl),
  BILLING_URL: upstream.default(TOPOLOGY.billing.localUrl),
  GENERATION_URL: upstream.default(TOPOLOGY.generation.localUrl),
  /** "auto": Secure cookies when the request came over HTTPS (directly or via a trusted proxy). */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /** Signs the `sessionid` cookie. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
  /** Session lifetime from sign-in, in seconds (default 14 days). */
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
  /** Rate limits as "max/windowSeconds". */
  LOGIN_RATE_PER_IP: limit("30/60"),
  LOGIN_RATE_PER_EMAIL: limit("10/900"),
  SIGNUP_RATE_PER_IP: limit("10/3600"),
  /** Sign-ups naming one e-mail address, from anywhere (each sends that inbox a mail). */
  SIGNUP_RATE_PER_EMAIL: limit("5/3600"),
  CONTACT_RATE_PER_IP: limit("5/600"),
  /**
   * Published API requests per client address (every published route, whatever the key; IPv6 by its /64), checked
   * before anything else and before anything is proxied.
   */
  API_RATE_PER_IP: limit("1200/60"),
  /**
   * Missing or wrong API keys (generation's 401s) per client address: past this many in the window (which starts at
   * the first), that address's keyed requests are answered 429 at the BFF, unproxied, until the window ends.
   */
  API_KEY_FAILURES_PER_IP: limit("20/600"),
  /**
   * Where the browser loads the providers' scripts from (GET /get-config/). Production: the providers' own URLs;
   * the local platform points them at its stand-ins (google-sim, payments-sim). Public values only, never secrets.
   */
  GOOGLE_CLIENT_ID: z.string().default(""),
  GOOGLE_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com/gsi/client"),
  PAYPAL_SDK_URL: z.url({ protocol: /^https?$/ }).default("https://www.paypal.com/sdk/js"),
  CASHFREE_SDK_URL: z.url({ protocol: /^https?$/ }).default("https://sdk.cashfree.com/js/v3/cashfree.js"),
  /**
   * How the SPA's chat streams answers (GET /get-config/ `chat_stream`): "snapshots" (SPEC's: the server evaluates
   * and sends the whole screen so far; its first component showed as soon or sooner in bench:chat, docs/decisions.md)
   * or "deltas" (content pieces, evaluated in the browser's sandbox as they come).
   */
  CHAT_STREAM: z.enum(["deltas", "snapshots"]).default("snapshots"),
});

export type BffConfig = z.output<typeof bffConfigSchema>;

export const loadBffConfig = (env: NodeJS.ProcessEnv = process.env): BffConfig => loadConfig("bff", bffConfigSchema, env);
