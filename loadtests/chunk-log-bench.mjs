// A resumable answer's chunks as the generation worker keeps and publishes them, in one run: the way before (each
// chunk's XADD + PEXPIRE awaited as a pipeline of its own, then the chunk published) against the worker's
// ChunkPublisher (the chunks published during an append go in the next one, together; PEXPIRE with the first append,
// the answer's end, or once a good part of the TTL has passed), interleaved round by round. Real Redis and NATS (the
// test infrastructure by default); a listener checks that every chunk arrives, in order. Prints CPU of this process
// per answer, Redis commands per answer (INFO commandstats: xadd, pexpire, set — the job's done mark, set on its own
// before, with the last chunk now), wall time per answer and the ratios.
//   npx tsc -b tsconfig.json && node loadtests/chunk-log-bench.mjs
// REDIS_URL, NATS_URL, BENCH_ANSWERS (per round and way, default 2000), BENCH_CONCURRENCY (default 64).
import { createRequire } from "node:module";
import { Redis } from "ioredis";
import { concurrently } from "./lib/concurrently.mjs";

const require = createRequire(import.meta.url);
const chassis = require("../packages/chassis/dist/src/index.js");
const { SIGNALS } = require("../proto/dist/src/index.js");
const { ChunkPublisher } = require("../services/generation/dist/src/worker/jobs/generation-processor.js");

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:16380";
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:14223";
const N = Number(process.env.BENCH_ANSWERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const TTL_MS = 300_000;
const MAX_PIECES = 20_000;
const logger = chassis.createLogger("chunk-log-bench", "silent");

const redis = new Redis(REDIS_URL);
const stats = new Redis(REDIS_URL);
const prefix = `chunkbench${Date.now()}.`;
const bus = new chassis.MessageBus(await chassis.connectNats(NATS_URL, "generation-worker", logger), {
  prefix,
  source: "generation-worker",
  logger,
});
const api = new chassis.MessageBus(await chassis.connectNats(NATS_URL, "generation", logger), {
  prefix,
  source: "generation",
  logger,
});

/** The way before: one pipeline of XADD + PEXPIRE per chunk, awaited, then the chunk published. */
class ChunkPublisherBefore {
  seq = 0;
  tail = Promise.resolve();
  constructor(bus, requestId, attempt, log) {
    Object.assign(this, { bus, requestId, attempt, log });
  }
  publish(chunk) {
    const full = { ...chunk, attempt: this.attempt, seq: this.seq++, ts: Date.now() };
    const log = this.log;
    this.tail = this.tail.then(async () => {
      try {
        await log.redis
          .pipeline()
          .xadd(log.key, "MAXLEN", "~", log.maxPieces, "*", "c", JSON.stringify(full))
          .pexpire(log.key, log.ttlMs)
          .exec();
      } catch (err) {
        log.logger.warn({ err }, "answer piece not kept for resuming");
      }
      this.bus.signal(SIGNALS.generationChunk, this.requestId, full);
    });
  }
  async end() {
    await this.tail;
  }
}

const CODE = 'heading("Team dashboard")\ntext("Hello")\n';
/** The job's done mark after its usage is published: set on its own before (awaited), now with the last chunk. */
async function markDone(out) {
  const key = `${prefix}gen:done:${out.requestId}`;
  if (out.keeps) out.mark(key, "1", 60);
  else await redis.set(key, "1", "EX", 60);
}
const turn = () => new Promise((r) => setImmediate(r));
/**
 * Two answers' shapes. "published API": start, a first delta, the rest of the code, the done chunk, each in a turn of
 * its own (what a zero-latency upstream gives with GEN_DELTA_INTERVAL_MS). "bursty": 20 deltas, 4 per turn (the
 * chat's deltas and reasoning from a fast model), then done.
 */
const SHAPES = {
  "published API (4 chunks)": async (out) => {
    out.publish({ type: "start" });
    await turn();
    out.publish({ type: "delta", text: CODE.slice(0, 20) });
    await turn();
    out.publish({ type: "delta", text: CODE.slice(20) });
    await turn();
    await markDone(out);
    out.publish({ type: "done", code: CODE, json: null, finishReason: "stop", usage: { inputTokens: 9, outputTokens: 20 } });
  },
  "bursty (22 chunks)": async (out) => {
    out.publish({ type: "start" });
    for (let i = 0; i < 5; i++) {
      await turn();
      for (let j = 0; j < 4; j++) out.publish({ type: "delta", reasoning: `thinking ${i}.${j} ` });
    }
    await turn();
    await markDone(out);
    out.publish({ type: "done", code: CODE, json: null, finishReason: "stop", usage: { inputTokens: 9, outputTokens: 20 } });
  },
};

let answerNo = 0;
/** One answer: the API's listener subscribed first (as RelayedAnswer.start), then the worker's chunks. */
async function answer(Publisher, shape) {
  const requestId = `r${answerNo++}`;
  const key = `${prefix}gen:answer:${requestId}`;
  let expected = 0;
  let ended;
  const over = new Promise((r) => (ended = r));
  const sub = api.listen(SIGNALS.generationChunk, requestId, (chunk) => {
    if (chunk.seq !== expected++) throw new Error(`chunk ${chunk.seq} arrived, ${expected - 1} expected`);
    if (chunk.type === "done") ended();
  });
  await api.flush();
  const out = new Publisher(bus, requestId, 1, { redis, key, ttlMs: TTL_MS, maxPieces: MAX_PIECES, logger });
  await shape(out);
  await out.end();
  await over;
  sub.unsubscribe();
  return key;
}

async function commandCounts() {
  const info = await stats.info("commandstats");
  const count = (name) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
  return { xadd: count("xadd"), pexpire: count("pexpire"), set: count("set") };
}

async function run(Publisher, shape, n) {
  const before = await commandCounts();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const keys = await concurrently(n, CONCURRENCY, () => answer(Publisher, shape));
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const after = await commandCounts();
  for (let i = 0; i < keys.length; i += 250)
    await redis.del(...keys.slice(i, i + 250).flatMap((k) => [k, k.replace(":answer:", ":done:")]));
  return {
    cpuMs: (used.user + used.system) / 1000 / n,
    xadd: (after.xadd - before.xadd) / n,
    pexpire: (after.pexpire - before.pexpire) / n,
    set: (after.set - before.set) / n,
    wallMs: (wallMs * CONCURRENCY) / n,
  };
}

const WAYS = { before: ChunkPublisherBefore, now: ChunkPublisher };
console.log(`${N} answers per way and round, ${CONCURRENCY} at a time; Redis ${REDIS_URL}, NATS ${NATS_URL}`);
for (const [shapeName, shape] of Object.entries(SHAPES)) {
  const sums = { before: [], now: [] };
  // A warm-up, then three rounds alternating the ways (drift affects both alike).
  for (const round of [0, 1, 2, 3])
    for (const [way, Publisher] of round % 2 ? Object.entries(WAYS) : Object.entries(WAYS).reverse()) {
      const r = await run(Publisher, shape, round === 0 ? 300 : N);
      if (round > 0) sums[way].push(r);
    }
  const mean = (rs, f) => rs.reduce((a, r) => a + r[f], 0) / rs.length;
  console.log(`\n${shapeName}`);
  for (const way of Object.keys(WAYS)) {
    const rs = sums[way];
    console.log(
      `  ${way.padEnd(7)} CPU ${mean(rs, "cpuMs").toFixed(3)} ms/answer  xadd ${mean(rs, "xadd").toFixed(2)}  pexpire ${mean(rs, "pexpire").toFixed(2)}  set ${mean(rs, "set").toFixed(2)}  wall ${mean(rs, "wallMs").toFixed(2)} ms/answer`,
    );
  }
  console.log(
    `  ratio now/before: CPU ${(mean(sums.now, "cpuMs") / mean(sums.before, "cpuMs")).toFixed(2)}, wall ${(mean(sums.now, "wallMs") / mean(sums.before, "wallMs")).toFixed(2)}`,
  );
}
await Promise.all([bus.close(), api.close()]);
redis.disconnect();
stats.disconnect();
process.exit(0);
