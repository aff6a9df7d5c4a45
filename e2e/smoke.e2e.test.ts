import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser } from "playwright-core";
import { startStack, type Stack } from "./support/stack";

describe("the placeholder page in Chromium", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/web/dist/index.html")))
      throw new Error("frontend/web is not built: run `npm run build` (npm test does)");
    stack = await startStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("when a visitor opens the site, then the hero shows and the page learns through the BFF that they are signed out", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(stack.bff.url);
    await page.getByRole("heading", { name: "Bring chat to life with real-time visualizations" }).waitFor();
    await page.locator('[data-status="signed-out"]').waitFor();
    expect(await page.getByText("Transform your chat experiences").isVisible()).toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toContain("csrftoken");
    await page.screenshot({ path: screenshotPath("smoke-placeholder"), fullPage: true });
    expect(errors).toEqual([]);
  });
});
