import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
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
 * is counted and released, and each charge is written to the store, once.
 */
const HOP = path.join(REPO_ROOT, "loadtests/floor/hop.mjs");

describe("the benchmark's floor with the required work", () => {
  const infra = testInfra();
  const prefix = freshName("required").replace(/[^a-z0-9]/gi, "");
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
        env: { ...process.env, REDIS_URL: infra.redisUrl, NATS_URL: infra.natsUrl, PREFIX: prefix, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(child);
      child.stdout!.on("data", (d) => /^ready/m.test(String(d)) && resolve(child));
      child.once("exit", (c) => reject(new Error(`${role} exited with ${c}`)));
    });

  beforeAll(async () => {
    upstream = await startFakeOpenAI({ defaultAnswer: { content: SAMPLE_UI_CODE, chunks: 20 }, record: false });
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
    expect(await redis.get(`${prefix}:wallet:held`)).toBe("0");

    // What the run left is dropped when billing stops.
    billing.kill("SIGTERM");
    await new Promise((r) => billing.once("exit", r));
    const dbs = (await mongo.db().admin().listDatabases()).databases.map((d) => d.name);
    expect(dbs).not.toContain(`${prefix}_billing`);
  });
});
