// The worker's upstream request body (node loadtests/upstream-body-bench.mjs): the way before — the whole call's JSON
// text, its UTF-8 length for content-length, then its bytes for the socket — against `requestBody`, which keeps the
// long system prompt's encoding and encodes only the rest of each call. The built-in system prompt, a short user
// message, the worker's usual parameters; rounds alternate. Prints µs of CPU per call. Needs the
// TypeScript build (npm run build:ts).
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
const { buildSystemPrompt } = require(path.join(root, "services/generation/dist/src/worker/providers/system-prompt.js"));
const { requestBody } = require(path.join(root, "services/generation/dist/src/worker/providers/upstream-stream.js"));

const CALLS = Number(process.env.BODY_BENCH_CALLS ?? 20_000);
const ROUNDS = Number(process.env.BODY_BENCH_ROUNDS ?? 4);
const system = buildSystemPrompt({ webSearch: false });
const params = (i) => ({
  model: "gpt-4.1-mini",
  messages: [
    { role: "system", content: system },
    { role: "user", content: `A team dashboard, number ${i}` },
  ],
  stream: true,
  stream_options: { include_usage: true },
  max_completion_tokens: 4096,
});
const ways = {
  before: (p) => {
    const body = JSON.stringify(p);
    return Buffer.byteLength(body) + Buffer.from(body).length;
  },
  requestBody: (p) => requestBody(p).length * 2,
};
const same =
  ways.before(params(0)) === ways.requestBody(params(0)) && requestBody(params(1)).equals(Buffer.from(JSON.stringify(params(1))));
console.log(
  `system prompt ${system.length} characters; body ${requestBody(params(0)).length} bytes; the same bytes both ways: ${same}`,
);
const totals = Object.fromEntries(Object.keys(ways).map((k) => [k, { us: 0, calls: 0 }]));
for (let r = 0; r < ROUNDS + 1; r++)
  for (const [name, way] of Object.entries(ways)) {
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) way(params(i));
    const cpu = process.cpuUsage(cpu0);
    if (r === 0) continue; // warm-up
    totals[name].us += cpu.user + cpu.system;
    totals[name].calls += CALLS;
  }
const base = totals.before.us / totals.before.calls;
for (const [name, t] of Object.entries(totals))
  console.log(
    `${name.padEnd(12)} ${(t.us / t.calls).toFixed(2).padStart(7)} µs per call (${(t.us / t.calls / base).toFixed(2)}×)`,
  );
