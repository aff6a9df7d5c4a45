import type { CSSProperties } from "react";
import {
  BASE_PALETTES,
  DENSITIES,
  FONT_STACK_PATTERN,
  NEUTRAL_STEPS,
  mergeThemes,
  resolveTheme,
  themeProblems,
  themeStyleVars,
  type AppTheme,
  type ResolvedTheme,
  type ThemeMode,
} from "@genui/ui-runtime";
import { isObject } from "./util";

/*
 * An app's brand theme on a screen: checked, resolved onto the style sheet's variables (styles.ts) and set inline on
 * the screen's root.
 *
 * The check is @genui/ui-runtime's `checkTheme` without zod: the same rules as `appThemeSchema` (a test holds the two
 * to the same verdicts and fields) and the same WCAG AA contrast checks (`themeProblems`). theme.ts keeps zod's
 * schemas and the resolution in one module, so calling `checkTheme` from the renderer would put zod (about 25 kB
 * gzip) into every page that draws a screen — the iframe page first of all.
 */

export type { AppTheme };

const HEX = /^#[0-9a-fA-F]{6}$/;
const TOP_KEYS = ["light", "dark", "radius", "density", "fonts"];
const MODE_KEYS = ["primary", "accent", "background", "neutral"];
const FONT_KEYS = ["body", "heading", "mono", "stylesheet"];
const COLOUR = "A colour as #rrggbb.";
const TOKEN = "Not a theme token.";
const FONT = 'A font-family list, e.g. "Inter", system-ui, sans-serif (letters, digits, quotes, commas).';

const isHex = (v: unknown): v is string => typeof v === "string" && HEX.test(v);

function isHttpsUrl(v: unknown): boolean {
  if (typeof v !== "string" || v.length > 500) return false;
  try {
    const u = new URL(v);
    return u.protocol === "https:" && u.hostname !== "";
  } catch {
    return false;
  }
}

/** What `appThemeSchema` refuses in `t`, by field (relative to the theme). */
function shapeProblems(t: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const unknownKeys = (obj: Record<string, unknown>, allowed: readonly string[], at: string) => {
    const extra = Object.keys(obj).find((k) => !allowed.includes(k));
    if (extra !== undefined) add(at ? `${at}.${extra}` : extra, TOKEN);
  };
  unknownKeys(t, TOP_KEYS, "");
  for (const mode of ["light", "dark"] as const) {
    const m = t[mode];
    if (m === undefined) continue;
    if (!isObject(m)) {
      add(mode, "Colour tokens: an object of primary, accent, background and neutral.");
      continue;
    }
    unknownKeys(m, MODE_KEYS, mode);
    for (const k of ["primary", "accent", "background"]) if (m[k] !== undefined && !isHex(m[k])) add(`${mode}.${k}`, COLOUR);
    const n = m.neutral;
    if (n === undefined) continue;
    if (!isObject(n)) {
      add(`${mode}.neutral`, `A neutral scale: one #rrggbb colour for each of ${NEUTRAL_STEPS.join(", ")}.`);
      continue;
    }
    unknownKeys(n, NEUTRAL_STEPS, `${mode}.neutral`);
    for (const s of NEUTRAL_STEPS) if (!isHex(n[s])) add(`${mode}.neutral.${s}`, COLOUR);
  }
  const r = t.radius;
  if (r !== undefined && !(typeof r === "number" && Number.isInteger(r) && r >= 0 && r <= 24))
    add("radius", "Whole pixels from 0 to 24.");
  if (t.density !== undefined && !(DENSITIES as readonly unknown[]).includes(t.density))
    add("density", `One of ${DENSITIES.join(", ")}.`);
  const f = t.fonts;
  if (f !== undefined) {
    if (!isObject(f)) add("fonts", "Fonts: an object of body, heading, mono and stylesheet.");
    else {
      unknownKeys(f, FONT_KEYS, "fonts");
      for (const k of ["body", "heading", "mono"])
        if (f[k] !== undefined && !(typeof f[k] === "string" && FONT_STACK_PATTERN.test(f[k]))) add(`fonts.${k}`, FONT);
      if (f.stylesheet !== undefined && !isHttpsUrl(f.stylesheet))
        add("fonts.stylesheet", "An https:// address of a CSS file declaring your font (@font-face).");
    }
  }
  return out;
}

/** A brand as ScreenView applies it: resolved, or the reasons (by field) it is not applied. */
export type CheckedBrand =
  { ok: true; theme: AppTheme; resolved: ResolvedTheme } | { ok: false; errors: Record<string, string[]> };

/**
 * A theme from anywhere, checked as `checkTheme` checks it: the tokens' shape, then every text / background pair the
 * renderer uses against WCAG AA. Field names start with `prefix` (`brand.light.primary`).
 */
export function checkBrand(input: unknown, prefix = "brand"): CheckedBrand {
  const at = (field: string) => (field ? `${prefix}.${field}` : prefix);
  const named = (errors: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(errors).map(([field, messages]) => [at(field), messages]));
  if (!isObject(input)) return { ok: false, errors: { [prefix]: ["A theme object."] } };
  const shape = shapeProblems(input);
  if (Object.keys(shape).length) return { ok: false, errors: named(shape) };
  const theme = input as AppTheme;
  const contrast = themeProblems(theme);
  if (Object.keys(contrast).length) return { ok: false, errors: named(contrast) };
  return { ok: true, theme, resolved: resolveTheme(theme) };
}

/** The theme a host draws with (null: GenUI's own look), and what it refused. */
export interface CombinedBrand {
  theme: AppTheme | null;
  errors?: Record<string, string[]>;
}

const orNull = (t: AppTheme | null): AppTheme | null => (t && Object.keys(t).length ? t : null);

/**
 * An app's theme (as the API gave it) with a page's per-embed override merged over it (`mergeThemes`), each checked:
 * what fails is not applied, and its errors say why (`theme.…` for the app's, `brand.…` for the override). An
 * override that fails leaves the app's theme on; an app theme that fails (never stored so, but it came over the
 * network) leaves GenUI's look.
 */
export function combineBrand(app: unknown, override?: unknown): CombinedBrand {
  const errors: Record<string, string[]> = {};
  let theme: AppTheme | null = null;
  if (app !== undefined && app !== null) {
    const own = checkBrand(app, "theme");
    if (own.ok) theme = own.theme;
    else Object.assign(errors, own.errors);
  }
  if (override !== undefined && override !== null) {
    const own = checkBrand(override, "brand");
    const merged = own.ok ? checkBrand(mergeThemes(theme, own.theme), "brand") : own;
    if (merged.ok) theme = merged.theme;
    else Object.assign(errors, merged.errors);
  }
  return Object.keys(errors).length ? { theme: orNull(theme), errors } : { theme: orNull(theme) };
}

/**
 * The root's inline style for a checked brand in `mode`: its radius, density and fonts, and its palette when it
 * differs from GenUI's (a theme that sets no colours for this mode keeps the colours around it — GenUI's, or an agent
 * host's). A theme with its own accent shows progress and the current tab in it (`--gu-indicator`).
 */
export function brandStyle(brand: CheckedBrand & { ok: true }, mode: ThemeMode): CSSProperties {
  const vars = themeStyleVars(brand.resolved, mode);
  const base = BASE_PALETTES[mode];
  const ownPalette = Object.entries(brand.resolved[mode]).some(([k, v]) => base[k] !== v);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) {
    const name = k.slice("--gu-".length);
    if (!ownPalette && Object.prototype.hasOwnProperty.call(base, name)) continue;
    out[k] = v;
  }
  if (brand.theme[mode]?.accent) out["--gu-indicator"] = "var(--gu-accent)";
  return out as CSSProperties;
}

/** The chart colours and the rest of the palette a screen is drawn with in `mode`. */
export const paletteOf = (brand: CheckedBrand | null, mode: ThemeMode): Readonly<Record<string, string>> =>
  brand?.ok ? brand.resolved[mode] : BASE_PALETTES[mode];

const FONT_LINK = "data-gu-font";

/** Adds the brand's font style sheet to `doc`'s head once (the page's CSP may still refuse to load it). */
export function addFontStylesheet(doc: Document | undefined, href: string): void {
  if (!doc?.head || !isHttpsUrl(href)) return;
  for (const link of Array.from(doc.head.querySelectorAll(`link[${FONT_LINK}]`))) if (link.getAttribute("href") === href) return;
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.setAttribute(FONT_LINK, "");
  link.referrerPolicy = "no-referrer";
  doc.head.appendChild(link);
}
