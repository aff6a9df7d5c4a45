import {
  AA_CONTRAST,
  BASE_PALETTES,
  checkTheme,
  contrast,
  CONTRAST_PAIRS,
  mergeThemes,
  PLACEHOLDER_DISTINCTION,
  resolveTheme,
  themeCss,
  themeStyleVars,
  type AppTheme,
} from "./theme";

const SLATE = {
  "50": "#f8fafc",
  "100": "#f1f5f9",
  "200": "#e2e8f0",
  "300": "#cbd5e1",
  "400": "#94a3b8",
  "500": "#64748b",
  "600": "#475569",
  "700": "#334155",
  "800": "#1e293b",
  "900": "#0f172a",
  "950": "#020617",
};
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

/** Every pair the style sheet uses, at or above AA, in both modes. */
const readable = (t: AppTheme) => {
  const r = resolveTheme(t);
  return (["light", "dark"] as const).flatMap((m) =>
    CONTRAST_PAIRS.filter(([a, b]) => contrast(r[m][a]!, r[m][b]!) < AA_CONTRAST).map(([a, b]) => `${m}: ${a} on ${b}`),
  );
};

describe("brand themes", () => {
  it("when no theme is set, then the resolved variables are GenUI's own palettes", () => {
    const r = resolveTheme(null);
    expect(r.light).toEqual(BASE_PALETTES.light);
    expect(r.dark).toEqual(BASE_PALETTES.dark);
    expect(r.shared).toEqual({ radius: "12px", "radius-control": "8px", "radius-small": "6px", density: "1" });
    expect(readable({})).toEqual([]);
  });

  it("when a brand sets primary, accent, a neutral scale, radius, density and fonts, then each lands on its variables", () => {
    const theme: AppTheme = {
      light: { primary: "#6d28d9", accent: "#be185d", neutral: STONE },
      dark: { neutral: STONE },
      radius: 4,
      density: "compact",
      fonts: {
        body: '"Inter", system-ui, sans-serif',
        heading: "Georgia, serif",
        stylesheet: "https://fonts.example.com/inter.css",
      },
    };
    expect(checkTheme(theme)).toEqual({ ok: true, theme });
    const r = resolveTheme(theme);
    expect(r.light).toMatchObject({
      primary: "#6d28d9",
      focus: "#6d28d9",
      "chart-1": "#6d28d9",
      accent: "#be185d",
      "chart-2": "#be185d",
    });
    expect(r.light).toMatchObject({ surface: STONE["50"], fg: STONE["900"], border: STONE["300"] });
    expect(r.dark).toMatchObject({ bg: STONE["900"], surface: STONE["800"], fg: STONE["100"] });
    expect(r.shared).toMatchObject({
      radius: "4px",
      "radius-control": "0px",
      density: "0.75",
      font: '"Inter", system-ui, sans-serif',
    });
    expect(r.stylesheet).toBe("https://fonts.example.com/inter.css");
    expect(readable(theme)).toEqual([]);
    const vars = themeStyleVars(r, "dark");
    expect(vars["--gu-bg"]).toBe(STONE["900"]);
    expect(vars["--gu-radius"]).toBe("4px");
    expect(themeCss(r)).toContain('.gu-root[data-theme="dark"]{--gu-bg:#1c1917;');
  });

  it("when only the light primary is set, then dark mode derives a readable primary from it", () => {
    const r = resolveTheme({ light: { primary: "#1e3a8a" } });
    expect(r.dark.primary).not.toBe(BASE_PALETTES.dark.primary);
    expect(contrast(r.dark.primary!, r.dark.bg!)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrast(r.dark["primary-fg"]!, r.dark.primary!)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(checkTheme({ light: { primary: "#1e3a8a" } }).ok).toBe(true);
  });

  it("when a colour would make text unreadable, then the theme is refused on that field with the ratio", () => {
    const r = checkTheme({ light: { primary: "#ffd700" } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors)).toEqual(["theme.light.primary"]);
    expect(r.errors["theme.light.primary"]![0]).toMatch(/light mode.*#ffd700.*1\.\d\d:1; WCAG AA needs 4\.5:1/);
    const dark = checkTheme({ dark: { primary: "#1d4ed8" } });
    expect(dark.ok ? [] : Object.keys(dark.errors)).toEqual(["theme.dark.primary"]);
    const bg = checkTheme({ dark: { background: "#f1f5f9" } });
    expect(bg.ok ? [] : Object.keys(bg.errors)).toContain("theme.dark.background");
    const scale = checkTheme({ light: { neutral: { ...SLATE, "900": "#cbd5e1" } } });
    expect(scale.ok ? [] : Object.keys(scale.errors)).toEqual(["theme.light.neutral"]);
  });

  it("when a placeholder would look like typed text, then the neutral scale is refused", () => {
    const near = { ...SLATE, "500": "#1e293b" };
    const r = checkTheme({ light: { neutral: near } });
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.errors["theme.light.neutral"]!.join(" ")).toMatch(
      new RegExp(`needs ${PLACEHOLDER_DISTINCTION}:1 apart`),
    );
  });

  it("when tokens are malformed or unknown, then each is named with what is expected", () => {
    const r = checkTheme({
      light: { primary: "blue", glow: "#fff" },
      radius: 99,
      density: "airy",
      fonts: { body: "x;}body{display:none" },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      "theme.light.primary": ["A colour as #rrggbb."],
      "theme.light.glow": ["Not a theme token."],
      "theme.radius": ["Whole pixels from 0 to 24."],
      "theme.density": ["One of compact, comfortable, spacious."],
      "theme.fonts.body": [expect.stringMatching(/font-family list/)],
    });
    expect(checkTheme({ fonts: { stylesheet: "http://fonts.example.com/a.css" } }).ok).toBe(false);
    expect(checkTheme("violet").ok).toBe(false);
  });

  it("when an override is merged over the app's theme, then its tokens win and the rest stay", () => {
    const merged = mergeThemes(
      { light: { primary: "#6d28d9", accent: "#be185d" }, radius: 4, fonts: { body: "Inter" } },
      { light: { primary: "#047857" }, fonts: { heading: "Georgia" } },
    );
    expect(merged).toEqual({
      light: { primary: "#047857", accent: "#be185d" },
      radius: 4,
      fonts: { body: "Inter", heading: "Georgia" },
    });
  });
});
