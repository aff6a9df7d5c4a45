// The worker's upstream call alone, in one run: the official openai client's streamed completion against the
// worker's own (services/generation/src/worker/providers/upstream-stream.ts), both reading the same 20-chunk answers
// from the fake upstream (a process of its own), 16 at a time. Prints CPU of this process per answer and wall time,
// and how many connections the worker's client opened (its pool is reused from one answer to the next).
//   npm run bench:upstream-client   (after npm run build)
import { spawn } from "node:child_process";
import OpenAI from "openai";
import * as upstreamStream from "../services/generation/dist/src/worker/providers/upstream-stream.js";
import { concurrently } from "./lib/concurrently.mjs";

const PORT = Number(process.env.UPSTREAM_PORT ?? 8298);
const N = Number(process.env.BENCH_ANSWERS ?? 4000);
const CONCURRENCY = 16;
const upstream = spawn(
  process.execPath,
  ["packages/testkit/dist/src/fake-openai-main.js", "--port", String(PORT), "--chunks", "20", "--delay-ms", "0"],
  { stdio: ["ignore", "pipe", "inherit"] },
);
await new Promise((resolve) => upstream.stdout.on("data", (d) => String(d).includes("listening") && resolve()));
const baseURL = `http://127.0.0.1:${PORT}/v1`;
const params = { model: "fake-model", messages: [{ role: "user", content: "a team dashboard" }], stream: true };

const client = new OpenAI({ baseURL, apiKey: "none", maxRetries: 0 });
const CLIENTS = {
  "openai client": async () => {
    let text = "";
    const stream = await client.chat.completions.create(params, { signal: new AbortController().signal });
    for await (const c of stream) text += c.choices[0]?.delta?.content ?? "";
    return text;
  },
  "worker's own": async () => {
    let text = "";
    for await (const c of upstreamStream.streamChatCompletion({ baseURL, apiKey: "none" }, params, new AbortController().signal))
      text += c.choices[0]?.delta?.content ?? "";
    return text;
  },
};

/** `n` answers, CONCURRENCY at a time; every answer must be the whole code. */
async function run(fn, n) {
  const lengths = new Set((await concurrently(n, CONCURRENCY, fn)).map((answer) => answer.length));
  if (lengths.size !== 1) throw new Error(`answers of different lengths: ${[...lengths].join(", ")}`);
  return [...lengths][0];
}

// The connections the worker's client opens (its pool, where the build has it exported).
const pool = upstreamStream.upstreamAgents?.["http:"];
let opened = 0;
if (pool) {
  const create = pool.createConnection.bind(pool);
  pool.createConnection = (...args) => {
    opened++;
    return create(...args);
  };
}

const results = {};
// Twice each, alternating, after a warm-up: the second round is reported.
for (const round of [0, 1, 2])
  for (const [name, fn] of Object.entries(CLIENTS)) {
    const n = round === 0 ? 500 : N;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const openedBefore = opened;
    const chars = await run(fn, n);
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    if (round > 0)
      results[name] = {
        cpuMsPerAnswer: (used.user + used.system) / 1000 / n,
        answersPerSecond: (n * 1000) / wall,
        chars,
        connections: pool && name === "worker's own" ? opened - openedBefore : undefined,
      };
  }
upstream.kill("SIGTERM");
const [a, b] = Object.values(results);
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(14)} ${r.cpuMsPerAnswer.toFixed(3)} ms of CPU per answer, ${r.answersPerSecond.toFixed(0)} answers/s (${r.chars} characters each)` +
      (r.connections === undefined ? "" : `; ${r.connections} connections opened for ${N} answers`),
  );
console.log(
  `the worker's own client costs ${(b.cpuMsPerAnswer / a.cpuMsPerAnswer).toFixed(2)}× the official client's CPU per answer`,
);
process.exit(0);
