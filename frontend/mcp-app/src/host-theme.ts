import {
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
  type McpUiStyleVariableKey,
} from "@modelcontextprotocol/ext-apps";
import type { AppTheme } from "@genui/ui-runtime";

/**
 * The host's look, applied to this page: its theme (the document's `data-theme` and `color-scheme`, and the
 * renderer's theme prop), its CSS variables (set on the root element by the SDK, then mapped onto the renderer's own
 * `--gu-*` variables so a screen looks like part of the host), its fonts, and how it shows the page (display mode,
 * container size, safe area). An app's brand theme (from the tool result) goes over the host's look: the renderer sets
 * its variables on the screen's root, and the host's radii and fonts step aside where the theme sets its own.
 */

/**
 * Which host variable (MCP Apps' standard names) stands for which renderer variable (frontend/renderer's styles.ts). A
 * renderer variable whose host variable is not given keeps the renderer's own value. The host's values are referenced
 * (`var(--color-…)`), not copied, so values written with `light-dark()` follow the screen's colour scheme.
 */
export const RENDERER_VARIABLES: readonly (readonly [renderer: string, host: McpUiStyleVariableKey])[] = [
  ["bg", "--color-background-primary"],
  ["raised", "--color-background-primary"],
  ["surface", "--color-background-secondary"],
  ["fg", "--color-text-primary"],
  ["muted", "--color-text-secondary"],
  ["placeholder", "--color-text-tertiary"],
  // The renderer's border is its quiet one (cards, dividers, tables); fields are outlined with `muted`.
  ["border", "--color-border-secondary"],
  ["border", "--color-border-primary"],
  // The host's strongest pair (dark on light, light on dark) is its call to action, as chat hosts draw their buttons.
  ["primary", "--color-background-inverse"],
  ["primary-fg", "--color-text-inverse"],
  ["primary-soft", "--color-background-tertiary"],
  ["focus", "--color-ring-primary"],
  ["neutral-fg", "--color-text-secondary"],
  ["neutral-bg", "--color-background-tertiary"],
  ["info-fg", "--color-text-info"],
  ["info-bg", "--color-background-info"],
  ["success-fg", "--color-text-success"],
  ["success-bg", "--color-background-success"],
  ["warning-fg", "--color-text-warning"],
  ["warning-bg", "--color-background-warning"],
  ["danger-fg", "--color-text-danger"],
  ["danger-bg", "--color-background-danger"],
  ["code-bg", "--color-background-tertiary"],
  ["skeleton", "--color-background-tertiary"],
  ["skeleton-shine", "--color-background-secondary"],
];

/** The class the page's renderer roots carry, so the host's look applies to them (and to nothing else). */
export const HOST_CLASS = "genui-host";
const SCOPE = `:root .gu-root.${HOST_CLASS}`;

/**
 * The renderer's CSS for the host variables given (a variable the host leaves out changes nothing). Where the app's
 * brand theme sets a radius or a font, the host's is left out (the brand's applies from the screen's root).
 */
export function hostThemeCss(
  variables: Partial<Record<McpUiStyleVariableKey, string | undefined>> | undefined,
  brand?: AppTheme | null,
): string {
  const given = (key: McpUiStyleVariableKey) => typeof variables?.[key] === "string" && variables[key]!.trim() !== "";
  const brandSets: Partial<Record<McpUiStyleVariableKey, boolean>> = {
    "--font-sans": !!brand?.fonts?.body,
    "--font-mono": !!brand?.fonts?.mono,
    "--border-radius-md": brand?.radius !== undefined,
    "--border-radius-lg": brand?.radius !== undefined,
  };
  const has = (key: McpUiStyleVariableKey) => given(key) && !brandSets[key];
  const rules: string[] = [];
  // The first host variable given for a renderer variable wins.
  const mapped = new Map<string, McpUiStyleVariableKey>();
  for (const [gu, host] of RENDERER_VARIABLES) if (has(host) && !mapped.has(gu)) mapped.set(gu, host);
  const root = [...mapped].map(([gu, host]) => `--gu-${gu}:var(${host});`);
  if (has("--font-sans")) root.push("font-family:var(--font-sans);");
  if (has("--font-text-md-size")) root.push("font-size:var(--font-text-md-size);");
  if (has("--font-text-md-line-height")) root.push("line-height:var(--font-text-md-line-height);");
  if (root.length) rules.push(`${SCOPE}{${root.join("")}}`);
  if (has("--font-mono")) rules.push(`${SCOPE} code,${SCOPE} pre{font-family:var(--font-mono);}`);
  if (has("--border-radius-md"))
    rules.push(
      `${SCOPE} :is(.gu-button,.gu-input,.gu-select,.gu-textarea,.gu-code,.gu-image-placeholder){border-radius:var(--border-radius-md);}`,
    );
  if (has("--border-radius-lg"))
    rules.push(`${SCOPE} :is(.gu-card,.gu-stat,.gu-alert,.gu-table-wrap,.gu-accordion){border-radius:var(--border-radius-lg);}`);
  if (has("--shadow-md")) rules.push(`${SCOPE} .gu-card.gu-elevated{box-shadow:var(--shadow-md);}`);
  if (has("--font-weight-semibold"))
    rules.push(`${SCOPE} :is(.gu-button,.gu-card-title,.gu-tab,.gu-accordion-trigger){font-weight:var(--font-weight-semibold);}`);
  return rules.join("\n");
}

export type Theme = "light" | "dark" | "auto";

/** The theme the renderer draws with: the host's, else the reader's system preference. */
export const themeOf = (ctx: McpUiHostContext | undefined): Theme =>
  ctx?.theme === "light" || ctx?.theme === "dark" ? ctx.theme : "auto";

const STYLE_ID = "genui-host-theme";

/** What the style sheet was last written from (the host's context and the app's brand change apart). */
let sheetFrom: { variables: Parameters<typeof hostThemeCss>[0]; brand: AppTheme | null } = { variables: undefined, brand: null };

function writeSheet(doc: Document): void {
  let sheet = doc.getElementById(STYLE_ID);
  if (!sheet) {
    sheet = doc.createElement("style");
    sheet.id = STYLE_ID;
    doc.head.appendChild(sheet);
  }
  sheet.textContent = hostThemeCss(sheetFrom.variables, sheetFrom.brand);
}

/** The app's brand theme (checked; null: none): the host's radii and fonts step aside where it sets its own. */
export function applyHostBrand(brand: AppTheme | null, doc: Document = document): void {
  sheetFrom = { ...sheetFrom, brand };
  writeSheet(doc);
}

let layout: { mode: string; cap: number | undefined } = { mode: "inline", cap: undefined };
let observer: ResizeObserver | undefined;

/**
 * Inline, the host grows the frame to the height this page reports, so the page has no scrollbar of its own, unless
 * its content is taller than the height the host allows (then the rest scrolls). Full screen and picture-in-picture
 * fill the frame and scroll.
 */
function fitScroll(doc: Document): void {
  const over = layout.cap !== undefined && doc.body.scrollHeight > layout.cap;
  doc.documentElement.dataset.scroll = layout.mode !== "inline" || over ? "auto" : "none";
}

/** Applies the host context (all of it: the SDK keeps the merged context) to the document. */
export function applyHostContext(ctx: McpUiHostContext | undefined, doc: Document = document): void {
  const html = doc.documentElement;
  if (ctx?.theme === "light" || ctx?.theme === "dark") applyDocumentTheme(ctx.theme);
  const variables = ctx?.styles?.variables;
  if (variables) applyHostStyleVariables(variables, html);
  if (ctx?.styles?.css?.fonts) applyHostFonts(ctx.styles.css.fonts);
  sheetFrom = { ...sheetFrom, variables };
  writeSheet(doc);

  const dims = ctx?.containerDimensions as { height?: number; maxHeight?: number } | undefined;
  layout = { mode: ctx?.displayMode ?? "inline", cap: dims?.height ?? dims?.maxHeight };
  html.dataset.displayMode = layout.mode;
  fitScroll(doc);
  if (!observer && typeof ResizeObserver === "function") {
    observer = new ResizeObserver(() => fitScroll(doc));
    observer.observe(doc.body);
  }
  const inset = ctx?.safeAreaInsets;
  doc.body.style.padding = inset ? `${inset.top}px ${inset.right}px ${inset.bottom}px ${inset.left}px` : "";
  if (typeof ctx?.locale === "string" && ctx.locale) html.lang = ctx.locale;
}
