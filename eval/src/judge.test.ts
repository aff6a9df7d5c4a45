import type { ComponentNode, Screen } from "@genui/ui-runtime";
import { contentWords, familyMatches, judgeEdit, judgeScreen, placeholderReasons, termMatches } from "./judge";
import type { Case } from "./sets";
import { visibleText } from "./visible-text";

let n = 0;
const node = (
  component: string,
  value?: ComponentNode["value"],
  props?: ComponentNode["props"],
  content?: ComponentNode[],
): ComponentNode => ({
  name: `${component}_${++n}`,
  component,
  ...(value !== undefined ? { value } : {}),
  ...(props ? { props } : {}),
  ...(content ? { content } : {}),
});
const screenOf = (...nodes: ComponentNode[]): Screen => ({ name: "Test", screen: { v1: nodes } });
const rubric = (over: Partial<Case>): Case => ({
  id: "t999",
  request: "a request",
  family: "form",
  kinds: [],
  terms: [],
  ...over,
});

const contactForm = screenOf(
  node("heading", "Contact Bright Smile Clinic"),
  node("textInput", undefined, { label: "Full name" }),
  node("textInput", undefined, { label: "E-mail", type: "email" }),
  node("textInput", undefined, { label: "Phone", type: "tel" }),
  node("textArea", undefined, { label: "Message" }),
  node("button", "Send"),
);

describe("judging a screen against a request's rubric", () => {
  it("when the screen has every required kind and term, then it fits", () => {
    const v = judgeScreen(
      rubric({
        request: "contact form for my dental clinic with name, email, phone and a message",
        kinds: ["textInput", "button"],
        anyKinds: [["textArea", "textInput"]],
        terms: ["Name", "Email", "Phone", "Message"],
      }),
      contactForm,
      "contact",
    );
    expect(v).toMatchObject({ fit: false, familyOk: false });
    expect(v.reasons).toEqual(["family contact, expected form"]);
    expect(
      judgeScreen(rubric({ request: "contact form", family: ["form", "contact"], kinds: ["textInput"] }), contactForm, "contact")
        .fit,
    ).toBe(true);
  });

  it("when a required kind, every alternative of anyKinds, or a term is missing, then it does not fit and says which", () => {
    const v = judgeScreen(
      rubric({
        request: "contact form with a date of birth",
        kinds: ["textInput", "date"],
        anyKinds: [["select", "slider"], ["textArea"]],
        terms: ["Phone", "Date of birth"],
      }),
      contactForm,
    );
    expect(v.fit).toBe(false);
    expect(v.missingKinds).toEqual(["date"]);
    expect(v.missingAnyKinds).toEqual([["select", "slider"]]);
    expect(v.missingTerms).toEqual(["Date of birth"]);
    expect(v.familyOk).toBeUndefined();
  });

  it("when the user's items are in a chart, a table, a list, key/values and options, then their terms are found there", () => {
    const s = screenOf(
      node(
        "barChart",
        [
          { country: "US", visitors: 40 },
          { country: "India", visitors: 25 },
        ],
        { x: "country", y: "visitors" },
      ),
      node("table", [{ sku: "B-1", unitPrice: 4999 }], { columns: ["sku", { key: "unitPrice", format: "currency" }] }),
      node("list", ["Buy milk", { title: "Call the bank", subtitle: "before 5" }]),
      node("keyValue", { Network: "BeachHouse_5G" }),
      node("select", "s", { label: "Room type", options: [{ label: "Suite", value: "s" }, "Double"] }),
      node("pieChart", [{ label: "Rent", value: 45 }]),
      node("stat", 48000, { label: "MRR", format: "currency", currency: "EUR" }),
    );
    const text = visibleText(s);
    for (const t of [
      "US",
      "India",
      "40",
      "Visitors",
      "SKU",
      "Unit price",
      "4,999",
      "Buy milk",
      "Call the bank",
      "before 5",
      "Network",
      "BeachHouse_5G",
      "Room type",
      "Suite",
      "Double",
      "Rent",
      "45",
      "MRR",
      "€48,000",
    ])
      expect({ t, found: termMatches(t, text) }).toEqual({ t, found: true });
    for (const t of ["UK", "10", "Single"]) expect({ t, found: termMatches(t, text) }).toEqual({ t, found: false });
  });

  it("when terms differ from the screen only in case, hyphens, spacing, plurals or thousands separators, then they match; inside another word they do not", () => {
    const text = ["Check in", "E-mail address", "Adults", "₹1,20,000", "08:30 Registration", "Duke of York", "140 visitors"];
    for (const t of ["check-in", "EMAIL", "Adult", "adults", "120000", "8:30", "registrations"])
      expect({ t, found: termMatches(t, text) }).toEqual({ t, found: true });
    for (const t of ["UK", "40", "York City"]) expect({ t, found: termMatches(t, text) }).toEqual({ t, found: false });
  });

  it("when the screen's title or an image's alt text holds a term, then that term is not visible and does not count", () => {
    const s: Screen = {
      ...screenOf(node("image", "https://genui.dev/a.png", { alt: "Biscuit the dog" })),
      props: { screenProps: { title: "Biscuit" } },
    };
    expect(termMatches("Biscuit", visibleText(s))).toBe(false);
  });
});

describe("the placeholder detector", () => {
  const flagged = (request: string, ...nodes: ComponentNode[]) => placeholderReasons(request, visibleText(screenOf(...nodes)));

  it("when a screen shows the request's own words and no filler, then it is not a placeholder", () => {
    expect(
      flagged(
        "a quiz on world capitals",
        node("heading", "World capitals quiz"),
        node("text", "Question 1 of 3"),
        node("button", "Paris"),
      ),
    ).toEqual([]);
    expect(flagged("onboarding steps", node("heading", "Onboarding"), node("list", ["Step 1: account", "Step 2: team"]))).toEqual(
      [],
    );
    expect(flagged("login page", node("heading", "Log in"), node("button", "Sign in"))).toEqual([]);
  });

  it("when a screen has lorem ipsum, the word placeholder, numbered fillers, TODO, sample text or the old fallback, then it is one", () => {
    const cases: [string, ComponentNode][] = [
      ["lorem ipsum", node("text", "Lorem ipsum dolor sit amet")],
      ["the word placeholder", node("text", "Placeholder content")],
      ["a numbered filler", node("list", ["Item 1", "Item 2"])],
      ["a numbered filler", node("select", "a", { label: "Pick", options: ["Option 1", "Option 2"] })],
      ["a lettered filler", node("pieChart", [{ label: "Product A", value: 3 }])],
      ['"TODO"', node("text", "TODO: fill in")],
      ["sample text", node("text", "Sample text for the card")],
      ["the generic fallback", node("heading", "What to know about gardens")],
    ];
    for (const [what, extra] of cases) {
      const reasons = flagged("a garden planner for tomatoes", node("heading", "Tomato garden"), extra);
      expect({ what, hit: reasons.some((r) => r.startsWith(what)) }).toEqual({ what, hit: true });
    }
  });

  it("when none of the request's content words appear, then it is one; a filler the user asked for is not", () => {
    expect(flagged("recipe for banana bread", node("heading", "Welcome"), node("button", "Explore"))).toEqual([
      "none of the request's words (recipe, banana, bread) appear",
    ]);
    expect(flagged("a table with Item 1 and Item 2", node("table", [{ name: "Item 1" }, { name: "Item 2" }]))).toEqual([]);
    expect(flagged("compare Bank A and Bank B", node("table", [{ bank: "Bank A" }, { bank: "Bank B" }]))).toEqual([]);
  });

  it("when a request is read for content words, then asking words and generic UI words are left out", () => {
    expect(contentWords("Please make me a nice login page for the Northwind portal")).toEqual(["login", "northwind", "portal"]);
  });
});

describe("the reported family", () => {
  it("when plan() reports edit: or action: answers, or a case accepts any family, then the prefix is stripped and '*' accepts all", () => {
    expect(familyMatches({ family: ["table", "dashboard"] }, "edit:dashboard")).toBe(true);
    expect(familyMatches({ family: "form" }, "action:form")).toBe(true);
    expect(familyMatches({ family: "form" }, "survey")).toBe(false);
    expect(familyMatches({ family: "*" }, "anything")).toBe(true);
  });
});

describe("judging an edited screen", () => {
  const laptops = (order: number[]) =>
    screenOf(
      node(
        "table",
        order.map((price, i) => ({ model: `Model ${String.fromCharCode(65 + i)}`, price: `$${price.toLocaleString("en-US")}` })),
        { columns: ["model", { key: "price", label: "Price (USD)" }] },
      ),
    );

  it("when a table is sorted by the asked column and direction, then the order holds; otherwise it says how it is ordered", () => {
    expect(judgeEdit({ order: { component: "table", column: "price", direction: "asc" } }, laptops([749, 1099, 1899])).fit).toBe(
      true,
    );
    expect(judgeEdit({ order: { component: "table", column: "price", direction: "desc" } }, laptops([1899, 1099, 749])).fit).toBe(
      true,
    );
    const wrong = judgeEdit({ order: { component: "table", column: "price", direction: "asc" } }, laptops([1099, 749, 1899]));
    expect(wrong.fit).toBe(false);
    expect(wrong.reasons).toEqual(["table not sorted by price asc: 1099, 749, 1899"]);
    expect(judgeEdit({ order: { component: "table", column: "stock", direction: "asc" } }, laptops([1, 2])).fit).toBe(false);
  });

  it("when kinds, absent kinds, terms, absent terms and kept terms are checked, then each failing item is named", () => {
    const s = screenOf(
      node("lineChart", [{ month: "Jan", revenue: 12 }], { x: "month", y: "revenue" }),
      node("text", "Subscribe now"),
    );
    expect(judgeEdit({ kinds: ["lineChart"], absentKinds: ["barChart"], terms: ["Jan"], keep: ["Revenue"] }, s)).toEqual({
      fit: true,
      reasons: [],
    });
    expect(
      judgeEdit({ kinds: ["pieChart"], absentKinds: ["lineChart"], absentTerms: ["Subscribe"], keep: ["Feb"] }, s).reasons,
    ).toEqual([
      "missing component pieChart",
      "component lineChart still there",
      'term "Subscribe" still there',
      'lost "Feb" of the base screen',
    ]);
  });

  it("when a theme or a column layout is asked for, then the screen props and the grid or row are checked", () => {
    const fields = [node("textInput", undefined, { label: "City" }), node("textInput", undefined, { label: "Postcode" })];
    const dark: Screen = {
      ...screenOf(node("grid", undefined, { columns: 2 }, fields)),
      props: { screenProps: { theme: "dark" } },
    };
    expect(judgeEdit({ theme: "dark", columns: 2 }, dark).fit).toBe(true);
    expect(judgeEdit({ theme: "light", columns: 3 }, dark).reasons).toEqual(["theme dark, expected light", "no 3-column layout"]);
    expect(judgeEdit({ columns: 2 }, screenOf(node("row", undefined, undefined, fields))).fit).toBe(true);
    expect(judgeEdit({ columns: 2 }, screenOf(...fields)).fit).toBe(false);
  });
});
