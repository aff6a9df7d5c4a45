import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { screenshotPath } from "@genui/testkit";
import type { Appearance } from "@genui/contracts/http";
import type { Locator, Page } from "playwright-core";
import { eventually } from "../support/eventually";
import {
  browserSuite,
  callInPage,
  describedAxeViolations,
  horizontalOverflow,
  settledTop,
  signUpInPage,
  type Theme,
} from "../support/pages";
import { loadSpaModule } from "../support/spa-module";
import type { AppRow } from "../support/wire";

/**
 * The dashboard's Appearance editor (issue 36) against the real stack: an app's brand theme edited with its live
 * preview (drawn by the React renderer), saved through apps' signed-in routes, refused when unreadable, and the app's
 * own components declared, listed with their fallback's preview and deleted.
 */

const TIMEOUT = 120_000;

/** GenUI's light primary, and the one the tests set (#6d28d9), as computed styles say them. */
const GENUI_PRIMARY = "rgb(29, 78, 216)";
const VIOLET = "rgb(109, 40, 217)";

/** The docs' samples of theming and components (features/docs/api-snippets/appearance.ts). */
const docs = loadSpaModule<{ appearanceSnippets(origin: string): Record<"signIn" | "theme" | "component", string> }>(
  "features/docs/api-snippets/appearance.ts",
);

describe("the dashboard's Appearance editor in Chromium", () => {
  const suite = browserSuite();

  /**
   * A new developer with one app, on the dashboard. `axe`: the page runs axe, an inline script (the CSP is bypassed;
   * the other tests keep it, and browserSuite fails any test whose page it blocked something on).
   */
  async function dashboardWithApp(
    theme: Theme = "light",
    { axe = false } = {},
  ): Promise<{ page: Page; app: AppRow; errors: string[] }> {
    const { page, errors } = await suite.visit("/terms", { width: 1280, height: 900, bypassCSP: axe, theme });
    await signUpInPage(page, suite.url(), `look-${randomUUID()}@genui.dev`);
    const created = await callInPage<AppRow>(page, "POST", "/apps/api/v1/create/", {
      url: `https://${randomUUID().slice(0, 8)}.example.com`,
    });
    expect(created.status).toBe(201);
    await page.goto(suite.url("/dashboard"));
    await page.getByRole("heading", { name: "Your Apps", level: 2 }).waitFor();
    return { page, app: created.body, errors };
  }

  /** Expands the app's row and opens its Appearance editor; answers the panel. */
  async function openEditor(page: Page, app: AppRow): Promise<Locator> {
    await page
      .locator("tr.app", { hasText: app.url })
      .getByRole("button", { name: `Templates of ${app.url}` })
      .click();
    const panel = page.getByRole("region", { name: `Appearance for ${app.url}` });
    await panel.getByRole("button", { name: "Edit appearance" }).click();
    await panel.getByTestId("appearance-editor").waitFor();
    await panel.getByTestId("theme-preview-surface").locator(".gu-root").waitFor();
    return panel;
  }

  const stored = async (page: Page, app: AppRow) =>
    (await callInPage<Appearance>(page, "GET", `/apps/api/v1/appearance/${app.id}/`)).body;

  /** The preview's primary button ("Create account" on the sign-up sample): its background colour. */
  const previewButton = (panel: Locator) =>
    panel.getByTestId("theme-preview-surface").getByRole("button", { name: "Create account" });
  const background = (button: Locator) => button.evaluate((el) => getComputedStyle(el).backgroundColor);
  /** The background colour, once it is `want` (or, if it never becomes so, the last one read). */
  const backgroundBecomes = (button: Locator, want: string) =>
    eventually(
      () => background(button),
      (c) => c === want,
    );

  const lightPrimary = (panel: Locator) => panel.getByTestId("theme-light").getByLabel("Primary", { exact: true });

  it(
    "when the owner changes the light primary, then the preview's button follows, light and dark, and once saved a reload shows it",
    async () => {
      const { page, app, errors } = await dashboardWithApp("light", { axe: true });
      let panel = await openEditor(page, app);
      const button = previewButton(panel);
      expect(await background(button)).toBe(GENUI_PRIMARY);

      await lightPrimary(panel).fill("#6d28d9");
      expect(await backgroundBecomes(button, VIOLET)).toBe(VIOLET);
      await panel.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
      await panel.getByTestId("theme-preview").screenshot({ path: screenshotPath("dashboard-appearance-preview-light") });

      // Dark: the primary left out is derived from light's (lighter, still violet), on the dark background.
      await panel.getByRole("radio", { name: "Dark" }).click();
      await panel.getByTestId("theme-preview-surface").locator('.gu-root[data-theme="dark"]').waitFor();
      const dark = await eventually(
        () => background(button),
        (c) => c !== VIOLET && c !== "rgb(147, 197, 253)",
      );
      const [r, g, b] = dark.match(/\d+/g)!.map(Number) as [number, number, number];
      expect({ dark, violet: b > g && r > g }).toEqual({ dark, violet: true });
      await panel.getByRole("radio", { name: "Pricing table" }).click();
      await panel.getByTestId("theme-preview-surface").getByText("Most popular").waitFor();
      await panel.getByTestId("theme-preview").screenshot({ path: screenshotPath("dashboard-appearance-preview-dark") });
      await panel.getByRole("radio", { name: "Sign-up form" }).click();

      expect(await describedAxeViolations(page)).toEqual([]);

      await panel.getByRole("button", { name: "Save theme" }).click();
      await page.getByTestId("toast").filter({ hasText: "Theme saved" }).waitFor();
      await panel.getByRole("status").filter({ hasText: "Saved · version 1" }).waitFor();
      const saved = await stored(page, app);
      expect({ version: saved.version, theme: saved.theme }).toEqual({ version: 1, theme: { light: { primary: "#6d28d9" } } });

      // A reload shows the stored theme: the summary, the field and the preview.
      await page.reload();
      await page.getByRole("heading", { name: "Your Apps", level: 2 }).waitFor();
      panel = await openEditor(page, app);
      await panel.getByTestId("appearance-summary").filter({ hasText: "Your theme (primary #6d28d9)" }).waitFor();
      expect(await lightPrimary(panel).inputValue()).toBe("#6d28d9");
      expect(await backgroundBecomes(previewButton(panel), VIOLET)).toBe(VIOLET);
      await panel.getByRole("status").filter({ hasText: "Saved · version 1" }).waitFor();
      await panel.screenshot({ path: screenshotPath("dashboard-appearance-editor") });
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when the site is dark and the owner turns a neutral preset into a custom scale, then its eleven steps start from the preset and the preview's cards follow a step's edit",
    async () => {
      const { page, app, errors } = await dashboardWithApp("dark", { axe: true });
      const panel = await openEditor(page, app);
      const light = panel.getByTestId("theme-light");
      await panel.getByRole("radio", { name: "Light" }).click();
      const card = panel.getByTestId("theme-preview-surface").locator(".gu-card").first();
      const cardColour = () => card.evaluate((el) => getComputedStyle(el).backgroundColor);

      await light.getByLabel("Neutral scale").selectOption("stone");
      expect(await eventually(cardColour, (c) => c === "rgb(250, 250, 249)")).toBe("rgb(250, 250, 249)");
      await light.getByLabel("Neutral scale").selectOption("custom");
      const steps = light.getByRole("group", { name: "Light custom neutral scale" });
      expect(await steps.getByLabel("50", { exact: true }).inputValue()).toBe("#fafaf9");
      expect(await steps.getByLabel("950", { exact: true }).inputValue()).toBe("#0c0a09");
      await steps.getByLabel("50", { exact: true }).fill("#fff7ed");
      expect(await eventually(cardColour, (c) => c === "rgb(255, 247, 237)")).toBe("rgb(255, 247, 237)");

      expect(await describedAxeViolations(page)).toEqual([]);
      await panel.getByTestId("theme-form").screenshot({ path: screenshotPath("dashboard-appearance-dark-site-custom-neutral") });
      await panel.getByRole("button", { name: "Save theme" }).click();
      await panel.getByRole("status").filter({ hasText: "Saved · version 1" }).waitFor();
      const saved = (await stored(page, app)).theme.light?.neutral;
      expect(saved).toMatchObject({ "50": "#fff7ed", "500": "#78716c", "950": "#0c0a09" });
      await page.screenshot({ path: screenshotPath("dashboard-appearance-dark-site"), fullPage: false });
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when the editor is opened on a 375 px screen, then the preview comes first and nothing scrolls sideways, in either tab",
    async () => {
      const { page, app } = await dashboardWithApp();
      await page.setViewportSize({ width: 375, height: 800 });
      const panel = await openEditor(page, app);
      const preview = await panel.getByTestId("theme-preview").boundingBox();
      const form = await panel.getByTestId("theme-form").boundingBox();
      expect(preview!.y).toBeLessThan(form!.y);
      expect(await horizontalOverflow(page)).toBe(0);
      await panel.getByTestId("theme-preview").screenshot({ path: screenshotPath("dashboard-appearance-375-preview") });
      await panel.getByRole("tab", { name: "Components (0)" }).click();
      await panel.getByRole("button", { name: "Add component" }).click();
      await panel.getByTestId("component-form").getByLabel("Role (optional)").selectOption("hero");
      expect(await horizontalOverflow(page)).toBe(0);
      await panel.getByTestId("component-form").screenshot({ path: screenshotPath("dashboard-appearance-375-component-form") });
    },
    TIMEOUT,
  );

  it(
    "when the owner sets an unreadable primary (#ffd700), then its field shows the contrast error, the preview keeps the last readable theme and nothing is saved",
    async () => {
      const { page, app } = await dashboardWithApp();
      const panel = await openEditor(page, app);
      const field = lightPrimary(panel);
      await field.fill("#ffd700");
      // Live: the same check the server runs.
      const message =
        /In light mode, primary \(links and buttons\) \(#ffd700\) on the background \(#ffffff\) has a contrast of 1\.40:1/;
      await panel.getByTestId("theme-light").getByText(message).waitFor();
      await panel.getByTestId("theme-preview-unreadable").waitFor();
      expect(await background(previewButton(panel))).toBe(GENUI_PRIMARY);

      // The server refuses it, field by field; its message stays under the field.
      const puts: number[] = [];
      page.on("response", (r) => {
        if (r.request().method() === "PUT" && r.url().endsWith("/theme/")) puts.push(r.status());
      });
      await panel.getByRole("button", { name: "Save theme" }).click();
      expect(
        await eventually(
          () => Promise.resolve(puts),
          (p) => p.length === 1,
        ),
      ).toEqual([400]);
      await panel.getByTestId("theme-light").getByText(message).waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await stored(page, app)).toMatchObject({ version: 0, theme: {} });
      await panel.getByTestId("theme-form").screenshot({ path: screenshotPath("dashboard-appearance-unreadable") });

      // Fixed, it saves.
      await field.fill("#0f766e");
      await panel.getByTestId("theme-preview-unreadable").waitFor({ state: "detached" });
      await panel.getByRole("button", { name: "Save theme" }).click();
      await panel.getByRole("status").filter({ hasText: "Saved · version 1" }).waitFor();
      expect((await stored(page, app)).theme).toEqual({ light: { primary: "#0f766e" } });
    },
    TIMEOUT,
  );

  it(
    "when the look was changed elsewhere after the page loaded it, then saving says so and Reload shows the current one",
    async () => {
      const { page, app } = await dashboardWithApp();
      const panel = await openEditor(page, app);
      await lightPrimary(panel).fill("#6d28d9");
      // Another tab (here: the API) sets a theme meanwhile.
      const other = await callInPage<Appearance>(page, "PUT", `/apps/api/v1/appearance/${app.id}/theme/`, {
        theme: { light: { accent: "#be185d" }, radius: 4 },
      });
      expect(other.status).toBe(200);
      await panel.getByRole("button", { name: "Save theme" }).click();
      const stale = panel.getByTestId("appearance-stale");
      await stale.waitFor();
      expect(await stale.textContent()).toContain("changed elsewhere");
      expect((await stored(page, app)).theme).toEqual({ light: { accent: "#be185d" }, radius: 4 });

      await stale.getByRole("button", { name: "Reload appearance" }).click();
      await stale.waitFor({ state: "detached" });
      expect(await lightPrimary(panel).inputValue()).toBe("");
      expect(await panel.getByTestId("theme-light").getByLabel("Accent", { exact: true }).inputValue()).toBe("#be185d");
      await panel.getByRole("status").filter({ hasText: "Saved · version 1" }).waitFor();
    },
    TIMEOUT,
  );

  it(
    "when the owner declares components, then a clashing name shows its field error, a valid one is listed with its fallback's preview, and it can be deleted",
    async () => {
      const { page, app, errors } = await dashboardWithApp("light", { axe: true });
      const panel = await openEditor(page, app);
      await panel.getByRole("tab", { name: "Components (0)" }).click();
      await panel.getByText("No components declared yet").waitFor();
      await panel.getByRole("button", { name: "Add component" }).click();
      const form = panel.getByTestId("component-form");
      const name = form.getByLabel("Name", { exact: true });

      // JSON that does not parse is said as it is typed.
      const props = form.getByLabel("Props (JSON Schema)");
      const schema = await props.inputValue();
      await props.fill(`${schema.slice(0, -1)},`);
      await form.getByText(/^Not valid JSON/).waitFor();
      await props.fill(schema);
      await form.getByText(/^Not valid JSON/).waitFor({ state: "detached" });

      // A name GenUI already uses: the server's field error under Name.
      await name.fill("Card");
      await form.getByLabel("Description", { exact: true }).fill("One product with its price.");
      await form.getByRole("button", { name: "Declare component" }).click();
      await form.getByText('"Card" is the name of a GenUI component; choose another (e.g. MyCard).').waitFor();
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect((await stored(page, app)).components).toEqual([]);

      // A valid one, with a role: listed with its fallback (a card made from the example).
      await name.fill("ProductCard");
      await form.getByLabel("Role (optional)").selectOption("product-card");
      await form.getByLabel("Role field price").selectOption("price");
      await form.getByRole("button", { name: "Declare component" }).click();
      await page.getByTestId("toast").filter({ hasText: "ProductCard declared" }).waitFor();
      await form.waitFor({ state: "detached" });
      const item = panel.getByRole("list", { name: `Components of ${app.url}` }).locator('[data-component="ProductCard"]');
      await item.getByText("One product with its price.").waitFor();
      await item.getByText("Role: product card").waitFor();
      const fallback = item.getByTestId("fallback-preview-ProductCard").locator(".gu-root .gu-card");
      await fallback.getByText("Ceramic mug").waitFor();
      await panel.getByRole("tab", { name: "Components (1)" }).waitFor();
      const declared = (await stored(page, app)).components;
      expect(declared).toHaveLength(1);
      expect(declared[0]).toMatchObject({
        name: "ProductCard",
        fallback: "card",
        role: { name: "product-card", props: { price: "price" } },
        example: { title: "Ceramic mug", price: 14 },
      });
      expect(await describedAxeViolations(page)).toEqual([]);
      await panel.screenshot({ path: screenshotPath("dashboard-appearance-components") });

      // Edit: the same form, its name fixed; the declaration is replaced.
      await item.getByRole("button", { name: "Edit ProductCard" }).click();
      const edit = panel.getByTestId("component-form");
      expect(await edit.getByLabel("Name", { exact: true }).isDisabled()).toBe(true);
      expect(await edit.getByLabel("Role field price").inputValue()).toBe("price");
      await edit.getByLabel("Description", { exact: true }).fill("One product with its price and photo.");
      await edit.getByRole("button", { name: "Save component" }).click();
      await item.getByText("One product with its price and photo.").waitFor();
      const replaced = await stored(page, app);
      expect({ version: replaced.version, count: replaced.components.length }).toEqual({ version: 2, count: 1 });

      // Delete, confirmed.
      await item.getByRole("button", { name: "Delete ProductCard" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete ProductCard?" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByTestId("toast").filter({ hasText: "ProductCard deleted" }).waitFor();
      await item.waitFor({ state: "detached" });
      await panel.getByText("No components declared yet").waitFor();
      expect((await stored(page, app)).components).toEqual([]);
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when a signed-in owner with two apps reads the docs' component catalogue, then the picked app's own components are listed beside GenUI's",
    async () => {
      const { page, app, errors } = await dashboardWithApp();
      const second = await callInPage<AppRow>(page, "POST", "/apps/api/v1/create/", {
        url: `https://${randomUUID().slice(0, 8)}.example.com`,
      });
      const declared = await callInPage<Appearance>(
        page,
        "PUT",
        `/apps/api/v1/appearance/${second.body.id}/components/PlanTier/`,
        {
          component: {
            name: "PlanTier",
            description: "One plan of the pricing table, with its features.",
            props: {
              type: "object",
              properties: {
                title: { type: "string" },
                price: { type: "number" },
                features: { type: "array", items: { type: "string" } },
              },
              required: ["title"],
              additionalProperties: false,
            },
            example: { title: "Team", price: 29, features: ["SSO"] },
            fallback: "card",
            role: { name: "pricing-tier" },
          },
        },
      );
      expect(declared.status).toBe(200);

      await page.goto(suite.url("/docs"));
      const catalogue = page.getByTestId("component-catalogue");
      await catalogue.scrollIntoViewIfNeeded();
      // GenUI's own, by category (each folded until opened).
      const layout = catalogue.getByRole("region", { name: "Layout components" });
      expect(await layout.isVisible()).toBe(false);
      await catalogue.getByText("Layout (", { exact: false }).click();
      await layout.getByRole("rowheader", { name: "card" }).waitFor();
      // One app declares none; the other, picked, lists its component as the model sees it.
      const mine = catalogue.getByTestId("app-components");
      await mine.getByLabel("App").selectOption(app.id);
      await mine.getByText(`${app.url} declares no components of its own.`).waitFor();
      await mine.getByLabel("App").selectOption(second.body.id);
      const table = mine.getByRole("region", { name: `Components of ${second.body.url}` });
      const row = table.getByRole("row", { name: /PlanTier/ });
      await row.getByText("One plan of the pricing table, with its features.").waitFor();
      await row.getByText("the built-in generator uses it as a pricing tier", { exact: false }).waitFor();
      await row.getByText('custom("PlanTier", {title: "Team", price: 29, features: ["SSO"]})').waitFor();
      expect(await row.locator("li").allTextContents()).toEqual(["title: string (required)", "price: number", "features: array"]);
      await mine.screenshot({ path: screenshotPath("docs-catalogue-app-components") });
      for (const id of ["theming", "your-own-components", "component-catalogue"]) {
        const heading = page.locator(`h3#${id}`);
        await heading.evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
        await settledTop(heading);
        await page.screenshot({ path: screenshotPath(`docs-rendering-${id}`) });
      }
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "when the docs' curl samples run against the platform (sign in, set the theme, declare ProductCard), then both are stored",
    async () => {
      const { page, app } = await dashboardWithApp();
      const email = `curl-${randomUUID()}@genui.dev`;
      // A second account, signed up with a known password, owns the app the samples change.
      const { page: other } = await suite.visit("/terms");
      await signUpInPage(other, suite.url(), email, "password123");
      const created = await callInPage<AppRow>(other, "POST", "/apps/api/v1/create/", { url: "https://curl.example.com" });
      const a = docs.appearanceSnippets(suite.url());
      const script = [
        "set -e",
        a.signIn.replace("you@example.com", email).replace("your password", "password123"),
        `APP_ID=${created.body.id}`,
        a.theme,
        a.component,
      ].join("\n");
      const dir = mkdtempSync(path.join(tmpdir(), "genui-docs-curl-"));
      try {
        const out = await new Promise<string>((resolve, reject) =>
          execFile("bash", ["-c", script], { cwd: dir, timeout: 60_000 }, (err, stdout, stderr) =>
            err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
          ),
        );
        expect(out).toContain('"version":2');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const look = (await callInPage<Appearance>(other, "GET", `/apps/api/v1/appearance/${created.body.id}/`)).body;
      expect(look.version).toBe(2);
      expect(look.theme).toEqual({
        light: { primary: "#6d28d9", accent: "#be185d" },
        dark: { accent: "#f9a8d4" },
        radius: 8,
        density: "comfortable",
        fonts: { body: '"Inter", system-ui, sans-serif' },
      });
      expect(look.components.map((c) => [c.name, c.fallback, c.role?.name])).toEqual([["ProductCard", "card", "product-card"]]);
      // The first owner's app is untouched: the session was the second account's.
      expect((await stored(page, app)).version).toBe(0);
    },
    TIMEOUT,
  );
});
