import express from "express";
import { z } from "zod";

/** Thrown when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const port = z.coerce.number().int().min(0).max(65535);

/** Fields every service process reads. Services extend this with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HTTP_HOST: z.string().min(1).default("127.0.0.1"),
  HTTP_PORT: port,
  /** Largest JSON body accepted, in bytes-ish notation understood by express ("1mb"). */
  HTTP_BODY_LIMIT: z.string().min(1).default("1mb"),
  /** Secret shared by the BFF (signs) and services (verify) for the forwarded user identity. */
  INTERNAL_IDENTITY_SECRET: z.string().min(32, "must be at least 32 characters"),
  /**
   * During a rotation only: a second secret every process accepts but none signs with — the next secret before the
   * switch, the previous one after it (docs/operations.md, "Rotating secrets").
   */
  INTERNAL_IDENTITY_ROTATION_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  /** Lifetime of a signed identity, in seconds. */
  INTERNAL_IDENTITY_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * How far V8 lets the old generation grow past what a full collection left alive before the next one, in percent
   * (V8's `--heap-growing-percent`, which NODE_OPTIONS does not carry); 0: V8's own factor. The topology gives the
   * BFF 20: a burst of streams then holds less garbage there (docs/performance.md, "Memory").
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(0),
});

export const natsConfigSchema = z.object({
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, "must be a nats:// or tls:// URL"),
  /**
   * Replicas of the JetStream streams this service owns (1 on a single server; 3 on a production cluster). Applied when
   * a stream is created and to an existing stream whose replicas differ.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Prefix for every subject and stream name; lets tests and tenants share one server. Empty in production. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([a-z0-9_-]+\.)?$/i, "must be empty or a token followed by a dot")
    .default(""),
  /**
   * How long a bus request that is safe to repeat (all of them today: reads, and the balance hold, single per request
   * id) keeps trying through a restart of NATS or of its responders before the caller answers 503; each try keeps its
   * own timeout. 0: one try. Read by the bus itself (bus/core.ts).
   */
  BUS_REQUEST_RETRY_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export const mongoConfigSchema = z.object({
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, "must be a mongodb:// URL"),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, "must be a database name"),
});

export const redisConfigSchema = z.object({
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// URL"),
  /** Prefix of every Redis key the service writes (locks, queues, limits); lets tests and profiles share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]*$/)
    .default(""),
});

/**
 * The placeholder secrets of .env.example (and earlier copies of it). Production refuses them outright; the unit test
 * checks that every secret .env.example holds is refused, so a new placeholder cannot slip through.
 */
export const PLACEHOLDER_SECRETS: readonly string[] = [
  "change-me-to-64-random-hex-characters-0123456789abcdef",
  "change-me-to-another-64-random-hex-characters-0123456789abcdef",
  "0".repeat(64),
  "demo-password",
  "genui-local-paypal-secret",
  "genui-local-cashfree-secret",
];

/** Variables holding secrets: a leaked placeholder or a guessable value there is a breach waiting to happen. */
export const isSecretName = (name: string) => /(SECRET|PASSWORD|ENCRYPTION_KEY)$/.test(name);

/** Words only a placeholder contains. */
const PLACEHOLDER_WORDS = /change[-_ ]?me|placeholder|replace[-_ ]?me|your[-_]|example|xxxxxx|^secret$|^password$/i;

/** Shannon entropy of the string's own character distribution, in bits for the whole string (a rough upper bound). */
function entropyBits(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / s.length) * Math.log2(n / s.length);
  return perChar * s.length;
}

/** Why a secret is unfit for production, or undefined when it looks random enough. */
export function weakSecretReason(value: string): string | undefined {
  if (PLACEHOLDER_SECRETS.includes(value)) return "is the placeholder from .env.example";
  if (PLACEHOLDER_WORDS.test(value)) return "looks like a placeholder";
  if (value.length < 24) return "is too short (24+ random characters)";
  // "0000…", "abab…", "abcabc…": a short pattern repeated.
  if (/^(.{1,8}?)\1+$/s.test(value)) return "is a repeated pattern";
  if (new Set(value).size < 8 || entropyBits(value) < 96) return "has too little randomness";
  return undefined;
}

const SANDBOX_HOSTS = /(^|\.)sandbox\.|\.sandbox\./i;

/** Loopback, unspecified or private-network hosts: the local stand-ins live there, the real providers never do. */
function isLocalHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    h === "localhost" ||
    h.endsWith(".localhost") ||
    h === "::1" ||
    h === "::" ||
    /^127\./.test(h) ||
    /^0\./.test(h) ||
    /^10\./.test(h) ||
    /^192\.168\./.test(h) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(h)
  );
}

/**
 * Addresses of outside parties (Google, PayPal, Cashfree, the site's own public origin): in production they must be
 * public https addresses, not the local stand-ins (google-sim, payments-sim) nor a provider's sandbox.
 */
export const PUBLIC_URL_NAMES: readonly string[] = [
  "PUBLIC_URL",
  "GOOGLE_USERINFO_URL",
  "GOOGLE_SCRIPT_URL",
  "PAYPAL_BASE_URL",
  "PAYPAL_SDK_URL",
  "CASHFREE_BASE_URL",
  "CASHFREE_SDK_URL",
];

/** Local-platform conveniences that must never reach production. */
const LOCAL_ONLY_NAMES = ["DEMO_EMAIL", "DEMO_PASSWORD", "DEMO_CREDIT_EMAIL"];

/**
 * What a production process refuses (NODE_ENV=production), for the variables it reads: placeholder or low-entropy
 * secrets, sandbox payments, local stand-ins' or sandbox addresses, demo accounts and credit, cookies without Secure.
 */
export function productionProblems(values: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (raw === undefined || raw === null || raw === "") continue;
    const value = String(raw);
    if (isSecretName(key)) {
      const why = weakSecretReason(value);
      if (why) problems.push(`${key}: ${why}; production needs a random secret (e.g. openssl rand -hex 32)`);
    } else if (PUBLIC_URL_NAMES.includes(key)) {
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      if (!url || url.protocol !== "https:" || isLocalHost(url.hostname))
        problems.push(`${key}: must be a public https address in production (not a local stand-in)`);
      else if (SANDBOX_HOSTS.test(url.hostname)) problems.push(`${key}: is a sandbox address; production takes live payments`);
    } else if (LOCAL_ONLY_NAMES.includes(key)) {
      problems.push(`${key}: demo accounts and credit are for the local platform only`);
    } else if (key === "PAYMENTS_MODE" && value === "sandbox") {
      problems.push("PAYMENTS_MODE: sandbox is for the local platform and staging; production takes live payments");
    } else if (key === "COOKIE_SECURE" && value === "false") {
      problems.push("COOKIE_SECURE: production cookies must be Secure (auto or true)");
    }
  }
  return problems;
}

const isProduction = (values: Record<string, unknown>) => values.NODE_ENV === "production";

/** Each field parsed on its own (defaults applied; a field that fails keeps its raw value), when the whole did not parse. */
function fieldValues(schema: z.ZodType, env: NodeJS.ProcessEnv): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return { ...env };
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const r = field.safeParse(env[key]);
    out[key] = r.success ? r.data : env[key];
  }
  return out;
}

/**
 * Parses `env` with `schema`; on failure throws one ConfigError listing every problem, so an operator
 * fixes them all at once instead of one per boot. In production, unsafe settings (`productionProblems`) are
 * problems too.
 */
export function loadConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const parsed = schema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = issue.path.join(".") || "(root)";
        const missing = issue.code === "invalid_type" && env[key] === undefined;
        return missing ? `${key}: required but not set` : `${key}: ${issue.message}`;
      });
  // Defaults count (an unset PAYMENTS_MODE is sandbox), also when other fields failed: one error lists everything.
  const values: Record<string, unknown> = parsed.success ? (parsed.data as Record<string, unknown>) : fieldValues(schema, env);
  if (isProduction(values)) {
    const named = new Set(problems.map((p) => p.slice(0, p.indexOf(":"))));
    for (const p of productionProblems(values)) if (!named.has(p.slice(0, p.indexOf(":")))) problems.push(p);
  }
  if (problems.length === 0 && parsed.success) return parsed.data;
  throw new ConfigError(service, problems);
}

/**
 * express's `trust proxy` as a setting (TRUST_PROXY): "true"/"false", a hop count ("1": the one load balancer in
 * front), or a comma-separated list of addresses, CIDRs and names (loopback, linklocal, uniquelocal). Checked at boot:
 * express compiles it here. Default loopback: a proxy on this host.
 */
export const trustProxySetting = z
  .string()
  .default("loopback")
  .transform((s, ctx): boolean | number | string => {
    const v = s.trim();
    if (v === "true" || v === "false") return v === "true";
    if (/^\d+$/.test(v)) return Number(v);
    try {
      express().set("trust proxy", v);
      return v;
    } catch (err) {
      ctx.addIssue({ code: "custom", message: `not a trust proxy setting: ${(err as Error).message}` });
      return z.NEVER;
    }
  });
