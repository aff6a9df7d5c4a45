import { randomUUID } from "node:crypto";
import type { RunningService } from "@genui/chassis";
import { BrowserClient } from "../support/client";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";
import type { AppRow, TemplateRow } from "../support/wire";

/**
 * Per-tenant quotas of apps (APPS_MAX_PER_OWNER, TEMPLATES_MAX_PER_APP), small here, against two copies of
 * the service behind the load balancer on the local store (FerretDB, which isolates no concurrent writes). An owner
 * who tries to create past a quota — one call at a time or twenty at once, spread over both copies — gets a clear
 * refusal and nothing is stored; another owner, or another app, is not affected.
 */
const MAX_APPS = 3;
const MAX_TEMPLATES = 3;
const BURST = 20;

const APP_LIMIT = `You have reached the limit of ${MAX_APPS} apps. Delete an app to create another.`;
const TEMPLATE_LIMIT = `This app has reached the limit of ${MAX_TEMPLATES} templates. Delete a template to create another.`;

interface AppPageBody {
  results: AppRow[];
  count: number;
  limit: number;
}
interface TemplatePageBody {
  results: TemplateRow[];
  count: number;
  limit: number;
}

describe("per-tenant quotas of apps and templates, with two copies of apps", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      replicas: 2,
      appsEnv: { APPS_MAX_PER_OWNER: String(MAX_APPS), TEMPLATES_MAX_PER_APP: String(MAX_TEMPLATES) },
    });
  }, 300_000);
  afterAll(() => stack?.stop());

  const site = () => `https://${randomUUID().slice(0, 8)}.example.com`;
  const createApp = (c: BrowserClient, url = site()) => c.post("/apps/api/v1/create/", { url });
  const createTemplate = (c: BrowserClient, appId: string) => c.post(`/apps/api/v1/templates/${appId}/create/`);
  const appPage = async (c: BrowserClient) => (await (await c.get("/apps/api/v1/list/")).json()) as AppPageBody;
  const templatePage = async (c: BrowserClient, appId: string) =>
    (await (await c.get(`/apps/api/v1/templates/${appId}/`)).json()) as TemplatePageBody;
  /** Every app document of the owner in the store, deleted ones too: what a refused create must not add to. */
  const storedApps = (ownerId: string) => stack.apps.ctx.mongo!.collection("apps").countDocuments({ ownerId });
  const storedTemplates = (appId: string) => stack.apps.ctx.mongo!.collection("templates").countDocuments({ appId });

  /** How many POSTs to `route` each copy of apps has answered (its own metrics). */
  const servedBy = async (route: string) =>
    Promise.all(
      stack.copies.apps.map(async (copy: RunningService) =>
        (await copy.ctx.metrics.httpDuration.get()).values
          .filter((v) => v.metricName?.endsWith("_count") && v.labels.method === "POST" && v.labels.route === route)
          .reduce((sum, v) => sum + v.value, 0),
      ),
    );

  /** A developer (one app, from newDeveloper) with `total` apps in all. */
  async function developerWithApps(total: number): Promise<Developer> {
    const dev = await newDeveloper(stack, 0);
    for (let i = 1; i < total; i++) expect((await createApp(dev.client)).status).toBe(201);
    return dev;
  }

  it("when the stack starts, then apps runs as two copies behind the load balancer", () => {
    expect(stack.copies.apps).toHaveLength(2);
  });

  it("when an owner creates one app past the cap, then 400 with the limit under url, nothing stored, and the list shows count and limit", async () => {
    const dev = await developerWithApps(MAX_APPS);
    expect(await appPage(dev.client)).toMatchObject({ count: MAX_APPS, limit: MAX_APPS });
    const stored = await storedApps(dev.userId);

    const refused = await createApp(dev.client);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ url: [APP_LIMIT] });
    expect(await storedApps(dev.userId)).toBe(stored);
    expect(await appPage(dev.client)).toMatchObject({ count: MAX_APPS, limit: MAX_APPS });

    // Input that is wrong anyway is still refused for what is wrong with it.
    const bad = await createApp(dev.client, "not a url");
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()) as object)).toEqual(["url"]);
    expect(await storedApps(dev.userId)).toBe(stored);
  });

  it("when an owner at the cap deletes an app, then one more can be created (deleted apps do not count)", async () => {
    const dev = await developerWithApps(MAX_APPS);
    // An app is deletable once its subscription is cancelled (billing subscribes every new app).
    expect((await dev.client.post(`/billing/api/v1/subscription/${dev.subscriptionId}/cancel/`)).status).toBe(200);
    const cancelled = await eventually(
      async () => (await appPage(dev.client)).results.find((a) => a.id === dev.appId)?.status,
      (s) => s === "cancelled",
    );
    expect(cancelled).toBe("cancelled");
    expect((await dev.client.request("DELETE", `/apps/api/v1/delete/${dev.appId}/`)).status).toBe(204);
    // The other copy's list cache hears of the deletion shortly (the quota itself counts in the store, at once).
    const after = await eventually(
      () => appPage(dev.client),
      (p) => p.count === MAX_APPS - 1,
    );
    expect(after).toMatchObject({ count: MAX_APPS - 1, limit: MAX_APPS });
    expect((await createApp(dev.client)).status).toBe(201);
    expect((await createApp(dev.client)).status).toBe(400);
  });

  it(`when an owner one below the cap fires ${BURST} creates at once over both copies, then exactly one is created and the rest get the limit`, async () => {
    const dev = await developerWithApps(MAX_APPS - 1);
    const stored = await storedApps(dev.userId);
    const before = await servedBy("/apps/api/v1/create/");

    const answers = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const res = await createApp(dev.client);
        return { status: res.status, body: (await res.json()) as unknown };
      }),
    );

    const after = await servedBy("/apps/api/v1/create/");
    // Both copies took part in the burst.
    expect(after.map((n, i) => n - before[i]! > 0)).toEqual([true, true]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201)).toEqual(
      Array.from({ length: BURST - 1 }, () => ({ status: 400, body: { url: [APP_LIMIT] } })),
    );
    expect(await storedApps(dev.userId)).toBe(stored + 1);
    expect(await appPage(dev.client)).toMatchObject({ count: MAX_APPS, limit: MAX_APPS });
  });

  it("when one owner is at the cap, then another owner still creates apps", async () => {
    const full = await developerWithApps(MAX_APPS);
    expect((await createApp(full.client)).status).toBe(400);
    const other = await newDeveloper(stack, 0);
    expect((await createApp(other.client)).status).toBe(201);
    expect(await appPage(other.client)).toMatchObject({ count: 2, limit: MAX_APPS });
  });

  it("when an app has as many templates as allowed, then the next create is 409 with the limit, nothing stored, and the list shows count and limit", async () => {
    const dev = await newDeveloper(stack, 0);
    for (let i = 0; i < MAX_TEMPLATES; i++) expect((await createTemplate(dev.client, dev.appId)).status).toBe(201);
    expect(await templatePage(dev.client, dev.appId)).toMatchObject({ count: MAX_TEMPLATES, limit: MAX_TEMPLATES });

    const refused = await createTemplate(dev.client, dev.appId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: TEMPLATE_LIMIT, code: "APPS.TEMPLATE_LIMIT_REACHED" });
    expect(await storedTemplates(dev.appId)).toBe(MAX_TEMPLATES);

    // The quota is per app: another app of the same owner has its own.
    const second = (await (await createApp(dev.client)).json()) as AppRow;
    expect((await createTemplate(dev.client, second.id)).status).toBe(201);
    expect(await templatePage(dev.client, second.id)).toMatchObject({ count: 1, limit: MAX_TEMPLATES });

    // A deleted template makes room for one.
    const [first] = (await templatePage(dev.client, dev.appId)).results;
    expect((await dev.client.request("DELETE", `/apps/api/v1/templates/${dev.appId}/delete/${first!.id}/`)).status).toBe(204);
    expect((await createTemplate(dev.client, dev.appId)).status).toBe(201);
    expect((await createTemplate(dev.client, dev.appId)).status).toBe(409);
  });

  it(`when an app one below its template cap gets ${BURST} creates at once over both copies, then exactly one is created`, async () => {
    const dev = await newDeveloper(stack, 0);
    for (let i = 0; i < MAX_TEMPLATES - 1; i++) expect((await createTemplate(dev.client, dev.appId)).status).toBe(201);
    const route = "/apps/api/v1/templates/:appId/create/";
    const before = await servedBy(route);

    const answers = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const res = await createTemplate(dev.client, dev.appId);
        return { status: res.status, body: (await res.json()) as unknown };
      }),
    );

    const after = await servedBy(route);
    expect(after.map((n, i) => n - before[i]! > 0)).toEqual([true, true]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201)).toEqual(
      Array.from({ length: BURST - 1 }, () => ({
        status: 409,
        body: { message: TEMPLATE_LIMIT, code: "APPS.TEMPLATE_LIMIT_REACHED" },
      })),
    );
    expect(await storedTemplates(dev.appId)).toBe(MAX_TEMPLATES);
    expect(await templatePage(dev.client, dev.appId)).toMatchObject({ count: MAX_TEMPLATES, limit: MAX_TEMPLATES });
  });
});
