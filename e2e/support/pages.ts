import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { screenshotPath } from "@genui/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";

export type Theme = "light" | "dark";

/** A new page at a width, with the stored theme set before any script of the site runs. */
export async function openPage(
  browser: Browser,
  opts: { width?: number; height?: number; theme?: Theme } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 } });
  if (opts.theme) await context.addInitScript((t) => localStorage.setItem("ui-theme", t), opts.theme);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Signs the page's browser up as a new user through the real API (as the SPA would), and marks it logged in. */
export async function signUpInPage(
  page: Page,
  baseUrl: string,
  email = `user-${randomUUID()}@genui.dev`,
  password = "password123",
): Promise<{ id: string; email: string }> {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/404-blank`);
  const user = await page.evaluate(
    async ({ email, password }) => {
      await fetch("/get-csrf/", { credentials: "include" });
      const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      const res = await fetch("/accounts/api/v1/register/", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json", "x-csrftoken": decodeURIComponent(csrf) },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
      localStorage.setItem("is_logged_in", "1");
      return (await res.json()) as { id: string; email: string };
    },
    { email, password },
  );
  return user;
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

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's violations on the page as it is now (WCAG 2.1 A/AA and best practices). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Readable axe output for an assertion message. */
export const describeViolations = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

/** Switches the theme through the header's radio buttons (as a user does). */
export async function chooseTheme(page: Page, theme: Theme | "system"): Promise<void> {
  const name = { light: "Light theme", dark: "Dark theme", system: "System theme" }[theme];
  await page.getByRole("radio", { name }).first().click();
}

/** True when the page scrolls sideways (content wider than the viewport). */
export const overflowsHorizontally = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Full-page screenshot saved under test-results/screenshots. */
export const shoot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(name), fullPage: true });
