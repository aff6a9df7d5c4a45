import { randomUUID } from "node:crypto";
import OpenAI from "openai";
import type { Page, Request } from "playwright-core";
import { credit, newDeveloper } from "../support/developer";
import { eventually } from "../support/eventually";
import { browserSuite, shoot, signUpInPage } from "../support/pages";
import { bundle, firstText, requireBuilt, startStreamHost, type StreamHost } from "../support/stream-host";
import type { Screen } from "@genui/ui-runtime";

/**
 * A conversation that follows its user (docs/api.md "Stored completions", the web app's chat): the chat and the
 * full-screen GenUI page store every answer for the signed-in user, tagged with the conversation, and a browser that
 * has none of its own — another device, here a new browser context with empty storage — rebuilds the latest one after
 * signing in: the user's turns, the actions in words, and every screen (the last from the stored answer, the earlier
 * ones from their code). And a host page drawing a stored completion by id with the app's publishable key
 * (`<genui-screen completion-id>`, `<GenUI completionId>`).
 */

const suite = browserSuite({ generation: { workers: 1 } });

const PASSWORD = "password123";
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const finished = (page: Page) => page.locator('[data-testid="assistant-message"][data-pending="false"]');
const conversationText = (page: Page) => page.getByRole("list", { name: "Conversation" }).innerText();

/** The chat's requests for answers, as the page sends them. */
function askedBodies(page: Page): Record<string, unknown>[] {
  const asked: Record<string, unknown>[] = [];
  page.on("request", (r: Request) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/apps/api/v1/auth-chat/completions")
      asked.push(r.postDataJSON() as Record<string, unknown>);
  });
  return asked;
}

/** What the page logs as warnings (a restore that fails says so there). */
function warnings(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning" || m.type() === "error") seen.push(m.text());
  });
  return seen;
}

/** Signs in through the page's blocking login dialog, as a user on a new device does. */
async function signInThroughDialog(page: Page, title: string, email: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** A new user with credit, signed up in `page`. */
async function newUser(page: Page): Promise<string> {
  const email = `rehydrate-${randomUUID()}@genui.dev`;
  const user = await signUpInPage(page, suite.url(), email, PASSWORD);
  await credit(suite.stack, user.id, 5_000_000);
  return email;
}

describe("a conversation rebuilt on another device", () => {
  it("when a user chats on one device and opens the chat on another, then the same conversation shows with every screen, and goes on there", async () => {
    // The first device: a conversation of a prompt, an action on its screen and the answer to it.
    const a = await suite.openPage();
    const email = await newUser(a.page);
    const askedA = askedBodies(a.page);
    await a.page.goto(suite.url("/chat"));
    await composer(a.page).fill("A signup form with name, email and password");
    await composer(a.page).press("Enter");
    await finished(a.page).first().waitFor();
    await a.page.getByTestId("assistant-message").first().getByRole("button").last().click();
    await finished(a.page).nth(1).waitFor();
    const shownA = await conversationText(a.page);
    expect(await a.page.getByText(/^Action: /).count()).toBe(1);
    // Every request asked to be stored, tagged with one conversation of the chat without an app.
    expect(askedA).toHaveLength(2);
    const conversation = (askedA[0]!.metadata as { conversation: string }).conversation;
    expect(conversation).toMatch(/^[0-9a-f-]{36}$/);
    for (const body of askedA) expect(body).toMatchObject({ store: true, metadata: { conversation, app: "none", page: "chat" } });
    await shoot(a.page, "chat-rehydrate-first-device");

    // Another device: nothing in its storage; it signs in and the conversation is rebuilt from the server.
    const b = await suite.openPage();
    const logged = warnings(b.page);
    const askedB = askedBodies(b.page);
    await b.page.goto(suite.url("/chat"));
    expect(await b.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("genui-chat")))).toEqual([]);
    await signInThroughDialog(b.page, "Sign in to chat", email);
    await finished(b.page).nth(1).waitFor({ timeout: 60_000 });
    // The earlier screen comes from its code: the whole conversation reads as on the first device once it is drawn.
    const shownB = await eventually(
      () => conversationText(b.page),
      (text) => text === shownA,
      60_000,
    );
    expect(shownB).toBe(shownA);
    expect(await b.page.getByTestId("assistant-message").count()).toBe(2);
    for (const i of [0, 1])
      expect(
        await b.page.getByTestId("assistant-message").nth(i).locator("h1, h2, h3, p, button, input").count(),
      ).toBeGreaterThan(0);
    expect(await b.page.getByText(/^Action: /).count()).toBe(1);
    await b.page.getByTestId("assistant-message").first().scrollIntoViewIfNeeded();
    await shoot(b.page, "chat-rehydrate-second-device");
    // Kept on this device now, as the same conversation.
    const kept = await b.page.evaluate(() => localStorage.getItem("genui-chat:v2:default"));
    expect(JSON.parse(kept ?? "{}")).toMatchObject({ id: conversation, messages: expect.any(Array) });

    // It goes on here: the next question carries the whole history and the same conversation.
    await composer(b.page).fill("Add a phone number field");
    await composer(b.page).press("Enter");
    await finished(b.page).nth(2).waitFor();
    expect(askedB).toHaveLength(1);
    expect(askedB[0]).toMatchObject({ store: true, metadata: { conversation, app: "none", page: "chat" } });
    expect((askedB[0]!.messages as { role: string }[]).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);

    // "New chat" starts another conversation, which a reload keeps (the old one is not brought back).
    await b.page.getByRole("button", { name: "New chat" }).click();
    await b.page.getByRole("heading", { name: "Ask me anything" }).waitFor();
    const fresh = JSON.parse((await b.page.evaluate(() => localStorage.getItem("genui-chat:v2:default"))) ?? "{}") as {
      id: string;
      messages: unknown[];
    };
    expect(fresh.messages).toEqual([]);
    expect(fresh.id).not.toBe(conversation);
    const lookedUp: string[] = [];
    b.page.on("request", (r) => {
      if (r.method() === "GET" && new URL(r.url()).pathname === "/apps/api/v1/auth-chat/completions") lookedUp.push(r.url());
    });
    const signedIn = b.page.waitForResponse((r) => new URL(r.url()).pathname === "/accounts/api/v1/me/");
    await b.page.reload();
    expect((await signedIn).status()).toBe(200);
    await b.page.getByRole("heading", { name: "Ask me anything" }).waitFor();
    // A first message there (the page knew its user before it was sent): the new conversation's, alone on screen.
    await composer(b.page).fill("A to-do list for planning a trip");
    await composer(b.page).press("Enter");
    await finished(b.page).first().waitFor();
    expect(await b.page.getByTestId("assistant-message").count()).toBe(1);
    expect(askedB.at(-1)).toMatchObject({ metadata: { conversation: fresh.id } });
    // This browser held a conversation (the new, empty one): the server was never asked for one.
    expect(lookedUp).toEqual([]);
    expect(logged.filter((w) => /restored|earlier screen/.test(w))).toEqual([]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it("when the GenUI page built a screen on one device, then another device's GenUI page shows it, and the chat keeps its own", async () => {
    const a = await suite.openPage();
    const email = await newUser(a.page);
    await a.page.goto(suite.url("/genui"));
    await a.page.getByRole("list", { name: "Suggestions" }).getByRole("button").first().click();
    const stage = (page: Page) => page.locator('[aria-live="polite"]');
    await eventually(
      () => stage(a.page).locator("h1, h2, h3, p, button").count(),
      (n) => n > 0,
      60_000,
    );
    await a.page.getByRole("button", { name: "Close and start over" }).waitFor();
    await eventually(
      () => stage(a.page).getAttribute("aria-busy"),
      (busy) => busy === "false",
      60_000,
    );
    const screenA = await stage(a.page).innerText();

    const b = await suite.openPage();
    // The chat of this user on the new device: asked, and nothing of the GenUI page's shows there.
    await b.page.goto(suite.url("/chat"));
    const listed = b.page.waitForResponse((r) => r.url().includes("/auth-chat/completions?"), { timeout: 60_000 });
    await signInThroughDialog(b.page, "Sign in to chat", email);
    const answer = await listed;
    expect(answer.status()).toBe(200);
    // The page's own filter (the chat without an app) finds nothing: the GenUI page's answer is not the chat's.
    expect(new URL(answer.url()).searchParams.get("metadata[page]")).toBe("chat");
    expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);
    expect(await b.page.getByRole("heading", { name: "Ask me anything" }).isVisible()).toBe(true);
    expect(await b.page.getByTestId("assistant-message").count()).toBe(0);

    await b.page.goto(suite.url("/genui"));
    const screenB = await eventually(
      () =>
        stage(b.page)
          .innerText()
          .catch(() => ""),
      (text) => text === screenA,
      60_000,
    );
    expect(screenB).toBe(screenA);
    await shoot(b.page, "genui-rehydrate-second-device");
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});

/** The host site's React app: `<GenUI completionId>` (the built @genui/react), drawn by `window.show(key, id)`. */
const REACT_APP = (apiBase: string) => `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { GenUI } from "@genui/react";

const w = window;
w.errors = [];
const root = createRoot(document.getElementById("app"));
w.show = (apiKey, completionId) =>
  root.render(
    createElement(GenUI, {
      apiBase: ${JSON.stringify(apiBase)},
      apiKey,
      completionId,
      width: "100%",
      debug: true,
      onError: (m) => w.errors.push(m),
    }),
  );
w.ready = true;
`;

describe("a host page draws a stored completion by id", () => {
  let host: StreamHost;
  let other: StreamHost;
  let completionId: string;
  let screen: Screen;
  let publishableKey: string;

  beforeAll(async () => {
    requireBuilt("frontend/embed/dist/lib/index.mjs", "frontend/embed/dist/genui-loader.js", "frontend/iframe/dist/index.html");
    [host, other] = await Promise.all([startStreamHost(), startStreamHost()]);
    // The app is the host's website: its publishable key is accepted from there only.
    const dev = await newDeveloper(suite.stack, 2_000_000, { url: host.url });
    publishableKey = dev.publishableKey;
    const client = new OpenAI({ baseURL: suite.url("/apps/api/v1"), apiKey: dev.apiKey, maxRetries: 0 });
    const created = await client.chat.completions.create({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "A pricing table with three plans" }],
      store: true,
    });
    completionId = created.id;
    screen = (JSON.parse(created.choices[0]!.message.content!) as { json: Screen }).json;
    const api = suite.url();
    const loaderPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A stored screen</title>
      <script src="${api}/apps/api/v1/embed/genui-loader.js"></script></head>
      <body style="margin:0;background:#f3f4f6"><main style="max-width:760px;margin:0 auto;padding:16px">
      <h1 style="font:600 18px system-ui">Our plans, as the assistant made them</h1>
      <genui-screen id="stored" api-base="${api}" api-key="${publishableKey}" completion-id="${completionId}" width="100%" debug></genui-screen>
      </main></body></html>`;
    host.page("/loader", loaderPage);
    other.page("/loader", loaderPage);
    host.page("/app.js", await bundle("chat-rehydrate-react", REACT_APP(api)));
    host.page(
      "/react",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A stored screen in React</title></head>
      <body style="margin:0"><main style="max-width:760px;margin:0 auto;padding:16px"><div id="app"></div></main>
      <script src="/app.js"></script></body></html>`,
    );
  }, 240_000);
  afterAll(async () => {
    await host?.close();
    await other?.close();
  });

  it("when the app's page names a stored completion, then <genui-screen> and <GenUI> draw its screen with the publishable key", async () => {
    const { page, errors } = await suite.openPage({ width: 900, height: 1000 });
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/chat/completions/")) reads.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`${host.url}/loader`);
    const text = firstText(screen);
    await page.frameLocator("#stored iframe").getByText(text).first().waitFor({ timeout: 60_000 });
    expect(await page.locator("genui-screen").getByRole("alert").count()).toBe(0);
    expect(reads).toEqual([`GET /apps/api/v1/chat/completions/${completionId}`]);
    await shoot(page, "embed-stored-completion-loader");

    await page.goto(`${host.url}/react`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    await page.evaluate(({ key, id }) => (window as unknown as { show(key: string, id: string): void }).show(key, id), {
      key: publishableKey,
      id: completionId,
    });
    await page.frameLocator("iframe").getByText(text).first().waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([]);
    await shoot(page, "embed-stored-completion-react");
    expect(errors).toEqual([]);
  });

  it("when another website uses the key to read it, then it is refused and the error band says why", async () => {
    const { page } = await suite.openPage({ width: 900, height: 600 });
    await page.goto(`${other.url}/loader`);
    const band = page.locator("#stored").getByRole("alert");
    await band.filter({ hasText: /origin/i }).waitFor({ timeout: 60_000 });
    expect(await page.frameLocator("#stored iframe").getByText(firstText(screen)).count()).toBe(0);
    await shoot(page, "embed-stored-completion-other-origin");
  });
});
