import { checkAppComponent, createAppComponentChecker } from "./app-components-check";
import {
  appComponentsPrompt,
  attachFallbacks,
  FALLBACK_TYPES,
  fallbackNode,
  fillRole,
  roleMapping,
  type AppComponent,
} from "./app-components";
import { createNodeEvaluator } from "./node";
import type { ComponentNode } from "./schema";
import { repairScreen, validateScreen } from "./validate";

const PRODUCT: AppComponent = {
  name: "ProductCard",
  description: "One product with its photo, price and an Add to cart button.",
  props: {
    type: "object",
    properties: {
      title: { type: "string", maxLength: 80 },
      price: { type: "number", minimum: 0 },
      image: { type: "string" },
      cta: { type: "string" },
    },
    required: ["title", "price"],
  },
  example: { title: "Ceramic mug", price: 14 },
  fallback: "card",
  role: { name: "product-card" },
};

const screenOf = (...v1: unknown[]) => ({ name: "Shop", screen: { v1 } });

describe("the developer's own components", () => {
  it("when a declaration is sound, then it is accepted as given", () => {
    expect(checkAppComponent(PRODUCT)).toEqual({ ok: true, component: PRODUCT });
  });

  it("when a declaration is wrong, then each field says why", () => {
    const errorsOf = (input: unknown, existing: string[] = []) => {
      const r = checkAppComponent(input, existing);
      return r.ok ? {} : r.errors;
    };
    expect(errorsOf({ ...PRODUCT, name: "Card" }).name![0]).toMatch(/name of a GenUI component/);
    expect(errorsOf({ ...PRODUCT, name: "switch_" }).name![0]).toMatch(/capital letter/);
    expect(errorsOf({ ...PRODUCT, name: "Productcard" }, ["ProductCard"]).name![0]).toMatch(/only in letter case/);
    expect(
      errorsOf({ ...PRODUCT, props: { type: "object", properties: { a: { type: "nope" } } }, example: {} }).props![0],
    ).toMatch(/^Not a valid JSON Schema/);
    expect(errorsOf({ ...PRODUCT, props: { type: "array" } }).props![0]).toMatch(/"type": "object"/);
    expect(
      errorsOf({ ...PRODUCT, props: { type: "object", properties: { a: { type: "string", pattern: "(a+)+$" } } }, example: {} })
        .props![0],
    ).toMatch(/pattern is not supported/);
    expect(
      errorsOf({ ...PRODUCT, props: { type: "object", properties: { a: { $ref: "https://example.com/s.json" } } }, example: {} })
        .props![0],
    ).toMatch(/only references inside the schema/);
    expect(errorsOf({ ...PRODUCT, example: { title: "Mug" } }).example![0]).toMatch(/refuses the example: "price" is required/);
    expect(errorsOf({ ...PRODUCT, fallback: "chart" }).fallback![0]).toMatch(/One of card/);
    expect(errorsOf({ ...PRODUCT, extra: 1 }).extra).toEqual(["Not a field of a component declaration."]);
    expect(errorsOf({ ...PRODUCT, description: "x".repeat(20_000) }).non_field_errors![0]).toMatch(/bytes; at most 16,384/);
    expect(
      errorsOf({
        ...PRODUCT,
        props: {
          ...PRODUCT.props,
          properties: { ...(PRODUCT.props.properties as object), sku: { type: "string" } },
          required: ["sku"],
        },
        example: { sku: "A1" },
      }).role![0],
    ).toMatch(/cannot fill the required prop "sku"/);
    expect(errorsOf({ ...PRODUCT, role: { name: "hero", props: { title: "heading" } } })["role.props.title"]![0]).toMatch(
      /not one of the component's props/,
    );
    expect(errorsOf("ProductCard").non_field_errors).toBeDefined();
    // A prop UI code lifts off every component would never reach the developer's component.
    expect(
      errorsOf({
        ...PRODUCT,
        props: { type: "object", properties: { name: { type: "string" }, onPress: { type: "string" } } },
        example: {},
        role: undefined,
      }).props,
    ).toEqual([
      expect.stringMatching(/^"name" is a word of UI code itself/),
      expect.stringMatching(/^"onPress" is a word of UI code/),
    ]);
  });

  it("when a role is declared, then role fields map to props by name or synonym and convert to their types", () => {
    expect(roleMapping(PRODUCT)).toEqual({ title: "title", price: "price", image: "image", action: "cta" });
    expect(fillRole(PRODUCT, { title: "Tea pot", price: "$24.50", action: "Add to cart", badge: "New" })).toEqual({
      title: "Tea pot",
      price: 24.5,
      cta: "Add to cart",
    });
    expect(roleMapping({ ...PRODUCT, role: { name: "product-card", props: { title: "cta" } } })).toMatchObject({ title: "cta" });
    // A price without digits is no number: left out rather than 0.
    expect(fillRole(PRODUCT, { title: "Enterprise", price: "Contact us" })).toEqual({ title: "Enterprise" });
  });

  it("when any fallback type is drawn from props, then it is valid screen JSON carrying the node's action", () => {
    for (const type of FALLBACK_TYPES) {
      const fb = fallbackNode(type, {
        name: "mug",
        component: "ProductCard",
        props: { title: "Mug", price: 14, features: ["Dishwasher safe", "350 ml"], cta: "Add to cart" },
        onPress: "add",
      });
      expect({ type, r: validateScreen(screenOf(fb)) }).toMatchObject({ type, r: { ok: true } });
    }
    const card = fallbackNode("card", {
      name: "mug",
      component: "ProductCard",
      props: { title: "Mug", price: 14, cta: "Add" },
      onPress: "add",
    });
    expect(card).toMatchObject({ component: "card", value: "Mug" });
    expect(JSON.stringify(card)).toContain('"onPress":"add"');
  });

  it("when a screen uses a declared component, then validation checks exactly its declared props", () => {
    const checker = createAppComponentChecker([PRODUCT]);
    const good = { name: "p1", component: "ProductCard", package: "app", props: { title: "Mug", price: 14 } };
    expect(validateScreen(screenOf(good), { components: checker }).ok).toBe(true);
    const issuesOf = (...nodes: unknown[]) => {
      const r = validateScreen(screenOf(...nodes), { components: checker });
      return r.ok ? [] : r.issues;
    };
    expect(issuesOf({ ...good, props: { ...good.props, colour: "red" } })).toEqual([
      { path: "screen.v1[0].props.colour", message: '"colour" is not a declared prop' },
    ]);
    expect(issuesOf({ ...good, props: { title: "Mug", price: "cheap" } })[0]).toMatchObject({ path: "screen.v1[0].props.price" });
    expect(issuesOf({ ...good, component: "Banner" })[0]!.message).toMatch(/not one of the app's/);
    // Without the app's declarations (a renderer's own check), app nodes pass unchecked.
    expect(validateScreen(screenOf({ ...good, props: { colour: "red" } })).ok).toBe(true);
  });

  it("when a screen is repaired, then valid app nodes get their fallback and invalid ones become it", () => {
    const checker = createAppComponentChecker([PRODUCT]);
    const r = repairScreen(
      screenOf(
        { name: "p1", component: "ProductCard", package: "app", props: { title: "Mug", price: 14 }, onPress: "buy" },
        { name: "p2", component: "ProductCard", package: "app", props: { title: "Cup", price: 3, colour: "red" } },
        { name: "p3", component: "Banner", package: "app", props: { title: "Sale" } },
      ),
      { components: checker },
    );
    const [p1, p2, p3] = r.screen.screen.v1;
    expect(p1).toMatchObject({
      name: "p1",
      component: "ProductCard",
      package: "app",
      fallback: { component: "card", value: "Mug" },
    });
    expect(p2).toMatchObject({ name: "p2", component: "card", value: "Cup" });
    expect(JSON.stringify(p2)).not.toContain("red");
    expect(p3).toMatchObject({ name: "p3", component: "card", value: "Sale" });
    expect(r.repairs).toEqual([
      'screen.v1[1].props: "colour" is not a declared prop; shown as its fallback (card)',
      'screen.v1[2].component: the app has no component "Banner"; shown as a card',
    ]);
    expect(validateScreen(r.screen, { components: checker })).toMatchObject({ ok: true });
  });

  it("when a screen was made without the server's check, then declared app nodes get their fallback and the rest stay", () => {
    const screen = screenOf(
      {
        name: "row",
        component: "row",
        content: [{ name: "p1", component: "ProductCard", package: "app", props: { title: "Mug", price: 14 } }],
      },
      { name: "b1", component: "Banner", package: "app", props: { title: "Sale" } },
    ) as { name: string; screen: { v1: ComponentNode[] } };
    const out = attachFallbacks(screen, [PRODUCT]);
    expect(out.screen.v1[0]!.content![0]!.fallback).toMatchObject({ component: "card", value: "Mug" });
    expect(out.screen.v1[1]).toEqual(screen.screen.v1[1]);
    expect(screen.screen.v1[0]!.content![0]!.fallback).toBeUndefined();
    expect(attachFallbacks(screen, [])).toBe(screen);
  });

  it("when UI code calls custom(), then the screen holds an app node with its props and action", async () => {
    const ev = createNodeEvaluator();
    try {
      const r = await ev.evaluate(
        'screen("Shop")\ncustom("ProductCard", {title: "Mug", price: 14, name: "mug", onPress: "buy"})',
      );
      expect(r.ok && r.screen.screen.v1).toEqual([
        { name: "mug", component: "ProductCard", package: "app", props: { title: "Mug", price: 14 }, onPress: "buy" },
      ]);
    } finally {
      ev.dispose();
    }
  });

  it("when components are declared, then the model's prompt lists each with its schema and an example call", () => {
    const text = appComponentsPrompt([PRODUCT]);
    expect(text).toContain("- ProductCard: One product with its photo");
    expect(text).toContain('custom("ProductCard", {"title":"Ceramic mug","price":14})');
    expect(appComponentsPrompt([])).toBe("");
  });
});
