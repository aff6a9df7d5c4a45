import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { pinnedPython } from "../support/python";
import { startStack, type Stack } from "../support/stack";
import { tenantOfKey } from "../../services/generation/src/domain/capacity";

interface CaseResult {
  case: string;
  ok: boolean;
  detail: unknown;
}

/**
 * The official `openai` Python package (pinned in requirements/python-tools.txt, in the cached venv that
 * scripts/python-env.sh builds; `npm test` builds it in its setup) against the published API through the BFF:
 * e2e/system/python/openai_client_check.py runs every case and prints one JSON line per case.
 */
describe("the official openai Python client against the published API", () => {
  let stack: Stack;
  let python: string;
  let active: Developer;
  let inactive: Developer;
  let broke: Developer;
  let limited: Developer;

  beforeAll(async () => {
    python = pinnedPython();
    stack = await startStack({ generation: { workers: 1 } });
    [active, inactive, broke, limited] = await Promise.all([
      newDeveloper(stack),
      newDeveloper(stack),
      newDeveloper(stack, 0),
      newDeveloper(stack),
    ]);
    // The owner cancels the subscription: the app stops being active and its key is refused with 403.
    const cancel = await inactive.client.post(`/billing/api/v1/subscription/${inactive.subscriptionId}/cancel/`);
    expect(cancel.status).toBe(200);
    await eventually(
      async () =>
        (await fetch(`${stack.bff.url}/apps/api/v1/models`, { headers: { authorization: `Bearer ${inactive.apiKey}` } })).status,
      (s) => s === 403,
    );
    // A key whose generations for this minute are already spent (its counter at generation's admission, in Redis).
    const bucket = tenantOfKey(limited.apiKey, "").bucket;
    await stack.bff.ctx.redis!.set(`${stack.prefix}gen:cap:generate:rate:${bucket}`, "100000000", "EX", 60);
  }, 300_000);
  afterAll(async () => stack.stop());

  it("when every case runs, then each passes: completion, stream (its pieces add up to the completion's content, also through the SDK's accumulation helper), usage, async stream and each error status", async () => {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(python, [path.join(REPO_ROOT, "e2e/system/python/openai_client_check.py")], {
        env: {
          ...process.env,
          GENUI_BASE_URL: `${stack.bff.url}/apps/api/v1`,
          GENUI_KEY: active.apiKey,
          GENUI_KEY_INACTIVE: inactive.apiKey,
          GENUI_KEY_BROKE: broke.apiKey,
          GENUI_KEY_LIMITED: limited.apiKey,
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.on("error", reject);
      child.on("exit", () => resolve(stdout));
    });
    const results = out
      .trim()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as CaseResult);
    expect(results.map((r) => r.case).sort()).toEqual(
      [
        "accumulate",
        "async_stream",
        "bad_key",
        "bad_request",
        "inactive",
        "include_usage",
        "insufficient",
        "nonstream",
        "rate_limited",
        "stream",
        "unknown_model",
      ].sort(),
    );
    for (const r of results)
      expect({ case: r.case, ok: r.ok, detail: r.ok ? "" : r.detail }).toEqual({ case: r.case, ok: true, detail: "" });
  }, 180_000);
});
