import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { REPO_ROOT, launchBrowser, screenshotPath } from "@genui/testkit";
import { CATALOGUE, type Screen } from "@genui/ui-runtime";
import type { Browser, Page } from "playwright-core";
import { eventually } from "../support/eventually";
import { newDeveloper } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

// A host website on another origin ("localhost" vs the API's "127.0.0.1") embedding the static iframe page.
const hostPage = (iframeSrc: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>
<body style="margin:0">
<iframe id="f" title="Generated UI" sandbox="allow-scripts" src="${iframeSrc}" style="width:640px;height:50px;border:0"></iframe>
<script>
  window.events = [];
  const f = document.getElementById("f");
  window.addEventListener("message", (e) => {
    if (e.source !== f.contentWindow) return;
    window.events.push({ origin: e.origin, data: e.data });
    if (e.data && e.data.type === "RESIZE_LISTENER") f.style.height = e.data.height + "px";
  });
  window.send = (m) => f.contentWindow.postMessage(Object.assign({ source: "genui" }, m), "*");
</script></body></html>`;

type HostEvent = { origin: string; data: { type: string; height?: number; width?: number; action?: string } };

const screen = (extra: Screen["screen"]["v1"] = []): Screen => ({
  name: "Embed test",
  screen: {
    v1: [
      { name: "title", component: "heading", value: "Hello from GenUI", props: { level: 1 } },
      { name: "query", component: "textInput", props: { label: "Search" } },
      { name: "go", component: "button", value: "Go", onPress: "go" },
      ...extra,
    ],
  },
});

describe("the static iframe page in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  let host: http.Server;
  let hostUrl: string;
  let pages: Record<string, string>;

  beforeAll(async () => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/index.html")))
      throw new Error("frontend/iframe is not built: run `npm run build` (npm test does)");
    stack = await startStack({ generation: {} });
    browser = await launchBrowser();
    host = http.createServer((req, res) => {
      const html = pages[req.url ?? ""];
      res.writeHead(html ? 200 : 404, { "content-type": "text/html" }).end(html ?? "no");
    });
    await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
    const frame = `${stack.bff.url}/apps/api/v1/iframe/static/`;
    pages = {
      "/host": hostPage(`${frame}?origin=${encodeURIComponent(hostUrl)}`),
      "/dark": hostPage(`${frame}?origin=${encodeURIComponent(hostUrl)}&theme=dark`),
      "/wrong-origin": hostPage(`${frame}?origin=${encodeURIComponent("https://somebody-else.example")}`),
      "/loader": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loader host</title>
        <script src="${stack.bff.url}/apps/api/v1/embed/genui-loader.js"></script></head>
        <body><genui-screen id="g" api-base="${stack.bff.url}" width="480px"></genui-screen>
        <script>
          window.actions = [];
          const g = document.getElementById("g");
          g.addEventListener("genui-action", (e) => window.actions.push(e.detail));
          g.json = ${JSON.stringify(JSON.stringify(screen()))};
        </script></body></html>`,
    };
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    host?.closeAllConnections();
    await new Promise((r) => host?.close(r));
  });

  // Screens cross into the page as JSON text (their recursive type is too deep for page.evaluate's typings).
  const render = (page: Page, s: Screen) =>
    page.evaluate(
      (json) => (globalThis as unknown as { send: (m: unknown) => void }).send({ type: "RENDER", json: JSON.parse(json) }),
      JSON.stringify(s),
    );
  const events = (page: Page): Promise<HostEvent[]> =>
    page.evaluate(() => (globalThis as unknown as { events: HostEvent[] }).events) as Promise<HostEvent[]>;
  const open = async (p: string) => {
    const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(hostUrl + p);
    return { page, errors };
  };

  it("when the host sends a screen, then it renders, reports its size, and actions come back as JSON strings", async () => {
    const { page, errors } = await open("/host");
    await eventually(
      () => events(page),
      (e) => e.some((x) => x.data.type === "READY"),
    );
    expect((await events(page)).find((x) => x.data.type === "READY")!.origin).toBe("null");
    await render(page, screen());
    const frame = page.frameLocator("#f");
    await frame.getByRole("heading", { name: "Hello from GenUI" }).waitFor();
    const sized = await eventually(
      () => events(page),
      (e) => e.some((x) => x.data.type === "RESIZE_LISTENER" && (x.data.height ?? 0) > 100),
    );
    const size = sized.filter((x) => x.data.type === "RESIZE_LISTENER").pop()!.data;
    expect(size.width).toBeGreaterThan(100);
    expect(
      await page
        .locator("#f")
        .evaluate((el: { getBoundingClientRect(): { height: number } }) => el.getBoundingClientRect().height),
    ).toBe(size.height);

    await frame.getByRole("button", { name: "Go" }).click();
    await frame.getByLabel("Search").fill("shoes");
    const acted = await eventually(
      () => events(page),
      (e) => e.filter((x) => x.data.type === "ACTION_LISTENER").length >= 2,
    );
    const actions = acted.filter((x) => x.data.type === "ACTION_LISTENER").map((x) => x.data.action);
    expect(actions.every((a) => typeof a === "string")).toBe(true);
    expect(actions.map((a) => JSON.parse(a!))).toEqual(
      expect.arrayContaining([
        { type: "onPress", component: { name: "go", value: "Go" } },
        { type: "onChangeText", component: { name: "query", value: "shoes" } },
      ]),
    );
    await page.screenshot({ path: screenshotPath("iframe-light") });
    expect(errors).toEqual([]);
  });

  it("when the screen grows and shrinks, then the size follows and settles (no resize loop)", async () => {
    const { page } = await open("/dark");
    await eventually(
      () => events(page),
      (e) => e.some((x) => x.data.type === "READY"),
    );
    const send = (s: Screen) => render(page, s);
    const heightNow = async () => (await events(page)).filter((x) => x.data.type === "RESIZE_LISTENER").pop()?.data.height ?? 0;
    await send(screen());
    const small = await eventually(heightNow, (h) => h > 100);
    const rows = Array.from({ length: 12 }, (_, i) => ({ name: `t${i}`, component: "text", value: `Line ${i + 1}` }));
    await send(screen(rows));
    const big = await eventually(heightNow, (h) => h > small + 100);
    expect(big).toBeGreaterThan(small + 100);
    await page.screenshot({ path: screenshotPath("iframe-dark") });
    await send(screen());
    const back = await eventually(heightNow, (h) => h < big);
    expect(back).toBeLessThan(big);
    const count = (await events(page)).filter((x) => x.data.type === "RESIZE_LISTENER").length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await events(page)).filter((x) => x.data.type === "RESIZE_LISTENER").length).toBe(count);
  });

  it("when the page names another host origin, then messages from this host are ignored and nothing reaches it", async () => {
    const { page } = await open("/wrong-origin");
    // The iframe's page has loaded (its listener is set as its module runs, before its load event).
    const frame = page.mainFrame().childFrames()[0];
    expect(frame).toBeDefined();
    await frame!.waitForLoadState("load");
    await render(page, screen());
    await page.waitForTimeout(1_000);
    expect(await events(page)).toEqual([]);
    expect(await page.frameLocator("#f").getByRole("heading").count()).toBe(0);
  });

  it("when the iframe page is fetched, then its policy allows no network but the API, and opened alone it says why it is empty", async () => {
    const res = await fetch(`${stack.bff.url}/apps/api/v1/iframe/static/?origin=${encodeURIComponent(hostUrl)}`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get("x-frame-options")).toBeNull();
    const page = await browser.newPage();
    await page.goto(`${stack.bff.url}/apps/api/v1/iframe/static/`);
    await page.getByText("This page shows generated UI inside another page").waitFor();
    const schema = (await (await fetch(`${stack.bff.url}/apps/api/v1/schema/screen.v1.json`)).json()) as { $id: string };
    expect(schema.$id).toBe("https://genui.dev/apps/api/v1/schema/screen.v1.json");
    const cat = (await (await fetch(`${stack.bff.url}/apps/api/v1/schema/catalogue.json`)).json()) as { components: unknown[] };
    expect(cat.components).toHaveLength(CATALOGUE.length);
    expect((cat.components as { type: string }[]).map((c) => c.type)).toContain("fileInput");
  });

  it("when a plain HTML page includes the loader script, then <genui-screen> shows the screen and reports actions as events", async () => {
    const { page, errors } = await open("/loader");
    const frame = page.frameLocator("genui-screen iframe");
    await frame.getByRole("heading", { name: "Hello from GenUI" }).waitFor();
    await frame.getByRole("button", { name: "Go" }).click();
    const actions = await eventually(
      () => page.evaluate(() => (globalThis as unknown as { actions: unknown[] }).actions) as Promise<unknown[]>,
      (a) => a.length > 0,
    );
    expect(actions[0]).toEqual({ type: "onPress", component: { name: "go", value: "Go" } });
    const box = await page.locator("genui-screen iframe").boundingBox();
    expect(box?.width).toBe(480);
    expect(box?.height).toBeGreaterThan(100);
    expect(errors).toEqual([]);
  });

  it("when <genui-screen> is given code or a prompt and a key, then one debounced retrieve each draws the screen; in debug a refused key shows its error", async () => {
    // The real published API (BFF → generation API → worker with the offline generator) on another origin than the
    // page; the page is the app's own website, so its publishable key is accepted from it.
    const dev = await newDeveloper(stack, 1_000_000, { url: hostUrl });
    pages["/code"] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Code host</title>
      <script src="${stack.bff.url}/apps/api/v1/embed/genui-loader.js"></script></head><body>
      <genui-screen id="ok" api-base="${stack.bff.url}" api-key="${dev.publishableKey}" code='heading("From code"); button("Buy", {name: "buy"})'></genui-screen>
      <genui-screen id="prompt" api-base="${stack.bff.url}" api-key="${dev.publishableKey}" prompt="weather in Paris"></genui-screen>
      <genui-screen id="bad" api-base="${stack.bff.url}" api-key="gk_live_wrong" debug code='text("never")'></genui-screen>
      </body></html>`;
    const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const calls: { auth?: string; body: Record<string, string> }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/apps/api/v1/retrieve/") && r.method() === "POST")
        calls.push({ auth: r.headers().authorization, body: JSON.parse(r.postData() ?? "{}") as Record<string, string> });
    });
    await page.goto(`${hostUrl}/code`);
    await page.frameLocator("#ok iframe").getByRole("heading", { name: "From code" }).waitFor();
    await page.frameLocator("#prompt iframe").getByText("Paris").first().waitFor({ timeout: 30_000 });
    await page.locator("#bad").getByRole("alert").filter({ hasText: "Incorrect API key provided" }).waitFor();
    // Debounced: each element asked once, with its key and only what it was given.
    expect(calls.map((c) => [c.auth, Object.keys(c.body)])).toEqual(
      expect.arrayContaining([
        [`Bearer ${dev.publishableKey}`, ["code"]],
        [`Bearer ${dev.publishableKey}`, ["prompt"]],
        ["Bearer gk_live_wrong", ["code"]],
      ]),
    );
    expect(calls).toHaveLength(3);
    await page.screenshot({ path: screenshotPath("loader-code-prompt-and-debug") });
    expect(errors).toEqual([]);
    await page.close();
  });
});
