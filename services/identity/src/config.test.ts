import { ConfigError } from "@genui/chassis";
import { GOOGLE_CERTS_URL, GOOGLE_TOKENINFO_URL, GOOGLE_USERINFO_URL, loadIdentityConfig } from "./config";

/** A production setting that passes everything but what a test changes. */
const PROD = {
  NODE_ENV: "production",
  INTERNAL_IDENTITY_SECRET: "9f2c7a41e8b35d60c1a7f4e29b8d3c56e0a1f7b42c9d8e35a6b0c4f1e7d29a83",
  MONGO_URL: "mongodb://mongo.internal:27017",
  NATS_URL: "nats://nats.internal:4222",
  REDIS_URL: "redis://redis.internal:6379",
  GOOGLE_CLIENT_ID: "1234567890-abc.apps.googleusercontent.com",
};

const problems = (env: Record<string, string>): string[] => {
  try {
    loadIdentityConfig({ ...PROD, ...env });
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe("identity configuration in production", () => {
  it("when Google's own endpoints are used, then it boots", () => {
    expect(problems({})).toEqual([]);
    expect(loadIdentityConfig(PROD)).toMatchObject({ GOOGLE_USERINFO_URL, GOOGLE_TOKENINFO_URL, GOOGLE_CERTS_URL });
  });

  it("when any Google endpoint points at the local stand-in, then each is named and it does not boot", () => {
    const found = problems({
      GOOGLE_USERINFO_URL: "http://127.0.0.1:8109/v1/userinfo",
      GOOGLE_TOKENINFO_URL: "http://127.0.0.1:8109/tokeninfo",
      GOOGLE_CERTS_URL: "http://127.0.0.1:8109/oauth2/v1/certs",
    }).join("\n");
    expect(found).toMatch(/GOOGLE_USERINFO_URL/);
    expect(found).toMatch(/GOOGLE_TOKENINFO_URL/);
    expect(found).toMatch(/GOOGLE_CERTS_URL/);
  });

  it("when the certificates come from another public host, then it is refused (only Google signs Google's tokens)", () => {
    expect(problems({ GOOGLE_CERTS_URL: "https://keys.example.com/certs" }).join("\n")).toMatch(
      /GOOGLE_CERTS_URL: must be https:\/\/www\.googleapis\.com\/oauth2\/v1\/certs in production/,
    );
  });

  it("when mail is configured, then a public https address for its links is required, and a local one refused", () => {
    expect(problems({ SMTP_URL: "smtps://user:pass@smtp.example.com:465" }).join("\n")).toMatch(
      /PUBLIC_URL: is required with SMTP_URL/,
    );
    expect(
      problems({ SMTP_URL: "smtps://user:pass@smtp.example.com:465", PUBLIC_URL: "http://127.0.0.1:8080" }).join("\n"),
    ).toMatch(/PUBLIC_URL: must be a public https address in production/);
    expect(problems({ SMTP_URL: "smtps://user:pass@smtp.example.com:465", PUBLIC_URL: "https://genui.example" })).toEqual([]);
    expect(problems({ SMTP_URL: "http://smtp.example.com" }).join("\n")).toMatch(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});
