import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { Screen } from "@genui/ui-runtime";
import { FAMILIES, MAX_REQUEST_CHARS, plan, type Turn } from ".";
import { readEntities } from "./understand/entities";
import { classify, trainClassifier, TRAINING_BATCHES } from "./understand/classifier";
import { detectFamily } from "./understand/family";
import { assistant, nodes, screenOfWith, textOf, user } from "./test-support";

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());

const screenOf = screenOfWith(ev);
const kinds = (s: Screen) => new Set(nodes(s).map((n) => n.component));

describe("reading a request", () => {
  it("when a request lists values, then each label keeps its value and unit", () => {
    const e = readEntities("a bar chart of visitors by country: US 40, India 25, UK 10");
    expect(e.values).toEqual([
      { label: "US", value: 40 },
      { label: "India", value: 25 },
      { label: "UK", value: 10 },
    ]);
    expect(e.measure).toEqual({ of: "visitors", by: "country" });
    expect(readEntities("rent 40%, food 25%").values.map((v) => v.unit)).toEqual(["%", "%"]);
  });

  it("when a request lists fields or columns, then the list is the user's own words", () => {
    expect(readEntities("Signup form with name, email, phone and a message").lists[0]).toEqual([
      "name",
      "email",
      "phone",
      "message",
    ]);
    expect(readEntities("a table of employees with columns name, department, salary and start date").lists[0]).toEqual([
      "name",
      "department",
      "salary",
      "start date",
    ]);
  });

  it("when a request counts things, names places and money, then count, places and currency are read", () => {
    const e = readEntities("three pricing plans for a yoga studio in Lisbon at €19, €39 and €79");
    expect(e.count).toEqual({ n: 3, noun: "plans" });
    expect(e.places).toContain("Lisbon");
    expect(e.currency).toBe("EUR");
    expect(e.amounts).toEqual([19, 39, 79]);
  });

  it.each([
    ["a bar chart of visitors by country: US 40, India 25, UK 10", "bar-chart"],
    ["Book a table for 4 at Luigi's on Friday at 7pm", "booking"],
    ["A pricing table with three plans", "pricing"],
    ["Signup form with name, email, phone", "signup"],
    ["rent 40%, food 25%, transport 15%", "pie-chart"],
    ["weather in Paris", "weather"],
    ["A health care website for women", "landing"],
  ])("when asked %j, then the family is %s", (request, family) => {
    expect(detectFamily(readEntities(request)).family).toBe(family);
  });

  it("when a container names parts, then the parts are composed in it", () => {
    const m = detectFamily(readEntities("a dashboard with a table of orders and a revenue chart"));
    expect(m.family).toBe("dashboard");
    expect(m.parts).toEqual(["table", "bar-chart"]);
  });
});

describe("composing a screen", () => {
  it("when every family is asked for in its own words, then each screen is valid and reports its family", async () => {
    for (const f of FAMILIES) {
      const p = plan([user(`a ${f.id.replace("-", " ")}: ${f.about}`)]);
      const s = await screenOf(p.code);
      expect(s.screen.v1.length).toBeGreaterThan(0);
    }
  });

  it("when values are given for a chart, then the chart shows exactly those", async () => {
    const s = await screenOf(plan([user("a bar chart of visitors by country: US 40, India 25, UK 10")]).code);
    const chart = nodes(s).find((n) => n.component === "barChart")!;
    expect(chart.value).toEqual([
      { country: "US", visitors: 40 },
      { country: "India", visitors: 25 },
      { country: "UK", visitors: 10 },
    ]);
  });

  it("when a form's fields are listed, then the form has those fields and a phone is a tel input", async () => {
    const s = await screenOf(plan([user("a job application form with name, email, phone and a cover letter")]).code);
    const inputs = nodes(s).filter((n) => ["textInput", "textArea"].includes(n.component));
    expect(inputs.map((n) => n.props?.label)).toEqual(["Name", "Email", "Phone", "Cover letter"]);
    expect(inputs[2]!.props?.type).toBe("tel");
  });

  it("when the same request comes twice, then the screen is the same", () => {
    expect(plan([user("a gallery of 6 photos of Kyoto")]).code).toBe(plan([user("a gallery of 6 photos of Kyoto")]).code);
  });
});

describe("lists, contacts and buttons as the user wrote them", () => {
  const listed = (r: string) => readEntities(r).lists;
  it("when a list is followed by a dash clause, one item per line or a second list, then each list is read as written", () => {
    expect(listed("onboarding wizard with 4 steps: business, products, payments, go live — we're on step 2")[0]).toEqual([
      "business",
      "products",
      "payments",
      "go live",
    ]);
    expect(plan([user("reading list —\nDune\nPiranesi")]).code).toContain('title: "Reading list"');
    expect(listed("reading list —\nDune\nPiranesi\nThe Overstory\nKlara and the Sun")[0]).toEqual([
      "Dune",
      "Piranesi",
      "The Overstory",
      "Klara and the Sun",
    ]);
    const two = listed(
      "compare three gyms near me: PureGym £22/month, The Gym £25, Anytime Fitness £40 — opening hours, pool, classes",
    );
    expect(two).toContainEqual(["opening hours", "pool", "classes"]);
    expect(two).toContainEqual(["PureGym £22/month", "The Gym £25", "Anytime Fitness £40"]);
    // Dashes in every piece pair their sides instead of ending the list.
    expect(listed("chores: dishes - Mia, trash - Leo, bathroom - Zoe")[0]).toHaveLength(3);
  });

  it("when things are compared with their prices and specs, then the table has those things, prices and specs", async () => {
    const s = await screenOf(
      plan([user("compare the e-bikes: Volt X (range 80 km, 22 kg, €2,199), Urban Glide (range 65 km, 19 kg, €1,799)")]).code,
    );
    const t = textOf(s);
    for (const w of ["Volt X", "Urban Glide", "80 km", "65 km", "22 kg", "€2,199", "€1,799", "Weight", "Range"])
      expect(t).toContain(w);
  });

  it("when a contact screen gives its e-mail, phone and hours, then those are shown, not invented ones", async () => {
    const r =
      "contact page for a plumber. phone 0161 555 0192, email help@fixit.co.uk, open Mon–Fri 8-17, and a form: name, postcode";
    const e = readEntities(r);
    expect(e.contacts).toEqual({ emails: ["help@fixit.co.uk"], urls: [], phones: ["0161 555 0192"], addresses: [] });
    const t = textOf(await screenOf(plan([user(r)]).code));
    for (const w of ["help@fixit.co.uk", "0161 555 0192", "Mon–Fri 8-17", "Postcode"]) expect(t).toContain(w);
  });

  it("when buttons are named, then each is read as its label and nothing around it (no 'Pp with a retry' out of 'app with a retry button')", () => {
    expect(readEntities("you're offline page for our news app with a retry button").buttons).toEqual(["Retry"]);
    expect(readEntities("shopping cart with 3 items and a checkout button").buttons).toEqual(["Checkout"]);
    expect(readEntities("order confirmed — order #A1-7734, track package button").buttons).toEqual(["Track package"]);
    expect(readEntities("newsletter form with a 'Count me in' button").buttons).toEqual(["Count me in"]);
  });

  it("when a button is named, a status code given or standings listed, then the screen has them", async () => {
    const confirmed = await screenOf(plan([user("order confirmed screen — order #A1-7734, track package button")]).code);
    expect(nodes(confirmed).some((n) => n.component === "button" && n.value === "Track package")).toBe(true);
    const notFound = await screenOf(plan([user("404 page for a bookshop with a search box")]).code);
    expect(textOf(notFound)).toContain("404");
    expect(kinds(notFound).has("textInput")).toBe(true);
    const board = textOf(await screenOf(plan([user("leaderboard: Mendes 24, Okoro 21, Vidal 19")]).code));
    expect(board.indexOf("Mendes")).toBeLessThan(board.indexOf("Vidal"));
    for (const w of ["24", "21", "19"]) expect(board).toContain(w);
    // The user's standings are not said to be "updated after every match" (they may be fundraisers).
    expect(board).not.toContain("match");
  });
});

describe("recognising the family of unseen wording", () => {
  it("when the request opens with a family's verb, names the top people, ticks steps or prices one thing with sizes, then that family wins", () => {
    const family = (r: string) => detectFamily(readEntities(r)).family;
    expect(family("compare three gyms near me: PureGym £22, The Gym £25")).toBe("comparison");
    expect(family("top fundraisers for the charity run: Team Otters £4,310; Blue Lions £3,980")).toBe("leaderboard");
    expect(family("visa application progress: personal details ✓, documents ✓, biometrics (current), decision")).toBe("steps");
    expect(family("the Trailblazer hiking boot — €149, sizes 38 to 46, 4.6 stars")).toBe("product");
    expect(family("tabel of our delivery trucks: plate, driver, route")).toBe("table");
  });

  it("when columns are written with pipes or the needed screen is named right after 'I need a', then that family wins", () => {
    expect(detectFamily(readEntities("tonight's hostel beds — room | bed | guest | check-in | check-out | paid?")).family).toBe(
      "table",
    );
    expect(
      detectFamily(
        readEntities(
          "I need a form members fill in before they're allowed on a machine: member ID, which machine, experience level",
        ),
      ).family,
    ).toBe("form");
    expect(detectFamily(readEntities("bill my client Kemi Adebayo: website redesign ₦450,000, due 31 July")).family).toBe(
      "invoice",
    );
  });

  it("when the classifier reads a request, then its beliefs sum to 1 and words it never saw give no belief", () => {
    const c = classify("where is my parcel? show each stop until delivery");
    expect(c.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 6);
    expect(c[0]!.p).toBeGreaterThan(c[1]!.p);
    expect(classify("zzzz qqqq")).toEqual([]);
  });

  it("when it is trained on three of the training batches, then it names the family of most requests of the fourth (small words like 'my' and 'per' kept)", () => {
    // 4-fold cross-validation over the batches written for the classifier alone: 85.6 % on average with every word kept,
    // 81.8 % when a stop list and plural endings were cut.
    const rates = TRAINING_BATCHES.map((held, k) => {
      const c = trainClassifier(TRAINING_BATCHES.filter((_, i) => i !== k));
      const cases = Object.entries(held).flatMap(([family, rs]) => rs.map((r) => ({ family, r })));
      return cases.filter(({ family, r }) => c(r)[0]?.family === family).length / cases.length;
    });
    expect(rates.reduce((s, r) => s + r, 0) / rates.length).toBeGreaterThan(0.84);
    expect(Math.min(...rates)).toBeGreaterThan(0.78);
  });
});

describe("pricing the user wrote", () => {
  it("when plans carry their price per unit and one is 'contact us', then each card says exactly that, with the rest as its features", async () => {
    const s = await screenOf(
      plan([
        user(
          "pricing tiers for my design tool: Free ($0, 3 projects), Team ($12/user, unlimited projects), Enterprise (contact us, SSO)",
        ),
      ]).code,
    );
    const headings = nodes(s)
      .filter((n) => n.component === "heading")
      .map((n) => n.value);
    expect(headings).toEqual(expect.arrayContaining(["Free", "$12/user", "Contact us"]));
    const features = nodes(s)
      .filter((n) => n.component === "list")
      .flatMap((n) => (n.value as { title: string }[]).map((i) => i.title));
    expect(features).toEqual(["3 projects", "Unlimited projects", "SSO"]);
    // The zero price is the "Free" card, not a stray "$0," under the heading.
    expect(textOf(s)).not.toContain("$0,");
  });
});

describe("editing the last screen", () => {
  async function edit(base: string, change: string) {
    const first = plan([user(base)]);
    const second = plan([user(base), assistant(first.code), user(change)]);
    return { before: await screenOf(first.code), after: await screenOf(second.code), family: second.family };
  }

  it("when a field is added, then the form keeps its fields and gains the new one", async () => {
    const { before, after, family } = await edit("a contact form with name, email and message", "add a phone field");
    expect(family).toBe("edit:contact");
    const labels = (s: Screen) =>
      nodes(s)
        .filter((n) => n.props?.label)
        .map((n) => n.props!.label);
    expect(labels(after)).toEqual(expect.arrayContaining([...labels(before), "Phone"]));
  });

  it("when a column is added to a board, then the board gains that column and keeps its cards", async () => {
    const base = plan([user("kanban board with to do, in progress, done")]);
    const edited = plan([
      user("kanban board with to do, in progress, done"),
      assistant(base.code),
      user("add a column called Blocked"),
    ]);
    expect(edited.family).toBe("edit:kanban");
    const board = nodes(await screenOf(edited.code)).find((n) => n.name === "board")!;
    expect((board.content ?? []).map((c) => c.value)).toEqual(["To do", "In progress", "Done", "Blocked"]);
  });

  it("when the chart kind changes, then the same data shows as the new kind", async () => {
    const { after } = await edit("a bar chart of sales: Jan 120, Feb 150, Mar 170", "make it a line chart");
    expect(kinds(after).has("lineChart")).toBe(true);
    expect(kinds(after).has("barChart")).toBe(false);
    expect(textOf(after)).toContain("150");
  });

  it("when a table is sorted by a column, then its rows are in that order", async () => {
    const { after } = await edit("a table of products with columns name, price and stock", "sort by price, highest first");
    const t = nodes(after).find((n) => n.component === "table")!;
    const prices = (t.value as { price: number }[]).map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("when an item is added to a list, then it joins the list with its value", async () => {
    const menu = await edit("pizza menu: margherita 9, diavola 11, funghi 10", "add a calzone for 12");
    expect(textOf(menu.after)).toMatch(/margherita/i);
    expect(textOf(menu.after)).toMatch(/calzone/i);
    expect(textOf(menu.after)).toMatch(/\b12\b/);
    const todo = await edit("to-do list: buy milk, call plumber, pay rent", "add 'book dentist' to the list");
    expect(textOf(todo.after)).toMatch(/book dentist/i);
    expect(textOf(todo.after)).toMatch(/call plumber/i);
  });

  it("when only some items are kept or one is removed, then the others are gone and the rest stay", async () => {
    const kept = await edit(
      "to-do list for the trip: passport, tickets, adapter, sunscreen, hat",
      "keep only passport, tickets and adapter",
    );
    const text = textOf(kept.after).toLowerCase();
    expect(text).toContain("adapter");
    expect(text).not.toContain("sunscreen");
    const removed = await edit("a list of my favourite cities: Porto, Kyoto, Cusco", "remove Kyoto");
    expect(textOf(removed.after)).not.toMatch(/kyoto/i);
    expect(textOf(removed.after)).toMatch(/Cusco/);
  });

  it("when a choice is added with its options, then a select offers exactly those", async () => {
    const { after } = await edit(
      "booking form for a haircut: name, phone, date",
      "add a select for the stylist: Jamie, Alex or Sam",
    );
    const select = nodes(after).find((n) => n.component === "select" && /stylist/i.test(String(n.props?.label)))!;
    expect((select.props!.options as (string | { label: string })[]).map((o) => (typeof o === "string" ? o : o.label))).toEqual([
      "Jamie",
      "Alex",
      "Sam",
    ]);
  });

  it("when a part is removed or the theme changes, then only that changes", async () => {
    const removed = await edit("a dashboard with a table of orders and a revenue chart", "remove the table");
    expect(kinds(removed.after).has("table")).toBe(false);
    expect(kinds(removed.after).has("stat")).toBe(true);
    const dark = await edit("a signup form", "dark theme");
    expect(dark.after.props?.screenProps?.theme).toBe("dark");
    expect(nodes(dark.after).length).toBe(nodes(dark.before).length);
  });
});

describe("answering actions", () => {
  const press = (name: string, value?: string) =>
    JSON.stringify({ type: "onPress", component: { name, ...(value ? { value } : {}) } });

  it("when a product is added to the cart and checked out and paid, then cart, checkout and confirmation follow", async () => {
    const history: Turn[] = [user("an online store for pet food")];
    const shop = plan(history);
    const s = await screenOf(shop.code);
    const add = nodes(s).find((n) => n.component === "button" && /cart/i.test(String(n.value)))!;
    history.push(assistant(shop.code), user(press(add.name)));
    const cart = plan(history);
    expect(cart.family).toBe("action:cart");
    const cartScreen = await screenOf(cart.code);
    expect(kinds(cartScreen).has("table")).toBe(true);
    history.push(assistant(cart.code), user(press("checkout")));
    const checkout = plan(history);
    expect(checkout.family).toBe("action:checkout");
    history.push(
      assistant(checkout.code),
      user(
        JSON.stringify({
          type: "onPress",
          component: { name: "pay" },
          values: { full_name: "Ada Lovelace", email: "ada@mail.com" },
        }),
      ),
    );
    const done = plan(history);
    expect(done.family).toBe("action:confirmation");
    expect(textOf(await screenOf(done.code))).toContain("Ada Lovelace");
  });

  it("when a form is submitted with typed values, then the confirmation echoes them", async () => {
    const form = plan([user("a contact form with name, email and message")]);
    const typed = (name: string, value: string) => user(JSON.stringify({ type: "onChangeText", component: { name, value } }));
    const done = plan([
      user("a contact form with name, email and message"),
      assistant(form.code),
      typed("name", "Grace"),
      typed("email", "grace@mail.com"),
      user(press("send_message")),
    ]);
    const s = await screenOf(done.code);
    expect(textOf(s)).toContain("Grace");
    expect(textOf(s)).toContain("grace@mail.com");
  });
});

describe("requests built to be slow or to break the reader", () => {
  // Each took seconds to minutes at this length (or threw building a pattern from the text) before the planner read
  // at most MAX_REQUEST_CHARS of a request; a worker answers on one event loop, so one such request stalled all others.
  it.each([
    ["a run of dashes", "list: " + "a - ".repeat(30_000)],
    ["a run of capitalised words", "event for " + "Big ".repeat(40_000)],
    ["a run of quoted fragments", "page '" + "a'".repeat(30_000)],
    ["a run of times", "schedule: " + "x 8:30, ".repeat(20_000)],
    // The shapes the list, contact and button readers look for.
    ["one short item per line", "reading list\n" + "ab cd\n".repeat(20_000)],
    ["a run of digits like a phone number", "call us " + "+1 (2) 3-4 ".repeat(10_000)],
    ["a run of named buttons", "page with " + "a b button, ".repeat(10_000)],
    ["a run of labels with colons", "form: " + "a, b: c, ".repeat(20_000)],
    ["a run of questions answered in parentheses", "faq: " + "a? (b), ".repeat(20_000)],
    ["a run of heads and records", "team with a and b: " + "c (d, e), f: ".repeat(10_000)],
    ["a run of semicolon items", "timeline: " + "1987 a b c d e f g; ".repeat(10_000)],
    ["a run of named switches", "settings with " + "a switch to a b, ".repeat(10_000)],
  ])(
    "when a request is %s, then it is answered with a valid screen from its first part",
    async (_what, request) => {
      expect(request.length).toBeGreaterThan(MAX_REQUEST_CHARS * 20);
      const p = plan([user(request)]);
      const s = await screenOf(p.code);
      expect(nodes(s).length).toBeGreaterThan(0);
      // What comes after the part read changes nothing.
      expect(plan([user(`${request} and a pricing table with a bar chart of revenue by region`)]).code).toBe(p.code);
    },
    // A guard for the suite, far above what the bounded reading takes (tens of milliseconds): unbounded, a run of
    // dashes took two minutes.
    20_000,
  );

  it("when an action sent back from a screen is long, then it is still read whole as the action", async () => {
    const form = plan([user("a contact form with name, email and message")]);
    const long = "x".repeat(MAX_REQUEST_CHARS * 3);
    const press = JSON.stringify({
      type: "onPress",
      component: { name: "send_message", value: "Send message" },
      values: { message: long },
    });
    const done = plan([user("a contact form with name, email and message"), assistant(form.code), user(press)]);
    expect(done.family).toMatch(/^action:/);
    expect(textOf(await screenOf(done.code))).toContain(long);
  });
});

describe("answers that do not depend on the process", () => {
  it("when the same conversation is planned again after others, in this process or a fresh one, then the answer is the same", async () => {
    const convo = [user("a bar chart of visitors by country: US 40, India 25, UK 10")];
    const first = plan(convo).code;
    for (const r of ["a signup form", "sales dashboard", "remove the table", "a quiz about world capitals"]) plan([user(r)]);
    expect(plan(convo).code).toBe(first);
    // A second worker process: the built package in a child process answers the same (no state carried in a process).
    const dist = join(__dirname, "../dist/src/index.js");
    const other = execFileSync(
      process.execPath,
      ["-e", `process.stdout.write(require(${JSON.stringify(dist)}).plan(${JSON.stringify(convo)}).code)`],
      { encoding: "utf8" },
    );
    expect(other).toBe(first);
  });
});
