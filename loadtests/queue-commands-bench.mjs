// BullMQ's own Redis work per generation job, in one run: a Queue and a Worker with the platform's options (the job
// options of RelayedAnswer.start, the Worker options of services/generation/src/worker/service.ts), N jobs one after
// another (a job is added once the one before completed, as a single stream does), every command on the queue's keys
// counted with MONITOR (commands run inside BullMQ's scripts included), by name, per job; and the CPU of this process
// per job. Against the test Redis by default; other clients' commands are not counted (they do not touch its keys).
//   node loadtests/queue-commands-bench.mjs        REDIS_URL, BENCH_JOBS (default 200)
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";

const URL = process.env.REDIS_URL ?? "redis://127.0.0.1:16380";
const N = Number(process.env.BENCH_JOBS ?? 200);
const prefix = `queuebench${Date.now()}`;
const connection = new Redis(URL, { maxRetriesPerRequest: null });
const workerConnection = new Redis(URL, { maxRetriesPerRequest: null });
const queue = new Queue("jobs", { connection, prefix });
const finished = new Map();
const worker = new Worker("jobs", async () => "stop", {
  connection: workerConnection,
  prefix,
  lockDuration: 15_000,
  stalledInterval: 10_000,
  maxStalledCount: 1,
  drainDelay: 5,
  concurrency: 64,
});
worker.on("completed", (job) => finished.get(job.id)?.());
await Promise.all([worker.waitUntilReady(), queue.waitUntilReady()]);

async function one(id) {
  const done = new Promise((r) => finished.set(id, r));
  await queue.add(
    "generate",
    { requestId: id, messages: [{ role: "user", content: "a team dashboard ".repeat(20) }] },
    { jobId: id, attempts: 2, backoff: { type: "fixed", delay: 250 }, removeOnComplete: true, removeOnFail: { age: 3_600 } },
  );
  await done;
  finished.delete(id);
}
for (let i = 0; i < 20; i++) await one(`warm${i}`);

const watcher = new Redis(URL);
await watcher.ping();
const monitor = await watcher.monitor();
watcher.disconnect();
const counts = {};
let total = 0;
monitor.on("monitor", (_time, args) => {
  if (!args.some((a) => String(a).includes(prefix))) return;
  const name = String(args[0]).toLowerCase();
  counts[name] = (counts[name] ?? 0) + 1;
  total++;
});
// MONITOR shows what Redis ran after it started: a round trip first.
await connection.ping();
const cpu = process.cpuUsage();
for (let i = 0; i < N; i++) await one(`job${i}`);
const used = process.cpuUsage(cpu);
await connection.ping();
await new Promise((r) => setImmediate(r));
monitor.disconnect();
console.log(`${N} jobs one after another; Redis commands on the queue's keys per job: ${(total / N).toFixed(2)}`);
console.log(
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / N).toFixed(2)}`)
    .join(", "),
);
console.log(`CPU of this process (queue + worker) per job: ${((used.user + used.system) / 1000 / N).toFixed(3)} ms`);
await worker.close();
await queue.obliterate({ force: true }).catch(() => undefined);
await queue.close();
connection.disconnect();
workerConnection.disconnect();
