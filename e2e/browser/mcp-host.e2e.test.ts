import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { screenshotPath } from "@genui/testkit";
import type { Page } from "playwright-core";
import { newDeveloper } from "../support/developer";
import { closeMcpHost, openHost, type HostTheme, type McpHost } from "../support/mcp-host";
import { browserSuite } from "../support/pages";

/**
 * An agent host built on the MCP Apps SDK's host side (`AppBridge`, e2e/support/mcp-host.ts) renders GenUI's UI
 * resource for real `show_ui` results of the running platform: the host's backend is the official MCP SDK client,
 * connected to /mcp through the BFF with an app's key, as a host's server side is; the host page forwards the app's
 * `tools/call` to it. The chat page's round trips, played in the host: a form → its confirmation, a plan → its
 * checkout, a quiz → its score; each press reaches our server (screen_action) and the next screen arrives with an
 * update of the host model's context. Light and dark shots in test-results/screenshots/mcp-host-*.png.
 *
 * The figure: time from the host's `tools/call` (show_ui) to the resource's first rendered component, printed at the
 * end (median of the calls made here).
 */

const TIMEOUT = 240_000;

describe("GenUI's MCP App in an agent host, against the running platform (Chromium, official SDK client + AppBridge)", () => {
  const suite = browserSuite({ generation: { workers: 1 } });
  let client: Client;
  const firstRender: number[] = [];

  beforeAll(async () => {
    const dev = await newDeveloper(suite.stack, 5_000_000);
    client = new Client({ name: "genui-test-host", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${suite.url()}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${dev.apiKey}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await closeMcpHost();
    if (firstRender.length) {
      const sorted = [...firstRender].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      process.stdout.write(
        `[figure] tools/call (show_ui) → first rendered component in the host: median ${median.toFixed(0)} ms, ` +
          `min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)} (n=${sorted.length})\n`,
      );
    }
  });

  /** A host page whose app's tools/call go to our server through the official client (as a host's backend does). */
  async function host(theme: HostTheme): Promise<{ page: Page; host: McpHost }> {
    const { page } = await suite.openPage({ width: 900, height: 1000 });
    const h = await openHost(page, {
      theme,
      width: 720,
      onToolCall: (call) => client.callTool({ name: call.name, arguments: call.arguments ?? {} }) as Promise<CallToolResult>,
    });
    return { page, host: h };
  }

  /** The model calls show_ui: input to the app, the call to our server, its result to the app; the first component drawn. */
  async function showUi(h: McpHost, request: string): Promise<CallToolResult> {
    await h.deliverToolInput({ request });
    const started = performance.now();
    const result = (await client.callTool({ name: "show_ui", arguments: { request } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    await h.deliverToolResult(result);
    const json = (result.structuredContent as { json: { screen: { v1: { name: string }[] } } }).json;
    await h.waitForRenderedComponent(json.screen.v1[0]!.name);
    firstRender.push(performance.now() - started);
    return result;
  }

  /** The app's calls of screen_action so far, and waits for one more, with the screen it brought drawn. */
  async function pressAndWait(h: McpHost, button: string, expectText: RegExp): Promise<void> {
    const calls = (await h.toolCalls()).length;
    const contexts = (await h.modelContext()).length;
    await h.frame.getByRole("button", { name: button, exact: true }).click();
    const made = await h.waitFor(
      () => h.toolCalls(),
      (c) => c.length > calls,
    );
    expect(made.at(-1)).toMatchObject({ name: "screen_action" });
    await h.frame.getByText(expectText).first().waitFor({ timeout: 60_000 });
    const ctx = await h.waitFor(
      () => h.modelContext(),
      (c) => c.length > contexts,
    );
    expect(JSON.stringify(ctx.at(-1))).toMatch(/The user: /);
  }

  /**
   * A shot once the app is still: its animations ended and two frames painted after them (the app is a separate
   * document in the host's sandboxed frame; a shot taken while it lays out can show it half drawn).
   */
  const shoot = async (page: Page, h: McpHost, name: string) => {
    await (
      await h.appFrame()
    ).evaluate(async () => {
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    await page.screenshot({ path: screenshotPath(`mcp-host-${name}`), fullPage: true });
  };

  for (const theme of ["light", "dark"] as const)
    it(
      `when a form is shown in a ${theme} host and submitted, then the press reaches our server and its confirmation arrives in the host`,
      async () => {
        const { page, host: h } = await host(theme);
        await showUi(h, "A contact form with name, email and message");
        await h.frame.getByLabel("Email", { exact: false }).first().fill("ada@example.com");
        await shoot(page, h, `form-${theme}`);
        const submit = await h.frame
          .getByRole("button")
          .filter({ hasText: /send|submit/i })
          .first()
          .innerText();
        await pressAndWait(h, submit.trim(), /Message sent|Thank you|We received your details/);
        // What the user typed went along with the press, as the chat page sends it.
        const call = (await h.toolCalls()).at(-1)!;
        expect(JSON.stringify(call.arguments)).toContain("ada@example.com");
        await shoot(page, h, `form-sent-${theme}`);
        expect(h.errors()).toEqual([]);
      },
      TIMEOUT,
    );

  it(
    "when three plans are compared in the host and one is chosen, then its checkout arrives",
    async () => {
      const { page, host: h } = await host("light");
      await showUi(h, "a comparison of three phone plans");
      await shoot(page, h, "plans");
      await pressAndWait(h, "Choose Essentials", /\$30\/month/);
      await shoot(page, h, "plans-chosen");
      expect(h.errors()).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when a quiz is answered in the host and checked, then its score arrives",
    async () => {
      const { page, host: h } = await host("dark");
      await showUi(h, "a quiz about world capitals");
      const frame = await h.appFrame();
      for (let i = 1; i <= 5; i++) {
        const choice = frame.locator(`select[name="answer_${i}"]`);
        const label = await choice
          .locator("option:not([disabled])")
          .nth(i % 2)
          .innerText();
        await choice.selectOption({ label });
      }
      await shoot(page, h, "quiz");
      await pressAndWait(h, "Check answers", /You scored \d of 5/);
      // The five answers went with the press (typed values first), so the score is about them.
      const actions = ((await h.toolCalls()).at(-1)!.arguments as { actions: { type: string }[] }).actions;
      expect(actions.filter((a) => a.type === "onChangeText").length).toBeGreaterThanOrEqual(5);
      await shoot(page, h, "quiz-scored");
      expect(h.errors()).toEqual([]);
    },
    TIMEOUT,
  );
});
