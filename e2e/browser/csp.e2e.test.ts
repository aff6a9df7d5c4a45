import type { Page } from "playwright-core";
import { browserSuite, signUpInPage, type OpenedPage } from "../support/pages";

/**
 * The SPA's Content Security Policy (bff/src/http/security-headers.ts) against the built site in Chromium: every page,
 * signed out and signed in, loads with no `securitypolicyviolation` (browserSuite records them from before the first
 * script, in every frame, and fails any test that saw one), and the features the policy has to allow still work:
 * the inline theme script, Monaco and its workers, the QuickJS sandbox worker (WebAssembly), the Google sign-in
 * script, the PayPal and Cashfree SDKs, the demo video.
 */

const PUBLIC_PAGES = ["/", "/pricing", "/docs", "/login", "/contact", "/privacy", "/terms", "/refund", "/genui", "/no-such-page"];
const SIGNED_IN_PAGES = ["/dashboard", "/chat", "/pricing", "/docs", "/genui"];

describe("the SPA under its Content Security Policy in Chromium", () => {
  const suite = browserSuite({ payments: true, generation: {} });

  /** Loads a page until the network is quiet (lazy chunks, provider scripts, workers started). */
  async function load(page: Page, path: string): Promise<string> {
    const res = await page.goto(suite.url(path), { waitUntil: "networkidle" });
    await page.locator("#root *").first().waitFor();
    return res?.headers()["content-security-policy"] ?? "";
  }

  const expectClean = ({ cspViolations, errors }: OpenedPage) => {
    expect(cspViolations).toEqual([]);
    expect(errors).toEqual([]);
  };

  it("when a visitor opens every public page, then each is served with the policy and nothing is blocked", async () => {
    const opened = await suite.openPage();
    for (const path of PUBLIC_PAGES) {
      const csp = await load(opened.page, path);
      expect({ path, framing: /frame-ancestors 'none'/.test(csp) }).toEqual({ path, framing: true });
    }
    // The stored theme was applied before the first paint by the inline script the policy allows by hash.
    expect(await opened.page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);
    expectClean(opened);
  });

  it("when a visitor plays the demo video on the landing page, then it loads from the site", async () => {
    const opened = await suite.openPage();
    await load(opened.page, "/");
    const video = opened.page.locator("video").first();
    if ((await video.count()) > 0) {
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        v.preload = "auto";
        v.load();
      });
      await opened.page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 1);
    }
    expectClean(opened);
  });

  it("when a visitor opens the login page, then Google's sign-in script (the configured address) loads", async () => {
    const opened = await suite.openPage();
    await load(opened.page, "/login");
    await opened.page.waitForFunction(() => Boolean((window as unknown as { google?: { accounts?: unknown } }).google?.accounts));
    expectClean(opened);
  });

  it("when a visitor types in the playground, then Monaco, its workers and the QuickJS sandbox worker all run", async () => {
    const opened = await suite.openPage({ height: 900 });
    const { page } = opened;
    await load(page, "/playground");
    const editor = page.getByTestId("code-editor").locator(".monaco-editor");
    await editor.locator(".view-lines").waitFor();
    const preview = page.getByTestId("preview-surface");
    await preview.waitFor();
    await editor.locator(".view-lines").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type('heading("Under the policy")');
    await preview.getByRole("heading", { name: "Under the policy" }).waitFor();
    // Completion comes from Monaco's TypeScript worker.
    await page.keyboard.press("Enter");
    await page.keyboard.type("scr");
    await editor
      .locator(".suggest-widget")
      .getByRole("option", { name: /^screen/ })
      .first()
      .waitFor({ timeout: 30_000 });
    expectClean(opened);
  });

  it("when a signed-in user opens every page and the Add Balance dialog, then the PayPal and Cashfree SDKs load and nothing is blocked", async () => {
    const opened = await suite.openPage();
    const { page } = opened;
    await signUpInPage(page, suite.url());
    for (const path of SIGNED_IN_PAGES) await load(page, path);
    await load(page, "/dashboard");
    await page.getByTestId("balance").filter({ hasText: "$" }).waitFor();
    await page.getByRole("button", { name: "Credits" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Balance" });
    await dialog.getByLabel("Amount (USD)").fill("20");
    await dialog.getByRole("button", { name: "PayPal" }).waitFor();
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await page.waitForFunction(() => typeof (window as unknown as { Cashfree?: unknown }).Cashfree === "function");
    expectClean(opened);
  });
});
