import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { RunningService } from "@genui/chassis";
import { REPO_ROOT } from "@genui/testkit";
import { loadGenerationConfig } from "../../services/generation/src/config";
import { startGeneration } from "../../services/generation/src/service";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { ScriptedProvider } from "../support/scripted-provider";
import { readEventStream } from "../support/sse";
import { freePort, startStack, type Stack } from "../support/stack";

interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** Valid UI code of at least `chars` characters (one text line per 20 or so). */
const codeOf = (chars: number): string => {
  let code = 'screen("Flood")\n';
  for (let i = 0; code.length < chars; i++) code += `text("line ${i}")\n`;
  return code;
};

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** The variables of the generation API a copy needs to share the stack's Redis, NATS and queue. */
const apiEnvOf = (stack: Stack, extra: Record<string, string>): Record<string, string> => {
  const pick = [
    "LOG_LEVEL",
    "INTERNAL_IDENTITY_SECRET",
    "NATS_URL",
    "NATS_SUBJECT_PREFIX",
    "REDIS_URL",
    "REDIS_KEY_PREFIX",
    "GEN_QUEUE",
    "MONGO_URL",
    "MONGO_DB",
  ];
  return { ...Object.fromEntries(pick.map((k) => [k, stack.workerEnv[k]!])), GEN_KEEPALIVE_MS: "1000", ...extra };
};

describe("fair capacity: one tenant's flood does not reach another tenant", () => {
  let stack: Stack;
  let flooder: Developer;
  let victim: Developer;
  // Half a second per generation; one worker running 8 jobs at once: a flood of generations queues up quickly.
  const slow = new ScriptedProvider({ delayMs: 25, pieces: () => ScriptedProvider.lines(20) });

  beforeAll(async () => {
    stack = await startStack({
      generation: {
        provider: slow,
        apiEnv: {
          GEN_MAX_QUEUE_DEPTH: "40",
          GEN_EVAL_MAX_QUEUE_DEPTH: "40",
          GEN_RATE_PER_TENANT: "30/60",
          GEN_CONCURRENCY_PER_TENANT: "4",
          GEN_EVAL_RATE_PER_TENANT: "60/60",
          GEN_EVAL_CONCURRENCY_PER_TENANT: "4",
        },
        workerEnv: { GEN_WORKER_CONCURRENCY: "8", GEN_EVAL_WORKER_CONCURRENCY: "4" },
      },
    });
    [flooder, victim] = await Promise.all([newDeveloper(stack, 50_000_000), newDeveloper(stack, 50_000_000)]);
  }, 60_000);
  afterAll(async () => stack.stop());

  it("when one tenant floods evaluations and generations far past its limits, then another tenant's streams still answer in full and only the flooder gets 429s", async () => {
    const big = codeOf(20_000);
    const chatBody = (content: string) => ({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content }],
      stream: true,
    });
    const published = (p: string, body: unknown) =>
      fetch(`${stack.bff.url}/apps/api/v1/${p}`, {
        method: "POST",
        headers: { authorization: `Bearer ${flooder.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const floodStatuses: number[] = [];
    const settle = async (p: Promise<Response>) => {
      const res = await p;
      floodStatuses.push(res.status);
      await res.arrayBuffer();
    };
    const flood: Promise<void>[] = [];
    for (let i = 0; i < 100; i++) {
      flood.push(settle(flooder.client.request("POST", "/apps/api/v1/auth-retrieve/", { code: big })));
      flood.push(settle(published("retrieve/", { code: big })));
    }
    for (let i = 0; i < 60; i++) {
      flood.push(settle(flooder.client.request("POST", "/apps/api/v1/auth-chat/completions", chatBody(`flood ${i}`))));
      flood.push(settle(published("chat/completions", chatBody(`flood ${i}`))));
    }
    // The flood is in flight and has reached the flooder's limits (its first 429) before the other tenant asks.
    expect(await eventually(() => floodStatuses.includes(429), Boolean, 30_000)).toBe(true);
    const victimResults: { status: number; done: boolean; ms: number; route: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      const signedIn = i % 2 === 0;
      const res = signedIn
        ? await victim.client.request("POST", "/apps/api/v1/auth-chat/completions", chatBody(`a to-do list ${i}`))
        : await fetch(`${stack.bff.url}/apps/api/v1/chat/completions`, {
            method: "POST",
            headers: { authorization: `Bearer ${victim.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify(chatBody(`a to-do list ${i}`)),
          });
      const done = res.status === 200 ? (await readEventStream(res)).done : (await res.arrayBuffer(), false);
      victimResults.push({ status: res.status, done, ms: performance.now() - t0, route: signedIn ? "auth-chat" : "chat" });
    }
    await Promise.all(flood);
    const ms = victimResults.map((r) => r.ms);
    process.stdout.write(
      `\n[capacity] other tenant during the flood: statuses ${victimResults.map((r) => r.status).join(",")}; latency p50 ${quantile(ms, 0.5).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; flooder statuses ${JSON.stringify(
        floodStatuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {}),
      )}\n`,
    );
    expect(victimResults.map((r) => ({ route: r.route, status: r.status, done: r.done }))).toEqual(
      victimResults.map((r) => ({ route: r.route, status: 200, done: true })),
    );
    expect(floodStatuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(floodStatuses.filter((s) => s === 503)).toEqual([]);
  }, 120_000);

  it("when code larger than 32,000 characters is sent to retrieve, auth-retrieve or a chat message's code, then each is a 400 naming the limit", async () => {
    const code = codeOf(32_001);
    const retrieve = await fetch(`${stack.bff.url}/apps/api/v1/retrieve/`, {
      method: "POST",
      headers: { authorization: `Bearer ${victim.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    const authRetrieve = await victim.client.request("POST", "/apps/api/v1/auth-retrieve/", { code, prompt: "make it blue" });
    const chat = await victim.client.request("POST", "/apps/api/v1/auth-chat/completions", {
      model: "genui-pluto-0.1",
      messages: [
        { role: "user", content: "a list" },
        { role: "assistant", code },
        { role: "user", content: "make it longer" },
      ],
    });
    const answers = await Promise.all(
      [retrieve, authRetrieve, chat].map(async (r) => ({ status: r.status, error: ((await r.json()) as ErrorBody).error })),
    );
    expect(answers).toEqual([
      { status: 400, error: expect.objectContaining({ param: "code", message: expect.stringContaining("32,000") }) },
      { status: 400, error: expect.objectContaining({ param: "code", message: expect.stringContaining("32,000") }) },
      { status: 400, error: expect.objectContaining({ param: "messages[1].code", message: expect.stringContaining("32,000") }) },
    ]);
    const fits = await victim.client.request("POST", "/apps/api/v1/auth-retrieve/", { code: codeOf(2_000) });
    expect(fits.status).toBe(200);
  });
});

describe("fair capacity across two copies of the generation API", () => {
  let stack: Stack;
  let second: RunningService;
  const limits = {
    GEN_RATE_PER_TENANT: "20/60",
    GEN_CONCURRENCY_PER_TENANT: "3",
    GEN_EVAL_RATE_PER_TENANT: "10/60",
    GEN_EVAL_CONCURRENCY_PER_TENANT: "3",
  };
  const slow = new ScriptedProvider({ delayMs: 40, pieces: () => ScriptedProvider.lines(20) });

  beforeAll(async () => {
    stack = await startStack({ generation: { provider: slow, apiEnv: limits, workerEnv: { GEN_WORKER_CONCURRENCY: "16" } } });
    second = await startGeneration(loadGenerationConfig(apiEnvOf(stack, { ...limits, HTTP_PORT: "0" })));
  }, 60_000);
  afterAll(async () => {
    await second.stop();
    await stack.stop();
  });

  const copies = () => [stack.generation!.url, second.url];
  const call = (base: string, key: string, p: string, body: unknown) =>
    fetch(`${base}/apps/api/v1/${p}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const stream = (base: string, key: string) =>
    call(base, key, "chat/completions", {
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "a to-do list" }],
      stream: true,
    });

  it("when one key's evaluations alternate between two API copies, then together they get exactly the rate budget and then 429 with Retry-After", async () => {
    const dev = await newDeveloper(stack);
    const statuses: number[] = [];
    let refused: { body: ErrorBody; retryAfter: string | null } | undefined;
    for (let i = 0; i < 16; i++) {
      const res = await call(copies()[i % 2]!, dev.apiKey, "retrieve/", { code: 'text("hello")' });
      statuses.push(res.status);
      if (res.status === 429 && !refused)
        refused = { body: (await res.json()) as ErrorBody, retryAfter: res.headers.get("retry-after") };
      else await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429, 429]);
    expect(refused?.body.error).toEqual({
      message: expect.stringContaining("10 per 60 seconds"),
      type: "requests",
      param: null,
      code: "rate_limit_exceeded",
    });
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
  });

  it("when one key opens more streams than its concurrency limit across two copies, then only the limit run, the rest get 429, and a finished stream frees its slot", async () => {
    const dev = await newDeveloper(stack);
    const opened = await Promise.all(Array.from({ length: 7 }, (_, i) => stream(copies()[i % 2]!, dev.apiKey)));
    const statuses = opened.map((r) => r.status);
    const refused = opened.find((r) => r.status === 429);
    const refusedBody = refused ? ((await refused.json()) as ErrorBody) : undefined;
    const finished = await Promise.all(
      opened.map(async (r) =>
        r.status === 200 ? (await readEventStream(r)).done : (r !== refused && (await r.arrayBuffer()), false),
      ),
    );
    expect(statuses.filter((s) => s === 200).length).toBe(3);
    expect(statuses.filter((s) => s === 429).length).toBe(4);
    expect(refusedBody?.error.code).toBe("concurrency_limit_exceeded");
    expect(refused?.headers.get("retry-after")).toBeTruthy();
    expect(finished.filter(Boolean).length).toBe(3);
    // Every stream has ended: the slots are free again, on either copy.
    const again = await Promise.all(copies().map((base) => stream(base, dev.apiKey)));
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(again.map((r) => readEventStream(r)));
  });

  it("when an API process dies holding a key's slots, then they stay taken only until their lease runs out", async () => {
    const dev = await newDeveloper(stack);
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, "services/generation/dist/src/main.js")], {
      env: {
        ...process.env,
        ...apiEnvOf(stack, { ...limits, HTTP_PORT: String(port), GEN_SLOT_LEASE_MS: "1500" }),
        NODE_ENV: "test",
      },
      stdio: "ignore",
    });
    const dying = `http://127.0.0.1:${port}`;
    try {
      await eventually(
        async () => (await fetch(`${dying}/readyz`).catch(() => undefined))?.status ?? 0,
        (s) => s === 200,
        20_000,
      );
      const held = await Promise.all([0, 1, 2].map(() => stream(dying, dev.apiKey)));
      expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
      child.kill("SIGKILL");
      await Promise.all(held.map((r) => r.arrayBuffer().catch(() => undefined)));
      const atOnce = await stream(stack.generation!.url, dev.apiKey);
      await atOnce.arrayBuffer();
      expect(atOnce.status).toBe(429);
      const later = await eventually(
        async () => {
          const r = await stream(stack.generation!.url, dev.apiKey);
          await r.arrayBuffer();
          return r.status;
        },
        (s) => s === 200,
        15_000,
      );
      expect(later).toBe(200);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
