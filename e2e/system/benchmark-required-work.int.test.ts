import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { MongoClient } from "mongodb";
import {
  REPO_ROOT,
  SAMPLE_UI_CODE,
  eventually,
  freeLoopbackPort,
  freshName,
  startFakeOpenAI,
  testInfra,
  type FakeOpenAI,
} from "@genui/testkit";
import { createNodeEvaluator } from "@genui/ui-runtime/node";

/**
 * The benchmark's "required" row (loadtests/floor/hop.mjs with SCREEN and METER: the floor's hops doing the work every
 * GenUI answer needs) is the yardstick docs/performance.md measures the platform's own work against, so it must do
 * that work: each answer carries the screen the platform's sandbox makes of the upstream's code, each request's hold
 * is counted and released, and each charge is written to the store, once. The "guarded" row (GUARDS as well) adds the
 * serial steps of the platform's guarantees, with the platform's own scripts where it has them: it must take them
 * (the address budget counted, a capacity place taken and given back, each answer's pieces in its resume log before
 * the client reads them, the cancel flag honoured).
 */
const HOP = path.join(REPO_ROOT, "loadtests/floor/hop.mjs");

describe.each([
  ["the required work", false],
  ["the required work and the guarantees' serial steps", true],
])("the benchmark's floor with %s", (_row, guards) => {
  const infra = testInfra();
  const prefix = freshName(guards ? "guarded" : "required").replace(/[^a-z0-9]/gi, "");
  const children: ChildProcess[] = [];
  let upstream: FakeOpenAI;
  let url: string;
  let billing: ChildProcess;
  const mongo = new MongoClient(infra.mongoUrl);
  const redis = new Redis(infra.redisUrl);

  /** Starts one hop and waits for its "ready" line (or its exit, which fails the start). */
  const hop = (role: string, env: Record<string, string>) =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, [HOP, role], {
        env: {
          ...process.env,
          REDIS_URL: infra.redisUrl,
          NATS_URL: infra.natsUrl,
          PREFIX: prefix,
          ...(guards ? { GUARDS: "1" } : {}),
          ...env,
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(child);
      child.stdout!.on("data", (d) => /^ready/m.test(String(d)) && resolve(child));
      child.once("exit", (c) => reject(new Error(`${role} exited with ${c}`)));
    });

  beforeAll(async () => {
    upstream = await startFakeOpenAI({ defaultAnswer: { content: SAMPLE_UI_CODE, chunks: 20 } });
    const [edgePort, apiPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    const work = { SCREEN: "1", METER: "1", MONGO_URL: infra.mongoUrl };
    billing = await hop("billing", work);
    await hop("worker", { ...work, UPSTREAM_URL: `${upstream.url}/chat/completions`, USAGE: "1" });
    await hop("api", { PORT: String(apiPort), MODE: "queue", AUTHORIZE: "1" });
    await hop("edge", { PORT: String(edgePort), TARGET_URL: `http://127.0.0.1:${apiPort}` });
    url = `http://127.0.0.1:${edgePort}/v1/chat/completions`;
  });

  afterAll(async () => {
    for (const c of children)
      if (c.exitCode === null && c.signalCode === null) {
        c.kill("SIGTERM");
        await new Promise((r) => c.once("exit", r));
      }
    await upstream?.close();
    await mongo.close();
    redis.disconnect();
  });

  it("answers with the upstream's bytes and the sandbox's screen, holds and charges each request once", async () => {
    const requestsBefore = upstream.requests.length;
    const evaluator = createNodeEvaluator();
    const expected = await evaluator.evaluate(SAMPLE_UI_CODE);
    evaluator.dispose();
    expect(expected.ok).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "a team dashboard" }] }),
        });
        return { status: res.status, text: await res.text() };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      const events = a.text.split("\n\n").filter((e) => e.startsWith("data: "));
      expect(events.at(-1)).toBe("data: [DONE]");
      const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice(6)));
      const content = chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("");
      expect(content).toBe(SAMPLE_UI_CODE);
      const screens = chunks.filter((c) => "screen" in c);
      expect(screens).toHaveLength(1);
      expect(chunks.at(-1)).toBe(screens[0]);
      expect(screens[0].screen).toEqual(expected.ok && expected.screen);
      expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    }
    // Every usage event charged once, in the store, and every hold released.
    const ledger = mongo.db(`${prefix}_billing`).collection("ledger");
    const charged = await eventually(
      () => ledger.countDocuments(),
      (n) => n >= 24,
    );
    expect(charged).toBe(24);
    // A batch's holds are released after its charges are kept (the hop writes, then releases): wait for the release.
    expect(
      await eventually(
        () => redis.get(`${prefix}:wallet:held`),
        (held) => held === "0",
      ),
    ).toBe("0");

    if (guards) {
      // The address budget counted every request, and the caller's capacity: each took a place and gave it back.
      expect(await redis.get(`${prefix}:rl:api:ip:127.0.0.1`)).toBe("24");
      expect(await redis.get(`${prefix}:gen:cap:generate:rate:key`)).toBe("24");
      expect(await redis.zcard(`${prefix}:gen:cap:generate:open:key`)).toBe(0);
      expect(await redis.zcard(`${prefix}:gen:cap:generate:share:owner`)).toBe(0);
      // Each answer's resume record, and its log holding every piece the client read after `: accepted`, in order.
      const logs = await redis.keys(`${prefix}:answer:*:events`);
      expect(logs).toHaveLength(24);
      expect(await redis.keys(`${prefix}:answer:*-*-*-*-????????????`)).toHaveLength(24);
      const logged = new Set(
        await Promise.all(
          logs.map(async (key) => {
            expect(await redis.pttl(key)).toBeGreaterThan(0);
            const entries = await redis.xrange(key, "-", "+");
            return entries.map(([, fields]) => fields[1]).join("");
          }),
        ),
      );
      for (const a of answers) expect(logged.has(a.text.replace(": accepted\n\n", ""))).toBe(true);

      // A job whose cancel flag is set before it starts ends without calling the upstream.
      const queue = new Queue(`${prefix}-jobs`, { connection: { url: infra.redisUrl } });
      const events = new QueueEvents(`${prefix}-jobs`, { connection: { url: infra.redisUrl } });
      await events.waitUntilReady();
      try {
        const id = `cancelled-${prefix}`;
        await redis.set(`${prefix}:cancel:${id}`, "client");
        const calls = upstream.requests.length;
        const job = await queue.add("generate", { id, body: "{}" }, { jobId: id });
        expect(await job.waitUntilFinished(events, 30_000)).toBe("cancelled");
        expect(upstream.requests.length).toBe(calls);
      } finally {
        await events.close();
        await queue.close();
      }
    }
    expect(upstream.requests.length - requestsBefore).toBe(24);

    // What the run left is dropped when billing stops.
    billing.kill("SIGTERM");
    await new Promise((r) => billing.once("exit", r));
    const dbs = (await mongo.db().admin().listDatabases()).databases.map((d) => d.name);
    expect(dbs).not.toContain(`${prefix}_billing`);
  });
});
