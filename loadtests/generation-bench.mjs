// The generation pipeline on this machine, in one run, against a zero-latency fake OpenAI-compatible upstream:
// 1. added latency of the whole path (BFF → API → queue → worker → NATS → SSE) over calling the upstream directly,
//    at 1 and 64 concurrent streams; streamed req/s at 64;
// 2. 1,000 concurrent 1-second streams (the upstream paces 20 chunks 50 ms apart): time to first byte, lost or
//    repeated chunks, resident memory of the BFF and the API process;
// with the floor's hops ("queued + billing", loadtests/floor/hop.mjs: the hops this architecture requires, carrying
// nothing but bytes), the same hops doing the work every GenUI answer needs ("required": the screen evaluated in the
// platform's sandbox, the hold counted and the charge written to the store), those with the serial steps of the
// platform's guarantees as well ("guarded": the address budget, the capacity place, the resume record and log, the cancel
// flag) and LiteLLM's proxy in front of the same upstream measured the same way, side by side; every
// figure of GenUI is also given as a ratio against the floor rows of the same run, with the goals of docs/performance.md.
// Started by `npm run bench:generation` (loadtests/bench.sh), which brings the platform up pointed at the upstream.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { HOP_ROWS, Processes, startHopRow } from "./floor/hops.mjs";
import { fundedDeveloper } from "./lib/developer.mjs";
import { describeMeans, meansBetween, pipelineTotals } from "./lib/pipeline-metrics.mjs";

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const UPSTREAM_PORT = Number(process.env.UPSTREAM_PORT ?? 8199);
const LITELLM_PORT = Number(process.env.LITELLM_PORT ?? 4000);
const EMULATOR = process.env.PAYMENTS_URL ?? "http://127.0.0.1:8110";
const K6 = process.env.K6_BIN;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const OUT = ".local/bench";
// The edge and API ports of the rows that run on the floor's hops (loadtests/floor/hops.mjs).
const HOP_PORTS = { floor: [8290, 8291], required: [8292, 8293], guarded: [8286, 8287] };
// BENCH_TARGETS=direct,floor,genui skips LiteLLM, the required work's and the guarded rows (quicker runs while tuning);
// the default measures all six.
// BENCH_STREAMS_IDLE_S=31: the 1,000-stream rows each start after 31 s of quiet (every remembered answer expired).
// A profiling run (BENCH_PROFILE) measures the platform alone.
// BENCH_PLAIN=0 leaves out the row of GenUI's streams uncompressed at 64 (ACCEPT_ENCODING=identity: compression left to
// an ingress), run right after GenUI's 64-stream row otherwise.
const PLAIN = process.env.BENCH_PLAIN !== "0";
const ONLY = (process.env.BENCH_TARGETS ?? "direct,floor,required,guarded,genui,litellm")
  .split(",")
  .filter((t) => !(process.env.BENCH_PROFILE && HOP_ROWS.includes(t)));
mkdirSync(OUT, { recursive: true });

// --- the fake upstream (a process of its own), zero latency or paced ---
let upstream;
let results = {};
async function startUpstream(delayMs) {
  if (upstream) {
    upstream.kill("SIGTERM");
    await new Promise((r) => upstream.once("exit", r));
  }
  upstream = spawn(
    process.execPath,
    [
      "packages/testkit/dist/src/fake-openai-main.js",
      "--port",
      String(UPSTREAM_PORT),
      "--chunks",
      "20",
      "--delay-ms",
      String(delayMs),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve, reject) => {
    upstream.stdout.on("data", (d) => String(d).includes("listening") && resolve());
    upstream.once("exit", (c) => reject(new Error(`fake upstream exited with ${c}`)));
  });
}
const { SAMPLE_UI_CODE } = await import("../packages/testkit/dist/src/fake-openai.js").then((m) => m.default ?? m);

// --- LiteLLM's proxy in front of the same upstream ---
let litellmPid;
let litellmKey = "none";
function startLitellm() {
  const out = execFileSync("bash", ["loadtests/litellm/run.sh", `http://127.0.0.1:${UPSTREAM_PORT}/v1`, String(LITELLM_PORT)], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const vars = Object.fromEntries(
    out
      .trim()
      .split("\n")
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  litellmPid = Number(vars.PID);
  litellmKey = vars.API_KEY ?? "none";
  results.litellmStartupMs = Number(vars.STARTUP_MS);
}
// --- the floor's hops, against the same upstream, Redis and NATS as the platform (their own queue and subjects) ---
const floorProcs = new Processes();
/** The started hop rows: their edge's URL and their processes' pids. */
const hopRows = {};
/**
 * The floor's hops (`floor`), the same hops doing the work no GenUI answer can do without (`required`: floor/hop.mjs
 * with SCREEN and METER, the charges in the store), or those with the serial steps of the platform's guarantees as well
 * (`guarded`: GUARDS). What is left between the guarded row and GenUI is the platform's own work that no guarantee
 * puts on the path (key lookups, logs, metrics, compression, the answer's pieces, its express and bus layers …).
 */
async function startHops(kind) {
  const [edgePort, apiPort] = HOP_PORTS[kind];
  hopRows[kind] = await startHopRow(floorProcs, kind, {
    upstreamUrl: `http://127.0.0.1:${UPSTREAM_PORT}/v1/chat/completions`,
    edgePort,
    apiPort,
    prefix: `${kind}${process.pid}`,
  });
}

function stopAll() {
  floorProcs.killAll();
  if (litellmPid) {
    try {
      process.kill(litellmPid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
  upstream?.kill("SIGTERM");
}
process.on("exit", stopAll);

const TARGETS = {
  direct: () => `http://127.0.0.1:${UPSTREAM_PORT}/v1/chat/completions`,
  genui: () => `${BASE}/apps/api/v1/chat/completions`,
  floor: () => hopRows.floor.url,
  required: () => hopRows.required.url,
  guarded: () => hopRows.guarded.url,
  litellm: () => `http://127.0.0.1:${LITELLM_PORT}/v1/chat/completions`,
};

/** Runs the k6 scenario (asynchronously: the memory sampler keeps running meanwhile) and reads its summary. */
async function k6(target, key, env, label) {
  const summary = `${OUT}/generation-${label}.json`;
  rmSync(summary, { force: true });
  const child = spawn(K6, ["run", "--quiet", "--summary-export", summary, "loadtests/generation.js"], {
    env: {
      ...process.env,
      URL: TARGETS[target](),
      // The floor passes the upstream's bytes on: its answers are checked as the direct ones are (the required
      // work's screen is an event of its own, with no content).
      TARGET: HOP_ROWS.includes(target) ? "direct" : target,
      API_KEY: target === "genui" ? key : target === "litellm" ? litellmKey : "none",
      EXPECTED_CODE_B64: Buffer.from(SAMPLE_UI_CODE).toString("base64"),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // k6 exits non-zero when checks fail; the summary still says what happened.
  await new Promise((resolve) => child.once("exit", resolve));
  if (!readSafe(summary)) throw new Error(`k6 wrote no summary for ${label}`);
  const m = readSafe(summary).metrics;
  const d = m.http_req_duration;
  const w = m.http_req_waiting;
  return {
    label,
    requests: m.http_reqs.count,
    rps: env.ITERATIONS ? undefined : m.http_reqs.count / SECONDS,
    p50: d.med,
    p99: d["p(99)"],
    ttfbP50: w.med,
    ttfbP99: w["p(99)"],
    failed: m.checks ? m.checks.fails : 0,
    lost: m.chunks_lost?.count ?? 0,
    repeated: m.chunks_repeated?.count ?? 0,
    streamErrors: m.stream_errors?.count ?? 0,
  };
}
function readSafe(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Peak resident memory (MiB) of the processes whose command line matches, sampled while `work` runs. */
async function peakRss(patterns, work) {
  const pids = patterns.map((p) => Number(execFileSync("pgrep", ["-f", "-o", p], { encoding: "utf8" }).trim()));
  const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const idle = pids.map(rss);
  const peak = [...idle];
  const timer = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], rss(pid)))), 100);
  try {
    const result = await work();
    return { result, idle, peak };
  } finally {
    clearInterval(timer);
  }
}

results = { machine: `${execFileSync("nproc", { encoding: "utf8" }).trim()} cores`, rows: [] };
const row = (r) => {
  results.rows.push(r);
  const f = (v, d = 2) => (v === undefined ? "-" : v.toFixed(d));
  console.log(
    `${r.label.padEnd(22)} ${String(r.requests).padStart(7)} ${f(r.rps, 0).padStart(7)} ${f(r.p50).padStart(8)} ${f(r.p99).padStart(8)} ` +
      `${f(r.ttfbP50).padStart(8)} ${f(r.ttfbP99).padStart(8)} ${String(r.failed).padStart(6)} ${String(r.lost).padStart(5)} ${String(r.repeated).padStart(5)}`,
  );
};

await startUpstream(0);
if (ONLY.includes("litellm")) startLitellm();
for (const kind of HOP_ROWS) if (ONLY.includes(kind)) await startHops(kind);
const key = await fundedDeveloper(BASE, { emulator: EMULATOR, prefix: "gen-bench" });
console.log("warming up …");
for (const t of ONLY) await k6(t, key, { VUS: "8", ITERATIONS: "400" }, `warmup-${t}`);

/** Means of the pipeline's own histograms (API 8104, worker 8105) since the last call: where the time goes. */
let lastTotals = {};
async function pipelineMeans() {
  const now = await pipelineTotals();
  const out = meansBetween(lastTotals, now);
  lastTotals = now;
  return out;
}

/**
 * CPU each process of the platform spends (user + system, from /proc/<pid>/stat) while `work` runs, per request it
 * answered: where a streamed request's cost goes. Processes are found by their command line; one that is not running
 * is left out.
 */
const here = process.cwd();
// Entries and the infrastructure's ports come from the one topology, so a moved entry cannot silently drop out.
const topology = JSON.parse(readFileSync(`${here}/deploy/topology.json`, "utf8"));
const entry = (name) => `${here}/${topology.processes.find((p) => p.name === name).entry}`;
const infra = topology.infrastructure;
const PROCESSES = [
  ["bff", entry("bff")],
  ["api", entry("generation")],
  ["worker", entry("gen-worker")],
  ["billing", entry("billing")],
  ["apps", entry("apps")],
  ["identity", entry("identity")],
  ["redis", `redis-server 127.0.0.1:${infra.redis.hostPort}$`],
  ["nats", `nats-server -js -a 127.0.0.1 -p ${infra.nats.hostPort} `],
  ["store", `ferretdb .*--listen-addr=127.0.0.1:${infra.mongo.hostPort}`],
];
const TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}
const pidOf = (pattern) => {
  try {
    return Number(execFileSync("pgrep", ["-f", "-o", pattern], { encoding: "utf8" }).trim());
  } catch {
    return undefined;
  }
};
/** The processes a target's request passes through (the platform's, or the floor's hops), with Redis and NATS. */
function processesOf(target) {
  const infraProcs = PROCESSES.filter(([name]) => name === "redis" || name === "nats");
  // The required work writes its charges to the store as billing does.
  const storeProcs = PROCESSES.filter(([name]) => name === "store");
  const list = HOP_ROWS.includes(target)
    ? [
        ...Object.entries(hopRows[target].pids).map(([name, pid]) => ({ name, pid })),
        ...[...infraProcs, ...(target !== "floor" ? storeProcs : [])].map(([name, p]) => ({ name, pid: pidOf(p) })),
      ]
    : PROCESSES.map(([name, pattern]) => ({ name, pid: pidOf(pattern) }));
  return list.filter((p) => p.pid);
}
/** The machine's busy share of all cores over `ms` (from /proc/stat). */
async function machineBusy(ms) {
  const read = () => {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + f[4];
    return { idle, total: f.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}

/**
 * Waits (20 s at most) until what ran before has settled — the machine under a third busy over half a second — so a
 * row never shares the cores with the last one's leftovers (a peer still working off its backlog); says so when not.
 */
async function settle(label) {
  let busy = 1;
  for (let i = 0; i < 40 && (busy = await machineBusy(500)) > 0.33; i++);
  if (busy > 0.33) console.log(`   (the machine was still ${(busy * 100).toFixed(0)} % busy before ${label})`);
}

/** CPU seconds of `pid` and its children so far (LiteLLM's proxy may run workers), 0 when it is gone. */
function treeCpuSeconds(pid) {
  let total = 0;
  try {
    total += cpuSeconds(pid);
    const kids = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean);
    for (const k of kids) total += treeCpuSeconds(Number(k));
  } catch {
    // Gone, or no children.
  }
  return total;
}

async function cpuPerRequest(work, target = "genui") {
  const procs = processesOf(target);
  const before = procs.map((p) => cpuSeconds(p.pid));
  // The peer's proxy is idle while another target's row runs; if it is not, the row says how much it took.
  const peerBefore = litellmPid && target !== "litellm" ? treeCpuSeconds(litellmPid) : undefined;
  const result = await work();
  if (peerBefore !== undefined) {
    const peerMs = (treeCpuSeconds(litellmPid) - peerBefore) * 1000;
    if (peerMs > 100) console.log(`   (LiteLLM's proxy, idle, used ${peerMs.toFixed(0)} ms of CPU during ${result.label})`);
  }
  const spent = procs.map((p, i) => ({
    name: p.name,
    ms: ((cpuSeconds(p.pid) - before[i]) * 1000) / Math.max(1, result.requests),
  }));
  return { result, spent };
}
const cpuLine = (spent) =>
  `   CPU per request (ms): ${spent.map((s) => `${s.name} ${s.ms.toFixed(2)}`).join(", ")}; total ${spent
    .reduce((a, s) => a + s.ms, 0)
    .toFixed(2)}`;

// BENCH_PROFILE=1 (npm run bench:generation -- --profile): only GenUI at 64 streams (BENCH_PROFILE_VUS), with every process's CPU profile
// cut to that row's window; bench.sh stops the platform (the profiles are written at exit) and summarises them.
// BENCH_PROFILE_ROW=streams profiles the 1,000-stream burst instead (BENCH_STREAMS one-second streams, each once).
if (process.env.BENCH_PROFILE) {
  const vus = process.env.BENCH_PROFILE_VUS ?? "64";
  const streams = process.env.BENCH_PROFILE_ROW === "streams";
  if (streams) await startUpstream(50);
  const from = process.hrtime.bigint() / 1000n;
  const { result: r, spent } = await cpuPerRequest(() =>
    streams
      ? k6("genui", key, { VUS: String(STREAMS), ITERATIONS: String(STREAMS) }, "genui-streams-profiled")
      : k6("genui", key, { VUS: vus, DURATION: `${SECONDS}s` }, `genui-${vus}-profiled`),
  );
  const to = process.hrtime.bigint() / 1000n;
  console.log("row                     requests   req/s      p50      p99  ttfb50  ttfb99  failed  lost  rep.");
  row(r);
  console.log(cpuLine(spent));
  // The processes' own CPU time (from /proc) per request, by the profiles' names: the profiles give the shares.
  const names = { api: "generation", worker: "gen-worker" };
  const cpu = Object.fromEntries(spent.map((x) => [names[x.name] ?? x.name, x.ms]));
  writeFileSync(`${OUT}/profile-window.json`, JSON.stringify({ from: Number(from), to: Number(to), requests: r.requests, cpu }));
  stopAll();
  process.exit(0);
}

/**
 * GenUI at `vus` streams with its answers' events sent uncompressed (the client asks for `identity`, as an ingress that
 * compresses would): the platform's processes without the API's gzip, measured minutes from the compressed row, so
 * "left to the edge" and "compressed by the API" are compared in one run (docs/performance.md). The ingress then does
 * that work (and a proxy's compressor is a stream's state): what this row saves is moved, not gone.
 */
async function plainRow(vus) {
  const label = `genui-plain-${vus}`;
  await settle(label);
  const { result: r, spent } = await cpuPerRequest(() =>
    k6("genui", key, { VUS: String(vus), DURATION: `${SECONDS}s`, ACCEPT_ENCODING: "identity" }, label),
  );
  lat[label] = r;
  row(r);
  results[`cpu-plain-${vus}`] = spent;
  console.log(cpuLine(spent));
  // The pipeline's histograms since the compressed row: the next row's means start from here.
  await pipelineMeans();
}

console.log(`\n1. Zero-latency upstream, ${SECONDS} s per row (times in ms)`);
await pipelineMeans();
console.log("row                     requests   req/s      p50      p99  ttfb50  ttfb99  failed  lost  rep.");
const lat = {};
for (const vus of [1, 64])
  for (const t of ONLY) {
    await settle(`${t}-${vus}`);
    const { result: r, spent } = await cpuPerRequest(
      () => k6(t, key, { VUS: String(vus), DURATION: `${SECONDS}s` }, `${t}-${vus}`),
      t,
    );
    lat[`${t}-${vus}`] = r;
    row(r);
    if (HOP_ROWS.includes(t)) {
      results[`cpu-${t}-${vus}`] = spent;
      console.log(cpuLine(spent));
    }
    if (t === "genui") {
      results[`cpu-${vus}`] = spent;
      console.log(cpuLine(spent));
      const means = await pipelineMeans();
      results[`pipeline-${vus}`] = means;
      console.log(`   pipeline means (ms): ${describeMeans(means)}`);
      if (vus === 64 && PLAIN) await plainRow(vus);
    }
  }
for (const vus of [1, 64])
  for (const t of ONLY.filter((x) => x !== "direct")) {
    // What a hop adds is measured against the direct row; without it (BENCH_TARGETS without direct) there is none.
    if (!lat[`direct-${vus}`]) continue;
    const added = {
      p50: lat[`${t}-${vus}`].p50 - lat[`direct-${vus}`].p50,
      p99: lat[`${t}-${vus}`].p99 - lat[`direct-${vus}`].p99,
      rpsRatio: lat[`${t}-${vus}`].rps / lat[`direct-${vus}`].rps,
    };
    results[`added-${t}-${vus}`] = added;
    console.log(
      `added by ${t.padEnd(8)} at ${String(vus).padStart(2)} concurrent: p50 ${added.p50.toFixed(2)} ms, p99 ${added.p99.toFixed(2)} ms; req/s ${added.rpsRatio.toFixed(3)}× direct`,
    );
  }

console.log(`\n2. ${STREAMS} concurrent 1-second streams (20 chunks, 50 ms apart)`);
await startUpstream(50);
console.log("row                     requests   req/s      p50      p99  ttfb50  ttfb99  failed  lost  rep.");
// BENCH_STREAMS_IDLE_S: seconds of quiet before each target's streams row (default none), e.g. longer than the
// services' remembered answers (keys 5 s, looks 15 s, templates 30 s), so the thousand streams arrive after a quiet
// moment, as they can in production.
const STREAMS_IDLE_MS = Number(process.env.BENCH_STREAMS_IDLE_S ?? 0) * 1000;
/**
 * Connections the kernel dropped because a listening socket's queue of accepted connections was full (the machine's
 * TcpExt ListenOverflows): each such client's SYN is retried a second later, a second added to its time to first byte.
 */
function listenOverflows() {
  const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
  const at = lines.findIndex((l) => l.startsWith("TcpExt:"));
  const names = lines[at].split(/\s+/);
  return Number(lines[at + 1].split(/\s+/)[names.indexOf("ListenOverflows")]);
}
// BENCH_BURST_ROUNDS (default 3): the burst rows run this many times, each round every target in turn (LiteLLM's and
// the direct row once). A burst's TTFB p99 spreads far from run to run (the floor's own from 0.9 to 3.6 s within an
// hour on this machine), so each goal is taken from the rounds' median ratio, every round printed.
const BURST_ROUNDS = Math.max(1, Number(process.env.BENCH_BURST_ROUNDS ?? 3));
/** Each round's burst rows by target: its row, CPU per stream, and (GenUI, floor) resident memory idle and peak. */
const bursts = [];
/** One target's burst: its row printed, what it spent per stream, the resident memory of the processes that hold it. */
async function burstRow(t, round) {
  await settle(`${t}-streams`);
  if (STREAMS_IDLE_MS > 0) await new Promise((r) => setTimeout(r, STREAMS_IDLE_MS));
  const overflowsBefore = listenOverflows();
  const label = BURST_ROUNDS > 1 ? `${t}-streams-${round}` : `${t}-streams`;
  const burst = () => k6(t, key, { VUS: String(STREAMS), ITERATIONS: String(STREAMS) }, label);
  const out = {};
  if (t === "genui") {
    // Every process a stream passes through (entries from the topology): what a pod of each needs per stream.
    const names = ["bff", "generation", "gen-worker", "billing"];
    const peerBefore = litellmPid ? treeCpuSeconds(litellmPid) : undefined;
    await pipelineMeans();
    const {
      result: { result, spent },
      idle,
      peak,
    } = await peakRss(
      names.map((n) => entry(n)),
      () => cpuPerRequest(burst, t),
    );
    row(result);
    console.log(cpuLine(spent));
    const means = await pipelineMeans();
    console.log(`   pipeline means (ms): ${describeMeans(means)}`);
    if (peerBefore !== undefined) {
      const peerMs = (treeCpuSeconds(litellmPid) - peerBefore) * 1000;
      if (peerMs > 100) console.log(`   (LiteLLM's proxy, idle, used ${peerMs.toFixed(0)} ms of CPU during ${label})`);
    }
    console.log(
      `resident memory (idle → peak): ${names.map((n, i) => `${n} ${idle[i].toFixed(0)} → ${peak[i].toFixed(0)} MiB`).join(", ")}; ` +
        `BFF + API together peak ${(peak[0] + peak[1]).toFixed(0)} MiB; per open stream ${names
          .map((n, i) => `${n} ${(((peak[i] - idle[i]) * 1024) / STREAMS).toFixed(0)} KiB`)
          .join(", ")}`,
    );
    Object.assign(out, { row: result, spent, means, memory: { names, idle, peak } });
  } else if (t === "floor") {
    // The floor's edge and API hops: what moving the bytes of as many streams costs in memory.
    const pids = [hopRows.floor.pids.edge, hopRows.floor.pids.api];
    const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const idle = pids.map(rss);
    const peak = [...idle];
    const timer = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], rss(pid)))), 100);
    const { result, spent } = await cpuPerRequest(() => burst().finally(() => clearInterval(timer)), t);
    row(result);
    console.log(cpuLine(spent));
    console.log(
      `resident memory (idle → peak): floor edge ${idle[0].toFixed(0)} → ${peak[0].toFixed(0)} MiB, floor api ${idle[1].toFixed(0)} → ${peak[1].toFixed(0)} MiB; together peak ${(peak[0] + peak[1]).toFixed(0)} MiB`,
    );
    Object.assign(out, { row: result, spent, memory: { idle, peak } });
  } else if (HOP_ROWS.includes(t)) {
    const { result, spent } = await cpuPerRequest(burst, t);
    row(result);
    console.log(cpuLine(spent));
    Object.assign(out, { row: result, spent });
  } else {
    const result = await burst();
    row(result);
    out.row = result;
  }
  out.row.listenOverflows = listenOverflows() - overflowsBefore;
  console.log(`   connections dropped at a full listen queue (retried after 1 s): ${out.row.listenOverflows}`);
  return out;
}
for (let round = 1; round <= BURST_ROUNDS; round++) {
  if (BURST_ROUNDS > 1) console.log(`round ${round} of ${BURST_ROUNDS}`);
  const rows = {};
  for (const t of ONLY) if (round === 1 || (t !== "litellm" && t !== "direct")) rows[t] = await burstRow(t, round);
  bursts.push(rows);
}
/** The median of some numbers (of an even count, the mean of the middle two). */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Each process's CPU per stream averaged over the rounds that ran `t`. */
const meanSpent = (runs) =>
  runs[0].spent.map((p) => ({
    name: p.name,
    ms: runs.reduce((a, r) => a + (r.spent.find((x) => x.name === p.name)?.ms ?? 0), 0) / runs.length,
  }));
/** Each process's highest resident peak over the rounds (GenUI's, the floor's edge and API). */
const highestPeaks = (runs) => runs[0].memory.peak.map((_, i) => Math.max(...runs.map((r) => r.memory.peak[i])));
for (const t of ONLY) {
  const runs = bursts.map((b) => b[t]).filter(Boolean);
  // The row the goals read: the first round's, with every round's failures and losses, and its TTFB ratio to the floor
  // the rounds' median (`ttfbRatios`: each round's, against the floor of the same round).
  const summed = { ...runs[0].row };
  for (const q of ["failed", "lost", "repeated", "streamErrors", "listenOverflows"])
    summed[q] = runs.reduce((a, r) => a + (r.row[q] ?? 0), 0);
  summed.ttfbP99s = runs.map((r) => r.row.ttfbP99);
  if (bursts[0].floor)
    summed.ttfbRatios = bursts.filter((b) => b[t] && b.floor).map((b) => b[t].row.ttfbP99 / b.floor.row.ttfbP99);
  lat[`${t}-streams`] = summed;
  if (runs[0].spent) results[`cpu-${t}-streams`] = meanSpent(runs);
  if (t === "genui") {
    results["pipeline-streams"] = runs[0].means;
    // Memory: the highest peak of any round (idle from the first).
    const { names, idle } = runs[0].memory;
    const peak = highestPeaks(runs);
    results.memory = { ...results.memory, bffIdleMiB: idle[0], bffPeakMiB: peak[0], apiIdleMiB: idle[1], apiPeakMiB: peak[1] };
    results.memoryByProcess = Object.fromEntries(names.map((n, i) => [n, { idleMiB: idle[i], peakMiB: peak[i] }]));
  } else if (t === "floor") {
    const { idle } = runs[0].memory;
    const peak = highestPeaks(runs);
    results.memory = {
      ...results.memory,
      floorEdgeIdleMiB: idle[0],
      floorEdgePeakMiB: peak[0],
      floorApiIdleMiB: idle[1],
      floorApiPeakMiB: peak[1],
    };
  }
}
if (BURST_ROUNDS > 1) {
  const rounds = ONLY.filter((t) => lat[`${t}-streams`]?.ttfbRatios && t !== "floor");
  console.log(
    `TTFB p99 over the rounds (ms): ${ONLY.filter((t) => lat[`${t}-streams`])
      .map((t) => `${t} ${lat[`${t}-streams`].ttfbP99s.map((v) => v.toFixed(0)).join(" / ")}`)
      .join("; ")}` +
      (rounds.length
        ? `; against the floor of each round: ${rounds
            .map((t) => `${t} ${lat[`${t}-streams`].ttfbRatios.map((v) => `${v.toFixed(2)}×`).join(" / ")}`)
            .join("; ")}`
        : ""),
  );
  if (results.memory?.bffPeakMiB !== undefined)
    console.log(
      `highest peak of the rounds: BFF + API ${(results.memory.bffPeakMiB + results.memory.apiPeakMiB).toFixed(0)} MiB` +
        (results.memory.floorEdgePeakMiB !== undefined
          ? `, the floor's edge + API ${(results.memory.floorEdgePeakMiB + results.memory.floorApiPeakMiB).toFixed(0)} MiB`
          : ""),
    );
}
if (litellmPid) {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${litellmPid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  results.litellmRssMiB = rss;
  console.log(`LiteLLM proxy resident memory after the run: ${rss.toFixed(0)} MiB`);
}

// 3. Against the floor of the same run (docs/performance.md, "Goals against the floor").
if (lat["floor-64"] && lat["genui-64"]) {
  // What the libraries the architecture names weigh beyond the floor's, before the first request (npm run bench:modules).
  execFileSync(process.execPath, ["loadtests/module-weight.mjs"], {
    env: { ...process.env, MODULE_WEIGHT_QUICK: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const weights = JSON.parse(readFileSync(`${OUT}/module-weight.json`, "utf8")).results;
  const libraries = weights.bff.librariesBeyondFloor + weights.generation.librariesBeyondFloor;
  results.libraryWeightMiB = { bff: weights.bff.librariesBeyondFloor, api: weights.generation.librariesBeyondFloor };
  const total = (spent) => spent.reduce((a, x) => a + x.ms, 0);
  const cpuGenui = total(results["cpu-64"]);
  const cpuFloor = total(results["cpu-floor-64"]);
  const added = (t, vus, q) => lat[`${t}-${vus}`][q] - lat[`direct-${vus}`][q];
  // The burst's CPU per stream against the floor's (its admissions and paced chunks): what its TTFB is spent on.
  const burstCpu = (t) =>
    results[`cpu-${t}-streams`] && results["cpu-floor-streams"]
      ? ` (CPU per stream ${total(results[`cpu-${t}-streams`]).toFixed(2)} / ${total(results["cpu-floor-streams"]).toFixed(2)} ms = ${(
          total(results[`cpu-${t}-streams`]) / total(results["cpu-floor-streams"])
        ).toFixed(2)}×)`
      : "";
  const m = results.memory ?? {};
  // A burst's TTFB p99 against the floor's: the median of the rounds' ratios (each round against its own floor).
  const burstRatio = (t) =>
    median(lat[`${t}-streams`].ttfbRatios ?? [lat[`${t}-streams`].ttfbP99 / lat["floor-streams"].ttfbP99]);
  const goals = [
    {
      goal: "req/s at 64 streams ≥ 0.6× the floor's, 0 failed / lost / repeated",
      value: `${lat["genui-64"].rps.toFixed(0)} / ${lat["floor-64"].rps.toFixed(0)} = ${(lat["genui-64"].rps / lat["floor-64"].rps).toFixed(3)}×; failed ${lat["genui-64"].failed}, lost ${lat["genui-64"].lost}, repeated ${lat["genui-64"].repeated}`,
      met:
        lat["genui-64"].rps >= 0.6 * lat["floor-64"].rps &&
        lat["genui-64"].failed + lat["genui-64"].lost + lat["genui-64"].repeated === 0,
    },
    {
      goal: "CPU per streamed request at 64, all processes ≤ 2× the floor's",
      value: `${cpuGenui.toFixed(2)} / ${cpuFloor.toFixed(2)} ms = ${(cpuGenui / cpuFloor).toFixed(2)}×`,
      met: cpuGenui <= 2 * cpuFloor,
    },
    ...(lat["direct-1"]
      ? [
          {
            goal: "added p50 at one stream ≤ the floor's + 3 ms",
            value: `${added("genui", 1, "p50").toFixed(2)} ms against ${added("floor", 1, "p50").toFixed(2)} + 3 ms`,
            met: added("genui", 1, "p50") <= added("floor", 1, "p50") + 3,
          },
          {
            goal: "added p99 at one stream ≤ the floor's + 10 ms",
            value: `${added("genui", 1, "p99").toFixed(2)} ms against ${added("floor", 1, "p99").toFixed(2)} + 10 ms`,
            met: added("genui", 1, "p99") <= added("floor", 1, "p99") + 10,
          },
        ]
      : []),
    ...(lat["genui-streams"] && lat["floor-streams"]
      ? [
          {
            goal: `${STREAMS} concurrent 1-second streams: TTFB p99 ≤ 1.5× the floor's, 0 lost`,
            value:
              (BURST_ROUNDS > 1
                ? `${burstRatio("genui").toFixed(2)}×, the median of ${lat["genui-streams"].ttfbRatios
                    .map((v) => `${v.toFixed(2)}×`)
                    .join(" / ")} (each round against its floor)`
                : `${lat["genui-streams"].ttfbP99.toFixed(0)} / ${lat["floor-streams"].ttfbP99.toFixed(0)} ms = ${burstRatio("genui").toFixed(2)}×`) +
              `; failed ${lat["genui-streams"].failed}, lost ${lat["genui-streams"].lost}${burstCpu("genui")}`,
            met: burstRatio("genui") <= 1.5 && lat["genui-streams"].lost + lat["genui-streams"].failed === 0,
          },
          {
            goal: "BFF + API resident at those streams ≤ the floor's hops + the named libraries + 40 MiB",
            value: `${(m.bffPeakMiB + m.apiPeakMiB).toFixed(0)} MiB against ${(m.floorEdgePeakMiB + m.floorApiPeakMiB).toFixed(0)} + ${libraries.toFixed(1)} + 40 = ${(m.floorEdgePeakMiB + m.floorApiPeakMiB + libraries + 40).toFixed(0)} MiB`,
            met: m.bffPeakMiB + m.apiPeakMiB <= m.floorEdgePeakMiB + m.floorApiPeakMiB + libraries + 40,
          },
        ]
      : []),
  ];
  results.goals = goals;
  console.log("\n3. Against the floor measured in this run");
  const byName = (spent) => Object.fromEntries(spent.map((x) => [x.name, x.ms]));
  const g = byName(results["cpu-64"]);
  const f = byName(results["cpu-floor-64"]);
  console.log(
    "   CPU per request at 64 streams (ms), GenUI | floor: " +
      [
        ["bff", "edge"],
        ["api", "api"],
        ["worker", "worker"],
        ["billing", "billing"],
        ["redis", "redis"],
        ["nats", "nats"],
      ]
        .map(([a, b]) => `${a} ${(g[a] ?? 0).toFixed(2)} | ${b} ${(f[b] ?? 0).toFixed(2)}`)
        .join(", ") +
      `; GenUI only: ${results["cpu-64"]
        .filter((x) => !["bff", "api", "worker", "billing", "redis", "nats"].includes(x.name))
        .map((x) => `${x.name} ${x.ms.toFixed(2)}`)
        .join(", ")}`,
  );
  for (const x of goals) console.log(`   ${x.met ? "met    " : "NOT MET"}  ${x.goal}: ${x.value}`);
  // The first two goals with the streams left uncompressed (an ingress compressing them instead).
  if (lat["genui-plain-64"]) {
    const cpuPlain = total(results["cpu-plain-64"]);
    const p = byName(results["cpu-plain-64"]);
    results.plain = {
      rpsRatio: lat["genui-plain-64"].rps / lat["floor-64"].rps,
      cpuMs: cpuPlain,
      cpuRatio: cpuPlain / cpuFloor,
      failed: lat["genui-plain-64"].failed + lat["genui-plain-64"].lost + lat["genui-plain-64"].repeated,
    };
    console.log(
      `   GenUI with its streams uncompressed (compression left to an ingress, which then does it): req/s ` +
        `${lat["genui-plain-64"].rps.toFixed(0)} = ${results.plain.rpsRatio.toFixed(3)}× the floor's; CPU per request ` +
        `${cpuPlain.toFixed(2)} ms = ${results.plain.cpuRatio.toFixed(2)}× (bff ${(p.bff ?? 0).toFixed(2)}, api ${(p.api ?? 0).toFixed(2)}; ` +
        `the API's gzip ${((g.api ?? 0) - (p.api ?? 0)).toFixed(2)} ms a request); failed / lost / repeated ${results.plain.failed}`,
    );
  }
  // The same goals for the floor's hops doing only the work every answer needs (`required`), and with the serial
  // steps of the platform's guarantees as well (`guarded`): how much of each goal that work takes before anything of
  // the platform's own.
  const DESCRIBED = {
    required: "the floor with the work every answer needs (screen, hold, charge)",
    guarded: "… and the serial steps of the guarantees (budget, capacity, resume record and log, cancel flag)",
  };
  for (const kind of ["required", "guarded"]) {
    if (!lat[`${kind}-64`]) continue;
    const cpuKind = total(results[`cpu-${kind}-64`]);
    const r = byName(results[`cpu-${kind}-64`]);
    const req = {
      rpsRatio: lat[`${kind}-64`].rps / lat["floor-64"].rps,
      cpuMs: cpuKind,
      cpuRatio: cpuKind / cpuFloor,
      ...(lat["direct-1"] && lat[`${kind}-1`] ? { addedP50: added(kind, 1, "p50"), addedP99: added(kind, 1, "p99") } : {}),
      ...(lat[`${kind}-streams`] && lat["floor-streams"] ? { ttfbRatio: burstRatio(kind) } : {}),
      failed: lat[`${kind}-64`].failed + lat[`${kind}-64`].lost + lat[`${kind}-64`].repeated,
    };
    results[kind] = req;
    console.log(
      `   ${DESCRIBED[kind]}: req/s ${lat[`${kind}-64`].rps.toFixed(0)} = ${req.rpsRatio.toFixed(3)}× the floor's; ` +
        `CPU per request ${cpuKind.toFixed(2)} ms = ${req.cpuRatio.toFixed(2)}× (${[
          "edge",
          "api",
          "worker",
          "billing",
          "redis",
          "nats",
          "store",
        ]
          .map((n) => `${n} ${(r[n] ?? 0).toFixed(2)}`)
          .join(", ")})` +
        (req.addedP50 !== undefined
          ? `; added at one stream p50 ${req.addedP50.toFixed(2)}, p99 ${req.addedP99.toFixed(2)} ms`
          : "") +
        (req.ttfbRatio !== undefined
          ? `; TTFB p99 at ${STREAMS} streams ${req.ttfbRatio.toFixed(2)}× the floor's${burstCpu(kind)}`
          : "") +
        `; failed / lost / repeated ${req.failed}`,
    );
    console.log(
      `   GenUI beyond the ${kind} row: CPU per request ${(cpuGenui - cpuKind).toFixed(2)} ms (the goal leaves ${(2 * cpuFloor - cpuKind).toFixed(2)} ms), ` +
        `req/s ${(lat["genui-64"].rps / lat[`${kind}-64`].rps).toFixed(3)}× the ${kind} row's` +
        (req.addedP50 !== undefined
          ? `, added p50 at one stream +${(added("genui", 1, "p50") - req.addedP50).toFixed(2)} ms over it`
          : ""),
    );
  }
}
writeFileSync(`${OUT}/generation-results.json`, JSON.stringify(results, null, 2));
console.log(`\nfigures saved to ${OUT}/generation-results.json`);
stopAll();
process.exit(0);
