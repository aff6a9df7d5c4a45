// How long each of the sandbox attacks (packages/testkit/src/sandbox-attacks.ts) runs when nothing outside the
// sandbox stops it: `node loadtests/sandbox-attacks-measure.mjs`. Each attack is evaluated once, in a fresh in-process
// evaluator (`createNodeEvaluator`, CPU limit 100 ms or SANDBOX_TIMEOUT_MS), and the table gives the code's size, the
// wall-clock and CPU time of the evaluation and what it answered. Where the runtime also has the threaded evaluator
// (`createThreadedEvaluator`), the same attack is measured through it too (the time a caller waits for its answer).
// Needs the TypeScript build (npm run build:ts). SANDBOX_RUNTIME points at another build of @genui/ui-runtime's
// node.js (e.g. one made from an earlier commit); SANDBOX_ATTACKS=name,name measures only those.
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
const runtime = require(process.env.SANDBOX_RUNTIME ?? path.join(root, "packages/ui-runtime/dist/src/node.js"));
const { SANDBOX_ATTACKS } = require(path.join(root, "packages/testkit/dist/src/sandbox-attacks.js"));

const timeoutMs = Number(process.env.SANDBOX_TIMEOUT_MS ?? 100);
const only = process.env.SANDBOX_ATTACKS?.split(",").filter(Boolean);
const attacks = only ? SANDBOX_ATTACKS.filter((a) => only.includes(a.name)) : SANDBOX_ATTACKS;
const threaded = typeof runtime.createThreadedEvaluator === "function";

const outcome = (r) => (r.ok ? "screen" : `${r.error.kind}: ${r.error.message}`.slice(0, 70));

/** One evaluation in a fresh evaluator whose sandbox is already loaded: wall and CPU milliseconds, and the answer. */
async function measure(make, code) {
  const evaluator = make();
  try {
    await evaluator.evaluate('text("ready")');
    const cpu = process.cpuUsage();
    const started = performance.now();
    const r = await evaluator.evaluate(code);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1000, r };
  } finally {
    evaluator.dispose();
  }
}

const rows = [];
console.log(
  `${attacks.length} attacks, CPU limit ${timeoutMs} ms; in-process evaluator${threaded ? " and threaded evaluator" : ""}`,
);
for (const a of attacks) {
  const inProcess = await measure(() => runtime.createNodeEvaluator({ timeoutMs }), a.code);
  const viaThreads = threaded ? await measure(() => runtime.createThreadedEvaluator({ timeoutMs }), a.code) : undefined;
  rows.push({ a, inProcess, viaThreads });
  console.log(
    `${a.name}: in-process ${Math.round(inProcess.wall)} ms (CPU ${Math.round(inProcess.cpu)} ms), ${outcome(inProcess.r)}` +
      (viaThreads ? `; threaded ${Math.round(viaThreads.wall)} ms, ${outcome(viaThreads.r)}` : ""),
  );
}

console.log("");
console.log(
  `| attack | code (chars) | in-process wall (ms) | in-process CPU (ms) | in-process answer |${threaded ? " threaded wall (ms) | threaded answer |" : ""}`,
);
console.log(`|---|---:|---:|---:|---|${threaded ? "---:|---|" : ""}`);
for (const { a, inProcess, viaThreads } of rows)
  console.log(
    `| ${a.name} | ${a.code.length} | ${Math.round(inProcess.wall)} | ${Math.round(inProcess.cpu)} | ${outcome(inProcess.r)} |` +
      (viaThreads ? ` ${Math.round(viaThreads.wall)} | ${outcome(viaThreads.r)} |` : ""),
  );
const slow = rows.filter((r) => r.inProcess.wall < 1500).map((r) => r.a.name);
if (slow.length) console.log(`\nin-process under 1.5 s: ${slow.join(", ")}`);
