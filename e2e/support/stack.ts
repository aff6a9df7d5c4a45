import net from "node:net";
import path from "node:path";
import { createLogger, type RunningService } from "@genui/chassis";
import { startFakeGoogle, startPaymentEmulator, type FakeGoogle, type PaymentEmulator } from "@genui/sims";
import { REPO_ROOT, TEST_IDENTITY_SECRET, freshName, testInfra } from "@genui/testkit";
import { loadBffConfig } from "../../bff/src/config";
import { startBff } from "../../bff/src/service";
import { loadAppsTemplatesConfig } from "../../services/apps-templates/src/config";
import { loadBillingConfig } from "../../services/billing/src/config";
import { startBilling } from "../../services/billing/src/service";
import { startAppsTemplates } from "../../services/apps-templates/src/service";
import { loadIdentityConfig } from "../../services/identity/src/config";
import { startIdentity } from "../../services/identity/src/service";
import { loadGenerationConfig, loadWorkerConfig } from "../../services/generation/src/config";
import { startGeneration } from "../../services/generation/src/service";
import { startGenerationWorker } from "../../services/generation/src/worker/service";
import type { Provider } from "../../services/generation/src/worker/providers/provider";

export interface Stack {
  bff: RunningService;
  identity: RunningService;
  apps: RunningService;
  billing: RunningService;
  /** The generation API process and its in-process workers (when `generation` was asked for). */
  generation?: RunningService;
  workers: RunningService[];
  /** The environment a generation worker of this stack needs (to start more, in this process or as a child). */
  workerEnv: Record<string, string>;
  /** Starts one more in-process worker (optionally with its own provider). */
  addWorker(provider?: Provider, env?: Record<string, string>): Promise<RunningService>;
  /** The NATS prefix every service of this stack uses. */
  prefix: string;
  /** The local PayPal / Cashfree emulator billing talks to (when `payments` was asked for). */
  payments?: PaymentEmulator;
  /** The Google stand-in (userinfo, the sign-in script and its consent page). */
  googleUrl: string;
  /** The Google stand-in itself: tests mint access and ID tokens with it (for `GOOGLE_CLIENT_ID` or another client). */
  google: FakeGoogle;
  /** Stops identity and starts it again on the same port (same database), e.g. after simulating an outage. */
  restartIdentity(): Promise<void>;
  /** Stops apps-templates and starts it again on the same port and database, with `env` over its variables. */
  restartApps(env?: Record<string, string>): Promise<void>;
  /** Stops billing (its port stays reserved for `startBilling`, same database and Redis prefix). */
  stopBilling(): Promise<void>;
  startBilling(): Promise<void>;
  stop(): Promise<void>;
}

/** The credentials the stack's payment emulator and billing share. */
export const PAYMENT_CREDS = {
  paypal: { clientId: "genui-test-paypal-client", clientSecret: "genui-test-paypal-secret" },
  cashfree: { clientId: "genui-test-cashfree-client", clientSecret: "genui-test-cashfree-secret" },
};

export interface StackOptions {
  /** The built SPA; default GENUI_WEB_DIST or frontend/web/dist. */
  staticDir?: string;
  /** Start the payment emulator and point billing (PayPal, Cashfree, sandbox mode) and the SPA's SDK URLs at it. */
  payments?: boolean;
  /** Extra BFF variables (e.g. tighter rate limits); `{payments}` in a value becomes the payment emulator's URL. */
  bffEnv?: Record<string, string>;
  /** Extra billing variables (e.g. payment providers); `{bff}` in a value becomes the BFF's URL. */
  billingEnv?: Record<string, string>;
  /** Extra identity variables. */
  identityEnv?: Record<string, string>;
  /** Extra apps-templates variables. */
  appsEnv?: Record<string, string>;
  /** Start the generation API (and `workers` in-process workers, default 1) behind the BFF. */
  generation?: {
    workers?: number;
    provider?: Provider;
    apiEnv?: Record<string, string>;
    workerEnv?: Record<string, string>;
  };
}

/**
 * A free loopback port (so a URL can be handed out before its server starts), chosen below the kernel's ephemeral
 * range (32768–60999 on Linux): a port the system hands out for `listen(0)` or an outgoing connection could be taken
 * by another test's server in the seconds before this one binds it (EADDRINUSE), one outside that range cannot.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const srv = net.createServer();
    const ok = await new Promise<boolean>((resolve) => {
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) {
      await new Promise((resolve) => srv.close(resolve));
      return port;
    }
  }
  throw new Error("no free loopback port between 20000 and 32000");
}

export const DEMO = { email: "demo@genui.dev", password: "demo-password" };
/** The OAuth client id the stack's BFF hands the SPA and identity accepts Google tokens for. */
export const GOOGLE_CLIENT_ID = "genui-test-google-client";

/** The real processes of the platform, in this process on free ports, against the test infrastructure. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const google = await startFakeGoogle();
  const googleUrl = new URL(google.userinfoUrl).origin;
  const payments = opts.payments ? await startPaymentEmulator(PAYMENT_CREDS) : undefined;
  const prefix = `${freshName()}.`;
  // What every service of this stack shares (its bus and internal identity), and a fresh database for each store.
  const busEnv = {
    LOG_LEVEL: "silent",
    INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    NATS_URL: testInfra().natsUrl,
    NATS_SUBJECT_PREFIX: prefix,
    // Locks (and, for some services, queues and limits) under this stack's own keys.
    REDIS_URL: testInfra().redisUrl,
    REDIS_KEY_PREFIX: prefix,
  };
  const storeEnv = (db: string) => ({ ...busEnv, MONGO_URL: testInfra().mongoUrl, MONGO_DB: freshName(db) });
  const identityEnv = {
    ...storeEnv("identity"),
    DEMO_EMAIL: DEMO.email,
    DEMO_PASSWORD: DEMO.password,
    GOOGLE_USERINFO_URL: google.userinfoUrl,
    GOOGLE_TOKENINFO_URL: google.tokeninfoUrl,
    GOOGLE_CERTS_URL: google.certsUrl,
    GOOGLE_CLIENT_ID,
    // Cheaper hashing keeps the suite fast; production cost is the default.
    ARGON2_MEMORY_KIB: "8192",
    ARGON2_ITERATIONS: "1",
    ...opts.identityEnv,
  };
  const logger = createLogger("stack", process.env.TEST_LOG_LEVEL ?? "silent");
  let identity = await startIdentity(loadIdentityConfig({ ...identityEnv, HTTP_PORT: "0" }), logger);
  const appsEnv: Record<string, string> = {
    ...storeEnv("apps"),
    APPS_KEY_ENCRYPTION_KEY: "7".repeat(64),
    ...opts.appsEnv,
  };
  let apps = await startAppsTemplates(loadAppsTemplatesConfig({ ...appsEnv, HTTP_PORT: "0" }), logger);
  const bffPort = await freePort();
  const bffUrl = `http://127.0.0.1:${bffPort}`;
  const billingEnv: Record<string, string> = {
    ...storeEnv("billing"),
    REDIS_URL: testInfra().redisUrl,
    REDIS_KEY_PREFIX: prefix,
    PUBLIC_URL: bffUrl,
    ...(payments
      ? {
          PAYMENTS_MODE: "sandbox",
          PAYPAL_BASE_URL: payments.paypalBaseUrl,
          PAYPAL_CLIENT_ID: PAYMENT_CREDS.paypal.clientId,
          PAYPAL_CLIENT_SECRET: PAYMENT_CREDS.paypal.clientSecret,
          CASHFREE_BASE_URL: payments.cashfreeBaseUrl,
          CASHFREE_CLIENT_ID: PAYMENT_CREDS.cashfree.clientId,
          CASHFREE_CLIENT_SECRET: PAYMENT_CREDS.cashfree.clientSecret,
        }
      : {}),
    ...Object.fromEntries(Object.entries(opts.billingEnv ?? {}).map(([k, v]) => [k, v.replace("{bff}", bffUrl)])),
  };
  let billing = await startBilling(loadBillingConfig({ ...billingEnv, HTTP_PORT: "0" }), logger);
  const billingPort = String(billing.port);
  const genShared = {
    ...busEnv,
    REDIS_URL: testInfra().redisUrl,
    REDIS_KEY_PREFIX: prefix,
    GEN_QUEUE: freshName("gen"),
  };
  const workerEnv: Record<string, string> = {
    ...genShared,
    HTTP_PORT: "0",
    OFFLINE_TOKENS_PER_SECOND: "0",
    ...opts.generation?.workerEnv,
  };
  const generation = opts.generation
    ? await startGeneration(
        loadGenerationConfig({
          ...genShared,
          HTTP_PORT: "0",
          GEN_KEEPALIVE_MS: "1000",
          ...opts.generation.apiEnv,
        }),
        logger,
      )
    : undefined;
  const workers: RunningService[] = [];
  const addWorker = async (provider?: Provider, env: Record<string, string> = {}) => {
    const w = await startGenerationWorker(loadWorkerConfig({ ...workerEnv, ...env }), logger, provider);
    workers.push(w);
    return w;
  };
  if (opts.generation) for (let i = 0; i < (opts.generation.workers ?? 1); i++) await addWorker(opts.generation.provider);
  const bff = await startBff(
    loadBffConfig({
      HTTP_PORT: String(bffPort),
      INTERNAL_HTTP_PORT: "0",
      LOG_LEVEL: "silent",
      INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: `${prefix}`,
      IDENTITY_URL: identity.url,
      APPS_URL: apps.url,
      BILLING_URL: billing.url,
      ...(generation ? { GENERATION_URL: generation.url } : {}),
      API_RATE_PER_KEY: "100000/60",
      STATIC_DIR: opts.staticDir ?? process.env.GENUI_WEB_DIST ?? path.join(REPO_ROOT, "frontend/web/dist"),
      GOOGLE_CLIENT_ID,
      GOOGLE_SCRIPT_URL: `${googleUrl}/gsi/client`,
      ...(payments
        ? { PAYPAL_SDK_URL: `${payments.url}/paypal/sdk/js`, CASHFREE_SDK_URL: `${payments.url}/cashfree/js/v3/cashfree.js` }
        : {}),
      IFRAME_DIR: path.join(REPO_ROOT, "frontend/iframe/dist"),
      EMBED_DIR: path.join(REPO_ROOT, "frontend/embed/dist"),
      // Each stack has its own addresses' budgets only in Redis keys; tests that probe limits set their own.
      LOGIN_RATE_PER_IP: "1000/60",
      LOGIN_RATE_PER_EMAIL: "1000/60",
      SIGNUP_RATE_PER_IP: "1000/60",
      CONTACT_RATE_PER_IP: "1000/60",
      ...Object.fromEntries(
        Object.entries(opts.bffEnv ?? {}).map(([k, v]) => [k, payments ? v.replace("{payments}", payments.url) : v]),
      ),
    }),
    logger,
  );
  const stack: Stack = {
    bff,
    get apps() {
      return apps;
    },
    generation,
    workers,
    workerEnv,
    addWorker,
    payments,
    googleUrl,
    google,
    get billing() {
      return billing;
    },
    prefix,
    get identity() {
      return identity;
    },
    restartIdentity: async () => {
      const port = String(identity.port);
      await identity.stop();
      identity = await startIdentity(loadIdentityConfig({ ...identityEnv, HTTP_PORT: port }), logger);
    },
    restartApps: async (env = {}) => {
      const port = String(apps.port);
      await apps.stop();
      apps = await startAppsTemplates(loadAppsTemplatesConfig({ ...appsEnv, ...env, HTTP_PORT: port }), logger);
    },
    stopBilling: async () => {
      await billing.stop();
    },
    startBilling: async () => {
      billing = await startBilling(loadBillingConfig({ ...billingEnv, HTTP_PORT: billingPort }), logger);
    },
    stop: async () => {
      await bff.stop();
      for (const w of workers) await w.stop();
      if (generation) {
        await generation.stop();
        const jsm = await identity.ctx.bus!.nc.jetstreamManager();
        await jsm.streams.delete(identity.ctx.bus!.streamName("GENERATION")).catch(() => undefined);
      }
      await apps.ctx.mongo!.dropDatabase();
      await apps.stop();
      await billing.ctx.mongo!.useDb(`${billing.ctx.mongo!.name}_ledger`).dropDatabase();
      await billing.ctx.mongo!.dropDatabase();
      await billing.stop();
      await identity.ctx.mongo!.dropDatabase();
      const jsm = await identity.ctx.bus!.nc.jetstreamManager();
      for (const s of ["IDENTITY", "APPS", "BILLING"])
        await jsm.streams.delete(identity.ctx.bus!.streamName(s)).catch(() => undefined);
      await identity.stop();
      await google.close();
      await payments?.close();
    },
  };
  return stack;
}
