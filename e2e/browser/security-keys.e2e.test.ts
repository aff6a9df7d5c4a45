import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { REPO_ROOT, launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser } from "playwright-core";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

/** A loopback website serving one page; its origin is http://localhost:<port>. */
async function site(html: () => string): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html()));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

describe("publishable keys in real pages (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let dev: Developer;
  let page = "";
  const sites: http.Server[] = [];
  let appSite: string;
  let otherSite: string;

  beforeAll(async () => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/index.html")))
      throw new Error("frontend/iframe is not built: run `npm run build` (npm test does)");
    stack = await startStack({ generation: {} });
    browser = await launchBrowser();
    const a = await site(() => page);
    const b = await site(() => page);
    sites.push(a.server, b.server);
    appSite = a.url;
    otherSite = b.url;
    // The app is the first website: its publishable key is accepted from there only.
    dev = await newDeveloper(stack, 1_000_000, { url: appSite });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    for (const s of sites) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  const html = (key: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
    <script src="${stack.bff.url}/apps/api/v1/embed/genui-loader.js"></script></head><body>
    <genui-screen id="code" api-base="${stack.bff.url}" api-key="${key}" debug code='heading("Rendered from code")'></genui-screen>
    <genui-screen id="prompt" api-base="${stack.bff.url}" api-key="${key}" debug prompt="weather in Paris"></genui-screen>
    </body></html>`;

  const open = async (url: string) => {
    const p = await browser.newPage({ viewport: { width: 800, height: 1000 } });
    const errors: string[] = [];
    p.on("pageerror", (e) => errors.push(e.message));
    await p.goto(url);
    return { p, errors };
  };

  it("when the app's own page uses its publishable key, then <genui-screen> renders code and a prompt", async () => {
    page = html(dev.publishableKey);
    const { p, errors } = await open(appSite);
    await p.frameLocator("#code iframe").getByRole("heading", { name: "Rendered from code" }).waitFor();
    await p.frameLocator("#prompt iframe").getByText("Paris").first().waitFor({ timeout: 30_000 });
    expect(await p.locator("genui-screen").getByRole("alert").count()).toBe(0);
    await p.screenshot({ path: screenshotPath("publishable-key-own-origin") });
    expect(errors).toEqual([]);
    await p.close();
  });

  it("when the same page is served from another origin, then each screen shows the refusal naming the app's origin", async () => {
    page = html(dev.publishableKey);
    const { p, errors } = await open(otherSite);
    for (const id of ["#code", "#prompt"])
      await p
        .locator(id)
        .getByRole("alert")
        .filter({ hasText: `accepted only from its app's origin, ${appSite}` })
        .waitFor();
    await p.screenshot({ path: screenshotPath("publishable-key-other-origin") });
    expect(errors).toEqual([]);
    await p.close();
  });

  it("when a page carries the app's secret key, then the page shows that secret keys are refused in browsers", async () => {
    page = html(dev.apiKey);
    const { p, errors } = await open(appSite);
    await p.locator("#code").getByRole("alert").filter({ hasText: "use the app's publishable key" }).waitFor();
    await p.locator("#prompt").getByRole("alert").filter({ hasText: "Secret keys are for servers only" }).waitFor();
    expect(errors).toEqual([]);
    await p.close();
  });
});
