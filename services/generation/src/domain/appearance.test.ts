import type { AppComponent, EvalResult, Screen } from "@genui/ui-runtime";
import { ComponentCheckers } from "../store/component-checkers";
import { appearanceETag, checkComponents, etagMatches, publishedAppearance, themeAppearance } from "./appearance";

const PRODUCT: AppComponent = {
  name: "ProductCard",
  description: "One product.",
  props: { type: "object", properties: { title: { type: "string" }, price: { type: "number" } }, required: ["title"] },
  example: { title: "Mug" },
  fallback: "stat",
  role: { name: "product-card" },
};

const evaluated = (...v1: Screen["screen"]["v1"]): EvalResult => ({
  ok: true,
  screen: { name: "S", screen: { v1 } },
  issues: [],
  repairs: [],
});

describe("an app's look in generation", () => {
  it("when the look is served, then each component gives renderers its name, description, props and fallback only", () => {
    expect(publishedAppearance({ version: 2, theme: { radius: 4 }, components: [PRODUCT] })).toEqual({
      object: "genui.appearance",
      version: 2,
      theme: { radius: 4 },
      components: [{ name: "ProductCard", description: "One product.", props: PRODUCT.props, fallback: "stat" }],
    });
    expect(themeAppearance(undefined)).toEqual({ version: 0, theme: {} });
  });

  it("when a reader revalidates, then its tag matches only the same app and version", () => {
    const tag = appearanceETag("app-1", 3);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(`W/${tag}`, tag)).toBe(true);
    expect(etagMatches(`"x", ${tag}`, tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
    expect(etagMatches(appearanceETag("app-1", 4), tag)).toBe(false);
    expect(etagMatches(appearanceETag("app-2", 3), tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });

  it("when a screen is checked against the app's components, then declared ones keep a fallback, the rest become theirs, and the problems are told", () => {
    const checker = new ComponentCheckers().for("app-1", { version: 1, components: [PRODUCT] });
    const r = checkComponents(
      evaluated(
        { name: "a", component: "ProductCard", package: "app", props: { title: "Mug", price: 12 } },
        { name: "b", component: "ProductCard", package: "app", props: { title: "Jug", price: "cheap" } },
        { name: "c", component: "heading", value: "Hi" },
      ),
      checker,
    );
    if (!r.ok) throw new Error("not ok");
    expect(r.screen.screen.v1[0]).toMatchObject({ component: "ProductCard", fallback: { component: "stat", value: 12 } });
    expect(r.screen.screen.v1[1]).toMatchObject({ name: "b", component: "keyValue" });
    expect(r.issues).toEqual([{ path: "screen.v1[1].props.price", message: "price: must be number" }]);
    expect(r.repairs).toEqual([expect.stringMatching(/^screen\.v1\[1\]\.props: .*shown as its fallback \(stat\)$/)]);
    // Nothing of the app's on the screen, or no checker: the result as it was.
    const plain = evaluated({ name: "c", component: "heading", value: "Hi" });
    expect(checkComponents(plain, checker)).toBe(plain);
    const unchecked = evaluated({ name: "a", component: "Other", package: "app" });
    expect(checkComponents(unchecked, undefined)).toBe(unchecked);
  });

  it("when the same app and version is checked again, then its compiled checker is reused; a new version compiles anew", () => {
    const checkers = new ComponentCheckers();
    const one = checkers.for("app-1", { version: 1, components: [PRODUCT] });
    expect(checkers.for("app-1", { version: 1, components: [PRODUCT] })).toBe(one);
    expect(checkers.for("app-1", { version: 2, components: [] })).not.toBe(one);
    expect(checkers.for("app-2", { version: 1, components: [PRODUCT] })).not.toBe(one);
  });
});
