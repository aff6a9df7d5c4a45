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

describe("what the user wrote around and inside a list", () => {
  it("when questions carry their answers in parentheses, then the FAQ answers with them and keeps the first question", async () => {
    const s = await screenOf(
      plan([
        user(
          "FAQ for the pet boarding place: do you take cats? (yes), what vaccines are needed (rabies, DHPP), can I bring food (of course)",
        ),
      ]).code,
    );
    const t = textOf(s);
    for (const w of [
      "Do you take cats?",
      "Yes.",
      "What vaccines are needed?",
      "Rabies, DHPP.",
      "Can I bring food?",
      "Of course.",
    ])
      expect(t).toContain(w);
    expect(t).not.toContain("Orders placed");
  });

  it("when the names of what each item tells come before the colon, then they are the heads and the items the records", async () => {
    const e = readEntities(
      "our engineers with role and timezone: Aiko (backend, JST), Ben (frontend, EST), Chioma (mobile, WAT)",
    );
    expect(e.heads).toEqual(["role", "timezone"]);
    expect(e.items[0]!.map((i) => i.label)).toEqual(["Aiko", "Ben", "Chioma"]);
    const team = textOf(await screenOf(plan([user(`staff directory: ${e.text.split(": ")[1]}`)]).code));
    expect(team).toContain("Backend · JST");
    // Items with values of their own before the colon are a list, not heads.
    expect(readEntities("savings tracker: new laptop, goal €1,500, chart by month: Jan 200, Feb 410").heads).toEqual([]);
    const laptops = await screenOf(
      plan([user("table of laptops with model and price: ThinkPad X1 1899, MacBook Air 1099, Dell XPS 1499")]).code,
    );
    const table = nodes(laptops).find((n) => n.component === "table")!;
    expect(JSON.stringify(table)).toContain('"Model"');
    expect(JSON.stringify(table)).toContain('"MacBook Air"');
    expect(JSON.stringify(table)).toContain("1099");
  });

  it("when people are listed with what they do and a search by a property, then the cards and the filter say it", async () => {
    const t = textOf(
      await screenOf(
        plan([
          user(
            "staff directory for the clinic — Dr. Mensah (cardiology), Dr. Ivanova (pediatrics), Nurse Reyes (triage), search by department",
          ),
        ]).code,
      ),
    );
    for (const w of ["Dr. Mensah", "Cardiology", "Pediatrics", "Nurse Reyes", "Triage", "All departments"])
      expect(t).toContain(w);
  });

  it("when alerts name a place with a number, then the number stays in the name and no borrowed message is shown", async () => {
    const e = readEntities("alerts for the greenhouse — humidity high in bay 3, temp low in bay 1, water tank 10%");
    expect(e.items[0]!.map((i) => [i.label, i.value])).toEqual([
      ["humidity high in bay 3", undefined],
      ["temp low in bay 1", undefined],
      ["water tank", 10],
    ]);
    const t = textOf(await screenOf(plan([user(e.text)]).code));
    expect(t).toContain("Humidity high in bay 3");
    expect(t).not.toContain("payment");
  });

  it("when a recipe is named after the colon with its time, heat and ingredients, then the method is made from them", async () => {
    const s = await screenOf(
      plan([user("recipe card: banana bread. 3 ripe bananas, 2 eggs, 250g flour, 100g butter. 60 min at 175°C")]).code,
    );
    expect(nodes(s).find((n) => n.component === "heading")?.props?.text ?? textOf(s)).toContain("Banana bread");
    const t = textOf(s);
    for (const w of ["175°C", "60 min", "Heat the oven to 175°C", "flour and butter"]) expect(t).toContain(w);
    expect(t).not.toContain("ladlefuls");
  });

  it("when the user says which step they are on, then that step is current, the ones before done, and their words kept", async () => {
    const t = textOf(
      await screenOf(
        plan([user("onboarding wizard with 4 steps: your business, your products, payments, go live — we're on step 2")]).code,
      ),
    );
    expect(t).toContain("Step 2 of 4");
    expect(t).toContain("Your business");
    expect(t.indexOf("Your products")).toBeLessThan(t.indexOf("Current step"));
    const ticked = textOf(await screenOf(plan([user("checkout steps: cart ✓, shipping ✓, payment, review")]).code));
    expect(ticked).toContain("Step 3 of 4");
    expect(ticked).not.toContain("✓");
  });

  it("when works are listed with who made them, then they are rows of a title and its maker, and a row can be added", async () => {
    const base = plan([user("table of books: Dune by Frank Herbert, Emma by Jane Austen")]);
    const t = nodes(await screenOf(base.code)).find((n) => n.component === "table")!;
    expect(t.value).toEqual([
      { title: "Dune", by: "Frank Herbert" },
      { title: "Emma", by: "Jane Austen" },
    ]);
    expect(JSON.stringify(t.props)).toContain('"Author"');
    const edited = plan([
      user("table of books: Dune by Frank Herbert, Emma by Jane Austen"),
      assistant(base.code),
      user("add a row for Beloved by Toni Morrison"),
    ]);
    const rows = nodes(await screenOf(edited.code)).find((n) => n.component === "table")!.value;
    expect(rows).toContainEqual({ title: "Beloved", by: "Toni Morrison" });
  });

  it("when events are dated, fields named '… name' or items named '… form', then those words stay as written", async () => {
    const history = textOf(
      await screenOf(
        plan([
          user("timline of our school's history: 1962 opened with 80 pupils, 1987 new science block, 2004 became an academy"),
        ]).code,
      ),
    );
    for (const w of ['"Timeline of our school', '"Opened with 80 pupils"', '"1962"', '"New science block"', '"1987"'])
      expect(history).toContain(w);
    expect(history).not.toContain("own_details");
    const project = textOf(
      await screenOf(plan([user("project timeline: site survey Jan 2024, planning approval Jun 2024, steelwork Mar 2025")]).code),
    );
    for (const w of ['"Site survey"', '"Jan 2024"', '"Steelwork"', '"Mar 2025"']) expect(project).toContain(w);
    expect(readEntities("spray log form: field name, crop, product used, date").lists[0]).toEqual([
      "field name",
      "crop",
      "product used",
      "date",
    ]);
    expect(
      readEntities("notifications for a parent app: trip consent form due Friday, new message from Mr. Hughes").lists[0]![0],
    ).toBe("trip consent form due Friday");
  });

  it("when an error state is named, then that name is its heading", async () => {
    const heading = async (r: string) =>
      nodes(await screenOf(plan([user(r)]).code)).find((n) => n.component === "heading")?.value;
    expect(await heading("NO INTERNET CONNECTION screen for the delivery app with a retry button")).toBe(
      "No internet connection",
    );
    expect(await heading("session expired page – tell them to sign in again")).toBe("Session expired");
    expect(await heading("a 404 page with a search box")).toBe("404 · Page not found");
  });

  it("when settings say on/off, a slider over a range or a time, then those are a switch, a slider with that range and a time", async () => {
    const s = await screenOf(
      plan([user("notification settings for a driver app: push alerts (on/off), quiet hours start, max distance slider 1–25 km")])
        .code,
    );
    const all = nodes(s);
    expect(all.find((n) => n.component === "switch")?.props?.label).toBe("Push alerts");
    expect(all.find((n) => n.component === "slider")?.props).toMatchObject({ label: "Max distance (km)", min: 1, max: 25 });
    expect(JSON.stringify(all.find((n) => n.props?.label === "Quiet hours start"))).toContain("22:00");
    // "notification" only qualifies the settings: no feed of notifications is added.
    expect(textOf(s)).not.toContain("Mark all as read");
  });

  it("when a form is named beside another screen, then it is there with the user's fields", async () => {
    const t = textOf(
      await screenOf(
        plan([
          user(
            "portfolio grid for a tattoo artist — fine line, blackwork, botanical — plus an enquiry form (name, idea, placement, budget)",
          ),
        ]).code,
      ),
    );
    for (const w of ['"Enquiry form"', '"Idea"', '"Placement"', '"Budget"']) expect(t).toContain(w);
    const faq = textOf(
      await screenOf(
        plan([
          user(
            "FAQ for the camp: what ages? (9-14), is lunch included? (yes), refund policy (full refund). Contact form at the bottom: name, email, your question",
          ),
        ]).code,
      ),
    );
    for (const w of ['"What ages?"', '"9-14."', '"Refund policy"', '"Full refund."', '"Contact form"', '"Question"'])
      expect(faq).toContain(w);
  });

  it("when a bill's lines give quantities, rates, its number, parties and tax, then the invoice adds them up in their currency", async () => {
    const t = textOf(
      await screenOf(
        plan([
          user(
            "Rechnung / invoice RE-2025-118 from Bäckerei Lange to Café Morgenrot: 40 Brezeln à €0,80, 12 Roggenbrote à €4,20, 7% MwSt",
          ),
        ]).code,
      ),
    );
    for (const w of [
      "Invoice RE-2025-118",
      "From Bäckerei Lange to Café Morgenrot",
      '"€32"',
      '"€50.40"',
      '"€82.40"',
      "MwSt (7%)",
      '"€88.17"',
    ])
      expect(t).toContain(w);
    expect(t).not.toContain("$");
    const plumber = textOf(
      await screenOf(
        plan(
          [
            user(
              "what do I owe the plumber? he replaced the boiler valve (£145), 2 hrs labour at £60/hr, call-out fee £40. A bill from 'J. Evans Plumbing' due in 14 days",
            ),
          ],
          { today: new Date(Date.UTC(2026, 11, 1)) },
        ).code,
      ),
    );
    for (const w of ['"Boiler valve"', '"Labour (hours)"', '"£120"', '"£305"', "15 Dec 2026"]) expect(plumber).toContain(w);
    // No tax the user did not ask for.
    expect(plumber).not.toContain("Tax");
    const receipt = textOf(
      await screenOf(plan([user("receipt for a car wash: deluxe wash £15, tyre shine £3, paid contactless at 14:32")]).code),
    );
    expect(receipt).toContain('"Contactless"');
  });

  it("when steps are written with arrows and the current one by name, a choice asked as a question, or a cart with quantities, then each reads as meant", async () => {
    const steps = textOf(
      await screenOf(
        plan([user("progress bar for our loan application: personal info > income > documents > review — the user is on income")])
          .code,
      ),
    );
    expect(steps).toContain("Step 2 of 4");
    for (const w of ['"Personal info"', '"Documents"', '"Review"']) expect(steps).toContain(w);
    const choice = plan([
      user("should I get the Kindle Paperwhite or the Kobo Clara? screen size, waterproof, battery life, price in euros"),
    ]);
    expect(choice.family).toBe("comparison");
    const table = nodes(await screenOf(choice.code)).find((n) => n.component === "table")!;
    expect(JSON.stringify(table.props)).toContain('"Kindle Paperwhite"');
    expect(JSON.stringify(table.props)).toContain('"Kobo Clara"');
    expect(JSON.stringify(table.value)).toContain('"Battery life"');
    const cart = textOf(
      await screenOf(
        plan([
          user(
            "cart page — 'Hydrating Serum 30ml' €24 x2, 'SPF 50 Sun Fluid' €19 x1, subtotal, free shipping over €50, proceed to checkout",
          ),
        ]).code,
      ),
    );
    for (const w of ['"€48"', '"€67"', '"Free shipping over €50"', '"Proceed to checkout"']) expect(cart).toContain(w);
    const trolley = nodes(
      await screenOf(plan([user("what's in my trolley: 2x whole milk, 1x free-range eggs (12), 3x tins of chickpeas")]).code),
    );
    const rows = trolley.find((n) => n.component === "table")!.value as { item: string; qty: number; price: number }[];
    expect(rows.map((r) => [r.item, r.qty])).toEqual([
      ["Whole milk", 2],
      ["Free-range eggs", 1],
      ["Tins of chickpeas", 3],
    ]);
    // "(12)" is the eggs' pack size, not their price; no line is free.
    expect(rows.every((r) => r.price > 0 && r.price !== 12)).toBe(true);
  });

  it("when a booking names who with and slots over a span, then those are the choices, not fields", async () => {
    const s = await screenOf(
      plan([
        user("let people pick a time slot with the dentist — Dr. Okafor or Dr. Lindqvist, 30 min slots between 9:00 and 12:00"),
      ]).code,
    );
    const all = nodes(s);
    expect(all.find((n) => n.props?.label === "With")?.props?.options).toEqual(["Dr. Okafor", "Dr. Lindqvist"]);
    const opts = (label: string, ns: typeof all) =>
      (ns.find((n) => n.props?.label === label)?.props?.options as (string | { label: string })[]).map((o) =>
        typeof o === "string" ? o : o.label,
      );
    const slots = opts("Time slot", all);
    expect(slots).toEqual(["9:00", "9:30", "10:00", "10:30", "11:00", "11:30"]);
    const evening = nodes(
      await screenOf(
        plan([user("a 10-minute slot at parents' evening with Mrs Adeyemi or Mr Kowalski, Thursday 4pm to 6pm")]).code,
      ),
    );
    const times = opts("Time slot", evening);
    expect(times[0]).toBe("16:00");
    expect(times.at(-1)).toBe("17:50");
    expect(textOf(await screenOf(plan([user("book a table for 4 at 7pm")]).code))).toContain('"4"');
  });

  it("when a quiz, a countdown, a timer with tasks or a 'date of …' field is asked, then the screen has what that needs", async () => {
    // No JavaScript questions on record: a builder for five of the user's own, scored at the end.
    const quiz = textOf(await screenOf(plan([user("JavaScript quiz, 5 questions, show the score at the end")]).code));
    expect(quiz).toContain('"question_5_right"');
    expect(quiz).toContain("see their score at the end");
    const countdown = await screenOf(plan([user("countdown to our launch on friday 18:00 – days hrs mins secs")]).code);
    expect(
      nodes(countdown)
        .filter((n) => n.component === "stat")
        .map((n) => n.props?.label),
    ).toEqual(["Days", "Hours", "Minutes", "Seconds"]);
    expect(nodes(countdown).find((n) => n.component === "heading")?.value).toBe("Countdown to our launch on friday 18:00");
    const pomodoro = nodes(
      await screenOf(plan([user("pomodoro 25/5 with start, pause, reset + my tasks for today: write report, review PR")]).code),
    );
    expect(pomodoro.filter((n) => n.component === "checkbox").map((n) => n.props?.label)).toEqual(["Write report", "Review PR"]);
    const signup = nodes(
      await screenOf(plan([user("registration for a nursery: parent name, child's date of birth, email, password")]).code),
    );
    expect(signup.find((n) => n.props?.label === "Child's date of birth")?.component).toBe("date");
  });

  it("when a table lists things with values and asks for more columns and a chart of them, then the rows, columns and chart are the user's", async () => {
    const all = nodes(
      await screenOf(
        plan([
          user(
            "a table of my subscriptions: netflix 15.49, spotify 10.99, icloud 2.99, gym 35 – with renewal dates, and a pie chart of what each costs",
          ),
        ]).code,
      ),
    );
    const table = all.find((n) => n.component === "table")!;
    expect((table.props?.columns as { label: string }[]).map((c) => c.label)).toEqual(["Name", "Cost", "Renewal date"]);
    expect((table.value as { name: string }[]).map((r) => r.name)).toEqual(["Netflix", "Spotify", "Icloud", "Gym"]);
    const pie = all.find((n) => n.component === "pieChart")!;
    expect(JSON.stringify(pie.value)).toContain("15.49");
    const area = nodes(
      await screenOf(plan([user("stacked area: signups by plan per month (free, pro, team) for the past year")]).code),
    );
    expect(area.find((n) => n.component === "areaChart")?.props?.y).toEqual(["free", "pro", "team"]);
  });

  it("when a checkout, receipt, product or listing names what is bought, paid, pressed or filtered, then those are on it", async () => {
    const checkout = textOf(
      await screenOf(
        plan([user("checkout with order summary in €: 3 x Espresso Beans 14€, 1 x Grinder 89€, and a promo code field")]).code,
      ),
    );
    for (const w of ['"3 × Espresso Beans"', "€14 each · €42", '"€131"', '"Card number"', '"Promo code"'])
      expect(checkout).toContain(w);
    const tour = textOf(
      await screenOf(
        plan([
          user(
            "the customer has 3 tickets in the basket for the Edinburgh ghost tour (£18 each) — now they need to put in their details and pay",
          ),
        ]).code,
      ),
    );
    expect(tour).toContain("£54");
    const receipt = textOf(
      await screenOf(
        plan([user("show a payment receipt — tuition fee ₹45,000 paid on 12 Aug via UPI, transaction id TXN88213")]).code,
      ),
    );
    for (const w of ['"Tuition fee"', '"UPI"', '"TXN88213"', "We received ₹45,000."]) expect(receipt).toContain(w);
    const shawl = textOf(
      await screenOf(
        plan([user("product page: Kashmiri pashmina shawl, ₹6,800, colours maroon / ivory / charcoal, add to bag")]).code,
      ),
    );
    expect(shawl).toContain('"Add to bag"');
    const listings = textOf(
      await screenOf(
        plan([
          user(
            "volunteer listings near Leeds: food bank sorter, hospital radio presenter, park litter pick — let me filter by time commitment",
          ),
        ]).code,
      ),
    );
    expect(listings.toLowerCase()).toContain("time commitment");
  });

  it("when a menu is written in sections, then each section is a tab with its dishes, none repeated", async () => {
    const all = nodes(
      await screenOf(
        plan([
          user(
            "menu for our school canteen — mains: veg biryani ₹60, paneer wrap ₹50; snacks: samosa ₹15, fruit cup ₹25; drinks: lassi ₹20",
          ),
        ]).code,
      ),
    );
    const tabs = all.find((n) => n.component === "tabs")!;
    expect(tabs.value).toEqual(["Mains", "Snacks", "Drinks"]);
    expect(JSON.stringify(tabs)).toContain("Samosa — ₹15");
    expect(all.some((n) => n.name === "own_details")).toBe(false);
    const cafe = nodes(
      await screenOf(plan([user("cafe menu — breakfast till 11: avocado toast 9, shakshuka 11; coffee: espresso 3")]).code),
    );
    expect(cafe.find((n) => n.component === "tabs")?.value).toEqual(["Breakfast till 11", "Coffee"]);
  });

  it("when a contact page gives a street address, then that is its address, not a brand or a form field", async () => {
    expect(readEntities("Leopoldstraße 12, 221B Baker Street, 14 rue de la Paix and Oudegracht 88").contacts.addresses).toEqual([
      "Leopoldstraße 12",
      "221B Baker Street",
      "14 rue de la Paix",
      "Oudegracht 88",
    ]);
    const t = textOf(
      await screenOf(
        plan([
          user(
            "contact page for Hoffmann Steuerberatung in Munich — Leopoldstraße 12, Tel. +49 89 1234567, a form with name, email, message",
          ),
        ]).code,
      ),
    );
    expect(t).toContain("Leopoldstraße 12, Munich");
    const bakery = textOf(await screenOf(plan([user("contact us page for a bakery at 221B Baker Street, London")]).code));
    expect(bakery).toContain("221B Baker Street, London");
    expect(bakery).not.toContain("Questions for Baker Street");
    expect(bakery).toContain('"Email"');
  });

  it("when a product is named with its price, sizes, colours, stars and reviews, then the page shows those, not a catalogue item's", async () => {
    const boot = nodes(
      await screenOf(
        plan([user("Show the Trailblazer 2 hiking boot — €149, sizes 38 to 46, waterproof, 4.6 stars (212 reviews), photos")])
          .code,
      ),
    );
    const t = JSON.stringify(boot);
    for (const w of ['"Trailblazer 2 hiking boot"', '"€149"', "★ 4.6 · 212 reviews", '"Waterproof"']) expect(t).toContain(w);
    const sizes = boot.find((n) => n.props?.label === "Size")?.props?.options as { label: string }[];
    expect(sizes.map((o) => o.label)).toEqual(["38", "39", "40", "41", "42", "43", "44", "45", "46"]);
    const hoodie = nodes(await screenOf(plan([user("product page for a hoodie with sizes S, M, L, XL")]).code));
    expect(hoodie.find((n) => n.component === "card")?.value).toBe("Hoodie");
    expect((hoodie.find((n) => n.props?.label === "Size")?.props?.options as { label: string }[]).map((o) => o.label)).toEqual([
      "S",
      "M",
      "L",
      "XL",
    ]);
    // No software plan borrowed for a product of no known shop.
    expect(JSON.stringify(hoodie)).not.toContain("Plans");
    const tea = textOf(
      await screenOf(plan([user("single item page: Organic Darjeeling tea 100g, ₹499, qty selector, buy now")]).code),
    );
    expect(tea).toContain('"Buy now"');
  });

  it("when amounts are in naira, then they are read and written as naira", async () => {
    expect(readEntities("agege ₦1,500, coconut bread ₦1,800").values.map((v) => [v.value, v.unit])).toEqual([
      [1500, "₦"],
      [1800, "₦"],
    ]);
    expect(readEntities("agege ₦1,500").currency).toBe("NGN");
    const menu = textOf(
      await screenOf(
        plan([user("menu for Oven Fresh Bakery — Breads: agege ₦1,500, coconut bread ₦1,800 | Pastries: meat pie ₦700")]).code,
      ),
    );
    for (const w of ["Agege — ₦1,500", "Meat pie — ₦700", '"Pastries"']) expect(menu).toContain(w);
    const receipt = textOf(
      await screenOf(
        plan([user("receipt for driving lessons — 10-lesson block ₦120,000, paid 3 May by bank transfer, ref DS-5521")]).code,
      ),
    );
    for (const w of ['"10-lesson block"', '"₦120,000"', '"Bank transfer"', '"DS-5521"']) expect(receipt).toContain(w);
  });

  it("when events are separated by semicolons, a switch is named, a state is described or a journey bought, then each shows", async () => {
    const story = textOf(
      await screenOf(
        plan([
          user(
            "our choir's story as a timeline: 1987 first rehearsal in a church hall in Cork; 1995 first CD; 2008 sang at the Royal Albert Hall",
          ),
        ]).code,
      ),
    );
    for (const w of ['"First rehearsal in a church hall in Cork"', '"1987"', '"First CD"', '"2008"']) expect(story).toContain(w);
    const alerts = nodes(
      await screenOf(
        plan([
          user(
            "notifications for the car rental app: your Fiat 500 is ready in bay 12; toll charge €3.40 added — and a switch to mute promo alerts",
          ),
        ]).code,
      ),
    );
    expect(alerts.find((n) => n.component === "switch")?.props?.label).toBe("Mute promo alerts");
    expect(JSON.stringify(alerts)).not.toContain("Switch to mute");
    const soldOut = nodes(
      await screenOf(
        plan([
          user("error page for the ferry booking site when a sailing is sold out, with 'See other sailings' and 'Join waitlist'"),
        ]).code,
      ),
    );
    expect(soldOut.find((n) => n.component === "heading")?.value).toBe("Sailing is sold out");
    expect(soldOut.filter((n) => n.component === "button").map((n) => n.value)).toEqual([
      "See other sailings",
      "Join waitlist",
      "Go home",
    ]);
    const ferry = textOf(
      await screenOf(
        plan([
          user("receipt for a ferry booking Portsmouth → Bilbao: 1 adult £189, car £245, cabin £120, paid with Visa ending 4821"),
        ]).code,
      ),
    );
    for (const w of ["Portsmouth → Bilbao", "Visa ending 4821", '"£554"']) expect(ferry).toContain(w);
    const volunteers = textOf(
      await screenOf(
        plan([
          user(
            "steps for new volunteers: read house rules → pick shifts → upload ID → meet the team. they're currently on pick shifts",
          ),
        ]).code,
      ),
    );
    for (const w of ['"Upload ID"', '"Pick shifts"', "Step 2 of 4"]) expect(volunteers).toContain(w);
  });

  it("when questions follow each other with their answers, a goal is written apart, or a chart's values follow a dash, then each is read", async () => {
    const faq = textOf(
      await screenOf(
        plan([
          user(
            "FAQ for the car rental desk — can I add a second driver? (yes, €8/day) is there a deposit? (€300 held on your card) what's the fuel policy? (full to full)",
          ),
        ]).code,
      ),
    );
    for (const w of ['"Is there a deposit?"', '"€300 held on your card."', '"What\'s the fuel policy?"', '"Full to full."'])
      expect(faq).toContain(w);
    const reading = nodes(
      await screenOf(
        plan([
          user(
            "track my reading for the library challenge: goal 30 books, 12 read so far, and a line chart of pages per week — 80, 120, 95, 340",
          ),
        ]).code,
      ),
    );
    expect(reading.find((n) => n.component === "progress")).toMatchObject({ value: 12, props: { max: 30 } });
    expect(JSON.stringify(reading.find((n) => n.component === "lineChart")?.value)).toContain("340");
  });

  it("when plans are priced by the day, a bundle says what it includes, or an order is counted with a delivery fee, then each reads as meant", async () => {
    const daycare = textOf(
      await screenOf(
        plan([user("pricing for Happy Tails dog daycare: half day £18, full day £30, 10-day bundle £270 (includes a free bath)")])
          .code,
      ),
    );
    for (const w of ['"Half day"', '"£18"', '"10-day bundle"', '"Free bath"']) expect(daycare).toContain(w);
    expect(
      readEntities("go to step 2, then table 4")
        .items.flat()
        .every((i) => i.value === undefined),
    ).toBe(true);
    const bakery = textOf(
      await screenOf(
        plan([
          user(
            "checkout for Oven Fresh Bakery, Yaba: delivery address (Lekki, Ikeja or Yaba), phone, pay on delivery or card. order: 2 agege bread ₦1,500 each, 1 jar chin chin ₦2,800, delivery ₦2,000",
          ),
        ]).code,
      ),
    );
    for (const w of ['"2 × Agege bread"', '"Jar chin chin"', '"₦5,800"', '"₦2,000"', '"₦7,800"', '"Delivery address"'])
      expect(bakery).toContain(w);
    expect(bakery).not.toContain('"Checkout for Oven Fresh Bakery"');
  });

  it("when a landing page names its hero line, its own things and its button, then those are on it", async () => {
    const t = textOf(
      await screenOf(
        plan([
          user(
            "landing page for Oven Fresh Bakery in Yaba, Lagos — hero line 'Bread baked at 5am, every day', our bestsellers (agege, coconut bread, meat pie) and an Order on WhatsApp button",
          ),
        ]).code,
      ),
    );
    for (const w of [
      '"Bread baked at 5am, every day"',
      '"Bestsellers"',
      '"Agege"',
      '"Coconut bread"',
      '"Meat pie"',
      '"Order on WhatsApp"',
    ])
      expect(t).toContain(w);
  });

  it("when a quiz gives an example question with its choices, then it is the first question, with those choices", async () => {
    const all = nodes(
      await screenOf(
        plan([
          user(
            "Dog breed quiz for our vet clinic, 4 questions, e.g. Which breed has a blue-black tongue? (Chow Chow, Dalmatian, Beagle)",
          ),
        ]).code,
      ),
    );
    // No dog-breed questions on record: the question builder, the user's example already in its first question.
    expect(all.find((n) => n.name === "question_1_text")?.value).toBe("Which breed has a blue-black tongue?");
    expect(all.find((n) => n.name === "question_1_answers")?.value).toContain("Dalmatian");
    expect(all.filter((n) => /^question_\d$/.test(n.name ?? "")).length).toBe(4);
  });

  it("when a board's cards are given as examples, then those are its cards and nothing is invented; the count is what is shown", async () => {
    const board = nodes(
      await screenOf(
        plan([
          user(
            "I want to drag our custom cake orders between new, baking, ready for pickup and collected — e.g. Adaeze's birthday cake, 50 meat pies for Chuka",
          ),
        ]).code,
      ),
    );
    const t = JSON.stringify(board);
    for (const w of ['"Adaeze\'s birthday cake"', '"50 meat pies for Chuka"', '"2 cards across 4 columns."'])
      expect(t).toContain(w);
    expect(t).not.toContain("onboarding email");
    const software = textOf(await screenOf(plan([user("kanban board with to do, in progress, done")]).code));
    const shown = (software.match(/"card_\d_\d"/g) ?? []).length;
    expect(software).toContain(`"${shown} cards across 3 columns."`);
  });

  it("when a place is written with a parenthesis of its own, then it is matched as text (it threw building a pattern)", async () => {
    const p = plan([
      user("capital cities quiz: France (Paris, Lyon, Nice), Canada (Toronto, Ottawa, Vancouver), Australia (Sydney, Canberra)"),
    ]);
    expect(nodes(await screenOf(p.code)).length).toBeGreaterThan(0);
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
