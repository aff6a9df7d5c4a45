// The floor of the generation path on this machine (npm run bench:floor): the same k6 scenario and fake upstream as
// `npm run bench:generation`, through the path's mandated hops with no work of their own (loadtests/floor/hop.mjs),
// added one at a time, each row against the direct row of the same run. What the platform cannot beat with these
// hops on these cores, whatever its own code costs; and what each hop costs. The last row ("required") does on the
// same hops the work no GenUI answer can do without (the screen, the hold, the charge; loadtests/floor/hop.mjs).
// Loopback only; uses the dev profile's Redis and NATS (started if needed).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { Processes, startQueuedBilling } from "./floor/hops.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const UPSTREAM = 8299;
const EDGE = 8290;
const API = 8291;
const OUT = ".local/bench";

const sh = (cmd, args) => execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
spawnSync("bash", ["scripts/ensure-deps.sh"], { stdio: "inherit" });
if (!existsSync("packages/testkit/dist/src/fake-openai-main.js"))
  spawnSync("npm", ["run", "--silent", "build:ts"], { stdio: "inherit" });
// The dev profile's Redis and NATS: started if they are not running, and then stopped again at the end (a following
// `npm start` finds its ports free).
const infraWasUp = spawnSync("bash", ["deploy/local/infra.sh", "status", "--profile", "dev"], { stdio: "ignore" }).status === 0;
sh("bash", ["deploy/local/infra.sh", "start", "--profile", "dev"]);
const stopInfra = () => {
  if (!infraWasUp) spawnSync("bash", ["deploy/local/infra.sh", "stop", "--profile", "dev"], { stdio: "inherit" });
};
const infraEnv = Object.fromEntries(
  sh("bash", ["deploy/local/infra.sh", "env", "--profile", "dev"])
    .trim()
    .split("\n")
    .filter((l) => l.includes("="))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
const K6 = infraEnv.K6_BIN;
const base = { REDIS_URL: infraEnv.REDIS_URL, NATS_URL: infraEnv.NATS_URL, PREFIX: `floor${process.pid}` };
const { SAMPLE_UI_CODE } = await import("../packages/testkit/dist/src/fake-openai.js").then((m) => m.default ?? m);

const procs = new Processes();
process.on("exit", () => {
  procs.killAll();
  stopInfra();
});
const start = (args, env = {}) => procs.start(args, { ...base, ...env });
const children = procs.children;

const TICKS = Number(sh("getconf", ["CLK_TCK"]).trim()) || 100;
const cpu = (pid) => {
  const s = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / TICKS;
};
const pidOf = (pattern) => {
  try {
    return Number(sh("pgrep", ["-f", "-o", pattern]).trim());
  } catch {
    return undefined;
  }
};

/** One k6 row against `url`: req/s, latency, failures, and CPU per request of `procs` ({ name: pid }). */
async function row(label, url, vus, procs) {
  const summary = `${OUT}/floor-${label}-${vus}.json`;
  rmSync(summary, { force: true });
  const all = {
    ...procs,
    redis: pidOf(`redis-server 127.0.0.1:${new URL(base.REDIS_URL).port}`),
    nats: pidOf("nats-server -js"),
  };
  const named = Object.entries(all).filter(([, pid]) => pid);
  const before = named.map(([, pid]) => cpu(pid));
  const child = spawn(K6, ["run", "--quiet", "--summary-export", summary, "loadtests/generation.js"], {
    env: {
      ...process.env,
      URL: url,
      TARGET: "direct",
      VUS: String(vus),
      DURATION: `${SECONDS}s`,
      EXPECTED_CODE_B64: Buffer.from(SAMPLE_UI_CODE).toString("base64"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await new Promise((r) => child.once("exit", r));
  const m = JSON.parse(readFileSync(summary, "utf8")).metrics;
  const requests = m.http_reqs.count;
  const spent = named.map(([name, pid], i) => `${name} ${(((cpu(pid) - before[i]) * 1000) / requests).toFixed(2)}`);
  return {
    label,
    vus,
    rps: requests / SECONDS,
    p50: m.http_req_duration.med,
    p99: m.http_req_duration["p(99)"],
    failed: m.checks ? m.checks.fails : 0,
    cpu: spent.join(", "),
  };
}

await start(["packages/testkit/dist/src/fake-openai-main.js", "--port", String(UPSTREAM), "--chunks", "20", "--delay-ms", "0"]);
const upstreamUrl = `http://127.0.0.1:${UPSTREAM}/v1/chat/completions`;
// The edge and API hops run with the young generation the topology gives the BFF and the API.
const hop = (role, env) => procs.hop(role, { ...base, ...env });

const VARIANTS = [
  { label: "direct", hops: "k6 → upstream", procs: async () => ({}) },
  {
    label: "edge",
    hops: "k6 → edge → upstream",
    procs: async () => ({ edge: (await hop("edge", { PORT: String(EDGE), TARGET_URL: `http://127.0.0.1:${UPSTREAM}` })).pid }),
  },
  {
    label: "edge+api",
    hops: "k6 → edge → api → upstream",
    procs: async () => ({
      api: (await hop("api", { PORT: String(API), MODE: "upstream", UPSTREAM_URL: upstreamUrl })).pid,
      edge: (await hop("edge", { PORT: String(EDGE), TARGET_URL: `http://127.0.0.1:${API}` })).pid,
    }),
  },
  {
    label: "queued",
    hops: "k6 → edge → api → BullMQ → worker → upstream, chunks → NATS → api",
    procs: async () => ({
      worker: (await hop("worker", { UPSTREAM_URL: upstreamUrl })).pid,
      api: (await hop("api", { PORT: String(API), MODE: "queue" })).pid,
      edge: (await hop("edge", { PORT: String(EDGE), TARGET_URL: `http://127.0.0.1:${API}` })).pid,
    }),
  },
  {
    label: "queued+billing",
    hops: "the same, with the hold's request/reply to billing and the usage event on JetStream (acknowledged)",
    procs: async () =>
      (
        await startQueuedBilling(procs, {
          redisUrl: base.REDIS_URL,
          natsUrl: base.NATS_URL,
          upstreamUrl,
          edgePort: EDGE,
          apiPort: API,
          prefix: base.PREFIX,
        })
      ).pids,
  },
  {
    label: "required",
    hops:
      "the same, doing the work every GenUI answer needs: the screen evaluated once in the platform's sandbox, the hold " +
      "counted in Redis, the usage event consumed and its charge written to the store",
    procs: async () => ({
      ...(
        await startQueuedBilling(procs, {
          redisUrl: base.REDIS_URL,
          natsUrl: base.NATS_URL,
          mongoUrl: infraEnv.MONGO_URL,
          upstreamUrl,
          edgePort: EDGE,
          apiPort: API,
          prefix: `required${process.pid}`,
        })
      ).pids,
      store: pidOf(`ferretdb .*--listen-addr=127.0.0.1:${new URL(infraEnv.MONGO_URL).port}`),
    }),
  },
];

const rows = [];
console.log(`floor of the generation path, ${SECONDS} s per row, 20-chunk answers from a zero-latency upstream`);
const ONLY_STREAMS = process.env.FLOOR_ONLY === "streams";
for (const v of ONLY_STREAMS ? [] : VARIANTS) {
  const before = children.length;
  const pids = { ...(await v.procs()), upstream: children[0].pid };
  const url = v.label === "direct" ? upstreamUrl : `http://127.0.0.1:${EDGE}/v1/chat/completions`;
  // A short warm-up: connections, JIT.
  await row(`${v.label}-warmup`, url, 8, {});
  for (const vus of [1, 64]) {
    const r = await row(v.label, url, vus, pids);
    rows.push({ ...r, hops: v.hops });
  }
  await procs.stop(before);
}

// 2. STREAMS concurrent 1-second streams (20 chunks 50 ms apart), as `npm run bench:generation` section 2: time to
// first byte against the direct row, and the resident memory of the edge and API hops (idle → peak), which carry the
// libraries the platform uses for them (node:http; ioredis, BullMQ and nats in the API) and nothing else.
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
async function streamsRow(label, url, pids) {
  const summary = `${OUT}/floor-${label}-streams.json`;
  rmSync(summary, { force: true });
  const idle = pids.map(rss);
  const peak = [...idle];
  const timer = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], rss(pid)))), 100);
  const child = spawn(K6, ["run", "--quiet", "--summary-export", summary, "loadtests/generation.js"], {
    env: {
      ...process.env,
      URL: url,
      TARGET: "direct",
      VUS: String(STREAMS),
      ITERATIONS: String(STREAMS),
      EXPECTED_CODE_B64: Buffer.from(SAMPLE_UI_CODE).toString("base64"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await new Promise((r) => child.once("exit", r));
  clearInterval(timer);
  const m = JSON.parse(readFileSync(summary, "utf8")).metrics;
  return {
    label,
    requests: m.http_reqs.count,
    p50: m.http_req_duration.med,
    ttfbP99: m.http_req_waiting["p(99)"],
    failed: m.checks ? m.checks.fails : 0,
    lost: m.chunks_lost?.count ?? 0,
    idle,
    peak,
  };
}
await procs.stop(0);
await start(["packages/testkit/dist/src/fake-openai-main.js", "--port", String(UPSTREAM), "--chunks", "20", "--delay-ms", "50"]);
const streamRows = [await streamsRow("direct", upstreamUrl, [])];
{
  const pids = await VARIANTS.find((v) => v.label === "queued+billing").procs();
  const url = `http://127.0.0.1:${EDGE}/v1/chat/completions`;
  await row("queued+billing-streams-warmup", url, 8, {});
  streamRows.push(await streamsRow("queued+billing", url, [pids.edge, pids.api]));
}
await procs.stop(0);

const direct = Object.fromEntries(rows.filter((r) => r.label === "direct").map((r) => [r.vus, r]));
console.log("\nrow                streams    req/s   × direct   p50 ms   p99 ms  failed   CPU per request (ms)");
for (const r of rows)
  console.log(
    `${r.label.padEnd(18)} ${String(r.vus).padStart(7)} ${r.rps.toFixed(0).padStart(8)} ${(r.rps / direct[r.vus].rps)
      .toFixed(3)
      .padStart(9)}× ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.failed).padStart(7)}   ${r.cpu}`,
  );
console.log("");
for (const v of VARIANTS) console.log(`${v.label.padEnd(18)} ${v.hops}`);
console.log(`\n${STREAMS} concurrent 1-second streams (20 chunks, 50 ms apart)`);
console.log("row                requests   p50 ms  TTFB p99 ms   × direct  failed  lost   edge + api resident (idle → peak)");
for (const r of streamRows)
  console.log(
    `${r.label.padEnd(18)} ${String(r.requests).padStart(8)} ${r.p50.toFixed(0).padStart(8)} ${r.ttfbP99.toFixed(0).padStart(12)} ` +
      `${(r.ttfbP99 / streamRows[0].ttfbP99).toFixed(2).padStart(9)}× ${String(r.failed).padStart(7)} ${String(r.lost).padStart(5)}   ` +
      (r.idle.length
        ? `edge ${r.idle[0].toFixed(0)} → ${r.peak[0].toFixed(0)} MiB, api ${r.idle[1].toFixed(0)} → ${r.peak[1].toFixed(0)} MiB; ` +
          `together ${(r.peak[0] + r.peak[1]).toFixed(0)} MiB at peak`
        : "–"),
  );
process.exit(0);
