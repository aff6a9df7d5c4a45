import { randomUUID } from "node:crypto";
import { DSL_EXAMPLE } from "@genui/ui-runtime";
import type { Locator, Page } from "playwright-core";
import { productCard } from "../support/appearance";
import { credit } from "../support/developer";
import { eventually } from "../support/eventually";
import {
  browserSuite,
  activeAppWithTemplateInPage,
  callInPage,
  describedAxeViolations,
  horizontalOverflow,
  settled,
  shoot,
  signUpInPage,
  type Theme,
} from "../support/pages";
import type { AppRow, TemplateRow } from "../support/wire";

/**
 * The template editor (SPEC §2 /preview/{appId}/{templateId}, §4 template status, §5 template save, §7 retrieve /
 * update / auth-retrieve, §8, §9) against the real stack: apps, billing, and the generation API with its
 * offline generator answering "Ask AI".
 */

const TIMEOUT = 120_000;

describe("the template editor in Chromium", () => {
  const suite = browserSuite({ generation: { workers: 1 } }, { height: 900 });

  /** A new developer with credits, an active app and a blank template; the page is on the site, signed in. */
  async function developer(page: Page, opts: { micros?: number } = {}): Promise<{ app: AppRow; template: TemplateRow }> {
    const user = await signUpInPage(page, suite.url(), `tpl-${randomUUID()}@genui.dev`);
    if ((opts.micros ?? 5_000_000) > 0) await credit(suite.stack, user.id, opts.micros ?? 5_000_000);
    return activeAppWithTemplateInPage(page);
  }

  const retrieve = async (page: Page, appId: string, templateId: string) =>
    callInPage<TemplateRow>(page, "GET", `/apps/api/v1/templates/${appId}/retrieve/${templateId}/`);

  const preview = (page: Page) => page.getByTestId("preview-surface");
  const statusBadge = (page: Page) => page.getByRole("main").locator("[data-status]").first();
  const toast = (page: Page, title: string) => page.getByText(title, { exact: true });
  const monacoText = (page: Page) =>
    page
      .getByTestId("code-editor")
      .locator(".view-lines")
      .evaluate((el) => (el as HTMLElement).innerText.replace(/\u00a0/g, " "));

  /** Opens the editor the way a developer does: the dashboard, the app's row, the template's card. */
  async function openFromDashboard(page: Page, app: AppRow, name = "Untitled template"): Promise<void> {
    await page.goto(suite.url("/dashboard"));
    const row = page.locator("tr.app", { hasText: app.url });
    await row.getByRole("button", { name: `Templates of ${app.url}` }).click();
    const panel = page.getByRole("region", { name: `Templates for ${app.url}` });
    await panel.getByRole("link", { name }).click();
    await page.waitForURL(new RegExp(`/preview/${app.id}/[0-9a-f-]{36}$`));
  }

  /** The dashboard's card of the template, after going back to it. */
  async function cardOnDashboard(page: Page, app: AppRow, name: string): Promise<Locator> {
    const row = page.locator("tr.app", { hasText: app.url });
    await row.getByRole("button", { name: `Templates of ${app.url}` }).click();
    const card = page.getByRole("region", { name: `Templates for ${app.url}` }).getByRole("article", { name });
    await card.waitFor();
    return card;
  }

  it("when a visitor is logged out, then the editor's address shows the login form", async () => {
    const { page } = await suite.visit(`/preview/${randomUUID()}/${randomUUID()}`);
    await page.getByRole("heading", { name: "Sign in to GenUI", level: 1 }).waitFor();
    await expect(page.getByLabel("Email").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("radio", { name: "Code" }).count()).resolves.toBe(0);
  });

  it(
    "when the template loads, then a spinner shows; when it does not exist or was deleted, then a toast and a way back to the dashboard",
    async () => {
      const { page } = await suite.openPage();
      const { app, template } = await developer(page, { micros: 0 });
      // The real answer, held back a moment so the spinner can be seen.
      await page.route("**/apps/api/v1/templates/*/retrieve/*/", async (route) => {
        await new Promise((r) => setTimeout(r, 1200));
        await route.continue();
      });
      await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      await page.getByRole("status").filter({ hasText: "Loading the template" }).waitFor();
      await page.getByRole("heading", { name: "Untitled template", level: 1 }).waitFor();
      await expect(statusBadge(page).textContent()).resolves.toBe("Saved as draft");
      await page.unroute("**/apps/api/v1/templates/*/retrieve/*/");

      // Unknown template.
      await page.goto(suite.url(`/preview/${app.id}/${randomUUID()}`));
      await toast(page, "Cant find the template").waitFor();
      await page.getByText("Template is either deleted or doesnt exist").waitFor();
      await page.getByRole("heading", { name: "Template not found", level: 1 }).waitFor();

      // Deleted template.
      expect((await callInPage(page, "DELETE", `/apps/api/v1/templates/${app.id}/delete/${template.id}/`)).status).toBe(204);
      await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      await page.getByRole("heading", { name: "Template not found", level: 1 }).waitFor();
      await toast(page, "Cant find the template").waitFor();
      await page.getByRole("link", { name: "Back to dashboard" }).click();
      await page.waitForURL(suite.url("/dashboard"));
    },
    TIMEOUT,
  );

  it(
    "when a developer asks AI, saves, publishes and pauses, then the code, the preview, the stored template and the badges follow",
    async () => {
      const { page, errors } = await suite.openPage();
      const { app, template } = await developer(page);
      await openFromDashboard(page, app);
      await page.getByRole("heading", { name: "Untitled template", level: 1 }).waitFor();
      await expect(statusBadge(page).textContent()).resolves.toBe("Saved as draft");
      // A blank template starts in AI mode.
      await expect(page.getByRole("radio", { name: "AI" }).isChecked()).resolves.toBe(true);
      await page.getByText("No code yet.").waitFor();

      // Ask AI → the answer's code replaces the code, its screen shows, the prompt is cleared.
      const prompt = page.getByRole("textbox", { name: "Ask AI" });
      await expect(prompt.getAttribute("placeholder")).resolves.toBe("Ask AI...");
      await prompt.fill("A pricing table with three plans");
      await page.getByRole("button", { name: "Send" }).click();
      const current = page.getByLabel("Current UI code");
      await current.waitFor({ timeout: 60_000 });
      await expect(prompt.inputValue()).resolves.toBe("");
      const firstCode = (await current.textContent()) ?? "";
      expect(firstCode).toMatch(/screen\(/);
      await preview(page).waitFor();
      const firstScreen = (await preview(page).textContent()) ?? "";
      expect(firstScreen.length).toBeGreaterThan(0);
      await page.getByText("Unsaved changes").waitFor();

      // A change to it: new code and a new screen.
      await prompt.fill("Add a newsletter sign-up form with an email field");
      await prompt.press("Enter");
      await page.getByRole("button", { name: "Asking…" }).waitFor({ state: "detached", timeout: 60_000 });
      await eventually(
        async () => (await current.textContent()) ?? "",
        (c) => c !== firstCode,
        10_000,
      );
      const secondCode = (await current.textContent()) ?? "";
      expect(secondCode).not.toBe(firstCode);
      await eventually(
        async () => (await preview(page).textContent()) ?? "",
        (t) => t !== firstScreen,
        10_000,
      );
      await expect(preview(page).textContent()).resolves.not.toBe(firstScreen);

      // Code mode: Monaco holds the same code.
      await page.getByRole("radio", { name: "Code" }).check();
      await page.getByTestId("code-editor").locator(".view-lines").waitFor();
      expect(
        await eventually(
          () => monacoText(page),
          (t) => t.includes("screen("),
        ),
      ).toContain("screen(");

      // Save → the dialog (prefilled) → Save: a draft with the code.
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Enter your template details" });
      await dialog.waitFor();
      await expect(dialog.getByLabel("Name").inputValue()).resolves.toBe("");
      await dialog.getByLabel("Name").fill("x".repeat(101));
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      // A server field error shows under its field.
      await dialog.getByText("Name must have at most 100 characters.").waitFor();
      await dialog.getByLabel("Name").fill("Pricing with newsletter");
      await dialog.getByLabel("Description").fill("Three plans and a sign-up form");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      await toast(page, "Template saved").waitFor();
      await page.getByRole("heading", { name: "Pricing with newsletter", level: 1 }).waitFor();
      await expect(statusBadge(page).textContent()).resolves.toBe("Saved as draft");
      await expect(statusBadge(page).getAttribute("data-status")).resolves.toBe("draft");
      await expect(page.getByText("Unsaved changes").count()).resolves.toBe(0);
      const saved = await retrieve(page, app.id, template.id);
      expect(saved.body).toMatchObject({
        name: "Pricing with newsletter",
        description: "Three plans and a sign-up form",
        status: "draft",
      });
      expect(saved.body.code.replace(/\s+/g, "")).toBe(secondCode.replace(/\s+/g, ""));

      // Publish, then Pause (the second button follows the status).
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog.getByLabel("Name").inputValue()).resolves.toBe("Pricing with newsletter");
      await dialog.getByRole("button", { name: "Publish" }).click();
      await toast(page, "Template Published").waitFor();
      await expect(statusBadge(page).textContent()).resolves.toBe("Published");
      expect((await retrieve(page, app.id, template.id)).body.status).toBe("publish");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await dialog.getByRole("button", { name: "Pause" }).click();
      await toast(page, "Template Paused").waitFor();
      await expect(statusBadge(page).textContent()).resolves.toBe("Paused");
      await expect(statusBadge(page).getAttribute("data-status")).resolves.toBe("pause");
      expect((await retrieve(page, app.id, template.id)).body.status).toBe("pause");

      // The dashboard's card shows the new name and status.
      await page.getByRole("link", { name: "← Dashboard" }).click();
      await page.waitForURL(suite.url("/dashboard"));
      const card = await cardOnDashboard(page, app, "Pricing with newsletter");
      await card.getByText("Paused").waitFor();
      expect(errors).toEqual([]);
    },
    TIMEOUT * 2,
  );

  it(
    "when the app has a theme and its own ProductCard, then the template's preview draws in the theme and shows the component as its fallback",
    async () => {
      const { page } = await suite.openPage();
      const { app, template } = await developer(page, { micros: 0 });
      const theme = { light: { primary: "#6d28d9" }, dark: { primary: "#c4b5fd" }, radius: 4 };
      expect((await callInPage(page, "PUT", `/apps/api/v1/appearance/${app.id}/theme/`, { theme })).status).toBe(200);
      expect(
        (await callInPage(page, "PUT", `/apps/api/v1/appearance/${app.id}/components/ProductCard/`, { component: productCard() }))
          .status,
      ).toBe(200);
      const code =
        'screen("Shop")\ncustom("ProductCard", {title: "Ceramic mug", price: 14, name: "mug", onPress: {event: "add_to_cart"}})';
      expect((await callInPage(page, "PATCH", `/apps/api/v1/templates/${app.id}/update/${template.id}/`, { code })).status).toBe(
        200,
      );
      await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      const card = preview(page).locator('[data-gu-name="mug_fallback"]');
      await card.waitFor({ timeout: 60_000 });
      expect(await card.textContent()).toContain("Ceramic mug");
      const button = card.getByRole("button", { name: "Add to cart" });
      const drawn = await eventually(
        () =>
          button.evaluate((el) => ({
            background: getComputedStyle(el).backgroundColor,
            radius: getComputedStyle(el).borderTopLeftRadius,
          })),
        (d) => d.background === "rgb(109, 40, 217)",
        60_000,
      );
      expect(drawn).toEqual({ background: "rgb(109, 40, 217)", radius: "0px" });
      await expect(preview(page).locator(".gu-notice").count()).resolves.toBe(0);
      await shoot(page, "template-editor-app-look");
    },
    TIMEOUT,
  );

  it(
    "when the code is cleared, then the preview empties and Save is refused with a toast; typing brings the preview back after a pause",
    async () => {
      const { page } = await suite.openPage();
      const { app, template } = await developer(page, { micros: 0 });
      const code = 'screen("Hello")\nheading("Hello from a template")';
      expect((await callInPage(page, "PATCH", `/apps/api/v1/templates/${app.id}/update/${template.id}/`, { code })).status).toBe(
        200,
      );
      await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      // A template with code starts in Code mode.
      await expect(page.getByRole("radio", { name: "Code" }).isChecked()).resolves.toBe(true);
      await preview(page).getByRole("heading", { name: "Hello from a template" }).waitFor();

      await page.getByRole("button", { name: "Clear" }).click();
      await page.getByText("Nothing to show yet.").waitFor();
      expect(
        await eventually(
          () => monacoText(page),
          (t) => t.trim() === "",
        ),
      ).toBe("");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await toast(page, "Nothing to save").waitFor();
      await expect(page.getByRole("dialog", { name: "Enter your template details" }).count()).resolves.toBe(0);
      expect((await retrieve(page, app.id, template.id)).body.code).toBe(code);

      // Typed code renders once typing has paused for 600 ms (SPEC §9).
      await page.getByTestId("code-editor").locator(".view-lines").click();
      await page.keyboard.type('heading("Typed again")');
      await preview(page).getByRole("heading", { name: "Typed again" }).waitFor();
      // A syntax error: the band, and the last screen stays.
      await page.keyboard.type(")");
      const band = page.getByRole("alert").filter({ hasText: "Syntax error" });
      await band.waitFor();
      await expect(preview(page).getByRole("heading", { name: "Typed again" }).isVisible()).resolves.toBe(true);
    },
    TIMEOUT,
  );

  it(
    "when AI cannot answer (no credits), then its message shows in the preview's error band and the code stays",
    async () => {
      const { page } = await suite.openPage();
      const { app, template } = await developer(page, { micros: 0 });
      await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      await page.getByRole("textbox", { name: "Ask AI" }).fill("A to-do list");
      await page.getByRole("button", { name: "Send" }).click();
      const band = page.getByRole("alert").filter({ hasText: "AI could not change the template" });
      await band.waitFor({ timeout: 30_000 });
      await expect(page.getByRole("textbox", { name: "Ask AI" }).inputValue()).resolves.toBe("A to-do list");
      await page.getByText("No code yet.").waitFor();
    },
    TIMEOUT,
  );

  it(
    "when the editor is shown at 1280 and 375 px in both themes, with the dialog open, then axe finds nothing and 360 px has no sideways scroll",
    async () => {
      const setup = await suite.openPage();
      const { app, template } = await developer(setup.page, { micros: 0 });
      await callInPage(setup.page, "PATCH", `/apps/api/v1/templates/${app.id}/update/${template.id}/`, {
        code: DSL_EXAMPLE,
        name: "Checkout",
        description: "A cart with its order and a Pay button",
        status: "publish",
      });
      const cookies = await setup.context.cookies();
      for (const theme of ["light", "dark"] as Theme[]) {
        for (const width of [1280, 375]) {
          const { page, context } = await suite.openPage({ theme, width, height: width < 400 ? 812 : 900 });
          await context.addCookies(cookies);
          await context.addInitScript(() => localStorage.setItem("is_logged_in", "1"));
          await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
          await preview(page).getByRole("heading", { name: "Your cart" }).waitFor();
          await page.getByTestId("code-editor").locator(".view-lines").waitFor();
          await expect(statusBadge(page).textContent()).resolves.toBe("Published");
          await settled(page);
          await expect(describedAxeViolations(page)).resolves.toEqual([]);
          await shoot(page, `template-editor-${width}-${theme}`, { fullPage: width < 400 });
          if (width < 400) await expect(horizontalOverflow(page)).resolves.toBe(0);

          await page.getByRole("radio", { name: "AI" }).check();
          await page.getByRole("textbox", { name: "Ask AI" }).waitFor();
          await expect(describedAxeViolations(page)).resolves.toEqual([]);
          if (width > 400) await shoot(page, `template-editor-ai-${width}-${theme}`, { fullPage: false });

          await page.getByRole("button", { name: "Save", exact: true }).click();
          const dialog = page.getByRole("dialog", { name: "Enter your template details" });
          await dialog.waitFor();
          await expect(dialog.getByRole("button", { name: "Pause" }).isVisible()).resolves.toBe(true);
          await expect(describedAxeViolations(page)).resolves.toEqual([]);
          await shoot(page, `template-editor-dialog-${width}-${theme}`, { fullPage: false });
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
        }
      }
      const narrow = await suite.openPage({ width: 360, height: 780 });
      await narrow.context.addCookies(cookies);
      await narrow.context.addInitScript(() => localStorage.setItem("is_logged_in", "1"));
      await narrow.page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      await preview(narrow.page).getByRole("heading", { name: "Your cart" }).waitFor();
      await expect(horizontalOverflow(narrow.page)).resolves.toBe(0);
    },
    TIMEOUT * 3,
  );
});
