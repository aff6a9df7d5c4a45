import type { Page } from "playwright-core";
import { credit } from "../support/developer";
import { screenshotPath } from "@genui/testkit";
import { browserSuite, signUpInPage } from "../support/pages";

/**
 * Everyday requests the built-in generator was never tuned on, typed into the chat as a new user would ([C2]): the
 * screen is about the subject the user named, in their words, and carries none of another subject's facts.
 * Screenshots of each in light and dark at 1280×800 and 390×844 (test-results/screenshots/c2-*.png).
 */
describe("screens about what was asked (Chromium, the built-in generator)", () => {
  const suite = browserSuite({ generation: { workers: 1 } });

  const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
  const lastAnswer = (page: Page) => page.locator('[data-testid="assistant-message"][data-pending="false"]').last();

  /** Signs a new user up with credit, asks `request` in the chat and answers the finished screen's text. */
  async function ask(request: string): Promise<{ page: Page; text: string }> {
    const { page } = await suite.openPage({ width: 1280, height: 800 });
    const user = await signUpInPage(page, suite.url());
    await credit(suite.stack, user.id, 5_000_000);
    await page.goto(suite.url("/chat"));
    await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
    await composer(page).fill(request);
    await composer(page).press("Enter");
    await lastAnswer(page).waitFor({ timeout: 60_000 });
    return { page, text: await lastAnswer(page).innerText() };
  }

  /** The answer in light and dark, on a desktop and a phone. */
  async function shootAll(page: Page, name: string): Promise<void> {
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        // The whole answer; the page's fixed header and composer would cover parts of it, so they are hidden.
        await lastAnswer(page).screenshot({
          path: screenshotPath(`c2-${name}-${w}-${scheme}`),
          style: "header, form:has(textarea) { visibility: hidden !important; }",
        });
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  /** No image of the screen comes from outside the site, and none is broken. */
  async function imagesAreLocal(page: Page): Promise<void> {
    const images = await lastAnswer(page)
      .locator("img")
      .evaluateAll((els) =>
        els.map((e) => ({ src: (e as HTMLImageElement).src, broken: (e as HTMLImageElement).naturalWidth === 0 })),
      );
    for (const img of images) {
      expect(img.src).not.toMatch(/^https?:\/\/(?!127\.0\.0\.1)/);
      expect(img.broken).toBe(false);
    }
  }

  it("when a cookie recipe is asked for, then the cookies' own ingredients and method, no other dish, and a picture drawn here", async () => {
    const { page, text } = await ask("a recipe for chocolate chip cookies");
    for (const w of ["chocolate chip cookies", "Chocolate chips", "Unsalted butter", "Bake for"]) expect(text).toContain(w);
    for (const w of ["Spaghetti", "tomatoes", "Garlic", "pasta", "Parmesan"]) expect(text).not.toContain(w);
    await imagesAreLocal(page);
    await shootAll(page, "recipe-cookies");
  });

  it("when a dish the generator does not know is asked for, then a recipe card about that dish the user fills in, never another dish", async () => {
    const { page, text } = await ask("a recipe for beef wellington");
    expect(text).toMatch(/beef wellington/i);
    for (const w of ["Spaghetti", "Chickpea", "roast chicken"]) expect(text).not.toContain(w);
    const answer = lastAnswer(page);
    await answer.getByLabel("Ingredients, one per line").fill("500 g beef fillet\n250 g mushrooms\n1 sheet puff pastry");
    await answer.getByLabel("Steps, one per line").fill("Sear the beef\nWrap it in pastry\nBake for 40 min");
    await shootAll(page, "recipe-unknown");
    // Saving leads to a confirmation with what was written.
    await answer.getByRole("button", { name: "Save recipe" }).click();
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').nth(1).waitFor({ timeout: 60_000 });
    expect(await lastAnswer(page).innerText()).toContain("puff pastry");
  });

  it("when an order's status is asked for, then that order's number, its stage dated no later than today, and no dashboard metrics", async () => {
    const { page, text } = await ask("an order status page for order #4821 shipped yesterday");
    expect(text).toContain("#4821");
    expect(text).toContain("Shipped");
    for (const w of ["Monthly recurring revenue", "Churn", "Net promoter", "Active users", "GX-"]) expect(text).not.toContain(w);
    // Shipped yesterday: the date next to it is yesterday's.
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(text).toContain(`shipped ${yesterday}`);
    await shootAll(page, "order-status");
  });

  it("when a bakery's weekly sales dashboard is asked for, then the chart is by week up to this week and nothing is dated in the future", async () => {
    const { page, text } = await ask("a dashboard for my bakery's weekly sales with a chart");
    for (const w of ["Monthly recurring revenue", "Churn"]) expect(text).not.toContain(w);
    // The chart's categories are weeks, by their Mondays, the last one this week's (not months).
    const now = new Date();
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
    const label = monday.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
    // The chart draws once its module has loaded: wait for this week's label, then read them all.
    await lastAnswer(page).locator("svg text", { hasText: label }).first().waitFor();
    const categories = await lastAnswer(page)
      .locator("svg text")
      .evaluateAll((els) => els.map((e) => e.textContent ?? ""));
    expect(categories).toContain(label);
    expect(categories.filter((c) => /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/.test(c))).toEqual([]);
    const updated = /Updated (\d{1,2} \w{3} \d{4})/.exec(text)?.[1];
    expect(updated).toBeDefined();
    expect(Date.parse(`${updated!} UTC`)).toBeLessThanOrEqual(Date.now());
    await shootAll(page, "bakery-weekly");
  });
});
