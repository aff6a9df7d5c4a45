import type { ComponentNode, Screen, UiCodeEvaluator } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { ChatTurn } from "../provider";
import { composeScreen } from "./compose";
import { parseAction } from "./conversation";

const action = (name: string, value?: unknown, type = "onPress", extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type, component: { name, value }, ...extra });
const typed = (name: string, value: unknown) => action(name, value, "onChangeText");

/** A conversation as the host builds it: each user turn answered by the screen composed for the turns so far. */
function conversation(prompt: string, ...steps: (string | string[])[]): ChatTurn[] {
  const turns: ChatTurn[] = [{ role: "user", content: prompt }];
  turns.push({ role: "assistant", content: composeScreen(turns).code });
  for (const step of steps) {
    // A list of turns is typed values followed by the action that sends them (no screen in between).
    for (const t of Array.isArray(step) ? step : [step]) turns.push({ role: "user", content: t });
    turns.push({ role: "assistant", content: composeScreen(turns).code });
  }
  turns.pop();
  return turns;
}

function nodes(screen: Screen): ComponentNode[] {
  const out: ComponentNode[] = [];
  const walk = (ns: ComponentNode[]) => ns.forEach((n) => (out.push(n), walk(n.content ?? [])));
  walk(screen.screen.v1);
  return out;
}
const shown = (s: Screen) => JSON.stringify(s);

describe("answers to actions", () => {
  let ev: UiCodeEvaluator;
  beforeAll(() => {
    // These tests check what the screens say, not how fast: a generous CPU limit keeps a busy machine from failing them.
    ev = createNodeEvaluator({ timeoutMs: 5000 });
  });
  afterAll(() => ev.dispose());

  async function answer(turns: ChatTurn[]) {
    const c = composeScreen(turns);
    const r = await ev.evaluate(c.code);
    if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
    expect(r.issues).toEqual([]);
    expect(r.repairs).toEqual([]);
    return { ...c, screen: r.screen };
  }

  it("when a contact form is submitted after typing, then the confirmation echoes what was entered", async () => {
    const turns = conversation("a contact form", [
      typed("full_name", "Ana Lima"),
      typed("email", "ana@example.com"),
      typed("message", "Do you deliver to Porto?"),
      action("submit_contact", "Send message"),
    ]);
    const a = await answer(turns);
    expect(a.intent).toBe("action:submit");
    const text = shown(a.screen);
    expect(text).toContain("Thanks, Ana");
    expect(text).toContain("Ana Lima");
    expect(text).toContain("ana@example.com");
    expect(text).toContain("Do you deliver to Porto?");
    expect(text).toContain("General question"); // the subject the form showed
    expect(nodes(a.screen).some((n) => n.component === "keyValue")).toBe(true);
  });

  it("when a sign-up arrives wrapped in text with its values, then they are echoed and the password is masked", async () => {
    const turns = conversation(
      "sign up form",
      `User action: ${action("submit_signup", "Create account", "onPress", { values: { full_name: "Bo Chen", email: "bo@chen.io", password: "hunter22" } })}`,
    );
    const a = await answer(turns);
    const text = shown(a.screen);
    expect(text).toContain("Welcome aboard, Bo!");
    expect(text).toContain("bo@chen.io");
    expect(text).not.toContain("hunter22");
    expect(text).toContain("••••••••");
  });

  it("when the iframe's action message (a JSON string inside { action }) is sent, then it is read as the action", () => {
    const inner = action("submit_contact", "Send message");
    expect(parseAction(JSON.stringify({ action: inner }))).toMatchObject({
      type: "onPress",
      name: "submit_contact",
      value: "Send message",
    });
    expect(parseAction(JSON.stringify(inner))).toMatchObject({ name: "submit_contact" });
    expect(parseAction("Clicked Send message")).toMatchObject({ type: "onPress", name: "Send message", fromText: true });
    expect(parseAction("a weather app")).toBeUndefined();
  });

  it("when “Clicked <label>” is typed, then the button with that label is pressed", async () => {
    const a = await answer(conversation("a contact form", [typed("full_name", "Jo March"), "Clicked Send message"]));
    expect(a.intent).toBe("action:submit");
    expect(shown(a.screen)).toContain("Jo March");
  });

  it("when a product is opened, then its detail page shows its name and price", async () => {
    const home = await answer([{ role: "user", content: "a pets care e-commerce website" }]);
    const view = nodes(home.screen).filter((n) => n.name.startsWith("open_product_"))[2]!;
    const value = (view.onPress as { value: { name: string; price: number } }).value;
    const a = await answer(conversation("a pets care e-commerce website", action(view.name, value)));
    expect(a.intent).toBe("action:pet_shop");
    expect(nodes(a.screen).find((n) => n.name === "product_name")?.value).toBe(value.name);
    expect(nodes(a.screen).find((n) => n.name === "product_price")?.value).toBe(value.price);
    expect(nodes(a.screen).filter((n) => n.name.startsWith("open_product_")).length).toBeGreaterThan(0);
  });

  it("when an unknown product is opened on a generic screen, then the page uses the name and price it was sent with", async () => {
    const a = await answer(
      conversation("a table of products", action("open_product_widget", { name: "Blue Widget", price: 12.5 })),
    );
    expect(a.intent).toBe("action:product");
    expect(nodes(a.screen).find((n) => n.name === "product_name")?.value).toBe("Blue Widget");
    expect(nodes(a.screen).find((n) => n.name === "product_price")?.value).toBe(12.5);
  });

  it("when a product goes to the cart and the cart checks out, then the order is confirmed", async () => {
    const value = { id: "feather_wand_toy_set", name: "Feather wand toy set", price: 9.99 };
    const cart = await answer(
      conversation("a pets care e-commerce website", [typed("quantity", 3), action("add_to_cart_feather_wand_toy_set", value)]),
    );
    expect(shown(cart.screen)).toContain("Feather wand toy set was added to your cart.");
    const rows = nodes(cart.screen).find((n) => n.name === "cart_table")?.value as { qty: number; total: number }[];
    expect(rows).toEqual([expect.objectContaining({ qty: 3, total: 29.97 })]);
    const checkout = await answer(
      conversation(
        "a pets care e-commerce website",
        [typed("quantity", 3), action("add_to_cart_feather_wand_toy_set", value)],
        action("checkout", "$34.92"),
      ),
    );
    expect(shown(checkout.screen)).toContain("Place order");
    const done = await answer(
      conversation(
        "a pets care e-commerce website",
        [typed("quantity", 3), action("add_to_cart_feather_wand_toy_set", value)],
        action("checkout", "$34.92"),
        [typed("full_name", "Sam Reed"), typed("street_address", "4 Elm Row"), action("submit_order", "Place order")],
      ),
    );
    expect(shown(done.screen)).toContain("Thank you, Sam — order placed");
    expect(shown(done.screen)).toContain("4 Elm Row");
  });

  it("when a product card written by hand is pressed, then its page takes the name and price from that card", async () => {
    const code = `screen("Shoes")\ngrid([card("Trail Runner 2", [text("$89.00"), button("View", {name: "view_trail", onPress: "open_product"})])])\n`;
    const a = await answer([
      { role: "user", content: "a store for running shoes" },
      { role: "assistant", content: code },
      { role: "user", content: action("view_trail", "View") },
    ]);
    expect(nodes(a.screen).find((n) => n.name === "product_name")?.value).toBe("Trail Runner 2");
    expect(nodes(a.screen).find((n) => n.name === "product_price")?.value).toBe(89);
  });

  it("when a tab is chosen, then the same screen comes back with that tab open", async () => {
    const a = await answer(conversation("user profile for Jane Doe", action("profile_tabs", "Projects", "onChangeText")));
    expect(a.intent).toBe("action:tab");
    expect(nodes(a.screen).find((n) => n.name === "profile_tabs")?.props?.selected).toBe(2);
  });

  it("when a category is chosen, then only that category's products are shown", async () => {
    const a = await answer(conversation("a pets care e-commerce website", action("category_cats", "Cats")));
    const cards = nodes(a.screen).filter((n) => n.component === "card" && n.name.startsWith("product_"));
    expect(cards.length).toBeGreaterThan(1);
    expect(cards.every((c) => c.props?.subtitle === "Cats")).toBe(true);
  });

  it("when a menu item of the women's health site is pressed, then its page opens", async () => {
    const a = await answer(conversation("a health care website for women", action("nav_doctors", "Doctors")));
    expect(nodes(a.screen).find((n) => n.name === "page_title")?.value).toBe("Our doctors");
    const service = await answer(
      conversation("a health care website for women", action("service_menopause_care", "Menopause care")),
    );
    expect(shown(service.screen)).toContain("What to expect");
  });

  it("when a lesson is opened and a quiz answered, then the tutorial answers with the lesson and the verdict", async () => {
    const lesson = await answer(
      conversation(
        "a Python tutorial website",
        action("lessons_3_repetition_and_reuse", { title: "Loops", subtitle: "Lesson 6 · 15 min" }),
      ),
    );
    expect(nodes(lesson.screen).find((n) => n.name === "lesson_title")?.value).toBe("Lesson 6 · Loops");
    const right = await answer(conversation("a Python tutorial website", [typed("quiz_q1", "3"), action("check_q1", "q1")]));
    expect(shown(right.screen)).toContain("Correct!");
    const wrong = await answer(conversation("a Python tutorial website", [typed("quiz_q1", "4"), action("check_q1", "q1")]));
    expect(shown(wrong.screen)).toContain("Not quite");
  });

  it("when a sign is opened or a birth date is submitted, then the astrology site answers for that sign", async () => {
    const leo = await answer(conversation("an astrology website", action("sign_leo", "Leo")));
    expect(nodes(leo.screen).find((n) => n.name === "page_title")?.value).toBe("♌ Leo");
    const chart = await answer(
      conversation("an astrology website", [
        typed("birth_date", "1990-08-05"),
        action("submit_birth_chart", "Calculate my chart"),
      ]),
    );
    expect(shown(chart.screen)).toContain("your sun sign is ♌ Leo");
    const jan = await answer(
      conversation("an astrology website", [
        typed("birth_date", "1991-01-05"),
        action("submit_birth_chart", "Calculate my chart"),
      ]),
    );
    expect(shown(jan.screen)).toContain("Capricorn");
    const pair = await answer(
      conversation("an astrology website", [
        typed("sign_a", "Aries"),
        typed("sign_b", "Libra"),
        action("check_compatibility", "Check compatibility"),
      ]),
    );
    expect(shown(pair.screen)).toContain("Aries + Libra");
  });

  it("when tasks are added, ticked and cleared, then the to-do list follows", async () => {
    const added = await answer(
      conversation("to-do list: buy milk, walk the dog", [typed("new_task", "Post the letters"), action("add_task", "Add")]),
    );
    const labels = (s: Screen) =>
      nodes(s)
        .filter((n) => n.component === "checkbox")
        .map((n) => n.props?.label);
    expect(labels(added.screen)).toEqual(["Buy milk", "Walk the dog", "Post the letters"]);
    const ticked = await answer(conversation("to-do list: buy milk, walk the dog", action("task_1", true, "onChangeText")));
    expect(nodes(ticked.screen).find((n) => n.name === "done_card")?.value).toBe("Done (1)");
    const cleared = await answer(
      conversation(
        "to-do list: buy milk, walk the dog",
        action("task_1", true, "onChangeText"),
        action("clear_completed", "Clear completed"),
      ),
    );
    expect(labels(cleared.screen)).toEqual(["Walk the dog"]);
  });

  it("when the weather's units change, then the forecast is shown in that unit for the same place", async () => {
    const a = await answer(conversation("weather in Lisbon", action("units", "f", "onChangeText")));
    expect(shown(a.screen)).toContain("Weather in Lisbon");
    expect(shown(a.screen)).toContain("°F");
  });

  it("when a plan is chosen, then its sign-up opens with the plan's price", async () => {
    const a = await answer(conversation("pricing page", action("choose_pro", "Pro")));
    expect(nodes(a.screen).find((n) => n.name === "title")?.value).toBe("Start your Pro plan");
    expect(shown(a.screen)).toContain("$29.00 per user / month");
  });

  it("when a list item is pressed, then its details open", async () => {
    const home = await answer([{ role: "user", content: "a list of employees" }]);
    const l = nodes(home.screen).find((n) => n.component === "list")!;
    const item = (l.value as { title: string; subtitle: string }[])[1]!;
    const a = await answer(conversation("a list of employees", action(l.name, item)));
    expect(a.intent).toBe("action:item");
    expect(a.screen.name).toBe(item.title);
    expect(shown(a.screen)).toContain(item.subtitle.split(" · ")[0]!);
  });

  it("when an action has no screen of its own, then the previous screen comes back with a notice", async () => {
    const turns = conversation("table of employees", action("export_csv", "Export CSV"));
    const previous = turns[turns.length - 2]!.content;
    const a = await answer(turns);
    expect(a.intent).toBe("action:notice");
    expect(a.code.startsWith(previous.split("\n")[0]!)).toBe(true);
    expect(nodes(a.screen).find((n) => n.name === "action_notice")?.value).toBe("You pressed “Export CSV”.");
    expect(nodes(a.screen).some((n) => n.component === "table")).toBe(true);
    // A second unknown action replaces the notice rather than stacking another.
    const again = await answer([
      ...turns,
      { role: "assistant", content: a.code },
      { role: "user", content: action("export_csv", "Export CSV", "onLongPress") },
    ]);
    expect(nodes(again.screen).filter((n) => n.name.startsWith("action_notice")).length).toBe(1);
  });

  it("when a suggestion on the welcome screen is pressed, then its website is composed", async () => {
    const a = await answer(conversation("", action("suggestion_4", "an astrology website")));
    expect(a.intent).toBe("astrology");
  });

  it("when back is pressed, then the original screen is composed again", async () => {
    const turns = conversation("a pets care e-commerce website", action("category_cats", "Cats"), action("back", "Back"));
    expect(composeScreen(turns).code).toBe(composeScreen([{ role: "user", content: "a pets care e-commerce website" }]).code);
  });

  it("when plain text merely starts like an action, then it is read as a prompt", () => {
    expect(composeScreen([{ role: "user", content: "Selected works portfolio website" }]).intent).toBe("profile");
    expect(composeScreen(conversation("a contact form", "Selected tasks for today: a, b")).intent).not.toMatch(/^action:/);
  });
});
