import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { launchBrowser, screenshotPath } from "@genui/testkit";
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Frame,
  Locator,
  Page,
  PageScreenshotOptions,
  Request,
  Response,
} from "playwright-core";
import { eventually } from "./eventually";
import { mailboxFor, startSignup } from "./signup";
import { DEMO, startStack, type Stack, type StackOptions } from "./stack";
import type { AppRow, TemplateRow } from "./wire";

export type Theme = "light" | "dark";

/** A page's viewport (1280 × 800 unless told), its stored theme, and any other option of its browser context. */
export interface PageOptions extends Omit<BrowserContextOptions, "viewport"> {
  width?: number;
  height?: number;
  theme?: Theme;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors, as they happen. */
  errors: string[];
  /** Content Security Policy violations in the SPA's documents of this page's context (browserSuite fails on any). */
  cspViolations: string[];
}

/** The iframe page (and its gallery / sandbox pages) has a policy of its own; these tests watch the SPA's. */
const IFRAME_PAGES = "/apps/api/v1/iframe/static/";

/**
 * Records every `securitypolicyviolation` event of the context's documents (every frame and popup, from before the
 * site's first script): what was blocked, by which directive, on which page.
 */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("__genuiCspViolation", (_source, v: string) => {
    violations.push(v);
  });
  await context.addInitScript((iframePages) => {
    if (location.pathname.startsWith(iframePages)) return;
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __genuiCspViolation?: (v: string) => void }).__genuiCspViolation;
      report?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} on ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  }, IFRAME_PAGES);
  return violations;
}

/** A new page at a width, with the stored theme set before any script of the site runs. */
export async function openPage(browser: Browser, opts: PageOptions = {}): Promise<OpenedPage> {
  const { width = 1280, height = 800, theme, ...contextOptions } = opts;
  const context = await browser.newContext({ ...contextOptions, viewport: { width, height } });
  if (theme) await context.addInitScript((t) => localStorage.setItem("ui-theme", t), theme);
  const cspViolations = await watchCsp(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors, cspViolations };
}

/** What the tests of a describe block share; its fields are set once the block's first hook has run. */
export interface BrowserSuite {
  readonly stack: Stack;
  readonly browser: Browser;
  /** An address on the stack's BFF, which serves the SPA: `url("/pricing")`; `url()` is the origin. */
  url(path?: string): string;
  /** openPage in the suite's browser; the page's context is closed after the test. */
  openPage(opts?: PageOptions): Promise<OpenedPage>;
  /** openPage, then `path` on the site. */
  visit(path: string, opts?: PageOptions): Promise<OpenedPage>;
  /** visit `path`, sign the demo user in from there and load it again; returns once the header offers Log Out. */
  visitSignedIn(path: string, opts?: PageOptions): Promise<OpenedPage>;
}

/**
 * Starts the stack and Chromium before the describe block's tests and stops both after them; `pageDefaults` apply to
 * every page the suite opens (a test's own options win).
 */
export function browserSuite(options: StackOptions = {}, pageDefaults: PageOptions = {}): BrowserSuite {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const contexts: OpenedPage[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} has not started: use it in a hook or a test`);
    return value;
  };

  beforeAll(async () => {
    stack = await startStack(options);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const opened = contexts.splice(0);
    for (const c of opened) await c.context.close();
    // Every page of every browser test runs under the SPA's real CSP: anything it blocked fails the test.
    const violations = opened.flatMap((c) => c.cspViolations);
    if (violations.length) throw new Error(`Content Security Policy violations:\n${violations.join("\n")}`);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const suite: BrowserSuite = {
    get stack() {
      return started(stack, "The stack");
    },
    get browser() {
      return started(browser, "Chromium");
    },
    url: (path = "") => `${suite.stack.bff.url}${path}`,
    async openPage(opts) {
      const opened = await openPage(suite.browser, { ...pageDefaults, ...opts });
      contexts.push(opened);
      return opened;
    },
    async visit(path, opts) {
      const opened = await suite.openPage(opts);
      await opened.page.goto(suite.url(path));
      return opened;
    },
    async visitSignedIn(path, opts) {
      const opened = await suite.visit(path, opts);
      await signInInPage(opened.page, suite.url());
      await opened.page.goto(suite.url(path));
      await opened.page.getByRole("button", { name: "Log Out" }).first().waitFor();
      return opened;
    },
  };
  return suite;
}

/** A JSON call from inside the page with the session cookie and CSRF header (what the SPA's client sends). */
export async function callInPage<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      if (!/(?:^|; )csrftoken=/.test(document.cookie)) await fetch("/get-csrf/", { credentials: "include" });
      const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: { "content-type": "application/json", "x-csrftoken": decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as never };
    },
    { method, path, body },
  );
}

/** Posts the credentials from a page of the site (as the SPA would) and, if `expected` answers, marks it logged in. */
async function enterInPage<T>(page: Page, baseUrl: string, what: string, path: string, body: unknown, expected: number) {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/404-blank`);
  const res = await callInPage<T>(page, "POST", path, body);
  if (res.status !== expected) throw new Error(`${what} answered ${res.status}`);
  await page.evaluate(() => localStorage.setItem("is_logged_in", "1"));
  return res.body;
}

/**
 * Signs the page's browser up as a new user through the real API (as the SPA would: the sign-up, then the mailed
 * link's token from the stack's mailbox), and marks it logged in.
 */
export async function signUpInPage(
  page: Page,
  baseUrl: string,
  email = `user-${randomUUID()}@genui.dev`,
  password = "password123",
): Promise<{ id: string; email: string }> {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/404-blank`);
  const { token } = await startSignup(
    mailboxFor(baseUrl),
    email,
    async () => (await callInPage(page, "POST", "/accounts/api/v1/register/", { email, password })).status,
  );
  if (!token) throw new Error(`the sign-up mail to ${email} has no link: the address already has an account`);
  return enterInPage(page, baseUrl, "sign-up confirmation", "/accounts/api/v1/register/confirm/", { token }, 201);
}

/**
 * Creates an app for a random website through the page's session (the page is signed in), waits until billing has
 * made it active, and creates a blank template in it.
 */
export async function activeAppWithTemplateInPage(page: Page): Promise<{ app: AppRow; template: TemplateRow }> {
  const created = await callInPage<AppRow>(page, "POST", "/apps/api/v1/create/", {
    url: `https://${randomUUID().slice(0, 8)}.example.com`,
  });
  if (created.status !== 201) throw new Error(`app create answered ${created.status}`);
  const app = await eventually(
    async () =>
      (await callInPage<{ results: AppRow[] }>(page, "GET", "/apps/api/v1/list/")).body.results.find(
        (a) => a.id === created.body.id,
      ),
    (a) => a?.status === "active",
    30_000,
  );
  if (app?.status !== "active") throw new Error(`the app did not become active (last seen: ${JSON.stringify(app ?? null)})`);
  const template = await callInPage<TemplateRow>(page, "POST", `/apps/api/v1/templates/${app.id}/create/`);
  if (template.status !== 201) throw new Error(`template create answered ${template.status}`);
  return { app, template: template.body };
}

/** Signs the page's browser in with a password (the demo user's unless told) through the real API, and marks it logged in. */
export async function signInInPage(page: Page, baseUrl: string, credentials = DEMO): Promise<void> {
  await enterInPage(page, baseUrl, "sign-in", "/accounts/api/v1/login-password/", credentials, 200);
}

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's violations on the page as it is now (WCAG 2.1 A/AA and best practices); `iframes: false` skips frames. */
export async function axeViolations(page: Page, options: { iframes?: boolean } = {}): Promise<AxeViolation[]> {
  // Evaluated through DevTools, not as an inline <script>: the SPA's CSP (rightly) blocks inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ["violations"], ...options });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, options);
}

/** Readable axe output for an assertion message. */
export const describeViolations = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

/** axe's violations on the page as readable lines: what a test compares with `[]`. */
export const describedAxeViolations = async (page: Page, options?: { iframes?: boolean }) =>
  describeViolations(await axeViolations(page, options));

/** The address the link named `name` (exactly one inside `scope`) points to. */
export const linkHref = (scope: Page | Locator, name: string) => scope.getByRole("link", { name }).getAttribute("href");

/** Switches the theme through the header's radio buttons (as a user does). */
export async function chooseTheme(page: Page, theme: Theme | "system"): Promise<void> {
  const name = { light: "Light theme", dark: "Dark theme", system: "System theme" }[theme];
  await page.getByRole("radio", { name }).first().click();
}

/** True when the page scrolls sideways (content wider than the viewport). */
export const overflowsHorizontally = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** How many pixels the page's content is wider than its root element's visible width (0 when nothing scrolls sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The element's top edge relative to the viewport, once the page has stopped scrolling (or after 4 s). */
export async function settledTop(element: Locator): Promise<number> {
  let last = Number.NaN;
  for (let i = 0; i < 40; i++) {
    const top = await element.evaluate((el) => el.getBoundingClientRect().top);
    if (top === last) return top;
    last = top;
    await element.page().waitForTimeout(100);
  }
  return last;
}

/** A screenshot saved under test-results/screenshots: the full page unless `options` say otherwise. */
export const shoot = (page: Page, name: string, options: Omit<PageScreenshotOptions, "path"> = {}) =>
  page.screenshot({ fullPage: true, ...options, path: screenshotPath(name) });

/**
 * Runs `step`; should it fail, its error also says what the page did meanwhile — each request and its answer, console
 * lines, frame navigations (milliseconds since the step began) — and which dialogs were open then, so that a failure seen
 * once on a loaded machine can be read from its message.
 */
export async function narrated<T>(page: Page, step: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  const log: string[] = [];
  const note = (line: string) => log.length < 200 && log.push(`${Date.now() - t0} ms ${line}`);
  const onRequest = (r: Request) => note(`-> ${r.method()} ${r.url()}`);
  const onResponse = (r: Response) => note(`<- ${r.status()} ${r.request().method()} ${r.url()}`);
  const onFailed = (r: Request) => note(`xx ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? "failed"}`);
  const onConsole = (m: ConsoleMessage) => note(`console.${m.type()}: ${m.text()}`);
  const onFrame = (f: Frame) => note(`frame ${f === page.mainFrame() ? "main" : "child"} at ${f.url()}`);
  page.on("request", onRequest);
  page.on("response", onResponse);
  page.on("requestfailed", onFailed);
  page.on("console", onConsole);
  page.on("framenavigated", onFrame);
  try {
    return await step();
  } catch (err) {
    const dialogs = await page
      .evaluate(() =>
        [...document.querySelectorAll("dialog, [role='dialog']")]
          .filter((d) => !(d instanceof HTMLDialogElement) || d.open)
          .map((d) => d.getAttribute("aria-label") ?? d.querySelector("h2")?.textContent ?? d.tagName),
      )
      .catch((e: unknown) => [`(could not be read: ${String(e)})`]);
    const error = err instanceof Error ? err : new Error(String(err));
    const story = `\n\nWhat the page did meanwhile:\n${log.join("\n")}\nDialogs in the page: ${dialogs.join("; ") || "none"}`;
    error.message += story;
    // The test runner prints the stack, made when the error was: the story goes in before its first frame.
    const firstFrame = error.stack?.search(/\n\s+at /) ?? -1;
    if (error.stack && firstFrame >= 0) error.stack = error.stack.slice(0, firstFrame) + story + error.stack.slice(firstFrame);
    throw error;
  } finally {
    page.off("request", onRequest);
    page.off("response", onResponse);
    page.off("requestfailed", onFailed);
    page.off("console", onConsole);
    page.off("framenavigated", onFrame);
  }
}

/**
 * The page is still: its fonts loaded, its finite animations and transitions ended, two frames painted — before a
 * screenshot, axe or a measurement of the layout. (Endless animations, such as a spinner's, are not waited for.)
 */
export const settled = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });

/** Every code sample on the page has been highlighted (SPEC §9: 200 ms after it renders). */
export const codeHighlighted = async (page: Page): Promise<void> => {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("pre[data-language]")].every((pre) => pre.dataset.highlighted === "true"),
  );
};

/** Presses the Add Balance dialog's PayPal button and returns PayPal's popup (the payment emulator's checkout). */
export async function payPalPopup(page: Page, dialog: Locator): Promise<Page> {
  const paypal = dialog.getByRole("button", { name: "PayPal" });
  await paypal.waitFor();
  const [popup] = await Promise.all([page.waitForEvent("popup"), paypal.click()]);
  return popup;
}

/** The dashboard's Add Balance dialog, opened once the balance shows (the page is signed in). */
export async function openAddBalance(suite: BrowserSuite, page: Page): Promise<Locator> {
  await page.goto(suite.url("/dashboard"));
  await page.getByTestId("balance").filter({ hasText: "$" }).waitFor();
  await page.getByRole("button", { name: "Credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Balance" });
  await dialog.waitFor();
  return dialog;
}
