/**
 * @jest-environment node
 */
/// <reference types="jest" />
import { checkTheme, NEUTRAL_STEPS, repairScreen, validateScreen, type AppTheme } from "@genui/ui-runtime";
import {
  NEUTRAL_PRESETS,
  NEW_COMPONENT,
  declaredProps,
  formComponent,
  formTheme,
  jsonProblem,
  previewTheme,
  themeForm,
  themeFormErrors,
  themeKey,
  themeServerErrors,
  type NeutralPreset,
} from "./appearance";
import { SAMPLE_SCREENS } from "./appearance-samples";

describe("the Appearance editor's sample screens", () => {
  it.each(Object.entries(SAMPLE_SCREENS))(
    "when the %s sample is validated, then it is valid screen JSON needing no repair",
    (_id, screen) => {
      const checked = validateScreen(screen);
      expect(checked.ok ? [] : checked.issues).toEqual([]);
      expect(repairScreen(screen).repairs).toEqual([]);
    },
  );
});

describe("the theme form", () => {
  it.each(Object.keys(NEUTRAL_PRESETS))(
    "when the %s neutral scale is chosen for both modes, then the theme is readable (AA)",
    (preset) => {
      const form = themeForm({});
      form.light.neutral = preset as NeutralPreset;
      form.dark.neutral = preset as NeutralPreset;
      const checked = checkTheme(formTheme(form));
      expect(checked.ok ? {} : checked.errors).toEqual({});
    },
  );

  it("when a stored theme is shown and saved unchanged, then every token survives (presets recognised, the rest custom)", () => {
    const custom = Object.fromEntries(
      NEUTRAL_STEPS.map((s, i) => [s, `#${(0x101010 * (10 - i) + 0x0a0a0a).toString(16).padStart(6, "0")}`]),
    );
    const theme: AppTheme = {
      light: { primary: "#6d28d9", accent: "#be185d", background: "#fffdf8", neutral: { ...NEUTRAL_PRESETS.stone } },
      dark: { primary: "#c4b5fd", neutral: custom as never },
      radius: 4,
      density: "compact",
      fonts: {
        body: '"Inter", system-ui, sans-serif',
        heading: "Georgia, serif",
        mono: "ui-monospace, monospace",
        stylesheet: "https://fonts.example.com/inter.css",
      },
    };
    const form = themeForm(theme);
    expect(form.light.neutral).toBe("stone");
    expect(form.dark.neutral).toBe("custom");
    expect(themeKey(formTheme(form))).toBe(themeKey(theme));
  });

  it("when nothing is set, then the form makes the empty theme (GenUI's defaults) and is not dirty against it", () => {
    expect(formTheme(themeForm(undefined))).toEqual({});
    expect(themeKey(formTheme(themeForm({})))).toBe(themeKey({}));
  });

  it("when a colour is half typed, then the preview leaves it out but keeps the rest, and never loads the style sheet", () => {
    const form = themeForm({ fonts: { stylesheet: "https://fonts.example.com/a.css", body: "Inter, sans-serif" } });
    form.light.primary = "#6d28";
    form.light.accent = "#be185d";
    expect(previewTheme(form)).toEqual({ light: { accent: "#be185d" }, fonts: { body: "Inter, sans-serif" } });
    // The form still says what was typed: the server (and the live check) name the field.
    expect(themeFormErrors(form)["light.primary"]).toEqual(["A colour as #rrggbb."]);
  });

  it("when the light primary is unreadable on white, then the live check names light.primary with its contrast", () => {
    const form = themeForm({});
    form.light.primary = "#ffd700";
    const errors = themeFormErrors(form);
    expect(Object.keys(errors)).toEqual(["light.primary"]);
    expect(errors["light.primary"]![0]).toMatch(/contrast of 1\.\d\d:1; WCAG AA needs 4\.5:1/);
  });

  it("when the server names theme fields, then they map onto the form's fields", () => {
    expect(themeServerErrors({ "theme.light.primary": "low", non_field_errors: "x" })).toEqual({
      "light.primary": "low",
      non_field_errors: "x",
    });
  });
});

describe("the component form", () => {
  it("when the JSON does not parse, then the field says where", () => {
    expect(jsonProblem('{\n  "a": 1,\n}')).toMatch(/^Not valid JSON/);
    expect(jsonProblem("[1]")).toBe("A JSON object: { … }.");
    const made = formComponent({ ...NEW_COMPONENT, name: "ProductCard", example: "{ title: 1 }" });
    expect("errors" in made && Object.keys(made.errors)).toEqual(["example"]);
  });

  it("when a role and a mapping are chosen, then the declaration carries them (automatic fields left out)", () => {
    const made = formComponent({
      ...NEW_COMPONENT,
      name: "ProductCard",
      description: "  A product.  ",
      role: "product-card",
      roleProps: { title: "", price: "price" },
    });
    expect(made).toEqual({
      component: {
        name: "ProductCard",
        description: "A product.",
        props: JSON.parse(NEW_COMPONENT.props),
        example: JSON.parse(NEW_COMPONENT.example),
        fallback: "card",
        role: { name: "product-card", props: { price: "price" } },
      },
    });
    expect(declaredProps(NEW_COMPONENT.props)).toEqual(["title", "price"]);
    expect(declaredProps("{")).toEqual([]);
  });
});
