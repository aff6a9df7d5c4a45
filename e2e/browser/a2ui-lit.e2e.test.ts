import { GENUI_CATALOG_ID, validateServerMessage } from "@genui/a2ui";
import { launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser, Page } from "playwright-core";
import { startA2uiHost, type A2uiHost } from "../support/a2ui-host";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

/**
 * GenUI's A2UI stream drawn by the official Lit renderer (@a2ui/lit v0_9) in Chromium: the test host page
 * (e2e/support/a2ui-host/) registers the basic catalog's components and GenUI's own (from the catalog it fetches at
 * the catalog id's address), streams POST /apps/api/v1/a2ui through a Node forward holding the app's key, and sends
 * the renderer's action back when a button is pressed — the surface then shows the next screen.
 */

interface HostState {
  messages: unknown[];
  actions: { name: string; surfaceId: string; sourceComponentId: string; context: Record<string, unknown> }[];
  errors: string[];
  streams: number;
  busy: boolean;
}

const WAIT = { timeout: 60_000 };

describe("an A2UI surface in the official Lit renderer", () => {
  let stack: Stack;
  let dev: Developer;
  let host: A2uiHost;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack);
    host = await startA2uiHost({ bffUrl: stack.bff.url, apiKey: dev.apiKey });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await stack?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 960, height: 1000 }, colorScheme: "light" });
    consoleErrors.length = 0;
    page.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
    page.on("pageerror", (e) => void consoleErrors.push(String(e)));
  });
  afterEach(async () => {
    await page?.close();
  });

  const hostState = () => page.evaluate(() => (window as unknown as { a2uiHost: HostState }).a2uiHost);
  const open = async (request: string) => {
    await page.goto(`${host.url}/?request=${encodeURIComponent(request)}`);
    await page.waitForFunction(() => (window as unknown as { a2uiHost?: HostState }).a2uiHost?.streams === 1, undefined, WAIT);
    const s = await hostState();
    expect(s.errors).toEqual([]);
    for (const m of s.messages) expect({ m, ...validateServerMessage(m, GENUI_CATALOG_ID) }).toEqual({ m, ok: true });
    return s;
  };

  it("when a contact form is asked for, then the renderer draws it, and a press sends the typed values back and shows the next screen", async () => {
    await open("A contact form with name, email and message");
    const surface = page.locator("a2ui-surface");
    await surface.getByText("Contact form").first().waitFor(WAIT);
    // The basic TextField's <label> is not tied to its input (the renderer's markup): each field by its label's text.
    const field = (label: string) =>
      surface
        .locator("a2ui-basic-textfield")
        .filter({ has: page.locator("label", { hasText: new RegExp(`^${label}$`) }) })
        .locator("input");
    const name = field("Name");
    const email = field("Email");
    await name.waitFor(WAIT);
    await page.screenshot({ path: screenshotPath("a2ui-lit-contact-form"), fullPage: true });

    await name.fill("Ada Lovelace");
    await email.fill("ada@example.com");
    await surface.getByRole("button", { name: "Send message" }).click();
    await page.waitForFunction(() => (window as unknown as { a2uiHost: HostState }).a2uiHost.streams === 2, undefined, WAIT);
    const s = await hostState();
    expect(s.errors).toEqual([]);
    // The renderer's own action message: the press, with the typed values bound from the data model.
    expect(s.actions).toHaveLength(1);
    expect(s.actions[0]).toMatchObject({
      name: "send_message",
      sourceComponentId: "send_message",
      context: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        message: "",
        "genui.screen": expect.stringMatching(/^scr_/),
      },
    });
    expect(host.requests.at(-1)).toEqual({
      messages: [{ version: "v0.9", action: expect.objectContaining({ name: "send_message" }) }],
    });
    for (const m of s.messages) expect({ m, ...validateServerMessage(m) }).toEqual({ m, ok: true });
    // The next screen replaced the form on the same surface (one surface, no second createSurface).
    expect(await page.locator("a2ui-surface").count()).toBe(1);
    await surface.getByRole("button", { name: "Send message" }).waitFor({ state: "detached", ...WAIT });
    expect(await surface.innerText()).not.toMatch(/Send us a message/);
    await page.screenshot({ path: screenshotPath("a2ui-lit-contact-form-sent"), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  it("when a dashboard is asked for, then GenUI's own components (stats, a chart) are drawn by the page's registered renderings", async () => {
    await open("A sales dashboard with revenue charts and KPI stats");
    const surface = page.locator("a2ui-surface");
    await surface.locator("genui-stat").first().waitFor(WAIT);
    expect(await surface.locator("genui-stat").count()).toBeGreaterThanOrEqual(2);
    await surface.locator("genui-bar-chart svg rect").first().waitFor(WAIT);
    expect(await surface.locator("genui-stat .figure").first().innerText()).toMatch(/\d/);
    await page.screenshot({ path: screenshotPath("a2ui-lit-dashboard"), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});
