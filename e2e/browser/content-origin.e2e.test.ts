import { contentPieces } from "@genui/ui-runtime";
import { eventually } from "../support/eventually";
import { browserSuite } from "../support/pages";
import { freePort, type StackOptions } from "../support/stack";
import { firstText, realisticAnswer, startStreamHost, type Answer, type StreamHost } from "../support/stream-host";

/**
 * The content origin (CONTENT_ORIGIN, CONTENT_HTTP_PORT): the documents showing generated UI are served from an
 * origin of their own, a second listener of the BFF that serves nothing else; the API's origin sends their visitors
 * there. `<genui-screen>` works either way: through the redirect (api-base only) or straight (content-base).
 */

const options: StackOptions = {};
let content = "";
beforeAll(async () => {
  const port = await freePort();
  content = `http://127.0.0.1:${port}`;
  // Read by the suite's own beforeAll, which runs after this one.
  options.bffEnv = { CONTENT_HTTP_PORT: String(port), CONTENT_ORIGIN: content };
});
const suite = browserSuite(options);

const DOCUMENTS = ["", "gallery.html", "playground.html"];

describe("the content origin over HTTP", () => {
  it("when a document showing generated UI is asked of the API's origin, then it redirects to the content origin with its query", async () => {
    for (const file of DOCUMENTS) {
      const path = `/apps/api/v1/iframe/static/${file}?origin=${encodeURIComponent("https://host.example")}&theme=dark`;
      const res = await fetch(suite.url(path), { redirect: "manual" });
      expect({ file, status: res.status, location: res.headers.get("location") }).toEqual({
        file,
        status: 302,
        location: `${content}${path}`,
      });
    }
    const bare = await fetch(suite.url("/apps/api/v1/iframe/static?origin=x"), { redirect: "manual" });
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe(`${content}/apps/api/v1/iframe/static?origin=x`);
    // The API itself stays where it was.
    expect((await fetch(suite.url("/get-config/"))).status).toBe(200);
    expect((await fetch(suite.url("/apps/api/v1/embed/genui-loader.js"))).status).toBe(200);
  });

  it("when the content origin is asked for anything but those documents and their assets, then it answers 404", async () => {
    for (const file of DOCUMENTS) {
      const res = await fetch(`${content}/apps/api/v1/iframe/static/${file}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect({ file, status: res.status, sandbox: /(^|; )sandbox allow-scripts( |;|$)/.test(csp) }).toEqual({
        file,
        status: 200,
        sandbox: true,
      });
      expect(csp).not.toContain("allow-same-origin");
    }
    const html = await (await fetch(`${content}/apps/api/v1/iframe/static/`)).text();
    const asset = /src="(\/apps\/api\/v1\/iframe\/static\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${content}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("access-control-allow-origin")).toBe("*");
    expect((await fetch(`${content}/healthz`)).status).toBe(200);

    const elsewhere = [
      ["GET", "/"],
      ["GET", "/playground"],
      ["GET", "/get-config/"],
      ["GET", "/get-csrf/"],
      ["GET", "/apps/api/v1/embed/genui-loader.js"],
      ["GET", "/apps/api/v1/schema/screen.v1.json"],
      ["GET", "/accounts/api/v1/me/"],
      ["POST", "/apps/api/v1/retrieve/"],
      ["POST", "/apps/api/v1/chat/completions"],
      ["GET", "/metrics"],
    ] as const;
    for (const [method, path] of elsewhere) {
      const res = await fetch(`${content}${path}`, { method, headers: { accept: "text/html,application/json" } });
      expect({ method, path, status: res.status, cookie: res.headers.get("set-cookie") }).toEqual({
        method,
        path,
        status: 404,
        cookie: null,
      });
    }
  });
});

describe("the content origin in Chromium", () => {
  let host: StreamHost;
  let answer: Answer;

  beforeAll(async () => {
    host = await startStreamHost();
    answer = await realisticAnswer("What's the weather in Paris this week?");
    host.stream("weather", { pieces: contentPieces(answer, { size: 4 }), paceMs: 3, hold: true });
    const api = suite.url();
    const json = JSON.stringify({
      name: "Hello",
      screen: { v1: [{ name: "go", component: "button", value: "Go", onPress: "go" }] },
    });
    host.page(
      "/both",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content origin host</title>
      <script src="${api}/apps/api/v1/embed/genui-loader.js"></script></head><body>
      <genui-screen id="redirected" api-base="${api}" width="480px"></genui-screen>
      <genui-screen id="direct" api-base="${api}" content-base="${content}" width="480px" debug></genui-screen>
      <script>
        window.actions = []; window.errors = []; window.completed = null;
        const r = document.getElementById("redirected");
        r.addEventListener("genui-action", (e) => window.actions.push(e.detail));
        r.json = ${JSON.stringify(json)};
        const d = document.getElementById("direct");
        d.addEventListener("genui-error", (e) => window.errors.push(e.detail.message));
        d.addEventListener("genui-stream-complete", (e) => { window.completed = e.detail; });
        window.startFetch = async (url) => { d.stream = await fetch(url); };
      </script></body></html>`,
    );
  });
  afterAll(async () => host?.close());

  it("when a host page embeds through the API's address or names the content origin, then both iframes come from the content origin and draw, report actions and stream", async () => {
    const { page, errors } = await suite.openPage({ width: 900, height: 900 });
    await page.goto(`${host.url}/both`);
    const redirected = page.frameLocator("#redirected iframe");
    await redirected.getByRole("button", { name: "Go" }).click();
    const actions = await eventually(
      () => page.evaluate(() => (window as unknown as { actions: unknown[] }).actions),
      (a) => a.length > 0,
    );
    expect(actions).toEqual([{ type: "onPress", component: { name: "go", value: "Go" } }]);
    const frameUrls = page
      .frames()
      .map((f) => f.url())
      .filter((u) => u.includes("/iframe/static/"));
    expect(frameUrls).toHaveLength(2);
    expect(frameUrls.every((u) => u.startsWith(`${content}/apps/api/v1/iframe/static/?origin=`))).toBe(true);

    await page.evaluate(
      () => void (window as unknown as { startFetch: (u: string) => Promise<void> }).startFetch("/sse/weather"),
    );
    const direct = page.frameLocator("#direct iframe");
    await direct.getByText(firstText(answer.json), { exact: true }).first().waitFor({ timeout: 30_000 });
    host.release("weather");
    const done = await eventually(
      () => page.evaluate(() => (window as unknown as { completed: unknown; errors: string[] }).completed),
      (c) => c !== null,
      30_000,
    );
    expect(done).toEqual({ code: answer.code, json: answer.json });
    expect(await page.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it("when a visitor opens the playground page at the API's address, then it opens on the content origin and evaluates there", async () => {
    const { page, errors } = await suite.visit("/apps/api/v1/iframe/static/playground.html");
    await page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Your cart" }).waitFor();
    expect(new URL(page.url()).origin).toBe(content);
    expect(await page.evaluate(() => self.origin)).toBe("null");
    expect(errors).toEqual([]);
  });
});
