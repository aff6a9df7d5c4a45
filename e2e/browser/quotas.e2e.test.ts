import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import {
  browserSuite,
  callInPage,
  chooseTheme,
  describedAxeViolations,
  horizontalOverflow,
  shoot,
  signUpInPage,
} from "../support/pages";
import type { AppRow, TemplateRow } from "../support/wire";

/**
 * The dashboard when the per-tenant quotas of apps are reached (small here: APPS_MAX_PER_OWNER=2,
 * TEMPLATES_MAX_PER_APP=2): Create App and an app's Template button are off and say why; when a create races past
 * them (another tab took the last place), the server's refusal is what the page shows.
 */
const MAX_APPS = 2;
const MAX_TEMPLATES = 2;
const TIMEOUT = 90_000;

const APP_NOTE = `${MAX_APPS} of ${MAX_APPS} apps — delete one to create another`;
const TEMPLATE_NOTE = `${MAX_TEMPLATES} of ${MAX_TEMPLATES} templates — delete one to create another`;
const APP_REFUSAL = `You have reached the limit of ${MAX_APPS} apps. Delete an app to create another.`;
const TEMPLATE_REFUSAL = `This app has reached the limit of ${MAX_TEMPLATES} templates. Delete a template to create another.`;

describe("the dashboard at the quotas of apps and templates in Chromium", () => {
  const suite = browserSuite({
    appsEnv: { APPS_MAX_PER_OWNER: String(MAX_APPS), TEMPLATES_MAX_PER_APP: String(MAX_TEMPLATES) },
  });

  /** A fresh developer signed in inside a new browser context, with `apps` apps, the first with `templates` templates. */
  async function developer(apps: number, templates = 0): Promise<{ page: Page; apps: AppRow[] }> {
    // axe is evaluated in the page.
    const { page } = await suite.visit("/terms", { height: 900, theme: "light", bypassCSP: true });
    await signUpInPage(page, suite.url(), `quota-${randomUUID()}@genui.dev`);
    const made: AppRow[] = [];
    for (let i = 0; i < apps; i++) {
      const res = await callInPage<AppRow>(page, "POST", "/apps/api/v1/create/", {
        url: `https://quota-${i}-${randomUUID().slice(0, 6)}.example.com`,
      });
      expect(res.status).toBe(201);
      made.push(res.body);
      if (i === 0) for (let t = 0; t < templates; t++) expect((await createTemplateInPage(page, res.body.id)).status).toBe(201);
    }
    await page.goto(suite.url("/dashboard"));
    await page.getByRole("heading", { name: "Your Apps", level: 2 }).waitFor();
    return { page, apps: made };
  }

  const createTemplateInPage = (page: Page, appId: string) =>
    callInPage<TemplateRow>(page, "POST", `/apps/api/v1/templates/${appId}/create/`);
  const createAppButton = (page: Page) => page.getByRole("button", { name: "Create App", exact: true });
  const row = (page: Page, app: AppRow): Locator => page.locator("tr.app", { hasText: app.url });
  async function expand(page: Page, app: AppRow): Promise<Locator> {
    await row(page, app)
      .getByRole("button", { name: `Templates of ${app.url}` })
      .click();
    return page.getByRole("region", { name: `Templates for ${app.url}` });
  }
  /** The element `button` is described by (aria-describedby), as a screen reader announces it with the button. */
  const descriptionOf = async (page: Page, button: Locator) => {
    const id = await button.getAttribute("aria-describedby");
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };

  it(
    "when the owner has as many apps as allowed and an app as many templates, then both buttons are off and say why, in light and dark, and axe finds nothing",
    async () => {
      const { page, apps } = await developer(MAX_APPS, MAX_TEMPLATES);
      const create = createAppButton(page);
      await page.getByText(APP_NOTE).waitFor();
      expect(await create.isDisabled()).toBe(true);
      expect(await descriptionOf(page, create)).toBe(APP_NOTE);

      const panel = await expand(page, apps[0]!);
      await panel.getByText(TEMPLATE_NOTE).waitFor();
      const template = panel.getByRole("button", { name: "Template", exact: true });
      expect(await template.isDisabled()).toBe(true);
      expect(await descriptionOf(page, template)).toBe(TEMPLATE_NOTE);
      expect(await panel.getByRole("article").count()).toBe(MAX_TEMPLATES);

      // The other app has room: its Template button is on, with no note.
      const other = await expand(page, apps[1]!);
      await other.getByText("No templates yet").waitFor();
      expect(await other.getByRole("button", { name: "Template", exact: true }).isDisabled()).toBe(false);
      expect(await other.getByTestId("templates-limit-note").count()).toBe(0);

      for (const theme of ["light", "dark"] as const) {
        await chooseTheme(page, theme);
        await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
        // The theme switch's tooltip (opened by the click) is not part of what is looked at.
        await page.mouse.move(0, 0);
        await page.keyboard.press("Escape");
        await page.getByRole("tooltip").waitFor({ state: "detached" });
        await shoot(page, `quotas-reached-${theme}`, { fullPage: true });
        expect({ theme, violations: await describedAxeViolations(page) }).toEqual({ theme, violations: [] });
      }
      // A phone's width: the notes wrap beside their buttons, nothing scrolls sideways.
      await page.setViewportSize({ width: 375, height: 900 });
      await page.waitForFunction(() => document.documentElement.clientWidth === 375);
      expect(await horizontalOverflow(page)).toBe(0);
      await shoot(page, "quotas-reached-dark-375", { fullPage: true });
    },
    TIMEOUT,
  );

  it(
    "when another tab takes the last app while the dashboard shows room, then the dialog shows the server's limit under the field and Create App turns off",
    async () => {
      const { page } = await developer(MAX_APPS - 1);
      const create = createAppButton(page);
      await page.locator("tr.app").first().waitFor();
      expect(await create.isDisabled()).toBe(false);

      await create.click();
      const dialog = page.getByRole("dialog", { name: "Create a new app" });
      await dialog.waitFor();
      // The last place goes elsewhere meanwhile.
      expect(
        (
          await callInPage(page, "POST", "/apps/api/v1/create/", {
            url: `https://elsewhere-${randomUUID().slice(0, 6)}.example.com`,
          })
        ).status,
      ).toBe(201);
      await dialog.getByLabel("Website Url").fill(`https://late-${randomUUID().slice(0, 6)}.example.com`);
      await dialog.getByRole("button", { name: "Create App" }).click();
      await dialog.getByText(APP_REFUSAL).waitFor();
      await shoot(page, "quotas-app-refused-light");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });

      await page.getByText(APP_NOTE).waitFor();
      expect(await create.isDisabled()).toBe(true);
      expect(await page.locator("tr.app").count()).toBe(MAX_APPS);
    },
    TIMEOUT,
  );

  it(
    "when another tab takes an app's last template place, then the Template button shows the server's refusal, stays on the dashboard and turns off",
    async () => {
      const { page, apps } = await developer(1, MAX_TEMPLATES - 1);
      const app = apps[0]!;
      const panel = await expand(page, app);
      await panel.getByRole("article").first().waitFor();
      const template = panel.getByRole("button", { name: "Template", exact: true });
      expect(await template.isDisabled()).toBe(false);

      expect((await createTemplateInPage(page, app.id)).status).toBe(201);
      await template.click();
      const refusal = panel.getByRole("alert").filter({ hasText: TEMPLATE_REFUSAL });
      await refusal.waitFor();
      await panel
        .getByRole("article")
        .nth(MAX_TEMPLATES - 1)
        .waitFor();
      expect(await template.isDisabled()).toBe(true);
      expect(await descriptionOf(page, template)).toBe(TEMPLATE_REFUSAL);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      await shoot(page, "quotas-template-refused-light");
    },
    TIMEOUT,
  );
});
