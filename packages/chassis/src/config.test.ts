import { z } from "zod";
import { ConfigError, baseConfigSchema, loadConfig, mongoConfigSchema } from "./config";

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
