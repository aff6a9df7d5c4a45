import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { PROXIED_ROUTES } from "../../bff/src/http/allow-list";
import { newDeveloper, type Developer } from "../support/developer";
import { RUN_FLAGS, runSchemathesis, schemathesis } from "../support/schemathesis";
import { startStack, type Stack } from "../support/stack";

/** Schemathesis is stopped after this long (its own report of what it did so far is kept). */
const RUN_LIMIT_MS = 240_000;

const CONFIG = path.join(REPO_ROOT, "e2e/system/schemathesis/signed-in.toml");
const HOOKS = path.join(REPO_ROOT, "e2e/system/schemathesis/signed-in-hooks.py");

/**
 * Schemathesis generates requests from the signed-in API's OpenAPI document (GET /api/openapi.json, built from the
 * zod contracts the services parse with) — valid ones and ones the document forbids — and checks every answer
 * against it: no 5xx, only declared statuses, content types and bodies, forbidden input refused, valid input
 * accepted, and no answer without the session or the CSRF token where the document asks for them. It runs against
 * the real platform through the BFF, signed in as a funded developer with an active app.
 */
describe("the signed-in API's OpenAPI document, fuzzed by schemathesis", () => {
  let stack: Stack;
  let dev: Developer;
  let st: string;
  let workDir: string;

  beforeAll(async () => {
    st = schemathesis();
    // The contact form's per-address limit is raised so that schemathesis's own volume is not what it measures (429
    // is declared and has its own tests); unpaced offline generation answers the chat and the editor's AI at once.
    stack = await startStack({
      payments: true,
      generation: { workerEnv: { OFFLINE_TOKENS_PER_SECOND: "0", GEN_PARTIAL_INTERVAL_MS: "10" } },
      bffEnv: { CONTACT_RATE_PER_IP: "100000/60" },
      // Fuzzing exercises order creation, not the order limits (they have their own tests).
      billingEnv: { TOPUP_ORDER_RATE_PER_USER: "100000/60", TOPUP_MAX_OPEN_ORDERS: "10000" },
    });
    dev = await newDeveloper(stack, 1_000_000_000);
    await dev.client.csrf();
    workDir = mkdtempSync(path.join(os.tmpdir(), "genui-st-signed-in-"));
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("when the document is asked for, then it is OpenAPI 3.1 with every allow-listed route", async () => {
    const res = await fetch(`${stack.bff.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(PROXIED_ROUTES.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`).sort());
  });

  it("when a path of the signed-in API is called with a method it does not have, then 405 with Allow", async () => {
    for (const method of ["GET", "OPTIONS", "PUT"]) {
      const res = await dev.client.request(method, "/apps/api/v1/create/");
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
    const currency = await dev.client.request("DELETE", "/billing/api/v1/currency/");
    expect([currency.status, currency.headers.get("allow")]).toEqual([405, "GET, POST"]);
  });

  it(
    "when schemathesis runs every check on every signed-in operation, then it reports no failure",
    async () => {
      const r = await runSchemathesis(
        st,
        ["--config-file", CONFIG, "run", `${stack.bff.url}/api/openapi.json`, "--url", stack.bff.url, ...RUN_FLAGS],
        {
          cwd: workDir,
          hooks: HOOKS,
          limitMs: RUN_LIMIT_MS,
          env: { GENUI_ST_SESSION: dev.client.cookies.get("sessionid")!, GENUI_ST_CSRF: dev.client.cookies.get("csrftoken")! },
        },
      );
      if (r.code !== 0) throw new Error(`schemathesis exited with ${r.code}:\n${r.output}`);
      process.stdout.write(`${r.output.slice(r.output.indexOf("SUMMARY") - 80)}\n`);
      expect(r.output).toMatch(/No issues found|passed/i);
    },
    RUN_LIMIT_MS + 30_000,
  );
});
