import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { newDeveloper, type Developer } from "../support/developer";
import { RUN_FLAGS, runSchemathesis, schemathesis } from "../support/schemathesis";
import { startStack, type Stack } from "../support/stack";

/** Schemathesis is stopped after this long (its own report of what it did so far is kept). */
const RUN_LIMIT_MS = 240_000;

/** The run's configuration (one exception, explained there) and the check that goes with it. */
const CONFIG = path.join(REPO_ROOT, "e2e/system/schemathesis/schemathesis.toml");
const HOOKS = path.join(REPO_ROOT, "e2e/system/schemathesis/hooks.py");

/**
 * Schemathesis generates requests from the published OpenAPI document (valid ones and ones the document forbids) and
 * checks every answer against it: no 5xx, only declared statuses, content types, headers and bodies, forbidden input
 * refused and valid input accepted, undeclared methods answered 405 with `Allow`, and no answer without the key. It
 * runs against the real platform through the BFF (CORS, per-key limits, the proxy), with a funded app key.
 */
describe("the published API's OpenAPI document, fuzzed by schemathesis", () => {
  let stack: Stack;
  let dev: Developer;
  let st: string;
  let workDir: string;

  beforeAll(async () => {
    st = schemathesis();
    // Unpaced offline generation: a fuzzed completion answers in milliseconds. The per-key limit is raised so that
    // schemathesis's own volume is not what it measures (429 is declared and has its own tests).
    stack = await startStack({
      // The sandbox's 100 ms deadline is wall-clock time: on a loaded CI machine the built-in generator's own code for
      // a fuzzed request has once been descheduled past it (a 502 invalid_model_output the fuzz run reports as a server
      // error). This run is about the document, not the sandbox's deadline (its own tests hold it): a second.
      generation: {
        workerEnv: { OFFLINE_TOKENS_PER_SECOND: "0", GEN_PARTIAL_INTERVAL_MS: "10", SANDBOX_TIMEOUT_MS: "1000" },
      },
    });
    // $1,000: every fuzzed completion holds its largest possible cost.
    dev = await newDeveloper(stack, 1_000_000_000);
    workDir = mkdtempSync(path.join(os.tmpdir(), "genui-st-"));
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** One run over the published document with the app's key: its exit code checked, its summary printed. */
  async function fuzz(base: string, only: string[], ...headers: string[]): Promise<void> {
    const r = await runSchemathesis(
      st,
      [
        "--config-file",
        CONFIG,
        "run",
        `${stack.bff.url}/apps/api/v1/openapi.json`,
        "--url",
        base,
        ...only,
        ...[`Authorization: Bearer ${dev.apiKey}`, ...headers].flatMap((h) => ["--header", h]),
        ...RUN_FLAGS,
      ],
      { cwd: workDir, hooks: HOOKS, limitMs: RUN_LIMIT_MS },
    );
    if (r.code !== 0) throw new Error(`schemathesis exited with ${r.code}:\n${r.output}`);
    // What was run (phases, operations, cases generated, seed): the figures of this run.
    process.stdout.write(`${r.output.slice(r.output.indexOf("SUMMARY") - 80)}\n`);
    expect(r.output).toMatch(/No issues found|passed/i);
  }

  it(
    "when schemathesis runs every check on every published operation, then it reports no failure",
    () => fuzz(`${stack.bff.url}/apps/api/v1`, ["--exclude-path", "/mcp"]),
    RUN_LIMIT_MS + 30_000,
  );

  // The MCP endpoint sits beside the API's base URL (its path item names the root as its server, which schemathesis
  // does not read): its own run, against the root, accepting JSON and event streams as MCP's transport asks.
  it(
    "when schemathesis runs every check on the MCP endpoint, then it reports no failure",
    () => fuzz(stack.bff.url, ["--include-path", "/mcp"], "Accept: application/json, text/event-stream"),
    RUN_LIMIT_MS + 30_000,
  );
});
