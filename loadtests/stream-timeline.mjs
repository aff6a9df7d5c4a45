// One stream at a time, step by step: when each part of a streamed answer reaches the client, for the upstream called
// directly, the floor's hops ("queued + billing"), the same hops doing the work every answer needs ("required"), those
// with the serial steps of the platform's guarantees as well ("guarded": the address budget, the capacity place, the
// resume record and log, the cancel flag; floor/hop.mjs GUARDS) and GenUI through the BFF — in one run, the rows
// alternating. Where the single-stream goal of docs/performance.md ("added p50 ≤ the floor's + 3 ms") is lost: before
// the answer is accepted (its first bytes, `: accepted` — the admission), between that and the first content (the
// queue and the upstream's first event), or after it (the rest of the answer: the screen's evaluation, the usage
// event, the end). GenUI's rounds also read the pipeline's stage
// means from the API's and the worker's metrics (authorize, enqueue, queue wait, generate, evaluate, complete).
// Started by `npm run bench:timeline` (loadtests/bench.sh), which brings the platform up pointed at the upstream and
// gives this script the infrastructure's REDIS_URL, NATS_URL and MONGO_URL, as bench:generation's.
import { spawn } from "node:child_process";
import http from "node:http";
import { createGunzip } from "node:zlib";
import { mkdirSync, writeFileSync } from "node:fs";
import { Processes, startHopRow } from "./floor/hops.mjs";
import { fundedDeveloper } from "./lib/developer.mjs";
import { LOCAL } from "./lib/topology.mjs";
import { describeMeans, meansBetween, pipelineTotals } from "./lib/pipeline-metrics.mjs";

const BASE = LOCAL.base;
const UPSTREAM_PORT = Number(process.env.UPSTREAM_PORT ?? 8199);
const EMULATOR = LOCAL.payments;
const PER_ROUND = Number(process.env.TIMELINE_REQUESTS ?? 300);
const ROUNDS = Number(process.env.TIMELINE_ROUNDS ?? 3);
const OUT = ".local/bench";
mkdirSync(OUT, { recursive: true });

const procs = new Processes();
const upstream = spawn(
  process.execPath,
  ["packages/testkit/dist/src/fake-openai-main.js", "--port", String(UPSTREAM_PORT), "--chunks", "20", "--delay-ms", "0"],
  { stdio: ["ignore", "pipe", "inherit"] },
);
process.on("exit", () => {
  upstream.kill("SIGTERM");
  procs.killAll();
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));
await new Promise((resolve, reject) => {
  upstream.stdout.on("data", (d) => String(d).includes("listening") && resolve());
  upstream.once("exit", (c) => reject(new Error(`fake upstream exited with ${c}`)));
});

const hops = (kind, edgePort, apiPort) =>
  startHopRow(procs, kind, {
    upstreamUrl: `http://127.0.0.1:${UPSTREAM_PORT}/v1/chat/completions`,
    edgePort,
    apiPort,
    prefix: `${kind}${process.pid}t`,
  });

const key = await fundedDeveloper(BASE, { emulator: EMULATOR, prefix: "timeline" });
const floor = await hops("floor", 8294, 8295);
const required = await hops("required", 8296, 8297);
const guarded = await hops("guarded", 8288, 8289);
const TARGETS = {
  direct: { url: `http://127.0.0.1:${UPSTREAM_PORT}/v1/chat/completions`, key: "none" },
  floor: { url: floor.url, key: "none" },
  required: { url: required.url, key: "none" },
  guarded: { url: guarded.url, key: "none" },
  genui: { url: `${BASE}/apps/api/v1/chat/completions`, key },
};
// TIMELINE_EDGES=1: also each row's API called without its edge (the hops' API hop; GenUI's API process, as the BFF
// forwards to it): what the edge, or the BFF, adds to each phase.
if (process.env.TIMELINE_EDGES === "1")
  Object.assign(TARGETS, {
    "floor-api": { url: floor.apiUrl, key: "none" },
    "required-api": { url: required.apiUrl, key: "none" },
    "guarded-api": { url: guarded.apiUrl, key: "none" },
    "genui-api": { url: `${LOCAL.generation}/apps/api/v1/chat/completions`, key },
  });

// One keep-alive connection, as a client library holds, accepting gzip as the official clients (and bench:generation's
// k6) do; a compressed answer is read through a gunzip stream, so each phase is when its text can be read.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const body = JSON.stringify({
  model: "genui-pluto-0.1",
  messages: [{ role: "user", content: "a team dashboard" }],
  stream: true,
});
/** One streamed request: ms from sending it to its first bytes, to the first piece of content, and to its end. */
function one(target) {
  const { url, key: auth } = TARGETS[target];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${auth}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "accept-encoding": "gzip, deflate",
        },
      },
      (res) => {
        let accepted;
        let content;
        let text = "";
        res.once("data", () => (accepted ??= performance.now()));
        const out = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip()) : res;
        out.setEncoding("utf8");
        out.on("data", (piece) => {
          const now = performance.now();
          text += piece;
          if (content === undefined && /"content":"[^"]/.test(piece)) content = now;
        });
        out.on("end", () => {
          const end = performance.now();
          if (res.statusCode !== 200 || !text.includes("data: [DONE]"))
            return reject(new Error(`${target}: ${res.statusCode} ${text.slice(0, 200)}`));
          resolve({ accepted: accepted - t0, content: (content ?? end) - t0, end: end - t0 });
        });
        res.on("error", reject);
        out.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const PHASES = ["accepted", "content", "end"];
async function row(target, n) {
  const got = [];
  for (let i = 0; i < n; i++) got.push(await one(target));
  const at = (phase, q) =>
    quantile(
      got.map((g) => g[phase]),
      q,
    );
  return Object.fromEntries(PHASES.map((p) => [p, { p50: at(p, 0.5), p90: at(p, 0.9) }]));
}

console.error("[timeline] warming up, then measuring");
for (const t of Object.keys(TARGETS)) await row(t, 100);
const results = Object.fromEntries(Object.keys(TARGETS).map((t) => [t, []]));
// Only GenUI's rows go through the platform: its histograms read before and after all the rounds are GenUI's alone.
const before = await pipelineTotals();
for (let r = 0; r < ROUNDS; r++) for (const t of Object.keys(TARGETS)) results[t].push(await row(t, PER_ROUND));
const stageMeans = meansBetween(before, await pipelineTotals());

// Per target and phase: the median over the rounds of each round's p50 (and p90).
const summary = {};
for (const [t, rows] of Object.entries(results))
  summary[t] = Object.fromEntries(
    PHASES.map((p) => [
      p,
      {
        p50: quantile(
          rows.map((x) => x[p].p50),
          0.5,
        ),
        p90: quantile(
          rows.map((x) => x[p].p90),
          0.5,
        ),
      },
    ]),
  );
const f = (x) => x.toFixed(2).padStart(6);
console.log(
  `One stream at a time, ${ROUNDS} rounds of ${PER_ROUND} requests per row (ms from sending the request; p50, median of the rounds):`,
);
console.log("row           accepted   content       end    accepted→content  content→end");
for (const [t, s] of Object.entries(summary))
  console.log(
    `${t.padEnd(12)} ${f(s.accepted.p50)}    ${f(s.content.p50)}    ${f(s.end.p50)}    ${f(s.content.p50 - s.accepted.p50)}            ${f(s.end.p50 - s.content.p50)}`,
  );
const d = (a, b, p) => summary[a][p].p50 - summary[b][p].p50;
console.log(
  `GenUI against the floor: accepted +${d("genui", "floor", "accepted").toFixed(2)} ms, the end +${d("genui", "floor", "end").toFixed(2)} ms; ` +
    `against the required row: accepted +${d("genui", "required", "accepted").toFixed(2)}, the end +${d("genui", "required", "end").toFixed(2)}; ` +
    `against the guarded row: accepted +${d("genui", "guarded", "accepted").toFixed(2)}, the end +${d("genui", "guarded", "end").toFixed(2)}`,
);
console.log(
  `The guarded row (the required work and the guarantees' serial steps) against the floor: accepted +${d("guarded", "floor", "accepted").toFixed(2)} ms, ` +
    `the end +${d("guarded", "floor", "end").toFixed(2)} ms (the single-stream goal allows the end +3)`,
);
if (summary["genui-api"])
  console.log(
    "What each edge adds (the row against its API called directly; accepted / end, ms): " +
      ["floor", "required", "guarded", "genui"]
        .map(
          (t) =>
            `${t === "genui" ? "the BFF" : `${t}'s edge`} +${d(t, `${t}-api`, "accepted").toFixed(2)} / +${d(t, `${t}-api`, "end").toFixed(2)}`,
        )
        .join(", "),
  );
console.log(`GenUI's pipeline means over its rounds (ms): ${describeMeans(stageMeans)}`);
writeFileSync(`${OUT}/timeline-results.json`, JSON.stringify({ summary, rounds: results, stageMeans }, null, 2));
console.log(`figures: ${OUT}/timeline-results.json`);
await procs.stop();
process.exit(0);
