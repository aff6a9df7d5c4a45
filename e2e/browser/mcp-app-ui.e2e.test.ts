import { readFileSync } from "node:fs";
import { launchBrowser, screenshotPath } from "@genui/testkit";
import { plan } from "@genui/planner";
import { resolveTheme, type AppTheme, type Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Browser, Page } from "playwright-core";
import { closeMcpHost, openHost, type McpHost, type OpenHostOptions } from "../support/mcp-host";
import { describeViolations, type AxeViolation } from "../support/pages";
import { realisticAnswer, type Answer } from "../support/stream-host";

// The MCP Apps resource (frontend/mcp-app/dist/mcp-app.html) in the test host (frontend/mcp-app/host/, driven by
// e2e/support/mcp-host.ts): tool input → shimmer, show_ui's result → the screen in the host's look, a press →
// screen_action through the host → the next screen and the host's model context, a failure → a notice and a message
// to the conversation. Screens are the offline generator's (@genui/planner), evaluated like the server does; the
// test answers the app's tools/call itself, as the server would.

const PROMPT = "a signup form with name and email";

type Action = { type: string; component: { name: string; value: unknown } };

/** show_ui's / screen_action's result for a screen (the server's contract). */
const screenResult = (screenId: string, version: number, answer: { code: string; json: Screen }): CallToolResult => {
  const summary = `“${answer.json.name}”: ${answer.json.screen.v1.length} top-level components`;
  return {
    content: [{ type: "text", text: `The user now sees screen ${screenId} (version ${version}), ${summary}.` }],
    structuredContent: { screen_id: screenId, version, json: answer.json, code: answer.code, summary },
  };
};

/** The next screen as the offline generator answers the actions sent from `first` (what screen_action does). */
async function followUp(first: Answer, actions: Action[]): Promise<{ code: string; json: Screen }> {
  const { code } = plan([
    { role: "user", content: first.prompt },
    { role: "assistant", content: first.code },
    ...actions.map((a) => ({ role: "user" as const, content: JSON.stringify(a) })),
  ]);
  const ev = createNodeEvaluator({ timeoutMs: 2000 });
  try {
    const r = await ev.evaluate(code);
    if (!r.ok) throw new Error(`the follow-up screen does not evaluate: ${r.error.message}`);
    return { code, json: r.screen };
  } finally {
    ev.dispose();
  }
}

/** A CSS colour as the browser computes it ("#fffdf7" → "rgb(255, 253, 247)"). */
const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

// The test host's variables (frontend/mcp-app/host/host.ts, HOST_VARIABLES) this test checks a screen against.
const HOST = {
  light: { bg: "#fffdf7", surface: "#f4f1e8", fg: "#262522", muted: "#57554f", inverse: "#262522", inverseFg: "#fffdf7" },
  dark: { bg: "#2b2a27", surface: "#1f1e1c", fg: "#f2efe6", muted: "#c9c5b8", inverse: "#f2efe6", inverseFg: "#262522" },
};

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations (WCAG 2.1 A/AA and best practices) in the app's document, as readable lines. */
async function appAxe(host: McpHost): Promise<string[]> {
  const frame = await host.appFrame();
  // Evaluated through DevTools: the host's policy for the app rightly allows no script from outside it.
  await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    // The app is a part of the host's conversation, not a page of its own: the page-level heading rule does not apply
    // (a generated screen brings its own headings; the shimmer and the notices have none).
    const result = await axe.run(document, {
      resultTypes: ["violations"],
      rules: { "page-has-heading-one": { enabled: false } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return describeViolations(violations);
}

describe("the MCP Apps screen resource in an agent host", () => {
  let browser: Browser;
  let signup: Answer;
  const pages: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    signup = await realisticAnswer(PROMPT);
  });
  afterAll(async () => {
    await browser?.close();
    await closeMcpHost();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((p) => p.close()));
  });

  const open = async (opts: OpenHostOptions = {}): Promise<McpHost> => {
    const page = await browser.newPage({ viewport: { width: 760, height: 900 } });
    pages.push(page);
    return openHost(page, opts);
  };

  /** A host showing the signup screen (show_ui's input, then its result). */
  const showSignup = async (opts: OpenHostOptions = {}) => {
    const host = await open(opts);
    await host.deliverToolInput({ request: PROMPT });
    await host.deliverToolResult(screenResult("scr_signup", 1, signup));
    await host.waitForRenderedComponent("email");
    return host;
  };

  /** Computed styles in the app's frame. */
  const styleOf = (host: McpHost, selector: string, props: string[]) =>
    host.frame
      .locator(selector)
      .first()
      .evaluate((el, ps) => Object.fromEntries(ps.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])), props) as Promise<
      Record<string, string>
    >;

  it("when the host streams the tool input, then the request shows over a shimmer before any result (never a blank frame)", async () => {
    const host = await open();
    await host.frame.getByText("Preparing the screen…").waitFor();
    await host.deliverToolInputPartial({ request: "a signup fo" });
    await host.frame.getByText("Building: a signup fo", { exact: true }).waitFor();
    await host.deliverToolInputPartial({ request: "a signup form with na" });
    await host.frame.getByText("Building: a signup form with na", { exact: true }).waitFor();
    await host.deliverToolInput({ request: PROMPT });
    const status = host.frame.getByRole("status");
    await status.getByText(`Building: ${PROMPT}`, { exact: true }).waitFor();
    const lines = host.frame.locator("[data-testid=genui-skeleton] .gu-skeleton-line");
    expect(await lines.count()).toBe(5);
    // The lines shimmer (the renderer's animation) and have a size.
    const line = await styleOf(host, "[data-testid=genui-skeleton] .gu-skeleton-line", ["animation-name", "height"]);
    expect(line["animation-name"]).toBe("gu-shimmer");
    expect(parseFloat(line.height!)).toBeGreaterThan(10);
    await host.page.screenshot({ path: screenshotPath("mcp-app-skeleton") });
    expect(await appAxe(host)).toEqual([]);
    expect(host.errors()).toEqual([]);
  });

  it("when show_ui's result arrives, then its screen renders in full, and the frame takes the reported height without a scrollbar", async () => {
    const host = await showSignup();
    await host.frame.getByRole("heading", { name: "Create your account", level: 1 }).waitFor();
    await host.frame.getByLabel("Name", { exact: true }).waitFor();
    await host.frame.getByLabel("Email").waitFor();
    await host.frame.getByRole("checkbox", { name: /I accept the terms/ }).waitFor();
    await host.frame.getByRole("button", { name: "Create account" }).waitFor();
    expect(await host.frame.getByTestId("genui-building").count()).toBe(0);
    expect(await host.frame.getByTestId("genui-screen").getAttribute("data-version")).toBe("1");

    // Size reports arrive and the host follows them; the page then fits its frame (no inner scrollbar).
    const sizes = await host.waitFor(
      () => host.sizes(),
      (s) => (s.at(-1)?.height ?? 0) > 300,
    );
    const last = sizes.at(-1)!;
    expect(last.width).toBeGreaterThan(300);
    await host.waitFor(
      () => host.iframeHeight(),
      (h) => h === last.height,
    );
    expect(await host.iframeHeight()).toBe(last.height);
    const fit = await host.frame.locator("html").evaluate((el) => ({
      overflow: getComputedStyle(el).overflowY,
      scroll: el.scrollHeight,
      client: el.clientHeight,
    }));
    expect(fit.overflow).toBe("hidden");
    expect(fit.scroll).toBeLessThanOrEqual(fit.client + 1);
    expect(host.errors()).toEqual([]);
  });

  it("when the host is light or dark, then the screen wears the host's colours, font and radii, and follows a theme change", async () => {
    for (const theme of ["light", "dark"] as const) {
      const host = await showSignup({ theme });
      const c = HOST[theme];
      const root = await styleOf(host, ".genui-screen .gu-root", ["background-color", "color", "font-family", "font-size"]);
      expect(root["background-color"]).toBe(rgb(c.bg));
      expect(root.color).toBe(rgb(c.fg));
      expect(root["font-family"]).toContain("Host Sans");
      expect(root["font-size"]).toBe("15px");
      expect(await host.frame.locator("html").getAttribute("data-theme")).toBe(theme);
      expect(await host.frame.locator(".genui-screen .gu-root").getAttribute("data-theme")).toBe(theme);
      const button = await styleOf(host, "[data-gu-name=create_account]", ["background-color", "color", "border-radius"]);
      expect(button["background-color"]).toBe(rgb(c.inverse));
      expect(button.color).toBe(rgb(c.inverseFg));
      expect(button["border-radius"]).toBe("10px");
      const card = await styleOf(host, "[data-gu-name=sign_up_card]", ["background-color", "border-radius"]);
      expect(card["background-color"]).toBe(rgb(c.surface));
      expect(card["border-radius"]).toBe("16px");
      const muted = await styleOf(host, "[data-gu-name=text_1]", ["color"]);
      expect(muted.color).toBe(rgb(c.muted));
      await host.page.screenshot({ path: screenshotPath(`mcp-app-${theme}`) });
      expect(await appAxe(host)).toEqual([]);
      expect(host.errors()).toEqual([]);
    }

    // The host switches theme while the screen is shown: new variables come with it and the screen follows.
    const host = await showSignup({ theme: "light" });
    await host.setContext({ theme: "dark" });
    await host.waitFor(
      () => styleOf(host, ".genui-screen .gu-root", ["background-color"]),
      (s) => s["background-color"] === rgb(HOST.dark.bg),
    );
    expect((await styleOf(host, ".genui-screen .gu-root", ["color"])).color).toBe(rgb(HOST.dark.fg));
    expect(await host.frame.locator(".genui-screen .gu-root").getAttribute("data-theme")).toBe("dark");

    // A host whose variables are light-dark() values sends only the theme: the values resolve for it.
    const ld = await showSignup({ theme: "light", variables: "light-dark" });
    expect((await styleOf(ld, ".genui-screen .gu-root", ["background-color"]))["background-color"]).toBe(rgb(HOST.light.bg));
    await ld.setContext({ theme: "dark" });
    await ld.waitFor(
      () => styleOf(ld, ".genui-screen .gu-root", ["background-color"]),
      (s) => s["background-color"] === rgb(HOST.dark.bg),
    );
    expect((await styleOf(ld, "[data-gu-name=create_account]", ["background-color"]))["background-color"]).toBe(
      rgb(HOST.dark.inverse),
    );
    expect([...host.errors(), ...ld.errors()]).toEqual([]);
  });

  it("when the user types and presses a button, then screen_action carries the values and the press, the next screen renders, and the model context says what it shows", async () => {
    const host = await showSignup();
    await host.frame.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await host.frame.getByLabel("Email").fill("ada@example.com");
    await host.frame.getByRole("button", { name: "Create account" }).click();

    const pending = await host.nextToolCall();
    expect(pending.call).toEqual({
      name: "screen_action",
      arguments: {
        screen_id: "scr_signup",
        actions: [
          { type: "onChangeText", component: { name: "name", value: "Ada Lovelace" } },
          { type: "onChangeText", component: { name: "email", value: "ada@example.com" } },
          { type: "onPress", component: { name: "create_account", value: "Create account" } },
        ],
      },
    });
    // While the server answers, the screen says so and takes no more presses.
    await host.frame.getByTestId("genui-busy").getByText("Updating the screen…").waitFor();
    expect(await host.frame.getByTestId("genui-screen").getAttribute("aria-busy")).toBe("true");
    expect(await host.frame.locator(".genui-screen-body").evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await host.page.screenshot({ path: screenshotPath("mcp-app-busy") });

    const next = await followUp(signup, pending.call.arguments!.actions as Action[]);
    const answer = screenResult("scr_signup", 2, next);
    pending.answer(answer);
    await host.frame.getByRole("heading", { name: "Welcome aboard" }).waitFor();
    await host.frame.getByText("Ada Lovelace").waitFor();
    await host.frame.getByText("ada@example.com").waitFor();
    expect(await host.frame.getByTestId("genui-busy").count()).toBe(0);
    expect(await host.frame.getByTestId("genui-screen").getAttribute("data-version")).toBe("2");
    expect(await host.frame.getByTestId("genui-screen").getAttribute("aria-busy")).toBeNull();
    // Focus moves to the new screen (the pressed button is gone).
    expect(await host.frame.locator(":focus").textContent()).toBe("Welcome aboard");

    const context = await host.waitFor(
      () => host.modelContext(),
      (c) => c.length > 0,
    );
    expect(context).toEqual([{ content: [{ type: "text", text: (answer.content[0] as { text: string }).text }] }]);
    expect(await host.messages()).toEqual([]);
    await host.page.screenshot({ path: screenshotPath("mcp-app-next") });

    // The next press on the new screen goes with the new screen's id, and nothing typed before (it was delivered).
    await host.frame.getByRole("button", { name: "Back" }).click();
    const back = await host.nextToolCall();
    expect(back.call.arguments).toEqual({
      screen_id: "scr_signup",
      actions: [{ type: "onPress", component: { name: "back", value: "Back" } }],
    });
    back.answer(screenResult("scr_signup", 3, signup));
    await host.frame.getByRole("heading", { name: "Create your account" }).waitFor();
    await host.waitFor(
      () => host.modelContext(),
      (c) => c.length === 2,
    );
    expect(host.errors()).toEqual([]);
  });

  it("when screen_action fails or the server cannot be reached, then a notice says why and what the user did goes to the conversation", async () => {
    const host = await showSignup({ theme: "dark" });
    await host.frame.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await host.frame.getByRole("button", { name: "Create account" }).click();
    const refused = await host.nextToolCall();
    refused.answer({ isError: true, content: [{ type: "text", text: "Out of credit: top up to keep generating screens." }] });

    const notice = host.frame.getByRole("alert");
    await notice.getByText("This screen could not answer that").waitFor();
    await notice.getByText("Out of credit: top up to keep generating screens.").waitFor();
    const messages = await host.waitFor(
      () => host.messages(),
      (m) => m.length > 0,
    );
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Entered “Ada Lovelace” in Name. Created account." }] },
    ]);
    await notice.getByText("Sent to the conversation instead:").waitFor();
    expect(await notice.locator(".genui-sent").textContent()).toBe("Entered “Ada Lovelace” in Name. Created account.");
    // The screen stays as it was, usable again.
    expect(await host.frame.getByLabel("Name", { exact: true }).inputValue()).toBe("Ada Lovelace");
    expect(await host.frame.getByTestId("genui-screen").getAttribute("aria-busy")).toBeNull();
    expect(await host.modelContext()).toEqual([]);
    await host.page.screenshot({ path: screenshotPath("mcp-app-action-failed") });
    expect(await appAxe(host)).toEqual([]);

    // The host cannot reach the server at all (the tools/call request fails).
    await host.frame.getByRole("button", { name: "Create account" }).click();
    const lost = await host.nextToolCall();
    // What was already passed to the conversation is not sent again.
    expect(lost.call.arguments!.actions).toEqual([
      { type: "onPress", component: { name: "create_account", value: "Create account" } },
    ]);
    lost.fail("connect ECONNREFUSED");
    await notice.getByText(/The host could not reach the server/).waitFor();
    await host.waitFor(
      () => host.messages(),
      (m) => m.length === 2,
    );
    expect((await host.messages())[1]).toEqual({ role: "user", content: [{ type: "text", text: "Created account." }] });
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });

    // show_ui itself failed: no screen, a notice with the server's reason.
    const failed = await open();
    await failed.deliverToolInput({ request: PROMPT });
    await failed.deliverToolResult({
      isError: true,
      content: [{ type: "text", text: "Out of credit: top up to keep generating screens." }],
    });
    const alert = failed.frame.getByRole("alert");
    await alert.getByText("This screen could not be made").waitFor();
    await alert.getByText("Out of credit: top up to keep generating screens.").waitFor();
    await failed.frame.getByText(`Asked: ${PROMPT}`).waitFor();
    await failed.page.screenshot({ path: screenshotPath("mcp-app-show-failed") });
    expect(await appAxe(failed)).toEqual([]);

    // The host cancelled the call before its result.
    const cancelled = await open();
    await cancelled.deliverToolInputPartial({ request: "a signup" });
    await cancelled.deliverToolCancelled("The user stopped the answer.");
    await cancelled.frame.getByRole("alert").getByText("The user stopped the answer.").waitFor();
    expect([...host.errors(), ...failed.errors(), ...cancelled.errors()]).toEqual([]);
  });

  it("when a screen opens a link, then the host is asked to open it (the sandbox opens nothing itself)", async () => {
    const host = await open();
    const links: Screen = {
      name: "Links",
      screen: {
        v1: [
          { name: "title", component: "heading", value: "Read more", props: { level: 2 } },
          { name: "docs", component: "button", value: "Open the docs", onPress: { navigate: "https://example.com/docs" } },
        ],
      },
    };
    await host.deliverToolInput({ request: "a link to the docs" });
    await host.deliverToolResult(screenResult("scr_links", 1, { code: "", json: links }));
    await host.frame.getByRole("button", { name: "Open the docs" }).click();
    expect(
      await host.waitFor(
        () => host.links(),
        (l) => l.length > 0,
      ),
    ).toEqual(["https://example.com/docs"]);
    // A navigate is the screen's own: no screen_action goes to the server for it.
    expect(await host.toolCalls()).toEqual([]);
    expect(host.page.context().pages()).toHaveLength(1);
    expect(host.errors()).toEqual([]);
  });

  it("when the host shows the app full screen, then the screen fills the frame and scrolls inside it", async () => {
    const host = await showSignup({ mode: "fullscreen" });
    const html = host.frame.locator("html");
    expect(await html.getAttribute("data-display-mode")).toBe("fullscreen");
    expect(await html.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
    const fill = await host.frame.locator(".genui-screen .gu-root").evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      viewport: window.innerHeight,
    }));
    expect(fill.height).toBe(fill.viewport);
    expect(host.errors()).toEqual([]);
  });

  it("when the result carries the app's brand theme, then the screen wears it over the host's look, in the host's light or dark, and keeps it on the next screen", async () => {
    // A violet, compact theme with small corners and a serif heading font (the server's `_meta["genui/appearance"]`).
    const brand: AppTheme = {
      light: { primary: "#6d28d9", accent: "#be185d" },
      radius: 4,
      density: "compact",
      fonts: { heading: 'Georgia, "Times New Roman", serif' },
    };
    const themed = (screenId: string, version: number, answer: { code: string; json: Screen }): CallToolResult => ({
      ...screenResult(screenId, version, answer),
      _meta: { "genui/appearance": { version: 5, theme: brand } },
    });
    const resolved = resolveTheme(brand);
    for (const theme of ["light", "dark"] as const) {
      const host = await open({ theme });
      await host.deliverToolInput({ request: PROMPT });
      await host.deliverToolResult(themed("scr_brand", 1, signup));
      await host.waitForRenderedComponent("email");
      const p = resolved[theme];
      const root = await styleOf(host, ".genui-screen .gu-root", ["background-color", "color", "padding-top"]);
      expect(root["background-color"]).toBe(rgb(p.bg!));
      expect(root.color).toBe(rgb(p.fg!));
      expect(root["padding-top"]).toBe("12px");
      expect(await host.frame.locator(".genui-screen .gu-root").getAttribute("data-theme")).toBe(theme);
      const button = await styleOf(host, "[data-gu-name=create_account]", ["background-color", "color", "border-radius"]);
      expect(button["background-color"]).toBe(rgb(p.primary!));
      expect(button.color).toBe(rgb(p["primary-fg"]!));
      // The brand's corners, not the host's (10 px and 16 px in this host).
      expect(button["border-radius"]).toBe("0px");
      const card = await styleOf(host, "[data-gu-name=sign_up_card]", ["border-radius"]);
      expect(card["border-radius"]).toBe("4px");
      const heading = await styleOf(host, ".genui-screen h1", ["font-family"]);
      expect(heading["font-family"]).toContain("Georgia");
      // The host's body font stays (the brand names none).
      expect((await styleOf(host, ".genui-screen .gu-root", ["font-family"]))["font-family"]).toContain("Host Sans");
      await host.page.screenshot({ path: screenshotPath(`mcp-app-brand-${theme}`) });
      expect(await appAxe(host)).toEqual([]);

      if (theme === "light") {
        // The next screen (screen_action's result) keeps the theme, and the busy status wears it meanwhile.
        await host.frame.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
        await host.frame.getByRole("button", { name: "Create account" }).click();
        const pending = await host.nextToolCall();
        const busy = await styleOf(host, "[data-testid=genui-busy]", ["--gu-primary"]);
        expect(busy["--gu-primary"]?.trim()).toBe(p.primary);
        pending.answer(themed("scr_brand", 2, await followUp(signup, pending.call.arguments!.actions as Action[])));
        await host.frame.getByRole("heading", { name: "Welcome aboard" }).waitFor();
        const next = await styleOf(host, ".genui-screen .gu-root", ["background-color"]);
        expect(next["background-color"]).toBe(rgb(p.bg!));
        expect((await styleOf(host, ".genui-screen .gu-root", ["--gu-primary"]))["--gu-primary"]?.trim()).toBe(p.primary);
      }
      expect(host.errors()).toEqual([]);
    }

    // A theme the server sends that would be unreadable is not applied: the host's look stays.
    const host = await open({ theme: "light" });
    await host.deliverToolInput({ request: PROMPT });
    await host.deliverToolResult({
      ...screenResult("scr_pale", 1, signup),
      _meta: { "genui/appearance": { version: 1, theme: { light: { primary: "#fef9c3" } } } },
    });
    await host.waitForRenderedComponent("email");
    const button = await styleOf(host, "[data-gu-name=create_account]", ["background-color", "border-radius"]);
    expect(button["background-color"]).toBe(rgb(HOST.light.inverse));
    expect(button["border-radius"]).toBe("10px");
  });

  it("when the page runs without any policy, then it requests nothing but the host's own documents", async () => {
    const host = await showSignup({ csp: false });
    await host.frame.getByLabel("Email").fill("ada@example.com");
    await host.frame.getByRole("button", { name: "Create account" }).click();
    const pending = await host.nextToolCall();
    pending.answer(screenResult("scr_signup", 2, await followUp(signup, pending.call.arguments!.actions as Action[])));
    await host.frame.getByRole("heading", { name: "Welcome aboard" }).waitFor();
    await host.waitFor(
      () => host.modelContext(),
      (c) => c.length > 0,
    );
    const origin = new URL(host.page.url()).origin;
    const paths = host.requests().map((u) => {
      const url = new URL(u);
      return url.origin === origin ? url.pathname : u;
    });
    expect(paths.filter((p) => !/^\/host\/(host\.html|assets\/host-[\w-]+\.js)$/.test(p) && p !== "/mcp-app.html")).toEqual([]);
    expect(paths).toContain("/mcp-app.html");
    expect(host.errors()).toEqual([]);
  });
});
