import { ConfigError } from "@genui/chassis";
import { loadBffConfig } from "./config";

const base = {
  INTERNAL_IDENTITY_SECRET: "9f2c7a41e8b35d60c1a7f4e29b8d3c56e0a1f7b42c9d8e35a6b0c4f1e7d29a83",
  SESSION_SECRET: "b7E2kQ9xV4mN1pR8sT6wY3zA5cF0hJ2lD7gK4nP9qU",
  REDIS_URL: "redis://127.0.0.1:6379",
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadBffConfig(env);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems;
  }
};

describe("the BFF's configuration", () => {
  it("when TRUST_PROXY is unset, a hop count, a boolean or a list of networks, then express gets that setting", () => {
    expect(loadBffConfig(base).TRUST_PROXY).toBe("loopback");
    expect(loadBffConfig({ ...base, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadBffConfig({ ...base, TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadBffConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
  });

  it("when CHAT_STREAM is unset, deltas or snapshots, then the chat's stream follows it; another value is a boot error naming it", () => {
    expect(loadBffConfig(base).CHAT_STREAM).toBe("snapshots");
    expect(loadBffConfig({ ...base, CHAT_STREAM: "deltas" }).CHAT_STREAM).toBe("deltas");
    expect(problemsOf({ ...base, CHAT_STREAM: "pieces" })).toEqual([expect.stringMatching(/^CHAT_STREAM: /)]);
  });

  it("when the published API's per-address limits are unset, then 1200 requests a minute and 20 failed keys in 10 minutes; set, they follow; malformed, the boot error names them", () => {
    const config = loadBffConfig(base);
    expect(config.API_RATE_PER_IP).toEqual({ max: 1200, windowSeconds: 60 });
    expect(config.API_KEY_FAILURES_PER_IP).toEqual({ max: 20, windowSeconds: 600 });
    const set = loadBffConfig({ ...base, API_RATE_PER_IP: "5/10", API_KEY_FAILURES_PER_IP: "3/3600" });
    expect(set.API_RATE_PER_IP).toEqual({ max: 5, windowSeconds: 10 });
    expect(set.API_KEY_FAILURES_PER_IP).toEqual({ max: 3, windowSeconds: 3600 });
    expect(problemsOf({ ...base, API_RATE_PER_IP: "many", API_KEY_FAILURES_PER_IP: "0/600" })).toEqual([
      expect.stringMatching(/^API_RATE_PER_IP: /),
      expect.stringMatching(/^API_KEY_FAILURES_PER_IP: /),
    ]);
  });

  it("when TRUST_PROXY is not an address, a network or a hop count, then the boot error names it", () => {
    expect(problemsOf({ ...base, TRUST_PROXY: "the-load-balancer" })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: not a trust proxy setting/),
    ]);
  });

  it("when production is pointed at the local stand-ins with the example session secret, then every problem is listed at once", () => {
    const problems = problemsOf({
      ...base,
      NODE_ENV: "production",
      SESSION_SECRET: "change-me-to-another-64-random-hex-characters-0123456789abcdef",
      GOOGLE_SCRIPT_URL: "http://127.0.0.1:8109/gsi/client",
      PAYPAL_SDK_URL: "http://127.0.0.1:8110/paypal/sdk/js",
      CASHFREE_SDK_URL: "http://127.0.0.1:8110/cashfree/js/v3/cashfree.js",
    });
    expect(problems.map((p) => p.slice(0, p.indexOf(":"))).sort()).toEqual([
      "CASHFREE_SDK_URL",
      "GOOGLE_SCRIPT_URL",
      "PAYPAL_SDK_URL",
      "SESSION_SECRET",
    ]);
  });

  it("when production uses the providers' own addresses and random secrets, then it starts", () => {
    expect(problemsOf({ ...base, NODE_ENV: "production" })).toEqual([]);
  });
});

describe("the content origin's settings", () => {
  it("when CONTENT_ORIGIN and CONTENT_HTTP_PORT are unset, then the documents stay on the BFF's origin and no second listener starts", () => {
    const config = loadBffConfig(base);
    expect(config.CONTENT_ORIGIN).toBe("");
    expect(config.CONTENT_HTTP_PORT).toBeUndefined();
    expect(config.CONTENT_HTTP_HOST).toBeUndefined();
  });

  it("when CONTENT_ORIGIN is an origin, then it is kept as one; with a path, a query or another scheme, the boot error names it", () => {
    expect(loadBffConfig({ ...base, CONTENT_ORIGIN: "https://frames.example.com/" }).CONTENT_ORIGIN).toBe(
      "https://frames.example.com",
    );
    expect(loadBffConfig({ ...base, CONTENT_ORIGIN: "http://127.0.0.1:8081", CONTENT_HTTP_PORT: "8081" })).toMatchObject({
      CONTENT_ORIGIN: "http://127.0.0.1:8081",
      CONTENT_HTTP_PORT: 8081,
    });
    for (const bad of [
      "https://frames.example.com/iframe",
      "https://frames.example.com/?a=1",
      "ftp://frames.example.com",
      "frames",
    ])
      expect({ bad, problems: problemsOf({ ...base, CONTENT_ORIGIN: bad }) }).toEqual({
        bad,
        problems: [expect.stringMatching(/^CONTENT_ORIGIN: /)],
      });
    expect(problemsOf({ ...base, CONTENT_HTTP_PORT: "70000" })).toEqual([expect.stringMatching(/^CONTENT_HTTP_PORT: /)]);
  });
});
