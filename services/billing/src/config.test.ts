import { ConfigError } from "@genui/chassis";
import { loadBillingConfig } from "./config";

const base = {
  INTERNAL_IDENTITY_SECRET: "x".repeat(32),
  MONGO_URL: "mongodb://127.0.0.1:27018",
  NATS_URL: "nats://127.0.0.1:4223",
  REDIS_URL: "redis://127.0.0.1:6380",
};

/** A production setting that passes everything but what a test changes. */
const PROD = {
  NODE_ENV: "production",
  INTERNAL_IDENTITY_SECRET: "9f2c7a41e8b35d60c1a7f4e29b8d3c56e0a1f7b42c9d8e35a6b0c4f1e7d29a83",
  PAYMENTS_MODE: "live",
  PAYPAL_BASE_URL: "https://api-m.paypal.com",
  CASHFREE_BASE_URL: "https://api.cashfree.com/pg",
  PUBLIC_URL: "https://genui.example",
};

const problems = (env: Record<string, string>): string[] => {
  try {
    loadBillingConfig({ ...base, ...env });
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe("billing configuration", () => {
  it("when nothing about payments is set, then sandbox providers, $10–$5,000 top-ups and the configured INR rate", () => {
    expect(loadBillingConfig(base)).toMatchObject({
      PAYMENTS_MODE: "sandbox",
      PAYPAL_BASE_URL: "https://api-m.sandbox.paypal.com",
      CASHFREE_BASE_URL: "https://sandbox.cashfree.com/pg",
      TOPUP_MIN_USD: 10,
      TOPUP_MAX_USD: 5_000,
      USD_INR_RATE: 84.5,
    });
  });

  it("when production points at the local payment emulator, then the configuration is refused", () => {
    expect(
      problems({
        ...PROD,
        PAYPAL_BASE_URL: "http://127.0.0.1:8110/paypal",
        CASHFREE_BASE_URL: "http://127.0.0.1:8110/cashfree/pg",
      }),
    ).toEqual([
      "PAYPAL_BASE_URL: must be a public https address in production",
      "CASHFREE_BASE_URL: must be a public https address in production",
    ]);
    expect(problems(PROD)).toEqual([]);
    // Sandbox payments (the default mode and addresses) are refused in production too.
    expect(
      problems({ NODE_ENV: "production", INTERNAL_IDENTITY_SECRET: PROD.INTERNAL_IDENTITY_SECRET, PUBLIC_URL: PROD.PUBLIC_URL }),
    ).toEqual([
      expect.stringMatching(/^PAYMENTS_MODE: sandbox/),
      expect.stringMatching(/^PAYPAL_BASE_URL: is a sandbox address/),
      expect.stringMatching(/^CASHFREE_BASE_URL: is a sandbox address/),
    ]);
    expect(problems({ NODE_ENV: "development", PAYPAL_BASE_URL: "http://127.0.0.1:8110/paypal" })).toEqual([]);
  });

  it("when demo credit is configured, then the local platform accepts it and production refuses it", () => {
    expect(loadBillingConfig({ ...base, DEMO_CREDIT_EMAIL: "demo@genui.dev" })).toMatchObject({
      DEMO_CREDIT_EMAIL: "demo@genui.dev",
      DEMO_CREDIT_USD: 25,
    });
    expect(problems({ ...PROD, DEMO_CREDIT_EMAIL: "demo@genui.dev" })).toEqual([
      "DEMO_CREDIT_EMAIL: free demo credit is for the local platform only",
    ]);
    expect(problems({ DEMO_CREDIT_EMAIL: "not an e-mail" })).toHaveLength(1);
  });

  it("when nothing about order limits is set, then 10 orders per user every 10 minutes and 5 open at once", () => {
    expect(loadBillingConfig(base)).toMatchObject({
      TOPUP_ORDER_RATE_PER_USER: { max: 10, windowSeconds: 600 },
      TOPUP_MAX_OPEN_ORDERS: 5,
      ORDER_POLL_DEADLINE_MINUTES: 45,
    });
    expect(loadBillingConfig({ ...base, TOPUP_ORDER_RATE_PER_USER: "3/60", TOPUP_MAX_OPEN_ORDERS: "2" })).toMatchObject({
      TOPUP_ORDER_RATE_PER_USER: { max: 3, windowSeconds: 60 },
      TOPUP_MAX_OPEN_ORDERS: 2,
    });
    expect(problems({ TOPUP_ORDER_RATE_PER_USER: "10 per minute" })).toEqual([
      'TOPUP_ORDER_RATE_PER_USER: must be a rate like "10/600" (max/windowSeconds)',
    ]);
    expect(problems({ TOPUP_ORDER_RATE_PER_USER: "0/60" })).toHaveLength(1);
    expect(problems({ TOPUP_MAX_OPEN_ORDERS: "0" })).toHaveLength(1);
  });

  it("when top-up bounds or the rate are not usable, then each is named", () => {
    expect(problems({ TOPUP_MIN_USD: "50", TOPUP_MAX_USD: "20" })).toEqual(["TOPUP_MIN_USD: must not exceed TOPUP_MAX_USD"]);
    expect(problems({ USD_INR_RATE: "-1" })).toHaveLength(1);
  });
});
