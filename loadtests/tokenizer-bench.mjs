// The worker's tokenizer (services/generation/src/worker/providers/tokens.ts): gpt-tokenizer, which it uses, beside
// js-tiktoken, which it used, both with OpenAI's o200k_base vocabulary, in one run. Each is measured in fresh Node
// processes (the least of BENCH_RUNS): resident memory and heap after loading it and counting once, then a full
// collection; the time to the first count (loading the vocabulary); CPU per count over pieces of the repository's
// docs (500 characters each) once warm; and the total of those counts, which must be equal.
//   npm run bench:tokenizer
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CWD = path.join(ROOT, "services/generation");

const WAYS = {
  "js-tiktoken (before)": `const { Tiktoken } = require("js-tiktoken/lite"); const ranks = require("js-tiktoken/ranks/o200k_base");
    const enc = new Tiktoken(ranks.default ?? ranks); const count = (t) => enc.encode(t, [], []).length;`,
  "gpt-tokenizer (now)": `const g = require("gpt-tokenizer/encoding/o200k_base"); const none = { disallowedSpecial: new Set() };
    const count = (t) => g.countTokens(t, none);`,
};

const docs = readdirSync(path.join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => readFileSync(path.join(ROOT, "docs", f), "utf8"))
  .join("\n");
const pieces = [];
for (let at = 0; at < docs.length && pieces.length < 4000; at += 500) pieces.push(docs.slice(at, at + 500));

function measure(setup) {
  const script = `
    const t0 = process.hrtime.bigint();
    ${setup}
    count("warm up");
    const firstMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const pieces = JSON.parse(require("fs").readFileSync(0, "utf8"));
    for (let i = 0; i < 2; i++) for (const p of pieces) count(p);
    globalThis.gc(); globalThis.gc();
    const m = process.memoryUsage();
    const c0 = process.cpuUsage(); let tokens = 0;
    for (const p of pieces) tokens += count(p);
    const c = process.cpuUsage(c0);
    console.log(JSON.stringify({ rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20, firstMs, usPerCount: (c.user + c.system) / pieces.length, tokens }));`;
  let best;
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ["--expose-gc", "-e", script], {
      cwd: CWD,
      input: JSON.stringify(pieces),
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(r.stderr);
    const m = JSON.parse(r.stdout.trim().split("\n").pop());
    best = best
      ? {
          ...m,
          rss: Math.min(best.rss, m.rss),
          heap: Math.min(best.heap, m.heap),
          firstMs: Math.min(best.firstMs, m.firstMs),
          usPerCount: Math.min(best.usPerCount, m.usPerCount),
        }
      : m;
  }
  return best;
}

const bare = measure("const count = () => 0;");
console.log(
  `${pieces.length} pieces of 500 characters; node alone: ${bare.rss.toFixed(0)} MiB resident (least of ${RUNS} runs each)\n`,
);
console.log(
  `${"".padEnd(22)} ${"resident MiB".padStart(13)} ${"heap MiB".padStart(9)} ${"first count ms".padStart(15)} ${"µs per count".padStart(13)} ${"tokens".padStart(9)}`,
);
const results = {};
for (const [name, setup] of Object.entries(WAYS)) {
  const r = (results[name] = measure(setup));
  console.log(
    `${name.padEnd(22)} ${(r.rss - bare.rss).toFixed(1).padStart(13)} ${r.heap.toFixed(1).padStart(9)} ${r.firstMs.toFixed(0).padStart(15)} ${r.usPerCount.toFixed(1).padStart(13)} ${String(r.tokens).padStart(9)}`,
  );
}
const [before, now] = Object.values(results);
console.log(
  `\nnow against before: resident ${((now.rss - bare.rss) / (before.rss - bare.rss)).toFixed(2)}×, first count ${(now.firstMs / before.firstMs).toFixed(2)}×, CPU per count ${(now.usPerCount / before.usPerCount).toFixed(2)}×; the same tokens: ${now.tokens === before.tokens ? "yes" : "NO"}`,
);
if (now.tokens !== before.tokens) process.exitCode = 1;
