import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

/** Schemathesis's `st` (pinned in requirements/schemathesis.txt; scripts/schemathesis-env.sh builds its cached venv). */
export const schemathesis = (): string =>
  execFileSync("bash", [path.join(REPO_ROOT, "scripts/schemathesis-env.sh")], { encoding: "utf8" })
    .trim()
    .split("\n")
    .at(-1)!;

/** Examples per operation and phase: enough to reach every branch of a document, small enough for 2 cores. */
export const MAX_EXAMPLES = Number(process.env.GENUI_ST_MAX_EXAMPLES ?? 40);
/** A fixed seed keeps a run reproducible (a finding is replayed with the same seed); set another to explore. */
export const SEED = process.env.GENUI_ST_SEED ?? "20250514";

/**
 * The flags of every run after the document and its auth: all phases and modes, a fixed seed and example count, one
 * worker, no example database (each run starts clean), the whole report. One worker: schemathesis's workers are
 * threads, and on Debian's Python 3.11 two threads parsing source with `ast` at once (hypothesis describes the
 * strategies' lambdas that way) can fail inside the interpreter ("AST constructor recursion depth mismatch"): a run
 * here once stopped on it, with no answer of ours at fault.
 */
export const RUN_FLAGS: readonly string[] = [
  "--phases",
  "examples,coverage,fuzzing",
  "--mode",
  "all",
  "--max-examples",
  String(MAX_EXAMPLES),
  "--seed",
  SEED,
  "--workers",
  "1",
  "--request-timeout",
  "30",
  "--generation-database",
  "none",
  "--no-color",
  "--output-truncate",
  "false",
];

export interface Run {
  code: number | null;
  output: string;
}

/**
 * Runs `cmd` (schemathesis) with `hooks` loaded, collecting its output; it is stopped after `limitMs` (its own report
 * of what it did so far is kept, and the output says it was stopped).
 */
export function runSchemathesis(
  cmd: string,
  args: string[],
  opts: { cwd: string; hooks: string; limitMs: number; env?: Record<string, string> },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env, NO_COLOR: "1", COLUMNS: "160", SCHEMATHESIS_HOOKS: opts.hooks },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      output += `\n[test] schemathesis stopped after ${opts.limitMs / 1000} s\n`;
      child.kill("SIGTERM");
    }, opts.limitMs);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
