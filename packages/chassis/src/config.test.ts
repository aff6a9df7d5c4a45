import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigError, baseConfigSchema, isSecretName, loadConfig, mongoConfigSchema, weakSecretReason } from "./config";

const schema = baseConfigSchema.extend(mongoConfigSchema.shape);

describe("loadConfig", () => {
  it("when every variable is valid, then defaults fill the rest", () => {
    const cfg = loadConfig("svc", schema, {
      HTTP_PORT: "8101",
      INTERNAL_IDENTITY_SECRET: "x".repeat(32),
      MONGO_URL: "mongodb://127.0.0.1:27018",
      MONGO_DB: "genui_identity",
    });
    expect(cfg).toMatchObject({ HTTP_PORT: 8101, HTTP_HOST: "127.0.0.1", LOG_LEVEL: "info", HTTP_BODY_LIMIT: "1mb" });
  });

  it("when the identity rotation secret is empty, then there is none; when it is short, then it is refused", () => {
    const env = {
      HTTP_PORT: "8101",
      INTERNAL_IDENTITY_SECRET: "x".repeat(32),
      MONGO_URL: "mongodb://127.0.0.1:27018",
      MONGO_DB: "genui_identity",
    };
    expect(loadConfig("svc", schema, { ...env, INTERNAL_IDENTITY_ROTATION_SECRET: "" }).INTERNAL_IDENTITY_ROTATION_SECRET).toBe(
      undefined,
    );
    expect(() => loadConfig("svc", schema, { ...env, INTERNAL_IDENTITY_ROTATION_SECRET: "short" })).toThrow(
      /INTERNAL_IDENTITY_ROTATION_SECRET: must be at least 32 characters/,
    );
  });

  it("when several variables are wrong, then one error lists every problem readably", () => {
    let error: unknown;
    try {
      loadConfig("identity", schema, { HTTP_PORT: "99999", INTERNAL_IDENTITY_SECRET: "short", MONGO_URL: "http://x" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^HTTP_PORT: /),
        "INTERNAL_IDENTITY_SECRET: must be at least 32 characters",
        "MONGO_URL: must be a mongodb:// URL",
        "MONGO_DB: required but not set",
      ]),
    );
    expect(message).toContain("identity: invalid configuration");
  });

  it("when a service extends the schema, then its own fields are validated too", () => {
    const s = z.object({ LIMIT: z.coerce.number().int().positive() });
    expect(() => loadConfig("svc", s, { LIMIT: "-1" })).toThrow(/LIMIT: /);
  });
});

describe("production refuses unsafe configuration", () => {
  const strong = "9f2c7a41e8b35d60c1a7f4e29b8d3c56e0a1f7b42c9d8e35a6b0c4f1e7d29a83";
  const prodSchema = baseConfigSchema.extend({
    SESSION_SECRET: z.string(),
    APPS_KEY_ENCRYPTION_KEY: z.string(),
    PAYMENTS_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
    PAYPAL_BASE_URL: z.string().default("https://api-m.sandbox.paypal.com"),
    GOOGLE_SCRIPT_URL: z.string().default("https://accounts.google.com/gsi/client"),
    DEMO_CREDIT_EMAIL: z.string().optional(),
    COOKIE_SECURE: z.string().default("auto"),
  });
  const good = {
    NODE_ENV: "production",
    HTTP_PORT: "8080",
    INTERNAL_IDENTITY_SECRET: strong,
    SESSION_SECRET: "b7E2kQ9xV4mN1pR8sT6wY3zA5cF0hJ2lD7gK4nP9qU",
    APPS_KEY_ENCRYPTION_KEY: "4e8b1d7a93c25f60e1b84a7d2c9f35e60b1a8d4c7e29f3b56a0d1c8e4f7b2a93",
    PAYMENTS_MODE: "live",
    PAYPAL_BASE_URL: "https://api-m.paypal.com",
  };
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig("svc", prodSchema, env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it("when every setting is production-grade, then the process starts", () => {
    expect(problemsOf(good)).toEqual([]);
  });

  it("when the .env.example values are copied into production, then one error names every unsafe one", () => {
    const example = Object.fromEntries(
      readFileSync(path.join(__dirname, "../../../.env.example"), "utf8")
        .split("\n")
        .filter((l) => /^[A-Z0-9_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    const problems = problemsOf({ ...example, NODE_ENV: "production", HTTP_PORT: "8080" });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^INTERNAL_IDENTITY_SECRET: is the placeholder from \.env\.example/),
        expect.stringMatching(/^SESSION_SECRET: is the placeholder from \.env\.example/),
        expect.stringMatching(/^APPS_KEY_ENCRYPTION_KEY: is the placeholder from \.env\.example/),
        expect.stringMatching(/^PAYMENTS_MODE: sandbox/),
        expect.stringMatching(/^PAYPAL_BASE_URL: is a sandbox address/),
      ]),
    );
    // Every secret .env.example holds is refused, whatever the schema of the process reading it.
    for (const [key, value] of Object.entries(example))
      if (isSecretName(key) && value)
        expect({ key, refused: weakSecretReason(value) !== undefined }).toEqual({ key, refused: true });
  });

  it("when a secret is all zeros, a repeated pattern, short or low in entropy, then it is refused", () => {
    for (const weak of [
      "0".repeat(64),
      "ab".repeat(32),
      "abc123".repeat(8),
      "short-secret",
      "aaaaaaaabbbbbbbbccccccccdddddddd",
      "changeme-please-0123456789abcdefghij",
    ])
      expect({ weak, problems: problemsOf({ ...good, SESSION_SECRET: weak }) }).toEqual({
        weak,
        problems: [expect.stringMatching(/^SESSION_SECRET: /)],
      });
  });

  it("when the local stand-ins, plain http, demo credit or insecure cookies are configured, then each is named", () => {
    const problems = problemsOf({
      ...good,
      GOOGLE_SCRIPT_URL: "http://127.0.0.1:8109/gsi/client",
      PAYPAL_BASE_URL: "https://localhost:8110/paypal",
      DEMO_CREDIT_EMAIL: "demo@genui.dev",
      COOKIE_SECURE: "false",
    });
    expect(problems.map((p) => p.slice(0, p.indexOf(":"))).sort()).toEqual([
      "COOKIE_SECURE",
      "DEMO_CREDIT_EMAIL",
      "GOOGLE_SCRIPT_URL",
      "PAYPAL_BASE_URL",
    ]);
  });

  it("when a default is unsafe (payments default to sandbox), then production refuses it though nothing was set", () => {
    const { PAYMENTS_MODE: _mode, ...rest } = good;
    expect(problemsOf(rest)).toEqual([expect.stringMatching(/^PAYMENTS_MODE: /)]);
  });

  it("when the schema itself fails too, then schema and production problems come in one error", () => {
    expect(problemsOf({ ...good, HTTP_PORT: "99999", SESSION_SECRET: "0".repeat(64) }).map((p) => p.split(":")[0])).toEqual([
      "HTTP_PORT",
      "SESSION_SECRET",
    ]);
  });

  it("when not in production, then the local platform's values are accepted", () => {
    expect(problemsOf({ ...good, NODE_ENV: "development", PAYMENTS_MODE: "sandbox", SESSION_SECRET: "0".repeat(64) })).toEqual(
      [],
    );
  });
});
