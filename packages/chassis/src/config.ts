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
  /** Lifetime of a signed identity, in seconds. */
  INTERNAL_IDENTITY_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export const natsConfigSchema = z.object({
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, "must be a nats:// or tls:// URL"),
  /** Prefix for every subject and stream name; lets tests and tenants share one server. Empty in production. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([a-z0-9_-]+\.)?$/i, "must be empty or a token followed by a dot")
    .default(""),
});

export const mongoConfigSchema = z.object({
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, "must be a mongodb:// URL"),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, "must be a database name"),
});

export const redisConfigSchema = z.object({
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// URL"),
});

/**
 * Parses `env` with `schema`; on failure throws one ConfigError listing every problem, so an operator
 * fixes them all at once instead of one per boot.
 */
export function loadConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = issue.path.join(".") || "(root)";
    const missing = issue.code === "invalid_type" && env[key] === undefined;
    return missing ? `${key}: required but not set` : `${key}: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}
