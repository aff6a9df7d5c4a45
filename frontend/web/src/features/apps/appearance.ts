import {
  appThemeSchema,
  checkTheme,
  DENSITIES,
  FONT_STACK_PATTERN,
  NEUTRAL_STEPS,
  type AppComponent,
  type AppTheme,
  type Density,
  type FallbackType,
  type ModeTokens,
  type NeutralStep,
  type RoleName,
  type ThemeMode,
} from "@genui/ui-runtime";

/**
 * The dashboard's Appearance editor, as data: the theme form (text the owner types, kept apart from the theme it
 * makes so a half-typed colour is neither lost nor applied), the neutral scales it offers, and the component form.
 * The server checks everything again (docs/api.md "Theming and custom components"); these checks only show the same
 * problems while the owner types.
 */

// Theme form -----------------------------------------------------------------------------------------------------------

export type NeutralScale = Record<NeutralStep, string>;

const scale = (colours: string): NeutralScale =>
  Object.fromEntries(colours.split(" ").map((c, i) => [NEUTRAL_STEPS[i]!, c])) as NeutralScale;

/** Greys offered by name (each readable as GenUI's own in light and dark); "custom" takes the eleven steps typed. */
export const NEUTRAL_PRESETS = {
  slate: scale("#f8fafc #f1f5f9 #e2e8f0 #cbd5e1 #94a3b8 #64748b #475569 #334155 #1e293b #0f172a #020617"),
  zinc: scale("#fafafa #f4f4f5 #e4e4e7 #d4d4d8 #a1a1aa #71717a #52525b #3f3f46 #27272a #18181b #09090b"),
  stone: scale("#fafaf9 #f5f5f4 #e7e5e4 #d6d3d1 #a8a29e #78716c #57534e #44403c #292524 #1c1917 #0c0a09"),
  neutral: scale("#fafafa #f5f5f5 #e5e5e5 #d4d4d4 #a3a3a3 #737373 #525252 #404040 #262626 #171717 #0a0a0a"),
} as const satisfies Record<string, NeutralScale>;
export type NeutralPreset = keyof typeof NEUTRAL_PRESETS;
export type NeutralChoice = "default" | NeutralPreset | "custom";
export const NEUTRAL_CHOICES: readonly { value: NeutralChoice; label: string }[] = [
  { value: "default", label: "GenUI's default" },
  { value: "slate", label: "Slate (cool blue-grey)" },
  { value: "zinc", label: "Zinc (cool grey)" },
  { value: "stone", label: "Stone (warm grey)" },
  { value: "neutral", label: "Neutral (pure grey)" },
  { value: "custom", label: "Custom (11 steps)" },
];

export const COLOUR_TOKENS = ["primary", "accent", "background"] as const;
export type ColourToken = (typeof COLOUR_TOKENS)[number];

export interface ModeForm {
  primary: string;
  accent: string;
  background: string;
  neutral: NeutralChoice;
  /** The custom scale's steps as typed (kept while another choice is shown, so switching back loses nothing). */
  custom: NeutralScale;
}

export interface ThemeForm {
  light: ModeForm;
  dark: ModeForm;
  /** null: GenUI's default (12 px). */
  radius: number | null;
  /** null: GenUI's default (comfortable). */
  density: Density | null;
  fonts: { body: string; heading: string; mono: string; stylesheet: string };
}

export const DEFAULT_RADIUS = 12;
export const DEFAULT_DENSITY: Density = "comfortable";
export { DENSITIES };

const sameScale = (a: Partial<NeutralScale>, b: NeutralScale) =>
  NEUTRAL_STEPS.every((s) => a[s]?.toLowerCase() === b[s].toLowerCase());

function modeForm(tokens: ModeTokens | undefined): ModeForm {
  const n = tokens?.neutral;
  const preset = n ? (Object.keys(NEUTRAL_PRESETS) as NeutralPreset[]).find((p) => sameScale(n, NEUTRAL_PRESETS[p])) : undefined;
  return {
    primary: tokens?.primary ?? "",
    accent: tokens?.accent ?? "",
    background: tokens?.background ?? "",
    neutral: n ? (preset ?? "custom") : "default",
    custom: { ...(n ?? NEUTRAL_PRESETS.slate) },
  };
}

/** The form showing a stored theme (GenUI's defaults where it says nothing). */
export function themeForm(theme: AppTheme | null | undefined): ThemeForm {
  const t = theme ?? {};
  return {
    light: modeForm(t.light),
    dark: modeForm(t.dark),
    radius: t.radius ?? null,
    density: t.density ?? null,
    fonts: {
      body: t.fonts?.body ?? "",
      heading: t.fonts?.heading ?? "",
      mono: t.fonts?.mono ?? "",
      stylesheet: t.fonts?.stylesheet ?? "",
    },
  };
}

/** What a mode's inputs say, as theme tokens; `valid` keeps only well-formed values (for the preview). */
function modeTokens(m: ModeForm, valid: boolean): Record<string, unknown> | undefined {
  const ok = (v: string) => !valid || /^#[0-9a-fA-F]{6}$/.test(v);
  const out: Record<string, unknown> = {};
  for (const k of COLOUR_TOKENS) {
    const v = m[k].trim();
    if (v && ok(v)) out[k] = v;
  }
  if (m.neutral === "custom") {
    const steps = Object.fromEntries(NEUTRAL_STEPS.map((s) => [s, m.custom[s].trim()]));
    if (!valid || Object.values(steps).every(ok)) out.neutral = steps;
  } else if (m.neutral !== "default") out.neutral = { ...NEUTRAL_PRESETS[m.neutral] };
  return Object.keys(out).length ? out : undefined;
}

/**
 * The theme the form makes, as the server will receive it (unchecked: `checkTheme` says what is wrong). With `valid`,
 * values that are not well formed yet are left out, so the preview shows everything else.
 */
export function formTheme(form: ThemeForm, { valid = false } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const light = modeTokens(form.light, valid);
  const dark = modeTokens(form.dark, valid);
  if (light) out.light = light;
  if (dark) out.dark = dark;
  if (form.radius !== null) out.radius = form.radius;
  if (form.density !== null) out.density = form.density;
  const fonts: Record<string, string> = {};
  for (const k of ["body", "heading", "mono"] as const) {
    const v = form.fonts[k].trim();
    if (v && (!valid || FONT_STACK_PATTERN.test(v))) fonts[k] = v;
  }
  const sheet = form.fonts.stylesheet.trim();
  if (sheet && (!valid || isHttpsUrl(sheet))) fonts.stylesheet = sheet;
  if (Object.keys(fonts).length) out.fonts = fonts;
  return out;
}

const isHttpsUrl = (s: string) => {
  try {
    return new URL(s).protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * The theme to preview: the form's well-formed values, whatever their contrast (the owner sees the problem the
 * errors name). `stylesheet` is left out: the dashboard loads no style sheet from other sites (its CSP), so the
 * preview shows the fonts this device has.
 */
export function previewTheme(form: ThemeForm): AppTheme {
  const parsed = appThemeSchema.safeParse(formTheme(form, { valid: true }));
  return parsed.success ? withoutStylesheet(parsed.data) : {};
}

/** The theme without its font style sheet (what the dashboard's previews draw with). */
export function withoutStylesheet(theme: AppTheme): AppTheme {
  if (!theme.fonts?.stylesheet) return theme;
  const { stylesheet: _sheet, ...fonts } = theme.fonts;
  void _sheet;
  return { ...theme, fonts };
}

/** Field → its problems (`light.primary`, `light.neutral.500`, `fonts.body`, `radius`, …), as the server would say. */
export function themeFormErrors(form: ThemeForm): Record<string, string[]> {
  const checked = checkTheme(formTheme(form), "");
  return checked.ok ? {} : checked.errors;
}

/** The same theme, written canonically (to tell whether the form differs from what is stored). */
export const themeKey = (theme: unknown): string => JSON.stringify(sortKeys(theme));
const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, sortKeys(x)]),
        )
      : v;

/** The server's field names (`theme.light.primary`) as the form's (`light.primary`); others stay as they are. */
export function themeServerErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) out[k.startsWith("theme.") ? k.slice("theme.".length) : k] = v;
  return out;
}

export const MODES: readonly ThemeMode[] = ["light", "dark"];

// Component form -------------------------------------------------------------------------------------------------------

/** The component form's text (JSON as typed), kept apart from the declaration it makes. */
export interface ComponentForm {
  name: string;
  description: string;
  props: string;
  example: string;
  fallback: FallbackType;
  role: RoleName | "";
  /** Role field → the prop chosen for it ("" = automatic). */
  roleProps: Record<string, string>;
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

export const NEW_COMPONENT: ComponentForm = {
  name: "",
  description: "",
  props: pretty({
    type: "object",
    properties: { title: { type: "string" }, price: { type: "number" } },
    required: ["title"],
    additionalProperties: false,
  }),
  example: pretty({ title: "Ceramic mug", price: 14 }),
  fallback: "card",
  role: "",
  roleProps: {},
};

export function componentForm(c: AppComponent): ComponentForm {
  return {
    name: c.name,
    description: c.description,
    props: pretty(c.props),
    example: pretty(c.example),
    fallback: c.fallback,
    role: c.role?.name ?? "",
    roleProps: { ...(c.role?.props ?? {}) },
  };
}

/** Where JSON text fails to parse, in words (with the line and column when the browser says where). */
export function jsonProblem(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== "object" || Array.isArray(v)) return "A JSON object: { … }.";
    return undefined;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = /position (\d+)/.exec(message);
    if (at) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split("\n").length;
      const column = before.length - before.lastIndexOf("\n");
      return `Not valid JSON (line ${line}, column ${column}): ${message.replace(/ in JSON at position \d+.*$/, "")}.`;
    }
    return `Not valid JSON: ${message}`;
  }
}

/** The declaration the form makes, or the form's own problems (JSON that does not parse) by field. */
export function formComponent(form: ComponentForm): { component: AppComponent } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const propsProblem = jsonProblem(form.props);
  const exampleProblem = jsonProblem(form.example);
  if (propsProblem) errors.props = propsProblem;
  if (exampleProblem) errors.example = exampleProblem;
  if (Object.keys(errors).length) return { errors };
  const roleProps = Object.fromEntries(Object.entries(form.roleProps).filter(([, v]) => v));
  const component = {
    name: form.name.trim(),
    description: form.description.trim(),
    props: JSON.parse(form.props) as AppComponent["props"],
    example: JSON.parse(form.example) as AppComponent["example"],
    fallback: form.fallback,
    ...(form.role ? { role: { name: form.role, ...(Object.keys(roleProps).length ? { props: roleProps } : {}) } } : {}),
  } satisfies AppComponent;
  return { component };
}

/** The props a JSON Schema text declares (for the role mapping's choices); none while it does not parse. */
export function declaredProps(propsText: string): string[] {
  try {
    const schema = JSON.parse(propsText) as { properties?: unknown };
    const p = schema?.properties;
    return p && typeof p === "object" && !Array.isArray(p) ? Object.keys(p) : [];
  } catch {
    return [];
  }
}
