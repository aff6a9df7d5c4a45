// The API's serial round trips between admitting a streamed request and its job in the queue, old and new in one
// run, one request at a time (the latency of one stream): a billing stand-in answers the hold over NATS after a Redis
// round trip (as billing's hold does), the answer's chunk subject is subscribed and flushed, the job is added with
// RelayedAnswer.start's options. "serial": hold, then subscribe + flush, then enqueue (before); "parallel": subscribe
// + flush sent with the hold, enqueue after both (Admission.generate + RelayedAnswer.listen); "+ log": the resume
// bookkeeping (AnswerLog.open's pipeline) after the enqueue (before) or sent with it (after); "confirmed + log": no
// flush, the hold's reply on the same connection says the server has the subscription (RelayedAnswer.subscribe /
// confirm, the API now). Prints the time per request and this process's CPU per request (the API's side and the
// billing stand-in, the same in every variant); then the CPU per request with 64 at a time (BENCH_CONCURRENT_ROUNDS
// rounds of 2,000 requests per variant, alternated), with the CPU of the servers named in BENCH_PIDS
// ("nats:PID,redis:PID", read from /proc) over the same phases.
//   node loadtests/admission-trips-bench.mjs        REDIS_URL, NATS_URL, BENCH_REQUESTS (default 400), BENCH_PIDS
import { readFileSync } from "node:fs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { connect, JSONCodec } from "nats";
import { concurrently } from "./lib/concurrently.mjs";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:16380";
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:14223";
const N = Number(process.env.BENCH_REQUESTS ?? 400);
const prefix = `admitbench${Date.now()}`;
const jc = JSONCodec();

// As the chassis connects (packages/chassis/src/bus/core.ts).
const api = await connect({ servers: NATS_URL, noAsyncTraces: true });
const billingBus = await connect({ servers: NATS_URL, noAsyncTraces: true });
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const billingRedis = new Redis(REDIS_URL);
const queue = new Queue("jobs", { connection: redis, prefix });
await queue.waitUntilReady();

// Billing's hold: a Redis round trip, then the answer.
const holds = billingBus.subscribe(`${prefix}.authorize`);
void (async () => {
  for await (const m of holds) {
    const { requestId } = jc.decode(m.data);
    await billingRedis.set(`${prefix}:hold:${requestId}`, "1", "EX", 60);
    m.respond(jc.encode({ authorized: true, holdId: `h-${requestId}` }));
  }
})();
await billingBus.flush();

const hold = (requestId) => api.request(`${prefix}.authorize`, jc.encode({ requestId }), { timeout: 3_000 });
const enqueue = (requestId) =>
  queue.add(
    "generate",
    { requestId, messages: [{ role: "user", content: "a team dashboard ".repeat(20) }] },
    {
      jobId: requestId,
      attempts: 2,
      backoff: { type: "fixed", delay: 250 },
      removeOnComplete: true,
      removeOnFail: { age: 3_600 },
    },
  );
const open = (requestId) =>
  redis
    .pipeline()
    .set(`${prefix}:meta:${requestId}`, JSON.stringify({ route: "chat", userId: "u", appId: "a" }), "EX", 600)
    .set(`${prefix}:reader:${requestId}`, "reader", "EX", 600)
    .exec();

const variants = {
  async serial(id) {
    await hold(id);
    const sub = api.subscribe(`${prefix}.chunk.${id}`);
    await api.flush();
    await enqueue(id);
    sub.unsubscribe();
  },
  async parallel(id) {
    const sub = api.subscribe(`${prefix}.chunk.${id}`);
    const listening = api.flush();
    await hold(id);
    await listening;
    await enqueue(id);
    sub.unsubscribe();
  },
  async "serial + log"(id) {
    await variants.serial(id);
    await open(id);
  },
  async "parallel + log"(id) {
    const sub = api.subscribe(`${prefix}.chunk.${id}`);
    const listening = api.flush();
    await hold(id);
    await listening;
    const opened = open(id);
    await enqueue(id);
    await opened;
    sub.unsubscribe();
  },
  async "confirmed + log"(id) {
    const sub = api.subscribe(`${prefix}.chunk.${id}`);
    await hold(id);
    const opened = open(id);
    await enqueue(id);
    await opened;
    sub.unsubscribe();
  },
};

const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
const cpu = Object.fromEntries(Object.keys(variants).map((k) => [k, 0]));
let n = 0;
for (let i = 0; i < 50; i++) for (const run of Object.values(variants)) await run(`warm${n++}`);
// Interleaved, so a slower moment of the machine counts against every variant alike.
for (let i = 0; i < N; i++)
  for (const [name, run] of Object.entries(variants)) {
    const t = performance.now();
    const c = process.cpuUsage();
    await run(`r${n++}`);
    const used = process.cpuUsage(c);
    times[name].push(performance.now() - t);
    cpu[name] += used.user + used.system;
  }

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
console.log(`${N} requests each, one at a time (ms per request; CPU: this process's, the API's side and the billing stand-in)`);
for (const [name, xs] of Object.entries(times))
  console.log(
    `${name.padEnd(16)} p50 ${pct(xs, 50).toFixed(3)}  p90 ${pct(xs, 90).toFixed(3)}  mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3)}  CPU ${(cpu[name] / 1000 / N).toFixed(3)}`,
  );

// Many at once, as at 64 streams: what each variant costs this process per request (writes and reads merge here).
const ROUNDS = Number(process.env.BENCH_CONCURRENT_ROUNDS ?? 3);
const PER_ROUND = 2_000;
const busy = Object.fromEntries(Object.keys(variants).map((k) => [k, { cpu: 0, ms: 0, servers: {} }]));
const servers = (process.env.BENCH_PIDS ?? "")
  .split(",")
  .filter(Boolean)
  .map((p) => p.split(":"));
const TICK_MS = 10; // USER_HZ 100
/** A process's CPU so far (ms), from /proc. */
const procCpu = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
for (let r = 0; r < ROUNDS; r++)
  for (const [name, run] of Object.entries(variants)) {
    const t = performance.now();
    const c = process.cpuUsage();
    const before = servers.map(([, pid]) => procCpu(pid));
    await concurrently(PER_ROUND, 64, () => run(`c${n++}`));
    const used = process.cpuUsage(c);
    servers.forEach(
      ([label, pid], i) => (busy[name].servers[label] = (busy[name].servers[label] ?? 0) + procCpu(pid) - before[i]),
    );
    busy[name].cpu += used.user + used.system;
    busy[name].ms += performance.now() - t;
  }
console.log(`\n64 at a time, ${ROUNDS} × ${PER_ROUND} requests each (alternated): this process's CPU per request, requests/s`);
for (const [name, b] of Object.entries(busy))
  console.log(
    `${name.padEnd(16)} CPU ${(b.cpu / 1000 / (ROUNDS * PER_ROUND)).toFixed(3)} ms  ${((ROUNDS * PER_ROUND) / (b.ms / 1000)).toFixed(0)}/s` +
      Object.entries(b.servers)
        .map(([label, ms]) => `  ${label} ${(ms / (ROUNDS * PER_ROUND)).toFixed(3)} ms`)
        .join(""),
  );

await queue.obliterate({ force: true });
await queue.close();
holds.unsubscribe();
await Promise.all([api.drain(), billingBus.drain()]);
const keys = await billingRedis.keys(`${prefix}:*`);
if (keys.length) await billingRedis.del(...keys);
redis.disconnect();
billingRedis.disconnect();
