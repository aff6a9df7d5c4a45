/**
 * An app's brand theme without zod: GenUI's palettes, the tokens' types and constants, and the resolution of a theme
 * onto the renderer's CSS variables (and its contrast checks). The renderers (the iframe page, `<GenUI>`, the MCP Apps
 * page, `@genui/react-renderer`) draw with this alone; theme.ts adds the schemas and `checkTheme` for untrusted input
 * and re-exports all of this, so a page that draws screens does not construct (or bundle) the schemas.
 */

export type ThemeMode = "light" | "dark";

/** GenUI's own palettes; every text colour is at least WCAG AA (4.5:1) on the backgrounds it is used on. */
export const BASE_PALETTES: Record<ThemeMode, Readonly<Record<string, string>>> = {
  light: {
    bg: "#ffffff",
    surface: "#f8fafc",
    raised: "#ffffff",
    fg: "#0f172a",
    muted: "#475569",
    placeholder: "#64748b",
    border: "#cbd5e1",
    primary: "#1d4ed8",
    "primary-fg": "#ffffff",
    "primary-soft": "#dbeafe",
    accent: "#c2410c",
    focus: "#1d4ed8",
    "neutral-fg": "#334155",
    "neutral-bg": "#e2e8f0",
    "info-fg": "#1e40af",
    "info-bg": "#dbeafe",
    "success-fg": "#166534",
    "success-bg": "#dcfce7",
    "warning-fg": "#92400e",
    "warning-bg": "#fef3c7",
    "danger-fg": "#991b1b",
    "danger-bg": "#fee2e2",
    "danger-solid": "#b91c1c",
    "danger-solid-fg": "#ffffff",
    "code-bg": "#f1f5f9",
    skeleton: "#e2e8f0",
    "skeleton-shine": "#f1f5f9",
    "chart-1": "#1d4ed8",
    "chart-2": "#c2410c",
    "chart-3": "#15803d",
    "chart-4": "#7e22ce",
    "chart-5": "#be185d",
    "chart-6": "#0e7490",
    "scroll-shadow": "rgba(15,23,42,.3)",
  },
  dark: {
    bg: "#0f172a",
    surface: "#1e293b",
    raised: "#1e293b",
    fg: "#f1f5f9",
    muted: "#cbd5e1",
    placeholder: "#7f8ea3",
    border: "#475569",
    primary: "#93c5fd",
    "primary-fg": "#0f172a",
    "primary-soft": "#1e3a8a",
    accent: "#fdba74",
    focus: "#93c5fd",
    "neutral-fg": "#e2e8f0",
    "neutral-bg": "#334155",
    "info-fg": "#bfdbfe",
    "info-bg": "#1e3a8a",
    "success-fg": "#bbf7d0",
    "success-bg": "#14532d",
    "warning-fg": "#fde68a",
    "warning-bg": "#713f12",
    "danger-fg": "#fecaca",
    "danger-bg": "#7f1d1d",
    "danger-solid": "#fca5a5",
    "danger-solid-fg": "#0f172a",
    "code-bg": "#0b1222",
    skeleton: "#334155",
    "skeleton-shine": "#475569",
    "chart-1": "#93c5fd",
    "chart-2": "#fdba74",
    "chart-3": "#86efac",
    "chart-4": "#d8b4fe",
    "chart-5": "#f9a8d4",
    "chart-6": "#67e8f9",
    "scroll-shadow": "rgba(148,163,184,.45)",
  },
};

/**
 * Text / background pairs the style sheet uses, each held to WCAG AA (4.5:1). `placeholder` (a field's hint text, on
 * the field's `bg`) is held to the same, and kept clearly apart from `fg` (PLACEHOLDER_DISTINCTION).
 */
export const CONTRAST_PAIRS: readonly (readonly [fg: string, bg: string])[] = [
  ["fg", "bg"],
  ["fg", "surface"],
  ["muted", "bg"],
  ["muted", "surface"],
  ["placeholder", "bg"],
  ["primary", "bg"],
  ["primary", "surface"],
  ["primary-fg", "primary"],
  ["neutral-fg", "neutral-bg"],
  ["info-fg", "info-bg"],
  ["success-fg", "success-bg"],
  ["warning-fg", "warning-bg"],
  ["danger-fg", "danger-bg"],
  ["danger-solid-fg", "danger-solid"],
  ["danger-solid", "bg"],
  ["fg", "code-bg"],
  ["fg", "primary-soft"],
  ["info-fg", "bg"],
  ["success-fg", "bg"],
  ["warning-fg", "bg"],
  ["danger-fg", "bg"],
  ["warning-fg", "surface"],
  ["danger-fg", "surface"],
  ["success-fg", "surface"],
];

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
/** The least contrast between a field's value colour (`fg`) and its placeholder colour, in both themes. */
export const PLACEHOLDER_DISTINCTION = 3;

// Tokens ---------------------------------------------------------------------------------------------------------------

export const NEUTRAL_STEPS = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
export type NeutralStep = (typeof NEUTRAL_STEPS)[number];

/** A CSS font-family list: names (quoted or not), commas and spaces; nothing that could end the declaration. */
export const FONT_STACK_PATTERN = /^[A-Za-z0-9 ,"'._-]{1,200}$/;
export const DENSITIES = ["compact", "comfortable", "spacious"] as const;
export type Density = (typeof DENSITIES)[number];
const DENSITY_SCALE: Record<Density, number> = { compact: 0.75, comfortable: 1, spacious: 1.25 };

/** One colour for each step of a neutral scale, lightest (50) to darkest (950). */
export type NeutralScale = Record<NeutralStep, string>;

/** One mode's colour tokens (theme.ts's `modeTokensSchema` checks them). */
export interface ModeTokens {
  primary?: string | undefined;
  accent?: string | undefined;
  background?: string | undefined;
  neutral?: NeutralScale | undefined;
}

/** An app's brand theme (theme.ts's `appThemeSchema` checks it; its type is held to this one there). */
export interface AppTheme {
  light?: ModeTokens | undefined;
  dark?: ModeTokens | undefined;
  radius?: number | undefined;
  density?: Density | undefined;
  fonts?:
    | {
        body?: string | undefined;
        heading?: string | undefined;
        mono?: string | undefined;
        stylesheet?: string | undefined;
      }
    | undefined;
}

// Colour arithmetic ----------------------------------------------------------------------------------------------------

const rgb = (h: string): [number, number, number] => [
  parseInt(h.slice(1, 3), 16),
  parseInt(h.slice(3, 5), 16),
  parseInt(h.slice(5, 7), 16),
];
const toHex = (c: readonly number[]): string =>
  `#${c
    .map((x) =>
      Math.round(Math.min(255, Math.max(0, x)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** `a` mixed with `b`: weight 0 is `a`, 1 is `b` (sRGB). */
export function mix(a: string, b: string, weight: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex(x.map((v, i) => v + (y[i]! - v) * weight));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(h: string): number {
  const [r, g, b] = rgb(h).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const isHex = (s: string | undefined): s is string => typeof s === "string" && /^#[0-9a-fA-F]{6}$/.test(s);

/** Of the candidates, the one that reads best on `bg`. */
const bestOn = (bg: string, candidates: readonly string[]): string =>
  candidates.reduce((best, c) => (contrast(c, bg) > contrast(best, bg) ? c : best));

/** `colour` moved toward `toward` in steps until it reads (AA) on every background, or as far as it goes. */
function readableOn(colour: string, backgrounds: readonly string[], toward: string): string {
  for (let w = 0; w <= 1.0001; w += 0.05) {
    const c = mix(colour, toward, w);
    if (backgrounds.every((bg) => contrast(c, bg) >= AA_CONTRAST)) return c;
  }
  return toward;
}

// Resolution -----------------------------------------------------------------------------------------------------------

export interface ResolvedTheme {
  /** The `--gu-<name>` colour variables of each mode (every key of BASE_PALETTES). */
  light: Record<string, string>;
  dark: Record<string, string>;
  /** Mode-independent variables: radius, spacing, fonts (`--gu-<name>` too). */
  shared: Record<string, string>;
  /** The developer's font style sheet, when the theme names one. */
  stylesheet?: string;
}

function resolveMode(mode: ThemeMode, tokens: ModeTokens | undefined, lightPrimary: string | undefined): Record<string, string> {
  const p = { ...BASE_PALETTES[mode] };
  const t = tokens ?? {};
  const n = t.neutral;
  if (n) {
    if (mode === "light") {
      Object.assign(p, {
        bg: "#ffffff",
        surface: n["50"],
        raised: "#ffffff",
        fg: n["900"],
        muted: n["600"],
        placeholder: n["500"],
        border: n["300"],
        "neutral-fg": n["700"],
        "neutral-bg": n["200"],
        "code-bg": n["100"],
        skeleton: n["200"],
        "skeleton-shine": n["100"],
      });
    } else {
      Object.assign(p, {
        bg: n["900"],
        surface: n["800"],
        raised: n["800"],
        fg: n["100"],
        muted: n["300"],
        placeholder: mix(n["400"], n["500"], 0.5),
        border: n["600"],
        "neutral-fg": n["200"],
        "neutral-bg": n["700"],
        "code-bg": n["950"],
        skeleton: n["700"],
        "skeleton-shine": n["600"],
      });
    }
  }
  if (t.background) {
    p.bg = t.background;
    if (mode === "light") p.raised = t.background;
  }
  const primary =
    t.primary ?? (mode === "dark" && lightPrimary ? readableOn(lightPrimary, [p.bg!, p.surface!], "#ffffff") : undefined);
  if (primary) {
    p.primary = primary;
    p.focus = primary;
    p["chart-1"] = primary;
    p["primary-fg"] = bestOn(primary, ["#ffffff", p.fg!, p.bg!, "#000000"]);
    p["primary-soft"] = mix(p.bg!, primary, mode === "light" ? 0.16 : 0.32);
  }
  if (t.accent) {
    p.accent = t.accent;
    p["chart-2"] = t.accent;
  }
  return p;
}

/** The theme's variables for both modes (GenUI's defaults where it says nothing). */
export function resolveTheme(theme: AppTheme | null | undefined): ResolvedTheme {
  const t = theme ?? {};
  const radius = t.radius ?? 12;
  const scale = DENSITY_SCALE[t.density ?? "comfortable"];
  const shared: Record<string, string> = {
    radius: `${radius}px`,
    "radius-control": `${Math.max(0, radius - 4)}px`,
    "radius-small": `${Math.max(0, Math.min(radius, 6))}px`,
    density: String(scale),
  };
  if (t.fonts?.body) shared.font = `${t.fonts.body}`;
  if (t.fonts?.heading) shared["font-heading"] = `${t.fonts.heading}`;
  if (t.fonts?.mono) shared["font-mono"] = `${t.fonts.mono}`;
  return {
    light: resolveMode("light", t.light, undefined),
    dark: resolveMode("dark", t.dark, t.light?.primary),
    shared,
    ...(t.fonts?.stylesheet ? { stylesheet: t.fonts.stylesheet } : {}),
  };
}

/**
 * The theme's CSS custom properties for one mode, as an object for a root element's `style` (`{"--gu-bg": "#fff"}`).
 * Inline custom properties win over the style sheet's defaults without any selector games.
 */
export function themeStyleVars(resolved: ResolvedTheme, mode: ThemeMode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(resolved[mode])) out[`--gu-${k}`] = v;
  for (const [k, v] of Object.entries(resolved.shared)) out[`--gu-${k}`] = v;
  return out;
}

/** The theme as a CSS rule set on `scope` (light) and `scope[data-theme="dark"]` (dark), for pages that take CSS. */
export function themeCss(resolved: ResolvedTheme, scope = ".gu-root"): string {
  const decl = (vars: Record<string, string>) =>
    Object.entries(vars)
      .map(([k, v]) => `--gu-${k}:${v};`)
      .join("");
  return (
    `${scope}{${decl(resolved.light)}${decl(resolved.shared)}}` +
    `${scope}[data-theme="dark"]{${decl(resolved.dark)}${decl(resolved.shared)}}`
  );
}

// Checks ---------------------------------------------------------------------------------------------------------------

/** What each variable is, in the words of an error message. */
const ROLE_WORDS: Record<string, string> = {
  fg: "text",
  muted: "secondary text",
  placeholder: "placeholder text",
  primary: "primary (links and buttons)",
  "primary-fg": "text on primary buttons",
  "primary-soft": "the primary's soft tint",
  bg: "the background",
  surface: "cards",
  "code-bg": "code blocks",
  "neutral-fg": "neutral badges' text",
  "neutral-bg": "neutral badges",
};
const words = (v: string): string => ROLE_WORDS[v] ?? v;

/** The token a failing pair is the developer's doing of (the field the error names). */
function culprit(mode: ThemeMode, t: ModeTokens | undefined, lightPrimary: string | undefined, a: string, b: string): string {
  const primaryVars = ["primary", "primary-fg", "primary-soft"];
  if ((primaryVars.includes(a) || primaryVars.includes(b)) && (t?.primary || (mode === "dark" && lightPrimary)))
    return t?.primary ? `${mode}.primary` : "light.primary";
  if ((a === "bg" || b === "bg") && t?.background) return `${mode}.background`;
  if (t?.neutral) return `${mode}.neutral`;
  if (t?.background) return `${mode}.background`;
  return t?.primary ? `${mode}.primary` : mode;
}

/**
 * Why this theme cannot be applied, by field (`light.primary`, `dark.neutral`, …): every text / background pair the
 * renderer uses below WCAG AA, and a placeholder too close to typed text. Empty when the theme is readable. Schema
 * problems are zod's (parse first).
 */
export function themeProblems(theme: AppTheme): Record<string, string[]> {
  const resolved = resolveTheme(theme);
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(message) && list.length < 5) list.push(message);
  };
  for (const mode of ["light", "dark"] as const) {
    const p = resolved[mode];
    const tokens = theme[mode];
    for (const [a, b] of CONTRAST_PAIRS) {
      const fa = p[a];
      const fb = p[b];
      if (!isHex(fa) || !isHex(fb)) continue;
      const ratio = contrast(fa, fb);
      if (ratio < AA_CONTRAST)
        add(
          culprit(mode, tokens, theme.light?.primary, a, b),
          `In ${mode} mode, ${words(a)} (${fa}) on ${words(b)} (${fb}) has a contrast of ${ratio.toFixed(2)}:1; ` +
            `WCAG AA needs ${AA_CONTRAST}:1.`,
        );
    }
    const pl = p.placeholder;
    const fg = p.fg;
    if (isHex(pl) && isHex(fg) && contrast(pl, fg) < PLACEHOLDER_DISTINCTION && tokens?.neutral)
      add(
        `${mode}.neutral`,
        `In ${mode} mode, placeholder text (${pl}) is too close to typed text (${fg}): ` +
          `${contrast(pl, fg).toFixed(2)}:1, needs ${PLACEHOLDER_DISTINCTION}:1 apart.`,
      );
  }
  return out;
}

/** Two themes layered: `over`'s tokens win (a per-embed override over the app's theme). */
export function mergeThemes(base: AppTheme | null | undefined, over: AppTheme | null | undefined): AppTheme {
  const b = base ?? {};
  const o = over ?? {};
  const out: AppTheme = { ...b, ...o };
  for (const mode of ["light", "dark"] as const) if (b[mode] || o[mode]) out[mode] = { ...(b[mode] ?? {}), ...(o[mode] ?? {}) };
  if (b.fonts || o.fonts) out.fonts = { ...(b.fonts ?? {}), ...(o.fonts ?? {}) };
  return out;
}
