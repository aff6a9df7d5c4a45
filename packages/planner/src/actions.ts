import { FIELD_SYNONYMS, humanize } from "@genui/ui-runtime";
import { composeNew, printScreen, type Composed } from "./compose";
import { cartTable, cartTotals, nameOf } from "./compose/sections";
import type { Conversation, HostAction } from "./conversation";
import { allNodes, eventOf, labelOf, readUiCode, type CodeNode } from "./read-code";
import { capitalize, hash32, Rng } from "./text";
import { alert, button, card, heading, icon, keyValue, list, progress, row, select, text, type Json, type UiNode } from "./ui";
import { readEntities } from "./understand/entities";
import { rightAnswer } from "./content/quizzes";
import { shortDate, TODAY, type RoleComponents } from "./compose/context";

/**
 * Answers to actions a screen sends back: a submitted form gets a confirmation of what was entered; "add to cart" a
 * cart holding the item; "checkout" a checkout; paying or booking a confirmation; a link, tab, list item or card its
 * own screen (composed for the label in the original request's context); anything else the same screen with a notice
 * of what was pressed.
 */

const isObj = (v: Json | undefined): v is { [k: string]: Json | undefined } => !!v && typeof v === "object" && !Array.isArray(v);
const INPUTS = new Set(["textInput", "textArea", "select", "date", "checkbox", "switch", "slider", "fileInput"]);

/** The app component a press on its fallback (`<name>_fallback`, `<name>_fallback_action`, …) stands for. */
const FALLBACK_PART = /^(.+)_fallback(?:_[a-z]+)?$/;

/** The node the action came from (by name, else by label for actions written as text). */
function pressed(nodes: CodeNode[], a: HostAction): CodeNode | undefined {
  const stand = FALLBACK_PART.exec(a.name)?.[1];
  return (
    nodes.find((n) => n.name === a.name) ??
    // A renderer without the developer's component drew its fallback: the press is the component's.
    (stand !== undefined ? nodes.find((n) => n.name === stand && n.package === "app") : undefined) ??
    nodes.find((n) => labelOf(n)?.toLowerCase() === a.name.toLowerCase()) ??
    nodes.find((n) => eventOf(n.onPress) === a.name)
  );
}

/** The product a press is about: the action's value, else the card around the button. */
function itemOf(node: CodeNode | undefined, a: HostAction): { name: string; price?: number } | undefined {
  const v = a.value ?? (isObj(node?.onPress) ? node!.onPress.value : undefined);
  let name = typeof v === "string" ? v : isObj(v) && typeof v.name === "string" ? v.name : undefined;
  let price: number | undefined;
  // One of the app's own components (a product card): its props say what it is and costs.
  if (node?.package === "app") {
    const title = FIELD_SYNONYMS.title!.map((k) => node.props[k]).find((t) => typeof t === "string");
    name ??= typeof title === "string" ? title : undefined;
    const p = FIELD_SYNONYMS.price!.map((k) => node.props[k]).find((x) => x !== undefined);
    if (typeof p === "number" && Number.isFinite(p)) price = p;
    else if (typeof p === "string" && /\d/.test(p)) price = Number(p.replace(/[^0-9.]/g, ""));
    return name ? { name, ...(price !== undefined ? { price } : {}) } : undefined;
  }
  for (let p = node?.parent; p; p = p.parent)
    if (p.component === "card") {
      name ??= typeof p.value === "string" ? p.value : undefined;
      for (const n of allNodes({ settings: {}, roots: [p] })) {
        const m = typeof n.value === "string" ? /[$€£₹₦¥]\s?(\d[\d,]*(?:\.\d+)?)/.exec(n.value) : null;
        if (m) {
          price = Number(m[1]!.replace(/,/g, ""));
          break;
        }
        if (n.component === "heading" && typeof n.value === "string" && /\d/.test(n.value)) {
          const k = /(\d[\d,]*(?:\.\d+)?)/.exec(n.value);
          if (k) price = Number(k[1]!.replace(/,/g, ""));
        }
      }
      break;
    }
  return name ? { name, ...(price !== undefined ? { price } : {}) } : undefined;
}

function currencyOf(code: string): string {
  return /€/.test(code) ? "EUR" : /£/.test(code) ? "GBP" : /₹/.test(code) ? "INR" : /¥/.test(code) ? "JPY" : "USD";
}

/** The previous screen with a notice on top. */
function notice(code: string, message: string): string {
  const line = `alert(${JSON.stringify(message)}, {name: "notice", tone: "info"})`;
  const lines = code.split("\n");
  const at = lines.findIndex((l) => l.startsWith("screen("));
  lines.splice(at + 1, 0, line);
  return lines.join("\n");
}

// ---------- quizzes ----------

/** A value the user set on the screen: typed since the request, sent with the action, or as the screen has it. */
function valueOf(conv: Conversation, nodes: CodeNode[], name: string): string | undefined {
  const v = conv.values[name] ?? conv.action?.extra[name] ?? nodes.find((n) => n.name === name)?.value;
  return typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : undefined;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The questions of a quiz on screen: each card `question_<i>` with its select `answer_<i>`. */
function quizOnScreen(nodes: CodeNode[]): { i: number; question: string; options: string[] }[] {
  return nodes.flatMap((n) => {
    const m = n.component === "select" ? /^answer_(\d+)$/.exec(n.name) : null;
    if (!m) return [];
    const holder = nodes.find((c) => c.name === `question_${m[1]}` && c.component === "card");
    const title = typeof holder?.value === "string" ? holder.value.replace(/^\d+\.\s*/, "") : String(n.props.label ?? "");
    const options = Array.isArray(n.props.options)
      ? n.props.options.flatMap((o) => (typeof o === "string" ? [o] : isObj(o) && typeof o.label === "string" ? [o.label] : []))
      : [];
    return [{ i: Number(m[1]), question: title, options }];
  });
}

/** The scored quiz: how many were right, and for each question the user's answer against the right one. */
function quizResults(conv: Conversation, nodes: CodeNode[], title: string): { nodes: UiNode[]; why: string } | undefined {
  const qs = quizOnScreen(nodes);
  if (!qs.length) return undefined;
  const rows = qs.map((q) => {
    // The right answer: known content (capitals, the catalogue's questions), else the one written in the question builder.
    const typed = valueOf(conv, nodes, `question_${q.i}_right`);
    const right = rightAnswer(q.question, q.options) ?? (typed ? q.options.find((o) => sameText(o, typed)) : undefined);
    const given = valueOf(conv, nodes, `answer_${q.i}`);
    return { ...q, right, given, ok: !!right && !!given && sameText(given, right) };
  });
  const checked = rows.filter((r) => r.right);
  const score = checked.filter((r) => r.ok).length;
  const unanswered = rows.filter((r) => !r.given).length;
  const total = checked.length;
  const all = total === rows.length;
  const tone = total && score === total ? "success" : score * 2 >= total ? "info" : "warning";
  return {
    nodes: [
      heading(total ? `You scored ${score} of ${total}` : "Your answers", { level: 1 }),
      text(title, { tone: "muted" }),
      ...(total ? [progress(score, { name: "score", label: "Score", max: total, tone })] : []),
      alert(
        [
          total ? `${score} right, ${total - score} wrong.` : "",
          unanswered ? `${unanswered} ${unanswered === 1 ? "question was" : "questions were"} not answered.` : "",
          all ? "" : "Questions without a right answer on record are not scored.",
        ]
          .filter(Boolean)
          .join(" ") || "Every answer is in.",
        { name: "summary", tone },
      ),
      list(
        rows.map((r, k) => ({
          title: `${k + 1}. ${r.question}`,
          subtitle: !r.right
            ? `Your answer: ${r.given ?? "none"} (no right answer on record)`
            : r.ok
              ? `Right — your answer: ${r.given}`
              : `${r.given ? `Wrong — your answer: ${r.given}` : "Not answered"}; the right answer is ${r.right}`,
          icon: r.ok ? ("check" as const) : r.right ? ("x" as const) : ("info" as const),
        })),
        { name: "answers", dividers: true },
      ),
      row([button("Try again", { name: "retry", variant: "primary", onPress: "retry" })], { justify: "end" }),
    ],
    why: total
      ? `Scored the answers: ${score} of ${total} right; each question shows the answer given and the right one.`
      : "No right answers are on record for these questions: showing the answers given.",
  };
}

/** A quiz to play from the question builder's fields (question, answers to choose from, right answer). */
function builtQuiz(conv: Conversation, nodes: CodeNode[]): { nodes: UiNode[]; count: number } {
  const questions = nodes.flatMap((n) => {
    const m = /^question_(\d+)_text$/.exec(n.name);
    if (!m) return [];
    const i = Number(m[1]);
    const question = valueOf(conv, nodes, n.name);
    const right = valueOf(conv, nodes, `question_${i}_right`);
    const options = (valueOf(conv, nodes, `question_${i}_answers`) ?? "")
      .split(/\s*[,;\n]\s*/)
      .map((o) => o.trim())
      .filter((o, k, all) => o && all.findIndex((x) => sameText(x, o)) === k);
    if (right && !options.some((o) => sameText(o, right))) {
      // The right answer not among the choices: in at a place of its own (not always last).
      const at = new Rng(hash32(`${question}\u0000${right}`)).int(0, options.length);
      options.splice(at, 0, right);
    }
    return question && options.length >= 2 ? [{ i, question: /\?$/.test(question) ? question : `${question}?`, options }] : [];
  });
  return {
    count: questions.length,
    nodes: [
      progress(0, { name: "quiz_progress", label: "Answered", max: questions.length }),
      ...questions.map((q, k) =>
        card(`${k + 1}. ${q.question}`, { name: `question_${q.i}` }, [
          select("", {
            name: `answer_${q.i}`,
            label: "Your answer",
            options: q.options,
            placeholder: "Choose an answer",
            onChangeText: { event: "answer", set: { name: "quiz_progress", value: k + 1 } },
          }),
        ]),
      ),
      row(
        [
          text("Your score shows when you check your answers.", { name: "score", tone: "muted" }),
          button("Check answers", { name: "check_answers", variant: "primary", onPress: "check_answers" }),
        ],
        { justify: "between", align: "center" },
      ),
    ],
  };
}

// ---------- plans ----------

/** The card a node sits in. */
const cardAround = (node: CodeNode | undefined): CodeNode | undefined => {
  for (let p = node?.parent; p; p = p.parent) if (p.component === "card") return p;
  return undefined;
};

/** What a plan card says: its price as shown and what it includes. */
function planDetails(
  conv: Conversation,
  nodes: CodeNode[],
  holder: CodeNode | undefined,
): { price?: string; details: Record<string, string>; includes: string[] } {
  const details: Record<string, string> = {};
  const includes: string[] = [];
  let price: string | undefined;
  for (const n of holder ? allNodes({ settings: {}, roots: [holder] }) : []) {
    if (n === holder) continue;
    if (n.component === "heading" && typeof n.value === "string" && !price) price = n.value;
    if (n.component === "keyValue" && isObj(n.value))
      for (const [k, v] of Object.entries(n.value)) if (typeof v === "string" || typeof v === "number") details[k] = String(v);
    if (n.component === "list" && Array.isArray(n.value))
      for (const item of n.value) {
        const t = typeof item === "string" ? item : isObj(item) && typeof item.title === "string" ? item.title : undefined;
        if (t) includes.push(t);
      }
    // A plan the user filled in: its own fields.
    if (INPUTS.has(n.component)) {
      const v = valueOf(conv, nodes, n.name);
      if (!v || /_name$/.test(n.name)) continue;
      if (/_price$/.test(n.name)) price = /\bper\b|\/|\b(?:month|year|week|day)/i.test(v) ? v : `${v} per month`;
      else details[String(n.props.label ?? humanize(n.name))] = v;
    }
  }
  return { ...(price ? { price } : {}), details, includes };
}

/** The plan a "Choose …" press picked: its name as shown (or as the user typed it), price and what it includes. */
function chosenPlan(conv: Conversation, nodes: CodeNode[], node: CodeNode | undefined, a: HostAction) {
  const v = a.value ?? (isObj(node?.onPress) ? node!.onPress.value : undefined);
  let name = typeof v === "string" ? v : ((node && labelOf(node)?.replace(/^choose\s+/i, "")) ?? humanize(a.name));
  const holder = cardAround(node) ?? nodes.find((n) => n.component === "card" && n.value === name);
  // "Plan 2" of a comparison the user filled in is called what they typed.
  const typedName = holder
    ? allNodes({ settings: {}, roots: [holder] }).find((n) => /_name$/.test(n.name) && INPUTS.has(n.component))
    : undefined;
  const typed = typedName ? valueOf(conv, nodes, typedName.name) : undefined;
  if (typed) name = typed;
  const shown = planDetails(conv, nodes, holder);
  // A plan compared in a table: its column.
  if (!holder)
    for (const t of nodes.filter((n) => n.component === "table" && Array.isArray(n.value))) {
      const col = (Array.isArray(t.props.columns) ? t.props.columns : []).find(
        (c) => isObj(c) && typeof c.label === "string" && sameText(c.label, name),
      );
      const key = isObj(col) && typeof col.key === "string" ? col.key : undefined;
      if (!key) continue;
      for (const r of t.value as Json[]) {
        if (!isObj(r) || typeof r.feature !== "string" || (typeof r[key] !== "string" && typeof r[key] !== "number")) continue;
        const v = String(r[key]);
        if (/^(?:price|cost)\b/i.test(r.feature)) shown.price ??= v;
        else shown.details[r.feature] = v === "✓" ? "Yes" : v === "—" ? "No" : v;
      }
      break;
    }
  return { name: capitalize(name), ...shown };
}

/** The pages of a site's navigation and the kind of screen each is. */
const SITE_PAGES: readonly [RegExp, string][] = [
  [/^(?:about|about us|our story|who we are|team|our team)$/i, "article"],
  [/^(?:contact|contact us|get in touch)$/i, "contact"],
  [/^(?:faq|faqs|help|questions)$/i, "faq"],
  [/^(?:shop|store|products|catalog(?:ue)?|browse|collections?)$/i, "catalog"],
  [/^(?:pricing|plans|prices)$/i, "pricing"],
  [/^(?:blog|news|stories|articles)$/i, "feed"],
  [/^(?:menu|our menu)$/i, "menu"],
  [/^(?:book|booking|book now|appointments?|reservations?)$/i, "booking"],
  [/^(?:events?|calendar)$/i, "calendar"],
  [/^(?:gallery|photos)$/i, "gallery"],
];

export function answerAction(conv: Conversation, roles: RoleComponents = {}): Composed {
  const a = conv.action!;
  const prev = conv.previousCode ?? "";
  const screen = readUiCode(prev);
  const nodes = allNodes(screen);
  const node = pressed(nodes, a);
  const event = (eventOf(node?.onPress) ?? a.name).toLowerCase();
  const what = (node && labelOf(node)) ?? humanize(a.name);
  const e = readEntities(conv.prompt);
  const cur = e.currency ?? currencyOf(prev);
  const done = (family: string, title: string, nodesOut: Parameters<typeof printScreen>[1], why: string): Composed => ({
    code: printScreen(title, nodesOut, e),
    family: `action:${family}`,
    reasoning: [`The user pressed "${what}" on the screen.\n`, `${why}\n`],
  });

  if (a.type === "onChangeText")
    return { code: prev, family: "action:typed", reasoning: [`The user changed "${what}"; the screen stays as it is.\n`] };

  // A quiz's "Check answers" → the score, and for each question the answer given against the right one.
  if (/^(?:check_answers?|submit_quiz|submit_answers|check_quiz|score_quiz)$/.test(event)) {
    const title = nodes.find((n) => n.component === "heading" && typeof n.value === "string")?.value;
    const scored = quizResults(conv, nodes, typeof title === "string" ? title : "Quiz");
    if (scored) return done("quiz-results", "Quiz results", scored.nodes, scored.why);
  }
  // The question builder's "Create quiz" → the quiz to play, from the questions written into it.
  if (event === "create_quiz") {
    const built = builtQuiz(conv, nodes);
    if (!built.count)
      return {
        code: notice(prev, "Write at least one question with two or more answers to choose from, then create the quiz."),
        family: "action:notice",
        reasoning: [`The user pressed "${what}" before writing a question with answers; asking for one.\n`],
      };
    const title = nodes.find((n) => n.component === "heading" && typeof n.value === "string")?.value;
    const name = typeof title === "string" ? title : "Your quiz";
    // Titled apart from the builder it came from (two screens of one name are two regions of one name in a chat).
    return done(
      "quiz",
      `Play: ${name}`,
      [
        heading(name, { level: 1 }),
        text(`${built.count === 1 ? "1 question" : `${built.count} questions`}. Pick one answer for each.`, { tone: "muted" }),
        ...built.nodes,
      ],
      `Made the quiz from the ${built.count} question${built.count === 1 ? "" : "s"} written in the builder.`,
    );
  }
  // "Choose <plan>" → a step to confirm that plan: its name, price and what it includes.
  if (event === "choose_plan") {
    const plan = chosenPlan(conv, nodes, node, a);
    // "Free", "$0/month": nothing to pay.
    const free = /^free$/i.test(plan.price ?? "") || /^\D{0,3}0(?:[.,]0+)?(?:\/|\s|$)/.test(plan.price ?? "");
    return {
      code: printScreen(
        `Confirm ${plan.name}`,
        [
          heading(`Confirm your ${plan.name} plan`, { level: 1 }),
          text("Check what you get, then confirm.", { tone: "muted" }),
          // Not called just "<plan>": the comparison above it in a conversation has a card of that name.
          card(`Your plan: ${plan.name}`, { name: "chosen_plan", elevated: true }, [
            ...(plan.price ? [heading(plan.price, { level: 3, name: "chosen_price" })] : []),
            ...(Object.keys(plan.details).length ? [keyValue(plan.details, { name: "chosen_details" })] : []),
            ...(plan.includes.length
              ? [
                  list(
                    plan.includes.map((t) => ({ title: t, icon: "check" as const })),
                    { name: "chosen_includes" },
                  ),
                ]
              : []),
          ]),
          text(
            plan.price && !free
              ? `You pay ${plan.price} from today. You can change or cancel the plan at any time.`
              : "You can change or cancel the plan at any time.",
            { name: "terms", tone: "muted", size: "sm" },
          ),
          row(
            [
              button("Back to plans", { name: "back", variant: "ghost", onPress: "back" }),
              button(`Confirm ${plan.name}`, {
                name: "confirm_plan",
                variant: "primary",
                onPress: { event: "confirm_plan", value: plan.name },
              }),
            ],
            { justify: "end", gap: 8 },
          ),
        ],
        e,
      ),
      family: "action:choose-plan",
      reasoning: [
        `Chose ${plan.name}.\n`,
        `Showing a step to confirm the ${plan.name} plan${plan.price ? ` (${plan.price})` : ""}: what it includes, and a button to confirm it.\n`,
      ],
    };
  }
  // "Confirm <plan>" → the plan confirmed.
  if (event === "confirm_plan") {
    const v = a.value ?? (isObj(node?.onPress) ? node!.onPress.value : undefined);
    const name = typeof v === "string" ? v : what.replace(/^confirm\s+/i, "");
    const price = nodes.find((n) => n.name === "chosen_price")?.value;
    const shown = typeof price === "string" ? price : undefined;
    return {
      code: printScreen(
        "Plan confirmed",
        [
          icon("check", { name: "done_icon", size: 48, tone: "success", label: "Done" }),
          heading(`You're on ${name}`, { level: 1 }),
          alert(`Your ${name} plan is active from today. A confirmation is on its way to your email.`, {
            name: "confirmation",
            tone: "success",
          }),
          keyValue({ Plan: name, ...(shown ? { Price: shown } : {}), Starts: shortDate(TODAY) }, { name: "plan_summary" }),
          row([button("Back to plans", { name: "back", variant: "ghost", onPress: "back" })]),
        ],
        e,
      ),
      family: "action:confirm-plan",
      reasoning: [`Confirmed ${name}.\n`, "Showing that the plan is active, with its price and start date.\n"],
    };
  }

  // Add to cart → the cart.
  if (/cart|buy|add_to_bag|order_now/.test(event) || /add to (?:cart|bag)|buy/i.test(what)) {
    const item = itemOf(node, a) ?? { name: what };
    const price = item.price ?? 25;
    return done(
      "cart",
      "Your cart",
      [
        heading("Your cart", { level: 1 }),
        alert(`${item.name} was added to your cart.`, { name: "added", tone: "success" }),
        cartTable([{ item: item.name, qty: 1, price, total: price }]),
        cartTotals(price, cur),
        row(
          [
            button("Continue shopping", { name: "continue_shopping", variant: "ghost", onPress: "continue_shopping" }),
            button("Checkout", { name: "checkout", variant: "primary", onPress: "checkout" }),
          ],
          { justify: "end", gap: 8 },
        ),
      ],
      "Added the item to a cart, with its totals and a way to check out.",
    );
  }
  // Checkout → the checkout form with the cart's total.
  if (/^checkout$|proceed_to_checkout/.test(event)) {
    const total = nodes
      .map((n) => (n.component === "keyValue" && isObj(n.value) ? n.value.Total : undefined))
      .find((v) => typeof v === "string");
    const c = composeNew("checkout", undefined, roles);
    return {
      code: total ? c.code.replace(/Pay [^"]+"/, `Pay ${total}"`) : c.code,
      family: "action:checkout",
      reasoning: [`The user pressed "${what}".\n`, "Showing the checkout: shipping, payment and the order summary.\n"],
    };
  }
  // A submitted form (or a payment, a booking) → its confirmation, echoing what was entered.
  const inputs = nodes.filter((n) => INPUTS.has(n.component));
  if (
    inputs.length &&
    /submit|send|save|sign|book|confirm|pay|register|apply|create|join|subscribe|rsvp|check|continue|next|place|reserve|request|post|calculate/.test(
      event,
    )
  ) {
    const entered: Record<string, string> = {};
    for (const n of inputs) {
      const v = conv.values[n.name] ?? a.extra[n.name] ?? n.value;
      if (v === undefined || v === "" || n.component === "checkbox" || /password|card|cvc|cvv/i.test(n.name)) continue;
      entered[String(n.props.label ?? humanize(n.name))] = typeof v === "string" ? v : JSON.stringify(v);
    }
    const paying = /pay|place/.test(event);
    const booking = /book|reserve|confirm_booking/.test(event);
    const title = paying
      ? "Payment received"
      : booking
        ? "Booking confirmed"
        : /sign|register|create|join/.test(event)
          ? "Welcome aboard"
          : /message|contact|send/.test(`${event} ${what}`.toLowerCase())
            ? "Message sent"
            : "Thank you";
    return done(
      "confirmation",
      title,
      [
        icon("check", { name: "done_icon", size: 48, tone: "success", label: "Done" }),
        heading(title, { level: 1 }),
        alert(
          paying
            ? "Your order is placed; a receipt is on its way."
            : booking
              ? "We have sent the details to your email."
              : "We received your details.",
          { name: "confirmation", tone: "success" },
        ),
        ...(Object.keys(entered).length
          ? [card("What you sent", { name: "summary" }, [keyValue(entered, { name: "entered" })])]
          : []),
        row([button("Back", { name: "back", variant: "ghost", onPress: "back" })]),
      ],
      `It submits ${Object.keys(entered).length} filled field${Object.keys(entered).length === 1 ? "" : "s"}: answering with a confirmation that echoes them.`,
    );
  }
  // Back, home, start over → the original request again.
  if (/^(?:back|home|start_over|continue_shopping|go_home|retry)$/.test(event) && conv.prompt) {
    const c = composeNew(conv.prompt, undefined, roles);
    return {
      ...c,
      family: "action:back",
      reasoning: [`The user pressed "${what}": back to the screen for the request.\n`, ...c.reasoning],
    };
  }
  // A link, tab, list item or card → its own screen, in the request's context.
  const target =
    typeof a.value === "string"
      ? a.value
      : isObj(node?.onPress) && typeof node!.onPress.value === "string"
        ? node!.onPress.value
        : what;
  if (
    /navigate|open|view|choose|select|details|learn|read|shop|get_started|play|directions/.test(event) ||
    node?.component === "list"
  ) {
    const about = conv.prompt ? ` for ${conv.prompt.replace(/^(?:a|an|the)\s+/i, "")}` : "";
    // "Home" of a site's navigation is the site's first page: the screen for the request itself.
    const home = /^(?:home|home page|start|main page|back to home)$/i.test(target.trim()) && conv.prompt;
    // A site's other pages are pages of their kind: "About" an article about the site, "Contact" a contact form …
    const page = SITE_PAGES.find(([re]) => re.test(target.trim()))?.[1];
    let c = home
      ? composeNew(conv.prompt, undefined, roles)
      : page
        ? composeNew(`${target}${about}`, { family: page, score: 1, parts: [], ranked: [] }, roles)
        : composeNew(`${target}${about}`, undefined, roles);
    if (page) {
      // Titled as the site's page: "About · Pawsome Pets" (the site's name: the first heading of the screen it left).
      const site = nodes.find((n) => n.component === "heading" && typeof n.value === "string")?.value as string | undefined;
      const title = site && site.length <= 40 ? `${capitalize(target.trim())} · ${site}` : capitalize(target.trim());
      const json = JSON.stringify(title);
      c = {
        ...c,
        code: c.code
          .replace(/^screen\("(?:[^"\\]|\\.)*", \{title: "(?:[^"\\]|\\.)*"/, `screen(${json}, {title: ${json}`)
          .replace(/heading\("(?:[^"\\]|\\.)*", \{level: 1\}\)/, `heading(${json}, {level: 1})`),
      };
    }
    return { ...c, family: `action:${nameOf(event)}`, reasoning: [`The user chose "${target}".\n`, ...c.reasoning] };
  }
  // To-do: a task added.
  if (/add_task|add_entry|add_card/.test(event)) {
    const typed = Object.values(conv.values).find((v) => typeof v === "string" && v.trim());
    if (typeof typed === "string") {
      const lines = prev.split("\n");
      const at = lines.findIndex((l) => /checkbox\(/.test(l));
      if (at >= 0) {
        const indent = /^\s*/.exec(lines[at]!)![0];
        lines.splice(
          at,
          0,
          `${indent}checkbox(false, {name: "task_${nameOf(typed)}", label: ${JSON.stringify(capitalize(typed))}}),`,
        );
        return { code: lines.join("\n"), family: "action:add", reasoning: [`The user added "${typed}".\n`] };
      }
    }
  }
  return {
    code: prev
      ? notice(prev, `You pressed "${what}".`)
      : printScreen("Done", [heading(what, { level: 1 }), text("Done."), list([what])], e),
    family: "action:notice",
    reasoning: [`The user pressed "${what}"; nothing new to show, so the same screen with a notice.\n`],
  };
}
