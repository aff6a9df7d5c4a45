import path from "node:path";
import { createLogger, type RunningService } from "@genui/chassis";
import {
  startFakeGoogle,
  startMailSim,
  startPaymentEmulator,
  type FakeGoogle,
  type MailSim,
  type PaymentEmulator,
} from "@genui/sims";
import {
  REPO_ROOT,
  TEST_IDENTITY_SECRET,
  freeLoopbackPort,
  freshName,
  startLoadBalancer,
  testInfra,
  type LoadBalancer,
} from "@genui/testkit";
import { forgetMailbox, registerMailbox } from "./signup";
import { loadBffConfig } from "../../bff/src/config";
import { startBff } from "../../bff/src/service";
import { loadAppsConfig } from "../../services/apps/src/config";
import { loadBillingConfig } from "../../services/billing/src/config";
import { startBilling } from "../../services/billing/src/service";
import { startApps } from "../../services/apps/src/service";
import { loadIdentityConfig } from "../../services/identity/src/config";
import { startIdentity } from "../../services/identity/src/service";
import { loadGenerationConfig, loadWorkerConfig } from "../../services/generation/src/config";
import { startGeneration } from "../../services/generation/src/service";
import { startGenerationWorker } from "../../services/generation/src/worker/service";
import type { Provider } from "../../services/generation/src/worker/providers/provider";

/**
 * In replica mode (`replicas` > 1) `bff`, `identity`, `apps`, `billing` and `generation` are the group of copies: `url`
 * and `port` are the load balancer's frontend, `ctx` and `internalUrl` the first copy's (its store and Redis handles
 * are the ones every copy shares), `stop()` stops every copy. `copies` holds each copy itself.
 */
export interface Stack {
  bff: RunningService;
  identity: RunningService;
  apps: RunningService;
  billing: RunningService;
  /** The generation API process and its in-process workers (when `generation` was asked for). */
  generation?: RunningService;
  /** Copies of each process: 1, or more in replica mode (GENUI_STACK_REPLICAS or the `replicas` option). */
  replicas: number;
  /** Every copy of each process (one each in single mode; `generation` is empty unless it was asked for). */
  copies: {
    bff: RunningService[];
    identity: RunningService[];
    apps: RunningService[];
    billing: RunningService[];
    generation: RunningService[];
  };
  /** The HAProxy in front of every group of copies (replica mode only). */
  loadBalancer?: LoadBalancer;
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
  /** The mail stand-in identity sends to (sign-up links): tests read an address's mail from it. */
  mail: MailSim;
  /** Stops identity (every copy) and starts it again on the same port (same database), e.g. after an outage. */
  restartIdentity(): Promise<void>;
  /** Stops apps (every copy) and starts it again on the same port and database, `env` over its variables. */
  restartApps(env?: Record<string, string>): Promise<void>;
  /** Stops billing, every copy (its port stays reserved for `startBilling`, same database and Redis prefix). */
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
  /**
   * Copies of the BFF, identity, apps, billing and the generation API, behind one HAProxy (default
   * GENUI_STACK_REPLICAS, else 1). With more than one, generation gets at least 3 workers (twice those asked for).
   */
  replicas?: number;
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
  /** Extra apps variables. */
  appsEnv?: Record<string, string>;
  /** Start the generation API (and `workers` in-process workers, default 1; see `replicas`) behind the BFF. */
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
 * by another test's server in the seconds before this one binds it, one outside that range cannot.
 */
export function freePort(): Promise<number> {
  return freeLoopbackPort();
}

/** Copies per process: the option, else GENUI_STACK_REPLICAS, else 1. */
export function stackReplicas(opts: StackOptions = {}): number {
  const n = opts.replicas ?? Number(process.env.GENUI_STACK_REPLICAS || "1");
  if (!Number.isInteger(n) || n < 1) throw new Error(`GENUI_STACK_REPLICAS / replicas must be a whole number ≥ 1 (got ${n})`);
  return n;
}

/** Starts `n` copies at once; if one fails, stops the others and throws its error. */
async function startCopies(n: number, start: (i: number) => Promise<RunningService>): Promise<RunningService[]> {
  const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => start(i)));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    for (const r of settled) if (r.status === "fulfilled") await r.value.stop();
    throw failed.reason;
  }
  return settled.map((r) => (r as PromiseFulfilledResult<RunningService>).value);
}

const stopAll = async (copies: RunningService[]) => {
  await Promise.all(copies.map((c) => c.stop()));
};

/**
 * What tests see of a group of copies: in single mode the one copy itself; behind a load balancer its frontend's
 * address, the first copy's handles, and a stop of every copy.
 */
function group(copies: () => RunningService[], lbUrl: string | undefined): RunningService {
  if (lbUrl === undefined) return copies()[0]!;
  return {
    get ctx() {
      return copies()[0]!.ctx;
    },
    url: lbUrl,
    port: Number(new URL(lbUrl).port),
    get internalUrl() {
      return copies()[0]!.internalUrl;
    },
    stop: () => stopAll(copies()),
  };
}

export const DEMO = { email: "demo@genui.dev", password: "demo-password" };
/** The OAuth client id the stack's BFF hands the SPA and identity accepts Google tokens for. */
export const GOOGLE_CLIENT_ID = "genui-test-google-client";

/**
 * The real processes of the platform, in this process on free ports, against the test infrastructure. In replica mode
 * (`stackReplicas(opts)` > 1) every process but the workers runs as that many separate instances (own store, Redis and
 * NATS connections; one database, prefix and queue) behind one real HAProxy, which also holds the BFF's port.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const replicas = stackReplicas(opts);
  const replicated = replicas > 1;
  const google = await startFakeGoogle();
  const googleUrl = new URL(google.userinfoUrl).origin;
  const payments = opts.payments ? await startPaymentEmulator(PAYMENT_CREDS) : undefined;
  const mail = await startMailSim();
  const prefix = `${freshName()}.`;
  // The BFF's port is known before anything starts: identity's mail links lead there.
  const bffPort = await freePort();
  const bffUrl = `http://127.0.0.1:${bffPort}`;
  registerMailbox(bffUrl, mail);
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
    SMTP_URL: mail.smtpUrl,
    PUBLIC_URL: bffUrl,
    // Cheaper hashing keeps the suite fast; production cost is the default.
    ARGON2_MEMORY_KIB: "8192",
    ARGON2_ITERATIONS: "1",
    ...opts.identityEnv,
  };
  const logger = createLogger("stack", process.env.TEST_LOG_LEVEL ?? "silent");
  // Each copy keeps its port across restarts (the load balancer knows the copies by address).
  const startIdentityCopy = (port: number) =>
    startIdentity(loadIdentityConfig({ ...identityEnv, HTTP_PORT: String(port) }), logger);
  let identity = await startCopies(replicas, () => startIdentityCopy(0));
  const identityPorts = identity.map((c) => c.port);
  const appsEnv: Record<string, string> = {
    ...storeEnv("apps"),
    APPS_KEY_ENCRYPTION_KEY: "7".repeat(64),
    PUBLIC_URL: bffUrl,
    // Every test client is 127.0.0.1: the OAuth endpoints' per-address budgets stay out of the way (their tests set theirs).
    OAUTH_REGISTER_RATE_PER_IP: "100000/60",
    OAUTH_AUTHORIZE_RATE_PER_IP: "100000/60",
    ...opts.appsEnv,
  };
  const startAppsCopy = (port: number, env: Record<string, string> = {}) =>
    startApps(loadAppsConfig({ ...appsEnv, ...env, HTTP_PORT: String(port) }), logger);
  let apps = await startCopies(replicas, () => startAppsCopy(0));
  const appsPorts = apps.map((c) => c.port);
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
  const startBillingCopy = (port: number) => startBilling(loadBillingConfig({ ...billingEnv, HTTP_PORT: String(port) }), logger);
  let billing = await startCopies(replicas, () => startBillingCopy(0));
  const billingPorts = billing.map((c) => c.port);
  // The API and its workers share a queue and a database (the stored completions).
  const genShared = {
    ...storeEnv("generation"),
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
  const generationCopies = opts.generation
    ? await startCopies(replicas, () =>
        startGeneration(
          loadGenerationConfig({
            ...genShared,
            HTTP_PORT: "0",
            GEN_KEEPALIVE_MS: "1000",
            PUBLIC_URL: bffUrl,
            ...opts.generation!.apiEnv,
          }),
          logger,
        ),
      )
    : [];
  const workers: RunningService[] = [];
  const addWorker = async (provider?: Provider, env: Record<string, string> = {}) => {
    const w = await startGenerationWorker(loadWorkerConfig({ ...workerEnv, ...env }), logger, provider);
    workers.push(w);
    return w;
  };
  // A test that asks for no workers starts its own; otherwise replica mode runs at least three (twice those asked for).
  const asked = opts.generation?.workers ?? 1;
  const workerCount = opts.generation ? (replicated && asked > 0 ? Math.max(3, 2 * asked) : asked) : 0;
  for (let i = 0; i < workerCount; i++) await addWorker(opts.generation!.provider);

  // In replica mode the BFFs talk to the load balancer's frontends; their ports are chosen now, the balancer starts
  // last, once every copy it fronts answers.
  const lbPorts = replicated
    ? {
        identity: await freePort(),
        apps: await freePort(),
        billing: await freePort(),
        generation: await freePort(),
      }
    : undefined;
  const upstream = (name: keyof NonNullable<typeof lbPorts>, copies: RunningService[]) =>
    lbPorts ? `http://127.0.0.1:${lbPorts[name]}` : copies[0]!.url;
  // In replica mode the BFF copies' error lines (a 502's cause: why a service could not be reached), printed with the
  // load balancer's when the stack stops.
  const bffErrors: string[] = [];
  const bffLogger = replicated
    ? createLogger("bff", "error", {
        write: (line: string) => {
          if (bffErrors.length < 200) bffErrors.push(line.trimEnd());
        },
      })
    : logger;
  const bffCopies = await startCopies(replicas, () =>
    startBff(
      loadBffConfig({
        HTTP_PORT: replicated ? "0" : String(bffPort),
        INTERNAL_HTTP_PORT: "0",
        LOG_LEVEL: "silent",
        INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
        REDIS_URL: testInfra().redisUrl,
        REDIS_KEY_PREFIX: `${prefix}`,
        IDENTITY_URL: upstream("identity", identity),
        APPS_URL: upstream("apps", apps),
        BILLING_URL: upstream("billing", billing),
        ...(opts.generation ? { GENERATION_URL: upstream("generation", generationCopies) } : {}),
        STATIC_DIR: opts.staticDir ?? process.env.GENUI_WEB_DIST ?? path.join(REPO_ROOT, "frontend/web/dist"),
        GOOGLE_CLIENT_ID,
        GOOGLE_SCRIPT_URL: `${googleUrl}/gsi/client`,
        ...(payments
          ? {
              PAYPAL_SDK_URL: `${payments.url}/paypal/sdk/js`,
              CASHFREE_SDK_URL: `${payments.url}/cashfree/js/v3/cashfree.js`,
            }
          : {}),
        IFRAME_DIR: path.join(REPO_ROOT, "frontend/iframe/dist"),
        EMBED_DIR: path.join(REPO_ROOT, "frontend/embed/dist"),
        // Each stack has its own addresses' budgets only in Redis keys; tests that probe limits set their own.
        LOGIN_RATE_PER_IP: "1000/60",
        LOGIN_RATE_PER_EMAIL: "1000/60",
        SIGNUP_RATE_PER_IP: "1000/60",
        CONTACT_RATE_PER_IP: "1000/60",
        // Every test client is 127.0.0.1: the published API's per-address limits stay out of the way too.
        API_RATE_PER_IP: "100000/60",
        API_KEY_FAILURES_PER_IP: "100000/600",
        ...Object.fromEntries(
          Object.entries(opts.bffEnv ?? {}).map(([k, v]) => [k, payments ? v.replace("{payments}", payments.url) : v]),
        ),
      }),
      bffLogger,
    ),
  );
  const loadBalancer = lbPorts
    ? await startLoadBalancer({
        name: prefix.slice(0, -1),
        frontends: [
          { name: "identity", port: lbPorts.identity, backends: identity.map((c) => c.url) },
          { name: "apps", port: lbPorts.apps, backends: apps.map((c) => c.url) },
          { name: "billing", port: lbPorts.billing, backends: billing.map((c) => c.url) },
          ...(opts.generation
            ? [{ name: "generation", port: lbPorts.generation, backends: generationCopies.map((c) => c.url) }]
            : []),
          { name: "bff", port: bffPort, backends: bffCopies.map((c) => c.url) },
        ],
      }).catch(async (err: unknown) => {
        for (const c of [...bffCopies, ...workers, ...generationCopies, ...apps, ...billing, ...identity]) await c.stop();
        throw err;
      })
    : undefined;
  const lbUrl = (name: string) => loadBalancer?.urls[name];
  /** After copies restart on their ports: until HAProxy counts them up again, it would answer 503. */
  const healthy = async (name: string) => {
    await loadBalancer?.waitUntilHealthy([name]);
  };

  const bff = group(() => bffCopies, lbUrl("bff"));
  const generation = opts.generation ? group(() => generationCopies, lbUrl("generation")) : undefined;
  const identityGroup = group(() => identity, lbUrl("identity"));
  const appsGroup = group(() => apps, lbUrl("apps"));
  const billingGroup = group(() => billing, lbUrl("billing"));
  const stack: Stack = {
    bff,
    get apps() {
      return replicated ? appsGroup : apps[0]!;
    },
    generation,
    replicas,
    copies: {
      bff: bffCopies,
      get identity() {
        return identity;
      },
      get apps() {
        return apps;
      },
      get billing() {
        return billing;
      },
      generation: generationCopies,
    },
    ...(loadBalancer ? { loadBalancer } : {}),
    workers,
    workerEnv,
    addWorker,
    payments,
    googleUrl,
    google,
    mail,
    get billing() {
      return replicated ? billingGroup : billing[0]!;
    },
    prefix,
    get identity() {
      return replicated ? identityGroup : identity[0]!;
    },
    restartIdentity: async () => {
      await stopAll(identity);
      identity = await startCopies(replicas, (i) => startIdentityCopy(identityPorts[i]!));
      await healthy("identity");
    },
    restartApps: async (env = {}) => {
      await stopAll(apps);
      apps = await startCopies(replicas, (i) => startAppsCopy(appsPorts[i]!, env));
      await healthy("apps");
    },
    stopBilling: async () => {
      await stopAll(billing);
    },
    startBilling: async () => {
      billing = await startCopies(replicas, (i) => startBillingCopy(billingPorts[i]!));
      await healthy("billing");
    },
    stop: async () => {
      // What the load balancer answered with a server error in this stack's life (each line with its termination
      // state): the first thing to read when a test in replica mode got a 502 or 503.
      const serverErrors = loadBalancer?.log().filter((l) => /\] \S+ \S+ [-\d/]+ 5\d\d /.test(l)) ?? [];
      if (serverErrors.length) process.stderr.write(`load balancer, server errors:\n${serverErrors.join("\n")}\n`);
      if (bffErrors.length) process.stderr.write(`BFF copies, errors:\n${bffErrors.join("\n")}\n`);
      await loadBalancer?.stop();
      await stopAll(bffCopies);
      for (const w of workers) await w.stop();
      const first = identity[0]!;
      if (opts.generation) {
        // Through apps' connection: a test may have stopped the generation API already (its connection is closed).
        await apps[0]!.ctx.mongo!.useDb(genShared.MONGO_DB).dropDatabase();
        await stopAll(generationCopies);
        const jsm = await first.ctx.bus!.nc.jetstreamManager();
        await jsm.streams.delete(first.ctx.bus!.streamName("GENERATION")).catch(() => undefined);
      }
      await apps[0]!.ctx.mongo!.dropDatabase();
      await stopAll(apps);
      const ledgerOf = billing[0]!.ctx.mongo!;
      await ledgerOf.useDb(`${ledgerOf.name}_ledger`).dropDatabase();
      await ledgerOf.dropDatabase();
      await stopAll(billing);
      await first.ctx.mongo!.dropDatabase();
      const jsm = await first.ctx.bus!.nc.jetstreamManager();
      for (const s of ["IDENTITY", "APPS", "BILLING"])
        await jsm.streams.delete(first.ctx.bus!.streamName(s)).catch(() => undefined);
      await stopAll(identity);
      await google.close();
      forgetMailbox(bffUrl);
      await mail.close();
      await payments?.close();
    },
  };
  return stack;
}
