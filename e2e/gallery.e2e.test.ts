import { readFileSync } from "node:fs";
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser } from "playwright-core";
import { startStack, type Stack } from "./support/stack";

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
}

describe("the component gallery in Chromium", () => {
  let stack: Stack;
  let browser: Browser;
  const axe = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

  beforeAll(async () => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/gallery.html")))
      throw new Error("frontend/iframe is not built: run `npm run build` (npm test does)");
    stack = await startStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each(["light", "dark"])(
    "when every catalogue component is shown in the %s theme, then axe finds no accessibility violations",
    async (theme) => {
      for (const width of [1280, 375]) {
        // The page's policy forbids inline scripts; the checker is injected around it.
        const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(`${stack.bff.url}/apps/api/v1/iframe/static/gallery.html?theme=${theme}`);
        await page.getByRole("heading", { name: "Welcome back" }).waitFor();
        // Charts load lazily: wait until all four have drawn.
        await page.waitForFunction(
          () =>
            (
              globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
            ).document.querySelectorAll(".recharts-surface").length >= 4,
        );
        await page.waitForTimeout(300);
        await page.addScriptTag({ content: axe });
        const result = (await page.evaluate(() =>
          (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe.run(
            (globalThis as unknown as { document: unknown }).document,
            { resultTypes: ["violations"] },
          ),
        )) as AxeResult;
        await page.screenshot({ path: screenshotPath(`gallery-${theme}-${width}`), fullPage: true });
        expect({
          theme,
          width,
          violations: result.violations.map(
            (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          ),
        }).toEqual({
          theme,
          width,
          violations: [],
        });
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  it("when UI code is typed in the browser's sandbox page, then the preview follows from a Web Worker and a runaway loop only costs its deadline", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${stack.bff.url}/apps/api/v1/iframe/static/playground.html`);
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Your cart" }).waitFor();
    const code = page.getByLabel("UI code");
    await code.fill(`heading("Typed here")\ntext("and evaluated in a worker")`);
    await preview.getByRole("heading", { name: "Typed here" }).waitFor();
    await code.fill(`for (;;) {}`);
    await page.getByRole("status").filter({ hasText: "timeout: code ran longer than 250 ms" }).waitFor();
    // The page never froze: the last good screen is still shown and the next code renders.
    expect(await preview.getByRole("heading", { name: "Typed here" }).isVisible()).toBe(true);
    await code.fill(`heading("Back again`);
    await preview.getByRole("heading", { name: "Back again" }).waitFor();
    await page.screenshot({ path: screenshotPath("ui-code-sandbox") });
    expect(errors).toEqual([]);
  });
});
