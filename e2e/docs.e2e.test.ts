import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { compileFunction } from "node:vm";
import { REPO_ROOT, launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser, Page } from "playwright-core";
import ts from "typescript";
import { eventually } from "./support/eventually";
import { startStack, type Stack } from "./support/stack";

/** What the test uses of frontend/web/src/features/docs/{snippets,api-snippets}.ts. */
interface ApiSnippets {
  runnableSnippets(origin: string): { id: string; code: string }[];
  renderingSnippets(origin: string): { loader: string };
}

/** The SPA's snippet modules (an ES-module package jest cannot require), compiled to CommonJS here. */
function loadSnippets(): ApiSnippets {
  const dir = path.join(REPO_ROOT, "frontend/web/src/features/docs");
  const load = (name: string, imports: Record<string, unknown>): unknown => {
    const { outputText } = ts.transpileModule(readFileSync(path.join(dir, `${name}.ts`), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const mod = { exports: {} };
    compileFunction(outputText, ["module", "exports", "require"])(mod, mod.exports, (id: string) => imports[id]);
    return mod.exports;
  };
  return load("api-snippets", { "./snippets": load("snippets", {}) }) as ApiSnippets;
}

const SECTIONS = ["Introduction", "Api Calling", "Rendering", "Using System Prompt", "Tool Calling", "Using In Agents"];
const HEADER_PX = 64;

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
}

describe("the documentation page in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const snippets = loadSnippets();

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const open = async (width: number, theme: "light" | "dark" = "light", hash = ""): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.addInitScript((t) => localStorage.setItem("ui-theme", t), theme);
    await page.goto(`${stack.bff.url}/docs${hash}`);
    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    return page;
  };

  const nav = (page: Page) => page.getByRole("navigation", { name: "On this page" });

  /** The section heading's top edge relative to the viewport, once the page has stopped scrolling. */
  const settledTop = async (page: Page, name: string): Promise<number> => {
    const heading = page.getByRole("heading", { level: 2, name, exact: true });
    let last = Number.NaN;
    for (let i = 0; i < 40; i++) {
      const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
      if (top === last) return top;
      last = top;
      await page.waitForTimeout(100);
    }
    return last;
  };

  const current = (page: Page) => nav(page).locator('a[aria-current="location"]').textContent();

  it("when a reader picks each section in the side navigation, then the page scrolls to it below the header and the navigation marks it current", async () => {
    const page = await open(1280);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    expect(await nav(page).getByRole("link").allTextContents()).toEqual(SECTIONS);
    expect(await current(page)).toBe("Introduction");
    // Down the page one by one, then back up to the first: both directions land on the chosen section.
    for (const name of [...SECTIONS.slice(1), "Introduction"]) {
      await nav(page).getByRole("link", { name, exact: true }).click();
      const top = await settledTop(page, name);
      expect({ name, inView: top >= HEADER_PX && top < HEADER_PX + 120 }).toEqual({ name, inView: true });
      expect({ name, current: await current(page) }).toEqual({ name, current: name });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    }
    expect(new URL(page.url()).hash).toBe("#introduction");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("when a reader scrolls through the page, then the navigation follows the section being read", async () => {
    const page = await open(1280);
    await page.getByRole("heading", { level: 3, name: "Actions" }).evaluate((el) => el.scrollIntoView({ block: "start" }));
    expect(
      await eventually(
        () => current(page),
        (c) => c === "Rendering",
      ),
    ).toBe("Rendering");
    await page
      .getByRole("heading", { level: 3, name: "Templates per app" })
      .evaluate((el) => el.scrollIntoView({ block: "start" }));
    expect(
      await eventually(
        () => current(page),
        (c) => c === "Using System Prompt",
      ),
    ).toBe("Using System Prompt");
    await page.close();
  });

  it("when a link to a section is opened, then the page starts at that section", async () => {
    const page = await open(1280, "light", "#tool-calling");
    const top = await settledTop(page, "Tool Calling");
    expect(top).toBeGreaterThanOrEqual(HEADER_PX);
    expect(top).toBeLessThan(HEADER_PX + 120);
    expect(
      await eventually(
        () => current(page),
        (c) => c === "Tool Calling",
      ),
    ).toBe("Tool Calling");
    await page.close();
  });

  it("when the screen is narrow, then the sections are a sideways bar under the header and a chosen section lands below both", async () => {
    const page = await open(375);
    const bar = await nav(page).boundingBox();
    expect(bar?.width).toBeLessThanOrEqual(375);
    for (const name of ["Using In Agents", "Rendering"]) {
      await nav(page).getByRole("link", { name, exact: true }).click();
      const top = await settledTop(page, name);
      const barBottom = await nav(page).evaluate((el) => el.getBoundingClientRect().bottom);
      expect({ name, belowBar: top >= barBottom && top < barBottom + 80 }).toEqual({ name, belowBar: true });
      expect(await current(page)).toBe(name);
      // The current link is visible inside the bar.
      const link = await nav(page).getByRole("link", { name, exact: true }).boundingBox();
      expect(link!.x).toBeGreaterThanOrEqual(0);
      expect(link!.x + link!.width).toBeLessThanOrEqual(375);
      await page.screenshot({ path: screenshotPath(`docs-light-375-at-${name.toLowerCase().replace(/ /g, "-")}`) });
    }
    await page.close();
  });

  it("when the reader looks at the component props, then the table gives each prop's type and default", async () => {
    const page = await open(1280);
    const table = page.getByRole("table", { name: "Props of <GenUI>" });
    const rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? "")));
    const byName = Object.fromEntries(rows.map(([name, type, def, description]) => [name, { type, def, description }]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(["id", "apiKey", "width", "height", "json", "prompt", "code", "debug", "onActionListener"]),
    );
    expect(byName.width).toMatchObject({ type: "string | number", def: '"640px"' });
    expect(byName.height).toMatchObject({ def: '"auto"' });
    expect(byName.debug).toMatchObject({ type: "boolean", def: "false" });
    expect(byName.apiKey?.description).toContain("Needed with code or prompt; not needed with json.");
    expect(byName.json?.description).toContain("Use json or code, not both.");
    expect(byName.onActionListener?.description).toContain("{ type, component: { name, value } }");
    await page.close();
  });

  it("when the reader switches the samples' language, then every sample shown is one of the programs the snippets test runs", async () => {
    const page = await open(1280);
    const shown = new Set<string>();
    for (const language of ["Javascript", "Curl", "Python"]) {
      await page.getByRole("tab", { name: language }).first().click();
      // One choice switches every sample that exists in that language (a few have no curl form: they stay on Python).
      const selected = new Set(await page.getByRole("tab", { selected: true }).allTextContents());
      expect([...selected].sort()).toEqual(language === "Curl" ? ["Curl", "Python"] : [language]);
      for (const text of await page.locator("pre").allTextContents()) shown.add(text);
    }
    const missing = snippets
      .runnableSnippets(stack.bff.url)
      .filter((s) => !shown.has(s.code))
      .map((s) => s.id);
    expect(missing).toEqual([]);
    expect([...shown].some((t) => t.includes(`${stack.bff.url}/apps/api/v1`))).toBe(true);
    await page.close();
  });

  it("when the HTML loader sample runs on another site's page, then it shows its screen", async () => {
    // Another site, served from its own origin (localhost: a real page, not a route, so the browser treats it as one).
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
${snippets.renderingSnippets(stack.bff.url).loader}
</body></html>`;
    const host = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
      await page.frameLocator("genui-screen iframe").getByRole("heading", { name: "Hello from GenUI" }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it.each(["light", "dark"] as const)(
    "when the page is shown in the %s theme, then axe finds no violations at 1280 and 375 px",
    async (theme) => {
      for (const width of [1280, 375]) {
        const page = await open(width, theme);
        await page.waitForTimeout(400); // code highlighting runs 200 ms after render
        await page.screenshot({ path: screenshotPath(`docs-${theme}-${width}`), fullPage: false });
        await page.screenshot({ path: screenshotPath(`docs-${theme}-${width}-full`), fullPage: true, timeout: 120_000 });
        await page.addScriptTag({ content: axeSource });
        const result = (await page.evaluate(() =>
          (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<unknown> } }).axe.run(document, {
            resultTypes: ["violations"],
          }),
        )) as AxeResult;
        expect({
          theme,
          width,
          violations: result.violations.map(
            (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          ),
        }).toEqual({ theme, width, violations: [] });
        await page.close();
      }
    },
    400_000,
  );

  it("when the screen is 360 px wide, then nothing overflows sideways", async () => {
    const page = await open(360);
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: screenshotPath("docs-light-360"), fullPage: false });
    await page.close();
  });
});
