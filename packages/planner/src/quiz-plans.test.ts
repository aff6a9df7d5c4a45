import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { Screen } from "@genui/ui-runtime";
import { plan, type Turn } from ".";
import countriesJson from "../data/content/countries.json";
import { COUNTRIES, COUNTRIES_SOURCE, countryNamed, quizFor, quizSubject, rightAnswer } from "./content/quizzes";
import { PLAN_KINDS, planKindFor, PlansFileSchema } from "./content/plans";
import plansJson from "../data/content/plans.json";
import { assistant, nodes, screenOfWith, textOf, user } from "./test-support";

/**
 * Quizzes and plan comparisons: honest content for the subject asked (real capitals, phone plans' own features), a
 * builder where the planner knows nothing of the subject, and flows that finish (a scored quiz, a chosen plan
 * confirmed).
 */

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());

const action = (type: "onPress" | "onChangeText", name: string, value?: unknown): Turn =>
  user(JSON.stringify({ type, component: { name, value } }));

const screenOf = screenOfWith(ev);
const byName = (s: Screen, name: string) => nodes(s).find((n) => n.name === name);
/** Every "What is the capital of X?" on a screen, with its options. */
const capitalQuestions = (s: Screen) =>
  nodes(s).flatMap((n) => {
    const m = n.component === "select" ? /^answer_(\d+)$/.exec(n.name) : null;
    if (!m) return [];
    const q = String(byName(s, `question_${m[1]}`)?.value ?? "").replace(/^\d+\.\s*/, "");
    return [{ i: Number(m[1]), question: q, options: n.props?.options as string[] }];
  });

const GENERAL_KNOWLEDGE = ["Mars", "Red Planet", "continents", "minutes in a day", "largest ocean", "hexagon", "native speakers"];

describe("a quiz about world capitals", () => {
  it("when asked, then every question is a real capital from the countries data, with the right answer among four, and no general-knowledge trivia", async () => {
    const p = plan([user("a quiz about world capitals")]);
    expect(p.family).toBe("quiz");
    const s = await screenOf(p.code);
    const t = textOf(s);
    for (const w of GENERAL_KNOWLEDGE) expect(t).not.toContain(w);
    const qs = capitalQuestions(s);
    expect(qs).toHaveLength(5);
    for (const q of qs) {
      const m = /^What is the capital of (.+)\?$/.exec(q.question);
      expect(m).not.toBeNull();
      const country = countryNamed(m![1]!)!;
      expect(country).toBeDefined();
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options).size).toBe(4);
      expect(q.options).toContain(country.capital);
      expect(rightAnswer(q.question, q.options)).toBe(country.capital);
    }
    expect(byName(s, "heading_1")?.value ?? nodes(s).find((n) => n.component === "heading")?.value).toMatch(/capitals/i);
  });

  it("when the request names countries, or gives the choices, then those are the questions", async () => {
    const named = capitalQuestions(
      await screenOf(plan([user("a quiz about world capitals with 3 questions: France, Japan, Brazil")]).code),
    );
    expect(named.map((q) => q.question)).toEqual([
      "What is the capital of France?",
      "What is the capital of Japan?",
      "What is the capital of Brazil?",
    ]);
    expect(named.map((q) => q.options.includes(["Paris", "Tokyo", "Brasília"][q.i - 1]!))).toEqual([true, true, true]);
    const chosen = capitalQuestions(
      await screenOf(
        plan([
          user(
            "capital cities quizz: France (Paris, Lyon, Nice), Canada (Toronto, Ottawa, Vancouver), Australia (Sydney, Canberra, Melbourne)",
          ),
        ]).code,
      ),
    );
    expect(chosen.map((q) => q.options)).toEqual([
      ["Paris", "Lyon", "Nice"],
      ["Toronto", "Ottawa", "Vancouver"],
      ["Sydney", "Canberra", "Melbourne"],
    ]);
  });

  it("when the quiz is about a continent's capitals, then every country asked about is on it", async () => {
    const qs = capitalQuestions(await screenOf(plan([user("a quiz on European capitals")]).code));
    expect(qs.length).toBe(5);
    for (const q of qs) expect(countryNamed(/capital of (.+)\?/.exec(q.question)![1]!)!.continent).toBe("EU");
  });
});

describe("a quiz on a subject the planner has no content for", () => {
  it.each([
    ["a quiz about dog breeds", "dog breeds"],
    ["a 5 question quiz on the solar system for 10 year olds, show the score at the end", "solar system"],
    ["harry potter trivia, which house are you in?", "harry potter"],
    ["make a quiz for my yr 8 history class on the Tudors, 4 questions multiple choice", "Tudors"],
  ])("when asked %j, then it is a question builder about %j, never another subject's facts", async (request, subject) => {
    const s = await screenOf(plan([user(request)]).code);
    const t = textOf(s);
    for (const w of [...GENERAL_KNOWLEDGE, "Berlin Wall", "chemical symbol", "HTML"]) expect(t).not.toContain(w);
    expect(String(nodes(s).find((n) => n.component === "heading")?.value).toLowerCase()).toContain(subject.toLowerCase());
    expect(byName(s, "question_1_text")?.component).toBe("textInput");
    expect(byName(s, "question_1_answers")?.component).toBe("textInput");
    expect(byName(s, "question_1_right")?.component).toBe("textInput");
    expect(byName(s, "create_quiz")?.component).toBe("button");
    expect(nodes(s).some((n) => n.component === "select")).toBe(false);
  });

  it("when the request writes its questions, then they are in the builder; its count of questions is the builder's", async () => {
    const s = await screenOf(
      plan([
        user(
          "driving theory quiz: what does a red circle sign mean, stopping distance at 50 km/h in the dry, who gives way at a roundabout",
        ),
      ]).code,
    );
    expect([1, 2, 3].map((i) => byName(s, `question_${i}_text`)?.value)).toEqual([
      "What does a red circle sign mean?",
      "Stopping distance at 50 km/h in the dry?",
      "Who gives way at a roundabout?",
    ]);
    const js = await screenOf(plan([user("JavaScript quiz, 5 multiple choice questions, show the score at the end")]).code);
    expect(nodes(js).filter((n) => /^question_\d+$/.test(n.name)).length).toBe(5);
  });

  it("when general knowledge or trivia is what is asked, then general knowledge it is", async () => {
    for (const r of ["a general knowledge quiz", "a pub quiz", "a trivia quiz"])
      expect(textOf(await screenOf(plan([user(r)]).code))).toContain("Red Planet");
    expect(quizFor("a science quiz").kind).toBe("catalog");
    // A subject narrower than a catalogue topic is not that topic.
    expect(quizFor("a quiz on the Tudors for my history class").kind).toBe("builder");
    expect(quizSubject("a 4 question quiz on the human skeleton")).toBe("the human skeleton");
    expect(quizSubject("Dog breed quiz for the waiting room, 4 questions")).toBe("Dog breed");
  });
});

describe("playing a quiz to its end", () => {
  it("when an answer is picked, then the progress bar moves on the screen itself", async () => {
    const s = await screenOf(plan([user("a quiz about world capitals")]).code);
    const bar = byName(s, "quiz_progress")!;
    expect(bar.component).toBe("progress");
    expect(bar.value).toBe(0);
    expect(bar.props?.max).toBe(5);
    for (let i = 1; i <= 5; i++)
      expect(byName(s, `answer_${i}`)?.onChangeText).toEqual({ event: "answer", set: { name: "quiz_progress", value: i } });
  });

  it("when the answers are checked, then the score and each answer against the right one show — not a form's receipt", async () => {
    const turns: Turn[] = [user("a quiz about world capitals")];
    const first = plan(turns);
    const qs = capitalQuestions(await screenOf(first.code));
    turns.push(assistant(first.code));
    // Right on the first three, wrong on the fourth, the fifth left open.
    qs.slice(0, 4).forEach((q, k) => {
      const right = rightAnswer(q.question, q.options)!;
      turns.push(action("onChangeText", `answer_${q.i}`, k < 3 ? right : q.options.find((o) => o !== right)));
    });
    turns.push(action("onPress", "check_answers"));
    const scored = plan(turns);
    expect(scored.family).toBe("action:quiz-results");
    const s = await screenOf(scored.code);
    const t = textOf(s);
    expect(t).toContain("You scored 3 of 5");
    expect(t).not.toContain("We received your details");
    const items = byName(s, "answers")!.value as { title: string; subtitle: string; icon: string }[];
    expect(items.map((i) => i.icon)).toEqual(["check", "check", "check", "x", "x"]);
    expect(items[3]!.subtitle).toMatch(/^Wrong — your answer: .+; the right answer is /);
    expect(items[4]!.subtitle).toMatch(/^Not answered; the right answer is /);
    expect(byName(s, "score")?.value).toBe(3);
  });

  it("when a quiz is made in the builder, then it can be played and is scored against the right answers written there", async () => {
    const turns: Turn[] = [user("a quiz about the solar system")];
    const builder = plan(turns);
    turns.push(
      assistant(builder.code),
      action("onChangeText", "question_1_text", "Which planet is closest to the Sun?"),
      action("onChangeText", "question_1_answers", "Venus, Mercury, Mars"),
      action("onChangeText", "question_1_right", "Mercury"),
      action("onChangeText", "question_2_text", "How many planets are there"),
      action("onChangeText", "question_2_answers", "7, 9"),
      action("onChangeText", "question_2_right", "8"),
      action("onPress", "create_quiz"),
    );
    const made = plan(turns);
    const quiz = await screenOf(made.code);
    expect(capitalQuestions(quiz).map((q) => [q.question, [...q.options].sort()])).toEqual([
      ["Which planet is closest to the Sun?", ["Mars", "Mercury", "Venus"]],
      ["How many planets are there?", ["7", "8", "9"]],
    ]);
    turns.push(
      assistant(made.code),
      action("onChangeText", "answer_1", "Mercury"),
      action("onChangeText", "answer_2", "9"),
      action("onPress", "check_answers"),
    );
    const t = textOf(await screenOf(plan(turns).code));
    expect(t).toContain("You scored 1 of 2");
    expect(t).toContain("the right answer is 8");
  });
});

describe("comparing plans", () => {
  /** The plan cards of a screen: name, price heading and everything else said in the card. */
  const cards = (s: Screen) =>
    nodes(s)
      .filter((n) => n.component === "card" && /^plan_/.test(n.name))
      .map((c) => ({
        name: String(c.value),
        price: String((c.content ?? []).find((n) => n.component === "heading")?.value),
        text: JSON.stringify(c.content),
      }));
  const amount = (price: string) => (/^free$/i.test(price) ? 0 : Number(/[\d.]+/.exec(price)?.[0]));

  it("when three phone plans are compared, then they are phone plans — data, minutes, texts, 5G, hotspot — cheapest first, nothing free at a price", async () => {
    const p = plan([user("a comparison of three phone plans")]);
    const s = await screenOf(p.code);
    const t = textOf(s);
    for (const w of ["GB", "Minutes", "Texts", "5G", "Hotspot"]) expect(t).toContain(w);
    for (const w of ["Works with your tools", "Secure by default", "Everything in one place", "Real-time updates"])
      expect(t).not.toContain(w);
    const shown = cards(s);
    expect(shown).toHaveLength(3);
    const prices = shown.map((c) => amount(c.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const c of shown) if (/^free\b/i.test(c.name)) expect(amount(c.price)).toBe(0);
    // One card per plan (a grid that stacks on a phone), not a table four columns wide.
    expect(nodes(s).some((n) => n.component === "table")).toBe(false);
  });

  it.each([
    ["compare broadband plans", "Mbps"],
    ["compare streaming plans", "4K"],
    ["a comparison of gym memberships", "Classes"],
    ["pricing page for phone plans", "GB"],
  ])("when asked %j, then the plans are of that kind (%s)", async (request, word) => {
    const t = textOf(await screenOf(plan([user(request)]).code));
    expect(t).toContain(word);
    expect(t).not.toContain("Works with your tools");
  });

  it("when a plan called Free is shown, then it never costs money", async () => {
    for (const r of ["music streaming plans compared", "pricing page for our software plans"]) {
      const free = cards(await screenOf(plan([user(r)]).code)).find((c) => c.name === "Free")!;
      expect(amount(free.price)).toBe(0);
    }
    // Plans the user named without prices: "Free" is free in the table too (it was $99).
    const table = nodes(await screenOf(plan([user("compare the Free, Plus and Pro plans")]).code)).find(
      (n) => n.component === "table",
    )!;
    const price = (table.value as Record<string, string>[]).find((r) => r.feature === "Price")!;
    expect(price.free).toBe("Free");
  });

  it("when the kind of plan is one the planner knows nothing of, then the comparison is for the user to fill in, under their words", async () => {
    const s = await screenOf(plan([user("a comparison of three insurance plans")]).code);
    expect(nodes(s).find((n) => n.component === "heading")?.value).toBe("Comparison of three insurance plans");
    for (const i of [1, 2, 3]) {
      expect(byName(s, `plan_${i}_name`)?.component).toBe("textInput");
      expect(byName(s, `plan_${i}_price`)?.component).toBe("textInput");
    }
    expect(textOf(s)).not.toContain("Works with your tools");
  });

  it("when providers of a known kind are named with nothing else said of them, then their plans are filled in on that kind's features, not made up", async () => {
    const s = await screenOf(plan([user("compare SIM only deals: giffgaff £10, Lebara £5, Voxi £15")]).code);
    expect(
      nodes(s)
        .filter((n) => n.component === "card" && /^plan_\d$/.test(n.name))
        .map((n) => n.value),
    ).toEqual(["Giffgaff", "Lebara", "Voxi"]);
    expect(byName(s, "plan_2_price")?.value).toBe("£5");
    for (const f of ["data", "minutes", "texts"]) expect(byName(s, `plan_1_${f}`)?.component).toBe("textInput");
    expect(byName(s, "plan_1_data")?.value).toBeUndefined();
    expect(textOf(s)).not.toContain("Works with your tools");
  });
});

describe("choosing a plan", () => {
  it("when a plan is chosen, then a step confirms that plan by name and price, the action reads 'Chose …', and confirming finishes", async () => {
    const turns: Turn[] = [user("a comparison of three phone plans")];
    const first = plan(turns);
    turns.push(assistant(first.code), action("onPress", "choose_essentials", "Essentials"));
    const chosen = plan(turns);
    expect(chosen.family).toBe("action:choose-plan");
    expect(chosen.reasoning[0]).toBe("Chose Essentials.\n");
    expect(chosen.reasoning.join("")).not.toMatch(/choose_\w+/);
    const s = await screenOf(chosen.code);
    expect(nodes(s).find((n) => n.component === "heading")?.value).toBe("Confirm your Essentials plan");
    expect(byName(s, "chosen_price")?.value).toBe("$30/month");
    expect(textOf(s)).toContain("25 GB");
    expect(byName(s, "confirm_plan")?.value).toBe("Confirm Essentials");
    // The same screen again ("Choose Starter" used to rename the title and repeat the table).
    expect(textOf(s)).not.toContain("Choose Basic");
    turns.push(assistant(chosen.code), action("onPress", "confirm_plan", "Essentials"));
    const done = plan(turns);
    expect(done.reasoning[0]).toBe("Confirmed Essentials.\n");
    const d = await screenOf(done.code);
    expect(textOf(d)).toContain("You're on Essentials");
    expect(byName(d, "plan_summary")?.value).toMatchObject({ Plan: "Essentials", Price: "$30/month" });
  });

  it("when a plan the user filled in is chosen, then it is confirmed under the name and price they typed", async () => {
    const turns: Turn[] = [user("a comparison of three insurance plans")];
    const first = plan(turns);
    turns.push(
      assistant(first.code),
      action("onChangeText", "plan_2_name", "SafeCover"),
      action("onChangeText", "plan_2_price", "$19"),
      action("onChangeText", "plan_2_includes", "Medical cover up to $2m"),
      action("onPress", "choose_plan_2", "Plan 2"),
    );
    const chosen = plan(turns);
    expect(chosen.reasoning[0]).toBe("Chose SafeCover.\n");
    const t = textOf(await screenOf(chosen.code));
    for (const w of ["Confirm your SafeCover plan", "$19 per month", "Medical cover up to $2m", "Confirm SafeCover"])
      expect(t).toContain(w);
  });

  it("when a plan on a pricing page is chosen, then it is confirmed the same way", async () => {
    const turns: Turn[] = [user("pricing page for phone plans")];
    const first = plan(turns);
    turns.push(assistant(first.code), action("onPress", "choose_basic", "Basic"));
    const t = textOf(await screenOf(plan(turns).code));
    for (const w of ["Confirm your Basic plan", "$15/mo", "Data: 5 GB", "Confirm Basic"]) expect(t).toContain(w);
  });
});

describe("the content files", () => {
  it("when the countries file loads, then it names its source package, version and licence, and the licence text is beside it", () => {
    expect(COUNTRIES_SOURCE).toMatchObject({ package: "countries-list", license: "MIT" });
    expect(COUNTRIES_SOURCE.version).toMatch(/^\d+\.\d+\.\d+$/);
    const licence = join(__dirname, "../data/content", COUNTRIES_SOURCE.licenseFile);
    expect(existsSync(licence)).toBe(true);
    expect(readFileSync(licence, "utf8")).toContain("MIT License");
    expect(COUNTRIES.length).toBe(countriesJson.countries.length);
    expect(countryNamed("France")?.capital).toBe("Paris");
    expect(countryNamed("the UK")?.capital).toBe("London");
  });

  it("when the plans file loads, then every kind lists its plans cheapest first, a Free plan is free, and each plan says every feature", () => {
    expect(PlansFileSchema.safeParse(plansJson).success).toBe(true);
    const phone = PLAN_KINDS.find((k) => k.id === "phone")!;
    expect(phone.features).toEqual(expect.arrayContaining(["Data", "Minutes", "Texts", "5G", "Hotspot"]));
    const broken = structuredClone(plansJson) as { kinds: { plans: { name: string; price?: number }[] }[] };
    broken.kinds[0]!.plans.reverse();
    expect(PlansFileSchema.safeParse(broken).success).toBe(false);
    const pricedFree = structuredClone(plansJson) as { kinds: { id: string; plans: { name: string; price?: number }[] }[] };
    pricedFree.kinds.find((k) => k.id === "music")!.plans[0]!.price = 5;
    expect(JSON.stringify(PlansFileSchema.safeParse(pricedFree).error?.issues)).toContain("free but costs money");
    expect(planKindFor("SIM-only deals")?.id).toBe("phone");
    expect(planKindFor("compare three mobile phone plans")?.id).toBe("phone");
    expect(planKindFor("home broadband packages")?.id).toBe("broadband");
    expect(planKindFor("compare three insurance plans")).toBeUndefined();
  });
});
