import { randomUUID } from "node:crypto";
import { screenshotPath } from "@genui/testkit";
import type { Locator, Page } from "playwright-core";
import { askInChat, finishedAnswers } from "../support/chat";
import { credit } from "../support/developer";
import {
  browserSuite,
  chooseTheme,
  describedAxeViolations,
  horizontalOverflow,
  signUpInPage,
  type Theme,
} from "../support/pages";

/**
 * A quiz and a plan comparison from the built-in generator, typed into the chat as a new user would ([C2]), walked to
 * their end on the real platform in Chromium: a capitals quiz about real capitals whose progress moves with each answer
 * and whose "Check answers" scores it; three phone plans compared on their own features, one chosen and confirmed.
 * Screenshots of each step in light and dark at 1280×800 and 390×844 (test-results/screenshots/c2-quiz-*.png,
 * c2-plans-*.png).
 */

const TIMEOUT = 240_000;
const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

describe("a quiz and a plan comparison walked to their end (Chromium, the built-in generator)", () => {
  const suite = browserSuite({ generation: { workers: 1 } });

  const answers = finishedAnswers;

  /** A signed-in user with $5 of credit, on the chat page at a width. */
  async function chatAt(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await suite.openPage({ width, height });
    const user = await signUpInPage(page, suite.url(), `c2-quiz-${randomUUID()}@genui.dev`);
    await credit(suite.stack, user.id, 5_000_000);
    await page.goto(suite.url("/chat"));
    // A generous cap: on a loaded machine the first load of the chat (its bundle, the models list) can be slow.
    await page.getByRole("heading", { name: "Ask me anything" }).waitFor({ timeout: 60_000 });
    return { page, errors };
  }

  const ask = askInChat;

  /** Presses a button of a screen and waits for the answer it brings (the `n`th, from 0). */
  async function press(page: Page, scope: Locator, name: string, n: number): Promise<Locator> {
    await scope.getByRole("button", { name, exact: true }).click();
    const answer = answers(page).nth(n);
    await answer.waitFor({ timeout: 60_000 });
    return answer;
  }

  /**
   * For a shot of a whole answer: the site's header and the composer hidden (not a screen's own card headers), and the
   * conversation's scrolling box let out to its full height so a tall answer is drawn whole on a phone.
   */
  const SHOT_STYLE =
    "header:not(.gu-root header), form:has(textarea) { visibility: hidden !important; } " +
    '*:has(ol[aria-label="Conversation"]) { height: auto !important; max-height: none !important; overflow: visible !important; }';

  /** The answer in light and dark (the app's own theme switch). */
  async function shoot(page: Page, answer: Locator, name: string, width: number): Promise<void> {
    for (const theme of ["light", "dark"] as Theme[]) {
      await chooseTheme(page, theme);
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
      await page.mouse.move(0, 0);
      await page.getByRole("tooltip").waitFor({ state: "detached" });
      await answer.screenshot({
        path: screenshotPath(`c2-${name}-${width}-${theme}`),
        style: SHOT_STYLE,
      });
    }
    await chooseTheme(page, "light");
    // The pointer left on the theme switch would open its tooltip (outside the page's landmarks) under the checks that
    // follow the shot; a user moving on takes it away too.
    await page.mouse.move(0, 0);
    await page.getByRole("tooltip").waitFor({ state: "detached" });
  }

  for (const [width, height] of SIZES) {
    it(
      `when a quiz about world capitals is asked for at ${width} px, then it asks real capitals, its progress moves with each answer, and Check answers scores every question`,
      async () => {
        const { page, errors } = await chatAt(width, height);
        const quiz = await ask(page, "a quiz about world capitals", 0);
        await quiz
          .getByRole("heading", { name: /capitals/i })
          .first()
          .waitFor();
        const text = await quiz.innerText();
        // About capitals, not general-knowledge trivia.
        for (const w of ["Mars", "continents", "minutes in a day", "Red Planet"]) expect(text).not.toContain(w);
        expect(text.match(/What is the capital of /g)).toHaveLength(5);
        const bar = quiz.getByRole("progressbar");
        expect(await bar.getAttribute("aria-valuenow")).toBe("0");
        await shoot(page, quiz, "quiz-capitals", width);

        // Each answer moves the progress bar, on the screen itself.
        const picked: string[] = [];
        for (let i = 1; i <= 5; i++) {
          const choice = quiz.locator(`select[name="answer_${i}"]`);
          // Alternate first and second choices, so some are right and some wrong whatever the order of the options.
          const label = await choice
            .locator("option:not([disabled])")
            .nth(i % 2)
            .innerText();
          await choice.selectOption({ label });
          picked.push(label);
          await quiz.locator(`[role="progressbar"][aria-valuenow="${i}"]`).waitFor();
        }
        await shoot(page, quiz, "quiz-answered", width);

        // Checked: a score, and each question's answer against the right one — not a form's "We received your details".
        const results = await press(page, quiz, "Check answers", 1);
        const heading = await results.getByRole("heading", { level: 1 }).innerText();
        const score = Number(/^You scored (\d) of 5$/.exec(heading)?.[1]);
        expect(score).toBeGreaterThanOrEqual(0);
        const said = await results.innerText();
        expect(said).not.toContain("We received your details");
        for (const p of picked) expect(said).toContain(`your answer: ${p}`);
        expect(said.match(/Right — your answer/g)?.length ?? 0).toBe(score);
        expect(said.match(/Wrong — your answer: .+; the right answer is /g)?.length ?? 0).toBe(5 - score);
        await shoot(page, results, "quiz-scored", width);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await describedAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      `when a quiz on a subject with no questions on record is asked for at ${width} px, then it is a builder under that subject, and the quiz made in it is played and scored`,
      async () => {
        const { page, errors } = await chatAt(width, height);
        const builder = await ask(page, "a quiz about the solar system", 0);
        await builder
          .getByRole("heading", { name: /solar system/i })
          .first()
          .waitFor();
        const text = await builder.innerText();
        for (const w of ["Mars", "Red Planet", "continents", "minutes in a day"]) expect(text).not.toContain(w);
        await builder.locator('input[name="question_1_text"]').fill("Which planet is closest to the Sun?");
        await builder.locator('input[name="question_1_answers"]').fill("Venus, Mercury, Mars");
        await builder.locator('input[name="question_1_right"]').fill("Mercury");
        await builder.locator('input[name="question_2_text"]').fill("How many planets are there?");
        await builder.locator('input[name="question_2_answers"]').fill("7, 8, 9");
        await builder.locator('input[name="question_2_right"]').fill("8");
        await shoot(page, builder, "quiz-builder", width);

        const quiz = await press(page, builder, "Create quiz", 1);
        await quiz.getByRole("heading", { name: "1. Which planet is closest to the Sun?" }).waitFor();
        await quiz.locator('select[name="answer_1"]').selectOption({ label: "Mercury" });
        await quiz.locator('[role="progressbar"][aria-valuenow="1"]').waitFor();
        await quiz.locator('select[name="answer_2"]').selectOption({ label: "9" });
        await quiz.locator('[role="progressbar"][aria-valuenow="2"]').waitFor();
        const results = await press(page, quiz, "Check answers", 2);
        await results.getByRole("heading", { name: "You scored 1 of 2" }).waitFor();
        expect(await results.innerText()).toContain("the right answer is 8");
        await shoot(page, results, "quiz-builder-scored", width);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await describedAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      `when three phone plans are compared at ${width} px, then they show data, minutes and texts cheapest first, all of them fit, and choosing one leads to confirming it`,
      async () => {
        const { page, errors } = await chatAt(width, height);
        const plans = await ask(page, "a comparison of three phone plans", 0);
        await plans.getByRole("heading", { name: "Comparison of three phone plans" }).waitFor();
        const text = await plans.innerText();
        for (const w of ["GB", "Minutes", "Texts", "5G", "Hotspot"]) expect(text).toContain(w);
        for (const w of ["Works with your tools", "Secure by default", "Real-time updates"]) expect(text).not.toContain(w);
        // Each plan's card: its name (h2), then its price (h3).
        const prices = (await plans.getByRole("heading", { level: 3 }).allInnerTexts()).map((p) =>
          /^free$/i.test(p) ? 0 : Number(/[\d.]+/.exec(p)?.[0]),
        );
        expect(prices).toHaveLength(3);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        // Every plan is whole on screen: nothing cut at the right edge, nothing scrolls sideways.
        for (const name of ["Basic", "Essentials", "Unlimited"]) {
          const box = await plans.getByRole("button", { name: `Choose ${name}`, exact: true }).boundingBox();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        }
        expect(await horizontalOverflow(page)).toBe(0);
        await shoot(page, plans, "plans-phone", width);

        // Choosing a plan: a step to confirm it, by name and price; the conversation tells what the user did.
        const confirm = await press(page, plans, "Choose Essentials", 1);
        await confirm.getByRole("heading", { name: "Confirm your Essentials plan" }).waitFor();
        expect(await confirm.innerText()).toContain("$30/month");
        // The action's line in the conversation says what the user did, in their words ("Chose Essentials").
        const bubble = page.getByRole("list", { name: "Conversation" }).locator("li").filter({ hasText: "Action:" }).last();
        expect(await bubble.innerText()).toContain("Chose Essentials");
        expect(await bubble.innerText()).not.toMatch(/choose_|_\d/);
        await shoot(page, confirm, "plans-confirm", width);

        const done = await press(page, confirm, "Confirm Essentials", 2);
        await done.getByRole("heading", { name: "You're on Essentials" }).waitFor();
        expect(await done.innerText()).toContain("$30/month");
        await shoot(page, done, "plans-confirmed", width);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await describedAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
