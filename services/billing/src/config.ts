import path from "node:path";
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

const isLocal = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol !== "https:" || ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].includes(u.hostname);
  } catch {
    return true;
  }
};
const money = z.coerce.number().positive().finite();

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(TOPOLOGY.billing.port),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default(TOPOLOGY.billing.database),
    /** How long a balance hold lives if the request never reports its usage. */
    HOLD_TTL_SECONDS: z.coerce.number().int().min(10).default(600),
    /** The plan catalogue (models and their prices per currency). */
    PLANS_FILE: z
      .string()
      .min(1)
      .default(
        path.resolve(
          __dirname,
          __dirname.split(path.sep).includes("dist") ? "../../catalogue/plans.json" : "../catalogue/plans.json",
        ),
      ),
    /** "sandbox" (provider test accounts; `debug: true` to the SPA) or "live". */
    PAYMENTS_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
    /** PayPal REST API root (sandbox https://api-m.sandbox.paypal.com, live https://api-m.paypal.com). */
    PAYPAL_BASE_URL: z.url().default("https://api-m.sandbox.paypal.com"),
    PAYPAL_CLIENT_ID: z.string().default(""),
    PAYPAL_CLIENT_SECRET: z.string().default(""),
    /** Cashfree PG API root holding /orders (sandbox https://sandbox.cashfree.com/pg, live https://api.cashfree.com/pg). */
    CASHFREE_BASE_URL: z.url().default("https://sandbox.cashfree.com/pg"),
    CASHFREE_CLIENT_ID: z.string().default(""),
    CASHFREE_CLIENT_SECRET: z.string().default(""),
    CASHFREE_API_VERSION: z.string().default("2023-08-01"),
    /** Cashfree requires a customer phone; users give none, so orders carry this one. */
    CASHFREE_CUSTOMER_PHONE: z
      .string()
      .regex(/^\+?[0-9]{10,15}$/)
      .default("9999999999"),
    /** How long one provider call may take. */
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** The site's public origin: Cashfree's return URL and webhook address are built from it. */
    PUBLIC_URL: z.url().default(LOCAL_PUBLIC_URL),
    /** Top-up bounds in US dollars (the SPA's placeholder says "Minimum of $10"). */
    TOPUP_MIN_USD: money.default(10),
    TOPUP_MAX_USD: money.default(5_000),
    /** Rupees per US dollar for INR payments, and the date it was set (the offline rate source). */
    USD_INR_RATE: money.default(84.5),
    USD_INR_RATE_DATE: z.iso.date().default("2026-11-01"),
    /**
     * An open order (PayPal or Cashfree) is polled until paid, failed or this long after creation; past it, it is
     * expired: no longer polled, no longer counted against TOPUP_MAX_OPEN_ORDERS, never handed out again.
     */
    ORDER_POLL_DEADLINE_MINUTES: z.coerce.number().int().min(1).default(45),
    /**
     * Top-up orders one signed-in user may ask for per window, as "max/windowSeconds", counted in Redis across every
     * billing process: 429 with Retry-After beyond it.
     */
    TOPUP_ORDER_RATE_PER_USER: z
      .string()
      .regex(/^[1-9]\d*\/[1-9]\d*$/, 'must be a rate like "10/600" (max/windowSeconds)')
      .default("10/600")
      .transform((s) => {
        const [max, windowSeconds] = s.split("/").map(Number) as [number, number];
        return { max, windowSeconds };
      }),
    /** Unpaid orders (not yet expired or failed) one user may hold at once; each is one polling job. */
    TOPUP_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(10_000).default(5),
    /** First delay between polls of an open order; doubles up to ORDER_POLL_MAX_DELAY_MS. */
    ORDER_POLL_DELAY_MS: z.coerce.number().int().min(50).default(5_000),
    ORDER_POLL_MAX_DELAY_MS: z.coerce.number().int().min(50).default(60_000),
    /** Local platform only: the account with this e-mail (the seeded demo account) gets DEMO_CREDIT_USD once. */
    DEMO_CREDIT_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().optional()),
    DEMO_CREDIT_USD: money.default(25),
  })
  .superRefine((c, ctx) => {
    if (c.TOPUP_MIN_USD > c.TOPUP_MAX_USD)
      ctx.addIssue({ code: "custom", path: ["TOPUP_MIN_USD"], message: "must not exceed TOPUP_MAX_USD" });
    // Production talks to the real providers only: a local emulator (or any plain-http address) is refused.
    if (c.NODE_ENV !== "production") return;
    if (c.DEMO_CREDIT_EMAIL)
      ctx.addIssue({ code: "custom", path: ["DEMO_CREDIT_EMAIL"], message: "free demo credit is for the local platform only" });
    for (const key of ["PAYPAL_BASE_URL", "CASHFREE_BASE_URL", "PUBLIC_URL"] as const)
      if (isLocal(c[key])) ctx.addIssue({ code: "custom", path: [key], message: "must be a public https address in production" });
  });

export type BillingConfig = z.output<typeof configSchema>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig =>
  loadConfig("billing", configSchema, env);
