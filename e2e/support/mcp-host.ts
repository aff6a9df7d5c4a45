import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Frame, FrameLocator, Locator, Page } from "playwright-core";
import { eventually } from "./eventually";

/**
 * An agent host for the MCP Apps resource ui://genui/screen.html, in a playwright Page: the test host page
 * (frontend/mcp-app/host/, built to frontend/mcp-app/dist/host/ by `npm run build -w @genui/mcp-app`) and the built
 * app (frontend/mcp-app/dist/mcp-app.html) served on a loopback port, the app in the host's sandboxed iframe, and the
 * host's side of the conversation driven from the test.
 *
 *   const host = await openHost(page, { theme: "dark", onToolCall: (call) => client.callTool(call) });
 *   await host.deliverToolInput({ request: "a signup form" });
 *   await host.deliverToolResult(await client.callTool({ name: "show_ui", arguments: { request: "a signup form" } }));
 *   await host.waitForRenderedComponent("email");
 *   await host.frame.getByRole("button", { name: "Create account" }).click();
 *   await host.waitFor(() => host.modelContext(), (c) => c.length > 0);
 *   …
 *   afterAll(closeMcpHost);
 *
 * openHost(page, options) → McpHost (one per page; the server is shared and started on first use):
 *   options: theme ("light"), mode ("inline" | "fullscreen"), width of the app (640), variables ("split": one set of
 *     host style variables per theme; "light-dark": one set of light-dark() values; "none"), csp (true: the policy a
 *     host gives a resource with no declared domains; false: none, to see in the request log what the page fetches),
 *     onToolCall (answers the app's tools/call; without it calls wait in a queue for nextToolCall()).
 *   deliverToolInputPartial(args) / deliverToolInput(args) / deliverToolResult(result) / deliverToolCancelled(reason)
 *   setContext(partial)     a host-context change (theme, displayMode, containerDimensions, …)
 *   nextToolCall()          the next tools/call the app made (without onToolCall), to answer() or fail()
 *   onToolCall(handler)     replaces the tools/call handler
 *   messages(), modelContext(), toolCalls(), sizes(), links()   what the app sent the host, in order
 *   requests()              every URL the page requested since it opened; errors(): its console errors and uncaught errors
 *   frame                   the app's iframe (a FrameLocator); appFrame(): its Frame (to evaluate in the app's document);
 *                           iframeHeight(): its height in the host
 *   waitForRenderedComponent(name)   a screen component (by its name in the screen JSON) drawn and visible
 *   waitFor(read, ok)       polls read() until ok (60 s cap) and returns the last value
 */

const DIST = path.join(REPO_ROOT, "frontend/mcp-app/dist");
const WAIT_MS = 60_000;

export type HostTheme = "light" | "dark";

export interface ToolCall {
  name: string;
  arguments?: Record<string, unknown>;
}

export type ToolCallHandler = (call: ToolCall) => Promise<CallToolResult> | CallToolResult;

/** A tools/call the app made, waiting for the test's answer. */
export interface PendingToolCall {
  call: ToolCall;
  answer(result: CallToolResult): void;
  /** The host fails the request (the app sees a JSON-RPC error, as when the server cannot be reached). */
  fail(message: string): void;
}

export interface OpenHostOptions {
  theme?: HostTheme;
  mode?: "inline" | "fullscreen";
  width?: number;
  variables?: "split" | "light-dark" | "none";
  csp?: boolean;
  onToolCall?: ToolCallHandler;
}

/** What the host received (the MCP Apps requests' params). */
export interface ContentBlock {
  type: string;
  text?: string;
}
export interface HostMessage {
  role: string;
  content: ContentBlock[];
}
export interface ModelContextUpdate {
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
}
export interface SizeReport {
  width?: number;
  height?: number;
}

export interface McpHost {
  page: Page;
  frame: FrameLocator;
  appFrame(): Promise<Frame>;
  deliverToolInputPartial(args: Record<string, unknown>): Promise<void>;
  deliverToolInput(args: Record<string, unknown>): Promise<void>;
  deliverToolResult(result: CallToolResult): Promise<void>;
  deliverToolCancelled(reason?: string): Promise<void>;
  setContext(partial: Record<string, unknown>): Promise<void>;
  onToolCall(handler: ToolCallHandler | undefined): void;
  nextToolCall(): Promise<PendingToolCall>;
  messages(): Promise<HostMessage[]>;
  modelContext(): Promise<ModelContextUpdate[]>;
  toolCalls(): Promise<ToolCall[]>;
  sizes(): Promise<SizeReport[]>;
  links(): Promise<string[]>;
  requests(): string[];
  errors(): string[];
  iframeHeight(): Promise<number>;
  waitForRenderedComponent(name: string): Promise<Locator>;
  waitFor<T>(read: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T>;
}

// The server: dist/host/* and dist/mcp-app.html, nothing else. ------------------------------------------------------

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

let server: Promise<{ url: string; close(): Promise<void> }> | undefined;

function startServer(): Promise<{ url: string; close(): Promise<void> }> {
  for (const file of ["mcp-app.html", "host/host.html"])
    if (!existsSync(path.join(DIST, file)))
      throw new Error(`frontend/mcp-app is not built (no dist/${file}): run \`npm run build -w @genui/mcp-app\``);
  const s = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.normalize(path.join(DIST, pathname));
    const allowed = pathname === "/mcp-app.html" || file.startsWith(path.join(DIST, "host") + path.sep);
    if (!allowed || !existsSync(file)) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
        close: async () => {
          s.closeAllConnections();
          await new Promise((r) => s.close(r));
        },
      }),
    );
  });
}

/** Stops the shared server (afterAll). */
export async function closeMcpHost(): Promise<void> {
  const s = server;
  server = undefined;
  if (s) await (await s).close();
}

// The host in a page. -------------------------------------------------------------------------------------------------

type Log = {
  messages: HostMessage[];
  modelContext: ModelContextUpdate[];
  toolCalls: ToolCall[];
  sizes: SizeReport[];
  links: string[];
};
type HostWindow = {
  genuiHost: {
    ready: Promise<void>;
    sendToolInputPartial(a: unknown): Promise<void>;
    sendToolInput(a: unknown): Promise<void>;
    sendToolResult(r: unknown): Promise<void>;
    sendToolCancelled(reason?: string): Promise<void>;
    setContext(p: unknown): void;
    log: Log;
  };
};

/** The tools/call handler of each page (the page's binding is exposed once and asks this map). */
const handlers = new WeakMap<Page, ToolCallHandler>();

export async function openHost(page: Page, opts: OpenHostOptions = {}): Promise<McpHost> {
  server ??= startServer();
  const { url } = await server;
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  // Calls without a handler wait here for nextToolCall().
  const queued: PendingToolCall[] = [];
  const takers: ((c: PendingToolCall) => void)[] = [];
  const queue: ToolCallHandler = (call) =>
    new Promise<CallToolResult>((resolve, reject) => {
      const pending: PendingToolCall = { call, answer: resolve, fail: (m) => reject(new Error(m)) };
      const taker = takers.shift();
      if (taker) taker(pending);
      else queued.push(pending);
    });
  handlers.set(page, opts.onToolCall ?? queue);
  await page.exposeFunction("genuiHostCallTool", (call: ToolCall) => (handlers.get(page) ?? queue)(call));

  const q = new URLSearchParams({
    theme: opts.theme ?? "light",
    mode: opts.mode ?? "inline",
    width: String(opts.width ?? 640),
    vars: opts.variables ?? "split",
    csp: opts.csp === false ? "off" : "on",
  });
  await page.goto(`${url}/host/host.html?${q}`);
  await page.waitForFunction(() => typeof (globalThis as unknown as Partial<HostWindow>).genuiHost === "object", null, {
    timeout: WAIT_MS,
  });
  await page.evaluate(
    (ms) =>
      Promise.race([
        (globalThis as unknown as HostWindow).genuiHost.ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`the app did not initialise within ${ms} ms`)), ms)),
      ]),
    WAIT_MS,
  );

  const frame = page.frameLocator("iframe[title='GenUI screen']");
  // Values cross into the page as JSON text: a screen's recursive type is too deep for page.evaluate's typings.
  const call = (method: "sendToolInputPartial" | "sendToolInput" | "sendToolResult" | "setContext", value: unknown) =>
    page.evaluate(([m, json]) => (globalThis as unknown as HostWindow).genuiHost[m](JSON.parse(json)), [
      method,
      JSON.stringify(value),
    ] as const) as Promise<void>;
  const read = <K extends keyof Log>(key: K) =>
    page.evaluate((k) => (globalThis as unknown as HostWindow).genuiHost.log[k], key) as Promise<Log[K]>;

  return {
    page,
    frame,
    appFrame: async () => {
      const handle = await page.locator("iframe[title='GenUI screen']").elementHandle({ timeout: WAIT_MS });
      const f = await handle?.contentFrame();
      if (!f) throw new Error("the host has no app frame");
      return f;
    },
    deliverToolInputPartial: (args) => call("sendToolInputPartial", args),
    deliverToolInput: (args) => call("sendToolInput", args),
    deliverToolResult: (result) => call("sendToolResult", result),
    deliverToolCancelled: (reason) =>
      page.evaluate((r) => (globalThis as unknown as HostWindow).genuiHost.sendToolCancelled(r ?? undefined), reason ?? null),
    setContext: (partial) => call("setContext", partial),
    onToolCall: (handler) => handlers.set(page, handler ?? queue),
    nextToolCall: () => {
      const ready = queued.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise<PendingToolCall>((resolve, reject) => {
        const timer = setTimeout(() => {
          takers.splice(takers.indexOf(take), 1);
          reject(new Error(`no tools/call reached the host within ${WAIT_MS / 1000} s`));
        }, WAIT_MS);
        const take = (c: PendingToolCall) => {
          clearTimeout(timer);
          resolve(c);
        };
        takers.push(take);
      });
    },
    messages: () => read("messages"),
    modelContext: () => read("modelContext"),
    toolCalls: () => read("toolCalls"),
    sizes: () => read("sizes"),
    links: () => read("links"),
    requests: () => [...requests],
    errors: () => [...errors],
    iframeHeight: () =>
      page
        .locator("iframe[title='GenUI screen']")
        .evaluate((el: { getBoundingClientRect(): { height: number } }) => el.getBoundingClientRect().height),
    waitForRenderedComponent: async (name) => {
      const el = frame.locator(`[data-gu-name="${name.replace(/["\\]/g, "\\$&")}"]`).first();
      await el.waitFor({ state: "visible", timeout: WAIT_MS });
      return el;
    },
    waitFor: (readValue, ok) => eventually(readValue, ok, WAIT_MS),
  };
}
