import { STYLE_KEYS } from "@genui/ui-runtime";
import { CONTRAST_PAIRS, RENDERER_CSS, THEMES, type ThemeName } from "./styles";
import { contrast } from "./test-helpers";
import { RENDERER_STYLE_KEYS, sanitizeStyle } from "./util";

describe("styles", () => {
  test.each(["light", "dark"] as ThemeName[])(
    "when the %s theme is checked, then every text colour pair meets WCAG AA (4.5:1)",
    (theme) => {
      const failing = CONTRAST_PAIRS.map(([fg, bg]) => {
        const a = THEMES[theme][fg];
        const b = THEMES[theme][bg];
        if (!a || !b) return `${fg}/${bg}: missing`;
        const ratio = contrast(a, b);
        return ratio >= 4.5 ? null : `${fg}/${bg}: ${ratio.toFixed(2)}`;
      }).filter(Boolean);
      expect(failing).toEqual([]);
    },
  );

  test("when the renderer's style keys are compared with the schema's, then they are the same", () => {
    expect([...RENDERER_STYLE_KEYS].sort()).toEqual([...STYLE_KEYS].sort());
  });

  test("when a style has unknown keys or resource-loading values, then they are dropped", () => {
    expect(
      sanitizeStyle({ color: "red", zIndex: 9, background: "url(x)", border: "1px solid expression(alert(1))", opacity: 0.5 }),
    ).toEqual({
      color: "red",
      opacity: 0.5,
    });
    expect(sanitizeStyle("color: red")).toEqual({});
  });

  test("when the style sheet is read, then every class is gu- prefixed and both themes are defined", () => {
    const classes = [...RENDERER_CSS.matchAll(/\.([A-Za-z][\w-]*)/g)].map((m) => m[1]);
    expect(classes.filter((c) => !c?.startsWith("gu-"))).toEqual([]);
    expect(RENDERER_CSS).toContain('.gu-root[data-theme="dark"]');
    expect(RENDERER_CSS).toContain("prefers-reduced-motion");
    expect(RENDERER_CSS).toContain(":focus-visible");
  });
});
