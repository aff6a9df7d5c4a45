import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { eventually } from "../support/eventually";
import {
  browserSuite,
  codeHighlighted,
  describedAxeViolations,
  horizontalOverflow,
  settled,
  settledTop,
  shoot,
  type Theme,
} from "../support/pages";
import { loadDocsSnippets } from "../support/spa-module";

const SECTIONS = ["Introduction", "Api Calling", "Rendering", "Using System Prompt", "Tool Calling", "Using In Agents"];
const HEADER_PX = 64;

describe("the documentation page in Chromium", () => {
  const suite = browserSuite();
  const snippets = loadDocsSnippets();

  const open = async (width: number, theme: Theme = "light", hash = ""): Promise<Page> => {
    const { page } = await suite.visit(`/docs${hash}`, { width, height: 800, theme });
    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    return page;
  };

  const nav = (page: Page) => page.getByRole("navigation", { name: "On this page" });

  /** The section heading's top edge relative to the viewport, once the page has stopped scrolling. */
  const sectionTop = (page: Page, name: string) => settledTop(page.getByRole("heading", { level: 2, name, exact: true }));

  const current = (page: Page) => nav(page).locator('a[aria-current="location"]').textContent();
  /** The section the navigation marks current, once it is `name` (or, if it never becomes so, the last one). */
  const currentBecomes = (page: Page, name: string) =>
    eventually(
      () => current(page),
      (c) => c === name,
    );

  it("when a reader picks each section in the side navigation, then the page scrolls to it below the header and the navigation marks it current", async () => {
    const page = await open(1280);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    expect(await nav(page).getByRole("link").allTextContents()).toEqual(SECTIONS);
    expect(await current(page)).toBe("Introduction");
    // Down the page one by one, then back up to the first: both directions land on the chosen section.
    for (const name of [...SECTIONS.slice(1), "Introduction"]) {
      await nav(page).getByRole("link", { name, exact: true }).click();
      // Where the scroll ends (a loaded machine can hold a smooth scroll still for longer than one look apart).
      const inView = (top: number) => top >= HEADER_PX && top < HEADER_PX + 120;
      const top = await eventually(() => sectionTop(page, name), inView);
      expect({ name, inView: inView(top) }).toEqual({ name, inView: true });
      expect({ name, current: await currentBecomes(page, name) }).toEqual({ name, current: name });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    }
    expect(new URL(page.url()).hash).toBe("#introduction");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("when a reader scrolls through the page, then the navigation follows the section being read", async () => {
    const page = await open(1280);
    await page.getByRole("heading", { level: 3, name: "Actions" }).evaluate((el) => el.scrollIntoView({ block: "start" }));
    expect(await currentBecomes(page, "Rendering")).toBe("Rendering");
    await page
      .getByRole("heading", { level: 3, name: "Templates per app" })
      .evaluate((el) => el.scrollIntoView({ block: "start" }));
    expect(await currentBecomes(page, "Using System Prompt")).toBe("Using System Prompt");
    await page.close();
  });

  it("when a link to a section is opened, then the page starts at that section", async () => {
    const page = await open(1280, "light", "#tool-calling");
    const top = await sectionTop(page, "Tool Calling");
    expect(top).toBeGreaterThanOrEqual(HEADER_PX);
    expect(top).toBeLessThan(HEADER_PX + 120);
    expect(await currentBecomes(page, "Tool Calling")).toBe("Tool Calling");
    await page.close();
  });

  it("when the screen is narrow, then the sections are a sideways bar under the header and a chosen section lands below both", async () => {
    const page = await open(375);
    const bar = await nav(page).boundingBox();
    expect(bar?.width).toBeLessThanOrEqual(375);
    for (const name of ["Using In Agents", "Rendering"]) {
      await nav(page).getByRole("link", { name, exact: true }).click();
      const top = await sectionTop(page, name);
      const barBottom = await nav(page).evaluate((el) => el.getBoundingClientRect().bottom);
      expect({ name, belowBar: top >= barBottom && top < barBottom + 80 }).toEqual({ name, belowBar: true });
      expect(await current(page)).toBe(name);
      // The current link is visible inside the bar.
      const link = await nav(page).getByRole("link", { name, exact: true }).boundingBox();
      expect(link!.x).toBeGreaterThanOrEqual(0);
      expect(link!.x + link!.width).toBeLessThanOrEqual(375);
      await shoot(page, `docs-light-375-at-${name.toLowerCase().replace(/ /g, "-")}`, { fullPage: false });
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
      .runnableSnippets(suite.url())
      .filter((s) => !shown.has(s.code))
      .map((s) => s.id);
    expect(missing).toEqual([]);
    expect([...shown].some((t) => t.includes(suite.url("/apps/api/v1")))).toBe(true);
    await page.close();
  });

  it("when the HTML loader sample runs on another site's page, then it shows its screen", async () => {
    // Another site, served from its own origin (localhost: a real page, not a route, so the browser treats it as one).
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
${snippets.renderingSnippets(suite.url()).loader}
</body></html>`;
    const host = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    try {
      const { page, errors } = await suite.openPage({ width: 1000, height: 700 });
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
        await codeHighlighted(page);
        await settled(page);
        await shoot(page, `docs-${theme}-${width}`, { fullPage: false });
        await shoot(page, `docs-${theme}-${width}-full`, { timeout: 120_000 });
        expect({ theme, width, violations: await describedAxeViolations(page) }).toEqual({ theme, width, violations: [] });
        await page.close();
      }
    },
    400_000,
  );

  it("when the screen is 360 px wide, then nothing overflows sideways", async () => {
    const page = await open(360);
    await codeHighlighted(page);
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot(page, "docs-light-360", { fullPage: false });
    await page.close();
  });
});
