// The cost of isolating UI code evaluations (npm run bench:sandbox), in Node, on the sample screens: every catalogue
// component's example, the DSL example and screens of the built-in offline generator (realistic model answers).
// In the same run:
//   - before: one QuickJS context reused for every evaluation (the prelude loaded once; what the evaluator did before
//     each evaluation got a sandbox of its own), with the same host-side parse and repair;
//   - now: the evaluator as it is — every evaluation runs in the one-shot sandbox, whose WebAssembly memory is then
//     written back to the image taken before any code ran;
//   - threaded: the same evaluator in a worker thread that the process stops on a wall-clock deadline (what the
//     generation worker runs): the message to the thread and back, and the screen copied across;
//   - and what a streamed answer's own sandbox costs once per answer, in parts: a new runtime + context, the prelude.
// Prints mean, p50 and p95 in µs per evaluation and the ratio to "before". Then every attack of the sandbox attack
// suite (packages/testkit/src/sandbox-attacks.ts): how long it ran in this thread (QuickJS's interrupt alone) and how
// long until the threaded evaluator answered it (stopped by the host), with the error each got. Needs the TypeScript
// build (npm run build:ts). SANDBOX_BENCH_ATTACKS=0 skips the attacks (the in-thread runs take seconds each).
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
const runtime = require(path.join(root, "packages/ui-runtime/dist/src/node.js"));
const { plan } = require(path.join(root, "packages/planner/dist/src/index.js"));
const composeScreen = (messages) => plan(messages);
const core = require("quickjs-emscripten-core");
const variant = require("@jitl/quickjs-singlefile-cjs-release-sync").default;

const ROUNDS = Number(process.env.SANDBOX_BENCH_ROUNDS ?? 2000);
const PROMPTS = [
  "A weather screen for Oslo",
  "A todo list for the week",
  "A pricing table with three plans",
  "A sales dashboard",
  "A contact form",
  "A table of employees",
  "An online shop for shoes",
  "A user profile page",
];
const samples = [
  runtime.DSL_EXAMPLE,
  ...runtime.CATALOGUE.map((e) => e.code),
  ...PROMPTS.map((p) => composeScreen([{ role: "user", content: p }]).code),
];
const generated = samples.slice(-PROMPTS.length);
console.log(
  `samples: ${samples.length} (catalogue examples ${runtime.CATALOGUE.length}, the DSL example, ${PROMPTS.length} generated screens of ` +
    `${Math.min(...generated.map((c) => c.length))}–${Math.max(...generated.map((c) => c.length))} characters); ${ROUNDS} evaluations per mode`,
);

const stats = (us) => {
  const xs = [...us].sort((a, b) => a - b);
  const q = (p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, p50: q(0.5), p95: q(0.95) };
};

/**
 * Times every mode on the same sample in turn, round after round (the machine's load drifts; interleaving spreads it
 * evenly over the modes), after a warm-up; µs each.
 */
async function measure(modes) {
  const us = modes.map(() => []);
  for (let i = -300; i < ROUNDS; i++) {
    const code = samples[((i % samples.length) + samples.length) % samples.length];
    for (const [k, m] of modes.entries()) {
      const t = performance.now();
      await m.fn(code);
      if (i >= 0) us[k].push((performance.now() - t) * 1000);
    }
  }
  return us.map(stats);
}

// Before: the reused context, exactly as the evaluator ran code until now.
const mem = new WebAssembly.Memory({ initial: 256, maximum: 512 });
const module = await core.newQuickJSWASMModuleFromVariant(core.newVariant(variant, { wasmMemory: mem }));
const rt = module.newRuntime();
rt.setMaxStackSize(256 * 1024);
const shared = rt.newContext();
shared.unwrapResult(shared.evalCode(runtime.PRELUDE, "prelude.js")).dispose();
const reused = (code) => {
  const deadline = Date.now() + 100;
  rt.setInterruptHandler(() => Date.now() > deadline);
  const r = shared.evalCode(`__reset();(function(){"use strict";\n${code}\n})();__result()`, "ui.js");
  rt.removeInterruptHandler();
  const json = shared.getString(shared.unwrapResult(r));
  r.value.dispose();
  return runtime.repairScreen(JSON.parse(json));
};

const ev = runtime.createNodeEvaluator();
const now = async (code) => {
  const r = await ev.evaluate(code);
  if (!r.ok) throw new Error(`a sample did not evaluate: ${r.error.message}`);
};
const parts = {
  context: () => {
    const r = module.newRuntime();
    r.setMaxStackSize(256 * 1024);
    r.newContext().dispose();
    r.dispose();
  },
  prelude: () => {
    const c = rt.newContext();
    c.unwrapResult(c.evalCode(runtime.PRELUDE, "prelude.js")).dispose();
    c.dispose();
  },
};

const threaded = runtime.createThreadedEvaluator({ threads: 1 });
const inThread = async (code) => {
  const r = await threaded.evaluate(code);
  if (!r.ok) throw new Error(`a sample did not evaluate in the thread: ${r.error.message}`);
};

const modes = [
  { name: "before: one reused context", fn: reused },
  { name: "one-shot sandbox, image written back", fn: now },
  { name: "now: the same in a worker thread", fn: inThread },
  { name: "stream's sandbox: new runtime + context", fn: parts.context },
  { name: "stream's sandbox: loading the prelude", fn: parts.prelude },
];
const results = await measure(modes);
const before = results[0];
const f = (n) => n.toFixed(0).padStart(6);
console.log(`${"per evaluation (µs)".padEnd(42)}  mean    p50    p95   mean vs before`);
for (const k of modes.keys())
  console.log(
    `${modes[k].name.padEnd(42)}${f(results[k].mean)} ${f(results[k].p50)} ${f(results[k].p95)}   ${(results[k].mean / before.mean).toFixed(2)}×`,
  );

// First evaluation of a new evaluator (a worker or a page starting): the WebAssembly instance, one sandbox, the code.
// Before: the same steps with the context that was then kept for every later evaluation.
const firstBefore = [];
const firstNow = [];
for (let i = 0; i < 20; i++) {
  let t = performance.now();
  const m = await core.newQuickJSWASMModuleFromVariant(
    core.newVariant(variant, { wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 512 }) }),
  );
  const r = m.newRuntime();
  r.setMaxStackSize(256 * 1024);
  const c = r.newContext();
  c.unwrapResult(c.evalCode(runtime.PRELUDE, "prelude.js")).dispose();
  const out = c.unwrapResult(c.evalCode(`__reset();(function(){"use strict";\n${runtime.DSL_EXAMPLE}\n})();__result()`));
  runtime.repairScreen(JSON.parse(c.getString(out)));
  firstBefore.push((performance.now() - t) * 1000);
  out.dispose();
  c.dispose();
  r.dispose();
  const e = runtime.createNodeEvaluator();
  t = performance.now();
  await e.evaluate(runtime.DSL_EXAMPLE);
  firstNow.push((performance.now() - t) * 1000);
  e.dispose();
}
const fb = stats(firstBefore);
const fn = stats(firstNow);
console.log(
  `first evaluation of a new evaluator (µs): before mean ${f(fb.mean)}, p50 ${f(fb.p50)}; now mean ${f(fn.mean)}, p50 ${f(fn.p50)}`,
);

if (process.env.SANDBOX_BENCH_ATTACKS !== "0") {
  const { SANDBOX_ATTACKS } = require(path.join(root, "packages/testkit/dist/src/sandbox-attacks.js"));
  console.log(
    `\nattacks (${SANDBOX_ATTACKS.length}): ms until answered; the sandbox's limit is 100 ms, the host's margin 100 ms`,
  );
  console.log(`${"attack".padEnd(28)}${"in this thread".padStart(16)}  ${"threaded".padStart(9)}  threaded's answer`);
  const inThisThread = runtime.createNodeEvaluator();
  const pool = runtime.createThreadedEvaluator({ threads: 2 });
  await pool.evaluate('text("warm")');
  for (const a of SANDBOX_ATTACKS) {
    let t = performance.now();
    const alone = await inThisThread.evaluate(a.code);
    const aloneMs = performance.now() - t;
    t = performance.now();
    const stopped = await pool.evaluate(a.code);
    const stoppedMs = performance.now() - t;
    const what = (r) => (r.ok ? "a screen" : `${r.error.kind}: ${r.error.message}`.slice(0, 60));
    console.log(
      `${a.name.padEnd(28)}${aloneMs.toFixed(0).padStart(10)} ms (${alone.ok ? "ok" : alone.error.kind})`.padEnd(50) +
        `${stoppedMs.toFixed(0).padStart(6)} ms  ${what(stopped)}`,
    );
  }
  console.log(`threads terminated by the host: ${pool.stops}`);
  inThisThread.dispose();
  pool.dispose();
}
shared.dispose();
rt.dispose();
ev.dispose();
threaded.dispose();
