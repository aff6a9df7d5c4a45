import { z } from "zod";
import {
  DENSITIES,
  FONT_STACK_PATTERN,
  NEUTRAL_STEPS,
  themeProblems,
  type AppTheme,
  type ModeTokens,
  type NeutralStep,
} from "./theme-tokens";

/**
 * An app's brand theme: design tokens the developer sets once (dashboard or API) and every renderer applies — the
 * iframe page, `<GenUI>`, `<genui-screen>`, `@genui/react-renderer`, the MCP Apps resource and A2UI surfaces. The
 * tokens resolve onto the renderer's CSS variables (`--gu-*`) for light and dark; what the developer leaves out keeps
 * GenUI's defaults (or, for a dark primary, is derived from the light one). A theme whose text would be unreadable
 * (below WCAG AA, 4.5:1, on its background) is refused field by field, never applied.
 */

export * from "./theme-tokens";

// Schemas --------------------------------------------------------------------------------------------------------------

const hex = () => z.string({ error: "A colour as #rrggbb." }).regex(/^#[0-9a-fA-F]{6}$/, "A colour as #rrggbb.");

const fontStack = () =>
  z
    .string({ error: "Not a valid string." })
    .regex(FONT_STACK_PATTERN, 'A font-family list, e.g. "Inter", system-ui, sans-serif (letters, digits, quotes, commas).');

// Marked pure: a bundle that keeps this module for another of its exports still drops the schemas it does not use.
export const neutralScaleSchema = /* @__PURE__ */ z
  .object(Object.fromEntries(NEUTRAL_STEPS.map((s) => [s, hex()])) as Record<NeutralStep, ReturnType<typeof hex>>, {
    error: `A neutral scale: one #rrggbb colour for each of ${NEUTRAL_STEPS.join(", ")}.`,
  })
  .strict()
  .meta({ description: `Greys from lightest (50) to darkest (950); all eleven steps.` });

export const modeTokensSchema = /* @__PURE__ */ z
  .object({
    primary: hex().optional().meta({ description: "Buttons, links, focus rings, the first chart series." }),
    accent: hex().optional().meta({ description: "Progress, active tabs, the second chart series." }),
    background: hex().optional().meta({ description: "The screen's background (default: white / neutral 900)." }),
    neutral: neutralScaleSchema.optional(),
  })
  .strict();

export const appThemeSchema = /* @__PURE__ */ z
  .object({
    light: modeTokensSchema.optional(),
    dark: modeTokensSchema.optional().meta({
      description: "Dark mode's colours; a primary left out is derived from light's (lightened until readable).",
    }),
    radius: z
      .int({ error: "Whole pixels from 0 to 24." })
      .min(0, "Whole pixels from 0 to 24.")
      .max(24, "Whole pixels from 0 to 24.")
      .optional()
      .meta({ description: "Corner radius of cards in pixels (controls use 4 px less). Default 12." }),
    density: z
      .enum(DENSITIES, { error: `One of ${DENSITIES.join(", ")}.` })
      .optional()
      .meta({ description: "Spacing: compact (0.75×), comfortable (default) or spacious (1.25×)." }),
    fonts: z
      .object({
        body: fontStack().optional(),
        heading: fontStack().optional(),
        mono: fontStack().optional(),
        stylesheet: z
          .url({ protocol: /^https$/, error: "An https:// address of a CSS file declaring your font (@font-face)." })
          .max(500, "At most 500 characters.")
          .optional()
          .meta({ description: "A style sheet you host (or a font service's) that declares the fonts named above." }),
      })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: "AppTheme" });

// The schemas check exactly the types the resolution works on (theme-tokens.ts, free of zod): changing one without
// the other fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchTypes: Same<z.infer<typeof appThemeSchema>, AppTheme> & Same<z.infer<typeof modeTokensSchema>, ModeTokens> =
  true;
void schemasMatchTypes;

// Checks ---------------------------------------------------------------------------------------------------------------

/**
 * A theme from untrusted input: the parsed theme, or field errors (`{"theme.light.primary": ["…"]}`) from the
 * schema and the contrast checks. `prefix` names the field the theme sits in.
 */
export function checkTheme(
  input: unknown,
  prefix = "theme",
): { ok: true; theme: AppTheme } | { ok: false; errors: Record<string, string[]> } {
  const parsed = appThemeSchema.safeParse(input ?? {});
  const at = (path: readonly PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join(".");
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key =
        issue.code === "unrecognized_keys"
          ? at([...issue.path, ...(issue as { keys: string[] }).keys.slice(0, 1)])
          : at(issue.path);
      const message = issue.code === "unrecognized_keys" ? "Not a theme token." : issue.message;
      const list = (errors[key || prefix] ??= []);
      if (!list.includes(message)) list.push(message);
    }
    return { ok: false, errors };
  }
  const problems = themeProblems(parsed.data);
  const keys = Object.keys(problems);
  if (keys.length) return { ok: false, errors: Object.fromEntries(keys.map((k) => [at([k]), problems[k]!])) };
  return { ok: true, theme: parsed.data };
}
