import { CATALOGUE, DSL_EXAMPLE, type ComponentNode, type UiCodeEvaluator } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { countTokens } from "../tokens";
import { pieces } from "./chunks";
import { composeScreen } from "./compose";
import { detectIntent, extractCount, extractListedItems, extractLocation, extractPersonName } from "./intents";
import { allNodes, readUiCode } from "./read-code";

describe("detectIntent", () => {
  it.each([
    ["Can you make me a signup page?", "form"],
    ["I need a form where people can book a dentist appointment", "form"],
    ["newsletter subscription box", "form"],
    ["data table listing our customers", "table"],
    ["Show a graph of monthly sales", "chart"],
    ["visualize the share of traffic sources", "chart"],
    ["admin panel with KPIs", "dashboard"],
    ["What should our subscription plans look like? 3 tiers please", "pricing"],
    ["my profile page", "profile"],
    ["a list of countries", "list"],
    ["is it going to rain in Berlin", "weather"],
    ["checklist for my trip to Japan", "todo"],
    ["Tasks for this week", "todo"],
    ["Health care site for women", "womens_health"],
    ["women's wellness clinic homepage", "womens_health"],
    ["learn python for beginners", "python_tutorial"],
    ["online shop for dog food and cat toys", "pet_shop"],
    ["daily horoscope page", "astrology"],
    ["zodiac compatibility", "astrology"],
    ["tabla de empleados", "table"],
    ["formulaire de contact", "form"],
    ["Wetter in München", "weather"],
    ["a pricing table", "pricing"],
    ["book a table for two", "form"],
    ["a to-do list", "todo"],
    ["a haiku about autumn", "generic"],
    ["cancer research dashboard", "dashboard"],
    ["a line chart of temperature over the year", "chart"],
    ["what's the temperature in Oslo", "weather"],
    ["Leo horoscope for today", "astrology"],
    ["a dashboard of her health metrics", "dashboard"],
    ["   ", "welcome"],
  ])("when the prompt is %j, then the intent is %s", (prompt, intent) => {
    expect(detectIntent(prompt).intent).toBe(intent);
  });
});

describe("extractors", () => {
  it.each([
    ["weather in Paris", "Paris"],
    ["What's the weather in new york city today?", "New York City"],
    ["Tokyo weather", "Tokyo"],
    ["forecast for Rio de Janeiro this weekend", "Rio de Janeiro"],
    ["Météo à Lyon", "Lyon"],
    ["el tiempo en Buenos Aires", "Buenos Aires"],
    ["show me the weather", undefined],
  ])("when the prompt is %j, then the place is %j", (prompt, place) => {
    expect(extractLocation(prompt)).toBe(place);
  });

  it("when items are listed after a colon, “with”, or as bullets, then they are read in order", () => {
    expect(extractListedItems("todo: buy milk, call mom and finish the report")).toEqual([
      "buy milk",
      "call mom",
      "finish the report",
    ]);
    expect(extractListedItems("a form with name, email and message")).toEqual(["name", "email", "message"]);
    expect(extractListedItems("tasks\n- water plants\n- pay rent\n- book flights")).toEqual([
      "water plants",
      "pay rent",
      "book flights",
    ]);
    expect(extractListedItems("a nice contact form")).toEqual([]);
  });

  it("when a count or a name is written, then it is read", () => {
    expect(extractCount("pricing with three tiers", /tiers?/)).toBe(3);
    expect(extractCount("a table with 12 rows", /rows?/)).toBe(12);
    expect(extractPersonName("a profile for Grace Hopper")).toBe("Grace Hopper");
    expect(extractPersonName("a profile page")).toBeUndefined();
  });
});

describe("readUiCode", () => {
  let ev: UiCodeEvaluator;
  beforeAll(() => {
    ev = createNodeEvaluator();
  });
  afterAll(() => ev.dispose());

  const flatten = (ns: ComponentNode[]): [string, string][] =>
    ns.flatMap((n) => [[n.name, n.component] as [string, string], ...flatten(n.content ?? [])]);

  it("when code is read without running it, then it finds the same components with the same names as the sandbox", async () => {
    const samples = [
      DSL_EXAMPLE,
      ...CATALOGUE.map((e) => e.code),
      `const items = ["a", "b"];\nscreen("X")\nlist(items, {name: "things"})\ncard("Dup", [button("One", {name: "same"}), button("Two", {name: "same"})])\nfor (let i = 0; i < 2; i++) {}\ntext("after a loop")`,
      composeScreen([{ role: "user", content: "a pets care e-commerce website" }]).code,
      composeScreen([{ role: "user", content: "an astrology website" }]).code,
      composeScreen([{ role: "user", content: "to-do list: a, b, c" }]).code,
    ];
    for (const code of samples) {
      const r = await ev.evaluate(code);
      if (!r.ok) throw new Error(r.error.message);
      const read = allNodes(readUiCode(code)).map((n) => [n.name, n.component]);
      expect(read).toEqual(flatten(r.screen.screen.v1));
    }
  });

  it("when a component has actions and values, then they are read as written", () => {
    const s = readUiCode(
      `screen("Shop", {theme: "dark"})\nbutton("View", {name: "open_1", onPress: {event: "open_product", value: {name: "Kibble", price: 34.99}}})\nswitch_(true, {label: "On"})`,
    );
    expect(s.name).toBe("Shop");
    expect(s.settings).toEqual({ theme: "dark" });
    expect(s.roots[0]).toMatchObject({
      name: "open_1",
      value: "View",
      onPress: { event: "open_product", value: { name: "Kibble", price: 34.99 } },
    });
    expect(s.roots[1]).toMatchObject({ component: "switch", name: "switch_1", value: true, props: { label: "On" } });
  });
});

describe("pieces", () => {
  it("when text has emoji and CJK, then pieces join back to it without splitting a character", () => {
    const text = `heading("🐶🐱 ペットショップ ✨")\n${'text("🌧️ rain later")\n'.repeat(20)}`;
    const out = [...pieces(text, 7)];
    expect(out.map((p) => p.text).join("")).toBe(text);
    for (const p of out) {
      expect(p.tokens).toBe(countTokens(p.text));
      expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(p.text)).toBe(false);
    }
  });
});
