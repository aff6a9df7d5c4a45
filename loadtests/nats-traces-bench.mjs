// What nats.js's async traces cost the platform's bus work, with and without them in one run
// (`node loadtests/nats-traces-bench.mjs`; `noAsyncTraces` is a connect option of nats.js): by default every request
// and every JetStream publish captures a stack (an Error made before it is sent, and another for its timeout) so that
// a failure can say where it was asked. Measured on the work one streamed request puts on the bus, each the way the
// chassis does it: a request/reply answered by another connection (the API's hold with billing), a JetStream publish
// with a message id, acknowledged (the worker's usage event), and a core publish with a flush (the worker's chunks and
// its end-of-job PING). CONCURRENCY at a time, rounds alternating the two ways after a warm-up; prints this
// process's CPU per operation (both ends are in this process; the answering end does the same work either way).
//   NATS_URL (default the test infrastructure's), BENCH_OPS (default 20,000), BENCH_CONCURRENCY (64)
import { connect, headers as natsHeaders } from "nats";
import { concurrently } from "./lib/concurrently.mjs";

const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:14223";
const N = Number(process.env.BENCH_OPS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const prefix = `tracesbench${Date.now()}`;
const payload = new TextEncoder().encode(JSON.stringify({ requestId: "r".repeat(36), tenant: "t".repeat(24), micros: 1234 }));

// The answering side (billing): one connection for both ways.
const responder = await connect({ servers: NATS_URL, name: `${prefix}-responder` });
responder.subscribe(`${prefix}.authorize`, { queue: "billing", callback: (_err, m) => m.respond(payload) });
await responder.flush();
const jsm = await responder.jetstreamManager();
await jsm.streams.add({ name: `${prefix.toUpperCase()}_USAGE`, subjects: [`${prefix}.usage`] });

const WAYS = {
  "async traces (nats.js default)": await connect({ servers: NATS_URL, name: `${prefix}-traces` }),
  "noAsyncTraces: true": await connect({ servers: NATS_URL, name: `${prefix}-lean`, noAsyncTraces: true }),
};

let seq = 0;
const OPS = {
  "request/reply (the hold)": (nc) => nc.request(`${prefix}.authorize`, payload, { timeout: 10_000 }),
  "JetStream publish, acknowledged (the usage event)": (nc) => {
    const h = natsHeaders();
    h.set("x-correlation-id", "c".repeat(36));
    return nc.jetstream().publish(`${prefix}.usage`, payload, { msgID: `${prefix}-${seq++}`, headers: h });
  },
  "publish + flush (a job's last chunk)": (nc) => {
    nc.publish(`${prefix}.chunk`, payload);
    return nc.flush();
  },
};

async function run(nc, op, n) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await concurrently(n, CONCURRENCY, () => op(nc));
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / n, perSecond: (n * 1000) / wall };
}

console.log(`${N} operations per way and round, ${CONCURRENCY} at a time; NATS ${NATS_URL}`);
try {
  for (const [opName, op] of Object.entries(OPS)) {
    const sums = Object.fromEntries(Object.keys(WAYS).map((w) => [w, []]));
    // A warm-up, then four rounds alternating which way goes first (drift affects both alike).
    for (const round of [0, 1, 2, 3, 4]) {
      const ways = round % 2 ? Object.entries(WAYS) : Object.entries(WAYS).reverse();
      for (const [way, nc] of ways) {
        const r = await run(nc, op, round === 0 ? Math.min(2_000, N) : N);
        if (round > 0) sums[way].push(r);
      }
    }
    console.log(opName);
    const means = {};
    for (const [way, rs] of Object.entries(sums)) {
      means[way] = {
        cpuUs: rs.reduce((a, r) => a + r.cpuUs, 0) / rs.length,
        perSecond: rs.reduce((a, r) => a + r.perSecond, 0) / rs.length,
      };
      console.log(
        `  ${way.padEnd(32)} ${means[way].cpuUs.toFixed(1).padStart(6)} µs of CPU per operation, ${Math.round(means[way].perSecond)} per second`,
      );
    }
    const [before, after] = Object.values(means);
    console.log(
      `  ratio: CPU ${(after.cpuUs / before.cpuUs).toFixed(2)}×, rate ${(after.perSecond / before.perSecond).toFixed(2)}×`,
    );
  }
} finally {
  await jsm.streams.delete(`${prefix.toUpperCase()}_USAGE`).catch(() => undefined);
  for (const nc of [...Object.values(WAYS), responder]) await nc.close();
}
