import { APP_PACKAGE, repairScreen, validateScreen, type AppComponent, type Screen } from "@genui/ui-runtime";
import { createAppComponentChecker, createNodeEvaluator } from "@genui/ui-runtime/node";
import { plan } from ".";
import { assistant, nodes, screenOfWith, user, type Node } from "./test-support";

/**
 * The app's own components in the built-in generator: one declared for a role a layout composes (a shop's product
 * card, a pricing tier, a landing page's hero) is drawn in its place with `custom(…)`, its props filled from what the
 * built-in would have shown and its press the built-in's; the screens of apps that declare none are unchanged.
 */

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());
const screenOf = screenOfWith(ev);

const PRODUCT: AppComponent = {
  name: "ProductCard",
  description: "One product with its price and an Add to cart button.",
  props: {
    type: "object",
    properties: {
      title: { type: "string", maxLength: 120 },
      price: { type: "number", minimum: 0 },
      blurb: { type: "string" },
      cta: { type: "string" },
    },
    required: ["title", "price"],
    additionalProperties: false,
  },
  example: { title: "Ceramic mug", price: 14 },
  fallback: "card",
  role: { name: "product-card", props: { description: "blurb" } },
};

const TIER: AppComponent = {
  name: "PlanTier",
  description: "One plan of a pricing table.",
  props: {
    type: "object",
    properties: {
      planName: { type: "string" },
      price: { type: "string" },
      per: { type: "string" },
      features: { type: "array", items: { type: "string" } },
      featured: { type: "boolean" },
    },
    required: ["planName", "price"],
  },
  example: { planName: "Pro", price: "$19" },
  fallback: "card",
  role: { name: "pricing-tier" },
};

const HERO: AppComponent = {
  name: "BrandHero",
  description: "The banner at the top of a landing page.",
  props: {
    type: "object",
    properties: { headline: { type: "string" }, tagline: { type: "string" }, cta: { type: "string" } },
    required: ["headline"],
  },
  example: { headline: "Coffee, roasted on Mondays" },
  fallback: "heading",
  role: { name: "hero" },
};

const appNodes = (s: Screen): Node[] => nodes(s).filter((n) => n.package === APP_PACKAGE);

describe("the app's own components in the built-in generator", () => {
  const checker = createAppComponentChecker([PRODUCT, TIER, HERO]);

  it("when the app declares a product card and a shop is asked for, then its products are that component with the props it declares", async () => {
    const turns = [user("a shop selling mugs")];
    const planned = plan(turns, { components: [PRODUCT] });
    const screen = await screenOf(planned.code);
    const cards = appNodes(screen);
    expect(cards.length).toBeGreaterThanOrEqual(3);
    for (const c of cards) {
      expect(c.component).toBe("ProductCard");
      expect(Object.keys(c.props ?? {}).every((k) => ["title", "price", "blurb", "cta"].includes(k))).toBe(true);
      expect(typeof c.props?.price).toBe("number");
      // The built-in card's press: add this product to the cart.
      expect(c.onPress).toEqual({ event: "add_to_cart", value: c.props?.title });
    }
    // Valid against the declarations as they are: nothing for the validator to replace, each keeps its fallback.
    expect(validateScreen(screen, { components: checker })).toMatchObject({ ok: true });
    const repaired = repairScreen(screen, { components: checker });
    expect(repaired.repairs).toEqual([]);
    for (const c of appNodes(repaired.screen)) expect(c.fallback).toMatchObject({ component: "card", value: c.props?.title });
    expect(planned.reasoning.join("")).toContain("The app's own ProductCard is drawn where it fits.");
  });

  it("when the app declares no components (or none for the role), then the screens are the built-in ones, unchanged", () => {
    for (const request of ["a shop selling mugs", "pricing page for a SaaS", "landing page for a coffee roastery"]) {
      const plain = plan([user(request)]).code;
      expect(plan([user(request)], { components: [] }).code).toBe(plain);
      // A component with another role, or none, changes nothing here.
      const unrelated = request.startsWith("a shop") ? [{ ...TIER }, { ...PRODUCT, role: undefined }] : [{ ...PRODUCT }];
      expect(plan([user(request)], { components: unrelated }).code).toBe(plain);
      expect(plain).not.toContain("custom(");
    }
  });

  it("when the app declares a pricing tier, then each plan is one, with its price, period, features and the one to pick", async () => {
    const screen = await screenOf(plan([user("pricing page for a SaaS")], { components: [TIER] }).code);
    const tiers = appNodes(screen);
    expect(tiers.length).toBe(3);
    expect(tiers[1]).toMatchObject({
      component: "PlanTier",
      props: { planName: "Pro", price: "$19", per: "mo", featured: true },
      onPress: { event: "choose_plan", value: "Pro" },
    });
    expect(tiers[0]!.props).toMatchObject({ planName: "Starter", featured: false });
    expect(Array.isArray(tiers[0]!.props?.features)).toBe(true);
    expect(validateScreen(screen, { components: checker })).toMatchObject({ ok: true });
  });

  it("when the app declares a hero, then a landing page opens with it and its call to action", async () => {
    const screen = await screenOf(plan([user("landing page for a coffee roastery")], { components: [HERO] }).code);
    const [hero] = appNodes(screen);
    expect(hero).toMatchObject({ name: "hero", component: "BrandHero", onPress: "get_started", props: { cta: "Get started" } });
    expect(typeof hero!.props?.headline).toBe("string");
    expect(validateScreen(screen, { components: checker })).toMatchObject({ ok: true });
  });

  it("when a product card is pressed (or its fallback's button), then the answer is a cart holding that product", async () => {
    const first = plan([user("a shop selling mugs")], { components: [PRODUCT] });
    const [card] = appNodes(await screenOf(first.code));
    for (const name of [card!.name, `${card!.name}_fallback_action`]) {
      const press = user(JSON.stringify({ type: "onPress", component: { name, value: card!.props?.title } }));
      const next = plan([user("a shop selling mugs"), assistant(first.code), press], { components: [PRODUCT] });
      expect(next.family).toBe("action:cart");
      expect(JSON.stringify((await screenOf(next.code)).screen.v1)).toContain(String(card!.props?.title));
    }
  });

  it("when a screen with the app's components is edited, then they are kept as they were", async () => {
    const first = plan([user("a shop selling mugs")], { components: [PRODUCT] });
    const edited = plan([user("a shop selling mugs"), assistant(first.code), user("make it dark")], { components: [PRODUCT] });
    expect(edited.family).toMatch(/^edit:/);
    const before = appNodes(await screenOf(first.code));
    const after = appNodes(await screenOf(edited.code));
    expect(after).toEqual(before);
  });
});
