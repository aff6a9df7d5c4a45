import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { AxeChecker } from "./axe";
import { offlineGenerator, upstreamGenerator, upstreamSettings, type Generator } from "./generators";
import { failureLines, familyTable, gateProblems, measureLines, summarize, summaryLine, type SetSummary } from "./report";
import { loadForeignPairs } from "./foreign";
import { checkForeign, runEdits, runRequestSet, type AnyResult, type CaseResult } from "./run";
import { loadEditSet, loadRequestSet, SET_NAMES, type SetName } from "./sets";

const USAGE = `Usage: node eval/dist/src/cli.js --generator offline|upstream [options]
  (npm run eval:offline -- [options], npm run eval:upstream -- [options])

  --set tuned|dev|dev2|dev3|holdout|edits  only this set (repeatable; default: all six)
  --only <id>                 only this case (repeatable)
  --verbose                   every failing case with its reasons
  --json <file>               write every result (screens and code included) as JSON
  --axe / --no-axe            render every screen in Chromium and count axe violations (light and dark)
  --gate                      exit 1 unless tuned fit >= 95 %, holdout >= 90 %, edits >= 90 %, no foreign content, no placeholder,
                              no schema-invalid screen (nor, with --axe, any axe violation)
  --concurrency <n>           upstream requests in flight at once (default 4)

Upstream: EVAL_BASE_URL (default http://127.0.0.1:8080/apps/api/v1), EVAL_API_KEY (an app's secret key),
EVAL_MODEL (default genui-pluto-0.1).
`;

const out = (line = "") => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      generator: { type: "string" },
      set: { type: "string", multiple: true },
      only: { type: "string", multiple: true },
      verbose: { type: "boolean", default: false },
      json: { type: "string" },
      axe: { type: "boolean", default: false },
      "no-axe": { type: "boolean", default: false },
      gate: { type: "boolean", default: false },
      concurrency: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (values.generator !== "offline" && values.generator !== "upstream") {
    process.stderr.write(USAGE);
    return 2;
  }
  const sets = (values.set ?? [...SET_NAMES]) as SetName[];
  const unknown = sets.filter((s) => !SET_NAMES.includes(s));
  if (unknown.length) {
    process.stderr.write(`eval: unknown set ${unknown.join(", ")}\n${USAGE}`);
    return 2;
  }
  const only = values.only ? new Set(values.only) : undefined;
  const pick = <T extends { id: string }>(cases: T[]) => (only ? cases.filter((c) => only.has(c.id)) : cases);
  const axe = values.axe && !values["no-axe"];
  const concurrency = values.concurrency ? Math.max(1, Number(values.concurrency) || 1) : 4;

  const gen: Generator = values.generator === "offline" ? offlineGenerator() : upstreamGenerator(upstreamSettings());
  const started = performance.now();
  const results = new Map<SetName, AnyResult[]>();
  let done = 0;
  const onCase = () => {
    done++;
    if (process.stderr.isTTY) process.stderr.write(`\r${done} answers…`);
  };
  try {
    for (const set of sets) {
      if (set === "edits") {
        const cases = pick(loadEditSet());
        if (cases.length) results.set(set, await runEdits(cases, gen, { concurrency, onCase }));
      } else {
        const cases = pick(loadRequestSet(set));
        if (cases.length) results.set(set, await runRequestSet(set, cases, gen, { concurrency, onCase }));
      }
    }
  } finally {
    await gen.close();
  }
  if (process.stderr.isTTY) process.stderr.write("\r");
  const generated = performance.now();

  if (axe) {
    const checker = new AxeChecker();
    try {
      await checker.start();
      for (const rs of results.values()) for (const r of rs) if (r.screen) r.axe = await checker.check(r.screen);
    } finally {
      await checker.close();
    }
  }
  const finished = performance.now();

  out(
    `generator: ${gen.name}${gen.name === "upstream" ? ` (${upstreamSettings().baseURL}, model ${upstreamSettings().model})` : ""}`,
  );
  const pairs = loadForeignPairs();
  const summaries: SetSummary[] = [];
  for (const [set, rs] of results) {
    const { applied } = checkForeign(rs, pairs);
    const s = summarize(set, rs);
    summaries.push(s);
    out();
    out(summaryLine(s));
    // Another subject's facts on a screen: always listed (eval/sets/foreign.json, the pairs applied to `applied` cases).
    const foreign = rs.filter((r) => (r.foreign ?? []).length > 0);
    out(`  foreign content: ${foreign.length} of ${applied} screens the pairs apply to`);
    for (const r of foreign) out(`    ${r.id}: ${r.foreign!.join("; ")}`);
    if (set !== "edits") for (const line of familyTable(rs as CaseResult[])) out(line);
    else
      out(
        `  failing: ${
          rs
            .filter((r) => !r.fit)
            .map((r) => r.id)
            .join(" ") || "none"
        }`,
      );
  }
  const all = [...results.values()].flat();
  out();
  for (const line of measureLines(all)) out(line);
  out(
    `time: ${((generated - started) / 1000).toFixed(1)} s answering${axe ? `, ${((finished - generated) / 1000).toFixed(1)} s rendering with axe` : ""}`,
  );
  if (axe) {
    const failing = all.filter((r) => r.axe && r.axe.light.length + r.axe.dark.length > 0);
    out(`axe: ${failing.length} of ${all.filter((r) => r.axe).length} screens with violations (light or dark)`);
  }
  if (values.verbose) {
    const failing = all.filter(
      (r) => !r.fit || r.placeholder || (r.foreign ?? []).length > 0 || (r.axe && r.axe.light.length + r.axe.dark.length > 0),
    );
    if (failing.length) {
      out();
      out("failing cases:");
      for (const r of failing) {
        for (const line of failureLines(r)) out(line);
        for (const theme of ["light", "dark"] as const) for (const v of r.axe?.[theme] ?? []) out(`      - axe (${theme}): ${v}`);
      }
    }
  }
  if (values.json) {
    writeFileSync(
      values.json,
      `${JSON.stringify({ generator: gen.name, summaries, results: Object.fromEntries(results) }, null, 2)}\n`,
    );
    out(`results written to ${values.json}`);
  }
  if (values.gate) {
    const problems = gateProblems(summaries);
    out();
    out(problems.length ? `gate: FAILED\n${problems.map((p) => `  - ${p}`).join("\n")}` : "gate: passed");
    return problems.length ? 1 : 0;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`eval: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 2;
  },
);
