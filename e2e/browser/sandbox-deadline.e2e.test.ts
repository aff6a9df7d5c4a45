import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import type { Page } from "playwright-core";
import { activeAppWithTemplateInPage, browserSuite, callInPage, signUpInPage } from "../support/pages";

/**
 * The browser's UI code sandboxes against code that keeps a built-in running in C: QuickJS stops code only between
 * bytecodes, so its own deadline cannot stop these; the page's client (WorkerEvaluator) terminates the worker past the
 * deadline and starts a new one. Each attack must show the time-limit error in the page, and the next, ordinary code
 * must evaluate and render as usual (on a fresh worker). Checked on the iframe's playground page, the SPA's
 * /playground and the template editor's preview.
 */

/** A naive substring search (40,000 × 40,000 comparisons in C): seconds, with no bytecode in between. */
const INDEXOF_ATTACK = `var t = "a".repeat(40000) + "c"; var s = "a".repeat(80000) + "b";
heading("Search result")
text(String(s.indexOf(t)))`;
/** A BigInt power and its decimal text (200,001 digits), both in C. */
const BIGINT_ATTACK = `heading("Big number")
text(String(10n ** 200000n))`;
const ATTACKS = [
  ["a long indexOf", INDEXOF_ATTACK],
  ["a BigInt power", BIGINT_ATTACK],
] as const;

/** What the browser sandbox (250 ms) answers once the host has stopped the code. */
const STOPPED = "code ran past its time limit of 250 ms and was stopped";

describe("the browser sandboxes' deadline in Chromium", () => {
  beforeAll(() => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/playground.html")))
      throw new Error("frontend/iframe is not built: run `npm run build` (npm test does)");
  });
  const suite = browserSuite({}, { height: 900 });

  it.each(ATTACKS)(
    "when the iframe's playground page evaluates %s, then it shows the time-limit error and the next code renders",
    async (_name, attack) => {
      const { page, errors } = await suite.visit("/apps/api/v1/iframe/static/playground.html");
      const preview = page.getByRole("region", { name: "Preview" });
      const status = page.getByRole("status");
      await preview.getByRole("heading", { name: "Your cart" }).waitFor();
      // The page has an opaque origin (its policy's sandbox): its worker comes from a blob: URL it made itself.
      expect(await page.evaluate(() => self.origin)).toBe("null");
      const code = page.getByLabel("UI code");

      await code.fill(attack);
      await status.filter({ hasText: `timeout: ${STOPPED}` }).waitFor({ timeout: 60_000 });
      expect(await preview.getByRole("heading", { name: /Search result|Big number/ }).count()).toBe(0);

      await code.fill(`heading("After the attack")\ntext("a fresh sandbox")`);
      await preview.getByRole("heading", { name: "After the attack" }).waitFor({ timeout: 30_000 });
      await status.filter({ hasText: /^Evaluated in / }).waitFor();
      expect(await preview.getByText("a fresh sandbox").isVisible()).toBe(true);
      if (attack === INDEXOF_ATTACK) {
        await code.fill(attack);
        await status.filter({ hasText: `timeout: ${STOPPED}` }).waitFor({ timeout: 60_000 });
        await page.screenshot({ path: "/tmp/shots/sandbox-deadline-iframe-playground.png" });
      }
      expect(errors).toEqual([]);
    },
    120_000,
  );

  const spaPreview = (page: Page) => page.getByTestId("preview-surface");
  const stoppedBand = (page: Page) => page.getByRole("alert").filter({ hasText: `Too slow: ${STOPPED}` });

  it.each(ATTACKS)(
    "when the SPA's playground opens a link with %s, then the error band shows the time limit and an example renders next",
    async (_name, attack) => {
      const { page, errors } = await suite.openPage();
      await page.goto(suite.url(`/playground?code=${encodeURIComponent(attack)}`));
      await stoppedBand(page).waitFor({ timeout: 60_000 });
      await page.getByLabel("Example").selectOption({ label: "Sales dashboard" });
      await spaPreview(page).getByRole("heading", { name: "Sales overview" }).waitFor({ timeout: 30_000 });
      await stoppedBand(page).waitFor({ state: "detached" });
      expect(await spaPreview(page).getByText("Revenue by month").isVisible()).toBe(true);
      if (attack === INDEXOF_ATTACK) {
        await page.goto(suite.url(`/playground?code=${encodeURIComponent(attack)}`));
        await stoppedBand(page).waitFor({ timeout: 60_000 });
        await page.screenshot({ path: "/tmp/shots/sandbox-deadline-spa-playground.png" });
      }
      expect(errors).toEqual([]);
    },
    120_000,
  );

  it("when a template's code runs a built-in past the deadline, then its preview shows the time-limit error and typed code renders next", async () => {
    const { page, errors } = await suite.openPage();
    await signUpInPage(page, suite.url(), `deadline-${randomUUID()}@genui.dev`);
    const { app, template } = await activeAppWithTemplateInPage(page);
    const saved = await callInPage(page, "PATCH", `/apps/api/v1/templates/${app.id}/update/${template.id}/`, {
      code: INDEXOF_ATTACK,
    });
    expect(saved.status).toBe(200);

    await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
    await stoppedBand(page).waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByText("Nothing to show yet.").waitFor();
    await page.getByTestId("code-editor").locator(".view-lines").click();
    await page.keyboard.type('heading("After the attack")');
    await spaPreview(page).getByRole("heading", { name: "After the attack" }).waitFor({ timeout: 30_000 });
    await stoppedBand(page).waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  }, 180_000);
});
