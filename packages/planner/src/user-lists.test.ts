import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { plan } from ".";
import { readEntities } from "./understand/entities";
import { assistant, nodes, screenOfWith, textOf, user } from "./test-support";

/**
 * What the user wrote around and inside a list, kept on the screen: questions with their answers, heads and records,
 * steps, events, settings, bookings, quizzes, tables, menus, a contact page, a landing page, places and boards. (Those
 * about commerce screens alone — bills, checkouts, products, prices — are in user-lists-commerce.test.ts.)
 */

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());

const screenOf = screenOfWith(ev);

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
