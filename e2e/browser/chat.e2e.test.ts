import { launchBrowser } from "@genui/testkit";
import type { Browser, Page } from "playwright-core";
import { credit } from "../support/developer";
import { eventually } from "../support/eventually";
import { axeViolations, describeViolations, openPage, overflowsHorizontally, shoot, signUpInPage } from "../support/pages";
import { DEMO, startStack, type Stack } from "../support/stack";

/** The chat and the full-screen GenUI page against the real platform with the offline generator. */
describe("chat and GenUI in Chromium", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    // A paced generator (tokens per second) so a stream lasts long enough to watch it build.
    stack = await startStack({ generation: { workers: 1, workerEnv: { OFFLINE_TOKENS_PER_SECOND: "300" } } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A signed-in user with $5 of credit. */
  async function richUser(page: Page): Promise<void> {
    const user = await signUpInPage(page, stack.bff.url);
    await credit(stack, user.id, 5_000_000);
  }

  const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });

  /**
   * Records, in the page, whether a generated component was ever in the DOM of an answer still streaming. A locator
   * polled from here can miss a short pending phase on a loaded machine; a MutationObserver sees every change.
   */
  async function watchPendingComponents(page: Page): Promise<() => Promise<boolean>> {
    await page.evaluate(() => {
      const w = window as unknown as { __pendingComponentSeen?: boolean };
      w.__pendingComponentSeen = false;
      const selector = '[data-testid="assistant-message"][data-pending="true"] :is(h1, h2, h3, p, button, table, svg)';
      new MutationObserver((_changes, observer) => {
        if (document.querySelector(selector)) {
          w.__pendingComponentSeen = true;
          observer.disconnect();
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    return () => page.evaluate(() => (window as unknown as { __pendingComponentSeen?: boolean }).__pendingComponentSeen === true);
  }

  it("when a logged-out visitor opens /chat, then a login dialog blocks the page until they sign in", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${stack.bff.url}/chat`);
    const dialog = page.getByRole("dialog", { name: "Sign in to chat" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Email", { exact: true }).fill(DEMO.email);
    await dialog.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${stack.bff.url}/chat`);
    await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
    await context.close();
  });

  it("when a prompt is sent, then a skeleton shows, the first component renders before the stream ends, and the whole screen arrives", async () => {
    const { page, context, errors } = await openPage(browser);
    await richUser(page);
    await page.goto(`${stack.bff.url}/chat`);
    await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
    expect(await page.getByRole("list", { name: "Suggestions" }).getByRole("button").count()).toBe(4);
    const asked: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/auth-chat/completions")) asked.push(r.postDataJSON());
    });
    const sawPendingComponent = await watchPendingComponents(page);
    await composer(page).fill("A sales dashboard for this week with a chart");
    await composer(page).press("Enter");
    await page.getByTestId("chat-skeleton").waitFor();
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').waitFor();
    // Something generated was on screen while the answer was still streaming.
    expect(await sawPendingComponent()).toBe(true);
    expect(await composer(page).inputValue()).toBe("");
    // The default stream format: SPEC's snapshots (the request names no other).
    expect(asked).toEqual([expect.not.objectContaining({ stream_format: expect.anything() })]);
    const measure = await page.evaluate(() => {
      const chunk = performance.getEntriesByName("genui:first-chunk")[0]!;
      const shown = performance.getEntriesByName("genui:first-component")[0]!;
      return shown.startTime - chunk.startTime;
    });
    console.warn(`first chunk → first component on screen: ${measure.toFixed(1)} ms`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when the BFF names deltas as the chat's stream format, then the chat asks for deltas, draws the code so far in its sandbox while it streams, and keeps the final screen", async () => {
    const { page, context, errors } = await openPage(browser);
    await richUser(page);
    // The BFF's setting (CHAT_STREAM) as the page reads it: the real /get-config/ answer with chat_stream replaced.
    await page.route("**/get-config/", async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), chat_stream: "deltas" } });
    });
    const asked: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/auth-chat/completions")) asked.push(r.postDataJSON());
    });
    await page.goto(`${stack.bff.url}/chat`);
    const sawPendingComponent = await watchPendingComponents(page);
    await composer(page).fill("A pricing table with three plans");
    await composer(page).press("Enter");
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').waitFor();
    expect(await sawPendingComponent()).toBe(true);
    expect(asked).toEqual([expect.objectContaining({ stream_format: "deltas" })]);
    expect(await page.getByTestId("assistant-message").locator("h1, h2, h3, p, button, table, svg").count()).toBeGreaterThan(0);
    // A reload restores the answer: the history kept its final screen and code.
    const shown = await page.getByTestId("assistant-message").innerText();
    await page.reload();
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').waitFor();
    expect(await page.getByTestId("assistant-message").innerText()).toBe(shown);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when the answer's connection ends mid-answer, then the chat resumes it after the last event it read and shows the whole screen", async () => {
    const { page, context, errors } = await openPage(browser);
    await richUser(page);
    // The first stream reaches the page cut after its 3rd event (as a proxy that drops the connection would leave it).
    let cutAfter = 0;
    await page.route(
      (url) => url.pathname === "/apps/api/v1/auth-chat/completions",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const res = await route.fetch();
        const text = await res.text();
        const events = text.split("\n\n").filter((e) => /^id: \d+$/m.test(e));
        cutAfter = 3;
        await route.fulfill({ response: res, body: `${events.slice(0, cutAfter).join("\n\n")}\n\n` });
      },
    );
    const resumed: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && r.url().includes("/auth-chat/completions/")) resumed.push(r.url());
    });
    const whole: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/auth-chat/completions")) whole.push(r.postDataJSON());
    });
    await page.goto(`${stack.bff.url}/chat`);
    await composer(page).fill("A pricing table with three plans");
    await composer(page).press("Enter");
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').waitFor();
    expect(cutAfter).toBe(3);
    expect(whole).toEqual([expect.objectContaining({ stream_options: { resumable: true } })]);
    expect(resumed).toEqual([
      expect.stringMatching(/\/auth-chat\/completions\/chatcmpl-[0-9a-f]{32}\?stream=true&starting_after=3$/),
    ]);
    // The resumed answer is the whole screen: three plans' buttons.
    const message = page.getByTestId("assistant-message");
    expect(await message.getByRole("button").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole("alert").count()).toBe(0);
    await shoot(page, "chat-resumed");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when Shift+Enter is pressed, then a new line is added instead of sending; a blank message is not sent", async () => {
    const { page, context } = await openPage(browser);
    await richUser(page);
    await page.goto(`${stack.bff.url}/chat`);
    await composer(page).press("Enter");
    await composer(page).type("line one");
    await composer(page).press("Shift+Enter");
    await composer(page).type("line two");
    expect(await composer(page).inputValue()).toBe("line one\nline two");
    expect(await page.getByTestId("assistant-message").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send" }).isEnabled()).toBe(true);
    await composer(page).fill("   ");
    expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("when an action is taken on a generated screen, then it goes back to the model and the screen changes; a reload restores the conversation", async () => {
    const { page, context } = await openPage(browser);
    await richUser(page);
    await page.goto(`${stack.bff.url}/chat`);
    await composer(page).fill("A signup form with name, email and password");
    await composer(page).press("Enter");
    const first = page.getByTestId("assistant-message").first();
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').waitFor();
    const before = await first.innerText();
    const button = first.getByRole("button").last();
    await button.click();
    await page.getByTestId("assistant-message").nth(1).waitFor();
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').nth(1).waitFor();
    const after = await page.getByTestId("assistant-message").nth(1).innerText();
    expect(after).not.toBe(before);
    // What the user did, in words (the button's label, "Created account"), never an internal name like create_account.
    const action = page.getByText(/^Action: /);
    expect(await action.count()).toBe(1);
    expect(await action.innerText()).not.toMatch(/_/);
    await page.reload();
    await page.getByTestId("assistant-message").nth(1).waitFor();
    expect(await page.getByTestId("assistant-message").count()).toBe(2);
    expect(await page.getByText("A signup form with name, email and password").count()).toBe(1);
    await context.close();
  });

  it("when the opening answer is not 200, then its error.message shows in a red alert and the input is disabled until dismissed", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url); // no credit
    await page.goto(`${stack.bff.url}/chat`);
    await composer(page).fill("A to-do list");
    await composer(page).press("Enter");
    const alert = page.getByTestId("chat-error");
    await alert.waitFor();
    expect(await alert.getAttribute("data-type")).toBe("error");
    expect((await alert.innerText()).length).toBeGreaterThan(10);
    expect(await composer(page).isDisabled()).toBe(true);
    await alert.getByRole("button", { name: "Dismiss" }).click();
    expect(await composer(page).isEnabled()).toBe(true);
    await context.close();
  });

  it("when a message is sent before the models list has loaded, then it is kept and sent once it has, not dropped", async () => {
    const { page, context } = await openPage(browser);
    await richUser(page);
    // The models list answers only after the message was typed and sent (a slow network or a loaded server).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/apps/api/v1/chat/models/", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.bff.url}/chat`);
    await composer(page).fill("A to-do list with milk, eggs and bread");
    await composer(page).press("Enter");
    // Taken: with no model known yet the message is kept to send and the composer empties.
    expect(
      await eventually(
        () => composer(page).inputValue(),
        (v) => v === "",
      ),
    ).toBe("");
    release();
    await page.locator('[data-testid="assistant-message"][data-pending="false"]').first().waitFor();
    expect(await page.getByText("A to-do list with milk, eggs and bread").count()).toBe(1);
    await context.close();
  });

  it("when the thinking model is picked, then the Thinking and Internet toggles appear", async () => {
    const { page, context } = await openPage(browser);
    await richUser(page);
    await page.goto(`${stack.bff.url}/chat`);
    await page.getByRole("button", { name: /^Model:/ }).click();
    const options = page.getByRole("listbox", { name: "Models" }).getByRole("option");
    expect(await options.count()).toBeGreaterThanOrEqual(2);
    const thinking = page.getByRole("option", { name: /Thinking/ });
    await thinking.click();
    await page.getByRole("button", { name: "Thinking", exact: true }).waitFor();
    await page.getByRole("button", { name: "Internet", exact: true }).waitFor();
    await context.close();
  });

  it("when GenUI is opened, then four suggestions show; one builds a full screen and the bar collapses to a close button that resets", async () => {
    const { page, context } = await openPage(browser);
    await richUser(page);
    await page.goto(`${stack.bff.url}/genui`);
    const suggestions = page.getByRole("list", { name: "Suggestions" }).getByRole("button");
    await suggestions.first().waitFor();
    expect(await suggestions.allInnerTexts()).toEqual([
      "A health care website for women",
      "A Python tutorial website",
      "A pets care ecommerce website",
      "An astrology website",
    ]);
    await page.getByRole("button", { name: "A pets care ecommerce website" }).click();
    const close = page.getByRole("button", { name: "Close and start over" });
    await close.waitFor();
    await page.waitForFunction(() => document.querySelectorAll("main button").length > 2);
    await page.locator('main [aria-live="polite"][aria-busy="false"]').waitFor();
    await shoot(page, "genui-1280-light");
    // An action on the screen goes back to the model and brings the next screen. The stage is the live region: a
    // chart still loading inside it is busy too (a status of its own), so "[aria-busy]" alone can match two elements.
    const stage = page.locator('main [aria-live="polite"][aria-busy]');
    const before = await stage.innerText();
    // The site's navigation leads to the page it names ("Home" would be this same page).
    await stage.getByRole("button", { name: "About", exact: true }).click();
    await page.waitForFunction((b) => document.querySelector('main [aria-live="polite"][aria-busy]')?.textContent !== b, before);
    await page.locator('main [aria-live="polite"][aria-busy="false"]').waitFor();
    expect(await stage.innerText()).not.toBe(before);
    await stage.getByRole("heading", { name: /^About · / }).waitFor();
    await close.click();
    await page.getByRole("list", { name: "Suggestions" }).waitFor();
    await context.close();
  });

  for (const theme of ["light", "dark"] as const) {
    for (const width of [1280, 375]) {
      it(`when chat shows a generated screen at ${width} px in the ${theme} theme, then axe finds no violations`, async () => {
        const { page, context } = await openPage(browser, { width, theme });
        await richUser(page);
        await page.goto(`${stack.bff.url}/chat`);
        await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
        await shoot(page, `chat-empty-${width}-${theme}`);
        expect(describeViolations(await axeViolations(page))).toEqual([]);
        await composer(page).fill("A pricing table with three plans");
        await composer(page).press("Enter");
        await page.locator('[data-testid="assistant-message"][data-pending="false"]').waitFor();
        await shoot(page, `chat-${width}-${theme}`);
        expect(describeViolations(await axeViolations(page))).toEqual([]);
        expect(await overflowsHorizontally(page)).toBe(false);
        await context.close();
      });
    }
  }
});
