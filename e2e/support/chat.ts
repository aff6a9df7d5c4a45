import type { Locator, Page } from "playwright-core";

/** The chat's message box. */
export const chatComposer = (page: Page): Locator => page.getByRole("textbox", { name: "Message" });

/** The chat's answers that have finished streaming, in order. */
export const finishedAnswers = (page: Page): Locator => page.locator('[data-testid="assistant-message"][data-pending="false"]');

/** Sends `text` in the chat and waits (up to a minute) for its whole answer, the `n`th finished one (from 0). */
export async function askInChat(page: Page, text: string, n: number): Promise<Locator> {
  await chatComposer(page).fill(text);
  await chatComposer(page).press("Enter");
  const answer = finishedAnswers(page).nth(n);
  await answer.waitFor({ timeout: 60_000 });
  return answer;
}
