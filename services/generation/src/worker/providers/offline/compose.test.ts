import { validateScreen, type ComponentNode, type Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { UiCodeEvaluator } from "@genui/ui-runtime";
import { buildForPrompt, composeScreen } from "./compose";
import type { UiNode } from "./ui";

/** Every node of a screen, depth first. */
function nodes(screen: Screen): ComponentNode[] {
  const out: ComponentNode[] = [];
  const walk = (ns: ComponentNode[]) => ns.forEach((n) => (out.push(n), walk(n.content ?? [])));
  walk(screen.screen.v1);
  return out;
}

/** All the text a screen shows (values, labels, titles, items, cells), lower-cased. */
function shown(screen: Screen): string {
  return JSON.stringify(screen).toLowerCase();
}

function explicitNameClashes(ns: readonly UiNode[]): string[] {
  const seen = new Set<string>();
  const clashes: string[] = [];
  const walk = (list: readonly UiNode[]) => {
    for (const n of list) {
      const name = n.props?.name;
      if (typeof name === "string") {
        if (seen.has(name)) clashes.push(name);
        seen.add(name);
      }
      if (n.children) walk(n.children);
    }
  };
  walk(ns);
  return clashes;
}

interface Case {
  prompt: string;
  intent: string;
  components?: string[];
  texts?: string[];
  check?: (screen: Screen) => void;
}

const LONG =
  `${"I run a small neighbourhood bakery and I would like something that explains our sourdough process, our opening hours and the story of how we started, ".repeat(40)}`.slice(
    0,
    5000,
  );

const CASES: Case[] = [
  {
    prompt: "a health care website for women",
    intent: "womens_health",
    components: ["image", "tabs", "table", "grid", "accordion", "alert", "stat", "select", "date", "button", "markdown", "list"],
    texts: ["gynecology", "menopause", "book an appointment", "submit_appointment"],
  },
  {
    prompt: "a Python tutorial website",
    intent: "python_tutorial",
    components: ["code", "video", "accordion", "tabs", "table", "progress", "select", "list"],
    texts: ["print(", "lesson", "open_lesson", "check_answer"],
  },
  {
    prompt: "a pets care e-commerce website",
    intent: "pet_shop",
    components: ["image", "grid", "card", "badge", "tabs", "accordion", "textInput", "stat"],
    texts: ["add to cart", "grooming", "salmon kibble"],
    check: (s) => expect(nodes(s).filter((n) => n.name.startsWith("open_product_")).length).toBeGreaterThanOrEqual(8),
  },
  {
    prompt: "an astrology website",
    intent: "astrology",
    components: ["barChart", "table", "date", "select", "progress", "keyValue", "accordion"],
    texts: ["aries", "pisces", "birth chart", "compatibility"],
    check: (s) => expect(nodes(s).filter((n) => n.name.startsWith("sign_") && n.component === "button").length).toBe(12),
  },
  {
    prompt: "Weather in Paris",
    intent: "weather",
    components: ["lineChart", "table", "stat", "progress"],
    texts: ["weather in paris", "°c"],
  },
  { prompt: "what's the weather like in new york tomorrow?", intent: "weather", texts: ["weather in new york", "°f"] },
  { prompt: "Tokyo forecast for the week", intent: "weather", texts: ["weather in tokyo"] },
  { prompt: "Météo à Lyon", intent: "weather", texts: ["weather in lyon"] },
  { prompt: "el tiempo en Madrid", intent: "weather", texts: ["weather in madrid", "spain"] },
  {
    prompt: "Contact form",
    intent: "form",
    components: ["textInput", "textArea", "select", "checkbox", "accordion"],
    texts: ["submit_contact", "email"],
  },
  { prompt: "Create a sign-up form for my yoga studio!!", intent: "form", texts: ["password", "submit_signup", "yoga studio"] },
  {
    prompt: "feedback survey for our restaurant",
    intent: "form",
    components: ["slider", "select", "textArea"],
    texts: ["submit_feedback"],
  },
  { prompt: "Book a table at an Italian restaurant", intent: "form", texts: ["reserve table", "guests"] },
  {
    prompt: "a form with name, email, phone number and message",
    intent: "form",
    check: (s) => {
      const labels = nodes(s)
        .filter((n) => ["textInput", "textArea"].includes(n.component))
        .map((n) => n.props?.label);
      expect(labels).toEqual(["Full name", "Email", "Phone", "Message"]);
    },
  },
  {
    prompt: "Table of employees",
    intent: "table",
    components: ["table", "stat", "select", "textInput"],
    texts: ["salary", "department"],
  },
  {
    prompt: "show me a table of orders with 12 rows",
    intent: "table",
    check: (s) => expect((nodes(s).find((n) => n.component === "table")!.value as unknown[]).length).toBe(12),
  },
  {
    prompt: "a spreadsheet of vehicles with columns make, model, year and price",
    intent: "table",
    check: (s) => {
      const t = nodes(s).find((n) => n.component === "table")!;
      expect(JSON.stringify(t.props?.columns)).toMatch(/Make.*Model.*Year.*Price/);
    },
  },
  { prompt: "line chart showing user growth trend over time", intent: "chart", components: ["lineChart", "stat", "table"] },
  {
    prompt: "Pie chart of market share by browser",
    intent: "chart",
    components: ["pieChart", "progress"],
    check: (s) => {
      const slices = nodes(s).find((n) => n.component === "pieChart")!.value as { value: number }[];
      expect(slices.reduce((a, b) => a + b.value, 0)).toBeCloseTo(100, 5);
    },
  },
  {
    prompt: "bar chart of revenue by month",
    intent: "chart",
    components: ["barChart"],
    check: (s) => expect((nodes(s).find((n) => n.component === "barChart")!.value as unknown[]).length).toBe(12),
  },
  {
    prompt: "SALES DASHBOARD!!!",
    intent: "dashboard",
    components: ["stat", "areaChart", "pieChart", "table", "progress", "list", "alert"],
  },
  { prompt: "a fitness dashboard with my workouts", intent: "dashboard", texts: ["fitness dashboard", "workouts"] },
  {
    prompt: "pricing page with 4 tiers",
    intent: "pricing",
    components: ["switch", "table", "accordion"],
    check: (s) => expect(nodes(s).filter((n) => n.name.startsWith("tier_")).length).toBe(4),
  },
  {
    prompt: "Pricing for a project management tool",
    intent: "pricing",
    texts: ["project management tool pricing", "most popular"],
    check: (s) => expect(nodes(s).filter((n) => n.name.startsWith("tier_")).length).toBeGreaterThanOrEqual(3),
  },
  {
    prompt: "user profile card for Jane Doe, a software engineer",
    intent: "profile",
    components: ["image", "tabs", "stat"],
    texts: ["jane doe", "engineer"],
  },
  {
    prompt: "a list of books to read",
    intent: "list",
    check: (s) => expect((nodes(s).find((n) => n.component === "list")!.value as unknown[]).length).toBeGreaterThanOrEqual(5),
  },
  {
    prompt: "Top 5 movies",
    intent: "list",
    check: (s) => expect((nodes(s).find((n) => n.component === "list")!.value as unknown[]).length).toBe(5),
  },
  {
    prompt: "to-do list: buy milk; walk the dog; call the plumber",
    intent: "todo",
    check: (s) =>
      expect(
        nodes(s)
          .filter((n) => n.component === "checkbox")
          .map((n) => n.props?.label),
      ).toEqual(["Buy milk", "Walk the dog", "Call the plumber"]),
  },
  { prompt: "TODO for moving house", intent: "todo", texts: ["moving checklist", "book the moving van"] },
  { prompt: "an online store selling handmade candles", intent: "shop", texts: ["handmade candles"] },
  { prompt: "website for a yoga studio", intent: "landing", texts: ["yoga studio"] },
  { prompt: "", intent: "welcome", texts: ["a health care website for women", "an astrology website", "use_suggestion"] },
  { prompt: "🐶🛒", intent: "pet_shop" },
  { prompt: "☀️☔", intent: "weather" },
  { prompt: "!!!???", intent: "welcome" },
  { prompt: "日本の伝統的な庭園について", intent: "generic", texts: ["日本の伝統的な庭園について"] },
  { prompt: "Something about sourdough baking", intent: "generic", texts: ["sourdough baking"] },
  {
    prompt: LONG,
    intent: "generic",
    check: (s) => {
      expect(s.name.length).toBeLessThanOrEqual(200);
      expect(shown(s)).toContain("neighbourhood bakery");
    },
  },
];

describe("composeScreen", () => {
  let ev: UiCodeEvaluator;
  beforeAll(() => {
    ev = createNodeEvaluator();
  });
  afterAll(() => ev.dispose());

  it.each(
    CASES.map(
      (c) =>
        [c.prompt.length > 60 ? `${c.prompt.slice(0, 40)}… (${c.prompt.length} chars)` : JSON.stringify(c.prompt), c] as const,
    ),
  )("when the prompt is %s, then the code evaluates cleanly to the expected screen", async (_label, c) => {
    const composed = composeScreen([{ role: "user", content: c.prompt }]);
    expect(composed.intent).toBe(c.intent);
    const r = await ev.evaluate(composed.code);
    if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
    expect(r.issues).toEqual([]);
    expect(r.repairs).toEqual([]);
    expect(validateScreen(r.screen)).toMatchObject({ ok: true });
    const types = new Set(nodes(r.screen).map((n) => n.component));
    for (const t of c.components ?? []) expect({ component: t, present: types.has(t) }).toEqual({ component: t, present: true });
    const all = shown(r.screen);
    for (const t of c.texts ?? [])
      expect({ text: t, present: all.includes(t.toLowerCase()) }).toEqual({ text: t, present: true });
    c.check?.(r.screen);
    expect(explicitNameClashes(buildForPrompt(c.prompt).built.nodes)).toEqual([]);
  });

  it("when the same prompt is composed twice, then the code is identical", () => {
    for (const p of ["a pets care e-commerce website", "weather in Paris", "sales dashboard", "something about kites"]) {
      expect(composeScreen([{ role: "user", content: p }]).code).toBe(composeScreen([{ role: "user", content: p }]).code);
    }
  });

  it("when prompts differ only in case and punctuation, then they are understood the same way", () => {
    const a = composeScreen([{ role: "user", content: "pricing page with three tiers" }]);
    const b = composeScreen([{ role: "user", content: "PRICING PAGE, WITH THREE TIERS!!" }]);
    expect(a.intent).toBe("pricing");
    expect(b.intent).toBe("pricing");
    expect(b.code.match(/name: "tier_/g)?.length).toBe(a.code.match(/name: "tier_/g)?.length);
  });

  it("when different places are asked for, then each gets its own figures", () => {
    const paris = composeScreen([{ role: "user", content: "weather in Paris" }]).code;
    const dubai = composeScreen([{ role: "user", content: "weather in Dubai" }]).code;
    expect(paris).not.toBe(dubai.replace(/Dubai/g, "Paris"));
  });

  it("when the four suggested websites are composed, then each uses at least six kinds of component across five categories", async () => {
    const categories: Record<string, string> = {
      column: "layout",
      row: "layout",
      grid: "layout",
      card: "layout",
      tabs: "layout",
      accordion: "layout",
      heading: "text",
      text: "text",
      markdown: "text",
      badge: "text",
      code: "text",
      textInput: "inputs",
      textArea: "inputs",
      button: "inputs",
      select: "inputs",
      checkbox: "inputs",
      date: "inputs",
      slider: "inputs",
      switch: "inputs",
      table: "data",
      list: "data",
      stat: "data",
      keyValue: "data",
      progress: "data",
      barChart: "charts",
      lineChart: "charts",
      areaChart: "charts",
      pieChart: "charts",
      image: "media",
      icon: "media",
      video: "media",
      alert: "feedback",
    };
    for (const p of [
      "a health care website for women",
      "a Python tutorial website",
      "a pets care e-commerce website",
      "an astrology website",
    ]) {
      const r = await ev.evaluate(composeScreen([{ role: "user", content: p }]).code);
      if (!r.ok) throw new Error(r.error.message);
      const types = new Set(nodes(r.screen).map((n) => n.component));
      expect(types.size).toBeGreaterThanOrEqual(12);
      expect(new Set([...types].map((t) => categories[t]).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
    }
  });

  it("when thinking is described, then the reasoning names the intent and the planned sections, one line each", () => {
    const c = composeScreen([{ role: "user", content: "Weather in Paris" }]);
    expect(c.reasoning.length).toBeGreaterThanOrEqual(3);
    expect(c.reasoning.every((l) => l.endsWith("\n"))).toBe(true);
    expect(c.reasoning.join("")).toMatch(/weather screen/);
    expect(c.reasoning.join("")).toMatch(/Sections: .*7-day forecast/);
  });

  it("when a system turn comes first, then only the user's request decides the screen", () => {
    const c = composeScreen([
      { role: "system", content: "You write UI code. Be helpful." },
      { role: "user", content: "a contact form" },
    ]);
    expect(c.intent).toBe("form");
  });
});
