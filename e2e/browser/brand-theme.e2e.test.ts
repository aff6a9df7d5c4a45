import { readFileSync } from "node:fs";
import { fallbackNode, resolveTheme, type AppTheme, type ComponentNode, type Screen } from "@genui/ui-runtime";
import type { Frame, Page } from "playwright-core";
import { eventually } from "../support/eventually";
import { browserSuite, describeViolations, shoot, type AxeViolation } from "../support/pages";
import { newDeveloper } from "../support/developer";
import { bundle, requireBuilt, startStreamHost, type StreamHost } from "../support/stream-host";

/**
 * An app's brand theme and the developer's own components, in Chromium, where screens are drawn: the iframe page
 * (what `<GenUI>` and `<genui-screen>` frame, served by the API) and the page itself (`@genui/react-renderer`'s
 * ScreenView, and `<GenUI json components>`). One screen — a form in a card, buttons, a progress bar, a table — under
 * three app themes in light and dark: the computed styles are the theme's, every text stays readable (axe), and the
 * screenshots are kept under test-results/screenshots/brand-theme-*. A developer's ProductCard draws its app nodes in
 * the page; the iframe draws their built-in fallback; a per-embed override whose text would be unreadable is refused
 * and reported, never applied.
 */

// The generation API answers the app's look for renderers (GET /apps/api/v1/appearance); no screen is generated here.
const suite = browserSuite({ generation: { workers: 0 } });

/** Tailwind's stone greys: the neutral scale of the orange theme. */
const STONE = {
  "50": "#fafaf9",
  "100": "#f5f5f4",
  "200": "#e7e5e4",
  "300": "#d6d3d1",
  "400": "#a8a29e",
  "500": "#78716c",
  "600": "#57534e",
  "700": "#44403c",
  "800": "#292524",
  "900": "#1c1917",
  "950": "#0c0a09",
};

interface Case {
  name: string;
  theme: AppTheme;
  /** The screen's padding (16 px × density). */
  padding: string;
  /** A font the headings show. */
  headingFont?: string;
  /** A font the body shows. */
  bodyFont?: string;
}

const THEMES: Case[] = [
  {
    name: "violet",
    theme: {
      light: { primary: "#6d28d9", accent: "#be185d" },
      radius: 4,
      density: "compact",
      fonts: { heading: 'Georgia, "Times New Roman", serif' },
    },
    padding: "12px",
    headingFont: "Georgia",
  },
  {
    name: "green",
    theme: {
      light: { primary: "#15803d", accent: "#0e7490" },
      dark: { primary: "#4ade80", accent: "#22d3ee" },
      radius: 16,
      density: "spacious",
      fonts: { body: '"Trebuchet MS", "DejaVu Sans", sans-serif' },
    },
    padding: "20px",
    bodyFont: "Trebuchet MS",
  },
  {
    // Made for dark first: warm greys, an orange that glows on them; light follows from the same scale.
    name: "orange",
    theme: {
      dark: { primary: "#fb923c", accent: "#facc15", neutral: STONE },
      light: { primary: "#c2410c", accent: "#a16207", neutral: STONE },
      radius: 10,
    },
    padding: "16px",
  },
];

const SCREEN: Screen = {
  name: "Your order",
  screen: {
    v1: [
      { name: "title", component: "heading", value: "Your order", props: { level: 1 } },
      {
        name: "details",
        component: "card",
        value: "Delivery details",
        props: { subtitle: "Where and how we send it" },
        content: [
          { name: "email", component: "textInput", props: { label: "Email", placeholder: "you@example.com" } },
          {
            name: "speed",
            component: "select",
            value: "standard",
            props: { label: "Delivery", options: ["standard", "express"] },
          },
          { name: "gift", component: "checkbox", value: false, props: { label: "This is a gift" } },
          {
            name: "actions",
            component: "row",
            content: [
              { name: "place", component: "button", value: "Place order", onPress: "place" },
              { name: "cancel", component: "button", value: "Cancel", props: { variant: "secondary" }, onPress: "cancel" },
            ],
          },
        ],
      },
      { name: "packing", component: "progress", value: 60, props: { label: "Packing your order" } },
      {
        name: "items",
        component: "table",
        value: [
          { item: "Ceramic mug", qty: 2, price: 28 },
          { item: "Cast-iron teapot", qty: 1, price: 48 },
          { item: "Loose-leaf tea (100 g)", qty: 3, price: 21 },
        ],
        props: { columns: ["item", "qty", { key: "price", label: "Price", format: "currency" }], caption: "In this order" },
      },
    ],
  },
};

/** A developer's component node as the server sends it: `mug` with its fallback attached, `teapot` without one. */
const mugNode: ComponentNode = {
  name: "mug",
  component: "ProductCard",
  package: "app",
  props: { title: "Ceramic mug", price: 14, badge: "New" },
  onPress: { event: "add_to_cart", value: "mug" },
};
const SHOP: Screen = {
  name: "Shop",
  screen: {
    v1: [
      { name: "shop_title", component: "heading", value: "Today's picks", props: { level: 1 } },
      { ...mugNode, fallback: fallbackNode("card", mugNode) },
      {
        name: "teapot",
        component: "ProductCard",
        package: "app",
        props: { title: "Cast-iron teapot", price: 48 },
        onPress: { event: "add_to_cart", value: "teapot" },
      },
    ],
  },
};

/** The test site's React app: `<GenUI>` (the built @genui/react) or ScreenView, and the developer's ProductCard. */
const APP = (apiBase: string) => `
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { GenUI } from "@genui/react";
import { ScreenView } from "@genui/react-renderer";

// The developer's own component: it draws with the theme's variables, and presses through genui.action.
function ProductCard({ title, price, badge, genui }) {
  const box = { display: "flex", flexDirection: "column", gap: "8px", padding: "calc(16px * var(--gu-density))",
    background: "var(--gu-surface)", color: "var(--gu-fg)", border: "1px solid var(--gu-border)", borderRadius: "var(--gu-radius)" };
  return h("article", { className: "product-card", "aria-label": title, style: box },
    badge ? h("span", { style: { alignSelf: "flex-start", background: "var(--gu-primary-soft)", color: "var(--gu-fg)",
      borderRadius: "999px", padding: "2px 10px", fontSize: "13px", fontWeight: 600 } }, badge) : null,
    h("h2", { style: { margin: 0, fontSize: "20px", fontFamily: "var(--gu-font-heading, inherit)" } }, title),
    h("p", { style: { margin: 0, fontSize: "24px", fontWeight: 700 } }, "$" + price),
    h("button", { type: "button", onClick: () => genui.action(), style: { alignSelf: "flex-start", font: "inherit",
      fontWeight: 600, background: "var(--gu-primary)", color: "var(--gu-primary-fg)", border: 0,
      borderRadius: "var(--gu-radius-control)", padding: "10px 16px", cursor: "pointer" } }, "Add to cart"));
}

const w = window;
w.errors = [];
w.actions = [];
const root = createRoot(document.getElementById("app"));
w.show = ({ view, screen, brand, theme, components, apiKey }) => {
  const own = components ? { ProductCard } : undefined;
  const onAction = (e) => w.actions.push(e);
  root.render(view === "screenview"
    ? h(ScreenView, { key: "screenview", screen, brand, theme, components: own, onAction })
    : h(GenUI, { key: "genui", apiBase: ${JSON.stringify(apiBase)}, apiKey, json: screen, brand, theme, components: own, width: "100%",
        debug: true, onError: (m) => w.errors.push(m), onActionListener: onAction }));
};
w.ready = true;
`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A shop with GenUI</title></head>
<body style="margin:0;background:#e5e7eb"><main style="max-width:760px;margin:0 auto;padding:16px">
<div id="app"></div></main><script src="/app.js"></script></body></html>`;

type Show = {
  view: "genui" | "screenview";
  screen: Screen;
  brand?: AppTheme | null;
  theme: "light" | "dark";
  components?: boolean;
  apiKey?: string;
};
type Win = { show(s: Show): void; errors: string[]; actions: { type: string; component: { name: string; value: unknown } }[] };

/** What the theme decides, as the browser computes it in the document drawing the screen. */
interface Drawn {
  mode: string | undefined;
  rootPadding: string;
  rootBackground: string;
  rootFont: string;
  headingFont: string;
  button: { background: string; color: string; radius: string };
  card: { radius: string; padding: string };
  input: string;
  tableWrap: string;
  progress: string;
}

function measure(): Drawn {
  const one = (sel: string) => document.querySelector<HTMLElement>(sel)!;
  const cs = (sel: string) => getComputedStyle(one(sel));
  const root = one(".gu-root");
  return {
    mode: root.dataset.theme,
    rootPadding: getComputedStyle(root).paddingTop,
    rootBackground: getComputedStyle(root).backgroundColor,
    rootFont: getComputedStyle(root).fontFamily,
    headingFont: cs("h1.gu-heading").fontFamily,
    button: {
      background: cs('[data-gu-name="place"]').backgroundColor,
      color: cs('[data-gu-name="place"]').color,
      radius: cs('[data-gu-name="place"]').borderTopLeftRadius,
    },
    card: { radius: cs('[data-gu-name="details"]').borderTopLeftRadius, padding: cs('[data-gu-name="details"]').paddingTop },
    input: cs('input[name="email"]').borderTopLeftRadius,
    tableWrap: cs(".gu-table-wrap").borderTopLeftRadius,
    progress: cs('[data-gu-name="packing"] .gu-progress-bar').backgroundColor,
  };
}

/** "#6d28d9" as the browser computes it. */
const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations (WCAG 2.1 A/AA, contrast included) in one document: the page's own, or the iframe's. */
async function axeIn(doc: Page | Frame): Promise<string[]> {
  await doc.evaluate(AXE_SOURCE);
  const violations = await doc.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ["violations"], iframes: false });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return describeViolations(violations);
}

describe("brand themes and the developer's own components in Chromium", () => {
  let host: StreamHost;

  beforeAll(async () => {
    requireBuilt("frontend/embed/dist/lib/index.mjs", "frontend/embed/dist/genui-loader.js", "frontend/iframe/dist/index.html");
    host = await startStreamHost();
    host.page("/app.js", await bundle("brand-theme", APP(suite.url())));
    host.page("/", PAGE);
  }, 180_000);
  afterAll(async () => host?.close());

  const open = async () => {
    const { page, errors } = await suite.openPage({ width: 900, height: 1100 });
    await page.goto(`${host.url}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    return { page, errors };
  };
  // As JSON text: a screen's type is too deep for playwright's argument types.
  const show = (page: Page, s: Show) =>
    page.evaluate((json) => (window as unknown as Win).show(JSON.parse(json) as Show), JSON.stringify(s));
  const pageState = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as Win;
      return { errors: [...w.errors], actions: [...w.actions] };
    });
  const frameOf = async (page: Page): Promise<Frame> => {
    const handle = await page.locator("iframe").elementHandle({ timeout: 60_000 });
    return (await handle!.contentFrame())!;
  };

  it.each(THEMES.map((c) => [c.name, c] as const))(
    "when the app's theme is %s, then the iframe page and the page itself draw the screen in it, in light and dark, readable",
    async (_name, c) => {
      const { page, errors } = await open();
      const resolved = resolveTheme(c.theme);
      const radius = c.theme.radius ?? 12;
      for (const mode of ["light", "dark"] as const) {
        const p = resolved[mode];
        const expectTheme = (d: Drawn, where: string) => {
          const at = `${c.name} ${mode} ${where}`;
          expect({ at, ...d }).toEqual({
            at,
            mode,
            rootPadding: c.padding,
            rootBackground: rgb(p.bg!),
            rootFont: c.bodyFont ? expect.stringContaining(c.bodyFont) : expect.stringContaining("system-ui"),
            headingFont: c.headingFont ? expect.stringContaining(c.headingFont) : d.rootFont,
            button: { background: rgb(p.primary!), color: rgb(p["primary-fg"]!), radius: `${Math.max(0, radius - 4)}px` },
            card: { radius: `${radius}px`, padding: c.padding },
            input: `${Math.max(0, radius - 4)}px`,
            tableWrap: `${Math.max(0, radius - 2)}px`,
            progress: rgb(c.theme[mode]?.accent ? p.accent! : p.primary!),
          });
        };

        // The iframe page, framed by <GenUI> with the theme as its brand: BRAND, then RENDER.
        await show(page, { view: "genui", screen: SCREEN, brand: c.theme, theme: mode });
        const frame = await frameOf(page);
        const drawn = await eventually(
          () => frame.evaluate(measure).catch(() => undefined),
          (d) => d?.mode === mode && d.button.background === rgb(p.primary!),
          60_000,
        );
        expectTheme(drawn!, "iframe");
        expect(await axeIn(frame)).toEqual([]);
        await page.locator("iframe").evaluate((f) => f.scrollIntoView({ block: "start" }));
        await eventually(
          () => page.locator("iframe").evaluate((f) => f.getBoundingClientRect().height),
          (h) => h > 400,
          60_000,
        );
        await shoot(page, `brand-theme-${c.name}-${mode}-iframe`);

        // The page itself: ScreenView with the same theme.
        await show(page, { view: "screenview", screen: SCREEN, brand: c.theme, theme: mode });
        await page.locator('.gu-root [data-gu-name="place"]').waitFor();
        expectTheme(await page.evaluate(measure), "page");
        expect(await axeIn(page)).toEqual([]);
        await shoot(page, `brand-theme-${c.name}-${mode}-page`);
      }
      expect((await pageState(page)).errors).toEqual([]);
      expect(errors).toEqual([]);
    },
    180_000,
  );

  it("when the page passes its ProductCard, then <GenUI json> draws the app's nodes with it in the page, themed, and its press reaches onActionListener; the iframe draws their fallback", async () => {
    const { page, errors } = await open();
    const violet = THEMES[0]!.theme;
    const primary = rgb(resolveTheme(violet).light.primary!);

    await show(page, { view: "genui", screen: SHOP, brand: violet, theme: "light", components: true });
    const mug = page.getByRole("article", { name: "Ceramic mug" });
    await mug.waitFor({ timeout: 60_000 });
    await page.getByRole("article", { name: "Cast-iron teapot" }).waitFor();
    expect(await page.locator("iframe").count()).toBe(0);
    // The developer's component draws with the theme's variables.
    const card = await mug.evaluate((el) => ({
      radius: getComputedStyle(el).borderTopLeftRadius,
      button: getComputedStyle(el.querySelector("button")!).backgroundColor,
      heading: getComputedStyle(el.querySelector("h2")!).fontFamily,
    }));
    expect(card).toEqual({ radius: "4px", button: primary, heading: expect.stringContaining("Georgia") });
    await mug.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("article", { name: "Cast-iron teapot" }).getByRole("button", { name: "Add to cart" }).click();
    expect((await pageState(page)).actions).toEqual([
      { type: "onPress", component: { name: "mug", value: "mug" } },
      { type: "onPress", component: { name: "teapot", value: "teapot" } },
    ]);
    expect(await axeIn(page)).toEqual([]);
    await shoot(page, "brand-theme-components-page");

    // The same screen without the page's components: the iframe, where each app node shows its built-in fallback.
    await show(page, { view: "genui", screen: SHOP, brand: violet, theme: "light" });
    const frame = page.frameLocator("iframe");
    const fallback = frame.locator('[data-gu-name="mug_fallback"]');
    await fallback.getByRole("heading", { name: "Ceramic mug" }).waitFor({ timeout: 60_000 });
    // The teapot came without a fallback: the renderer makes a card from its props.
    await frame.locator('[data-gu-name="teapot_fallback"]').getByRole("heading", { name: "Cast-iron teapot" }).waitFor();
    expect(await frame.getByRole("article").count()).toBe(0);
    expect(await fallback.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe("4px");
    await fallback.getByRole("button", { name: "Add to cart" }).click();
    const pressed = await eventually(
      () => pageState(page),
      (s) => s.actions.length === 3,
      60_000,
    );
    expect(pressed.actions[2]).toEqual({ type: "onPress", component: { name: "mug_fallback_action", value: "mug" } });
    expect(await axeIn(await frameOf(page))).toEqual([]);
    await page.locator("iframe").evaluate((f) => f.scrollIntoView({ block: "start" }));
    await shoot(page, "brand-theme-components-iframe");
    expect((await pageState(page)).errors).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);

  it("when a per-embed brand would make text unreadable, then it is not applied, in the iframe or the page, and onError names the field", async () => {
    const { page, errors } = await open();
    const pale: AppTheme = { light: { primary: "#fde047" }, radius: 2 };
    const genuiBlue = rgb(resolveTheme(null).light.primary!);

    await show(page, { view: "genui", screen: SCREEN, brand: pale, theme: "light" });
    const refused = await eventually(
      () => pageState(page),
      (s) => s.errors.length > 0,
      60_000,
    );
    expect(refused.errors).toEqual([
      expect.stringMatching(/^GenUI: the brand theme was not applied\.\nbrand\.light\.primary: .*WCAG AA/),
    ]);
    const frame = await frameOf(page);
    const drawn = await eventually(
      () => frame.evaluate(measure).catch(() => undefined),
      (d) => d !== undefined,
      60_000,
    );
    expect({ button: drawn!.button.background, card: drawn!.card.radius }).toEqual({ button: genuiBlue, card: "12px" });
    // The error band says so in debug mode.
    await page.getByRole("alert").filter({ hasText: "brand.light.primary" }).waitFor();

    await show(page, { view: "genui", screen: SHOP, brand: pale, theme: "light", components: true });
    await page.getByRole("article", { name: "Ceramic mug" }).waitFor({ timeout: 60_000 });
    const inPage = await page.evaluate(() => {
      const root = document.querySelector<HTMLElement>(".gu-root")!;
      return {
        primary: root.style.getPropertyValue("--gu-primary"),
        radius: getComputedStyle(root).getPropertyValue("--gu-radius").trim(),
      };
    });
    expect(inPage).toEqual({ primary: "", radius: "12px" });
    const reported = await eventually(
      () => pageState(page),
      (s) => s.errors.length > 1,
      60_000,
    );
    expect(reported.errors[1]).toMatch(/brand\.light\.primary/);
    await shoot(page, "brand-theme-refused");
    expect(errors).toEqual([]);
  }, 180_000);

  it("when <genui-screen> has a brand attribute, then the iframe draws the screen in it", async () => {
    const api = suite.url();
    const orange = THEMES[2]!.theme;
    host.page(
      "/loader",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A plain page</title>
      <script src="${api}/apps/api/v1/embed/genui-loader.js"></script></head><body style="margin:0;padding:16px;background:#1c1917">
      <genui-screen id="g" api-base="${api}" width="100%" theme="dark"></genui-screen>
      <script>
        const g = document.getElementById("g");
        window.errors = [];
        g.addEventListener("genui-error", (e) => window.errors.push(e.detail.message));
        g.setAttribute("brand", ${JSON.stringify(JSON.stringify(orange))});
        g.json = ${JSON.stringify(SCREEN)};
      </script></body></html>`,
    );
    const { page, errors } = await suite.openPage({ width: 900, height: 1100 });
    await page.goto(`${host.url}/loader`);
    const frame = await frameOf(page);
    const dark = resolveTheme(orange).dark;
    const drawn = await eventually(
      () => frame.evaluate(measure).catch(() => undefined),
      (d) => d?.button.background === rgb(dark.primary!),
      60_000,
    );
    expect({ bg: drawn!.rootBackground, card: drawn!.card.radius, mode: drawn!.mode }).toEqual({
      bg: rgb(dark.bg!),
      card: "10px",
      mode: "dark",
    });
    expect(await axeIn(frame)).toEqual([]);
    await shoot(page, "brand-theme-loader-orange-dark");
    expect(await page.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it("when the app has a theme set through the API, then <genui-screen> and <GenUI> read it with the publishable key and draw in it, with the page's brand over it", async () => {
    // The app's website is the test site: its publishable key is accepted from there.
    const dev = await newDeveloper(suite.stack, 0, { url: host.url });
    const green = THEMES[1]!.theme;
    const put = await dev.client.request("PUT", `/apps/api/v1/appearance/${dev.appId}/theme/`, { theme: green });
    expect(put.status).toBe(200);
    const light = resolveTheme(green).light;
    const api = suite.url();

    host.page(
      "/app-theme-loader",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The app's own page</title>
      <script src="${api}/apps/api/v1/embed/genui-loader.js"></script></head><body style="margin:0;padding:16px">
      <genui-screen id="g" api-base="${api}" api-key="${dev.publishableKey}" width="100%" theme="light"></genui-screen>
      <script>
        window.errors = [];
        const g = document.getElementById("g");
        g.addEventListener("genui-error", (e) => window.errors.push(e.detail.message));
        g.json = ${JSON.stringify(SCREEN)};
      </script></body></html>`,
    );
    const loader = await suite.openPage({ width: 900, height: 1100 });
    await loader.page.goto(`${host.url}/app-theme-loader`);
    const frame = await frameOf(loader.page);
    const drawn = await eventually(
      () => frame.evaluate(measure).catch(() => undefined),
      (d) => d?.button.background === rgb(light.primary!),
      60_000,
    );
    expect(await loader.page.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([]);
    expect({ card: drawn!.card.radius, padding: drawn!.rootPadding }).toEqual({ card: "16px", padding: "20px" });
    await shoot(loader.page, "brand-theme-app-theme-loader");
    expect(loader.errors).toEqual([]);

    // <GenUI json components> in the page: the same theme from the API, the page's radius over it.
    const { page, errors } = await open();
    await show(page, {
      view: "genui",
      screen: SHOP,
      theme: "light",
      components: true,
      apiKey: dev.publishableKey,
      brand: { radius: 4 },
    });
    const mug = page.getByRole("article", { name: "Ceramic mug" });
    await mug.waitFor({ timeout: 60_000 });
    const card = await eventually(
      () =>
        mug.evaluate((el) => ({
          radius: getComputedStyle(el).borderTopLeftRadius,
          button: getComputedStyle(el.querySelector("button")!).backgroundColor,
        })),
      (c) => c.button === rgb(light.primary!),
      60_000,
    );
    expect(card).toEqual({ radius: "4px", button: rgb(light.primary!) });
    await shoot(page, "brand-theme-app-theme-page");
    expect((await pageState(page)).errors).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
