import { TEST_IDENTITY_SECRET, testInfra } from "@genui/testkit";
import OpenAI from "openai";
import { runResealKeys } from "../../services/apps/src/jobs/reseal-keys";
import { loadAppsConfig } from "../../services/apps/src/config";
import { BrowserClient } from "../support/client";
import { newDeveloper } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";
import type { AppRow } from "../support/wire";

/** The stack's own internal identity secret, the one the rotation starts from. */
const PREVIOUS_SECRET = TEST_IDENTITY_SECRET;
const NEXT_SECRET = "next-internal-identity-secret-fedcba9876543210";
const PREVIOUS_KEK = "7".repeat(64);
const NEXT_KEK = "5a".repeat(32);

/** The key the owner's list shows for an app (opened from its sealed copy). */
async function listedKey(dev: { client: { get(p: string): Promise<Response> }; appId: string }): Promise<AppRow | undefined> {
  const res = await dev.client.get("/apps/api/v1/list/");
  if (res.status !== 200) throw new Error(`list answered ${res.status}`);
  return ((await res.json()) as { results: AppRow[] }).results.find((a) => a.id === dev.appId);
}

describe("rotating the internal identity secret without downtime", () => {
  let stack: Stack;
  afterEach(async () => {
    await stack?.stop();
  });

  it("when the BFF already signs with the next secret and the services still sign with the previous (accepting the next), then every signed-in route works", async () => {
    // The middle of step 2 of docs/operations.md: the BFF rolled first; identity, apps, billing and the generation
    // API have only reached step 1 (previous secret current, next accepted).
    const step1 = { INTERNAL_IDENTITY_SECRET: PREVIOUS_SECRET, INTERNAL_IDENTITY_ROTATION_SECRET: NEXT_SECRET };
    stack = await startStack({
      bffEnv: { INTERNAL_IDENTITY_SECRET: NEXT_SECRET, INTERNAL_IDENTITY_ROTATION_SECRET: PREVIOUS_SECRET },
      identityEnv: step1,
      appsEnv: step1,
      billingEnv: step1,
      generation: { apiEnv: step1 },
    });
    const dev = await newDeveloper(stack);
    expect((await dev.client.get("/accounts/api/v1/me/")).status).toBe(200);
    expect((await listedKey(dev))?.api_key).toBe(dev.apiKey);
    expect((await dev.client.get("/billing/api/v1/balance")).status).toBe(200);
    const openai = new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}/apps/api/v1`, maxRetries: 0 });
    const answer = await openai.chat.completions.create({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "a heading that says hello" }],
    });
    expect(answer.choices[0]?.message.content).toBeTruthy();
  });

  it("when a step is skipped (the BFF signs with a secret the services were never told to accept), then signed-in routes are refused, not served anonymously", async () => {
    stack = await startStack({ bffEnv: { INTERNAL_IDENTITY_SECRET: NEXT_SECRET } });
    const client = new BrowserClient(stack.bff.url);
    const res = await client.post("/accounts/api/v1/register/", { email: "skip@genui.dev", password: "password123" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).not.toBe(500);
  });
});

describe("rotating the key-encryption key of stored API keys", () => {
  let stack: Stack;
  afterEach(async () => {
    await stack?.stop();
  });

  it("when apps moves to the next key, then stored keys still show, re-sealing moves every one to it, and the previous key can go", async () => {
    stack = await startStack({ appsEnv: { APPS_KEY_ENCRYPTION_KEY: PREVIOUS_KEK } });
    const dev = await newDeveloper(stack, 0);
    const before = await listedKey(dev);
    expect(before?.api_key).toBe(dev.apiKey);
    // One app sealed before key ids existed: its stored copy has no `<key id>.` prefix.
    const model = stack.apps.ctx.mongo!.collection("apps");
    const stored = await model.findOne({ _id: dev.appId as never });
    await model.updateOne({ _id: dev.appId as never }, { $set: { keySealed: String(stored!.keySealed).split(".")[1] } });

    // Step 2: the next key seals, the previous one still opens.
    await stack.restartApps({ APPS_KEY_ENCRYPTION_KEY: NEXT_KEK, APPS_KEY_ROTATION_ENCRYPTION_KEY: PREVIOUS_KEK });
    const during = await listedKey(dev);
    expect(during?.api_key).toBe(dev.apiKey);
    expect(during?.publishable_key).toBe(dev.publishableKey);

    // Without the previous key, nothing sealed by it can be opened: the re-seal job says so and exits 1.
    const appsConfig = (env: Record<string, string>) =>
      loadAppsConfig({
        INTERNAL_IDENTITY_SECRET: PREVIOUS_SECRET,
        MONGO_URL: testInfra().mongoUrl,
        MONGO_DB: stack.apps.ctx.mongo!.name,
        NATS_URL: testInfra().natsUrl,
        REDIS_URL: testInfra().redisUrl,
        REDIS_KEY_PREFIX: stack.prefix,
        ...env,
      });
    const out = () => {
      const lines: string[] = [];
      return { lines, stream: { write: (s: string) => lines.push(s) } as unknown as NodeJS.WritableStream };
    };
    const missing = out();
    expect(await runResealKeys(appsConfig({ APPS_KEY_ENCRYPTION_KEY: NEXT_KEK }), missing.stream)).toBe(1);
    expect(missing.lines.join("")).toMatch(/CANNOT OPEN .*keySealed/);

    const first = out();
    expect(
      await runResealKeys(
        appsConfig({ APPS_KEY_ENCRYPTION_KEY: NEXT_KEK, APPS_KEY_ROTATION_ENCRYPTION_KEY: PREVIOUS_KEK }),
        first.stream,
      ),
    ).toBe(0);
    expect(first.lines.join("")).toMatch(
      /1 apps: 2 keys re-sealed with key \S+, 0 already sealed with it, 0 replaced meanwhile, 0 could not be opened/,
    );
    const again = out();
    expect(await runResealKeys(appsConfig({ APPS_KEY_ENCRYPTION_KEY: NEXT_KEK }), again.stream)).toBe(0);
    expect(again.lines.join("")).toMatch(/0 keys re-sealed with key \S+, 2 already sealed with it/);

    // Step 3: the previous key is gone; the owner still sees the same keys, and the key still authenticates.
    await stack.restartApps({ APPS_KEY_ENCRYPTION_KEY: NEXT_KEK });
    const after = await eventually(
      () => listedKey(dev),
      (a) => a?.api_key === dev.apiKey,
      10_000,
    );
    expect(after?.api_key).toBe(dev.apiKey);
    expect(after?.publishable_key).toBe(dev.publishableKey);
  });
});
