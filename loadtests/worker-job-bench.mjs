// One streamed generation job as the generation worker runs it (GenerationProcessor.process: the answer's Redis
// Stream, its chunks on NATS, the usage on JetStream, the end-of-job flush), against real Redis and NATS (the test
// infrastructure by default), with the worker's own Redis client (the chassis's, auto-pipelined), and the socket writes
// it costs: every write to a socket (net.Socket's writes, counted by the server they go to) is one system call, which
// on loopback also does the receiver's TCP work. The shape of `npm run bench:generation`: a zero-latency upstream's 20
// code pieces in one burst, the published API's deltas, resumable. Two ways, interleaved round by round:
// - BENCH_COMPARE=append (default): "before", each append of an answer's chunks an explicit pipeline (written at once,
//   alone), against "now", the append's commands as commands of the turn (auto-pipelined with the other answers');
// - BENCH_COMPARE=end: "before", the job's end on NATS (cancel listener's UNSUB and the flush's PING) sent after the
//   answer's end, each in a write of its own, and every chunk JSON-encoded for the stream and again for NATS; "now".
// Prints writes per job to Redis and NATS, CPU of this process per job, wall time per job.
//   npx tsc -b tsconfig.json && node loadtests/worker-job-bench.mjs
// REDIS_URL, NATS_URL, BENCH_JOBS (per round and way, default 2000), BENCH_CONCURRENCY (default 64), BENCH_COMPARE.
import { createRequire } from "node:module";
import net from "node:net";
import { concurrently } from "./lib/concurrently.mjs";

const require = createRequire(import.meta.url);
const chassis = require("../packages/chassis/dist/src/index.js");
const { SIGNALS } = require("../proto/dist/src/index.js");
const { createNodeEvaluator } = require("../packages/ui-runtime/dist/src/node.js");
const { GenerationMetrics } = require("../services/generation/dist/src/metrics.js");
const processorModule = require("../services/generation/dist/src/worker/jobs/generation-processor.js");
const { ChunkPublisher, GenerationProcessor } = processorModule;

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:16380";
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:14223";
const N = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const COMPARE = process.env.BENCH_COMPARE ?? "append";
if (!["append", "end"].includes(COMPARE)) throw new Error(`BENCH_COMPARE=${COMPARE}: append or end`);
const logger = chassis.createLogger("worker-job-bench", "silent");

// Socket writes by the server's port (one _writeGeneric per write or writev handed to the kernel).
const writes = new Map();
const writeGeneric = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function (...args) {
  writes.set(this.remotePort, (writes.get(this.remotePort) ?? 0) + 1);
  return writeGeneric.apply(this, args);
};
const redisPort = Number(new URL(REDIS_URL).port);
const natsPort = Number(new URL(NATS_URL).port);

const prefix = `jobbench${Date.now()}.`;
const redis = chassis.createRedis(REDIS_URL, "generation-worker", logger);
const bus = new chassis.MessageBus(await chassis.connectNats(NATS_URL, "generation-worker", logger), {
  prefix,
  source: "generation-worker",
  logger,
});
// The API process's side (other connections: not counted as the worker's).
const apiNc = await chassis.connectNats(NATS_URL, "generation", logger);
const api = new chassis.MessageBus(apiNc, { prefix, source: "generation", logger });
await bus.ensureStream("GENERATION");

const CODE = 'heading("Team dashboard")\ntext("Hello, this is the answer")\nbutton("Go")\n';
const PIECES = Array.from({ length: 20 }, (_, i) => CODE.slice((i * CODE.length) / 20, ((i + 1) * CODE.length) / 20));
/** A zero-latency upstream: its pieces and usage arrive together. */
const provider = {
  name: "bench",
  async *generate() {
    for (const text of PIECES) yield { type: "code", text };
    yield { type: "usage", inputTokens: 12, outputTokens: PIECES.length };
  },
};
const evaluator = createNodeEvaluator({ timeoutMs: 10_000 });
const processor = new GenerationProcessor({
  bus,
  redis,
  provider,
  evaluator,
  metrics: new GenerationMetrics(new chassis.Metrics("bench")),
  logger,
  keyPrefix: prefix,
  partialIntervalMs: 0,
  deltaIntervalMs: 0,
  answerLog: { ttlSeconds: 60, maxPieces: 20_000 },
});

// BENCH_COMPARE=end, "before": the job's end on NATS after the answer's end, as it was (ChunkPublisher.afterLast
// patched away: the processor then unsubscribes and flushes after `out.end()`).
// BENCH_COMPARE=append, "before": each append an explicit pipeline of its own, as it was.
const afterLast = ChunkPublisher.prototype.afterLast;
const commands = ChunkPublisher.prototype.commands;
const WAYS =
  COMPARE === "end"
    ? {
        before: () => {
          ChunkPublisher.prototype.afterLast = () => undefined;
        },
        now: () => {
          ChunkPublisher.prototype.afterLast = afterLast;
        },
      }
    : {
        before: () => {
          ChunkPublisher.prototype.commands = function () {
            return this.log.redis.pipeline();
          };
        },
        now: () => {
          ChunkPublisher.prototype.commands = commands;
        },
      };

let jobNo = 0;
/** The first job's chunks, as the API received them (the encoding's figure below). */
const firstJob = [];
/** One job: the API's listener subscribed first (as RelayedAnswer.start), then the worker runs it. */
async function job() {
  const requestId = `r${jobNo++}`;
  let expected = 0;
  let ended;
  const over = new Promise((r) => (ended = r));
  const sub = api.listen(SIGNALS.generationChunk, requestId, (chunk) => {
    if (requestId === "r0") firstJob.push(chunk);
    if (chunk.seq !== expected++) throw new Error(`chunk ${chunk.seq} arrived, ${expected - 1} expected`);
    if (chunk.type === "done") ended();
    if (chunk.type === "error") throw new Error(chunk.error.message);
  });
  await api.flush();
  const data = {
    requestId,
    kind: "generate",
    userId: "user-1",
    appId: "app-1",
    model: "genui-pluto-0.1",
    messages: [{ role: "user", content: "hello" }],
    thinking: false,
    internet: false,
    maxOutputTokens: 1000,
    holdId: `hold-${requestId}`,
    partials: true,
    resumable: true,
    enqueuedAt: Date.now(),
  };
  const outcome = await processor.process({ data, attemptsStarted: 1, opts: { attempts: 2 } });
  if (outcome !== "stop") throw new Error(`job ended ${outcome}`);
  await over;
  sub.unsubscribe();
  return requestId;
}

async function run(n) {
  writes.clear();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const ids = await concurrently(n, CONCURRENCY, job);
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const counted = new Map(writes);
  const result = {
    cpuMs: (used.user + used.system) / 1000 / n,
    redis: (counted.get(redisPort) ?? 0) / n,
    nats: (counted.get(natsPort) ?? 0) / n,
    wallMs: (wallMs * CONCURRENCY) / n,
  };
  for (let i = 0; i < ids.length; i += 250)
    await redis.del(...ids.slice(i, i + 250).flatMap((id) => [`${prefix}gen:answer:${id}`, `${prefix}gen:done:${id}`]));
  return result;
}

// The API's own writes (its SUB/UNSUB/PING per job) go to NATS too: its socket is left out of the count.
const apiSocket = apiNc.protocol.transport.socket;
apiSocket._writeGeneric = function (...args) {
  return writeGeneric.apply(this, args);
};

console.log(`${N} jobs per way and round, ${CONCURRENCY} at a time, comparing ${COMPARE}; Redis ${REDIS_URL}, NATS ${NATS_URL}`);
const sums = { before: [], now: [] };
// A warm-up, then three rounds alternating the ways (drift affects both alike).
for (const round of [0, 1, 2, 3])
  for (const [way, use] of round % 2 ? Object.entries(WAYS) : Object.entries(WAYS).reverse()) {
    use();
    const n = round === 0 ? 300 : N;
    const r = await run(n);
    if (round > 0) sums[way].push(r);
  }
const mean = (rs, f) => rs.reduce((a, r) => a + r[f], 0) / rs.length;
for (const way of Object.keys(WAYS)) {
  const rs = sums[way];
  console.log(
    `  ${way.padEnd(7)} writes/job: Redis ${mean(rs, "redis").toFixed(2)}, NATS ${mean(rs, "nats").toFixed(2)}  CPU ${mean(rs, "cpuMs").toFixed(3)} ms/job  wall ${mean(rs, "wallMs").toFixed(2)} ms/job`,
  );
}
console.log(
  `  ratio now/before: CPU ${(mean(sums.now, "cpuMs") / mean(sums.before, "cpuMs")).toFixed(2)}, wall ${(mean(sums.now, "wallMs") / mean(sums.before, "wallMs")).toFixed(2)}`,
);

// Each chunk JSON-encoded for the stream and again for NATS (before), or once for both (now): CPU per job, the
// first job's chunks encoded as ChunkPublisher does.
if (COMPARE === "end") {
  const ENCODES = 20_000;
  const encode = (times) => {
    const t0 = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < ENCODES; i++) for (const c of firstJob) for (let k = 0; k < times; k++) bytes += JSON.stringify(c).length;
    const used = process.cpuUsage(t0);
    return { ms: (used.user + used.system) / 1000 / ENCODES, bytes };
  };
  encode(1);
  const [twice, once] = [encode(2), encode(1)];
  console.log(
    `  encoding a job's ${firstJob.length} chunks: before (twice) ${(twice.ms * 1000).toFixed(1)} µs/job, now (once) ${(once.ms * 1000).toFixed(1)} µs/job`,
  );
}
await Promise.all([bus.close(), api.close()]);
evaluator.dispose();
redis.disconnect();
process.exit(0);
