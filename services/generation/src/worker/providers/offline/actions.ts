import type { Conversation, HostAction } from "./conversation";
import { detectIntent, extractLocation, type Intent } from "./intents";
import { allNodes, eventOf, labelOf, readUiCode, type CodeNode, type CodeScreen } from "./read-code";
import { answerAstrology } from "./screens/astrology";
import { buildForm, buildFormOf, fieldsForColumns, formKindOf, type Field } from "./screens/forms";
import { buildSection } from "./screens/generic";
import { findTier } from "./screens/pricing";
import { answerPythonTutorial } from "./screens/python-tutorial";
import { screenContext, type ActionAnswer, type Built, type PressedAction, type ScreenContext } from "./screens/shared";
import { shopAnswer } from "./screens/shop";
import { buildTodoWith, type Task } from "./screens/todo";
import { buildWeather } from "./screens/weather";
import { answerWomensHealth } from "./screens/womens-health";
import { capitalize, clip, hash32, money, normalize, titleCase } from "./text";
import {
  alert,
  button,
  card,
  checkbox,
  heading,
  icon,
  keyValue,
  list,
  printNode,
  row,
  text,
  textArea,
  textInput,
  type Json,
  type UiNode,
} from "./ui";

/**
 * Answers to actions the host sends back: a submitted form gets a confirmation echoing what was entered; a product
 * its page; a tab, menu item or category its content; the rich sites, to-do lists, weather, pricing and forms their
 * own follow-ups; anything else gets the previous screen back with a notice of what was pressed.
 */

export type ActionOutcome =
  | { kind: "screen"; built: Built; intent: string; note: string }
  /** The previous screen's code with a notice added. */
  | { kind: "code"; code: string; intent: string; note: string }
  /** Compose a screen for this prompt instead (a suggestion, or "back"). */
  | { kind: "prompt"; prompt: string; note: string };

const isObj = (v: Json | undefined): v is { [k: string]: Json | undefined } => !!v && typeof v === "object" && !Array.isArray(v);
const humanize = (name: string): string =>
  capitalize(
    name
      .replace(/[_-]+/g, " ")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .trim()
      .toLowerCase(),
  );
const INPUTS = new Set(["textInput", "textArea", "select", "date", "checkbox", "switch", "slider"]);

function itemTitle(item: Json | undefined): string | undefined {
  if (typeof item === "string") return item;
  if (isObj(item)) for (const k of ["title", "name", "label"]) if (typeof item[k] === "string") return item[k] as string;
  return undefined;
}

/** Finds what was pressed in the previous screen and describes it. */
function resolvePressed(a: HostAction, previous: CodeScreen | undefined): PressedAction | undefined {
  const nodes = previous ? allNodes(previous) : [];
  let node = nodes.find((n) => n.name === a.name);
  let value = a.value;
  if (!node && a.fromText) {
    const want = normalize(a.name);
    node =
      nodes.find((n) => normalize(n.name) === want) ??
      nodes.find((n) => n.component === "button" && normalize(labelOf(n) ?? "") === want) ??
      nodes.find((n) => !INPUTS.has(n.component) && normalize(labelOf(n) ?? "") === want);
    if (node && node.component === "button")
      value = isObj(node.onPress) && node.onPress.value !== undefined ? node.onPress.value : node.value;
    if (!node)
      for (const n of nodes) {
        if ((n.component === "list" || n.component === "tabs") && Array.isArray(n.value)) {
          const item = n.value.find((x) => normalize(itemTitle(x) ?? "") === want);
          if (item !== undefined) {
            node = n;
            value = item;
            break;
          }
        }
      }
    if (!node && a.weak) return undefined;
  }
  const event = node ? (eventOf(node[a.type]) ?? (a.type === "onPress" ? undefined : eventOf(node.onPress))) : undefined;
  const label =
    (typeof value === "string" && value.trim() ? value : undefined) ??
    itemTitle(value) ??
    (node ? labelOf(node) : undefined) ??
    (a.fromText ? a.name : humanize(a.name));
  return { type: a.type, name: node?.name ?? a.name, value, event, label: clip(label, 120), node };
}

// Confirmation ----------------------------------------------------------------------------------------------------------

interface Entry {
  label: string;
  value: string;
}

function display(n: CodeNode, v: Json | undefined): string | undefined {
  if (v === undefined || v === null || v === "" || v === false) return undefined;
  if (n.props.type === "password") return "••••••••";
  if (n.component === "select" && Array.isArray(n.props.options)) {
    const opt = n.props.options.find((o) => isObj(o) && o.value === v);
    if (isObj(opt) && typeof opt.label === "string") return opt.label;
  }
  if (v === true) return "Yes";
  if (typeof v === "string" || typeof v === "number") return String(v);
  return clip(JSON.stringify(v), 120);
}

/** What was entered: typed values (or sent with the action), else the values the form showed. */
function enteredValues(previous: CodeScreen | undefined, values: Record<string, Json>): Entry[] {
  const inputs = previous ? allNodes(previous).filter((n) => INPUTS.has(n.component)) : [];
  const out: Entry[] = [];
  const used = new Set<string>();
  for (const n of inputs) {
    const v = n.name in values ? values[n.name] : n.value;
    used.add(n.name);
    const d = display(n, v);
    if (d !== undefined) out.push({ label: String(n.props.label ?? humanize(n.name)), value: d });
  }
  for (const [k, v] of Object.entries(values)) {
    if (used.has(k) || v === undefined || v === null || v === "" || v === false) continue;
    out.push({
      label: humanize(k),
      value: v === true ? "Yes" : typeof v === "object" ? clip(JSON.stringify(v), 120) : String(v),
    });
  }
  return out;
}

interface Copy {
  re: RegExp;
  title: (first?: string) => string;
  message: string;
  next: string[];
  prefix: string;
}

const COPY: Copy[] = [
  {
    re: /sign ?up|register|account|join/,
    title: (n) => (n ? `Welcome aboard, ${n}!` : "Welcome aboard!"),
    message: "Your account is ready. We've sent a link to confirm your email address.",
    next: ["Confirm your email (check spam if it's not there in 2 minutes)", "Complete your profile", "Invite your team"],
    prefix: "AC",
  },
  {
    re: /log ?in|sign ?in/,
    title: (n) => (n ? `Welcome back, ${n}` : "Welcome back"),
    message: "You're logged in.",
    next: ["Pick up where you left off", "Check what's new since your last visit"],
    prefix: "SE",
  },
  {
    re: /book|booking|appointment|reserv|schedule|visit|reading/,
    title: (n) => (n ? `Thanks, ${n} — your booking is requested` : "Your booking is requested"),
    message: "We'll confirm by email shortly. You can change or cancel free of charge up to 24 hours before.",
    next: [
      "Look out for our confirmation email",
      "Add the date to your calendar",
      "Arrive 10 minutes early (or join the video link on time)",
    ],
    prefix: "BK",
  },
  {
    re: /feedback|survey|review|rating/,
    title: (n) => (n ? `Thank you, ${n}!` : "Thank you for your feedback!"),
    message: "Every response is read by the team. It really does shape what we do next.",
    next: ["We group feedback into themes each week", "If you asked us to, we'll reply within 2 days"],
    prefix: "FB",
  },
  {
    re: /newsletter|subscri/,
    title: () => "You're subscribed",
    message: "The first email arrives this week. You can unsubscribe with one click at any time.",
    next: ["Add us to your contacts so we don't land in spam", "Choose topics in your preferences"],
    prefix: "NL",
  },
  {
    re: /apply|application|job|career/,
    title: (n) => (n ? `Thanks for applying, ${n}` : "Application received"),
    message: "We review every application and reply within 10 working days.",
    next: ["Application review", "Intro call with the hiring manager", "Skills interview", "Offer"],
    prefix: "AP",
  },
  {
    re: /order|checkout|pay|purchase|subscription/,
    title: (n) => (n ? `Thank you, ${n} — order placed` : "Order placed"),
    message: "A receipt is on its way to your inbox. We'll email you again when it ships.",
    next: ["We pack your order today", "Tracking link by email when it ships", "Delivery in 1–2 working days"],
    prefix: "OR",
  },
  {
    re: /add|create|new/,
    title: () => "Added",
    message: "The new record was saved.",
    next: ["It now appears in the list", "You can edit it at any time"],
    prefix: "ID",
  },
  {
    re: /contact|message|enquir|inquir|question|support|sales|send/,
    title: (n) => (n ? `Thanks, ${n} — message sent` : "Message sent"),
    message: "We usually reply within one business day.",
    next: ["We read your message", "The right person replies by email", "Need it sooner? Call us on +1 (555) 010-2030"],
    prefix: "MS",
  },
];

function firstName(values: Record<string, Json>, entries: Entry[]): string | undefined {
  const direct = ["first_name", "full_name", "name", "your_name"]
    .map((k) => values[k])
    .find((v) => typeof v === "string" && v.trim());
  const fromEntry = entries.find((e) => /^(full |first |your )?name$/i.test(e.label))?.value;
  const n = (typeof direct === "string" ? direct : fromEntry)?.trim().split(/\s+/)[0];
  return n ? clip(n, 30) : undefined;
}

function confirmation(
  pa: PressedAction,
  previous: CodeScreen | undefined,
  values: Record<string, Json>,
  ctx: ScreenContext,
): Built {
  const merged = { ...values };
  // Some hosts send the form's values as the submit button's value.
  if (isObj(pa.value)) for (const [k, v] of Object.entries(pa.value)) if (v !== undefined) merged[k] = v;
  const entries = enteredValues(previous, merged);
  const what = normalize(`${pa.event ?? ""} ${pa.name} ${pa.label}`);
  const copy = COPY.find((c) => c.re.test(what)) ?? COPY.find((c) => c.re.test(formKindOf(ctx.text))) ?? COPY[COPY.length - 1]!;
  const first = firstName(merged, entries);
  const title = copy.title(first);
  const ref = `${copy.prefix}-${(hash32(`${what}|${JSON.stringify(entries)}`) % 90_000) + 10_000}`;
  const pairs: Record<string, string> = {};
  for (const e of entries.slice(0, 16)) pairs[clip(e.label, 60)] = clip(e.value, 300);
  const email = entries.find((e) => /e-?mail/i.test(e.label))?.value;
  const nodes: UiNode[] = [
    row([icon("check", { size: 40, tone: "success", name: "done_icon" }), heading(title, { level: 1, name: "title" })], {
      gap: 12,
      align: "center",
      name: "header",
    }),
    alert(`${copy.message}${email && /@/.test(email) ? ` We'll write to ${email}.` : ""}`, {
      name: "confirmation",
      title: `Reference ${ref}`,
      tone: "success",
    }),
    card(
      entries.length ? "What you sent" : "Received",
      entries.length
        ? [keyValue(pairs, { name: "submitted_values" })]
        : [text("We've received your submission. Nothing else is needed from you right now.", { name: "received_note" })],
      { name: "summary_card", elevated: true },
    ),
    card("What happens next", [list(copy.next, { name: "next_steps", ordered: true })], { name: "next_card" }),
    row(
      [
        button("Back", { name: "back", variant: "ghost", icon: "arrow-left", onPress: "back" }),
        button("Done", { name: "done", variant: "primary", onPress: "done" }),
      ],
      { gap: 8, justify: "end", name: "actions" },
    ),
  ];
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 720, padding: 24, gap: 16 },
    nodes,
    sections: [
      "confirmation with a reference",
      entries.length ? `the ${entries.length} values entered` : "receipt",
      "next steps",
    ],
    summary: `a confirmation for “${pa.label}”${entries.length ? ` echoing ${entries.length} value${entries.length === 1 ? "" : "s"}` : ""}`,
  };
}

// Other answers ------------------------------------------------------------------------------------------------------------

function itemPage(pa: PressedAction, previous: CodeScreen | undefined): Built {
  const title = pa.label || "Details";
  const subtitle = isObj(pa.value) && typeof pa.value.subtitle === "string" ? pa.value.subtitle : undefined;
  // A row of a table on the earlier screen with this title gives the details.
  let pairs: Record<string, string> | undefined;
  for (const t of previous ? allNodes(previous).filter((n) => n.component === "table" && Array.isArray(n.value)) : []) {
    for (const r of t.value as Json[]) {
      if (
        isObj(r) &&
        Object.values(r).some((v) => typeof v === "string" && normalize(v) && normalize(title).includes(normalize(v)))
      ) {
        pairs = {};
        for (const [k, v] of Object.entries(r)) if (v !== undefined && v !== null) pairs[humanize(k)] = String(v);
        break;
      }
    }
    if (pairs) break;
  }
  if (!pairs && subtitle) {
    pairs = {};
    subtitle.split(" · ").forEach((part, i) => (pairs![i === 0 ? "Details" : `More (${i})`] = part));
  }
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 720, padding: 24, gap: 16 },
    nodes: [
      button("Back", { name: "back", variant: "ghost", icon: "arrow-left", onPress: "back" }),
      heading(title, { level: 1, name: "title" }),
      ...(subtitle ? [text(subtitle, { tone: "muted", name: "subtitle" })] : []),
      card(
        "Details",
        pairs
          ? [keyValue(pairs, { name: "details" })]
          : [text("No further details were listed for this item.", { tone: "muted" })],
        {
          name: "details_card",
          elevated: true,
        },
      ),
      textArea({ name: "notes", label: "Notes", placeholder: "Add a note…", rows: 3 }),
      row([button("Save note", { name: "save_note", variant: "primary", onPress: { event: "save_note", value: title } })], {
        justify: "end",
        name: "actions",
      }),
    ],
    sections: ["back", `details of “${title}”`, "notes"],
    summary: `the details of “${title}”`,
  };
}

function addForm(pa: PressedAction, previous: CodeScreen | undefined, ctx: ScreenContext): Built {
  const thing = pa.name.replace(/^(add|new|create)_?/, "").replace(/_\d+$/, "") || "item";
  const table = previous ? allNodes(previous).find((n) => n.component === "table") : undefined;
  const cols = Array.isArray(table?.props.columns)
    ? table.props.columns
        .map((c) => (typeof c === "string" ? c : isObj(c) ? String(c.label ?? c.key ?? "") : ""))
        .filter((c) => c && !/^(id|sku|#)$/i.test(c))
    : [];
  const fields: Field[] = cols.length ? fieldsForColumns(cols.map((c) => humanize(c))) : fieldsForColumns(["Name", "Notes"]);
  const b = buildFormOf("custom", ctx, fields, `submit_add_${thing}`);
  const title = `Add ${humanize(thing).toLowerCase()}`;
  return {
    ...b,
    name: capitalize(title),
    settings: { ...b.settings, title: capitalize(title) },
    nodes: [heading(capitalize(title), { level: 1, name: "add_title" }), ...b.nodes.slice(1)],
    summary: `a form to ${title} (${fields.length} fields)`,
  };
}

function tasksFrom(previous: CodeScreen | undefined, values: Record<string, Json>): Task[] {
  const nodes = previous ? allNodes(previous) : [];
  return nodes
    .filter((n) => n.component === "checkbox" && /^task_\d+$/.test(n.name))
    .sort((a, b) => Number(a.name.slice(5)) - Number(b.name.slice(5)))
    .map((n) => {
      const badge = nodes.find((x) => x.name === `${n.name}_due`);
      const due = typeof badge?.value === "string" && badge.value !== "Done" ? badge.value : "This week";
      const done = n.name in values ? values[n.name] === true : n.value === true;
      return { label: String(n.props.label ?? humanize(n.name)), done, due };
    });
}

const answerTodo: ActionAnswer = (a, ctx, values, previous) => {
  const tasks = tasksFrom(previous, values);
  if (!tasks.length && a.name !== "add_task") return undefined;
  const title = previous?.name ?? "To-do list";
  if (a.name === "add_task" || a.event === "add_task") {
    const label = typeof values.new_task === "string" ? values.new_task.trim() : "";
    if (!label)
      return buildTodoWith(
        title,
        tasks,
        alert("Type a task in the box first, then press Add.", { name: "action_notice", tone: "warning" }),
      );
    const due = typeof values.new_task_due === "string" ? values.new_task_due : "Today";
    return buildTodoWith(
      title,
      [...tasks, { label: clip(label, 90), done: false, due }],
      alert(`Added “${clip(label, 60)}”.`, { name: "action_notice", tone: "success" }),
    );
  }
  if (a.name === "clear_completed") {
    const left = tasks.filter((t) => !t.done);
    return buildTodoWith(
      title,
      left,
      alert(`Cleared ${tasks.length - left.length} completed task${tasks.length - left.length === 1 ? "" : "s"}.`, {
        name: "action_notice",
        tone: "success",
      }),
    );
  }
  if (/^task_\d+$/.test(a.name)) {
    const t = tasks[Number(a.name.slice(5)) - 1];
    return buildTodoWith(
      title,
      tasks,
      alert(t ? `${t.done ? "Done" : "Reopened"}: “${clip(t.label, 60)}”.` : "Updated.", {
        name: "action_notice",
        tone: t?.done ? "success" : "info",
      }),
    );
  }
  void ctx;
  return undefined;
};

function withNoticeNode(b: Built, notice: UiNode): Built {
  return { ...b, nodes: [notice, ...b.nodes] };
}

const answerWeather: ActionAnswer = (a, ctx, values, previous) => {
  const place = /^Weather in (.+)$/.exec(previous?.name ?? "")?.[1] ?? extractLocation(ctx.prompt);
  if (a.name === "units" || a.event === "change_units") {
    const u = values.units === "f" || a.value === "f" ? "f" : "c";
    return buildWeather(ctx, place, u);
  }
  const unit = values.units === "f" ? "f" : values.units === "c" ? "c" : undefined;
  if (a.event === "refresh_weather" || a.name === "refresh_weather")
    return withNoticeNode(buildWeather(ctx, place, unit), alert("Up to date.", { name: "action_notice", tone: "success" }));
  if (a.event === "save_location" || a.name === "save_location")
    return withNoticeNode(
      buildWeather(ctx, place, unit),
      alert(`${place ?? "This location"} was added to your saved locations.`, { name: "action_notice", tone: "success" }),
    );
  return undefined;
};

const answerPricing: ActionAnswer = (a, ctx, values) => {
  if (a.event === "contact_sales") {
    const b = buildFormOf("contact", screenContext("contact form for our sales team"), [], "submit_contact_sales");
    return {
      ...b,
      name: "Talk to sales",
      settings: { ...b.settings, title: "Talk to sales" },
      nodes: [heading("Talk to sales", { level: 1, name: "sales_title" }), ...b.nodes.slice(1)],
    };
  }
  if (a.event !== "choose_plan" && !/^choose_/.test(a.name)) return undefined;
  const tierName = typeof a.value === "string" ? a.value : a.label;
  const found = findTier(tierName);
  const yearly = values.billing_yearly === true;
  const monthly = found?.tier.price ?? 0;
  const price = yearly ? Math.round(monthly * 12 * 0.8 * 100) / 100 : monthly;
  const title = `Start your ${tierName} plan`;
  void ctx;
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 880, padding: 24, gap: 16 },
    nodes: [
      button("Back to plans", { name: "back", variant: "ghost", icon: "arrow-left", onPress: "back" }),
      heading(title, { level: 1, name: "title" }),
      row(
        [
          card(
            "Your details",
            [
              textInput({ name: "full_name", label: "Full name", required: true }),
              textInput({ name: "email", label: "Work email", type: "email", placeholder: "you@company.com", required: true }),
              textInput({ name: "company", label: "Company" }),
              textInput({ name: "card_number", label: "Card number", placeholder: "1234 1234 1234 1234" }),
              row(
                [
                  textInput({ name: "card_expiry", label: "Expiry", placeholder: "MM/YY" }),
                  textInput({ name: "card_cvc", label: "CVC", type: "password", placeholder: "123" }),
                ],
                {
                  gap: 12,
                },
              ),
              checkbox(false, { name: "terms", label: "I agree to the terms of service" }),
              button(monthly ? "Start 14-day free trial" : "Create free account", {
                name: "submit_subscription",
                variant: "primary",
                fullWidth: true,
                onPress: "submit_subscription",
              }),
            ],
            { name: "details_card", elevated: true, style: { flex: 2 } },
          ),
          card(
            "Summary",
            [
              keyValue(
                {
                  Plan: tierName,
                  Billing: yearly ? "Yearly (20% off)" : "Monthly",
                  Price: monthly ? `${money(price)} ${yearly ? "per year" : (found?.unit ?? "per month")}` : "Free",
                  "Due today": money(0),
                },
                { name: "plan_summary" },
              ),
              list(
                (found?.tier.features ?? []).map((f) => ({ title: f, icon: "check" as const })),
                { name: "plan_features" },
              ),
              text("You won't be charged until the trial ends. Cancel any time.", { size: "sm", tone: "muted" }),
            ],
            { name: "summary_card", style: { flex: 1 } },
          ),
        ],
        { gap: 16, align: "start", wrap: true, name: "checkout_layout" },
      ),
    ],
    sections: ["back to plans", "account and payment details", `summary of the ${tierName} plan`],
    summary: `the sign-up for the ${tierName} plan (${yearly ? "yearly" : "monthly"})`,
  };
};

const answerForm: ActionAnswer = (a, ctx) => {
  if (a.name === "open_login" || a.event === "open_login") return buildFormOf("login", ctx);
  if (a.name === "open_signup" || a.event === "open_signup") return buildFormOf("signup", ctx);
  if (a.name === "forgot_password") {
    const title = "Reset your password";
    return {
      name: title,
      settings: { title, theme: "auto", maxWidth: 560, padding: 24, gap: 16 },
      nodes: [
        heading(title, { level: 1, name: "title" }),
        text("Enter the email you signed up with and we'll send you a reset link.", { tone: "muted" }),
        card(
          undefined,
          [
            textInput({ name: "email", label: "Email", type: "email", placeholder: "you@example.com", required: true }),
            button("Send reset link", { name: "submit_reset", variant: "primary", fullWidth: true, onPress: "submit_reset" }),
            button("Back to log in", { name: "open_login", variant: "ghost", onPress: "open_login" }),
          ],
          { name: "reset_card", elevated: true },
        ),
      ],
      sections: ["reset form"],
      summary: "a password reset form",
    };
  }
  if (a.name === "clear_form")
    return withNoticeNode(buildForm(ctx), alert("The form was cleared.", { name: "action_notice", tone: "info" }));
  return undefined;
};

const answerProfile: ActionAnswer = (a) => {
  if (a.event !== "message_user" && a.name !== "message_user") return undefined;
  const who = typeof a.value === "string" ? a.value : "them";
  const title = `Message ${who}`;
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 640, padding: 24, gap: 16 },
    nodes: [
      button("Back to profile", { name: "back", variant: "ghost", icon: "arrow-left", onPress: "back" }),
      heading(title, { level: 1, name: "title" }),
      card(
        undefined,
        [
          textInput({ name: "subject", label: "Subject", placeholder: "Hi!" }),
          textArea({ name: "message", label: "Message", placeholder: `Write to ${who}…`, rows: 6 }),
          button("Send", { name: "submit_message", variant: "primary", icon: "mail", onPress: "submit_message" }),
        ],
        { name: "message_card", elevated: true },
      ),
    ],
    sections: ["back", "message form"],
    summary: `a message form to ${who}`,
  };
};

const SITE_ANSWERS: Partial<Record<Intent, ActionAnswer>> = {
  womens_health: answerWomensHealth,
  python_tutorial: answerPythonTutorial,
  pet_shop: shopAnswer(true),
  shop: shopAnswer(false),
  astrology: answerAstrology,
  todo: answerTodo,
  weather: answerWeather,
  pricing: answerPricing,
  form: answerForm,
  profile: answerProfile,
};

// The previous screen with a notice -----------------------------------------------------------------------------------

/** Where the statement starting at `start` ends (brackets balanced, strings skipped). */
function statementEnd(code: string, start: number): number {
  let depth = 0;
  let quote = "";
  for (let i = start; i < code.length; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return code.length;
}

function withNotice(code: string, notice: UiNode): string {
  // One notice at a time: drop the one added last time.
  const base = code
    .split("\n")
    .filter((l) => !/^alert\(.*name: "action_notice"/.test(l))
    .join("\n")
    .replace(/\n+$/, "");
  const line = printNode(notice);
  const m = /^screen\(/m.exec(base);
  if (!m) return `${line}\n${base}\n`;
  const end = statementEnd(base, m.index);
  return `${base.slice(0, end)}\n${line}${base.slice(end)}\n`;
}

/** The code with a tabs component (by its explicit name) showing tab `index`; nothing if it cannot be found. */
function selectTab(code: string, name: string, index: number): string | undefined {
  if (index < 0) return undefined;
  const at = code.indexOf(`name: ${JSON.stringify(name)}`);
  if (at < 0) return undefined;
  const open = code.lastIndexOf("{", at);
  // Only when the name sits directly in that object (no nested object closed in between).
  if (open < 0 || code.slice(open, at).includes("}")) return undefined;
  const end = statementEnd(code, open);
  const props = code.slice(open, end).replace(/,?\s*selected: \d+/, "");
  return `${code.slice(0, open)}${props.replace(/^\{/, `{selected: ${index}, `)}${code.slice(end)}`;
}

function noticeFor(pa: PressedAction): UiNode {
  const what =
    pa.type === "onChangeText"
      ? `“${pa.node ? (labelOf(pa.node) ?? humanize(pa.name)) : humanize(pa.name)}” is now “${clip(typeof pa.value === "string" ? pa.value : JSON.stringify(pa.value ?? ""), 80)}”.`
      : `You ${pa.type === "onLongPress" ? "long-pressed" : "pressed"} “${pa.label}”.`;
  return alert(what, { name: "action_notice", title: "Action received", tone: "info" });
}

// Dispatch ------------------------------------------------------------------------------------------------------------

const SUBMIT =
  /\b(submit|send|sign ?up|register|book|reserve|subscribe|apply|checkout|place order|confirm|request|create account|log ?in|pay|save changes)\b/;
const NAV = /\b(open section|nav|tab|menu|category|section|explore|learn more|open page|go to)\b/;

/** Answers an action, or nothing if the "action" should be read as an ordinary prompt. */
export function answerAction(conv: Conversation, a: HostAction): ActionOutcome | undefined {
  const previous = conv.previousCode ? readUiCode(conv.previousCode) : undefined;
  if (a.fromText && !previous) return undefined;
  const pa = resolvePressed(a, previous);
  if (!pa) return undefined;
  const ctx = screenContext(conv.prompt);
  const values = conv.values;
  const what = normalize(`${pa.event ?? ""} ${pa.name}`);
  const note = `The user ${pa.type === "onChangeText" ? "changed" : pa.type === "onLongPress" ? "long-pressed" : "pressed"} “${pa.label}” (${pa.name}${pa.event ? `, event ${pa.event}` : ""}).`;
  const screen = (built: Built, kind: string) => ({ kind: "screen" as const, built, intent: `action:${kind}`, note });

  if (pa.event === "use_suggestion") return { kind: "prompt", prompt: typeof pa.value === "string" ? pa.value : pa.label, note };
  if (/^(back|home|continue shopping|back to home|done)$/.test(what) || pa.event === "back" || pa.event === "done")
    return { kind: "prompt", prompt: conv.prompt, note };

  const intent = detectIntent(conv.prompt).intent;
  const site = SITE_ANSWERS[intent]?.(pa, ctx, values, previous);
  if (site) return screen(site, intent);

  const productish =
    /\b(open product|add to cart|buy now|view product|product)\b/.test(what) || (isObj(pa.value) && "price" in pa.value);
  if (productish) {
    const shop = shopAnswer(false)(pa, ctx, values, previous);
    if (shop) return screen(shop, "product");
  }
  const label = normalize(pa.label);
  const isButton = !pa.node || pa.node.component === "button";
  if (pa.type === "onPress" && (SUBMIT.test(what) || (isButton && SUBMIT.test(label))))
    return screen(confirmation(pa, previous, values, ctx), "submit");
  if (/^(add|new|create) /.test(what) && pa.type === "onPress") return screen(addForm(pa, previous, ctx), "add");
  if (pa.event === "open_item" || pa.node?.component === "list") return screen(itemPage(pa, previous), "item");
  if (pa.node?.component === "tabs" && conv.previousCode) {
    // A tab: the same screen with that tab open.
    const code = selectTab(conv.previousCode, pa.node.name, Array.isArray(pa.node.value) ? pa.node.value.indexOf(pa.label) : -1);
    if (code) return { kind: "code", code, intent: "action:tab", note };
  }
  if (pa.event === "get_started" || pa.name === "get_started") return screen(buildFormOf("signup", ctx), "section");
  if (NAV.test(what) || pa.node?.component === "tabs") return screen(buildSection(pa.label, conv.prompt), "section");
  if (!conv.previousCode) return screen(buildSection(titleCase(pa.label), conv.prompt), "section");
  return { kind: "code", code: withNotice(conv.previousCode, noticeFor(pa)), intent: "action:notice", note };
}
