import { screenshotPath } from "@genui/testkit";
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { askInChat } from "../support/chat";
import { credit } from "../support/developer";
import {
  activeAppWithTemplateInPage,
  browserSuite,
  chooseTheme,
  describedAxeViolations,
  horizontalOverflow,
  shoot,
  signUpInPage,
  type Theme,
} from "../support/pages";

/**
 * Forms from the built-in generator as people ask for them, on the real platform in Chromium: the chat page (a job
 * application with a CV upload, then "add a phone field") and the template editor's Ask AI (a form whose list ends with
 * "a submit button"). The CV is a file input offering PDF or Word.
 */

const TIMEOUT = 180_000;
const BARISTA = "A job application form for a barista with CV upload";
const DINNER = "A dinner reservation form with name, email, date, number of guests and a submit button";

describe("forms the built-in generator makes, in Chromium", () => {
  const suite = browserSuite({ generation: { workers: 1 } });

  /** A signed-in user with $5 of credit; the page is on the site. */
  async function richUser(page: Page): Promise<void> {
    const user = await signUpInPage(page, suite.url(), `forms-${randomUUID()}@genui.dev`);
    await credit(suite.stack, user.id, 5_000_000);
  }

  const ask = askInChat;

  /** The labels of the text fields of a generated screen. */
  const textboxNames = (scope: Locator) =>
    scope
      .getByRole("textbox")
      .evaluateAll((els) =>
        els.map((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.getAttribute("aria-label") ?? ""),
      );

  it(
    "when a barista job application with CV upload is asked for in the chat, then it is titled for the role, asks for the CV, and adding a phone field does not add a second one",
    async () => {
      const { page, errors } = await suite.openPage();
      await richUser(page);
      await page.goto(suite.url("/chat"));
      await page.getByRole("heading", { name: "Ask me anything" }).waitFor();

      const first = await ask(page, BARISTA, 0);
      await first.getByRole("heading", { name: "Barista job application" }).waitFor();
      await first.getByText(/^Apply for the barista position/).waitFor();
      expect(await first.getByText(/CV · Barista/).count()).toBe(0);
      // The CV: a file input of its own, offering PDF or Word; choosing a file shows its name.
      const cv = first.getByLabel("CV (PDF or Word)");
      await expect(cv.getAttribute("type")).resolves.toBe("file");
      await expect(cv.getAttribute("accept")).resolves.toBe(".pdf,.doc,.docx");
      await cv.setInputFiles({ name: "asha-rao-cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
      expect(await cv.evaluate((el) => [...((el as HTMLInputElement).files ?? [])].map((f) => f.name))).toEqual([
        "asha-rao-cv.pdf",
      ]);
      // One submit, no field named after a button; placeholders are hints, not typed-in names.
      expect(await first.locator("button").allInnerTexts()).toEqual(["Send application"]);
      await expect(first.getByRole("textbox", { name: "Full name" }).getAttribute("placeholder")).resolves.toBe(
        "First and last name",
      );
      expect((await textboxNames(first)).filter((l) => l === "Phone")).toHaveLength(1);

      for (const theme of ["light", "dark"] as Theme[]) {
        await chooseTheme(page, theme);
        await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
        await page.mouse.move(0, 0);
        await page.getByRole("tooltip").waitFor({ state: "detached" });
        await first.scrollIntoViewIfNeeded();
        await shoot(page, `c2-forms-barista-1280-${theme}`, { fullPage: false });
      }

      expect(await describedAxeViolations(page)).toEqual([]);

      // The follow-up: the Phone field is there already, so the screen is the same, with one Phone field. (Not checked
      // with axe: two answers titled alike in one conversation are two regions of the same name, whatever they hold.)
      const second = await ask(page, "add a phone field", 1);
      await second.getByRole("heading", { name: "Barista job application" }).waitFor();
      await page.getByText(/^You: add a phone field$/).scrollIntoViewIfNeeded();
      expect((await textboxNames(second)).filter((l) => /phone|telephone|mobile/i.test(l))).toEqual(["Phone"]);
      expect(await textboxNames(second)).toEqual(await textboxNames(first));
      await shoot(page, "c2-forms-barista-edit-1280-dark", { fullPage: false });
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  for (const theme of ["light", "dark"] as Theme[]) {
    it(
      `when the forms are asked for on a phone (390 px) in the ${theme} theme, then the CV field and the one submit button fit, with nothing sideways`,
      async () => {
        const { page } = await suite.openPage({ width: 390, height: 844 });
        await richUser(page);
        await page.goto(suite.url("/chat"));
        await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
        await chooseTheme(page, theme);
        await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
        await page.mouse.move(0, 0);
        await page.getByRole("tooltip").waitFor({ state: "detached" });

        const barista = await ask(page, BARISTA, 0);
        await barista.getByLabel("CV (PDF or Word)").waitFor();
        expect(await barista.locator("button").allInnerTexts()).toEqual(["Send application"]);
        await barista.getByRole("heading", { name: "Barista job application" }).scrollIntoViewIfNeeded();
        await shoot(page, `c2-forms-barista-390-${theme}`, { fullPage: false });
        await barista.getByRole("button", { name: "Send application" }).scrollIntoViewIfNeeded();
        await shoot(page, `c2-forms-barista-cv-390-${theme}`, { fullPage: false });

        const dinner = await ask(page, DINNER, 1);
        await dinner.getByRole("textbox", { name: "Name" }).waitFor();
        expect(await dinner.getByRole("textbox", { name: /button/i }).count()).toBe(0);
        expect(await dinner.getByRole("button").allInnerTexts()).toEqual(["Submit"]);
        await dinner.scrollIntoViewIfNeeded();
        await shoot(page, `c2-forms-dinner-390-${theme}`, { fullPage: false });
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await describedAxeViolations(page)).toEqual([]);
      },
      TIMEOUT,
    );
  }

  it(
    "when the template editor's Ask AI is given a form ending in 'and a submit button', then the preview has one Submit button and no field called Submit button",
    async () => {
      const { page, errors } = await suite.openPage();
      await richUser(page);
      const { app, template } = await activeAppWithTemplateInPage(page);
      await page.goto(suite.url(`/preview/${app.id}/${template.id}`));
      await page.getByRole("heading", { name: "Untitled template", level: 1 }).waitFor();
      const prompt = page.getByRole("textbox", { name: "Ask AI" });
      await prompt.fill(DINNER);
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByLabel("Current UI code").waitFor({ timeout: 60_000 });
      const preview = page.getByTestId("preview-surface");
      await preview.getByRole("textbox", { name: "Name" }).waitFor();
      expect(await preview.getByRole("textbox", { name: /button/i }).count()).toBe(0);
      expect(await preview.getByText("Submit button").count()).toBe(0);
      expect(await preview.getByRole("button").allInnerTexts()).toEqual(["Submit"]);
      await expect(page.getByLabel("Current UI code").textContent()).resolves.not.toMatch(/Submit button/);
      await page.getByText("Evaluating…").waitFor({ state: "detached" });
      await preview.getByRole("button", { name: "Submit" }).scrollIntoViewIfNeeded();
      for (const theme of ["light", "dark"] as Theme[]) {
        await chooseTheme(page, theme);
        await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
        await page.mouse.move(0, 0);
        await page.getByRole("tooltip").waitFor({ state: "detached" });
        await shoot(page, `c2-forms-template-editor-1280-${theme}`, { fullPage: false });
      }
      // On a phone: the preview's form and its one button, in both themes (chosen where the header shows them).
      for (const theme of ["light", "dark"] as Theme[]) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await chooseTheme(page, theme);
        await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
        await page.setViewportSize({ width: 390, height: 844 });
        await preview.screenshot({ path: screenshotPath(`c2-forms-template-editor-390-${theme}`) });
      }
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );
});
