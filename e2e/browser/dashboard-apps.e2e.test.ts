import { randomUUID } from "node:crypto";
import { screenshotPath } from "@genui/testkit";
import type { Locator, Page } from "playwright-core";
import { eventually } from "../support/eventually";
import {
  browserSuite,
  callInPage,
  describedAxeViolations,
  horizontalOverflow,
  settled,
  shoot,
  signUpInPage,
} from "../support/pages";
import type { AppRow, TemplateRow } from "../support/wire";

/**
 * The dashboard's "Your Apps" section (SPEC §2, §4, §5, §7–§9) against the real stack: apps, billing's
 * subscriptions (apps turn active, then cancelled, through events) and the BFF serving the built SPA.
 */

/** Minimal browser globals for code that runs inside the page (the e2e project compiles without the DOM lib). */
type InPage = {
  localStorage: { setItem(k: string, v: string): void };
  navigator: { clipboard: { readText(): Promise<string> } };
};

const TIMEOUT = 90_000;

/** The template editor's page is on screen (its back link), not only its address. */
const editorShown = (page: Page) => page.getByRole("link", { name: "← Dashboard" }).waitFor();

describe("the dashboard's Your Apps section in Chromium", () => {
  const suite = browserSuite();

  /** A fresh developer signed in inside a new browser context (sign-up from the page, as the SPA's API client would). */
  async function signedIn(): Promise<Page> {
    const { page } = await suite.visit("/terms", {
      height: 900,
      permissions: ["clipboard-read", "clipboard-write"],
      // axe is injected as an inline script.
      bypassCSP: true,
    });
    await signUpInPage(page, suite.url(), `dash-${randomUUID()}@genui.dev`);
    return page;
  }

  async function openDashboard(page: Page, query = ""): Promise<void> {
    await page.goto(suite.url(`/dashboard${query}`));
    await page.getByRole("heading", { name: "Your Apps", level: 2 }).waitFor();
  }

  async function listApps(page: Page): Promise<AppRow[]> {
    const res = await callInPage<{ results: AppRow[] }>(page, "GET", "/apps/api/v1/list/?page=1&page_size=100");
    return res.body.results;
  }

  /** Creates apps through the API and waits until billing has activated each of them. */
  async function createActiveApps(page: Page, urls: string[]): Promise<AppRow[]> {
    const ids: string[] = [];
    for (const url of urls) {
      const res = await callInPage<AppRow>(page, "POST", "/apps/api/v1/create/", { url });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const end = Date.now() + 30_000;
    const mine = async () => (await listApps(page)).filter((a) => ids.includes(a.id) && a.status === "active");
    let apps = await mine();
    while (apps.length < ids.length && Date.now() < end) {
      await page.waitForTimeout(200);
      apps = await mine();
    }
    expect(apps).toHaveLength(ids.length);
    return ids.map((id) => apps.find((a) => a.id === id)!);
  }

  const appRow = (page: Page, url: string): Locator => page.locator("tr.app", { hasText: url });
  const statusOf = (row: Locator) => row.locator("td.status");
  /** The number of app rows shown, once it is `n` (or, if it never becomes so, the last count). */
  const rowCountBecomes = (page: Page, n: number) =>
    eventually(
      () => page.locator("tr.app").count(),
      (v) => v === n,
    );

  /** Opens the More actions menu of the app's row, checks that it does not offer `absent`, and picks `item`. */
  async function pickFromMenu(page: Page, url: string, item: string, absent: string): Promise<void> {
    await appRow(page, url)
      .getByRole("button", { name: `More actions for ${url}` })
      .click();
    expect(await page.getByRole("menuitem", { name: absent }).count()).toBe(0);
    await page.getByRole("menuitem", { name: item }).click();
  }

  /** A new developer with one active app at https://`prefix`-…example.com, on the dashboard: the page, the app and its row. */
  async function dashboardWithApp(prefix: string): Promise<{ page: Page; app: AppRow; row: Locator }> {
    const page = await signedIn();
    const [app] = await createActiveApps(page, [`https://${prefix}-${randomUUID().slice(0, 6)}.example.com`]);
    await openDashboard(page);
    return { page, app: app!, row: appRow(page, app!.url) };
  }

  it(
    "when a new developer creates an app, then blanks are refused with a toast, server errors show under the emptied field, and the new row shows its short key, copies the full key and turns active",
    async () => {
      const page = await signedIn();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const creates: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().endsWith("/apps/api/v1/create/")) creates.push(r.url());
      });
      await openDashboard(page);

      // Empty state, and its link opens the dialog.
      await page.getByText("No apps created yet").waitFor();
      await page.getByRole("button", { name: "Create your first app" }).click();
      const dialog = page.getByRole("dialog", { name: "Create a new app" });
      await dialog.waitFor();
      const field = dialog.getByLabel("Website Url");

      // Blank after trimming: a destructive toast, no call.
      await field.fill("   ");
      await dialog.getByRole("button", { name: "Create App" }).click();
      const toast = page.getByTestId("toast").filter({ hasText: "App name required" });
      await toast.waitFor();
      expect(await toast.textContent()).toContain("Please enter a name for your app");
      expect(await toast.getAttribute("role")).toBe("alert");
      expect(creates).toHaveLength(0);

      // The server refuses: its first message under the field, which is cleared.
      await field.fill("not a website");
      await dialog.getByRole("button", { name: "Create App" }).click();
      await dialog.getByText("Enter a valid URL.").waitFor();
      expect(await field.inputValue()).toBe("");
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(
        await eventually(
          () =>
            field.evaluate(
              (el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
            ),
          Boolean,
        ),
      ).toBe(true);
      expect(creates).toHaveLength(1);

      // Success: toast, dialog closed, the row.
      const host = `shop-${randomUUID().slice(0, 6)}.example.com`;
      await field.fill(`  ${host}/  `);
      await dialog.getByRole("button", { name: "Create App" }).click();
      await page.getByTestId("toast").filter({ hasText: "App created" }).waitFor();
      await dialog.waitFor({ state: "hidden" });
      const url = `https://${host}`;
      const row = appRow(page, url);
      await row.waitFor();
      const [app] = await listApps(page);
      expect(app!.url).toBe(url);
      expect(await row.locator("code").textContent()).toBe(`${app!.api_key.slice(0, 10)}…`);

      // Pending → active without a reload (the list polls while an app is pending).
      await statusOf(row).getByText("Active").waitFor({ timeout: 15_000 });

      // Copy: a tooltip names the button; the whole key lands on the clipboard; the feedback lasts 2 s.
      const copy = row.getByRole("button", { name: `Copy API key for ${url}` });
      await copy.hover();
      await page.getByRole("tooltip", { name: "Copy API key" }).waitFor();
      await copy.click();
      const copied = row.getByText("Copied to clipboard");
      await copied.waitFor();
      const shownAt = Date.now();
      expect(await page.evaluate(() => (globalThis as unknown as InPage).navigator.clipboard.readText())).toBe(app!.api_key);
      await copied.waitFor({ state: "hidden", timeout: 4_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);

      // Try it opens the chat for this app.
      await row.getByRole("button", { name: /^Try it/ }).click();
      await page.waitForURL(suite.url(`/chat/${app!.id}/`));
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when an active app's subscription is cancelled, then it turns cancelled on its own, its menu offers Delete instead, and deleting it leaves the empty state",
    async () => {
      const { page, app, row } = await dashboardWithApp("cancel");
      await statusOf(row).getByText("Active").waitFor();

      await pickFromMenu(page, app.url, "Cancel Subscription", "Delete");
      const confirm = page.getByRole("alertdialog", { name: "Cancel subscription?" });
      await confirm.waitFor();
      // Close keeps everything as it was.
      await confirm.getByRole("button", { name: "Close" }).click();
      await confirm.waitFor({ state: "hidden" });
      await pickFromMenu(page, app.url, "Cancel Subscription", "Delete");
      await confirm.getByRole("button", { name: "Cancel Subscription" }).click();
      await confirm.waitFor({ state: "hidden" });
      await statusOf(row).getByText("Cancelled").waitFor({ timeout: 15_000 });

      await pickFromMenu(page, app.url, "Delete", "Cancel Subscription");
      const del = page.getByRole("alertdialog", { name: "Delete app?" });
      await del.waitFor();
      await del.getByRole("button", { name: "Delete" }).click();
      await row.waitFor({ state: "detached" });
      await page.getByText("No apps created yet").waitFor();
      expect(await listApps(page)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when a row is expanded and a template created, then the editor's address opens, the card shows Saved as draft, and deleting it needs an explicit choice",
    async () => {
      const { page, app, row } = await dashboardWithApp("tpl");
      const disclosure = row.getByRole("button", { name: `Templates of ${app.url}` });
      expect(await disclosure.getAttribute("aria-expanded")).toBe("false");

      // Buttons inside the row do not toggle it; a click on the row itself does.
      await row.getByRole("button", { name: `Copy API key for ${app.url}` }).click();
      expect(await disclosure.getAttribute("aria-expanded")).toBe("false");
      await statusOf(row).click();
      expect(await disclosure.getAttribute("aria-expanded")).toBe("true");
      const panel = page.getByRole("region", { name: `Templates for ${app.url}` });
      await panel.getByText("No templates yet").waitFor();
      // Keyboard: the disclosure button collapses and expands it.
      await disclosure.focus();
      await page.keyboard.press("Enter");
      await panel.waitFor({ state: "detached" });
      await page.keyboard.press("Space");
      await panel.getByText("No templates yet").waitFor();

      // Template → created, then the editor's address (the editor page itself is built elsewhere).
      await panel.getByRole("button", { name: "Template", exact: true }).click();
      await page.waitForURL(new RegExp(`/preview/${app.id}/[0-9a-f-]{36}$`));
      // The address changes before the editor has rendered (the router keeps the dashboard on screen while the
      // editor's code loads): going back before then would keep this dashboard, rows still expanded.
      await editorShown(page);
      const templateId = page.url().split("/").pop()!;
      const templates = await callInPage<{ results: TemplateRow[] }>(
        page,
        "GET",
        `/apps/api/v1/templates/${app.id}/?page=1&page_size=100`,
      );
      expect(templates.body.results.map((t) => t.id)).toEqual([templateId]);

      await page.goBack();
      await row.getByRole("button", { name: `Templates of ${app.url}` }).click();
      const card = panel.getByRole("article", { name: "Untitled template" });
      await card.waitFor();
      await card.getByText("Saved as draft").waitFor();

      // The card itself opens the editor too.
      await card.getByRole("link", { name: "Untitled template" }).click();
      await page.waitForURL(suite.url(`/preview/${app.id}/${templateId}`));
      await editorShown(page);
      await page.goBack();
      await row.getByRole("button", { name: `Templates of ${app.url}` }).click();
      await card.waitFor();

      // The delete button is hidden until the card is hovered or focused.
      const remove = card.getByRole("button", { name: "Delete template Untitled template" });
      const opacity = () =>
        remove.evaluate(
          (el) => (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(el).opacity,
        );
      await page.mouse.move(1, 1);
      expect(await eventually(opacity, (v) => v === "0")).toBe("0");
      await remove.focus();
      expect(await eventually(opacity, (v) => v === "1")).toBe("1");

      await remove.click();
      const confirm = page.getByRole("alertdialog", { name: "Delete Template" });
      await confirm.waitFor();
      await page.keyboard.press("Escape");
      await page.mouse.click(5, 5);
      await page.waitForTimeout(300);
      expect(await confirm.isVisible()).toBe(true);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "hidden" });
      expect(await card.isVisible()).toBe(true);

      await remove.click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await confirm.waitFor({ state: "hidden" });
      await card.waitFor({ state: "detached" });
      await panel.getByText("No templates yet").waitFor();
    },
    TIMEOUT,
  );

  it(
    "when a developer has 26 apps, then the list is paged by 25, and deleting the only app of page 2 moves back to page 1",
    async () => {
      const page = await signedIn();
      const tag = randomUUID().slice(0, 6);
      const urls = Array.from({ length: 26 }, (_, i) => `https://site-${String(i).padStart(2, "0")}-${tag}.example.com`);
      await createActiveApps(page, urls);
      await openDashboard(page);

      const nav = page.getByRole("navigation", { name: "Pagination" });
      await nav.waitFor();
      expect(await nav.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
      expect(await nav.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
      expect(await rowCountBecomes(page, 25)).toBe(25);

      await nav.getByRole("button", { name: "Next" }).click();
      expect(
        await eventually(
          () => nav.getByRole("button", { name: "Page 2" }).getAttribute("aria-current"),
          (v) => v === "page",
        ),
      ).toBe("page");
      // Newest first: the first app created is alone on page 2.
      const oldest = appRow(page, urls[0]!);
      await oldest.waitFor();
      expect(await page.locator("tr.app").count()).toBe(1);
      expect(await nav.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

      await pickFromMenu(page, urls[0]!, "Cancel Subscription", "Delete");
      await page
        .getByRole("alertdialog", { name: "Cancel subscription?" })
        .getByRole("button", { name: "Cancel Subscription" })
        .click();
      await statusOf(oldest).getByText("Cancelled").waitFor({ timeout: 15_000 });
      await pickFromMenu(page, urls[0]!, "Delete", "Cancel Subscription");
      await page.getByRole("alertdialog", { name: "Delete app?" }).getByRole("button", { name: "Delete" }).click();

      // Back on page 1 with 25 apps: one page only, so no pagination.
      await nav.waitFor({ state: "detached" });
      expect(await rowCountBecomes(page, 25)).toBe(25);
      await appRow(page, urls[25]!).waitFor();
    },
    TIMEOUT,
  );

  it.each([
    ["ACTIVE", "success", "Your subscription is active. Your app is ready to use."],
    ["PENDING", "warning", "Thanks for subscribing, your payment is currently being processed."],
  ])(
    "when the dashboard is opened after a subscription with state %s, then a %s banner shows for 5 seconds, the address becomes /dashboard and the list reloads",
    async (state, type, text) => {
      const page = await signedIn();
      let listCalls = 0;
      page.on("request", (r) => {
        if (r.url().includes("/apps/api/v1/list/")) listCalls++;
      });
      await openDashboard(page, `?subscription_id=sub_${randomUUID()}&state=${state}`);
      const banner = page.getByTestId("subscription-banner");
      await banner.waitFor();
      const shownAt = Date.now();
      expect(await banner.getAttribute("data-type")).toBe(type);
      expect(await banner.textContent()).toBe(text);
      await banner.screenshot({ path: screenshotPath(`dashboard-apps-banner-${type}`) });
      await page.getByText("No apps created yet").waitFor();
      const before = listCalls;

      await page.waitForURL(suite.url("/dashboard"), { timeout: 8_000 });
      const elapsed = Date.now() - shownAt;
      expect(elapsed).toBeGreaterThanOrEqual(4_000);
      expect(elapsed).toBeLessThan(7_000);
      await banner.waitFor({ state: "detached" });
      expect(
        await eventually(
          async () => listCalls,
          (v) => v > before,
        ),
      ).toBeGreaterThan(before);
      // Replaced, not pushed: Back leaves the dashboard instead of bringing the banner back.
      await page.goBack();
      expect(new URL(page.url()).pathname).toBe("/terms");
    },
    TIMEOUT,
  );

  it(
    "when the section is shown at 1280 and 375 px in both themes, with a row expanded and with dialogs open, then axe finds nothing and 360 px has no horizontal scroll",
    async () => {
      const setup = await signedIn();
      const tag = randomUUID().slice(0, 6);
      const [withTemplates] = await createActiveApps(setup, [`https://a-rather-long-website-name-${tag}.example.com/shop`]);
      // A cancelled app too, so both badges show.
      const [second] = await createActiveApps(setup, [`https://second-${tag}.example.com`]);
      expect((await callInPage(setup, "POST", `/billing/api/v1/subscription/${second!.subscription_id}/cancel/`)).status).toBe(
        200,
      );
      const base = `/apps/api/v1/templates/${withTemplates!.id}`;
      const specs = [
        { name: "", description: "", status: "draft" },
        { name: "Weather card", description: "Current conditions and a five-day forecast with icons.", status: "pause" },
        { name: "Pricing table", description: "Three tiers side by side, the middle one highlighted.", status: "publish" },
      ];
      for (const s of specs) {
        const t = await callInPage<TemplateRow>(setup, "POST", `${base}/create/`);
        const body = Object.fromEntries(Object.entries(s).filter(([, v]) => v !== ""));
        if (Object.keys(body).length)
          expect((await callInPage(setup, "PATCH", `${base}/update/${t.body.id}/`, body)).status).toBe(200);
      }
      const cookies = await setup.context().cookies();

      for (const theme of ["light", "dark"] as const) {
        for (const width of [1280, 375, 360]) {
          const { context, page, errors } = await suite.openPage({ width, height: 900, theme, bypassCSP: true });
          await context.addCookies(cookies);
          await context.addInitScript(() => (globalThis as unknown as InPage).localStorage.setItem("is_logged_in", "1"));
          await openDashboard(page);
          const row = appRow(page, withTemplates!.url);
          await row.getByRole("button", { name: `Templates of ${withTemplates!.url}` }).click();
          const panel = page.getByRole("region", { name: `Templates for ${withTemplates!.url}` });
          await panel.getByRole("article", { name: "Pricing table" }).waitFor();
          await panel.getByText("Paused").waitFor();
          await settled(page);
          expect({ width, theme, overflow: await horizontalOverflow(page) }).toEqual({ width, theme, overflow: 0 });
          const name = `dashboard-apps-${theme}-${width}`;
          /** At 360 px only the overflow is checked; at the other widths, the screenshot `shot` and axe (labelled `label`). */
          const shootAndCheck = async (label: string, shot: string, fullPage = false) => {
            if (width === 360) return;
            await shoot(page, shot, { fullPage });
            expect({ name: label, violations: await describedAxeViolations(page) }).toEqual({ name: label, violations: [] });
          };
          await shootAndCheck(name, name, true);

          // A dialog open: the create form with a server error, then the template confirmation.
          await page.getByRole("button", { name: "Create App", exact: true }).click();
          const dialog = page.getByRole("dialog", { name: "Create a new app" });
          await dialog.getByLabel("Website Url").fill("not a website");
          await dialog.getByRole("button", { name: "Create App" }).click();
          await dialog.getByText("Enter a valid URL.").waitFor();
          await settled(page);
          expect({ width, theme, overflow: await horizontalOverflow(page) }).toEqual({ width, theme, overflow: 0 });
          await shootAndCheck(`${name}-create`, `${name}-create`);
          await dialog.getByRole("button", { name: "Cancel" }).click();

          await panel.getByRole("button", { name: "Delete template Pricing table" }).click();
          const confirm = page.getByRole("alertdialog", { name: "Delete Template" });
          await confirm.waitFor();
          await settled(page);
          await shootAndCheck(`${name}-delete`, `${name}-delete-template`);
          await confirm.getByRole("button", { name: "Cancel" }).click();
          expect(errors).toEqual([]);
          await context.close();
        }
      }
    },
    4 * TIMEOUT,
  );
});
