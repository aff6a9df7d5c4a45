import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser } from "playwright-core";
import { startStack, type Stack } from "../support/stack";

describe("the built web app in Chromium", () => {
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

  it("when a visitor opens the site, then the hero shows and the session is asked through the BFF", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const me = page.waitForResponse((r) => r.url().endsWith("/accounts/api/v1/me/"));
    await page.goto(stack.bff.url);
    await page.getByRole("heading", { name: "Bring chat to life with real-time visualizations" }).waitFor();
    expect((await me).status()).toBe(401);
    expect(await page.getByText("Transform your chat experiences").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Get Api Key" }).first().waitFor();
    await page.screenshot({ path: screenshotPath("smoke-landing"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
