import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT, TEST_IDENTITY_SECRET, freshName, testInfra } from "@genui/testkit";
import { startMailSim, type MailSim } from "@genui/sims";
import mongoose from "mongoose";
import { BrowserClient } from "../support/client";
import { eventually } from "../support/eventually";
import { forgetMailbox, registerMailbox, signUp } from "../support/signup";
import { freePort } from "../support/stack";
import type { AppRow } from "../support/wire";

/** A span as Jaeger's query API answers it. */
interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: { refType: "CHILD_OF" | "FOLLOWS_FROM"; traceID: string; spanID: string }[];
  processID: string;
  tags: { key: string; value: unknown }[];
}
interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

const CLIENT_TRACE = "a".repeat(32);
const serviceNames = (t: JaegerTrace) => new Set(t.spans.map((s) => t.processes[s.processID]!.serviceName));

/** Jaeger v2 with in-memory storage: OTLP over HTTP in, its query API out, every port on loopback. */
function jaegerConfig(ports: { otlp: number; query: number; queryGrpc: number }): string {
  return `service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: []
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
extensions:
  jaeger_query:
    storage:
      traces: mem
    http:
      endpoint: 127.0.0.1:${ports.query}
    grpc:
      endpoint: 127.0.0.1:${ports.queryGrpc}
  jaeger_storage:
    backends:
      mem:
        memory:
          max_traces: 10000
receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:${ports.otlp}
exporters:
  jaeger_storage_exporter:
    trace_storage: mem
`;
}

/** One platform process from its built entry point, with its own environment (and so its own OTLP exporter). */
interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
}

async function startProcess(name: string, entry: string, env: Record<string, string>): Promise<Proc> {
  const port = Number(env.HTTP_PORT ?? (await freePort()));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, entry)], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "warn", HTTP_PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const up = await eventually(
    () =>
      fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    (ok) => ok || child.exitCode !== null,
    30_000,
  );
  if (!up) throw new Error(`${name} did not start (exit code ${child.exitCode})`);
  return { name, child, url };
}

/**
 * One chat completion through the BFF with an app key, every platform process exporting its spans over OTLP to a real
 * receiver (Jaeger), read back from Jaeger's query API: one trace, every hop in it, parents as the hops happened.
 * The processes run from their built entry points, each its own Node process as in a deployment (the OTLP exporter
 * cannot send from inside jest's module sandbox, which lacks dynamic import()).
 */
describe("one traced chat completion", () => {
  let jaeger: ChildProcess;
  let dir: string;
  let queryUrl: string;
  const procs: Proc[] = [];
  const dbs: string[] = [];
  let bff: Proc;
  /** The mail stand-in and the BFF address its mailbox is registered under (for signUp). */
  let mail: { sim: MailSim; bffUrl: string } | undefined;
  let apiKey: string;

  beforeAll(async () => {
    // Built once per machine (minutes), then cached: scripts/tracing-env.sh.
    const built = spawnSync("bash", [path.join(REPO_ROOT, "scripts/tracing-env.sh")], { encoding: "utf8" });
    if (built.status !== 0) throw new Error(`scripts/tracing-env.sh failed: ${built.stderr}`);
    const bin = built.stdout.trim().split("\n").at(-1)!;
    const ports = { otlp: await freePort(), query: await freePort(), queryGrpc: await freePort() };
    dir = mkdtempSync(path.join(os.tmpdir(), "genui-jaeger-"));
    writeFileSync(path.join(dir, "config.yaml"), jaegerConfig(ports));
    jaeger = spawn(bin, ["--config", path.join(dir, "config.yaml")], { cwd: dir, stdio: "ignore" });
    queryUrl = `http://127.0.0.1:${ports.query}`;
    const ready = await eventually(
      () =>
        fetch(`${queryUrl}/api/services`).then(
          (r) => r.ok,
          () => false,
        ),
      (ok) => ok,
      20_000,
    );
    if (!ready) throw new Error("Jaeger did not start");

    const prefix = `${freshName()}.`;
    const email = `dev-${randomUUID()}@genui.dev`;
    const db = (name: string) => {
      const n = freshName(name);
      dbs.push(n);
      return n;
    };
    const shared = {
      // The standard variables: every process exports to the receiver; a short batch delay for the test.
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${ports.otlp}`,
      OTEL_BSP_SCHEDULE_DELAY: "100",
      INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      MONGO_URL: testInfra().mongoUrl,
      NATS_URL: testInfra().natsUrl,
      NATS_SUBJECT_PREFIX: prefix,
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: prefix,
    };
    const bffPort = await freePort();
    // The mail stand-in identity sends the sign-up link to (over SMTP); the link leads to the BFF.
    mail = { sim: await startMailSim(), bffUrl: `http://127.0.0.1:${bffPort}` };
    registerMailbox(mail.bffUrl, mail.sim);
    const start = (name: string, entry: string, env: Record<string, string>) =>
      startProcess(name, entry, { ...shared, ...env }).then((p) => (procs.push(p), p));
    const identity = await start("identity", "services/identity/dist/src/main.js", {
      MONGO_DB: db("identity"),
      ARGON2_MEMORY_KIB: "8192",
      ARGON2_ITERATIONS: "1",
      SMTP_URL: mail.sim.smtpUrl,
      PUBLIC_URL: mail.bffUrl,
    });
    const apps = await start("apps", "services/apps/dist/src/main.js", {
      MONGO_DB: db("apps"),
      APPS_KEY_ENCRYPTION_KEY: "7".repeat(64),
    });
    const billingDb = db("billing");
    dbs.push(`${billingDb}_ledger`);
    const billing = await start("billing", "services/billing/dist/src/main.js", {
      MONGO_DB: billingDb,
      PUBLIC_URL: `http://127.0.0.1:${bffPort}`,
      // The developer's credit: billing's own local-platform grant for one e-mail address.
      DEMO_CREDIT_EMAIL: email,
      DEMO_CREDIT_USD: "5",
    });
    const genQueue = freshName("gen");
    const genDb = db("generation");
    const generation = await start("generation", "services/generation/dist/src/main.js", {
      GEN_QUEUE: genQueue,
      MONGO_DB: genDb,
    });
    await start("gen-worker", "services/generation/dist/src/worker/main.js", {
      GEN_QUEUE: genQueue,
      MONGO_DB: genDb,
      OFFLINE_TOKENS_PER_SECOND: "0",
    });
    bff = await startProcess("bff", "bff/dist/src/main.js", {
      ...shared,
      HTTP_PORT: String(bffPort),
      INTERNAL_HTTP_PORT: "0",
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      IDENTITY_URL: identity.url,
      APPS_URL: apps.url,
      BILLING_URL: billing.url,
      GENERATION_URL: generation.url,
    });
    procs.push(bff);

    // A developer with an active app and credit, through the BFF as the dashboard does it.
    const client = new BrowserClient(bff.url);
    const registered = await signUp(client, { email, password: "password123" });
    expect(registered.status).toBe(201);
    const created = await client.post("/apps/api/v1/create/", { url: `https://${randomUUID().slice(0, 8)}.example.com` });
    expect(created.status).toBe(201);
    const app = (await created.json()) as AppRow;
    apiKey = app.api_key;
    await eventually(
      async () => ((await (await client.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results,
      (rows) => rows.some((a) => a.id === app.id && a.status === "active"),
      40_000,
    );
    await eventually(
      async () => ((await (await client.get("/billing/api/v1/balance")).json()) as { balance: number }).balance,
      (b) => b > 0,
    );
  }, 600_000);

  afterAll(async () => {
    // SIGTERM: each process shuts down gracefully, its last spans sent.
    for (const p of procs.reverse()) {
      if (p.child.exitCode !== null) continue;
      const exited = new Promise((r) => p.child.once("exit", r));
      p.child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (p.child.exitCode === null) p.child.kill("SIGKILL");
    }
    jaeger?.kill("SIGTERM");
    if (mail) {
      forgetMailbox(mail.bffUrl);
      await mail.sim.close();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
    const conn = await mongoose.createConnection(testInfra().mongoUrl).asPromise();
    for (const name of dbs)
      await conn
        .useDb(name)
        .dropDatabase()
        .catch(() => undefined);
    await conn.close();
  }, 60_000);

  const traces = async (service: string): Promise<JaegerTrace[]> => {
    const res = await fetch(`${queryUrl}/api/traces?service=${encodeURIComponent(service)}&limit=50&lookback=1h`);
    return ((await res.json()) as { data: JaegerTrace[] | null }).data ?? [];
  };

  it("when a chat completion is made with an app key, then one trace holds the BFF, generation API, key check, billing authorisation and worker spans, each under its caller", async () => {
    const res = await fetch(`${bff.url}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${apiKey}`,
        "content-type": "application/json",
        // A caller's own trace context: the public edge does not continue it (nor let it choose the sampling).
        traceparent: `00-${CLIENT_TRACE}-${"b".repeat(16)}-01`,
      },
      body: JSON.stringify({ model: "genui-pluto-0.1", messages: [{ role: "user", content: "a to-do list" }], stream: true }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("[DONE]");
    const workerOp = (s: JaegerSpan) => s.operationName.startsWith("process ") && s.operationName.includes("gen");
    // The worker's spans arrive last (its usage is published after the answer): wait for the whole trace.
    const [trace] = await eventually(
      async () =>
        (await traces("generation-worker")).filter((t) => t.spans.some((s) => s.operationName === `send generation.completed`)),
      // Each process sends its spans on its own schedule: wait until every one has. The worker's job span ends
      // after its children (the usage it publishes), so it may come in a later batch than they do: wait for it too.
      // The API's server span ends with the stream, after the worker's usage, and may come in a later batch still.
      (list) =>
        list.length > 0 &&
        serviceNames(list[0]!).size === 5 &&
        list[0]!.spans.some(workerOp) &&
        list[0]!.spans.some(
          (s) =>
            list[0]!.processes[s.processID]!.serviceName === "generation" &&
            s.tags.some((x) => x.key === "span.kind" && x.value === "server"),
        ),
      20_000,
    );
    const t = trace!;
    const service = (s: JaegerSpan) => t.processes[s.processID]!.serviceName;
    const kind = (s: JaegerSpan) => s.tags.find((x) => x.key === "span.kind")?.value;
    const byId = new Map(t.spans.map((s) => [s.spanID, s]));
    const parent = (s: JaegerSpan) => {
      const ref = s.references.find((r) => r.refType === "CHILD_OF" && r.traceID === t.traceID);
      return ref ? byId.get(ref.spanID) : undefined;
    };
    const one = (svc: string, test: (s: JaegerSpan) => boolean, what: string) => {
      const found = t.spans.filter((s) => service(s) === svc && test(s));
      if (found.length !== 1)
        throw new Error(
          `expected one ${what} span of ${svc}; trace has ${t.spans.map((s) => `${service(s)}:${s.operationName}`)}`,
        );
      return found[0]!;
    };

    expect(t.traceID).not.toBe(CLIENT_TRACE);
    // Every span is in this one trace, and the services are all there.
    expect(new Set(t.spans.map((s) => s.traceID))).toEqual(new Set([t.traceID]));
    expect(new Set(t.spans.map(service))).toEqual(new Set(["bff", "generation", "apps", "billing", "generation-worker"]));

    // BFF (root, the public edge starts the trace) → generation API over HTTP (W3C traceparent through the proxy).
    const edge = one("bff", (s) => kind(s) === "server", "server");
    expect(edge.operationName).toBe("POST");
    expect(parent(edge)).toBeUndefined();
    const api = one("generation", (s) => kind(s) === "server", "server");
    expect(api.operationName).toBe("POST /apps/api/v1/chat/completions");
    expect(parent(api)).toBe(edge);

    // The key check and the authorisation: CLIENT spans of the API, SERVER spans in apps and billing.
    for (const [svc, subject] of [
      ["apps", "apps.keys.verify"],
      ["billing", "billing.balance.authorize"],
    ] as const) {
      const client = one("generation", (s) => s.operationName === subject, subject);
      expect(kind(client)).toBe("client");
      expect(parent(client)).toBe(api);
      const server = one(svc, (s) => s.operationName === subject, subject);
      expect(kind(server)).toBe("server");
      expect(parent(server)).toBe(client);
    }

    // Enqueued by the API (PRODUCER), taken by a worker (CONSUMER) in another process, its queue wait beside it.
    const enqueue = one("generation", (s) => kind(s) === "producer", "enqueue");
    expect(parent(enqueue)).toBe(api);
    const job = one("generation-worker", workerOp, "job");
    expect(kind(job)).toBe("consumer");
    expect(parent(job)).toBe(enqueue);
    expect(parent(one("generation-worker", (s) => s.operationName === "queue wait", "queue wait"))).toBe(enqueue);

    // The usage, published by the worker's job; billing meters it in a batch span linked to it.
    const completed = one("generation-worker", (s) => s.operationName === "send generation.completed", "publish");
    expect(kind(completed)).toBe("producer");
    expect(parent(completed)).toBe(job);
    const metering = await eventually(
      async () =>
        (await traces("billing")).flatMap((x) => x.spans).filter((s) => s.references.some((r) => r.spanID === completed.spanID)),
      (list) => list.length > 0,
      20_000,
    );
    expect(metering[0]!.operationName).toBe("process generation.completed");
  });
});
