import { capitalize, escapeRegExp, hash32, titleCase } from "../text";
import {
  alert,
  badge,
  button,
  card,
  checkbox,
  column,
  grid,
  heading,
  icon,
  image,
  lineChart,
  list,
  markdown,
  progress,
  row,
  select,
  slider,
  stat,
  switch_,
  table,
  tabs,
  text,
  textArea,
  textInput,
  fileInput,
  type IconName,
  type Row,
  type UiNode,
} from "../ui";
import { dishFor, fieldFor } from "../content";
import { cleanItem, readNumber, type Item } from "../understand/items";
import { fieldKey } from "../understand/entities";
import { keyValue } from "../ui";
import { questionCount, quizFor, rightAnswer, type QuizItem } from "../content/quizzes";
import { localPrice, PLAN_WORDS, planKindFor, plansOf, type Plan, type PlanKind } from "../content/plans";
import { CATALOG, addDays, iso, peopleFor, placesFor, shortDate, TODAY, type Ctx } from "./context";
import {
  chart,
  dataTable,
  details,
  faqSection,
  avatar,
  cartTable,
  cartTotals,
  lineItemsTable,
  cell,
  field,
  form,
  type FieldWord,
  header,
  itemCards,
  itemList,
  money,
  nameOf,
  photo,
  stats,
  type ChartKind,
} from "./sections";
import { measureOf } from "./chart-data";
import { deliveryLayout, isDeliveryRequest } from "./delivery";

/**
 * One layout per family: which sections, in which order, filled from the request's entities and the context's
 * content. Parts the request names ("… with a table of orders and a revenue chart") are added by `partSection`.
 */

export type Layout = (ctx: Ctx) => UiNode[];

/** The user's own list, when the request has one. */
const own = (ctx: Ctx): string[] => ctx.e.lists[0] ?? [];
/** The user's own list read as items (options, values, ranges), when the request has one. */
const ownItems = (ctx: Ctx): Item[] => [...ctx.e.items].sort((a, b) => b.length - a.length)[0] ?? [];
/** The user's listed things as named items with their price or value ("Toyota Corolla 2018 $12,500", "day pass 15 €"). */
const ownThings = (ctx: Ctx, min = 2): { name: string; price?: number; options: string[]; text: string }[] => {
  const l = ownItems(ctx).filter(
    (i) => i.label && !/^(?:hero|cta|filters?|search|total|subtotal|button|chart|table)\b/i.test(i.label),
  );
  if (l.length < min) return [];
  // A single phrase in parentheses ("10-day bundle £270 (includes a free bath)") is one more thing said of it.
  return l.map((i) => ({
    name: capitalize(i.label),
    ...(i.value !== undefined ? { price: i.value } : {}),
    options: i.options.length
      ? i.options
      : i.detail
        ? [i.detail.replace(/^(?:includes?|with|incl\.?)\s+(?:a\s+|an\s+)?/i, "")]
        : [],
    text: i.text,
  }));
};
/** How many things to show: the user's count, else `n`. */
const count = (ctx: Ctx, n: number, max = 24): number => Math.max(1, Math.min(max, ctx.e.count?.n ?? n));
const items = (ctx: Ctx, n: number) => {
  const all = ctx.domain.items;
  return Array.from({ length: Math.min(n, all.length * 2) }, (_, i) => all[i % all.length]!).slice(0, n);
};
/** A plausible cell of a places table for a column the user named ("distance", "rating", "kW", "price per kWh"). */
function placeCell(column: string, i: number): string | number {
  const c = column.toLowerCase();
  if (/distance|km|mile/.test(c)) return `${(0.4 + i * 0.7).toFixed(1)} km`;
  if (/rating|stars/.test(c)) return (4.8 - (i % 5) * 0.2).toFixed(1);
  if (/kwh/.test(c)) return `€${(0.39 + (i % 4) * 0.04).toFixed(2)} per kWh`;
  if (/\bkw\b/.test(c)) return `${[50, 150, 22, 300, 75][i % 5]} kW`;
  if (/price|cost|fee/.test(c)) return `$${(3 + i * 1.5).toFixed(2)}`;
  if (/open|hours/.test(c)) return ["7:00–19:00", "8:00–20:00", "6:30–18:00", "9:00–21:00"][i % 4]!;
  return ["Yes", "No"][i % 2]!;
}

const cellText = (ctx: Ctx, column: string, i: number): string => {
  const v = cell(ctx, column, i, peopleFor(ctx, 6));
  return typeof v === "number" && /salary|price|cost|pay/i.test(column) ? money(v, ctx.currency) : String(v);
};

/** A button the request names ("with a retry button", "a 'continue shopping' button"). */

/** What a spec is by its unit ("22 kg" is a weight). */
const SPEC_NAMES: Record<string, string> = {
  kg: "Weight",
  g: "Weight",
  lb: "Weight",
  km: "Range",
  mi: "Range",
  gb: "Storage",
  tb: "Storage",
  mah: "Battery",
  w: "Power",
  kw: "Power",
  cm: "Size",
  mm: "Size",
  in: "Size",
  h: "Hours",
  hrs: "Hours",
  mpx: "Camera",
  mp: "Camera",
};

const ICONS: IconName[] = ["star", "heart", "check", "clock", "user", "home", "calendar", "mail"];

/** The user's listed items as list entries, else `fallback`. */
function listOr(ctx: Ctx, fallback: readonly string[]): string[] {
  const l = own(ctx);
  return l.length ? l.map(capitalize) : [...fallback];
}

/** A button the user named that sends the form ("a submit button", "a send button", "'Count me in' button"). */
const SUBMIT_WORDS =
  /^(?:submit|send|apply|save|book|register|sign ?up|join|continue|next|confirm|done|finish|request|order|pay|donate|subscribe|rsvp|enquire|reserve|check ?out|get started|create|add|update|post|upload|go)\b/i;
/** A button the user named that leaves or clears the form. */
const CANCEL_WORDS = /^(?:cancel|back|go back|reset|clear|discard|close|start over|previous|skip)\b/i;

/** What a form is for, read from the request: a job application's role, else the request's own title. */
function formHeading(ctx: Ctx, subtitle: string): { title: string; subtitle: string; job: boolean } {
  const t = ctx.e.text;
  // "A form with name, email and a submit button" is named by its fields, not by its buttons.
  const own = ctx.title
    .replace(/(?:,\s*|\s+(?:and|with|plus)\s+)(?:(?:a|an|the)\s+)?(?:(?!(?:and|or|with)\b)[\p{L}']+\s+){1,2}buttons?\b/giu, "")
    .replace(/[\s,]+$/, "")
    .trim();
  const generic = { title: own || ctx.title, subtitle, job: false };
  if (!/\bappl(?:y|ying|ication|icant)\b/i.test(t)) return generic;
  const job =
    /\b(?:job|position|role|vacanc(?:y|ies)|hiring|career|employment|intern(?:ship)?|cv|c\.v\.|r[eé]sum[eé]|cover letter)\b/i.test(
      t,
    );
  // What (or whom) it is for, as written: "for the barista position", "application form for a barista with …",
  // "barista job application", "volunteer application form for the animal shelter".
  const WHAT = String.raw`([\p{L}][\p{L}'’&-]*(?:\s+(?!(?:with|at|in|who|that|and|or|for|to|job|position|role|form|page|asking|including)\b)[\p{L}][\p{L}'’&-]*){0,3})`;
  const what = [
    new RegExp(String.raw`\bfor\s+(?:a|an|the|our|my)\s+${WHAT}\s+(?:job|position|role|vacancy|opening)\b`, "iu"),
    new RegExp(
      String.raw`\bapplication(?:\s+form)?\s+(?:for|to)\s+(?:(?:a|an|the|our|my)\s+)?${WHAT}(?=\s+(?:with|at|in|who|that|and|asking|including)\b|\s*[,.;:!?—–-]|\s*$)`,
      "iu",
    ),
    new RegExp(String.raw`\b${WHAT}\s+(?:job|position|role)\s+application\b`, "iu"),
  ]
    .map((re) => re.exec(t)?.[1]?.trim())
    .find(
      (r) => r && !/^(?:a|an|the|job|new|simple|basic|online|my|our|form|screen|page)$/i.test(r) && !/^(?:a|an|the)\s/i.test(r),
    );
  if (job) {
    const cv = ctx.e.uploads.find((u) => u.accept.includes(".pdf"));
    const share = cv ? ` and share your ${cv.label === "CV" ? "CV" : cv.label.toLowerCase()}` : "";
    return what
      ? {
          title: `${capitalize(what)} job application`,
          subtitle: `Apply for the ${what} position: tell us about yourself${share}.`,
          job: true,
        }
      : { title: "Job application", subtitle: `Tell us about yourself${share}. We will be in touch.`, job: true };
  }
  // Another application ("volunteer application form for the animal shelter", "membership application for …").
  const kind = /\b([\p{L}-]+)\s+application\b/iu.exec(t)?.[1];
  const ofKind = kind && !/^(?:a|an|the|my|our|your|simple|basic|online|new|web|mobile|this|job)$/i.test(kind) ? kind : "";
  if (!what && !ofKind) return generic;
  return {
    title: capitalize([what, ofKind.toLowerCase(), "application"].filter(Boolean).join(" ")),
    subtitle: "Fill in the details below to apply. We will be in touch.",
    job: false,
  };
}

/** What file types an upload takes, as a hint ("PDF or Word", "JPG or PNG"). */
function acceptHint(accept: string): string {
  if (accept === ".pdf") return "PDF";
  if (accept.includes(".pdf") && accept.includes("image/")) return "PDF or photo";
  if (accept.includes(".pdf")) return "PDF or Word";
  if (accept.startsWith("image/")) return "JPG or PNG";
  if (accept.startsWith("video/")) return "a video";
  if (accept.startsWith("audio/")) return "an audio file";
  return "";
}

/**
 * A file to upload ("CV upload", "attach a photo"): a file picker offering the types it should be in (the CV as PDF or
 * Word), its label naming the file and, when the types are narrower than "any file", what they are.
 */
export function uploadField(u: { label: string; accept: string }): UiNode {
  const hint = acceptHint(u.accept);
  return fileInput({
    name: nameOf(u.label),
    label: hint ? `${u.label} (${hint})` : u.label,
    ...(u.accept ? { accept: u.accept } : {}),
  });
}

/**
 * A form: the user's fields (each once), the files they asked to upload (each once, whatever it is called: "CV" and
 * "resume upload" are one), and one row of buttons — the submit, labelled as the user named it ("a send button" →
 * "Send"), and any other button they named ("a cancel button") beside it.
 */
function formLayout(ctx: Ctx, defaults: string[], submit: string, event: string, subtitle: string): UiNode[] {
  const heading = formHeading(ctx, subtitle);
  const title = heading.title;
  const own = ownItems(ctx);
  const asked: FieldWord[] = own.length
    ? own
    : heading.job
      ? ["Full name", "Email", "Phone", "Experience", "Available from", "Cover letter"]
      : defaults;
  // Each field the user wrote once ("email, phone, email" has one Email); what each asks for (its lexicon key:
  // "CV" and "resume upload" are one thing) is kept so a file asked for again below is not added twice.
  const seen = new Set<string>();
  const written = new Set<string>();
  const fields: (FieldWord | { file: { label: string; accept: string } })[] = [];
  for (const f of asked) {
    const label = typeof f === "string" ? f : f.label || f.options.join(" or ");
    const plain = label.toLowerCase().replace(/\s+/g, " ").trim();
    if (written.has(plain)) continue;
    written.add(plain);
    seen.add(fieldKey(label));
    fields.push(typeof f !== "string" && f.upload !== undefined ? { file: { label: f.label, accept: f.upload } } : f);
  }
  // The files asked for ("… with CV upload") that are not among the fields yet: before a long text (a cover letter).
  for (const u of ctx.e.uploads) {
    const key = fieldKey(u.label);
    if (seen.has(key)) continue;
    seen.add(key);
    const at = own.length ? -1 : fields.findIndex((f) => typeof f === "string" && /^(?:cover letter|message)$/i.test(f));
    if (at >= 0) fields.splice(at, 0, { file: u });
    else fields.push({ file: u });
  }
  const inputs = fields.map((f) => (typeof f === "object" && "file" in f ? uploadField(f.file) : field(f)));
  // The buttons the user named: the first that sends the form is its submit; one that leaves it sits beside it.
  const named = ctx.e.buttons;
  const cancels = named.filter((b) => CANCEL_WORDS.test(b));
  const submitLabel =
    named.find((b) => SUBMIT_WORDS.test(b)) ??
    named.find((b) => !CANCEL_WORDS.test(b)) ??
    (heading.job ? "Send application" : submit);
  const others = named.filter((b) => b !== submitLabel && !cancels.includes(b)).slice(0, 2);
  const buttons = row(
    [
      ...cancels.slice(0, 1).map((b) => button(b, { name: nameOf(b), variant: "ghost", onPress: nameOf(b) })),
      ...others.map((b) => button(b, { name: nameOf(b), variant: "secondary", onPress: nameOf(b) })),
      button(submitLabel, { name: nameOf(event), variant: "primary", onPress: event }),
    ],
    { justify: "end", gap: 8 },
  );
  const columns = inputs.length > 6 ? 2 : 1;
  // In two columns, long texts (a cover letter, a message) take the whole width below the grid.
  const long = columns > 1 ? inputs.filter((n) => n.type === "textArea") : [];
  const short = inputs.filter((n) => !long.includes(n));
  return [
    ...header(title, heading.subtitle),
    card(title, { name: "form_card" }, [...(columns > 1 ? [grid(short, { columns, gap: 12 }), ...long] : inputs), buttons]),
  ];
}

const CHART_OF: Record<string, ChartKind> = {
  "bar-chart": "bar",
  "line-chart": "line",
  "area-chart": "area",
  "pie-chart": "pie",
};

function chartLayout(ctx: Ctx, kind: ChartKind): UiNode[] {
  const c = chart(ctx, kind, { title: ctx.title });
  const values = ctx.e.values;
  const summary =
    values.length >= 2
      ? (() => {
          const total = values.reduce((s, v) => s + v.value, 0);
          const top = [...values].sort((a, b) => b.value - a.value)[0]!;
          return [
            grid(
              [
                stat(total, {
                  name: "total",
                  label: "Total",
                  ...(values[0]!.unit === "%" ? { format: "percent" as const } : {}),
                }),
                stat(top.value, {
                  name: "highest",
                  label: `Highest: ${top.label}`,
                  ...(top.unit === "%" ? { format: "percent" as const } : {}),
                }),
                stat(values.length, { name: "categories", label: "Categories" }),
              ],
              { columns: 3, gap: 12 },
            ),
          ];
        })()
      : [];
  return [...header(ctx.title), card(ctx.title, { name: "chart_card" }, [c]), ...summary];
}

const PART_WORDS: Record<string, RegExp> = {
  "bar-chart": /\b(?:bar|bars|column chart|histogram|chart|graph)\b/i,
  "line-chart": /\b(?:line|trend|chart|graph)\b/i,
  "area-chart": /\b(?:area|chart|graph)\b/i,
  "pie-chart": /\b(?:pie|donut|doughnut|breakdown|share)\b/i,
  table: /\btable\b/i,
  list: /\blist\b/i,
};

/** The clause of the request that asks for a part ("a pie chart of traffic sources (search, social …)"). */
export function partPhrase(text: string, part: string): string | undefined {
  const re = PART_WORDS[part];
  if (!re) return undefined;
  const hidden: string[] = [];
  const masked = text.replace(/\(([^()]*)\)/g, (_, inner: string) => `⟦${hidden.push(inner) - 1}⟧`);
  const clauses = masked.split(
    /\s*(?:,|;|:|\s\+\s|\band\s+(?=(?:a|an|the|some)\b)|\bwith\s+(?=(?:a|an|the|some)\b)|\s[-—–]\s)\s*/i,
  );
  const at = clauses.findIndex((c) => re.test(c) && !/\bdashboard\b/i.test(c));
  const k = at >= 0 ? at : clauses.findIndex((c) => re.test(c));
  // "a line chart of pages per week — 80, 120, 95, 340": the values that follow the clause are its own.
  const values: string[] = [];
  if (k >= 0 && !/\d/.test(clauses[k]!))
    for (let j = k + 1; j < clauses.length && /^[$€£₹₦]?\d[\d.]*%?$/.test(clauses[j]!.trim()); j++)
      values.push(clauses[j]!.trim());
  const found = k >= 0 ? (values.length >= 2 ? `${clauses[k]}: ${values.join(", ")}` : clauses[k]) : undefined;
  return found?.replace(/⟦(\d+)⟧/g, (_, i: string) => `(${hidden[Number(i)]})`);
}

/** A part the request names inside a container ("with a table of orders"). */
export function partSection(ctx: Ctx, part: string): UiNode[] {
  const kind = CHART_OF[part];
  if (kind) {
    // A chart "of what each costs" draws the values the request gave elsewhere.
    const own = partPhrase(ctx.e.text, part);
    const phrase = own && !/\d/.test(own) && ctx.e.values.length >= 2 ? ctx.e.text : own;
    // "of what each costs": not a name — the noun it asks about is ("Costs").
    const measured = own ? measureOf(own) : undefined;
    const what =
      measured && /^(?:what|which|how|each|it|them|those|these)\b/i.test(measured)
        ? (/\b(costs?|spend|sales|revenue|time|votes?|budget|prices?|share)\b/i.exec(own!)?.[1] ?? "Breakdown")
        : measured;
    const title = what ? titleCase(what) : ctx.e.measure ? titleCase(ctx.e.measure.of) : titleCase(ctx.domain.series.label);
    return [card(title, { name: `${kind}_chart_card` }, [chart(ctx, kind, { ...(phrase ? { phrase } : {}), title })])];
  }
  const of = new RegExp(
    `\\b${part.replace("-", " ")}s?\\s+(?:of|for|with)\\s+([a-z][a-z ]{2,30}?)(?:\\s+(?:and|with)\\b|[,.]|$)`,
    "i",
  ).exec(ctx.e.text)?.[1];
  const title = of ? titleCase(of) : undefined;
  switch (part) {
    case "table": {
      const columns = /order/i.test(of ?? "")
        ? ["Order", "Customer", "Date", "Total", "Status"]
        : own(ctx).length > 2 && /column/i.test(ctx.e.norm)
          ? own(ctx)
          : ["Name", "Category", "Date", "Amount", "Status"];
      return [card(title ?? "Recent records", { name: "table_card" }, [dataTable(ctx, columns, 5)])];
    }
    case "list":
      return [
        card(title ?? "Highlights", { name: "list_card" }, [
          itemList(
            listOr(
              ctx,
              ctx.domain.items.slice(0, 5).map((i) => i.name),
            ),
          ),
        ]),
      ];
    case "faq":
      return [card("Frequently asked questions", { name: "faq_card" }, [faqSection(ctx.domain.faqs)])];
    case "form":
    case "contact": {
      // The form's own fields as the user wrote them: "an enquiry form (name, idea, placement, budget)", "contact form
      // at the bottom: name, email, your question", "a ticket form: name, number of tickets".
      const named = /\b((?:[a-z]+\s+)?)form\b[^.:(]{0,30}?(?:[:(]|\bwith\b)\s*([^)\n.]+)/i.exec(ctx.e.text);
      const fields = named
        ? named[2]!
            .split(/\s*(?:,|;|\band\b)\s*/)
            .map((f) => cleanItem(f))
            .filter((f) => f && f.split(/\s+/).length <= 5)
        : [];
      const kind = named?.[1]?.trim().toLowerCase();
      const title = kind && !/^(?:a|an|the|with|plus|and)$/.test(kind) ? capitalize(`${kind} form`) : "Get in touch";
      return [
        card(
          title,
          { name: "contact_card" },
          form(fields.length >= 2 ? fields.map(capitalize) : ["Name", "Email", "Message"], "Send", "send_message"),
        ),
      ];
    }
    case "gallery": {
      // A product's photos are of that product, seen from several sides — not other items of its shop.
      const views = ["front", "side", "back", "detail", "in use", "packaging"];
      const shots =
        ctx.family === "product"
          ? views.map((v) => ({ name: `${ctx.title.split(/\s[—–-]\s|,/)[0]!.trim()} — ${v}` }))
          : items(ctx, 6);
      return [
        grid(
          shots.map((it, i) =>
            image(photo(`${ctx.domain.id}-${it.name}`, 400, 300), {
              name: `photo_${i + 1}`,
              alt: it.name,
              height: 120,
              fit: "cover",
            }),
          ),
          { columns: 3, gap: 8 },
        ),
      ];
    }
    default: {
      const layout = LAYOUTS[part];
      // Other parts: the part's own layout without its page heading.
      return layout ? layout(ctx).filter((n) => !(n.type === "heading" && n.props?.level === 1)) : [];
    }
  }
}

export const LAYOUTS: Record<string, Layout> = {
  form: (ctx) =>
    formLayout(
      ctx,
      ["Full name", "Email", "Phone", "Message"],
      "Submit",
      "submit_form",
      "Fill in the details below and we will get back to you.",
    ),
  login: (ctx) => [
    ...header(
      /^(?:login|log in|sign in|signin)(?: form| page)?$/i.test(ctx.title) || ctx.title.length < 4 ? "Welcome back" : ctx.title,
      `Sign in to ${ctx.ownBrand || ctx.domainMatched ? ctx.brand : "your account"}.`,
    ),
    card("Sign in", { name: "sign_in_card" }, [
      ...(ownItems(ctx).length
        ? ownItems(ctx)
            .filter((f) => !/remember|forgot/i.test(f.label))
            .map((f) => field(f))
        : [field("email"), field("password")]),
      checkbox(false, { name: "remember_me", label: "Remember me" }),
      button("Sign in", { name: "sign_in", variant: "primary", fullWidth: true, onPress: "sign_in" }),
      row(
        [
          button("Forgot password?", { name: "forgot_password", variant: "ghost", onPress: "forgot_password" }),
          button("Create an account", { name: "create_account", variant: "ghost", onPress: "create_account" }),
        ],
        { justify: "between" },
      ),
    ]),
  ],
  signup: (ctx) => [
    ...header(
      ctx.title.length < 4 || /^(?:sign ?up|registration|register)(?: form| page)?$/i.test(ctx.title)
        ? "Create your account"
        : ctx.title,
      `Join ${ctx.ownBrand || ctx.domainMatched ? ctx.brand : "us"} in under a minute.`,
    ),
    card("Sign up", { name: "sign_up_card" }, [
      ...(ownItems(ctx).length ? ownItems(ctx) : ["Full name", "Email", "Password"]).map((f) => field(f)),
      checkbox(false, { name: "accept_terms", label: "I accept the terms and the privacy policy" }),
      button("Create account", { name: "create_account", variant: "primary", fullWidth: true, onPress: "sign_up" }),
    ]),
  ],
  contact: (ctx) => {
    const brand = ctx.brand;
    // The user's own ways to be reached, as written ("phone 0161 555 0192", "open Mon–Fri 9-18").
    const c = ctx.e.contacts;
    const hours =
      /\bopen(?:ing hours)?:?\s+((?:mon|tue|wed|thu|fri|sat|sun|daily|every|weekdays)[^,;.]*?\d[^,;.]*?)(?=[,;.]|\s+(?:and|with)\b|$)/i.exec(
        ctx.e.text,
      )?.[1];
    const where = placesFor(ctx, 1)[0]!;
    return [
      ...header(ctx.title.length < 4 ? "Contact us" : ctx.title, `Questions for ${brand}? We answer within one working day.`),
      grid(
        [
          card(
            "Send us a message",
            { name: "message_card" },
            // The user's fields when the list is fields ("a form with name, email, subject"), not the address it names.
            form(
              ownItems(ctx).filter((i) => !/\d|\p{Lu}/u.test(i.text) || fieldFor(i.label)).length >= 2
                ? ownItems(ctx).filter((i) => !/\d|\p{Lu}/u.test(i.text) || fieldFor(i.label))
                : ["Name", "Email", "Subject", "Message"],
              "Send message",
              "send_message",
            ),
          ),
          card("Other ways to reach us", { name: "reach_card" }, [
            details({
              Email: c.emails[0] ?? `hello@${nameOf(brand).replace(/_/g, "")}.com`,
              [/whatsapp/i.test(ctx.e.text) ? "WhatsApp" : "Phone"]: c.phones[0] ?? "+1 555 0142",
              ...(c.urls[0] ? { Website: c.urls[0] } : {}),
              Address: c.addresses[0]
                ? `${c.addresses[0]}${ctx.e.places.find((p) => !c.addresses[0]!.includes(p) && !p.includes(c.addresses[0]!)) ? `, ${ctx.e.places.find((p) => !c.addresses[0]!.includes(p) && !p.includes(c.addresses[0]!))}` : ""}`
                : `${where.address}, ${ctx.e.places[0] ?? where.city}`,
              Hours: hours ? capitalize(hours) : "Mon–Fri, 9:00–18:00",
            }),
          ]),
        ],
        { columns: 2, gap: 16 },
      ),
    ];
  },
  booking: (ctx) => {
    const e = ctx.e;
    const services = ctx.domain.services.map((s) => s.name);
    const party =
      /\bfor (\d{1,2})\b(?!\s*(?:min|h|hours?|:|am|pm|nights?|days?))|\b(\d{1,2})\s*(?:people|guests|persons|adults|pax)\b/i.exec(
        e.text,
      );
    const guests = party ? Number(party[1] ?? party[2]) : undefined;
    // Who the user may book with ("Dr. Okafor or Dr. Lindqvist"): a choice, not fields to type.
    const titled = /^(?:Dr|Mr|Mrs|Ms|Mx|Prof|Coach|Nurse)\.?\s+\p{Lu}/u;
    const whoList = ownItems(ctx).filter((i) => titled.test(i.label) || e.people.includes(i.label));
    const withWhom = whoList.length >= 2 ? whoList.map((i) => i.label) : undefined;
    // …and the times the user described are the slots, not fields.
    const rest = ownItems(ctx).filter(
      (i) => !whoList.includes(i) && !i.time && !/\bslots?\b|^\d{1,2}(?::\d{2})?\s?(?:am|pm)?$/i.test(i.text),
    );
    const fields = rest.length >= 2 ? rest : undefined;
    const slots = slotsAsked(e.text);
    const place = e.places[0] ?? e.people[0] ?? e.organisations[0];
    return [
      ...header(
        ctx.title,
        withWhom
          ? `With ${withWhom.slice(0, -1).join(", ")} or ${withWhom.at(-1)}${e.dates[0] ? `, ${e.dates[0]}` : ""}. Choose a time that suits you.`
          : place
            ? `At ${place}${e.dates[0] ? `, ${e.dates[0]}` : ""}${e.times[0] ? ` at ${e.times[0]}` : ""}.`
            : "Choose a time that suits you; we confirm by email.",
      ),
      card("Your booking", { name: "booking_card" }, [
        ...(withWhom ? [select(withWhom[0]!, { name: "with", label: "With", options: withWhom })] : []),
        ...(fields
          ? fields.map((f) => field(f))
          : [
              ...(services.length && !withWhom
                ? [select(services[0]!, { name: "service", label: "Service", options: services })]
                : []),
              row(
                [
                  field(e.dates[0] ? `Date (${e.dates[0]})` : "Date"),
                  slots
                    ? select(slots[0]!, { name: "time", label: "Time slot", options: slots })
                    : select(e.times[0] ?? "18:00", { name: "time", label: "Time", options: timeSlots(e.times[0]) }),
                ],
                { gap: 12, wrap: true },
              ),
              textInput({ name: "guests", label: "Guests", type: "number", value: String(guests ?? 2) }),
              field("Full name"),
              field("Email"),
              field("Notes"),
            ]),
        row([button("Confirm booking", { name: "confirm_booking", variant: "primary", onPress: "confirm_booking" })], {
          justify: "end",
        }),
      ]),
    ];
  },
  survey: (ctx) => {
    const questions = own(ctx).length
      ? own(ctx).map((q) => `How would you rate the ${q.toLowerCase()}?`)
      : CATALOG.survey
          .filter((q) => q.kind !== "text")
          .slice(0, 4)
          .map((q) => q.question);
    return [
      ...header(ctx.title, "It takes two minutes; every answer helps."),
      progress(0, { name: "survey_progress", label: `0 of ${questions.length + 1} answered`, max: questions.length + 1 }),
      ...questions.map((q, i) =>
        card(`Question ${i + 1}`, { name: `question_${i + 1}` }, [
          select("", {
            name: `answer_${i + 1}`,
            label: q,
            options: ["Excellent", "Good", "Fair", "Poor"],
            placeholder: "Choose an answer",
          }),
        ]),
      ),
      card("Anything else?", { name: "comments_card" }, [textArea({ name: "comments", label: "Comments", rows: 3 })]),
      row([button("Submit answers", { name: "submit_survey", variant: "primary", onPress: "submit_survey" })], {
        justify: "end",
      }),
    ];
  },
  quiz: (ctx) => {
    // "4 questions" (not "yr 8 history class") is how many.
    const asked = questionCount(ctx.e.text);
    const n = asked ?? 5;
    // What the quiz is about and what the planner honestly knows of it: capitals and continents from data, a catalogue
    // quiz whose topic is exactly the subject, general knowledge when asked for — else nothing (a question builder).
    const plan = quizFor(ctx.e.text, n, asked);
    const { subject, phrase } = plan;
    // The user's own questions with their choices ("e.g. Which breed has a blue-black tongue? (Chow Chow, Dalmatian,
    // Beagle)", "Which of these is a mammal? whale, shark, octopus") come first.
    const mine: QuizItem[] = [
      ...ctx.e.text.matchAll(
        /\b((?:which|what|who|when|where|how|is|are|do|does|can|name)\b[^?()]{3,120}\?)\s*(?:\(([^()]+)\)|([^?()—–.;:\n]*?(?:,|\bor\b)[^?()—–.;:\n]*))/gi,
      ),
    ]
      .map((m) => {
        const options = (m[2] ?? m[3] ?? "")
          .split(/\s*(?:,|\bor\b|\/)\s*/)
          .map((o) => capitalize(o.trim()))
          .filter(Boolean);
        const question = capitalize(m[1]!.trim());
        const right = rightAnswer(question, options);
        return { question, options, ...(right ? { answer: options.indexOf(right) } : {}) };
      })
      .filter((q) => q.options.length >= 2 && q.options.length <= 6);
    // The heading names the subject in the user's words.
    const title =
      subject && (!ctx.title.toLowerCase().includes(subject.toLowerCase()) || ctx.title.length > 48 || /[,:]/.test(ctx.title))
        ? `${capitalize(subject)} ${/\btrivia\b/i.test(ctx.e.text) && !/\bquiz/i.test(ctx.e.text) ? "trivia" : "quiz"}`
        : ctx.title;
    const builder = plan.kind === "builder" && (!mine.length || (asked ?? 0) > mine.length);
    if (builder) {
      // No content on this subject: a builder for the user's own questions, with any they wrote already in it.
      const QUESTION = /^(?:what|which|who|whom|when|where|why|how|is|are|do|does|did|can|name)\b|\?$/i;
      const INSTRUCTION = /\b(?:questions?|score|answers?|multiple choice|show|tell|results?|right|wrong|button|quiz+|trivia)\b/i;
      const lists = ctx.e.lists.filter((l) => l.some((q) => QUESTION.test(q.trim())));
      const written = [
        ...mine.map((q) => ({ question: q.question, answers: q.options.join(", ") })),
        ...[...ctx.e.text.matchAll(/(?:^|[,.;:!—–]\s*)((?:what|which|who|when|where|why|how)\b[^?.!;]{3,120}\?)/gi)].map((m) => ({
          question: capitalize(m[1]!.trim()),
          answers: "",
        })),
        ...lists.flat().flatMap((q) => (INSTRUCTION.test(q) ? [] : [{ question: capitalize(q.trim()), answers: "" }])),
      ].filter(
        (q, i, all) =>
          all.findIndex((o) => o.question.toLowerCase().replace(/\?$/, "") === q.question.toLowerCase().replace(/\?$/, "")) === i,
      );
      const rows = Math.max(written.length, asked ?? 3);
      return [
        ...header(
          title,
          `Write your ${rows} questions${phrase ? ` about ${phrase}` : ""}: the answers to choose from and the right one. Players pick an answer for each and see their score at the end.`,
        ),
        ...Array.from({ length: rows }, (_, i) =>
          card(`Question ${i + 1}`, { name: `question_${i + 1}` }, [
            textInput({
              name: `question_${i + 1}_text`,
              label: "Question",
              placeholder: phrase ? `A question about ${phrase}` : "Your question",
              ...(written[i]
                ? { value: /\?$/.test(written[i]!.question) ? written[i]!.question : `${written[i]!.question}?` }
                : {}),
            }),
            textInput({
              name: `question_${i + 1}_answers`,
              label: "Answers to choose from",
              placeholder: "Separate the answers with commas",
              ...(written[i]?.answers ? { value: written[i]!.answers } : {}),
            }),
            textInput({ name: `question_${i + 1}_right`, label: "Right answer", placeholder: "One of the answers above" }),
          ]),
        ),
        row([button("Create quiz", { name: "create_quiz", variant: "primary", onPress: "create_quiz" })], { justify: "end" }),
      ];
    }
    const qs = [...mine, ...(mine.length && plan.kind === "general" ? [] : plan.questions)].slice(0, Math.max(mine.length, n));
    return [
      ...header(
        title,
        `${qs.length === 1 ? "1 question" : `${qs.length} questions`}${plan.kind !== "builder" && plan.questions.length && qs.length > mine.length ? ` on ${plan.topic}` : ""}. Pick ${qs.length === 1 ? "an answer" : "one answer for each"}.`,
      ),
      // Moves as questions are answered (each answer sets it, on the screen itself).
      progress(0, { name: "quiz_progress", label: "Answered", max: qs.length }),
      ...qs.map((q, i) =>
        card(`${i + 1}. ${q.question}`, { name: `question_${i + 1}` }, [
          select("", {
            name: `answer_${i + 1}`,
            label: "Your answer",
            options: q.options,
            placeholder: "Choose an answer",
            onChangeText: { event: "answer", set: { name: "quiz_progress", value: i + 1 } },
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
    ];
  },
  settings: (ctx) => {
    const sections = own(ctx).length
      ? [
          {
            section: ctx.title,
            settings: ownItems(ctx).map((it) => {
              const label = capitalize((it.label || it.text).replace(/\s+(?:slider|toggle|switch)$/i, ""));
              // "(on/off)", "(yes/no)": a switch, not a choice.
              if (it.options.length === 2 && it.options.every((o) => /^(?:on|off|yes|no|enabled?|disabled?)$/i.test(o)))
                return {
                  label,
                  kind: "switch" as const,
                  options: undefined,
                  default: /^(?:on|yes|enabled?)$/i.test(it.options[0]!),
                };
              // "session length slider 5–60 min", "max distance 1-25 km": a slider over the user's range.
              if (it.range || /\bslider\b/i.test(it.label || it.text)) {
                const [min, max] = it.range ?? [0, 100];
                const unit = it.unit && !/^[$€£₹₦¥%]$/.test(it.unit) ? ` (${it.unit})` : "";
                return {
                  label: `${label}${unit}`,
                  kind: "slider" as const,
                  options: undefined,
                  default: Math.round((min + max) / 2),
                  min,
                  max,
                };
              }
              // "reminder time", "quiet hours start": a time of day.
              if (/\b(?:time|start|end|from|until|hours? (?:start|end))$/i.test(label))
                return {
                  label,
                  kind: "select" as const,
                  options: DAY_TIMES,
                  default: /end|until/i.test(label) ? "07:00" : "22:00",
                };
              if (it.options.length >= 2)
                return {
                  label,
                  kind: "select" as const,
                  options: it.options.map(capitalize),
                  default: capitalize(it.options[0]!),
                };
              if (/\b(?:size|volume|brightness|speed|zoom|level)\b/i.test(label))
                return { label, kind: "slider" as const, options: undefined, default: 50 };
              return { label, kind: "switch" as const, options: undefined, default: true };
            }),
          },
        ]
      : CATALOG.settings;
    return [
      ...header(ctx.title, "Changes are saved when you press Save."),
      ...sections.map((s) =>
        card(
          s.section,
          { name: nameOf(s.section) },
          s.settings.map((it) => settingInput(it)),
        ),
      ),
      row(
        [
          button("Cancel", { name: "cancel", variant: "ghost", onPress: "cancel" }),
          button("Save changes", { name: "save_settings", variant: "primary", onPress: "save_settings" }),
        ],
        { justify: "end", gap: 8 },
      ),
    ];
  },
  checkout: (ctx) => {
    // What is being bought, as the user wrote it: priced lines ("Banarasi silk saree ₹8,499, blouse stitching ₹650"),
    // or a number of things at a price each ("3 tickets … (£18 each)"); else the domain's.
    const priced = ctx.e.items
      .flat()
      .filter((i) => i.value !== undefined && i.unit && /^[$€£₹₦¥]$/.test(i.unit) && /\p{L}/u.test(i.label));
    const each =
      /\b(\d{1,3})\s+([a-z][a-z -]{2,30}?)\b[^.]*?([$€£₹₦]\s?\d[\d,.]*)\s*\)?\s*(?:each|apiece|per (?:ticket|item|person|head))/i.exec(
        ctx.e.text,
      );
    const bought: { name: string; unit: number; qty: number }[] = priced.length
      ? priced.map((i) => {
          // "2 agege bread ₦1,500 each": a count before the name is the quantity.
          const label = i.label.replace(/^(?:order(?: summary)?|summary)\s*:\s*/i, "");
          const counted = /^(\d{1,3})\s+(?:x\s+|×\s*)?(\D.*)$/.exec(label);
          return {
            name: capitalize(counted ? counted[2]! : label),
            unit: i.value!,
            qty: counted ? Number(counted[1]) : (i.qty ?? 1),
          };
        })
      : each
        ? [{ name: capitalize(each[2]!.trim()), unit: readNumber(each[3]!).value, qty: Number(each[1]) }]
        : items(ctx, 2).map((i) => ({ name: i.name, unit: i.price ?? 0, qty: 1 }));
    // A delivery or shipping fee the user wrote is the shipping, not a thing bought.
    const fee = bought.find((b) => /^(?:delivery|shipping|postage)(?: fee| charge)?$/i.test(b.name));
    if (fee) bought.splice(bought.indexOf(fee), 1);
    const subtotal = bought.reduce((s, i) => s + i.unit * i.qty, 0);
    const shipping = fee ? fee.unit : subtotal > 50 ? 0 : 4.99;
    return [
      ...header(ctx.title.length < 4 ? "Checkout" : ctx.title, "Secure payment. You can review everything before paying."),
      grid(
        [
          card(
            "Shipping and payment",
            { name: "payment_card" },
            // The user's fields when they list the form; one or two extras ("and a promo code field") join the usual ones.
            form(
              ownItems(ctx).filter((i) => i.value === undefined).length >= 3
                ? ownItems(ctx).filter((i) => i.value === undefined)
                : [
                    ...["Full name", "Email", "Address", "City", "Postal code", "Card number", "Expiry date", "CVC"],
                    ...ownItems(ctx).filter((i) => i.value === undefined),
                  ],
              `Pay ${money(subtotal + shipping, ctx.currency)}`,
              "pay",
              { columns: 2 },
            ),
          ),
          card("Order summary", { name: "summary_card" }, [
            list(
              bought.map((i) => ({
                title: i.qty > 1 ? `${i.qty} × ${i.name}` : i.name,
                subtitle:
                  i.qty > 1
                    ? `${money(i.unit, ctx.currency)} each · ${money(i.unit * i.qty, ctx.currency)}`
                    : money(i.unit, ctx.currency),
              })),
              { name: "order_items" },
            ),
            details(
              {
                Subtotal: money(subtotal, ctx.currency),
                Shipping: shipping ? money(shipping, ctx.currency) : "Free",
                Total: money(subtotal + shipping, ctx.currency),
              },
              "totals",
            ),
          ]),
        ],
        { columns: 2, gap: 16 },
      ),
    ];
  },
  table: (ctx) => {
    // Columns named before the records ("laptops with model and price: ThinkPad X1 1899, …"): a row per record.
    const recs = ownItems(ctx);
    if (ctx.e.heads.length && recs.length >= 2) {
      const cellsOf = (r: Item): (string | number)[] => [
        r.label,
        ...(r.detail ? [capitalize(r.detail)] : r.options.map(capitalize)),
        ...(r.value !== undefined ? [r.unit && /^[$€£₹₦¥]$/.test(r.unit) ? money(r.value, ctx.currency) : r.value] : []),
      ];
      const width = Math.max(...recs.map((r) => cellsOf(r).length));
      const cols = [...(width > ctx.e.heads.length ? ["Name"] : []), ...ctx.e.heads.map(capitalize)];
      const rows: Row[] = recs.map((r) => Object.fromEntries(cols.map((c, k) => [nameOf(c), cellsOf(r)[k] ?? ""])));
      return [
        ...header(ctx.title),
        table(rows, { name: "records", columns: cols.map((c) => ({ key: nameOf(c), label: c })), sortable: true }),
      ];
    }
    // Records the user wrote ("#101 Alice paid, #102 Bob pending", "Dr. Ito (cardiology), Dr. Mensah (pediatrics)"):
    // they are the rows.
    // "Dune by Frank Herbert, Emma by Jane Austen": works and who made them are rows of two columns.
    const byWho = ownItems(ctx).map((i) => /^(\S.*?)\s+by\s+(\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*)*)$/u.exec(i.text));
    if (byWho.length >= 2 && byWho.every(Boolean) && !/\bcolumns?\b/i.test(ctx.e.text)) {
      const maker = /\b(?:songs?|albums?|tracks?|paintings?|artworks?|records?)\b/i.test(ctx.e.text)
        ? "Artist"
        : /\b(?:films?|movies?)\b/i.test(ctx.e.text)
          ? "Director"
          : /\b(?:books?|novels?|papers?|articles?|poems?|reads?|reading)\b/i.test(ctx.e.text)
            ? "Author"
            : "By";
      return [
        ...header(ctx.title),
        table(
          byWho.map((m) => ({ title: m![1]!, by: m![2]! })),
          {
            name: "records",
            columns: [
              { key: "title", label: "Title" },
              { key: "by", label: maker },
            ],
            sortable: true,
          },
        ),
      ];
    }
    // Things with a value each ("netflix 15.49, spotify 10.99, …") are rows of a name and that value, with any columns
    // the user adds ("– with renewal dates").
    const valuedRecs = recs.filter((i) => i.value !== undefined && /\p{L}/u.test(i.label));
    if (valuedRecs.length >= 2 && valuedRecs.length === recs.length && !/\bcolumns?\b/i.test(ctx.e.text)) {
      const unit = valuedRecs[0]!.unit;
      const money_ =
        (unit && /^[$€£₹₦¥]$/.test(unit)) ||
        /\b(?:costs?|price|subscriptions?|bills?|fees?|spend|budget|expenses?)\b/i.test(ctx.e.text);
      const valueCol =
        unit === "%"
          ? "Share"
          : money_
            ? "Cost"
            : unit
              ? capitalize(unit)
              : ctx.e.measure
                ? capitalize(ctx.e.measure.of)
                : "Value";
      const more = ctx.e.items
        .filter((l) => l !== recs)
        .flat()
        .map((i) => i.label || i.text)
        .filter((l) => l.split(/\s+/).length <= 3 && !/\b(?:chart|graph|table|button|list|page|form)\b/i.test(l))
        .map((l) => capitalize(l.replace(/(?<=[a-z]{3})s$/, "")));
      const rows: Row[] = valuedRecs.map((r, i) => ({
        name: capitalize(r.label),
        value: money_ ? money(r.value!, ctx.currency) : r.value!,
        ...Object.fromEntries(
          more.map((c) => [nameOf(c), /\bdates?\b/i.test(c) ? shortDate(addDays(TODAY, 5 + i * 9)) : cellText(ctx, c, i)]),
        ),
      }));
      return [
        ...header(ctx.title),
        table(rows, {
          name: "records",
          columns: [
            { key: "name", label: "Name" },
            { key: "value", label: valueCol, align: "right" as const },
            ...more.map((c) => ({ key: nameOf(c), label: c })),
          ],
          sortable: true,
        }),
      ];
    }
    const records = ownItems(ctx).filter((i) => i.detail || /^#?\w*\d+\s+\S+|^(?:Dr|Mr|Mrs|Ms)\.?\s+[A-Z]/.test(i.text));
    if (records.length >= 2 && records.length === ownItems(ctx).length && !/\bcolumns?\b/i.test(ctx.e.text)) {
      const rows: Row[] = records.map((r) => {
        const code = /^(#?\w*\d[\w-]*)\s+/.exec(r.label)?.[1];
        const rest = code ? r.label.slice(code.length).trim() : r.label;
        const name = /^((?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)*)/u.exec(rest)?.[1] ?? rest;
        const status = rest.slice(name.length).trim();
        return {
          ...(code ? { id: code } : {}),
          name,
          ...(status || r.detail ? { details: capitalize(status || r.detail!) } : {}),
          ...(r.value !== undefined ? { value: r.value } : {}),
        };
      });
      const keys = Object.keys(rows[0]!);
      return [
        ...header(ctx.title),
        table(rows, {
          name: "records",
          columns: keys.map((k) => ({ key: k, label: k === "id" ? "#" : capitalize(k) })),
          sortable: true,
        }),
      ];
    }
    const optioned = ctx.e.items.flat().find((i) => i.options.length >= 2 && /\b(?:table|columns?|list)\b/i.test(i.label));
    const cols = optioned ? optioned.options.map(capitalize) : own(ctx).length >= 2 ? own(ctx) : defaultColumns(ctx);
    return [
      ...header(ctx.title),
      row(
        [
          textInput({ name: "search", label: "Search", type: "search", placeholder: `Search ${ctx.title.toLowerCase()}` }),
          button("Export CSV", { name: "export", variant: "secondary", onPress: "export_csv" }),
        ],
        { gap: 12, align: "end", wrap: true },
      ),
      dataTable(ctx, cols, count(ctx, 8, 50), { name: "records" }),
    ];
  },
  "bar-chart": (ctx) => chartLayout(ctx, "bar"),
  "line-chart": (ctx) => chartLayout(ctx, "line"),
  "area-chart": (ctx) => chartLayout(ctx, "area"),
  "pie-chart": (ctx) => chartLayout(ctx, "pie"),
  dashboard: (ctx) => {
    const parts = ctx.parts.length
      ? ctx.parts.flatMap((p) => partSection(ctx, p))
      : [...partSection(ctx, "line-chart"), ...partSection(ctx, "table")];
    return [...header(ctx.title, `Updated ${shortDate(TODAY)}`), stats(ctx), ...parts];
  },
  leaderboard: (ctx) => {
    // The user's own standings ("Mendes 24, Okoro 21 …"), best first; else plausible players.
    const own = ownThings(ctx).filter((t) => t.price !== undefined);
    const players = own.length >= 2 ? [...own].sort((a, b) => b.price! - a.price!) : undefined;
    const rows: Row[] = players
      ? players.map((p, i) => ({ rank: i + 1, player: p.name, score: p.price!, played: 0 }))
      : peopleFor(ctx, count(ctx, 10, 50)).map((p, i) => ({
          rank: i + 1,
          player: p,
          score: 9800 - i * 412 - ctx.rng.int(0, 120),
          played: 40 - i,
        }));
    const unit = ownItems(ctx).find((i) => i.value !== undefined)?.unit;
    const money_ = unit && /^[$€£₹₦¥]$/.test(unit);
    return [
      ...header(ctx.title, players ? `Ranked by ${money_ ? "amount" : "score"}, highest first.` : "Updated after every match."),
      grid(
        rows
          .slice(0, 3)
          .map((r, i) =>
            card(`${["🥇", "🥈", "🥉"][i]} ${r.player}`, { name: `podium_${i + 1}` }, [
              money_
                ? stat(Number(r.score), { label: "Raised", format: "currency", currency: ctx.currency })
                : stat(Number(r.score), { label: "Points" }),
            ]),
          ),
        { columns: Math.min(3, rows.length), gap: 12 },
      ),
      table(money_ ? rows.map((r) => ({ ...r, score: money(Number(r.score), ctx.currency) })) : rows, {
        name: "standings",
        columns: [
          { key: "rank", label: "Rank" },
          { key: "player", label: players ? "Name" : "Player" },
          { key: "score", label: money_ ? "Raised" : "Score", ...(money_ ? {} : { format: "number" }), align: "right" },
          ...(players ? [] : [{ key: "played", label: "Played", align: "right" as const }]),
        ],
        sortable: true,
      }),
    ];
  },
  comparison: (ctx) => {
    // The things compared are the list with prices when there is one ("PureGym £22, The Gym £25"); another list is
    // what they are compared on ("— opening hours, pool, classes").
    const lists = ctx.e.items.filter((l) => l.length >= 2);
    const priced = lists.find((l) => l.filter((i) => i.value !== undefined).length >= 2);
    // Without prices, things with names ("the Kindle Paperwhite or the Kobo Clara") are compared on the plain words.
    const ASKING =
      /^(?:should (?:i|we) (?:get|buy|choose|pick|go (?:for|with))|which is better|compare|choose between)\s+(?:the\s+)?/i;
    const bare = (i: Item) => (i.label || i.text).replace(ASKING, "").replace(/^the\s+/i, "");
    const named = lists.find(
      (l) =>
        l.every((i) => /^\p{Lu}|\d/u.test(bare(i))) && lists.some((o) => o !== l && o.every((i) => !/^\p{Lu}/u.test(i.text))),
    );
    const things = priced ?? named ?? [...lists].sort((a, b) => b.length - a.length)[0];
    // A comparison of plans the user fills in: a card per plan with its name and price (as written, when written) and a
    // field for each thing such plans are compared on (data, minutes … for phone plans; else what each includes).
    const fillIn = (names: (string | undefined)[], prices: (number | undefined)[], kind?: PlanKind): UiNode[] => [
      ...header(
        ctx.title,
        `Fill in the ${names.length} plans you are comparing: ${kind ? `price, ${kind.features.slice(0, 3).join(", ").toLowerCase()} and more` : "name, price and what each includes"}.`,
      ),
      grid(
        names.map((named, i) =>
          card(named ?? `Plan ${i + 1}`, { name: `plan_${i + 1}` }, [
            ...(named ? [] : [textInput({ name: `plan_${i + 1}_name`, label: "Plan name", placeholder: `Plan ${i + 1}` })]),
            textInput({
              name: `plan_${i + 1}_price`,
              label: "Price per month",
              placeholder: `e.g. ${money(25, ctx.currency)}`,
              ...(prices[i] !== undefined ? { value: money(prices[i]!, ctx.currency) } : {}),
            }),
            ...(kind
              ? kind.features.map((f) =>
                  textInput({ name: `plan_${i + 1}_${nameOf(f)}`, label: f, placeholder: `e.g. ${kind.plans[0]!.values[f]!}` }),
                )
              : [
                  textArea({
                    name: `plan_${i + 1}_includes`,
                    label: "What it includes",
                    rows: 3,
                    placeholder: "Allowances, extras, limits",
                  }),
                  textInput({ name: `plan_${i + 1}_contract`, label: "Contract length", placeholder: "e.g. 12 months" }),
                ]),
            button(named ? `Choose ${named}` : `Choose plan ${i + 1}`, {
              name: `choose_plan_${i + 1}`,
              variant: "secondary",
              fullWidth: true,
              onPress: { event: "choose_plan", value: named ?? `Plan ${i + 1}` },
            }),
          ]),
        ),
        { columns: Math.min(4, names.length), gap: 16, name: "plans" },
      ),
    ];
    if (!things) {
      // Plans of a kind the user named but did not list ("three phone plans"): typical plans of that kind, compared on
      // what such plans differ in (data, minutes, texts …), cheapest first — one card each, so a phone shows them
      // stacked instead of a table too wide for it.
      const kind = planKindFor(ctx.e.text);
      const priceOf = (p: Plan) =>
        p.price === undefined
          ? "Contact us"
          : p.price === 0
            ? /^free\b/i.test(p.name)
              ? `${money(0, ctx.currency)}/month`
              : "Free"
            : `${money(localPrice(p.price, ctx.currency), ctx.currency)}/${p.per ? `${p.per}/` : ""}month`;
      if (kind) {
        const shown = plansOf(kind, count(ctx, 3, kind.plans.length));
        return [
          ...header(ctx.title, `${shown.length} typical ${kind.noun[1]}, cheapest first, side by side.`),
          grid(
            shown.map((p, i) =>
              card(p.name, { name: `plan_${nameOf(p.name)}`, elevated: i === 1 }, [
                heading(priceOf(p), { level: 3 }),
                keyValue(Object.fromEntries(kind.features.map((f) => [f, p.values[f]!])), {
                  name: `plan_${nameOf(p.name)}_details`,
                }),
                button(`Choose ${p.name}`, {
                  name: `choose_${nameOf(p.name)}`,
                  variant: i === 1 ? "primary" : "secondary",
                  fullWidth: true,
                  onPress: { event: "choose_plan", value: p.name },
                }),
              ]),
            ),
            { columns: Math.min(4, shown.length), gap: 16, name: "plans" },
          ),
          text("Typical prices per month; a provider's own offer may differ.", { name: "price_note", tone: "muted", size: "sm" }),
        ];
      }
      // Plans of a kind the planner knows nothing of ("three insurance plans"): a comparison the user fills in.
      if (PLAN_WORDS.test(ctx.e.text))
        return fillIn(
          Array.from({ length: count(ctx, 3, 4) }, () => undefined),
          [],
        );
    }
    const options = things ? things.map((i) => capitalize(bare(i))) : items(ctx, 3).map((i) => i.name);
    const asked = lists.find((l) => l !== things)?.map((i) => capitalize(i.text || i.label));
    // The price row as the user named it ("price in euros").
    const priceRow = asked?.find((a) => /^(?:price|cost)\b/i.test(a)) ?? "Price";
    // Specs written for each thing ("Volt X (range 80 km, 22 kg, €2,199)") are rows of their own, as written.
    const specs = things?.every((t) => t.options.length >= 2 && t.options.length === things[0]!.options.length)
      ? things[0]!.options.map((_, j) => {
          const cells = things.map((t) => t.options[j]!);
          const label = /^([a-z][a-z ]*?)\s+[$€£₹₦\d]/i.exec(cells[0]!)?.[1];
          const unit = /\d\s?([a-z]+)$/i.exec(cells[0]!)?.[1]?.toLowerCase();
          const feature = label ?? (/^[$€£₹₦]/.test(cells[0]!) ? "Price" : unit ? (SPEC_NAMES[unit] ?? unit) : `Spec ${j + 1}`);
          return { feature: capitalize(feature), cells: cells.map((c) => (label ? c.slice(label.length).trim() : c)) };
        })
      : [];
    // Plans of a known kind from providers the user named, with nothing else said of them ("phone plans from Vodafone,
    // EE and Three"): what such plans differ in, for the user to fill in — never another kind's features, nor made-up
    // facts about a real provider.
    const namedKind = things && !asked && !specs.length ? planKindFor(ctx.e.text) : undefined;
    if (things && namedKind)
      return fillIn(
        things.map((t) => capitalize(bare(t).replace(/^.*\bfrom\s+/i, ""))),
        things.map((t) => (/^[$€£₹₦¥]$/.test(t.unit ?? "") ? t.value : undefined)),
        namedKind,
      );
    const specRows: Row[] = specs.map((sp) => ({
      feature: sp.feature,
      ...Object.fromEntries(options.map((o, oi) => [nameOf(o), sp.cells[oi] ?? "—"])),
    }));
    const features = [
      ...(specs.some((sp) => sp.feature === "Price") ? [] : [priceRow]),
      "Rating",
      ...(asked?.filter((a) => a !== priceRow) ?? (specs.length ? [] : ctx.domain.features.slice(0, 4).map((f) => f.title))),
    ];
    const rows: Row[] = features.map((f, fi) => ({
      feature: f,
      ...Object.fromEntries(
        options.map((o, oi) => [
          nameOf(o),
          f === priceRow
            ? things?.[oi]?.value === undefined && /^free\b/i.test(o)
              ? "Free"
              : money(
                  things?.[oi]?.value ??
                    ((ctx.domainMatched && ctx.domain.items[oi % ctx.domain.items.length]!.price) || 99 + oi * 20),
                  ctx.currency,
                )
            : f === "Rating"
              ? `${(4 + ((oi * 3 + fi) % 10) / 10).toFixed(1)} ★`
              : (oi + fi) % 3 === 0
                ? "—"
                : "✓",
        ]),
      ),
    }));
    // A question ("should I get …?") is not a heading: the things compared are.
    const title = /^(?:should|which|what|help)\b/i.test(ctx.title) ? options.join(" vs ") : ctx.title;
    return [
      ...header(title, `${options.join(" vs ")}, side by side.`),
      table([...specRows, ...rows], {
        name: "comparison",
        columns: [{ key: "feature", label: "Feature" }, ...options.map((o) => ({ key: nameOf(o), label: o }))],
      }),
      grid(
        options.map((o, i) =>
          button(`Choose ${o}`, {
            name: `choose_${i + 1}`,
            variant: i === 0 ? "primary" : "secondary",
            // Choosing one of several plans leads to confirming it.
            onPress: { event: PLAN_WORDS.test(ctx.e.text) ? "choose_plan" : "choose", value: o },
          }),
        ),
        { columns: Math.min(4, options.length), gap: 8 },
      ),
    ];
  },
  pricing: (ctx) => {
    const things = ownThings(ctx).filter((t) => t.name.split(" ").length <= 4);
    const named =
      things.length >= 2
        ? things.map((t) => t.name)
        : own(ctx)
            .filter((p) => !/^[$€£₹₦¥]?\d/.test(p) && p.split(" ").length <= 3)
            .map(capitalize);
    // Plans of a kind the user named but did not list ("pricing for phone plans"): typical plans of that kind.
    const kind = named.length < 2 ? planKindFor(ctx.e.text) : undefined;
    if (kind) {
      const shown = plansOf(kind, count(ctx, 3, kind.plans.length));
      const popular = Math.min(1, shown.length - 1);
      return [
        ...header(ctx.title, `Typical ${kind.noun[1]}, cheapest first. Prices per month.`),
        grid(
          shown.map((p, i) =>
            card(p.name, { name: `plan_${nameOf(p.name)}`, elevated: i === popular }, [
              heading(
                p.price === undefined
                  ? "Contact us"
                  : p.price === 0
                    ? /^free\b/i.test(p.name)
                      ? `${money(0, ctx.currency)}/mo`
                      : "Free"
                    : `${money(localPrice(p.price, ctx.currency), ctx.currency)}/${p.per ? `${p.per}/` : ""}mo`,
                { level: 2 },
              ),
              ...(i === popular ? [badge("Most popular", { tone: "info" })] : []),
              list(
                kind.features.map((f) => ({ title: `${f}: ${p.values[f]!}`, icon: "check" as const })),
                { name: `plan_${nameOf(p.name)}_features` },
              ),
              button(`Choose ${p.name}`, {
                name: `choose_${nameOf(p.name)}`,
                variant: i === popular ? "primary" : "secondary",
                fullWidth: true,
                onPress: { event: "choose_plan", value: p.name },
              }),
            ]),
          ),
          { columns: Math.min(4, shown.length), gap: 16, name: "plans" },
        ),
      ];
    }
    const n = named.length >= 2 ? named.length : count(ctx, 3, 6);
    const names = named.length >= 2 ? named : ["Starter", "Pro", "Business", "Enterprise", "Team", "Plus"].slice(0, n);
    // A price written inside a plan's parentheses ("Team ($12/user, unlimited projects)") is its price; the rest its features.
    const priceIn = (opts: string[]) => opts.map((o) => /^[$€£₹₦¥]\s?(\d[\d,.]*)|^(\d[\d,.]*)\s?[$€£₹₦¥]/.exec(o)).find(Boolean);
    const prices = names.map((_, i) => {
      const t = things[i];
      const inside = t ? priceIn(t.options) : undefined;
      // A plan the user priced as "contact us" has no price on the card.
      if (t && t.price === undefined && !inside && t.options.some((o) => /contact|quote|custom/i.test(o))) return undefined;
      // A plan called "Free" costs nothing unless the user priced it.
      if (t?.price === undefined && !inside && /^free\b/i.test(names[i]!)) return 0;
      return (
        t?.price ??
        (inside
          ? Number((inside[1] ?? inside[2])!.replace(/,/g, ""))
          : ctx.e.amounts.length >= n
            ? ctx.e.amounts[i]
            : [0, 19, 49, 99, 199, 399][i]! * (ctx.currency === "INR" ? 80 : 1))
      );
    });
    const per = /\/\s?(user|seat|month|mo|year|night|session|hour)\b/i.exec(ctx.e.text)?.[1];
    const domainFeatures = [...ctx.domain.features.map((f) => f.title), ...ctx.domain.services.map((s) => s.name)];
    const featuresOf = (i: number) => {
      const mine = (things[i]?.options ?? []).filter((o) => !priceIn([o]) && !/^contact us$/i.test(o)).map(capitalize);
      return mine.length ? mine : domainFeatures.slice(0, 2 + i);
    };
    return [
      ...header(ctx.title, "Simple plans. Cancel any time."),
      grid(
        names.map((p, i) =>
          card(p, { name: `plan_${i + 1}`, elevated: i === 1 }, [
            heading(
              prices[i] === undefined
                ? "Contact us"
                : prices[i]
                  ? `${money(prices[i]!, ctx.currency)}${things.length ? (per && things[i]?.options.some((o) => o.includes(per)) ? `/${per}` : "") : "/mo"}`
                  : "Free",
              { level: 2 },
            ),
            ...(i === 1 ? [badge("Most popular", { tone: "info" })] : []),
            list(
              featuresOf(i).map((f) => ({ title: f, icon: "check" as const })),
              { name: `plan_${i + 1}_features` },
            ),
            button(`Choose ${p}`, {
              name: `choose_${i + 1}`,
              variant: i === 1 ? "primary" : "secondary",
              fullWidth: true,
              onPress: { event: "choose_plan", value: p },
            }),
          ]),
        ),
        { columns: Math.min(4, names.length), gap: 16, name: "plans" },
      ),
    ];
  },
  invoice: (ctx) => lineItemsLayout(ctx, "invoice"),
  receipt: (ctx) => lineItemsLayout(ctx, "receipt"),
  tracker: (ctx) => {
    const n = ctx.e.norm;
    if (isDeliveryRequest(ctx.e.text)) return deliveryLayout(ctx);
    const habits = listOr(
      ctx,
      /expense|spend|budget/.test(n)
        ? ["Groceries", "Transport", "Eating out", "Bills"]
        : ["Drink 8 glasses of water", "Walk 8,000 steps", "Read 20 pages", "Sleep by 23:00"],
    );
    const money_ = /expense|spend|budget|cost/.test(n);
    // "$3,200 of $5,000", "14 of 30 books": progress towards the user's goal.
    const AMT = String.raw`[$€£₹₦]?\s?\d[\d,.]*k?`;
    // …or written apart: "goal 30 books, 12 read so far", "goal €1,500, saved €940 so far".
    const target = new RegExp(String.raw`\bgoal(?:\s+of|:)?\s+(${AMT})\s*([a-z]+)?`, "i").exec(ctx.e.text);
    const reached = new RegExp(
      String.raw`(${AMT})\s+(?:[a-z]+\s+){0,2}(?:so far|to date)\b|\b(?:saved|raised|read|done|completed|walked|ran|collected)\s+(${AMT})`,
      "i",
    ).exec(ctx.e.text);
    const goal =
      /([$€£₹₦]?\s?\d[\d,.]*k?)\s+(?:of|out of|\/)\s+([$€£₹₦]?\s?\d[\d,.]*k?)\s*([a-z]+)?/i.exec(ctx.e.text) ??
      (target && reached
        ? ([`${reached[0]} ${target[0]}`, (reached[1] ?? reached[2])!, target[1]!, target[2] ?? ""] as const)
        : null);
    if (goal) {
      const [done, of] = [
        readNumber(goal[1]!.replace(/k$/i, ""), /k$/i.test(goal[1]!) ? "k" : undefined).value,
        readNumber(goal[2]!.replace(/k$/i, ""), /k$/i.test(goal[2]!) ? "k" : undefined).value,
      ];
      const unit = goal[3] && !/^(?:the|a|this|my|our)$/i.test(goal[3]) ? ` ${goal[3]}` : "";
      const isMoney = /[$€£₹₦]/.test(goal[0]);
      const show = (v: number) => (isMoney ? money(v, ctx.currency) : v.toLocaleString("en-US"));
      const left = Math.max(0, of - done);
      return [
        ...header(ctx.title, `${show(done)} of ${show(of)}${unit}`),
        progress(done, {
          name: "goal_progress",
          label: `${Math.round((done / Math.max(1, of)) * 100)}% of the goal`,
          max: of,
          tone: "success",
        }),
        grid(
          [
            stat(done, {
              name: "done",
              label: isMoney ? "Saved" : `Done${unit}`,
              ...(isMoney ? { format: "currency" as const, currency: ctx.currency } : {}),
            }),
            stat(of, {
              name: "target",
              label: "Goal",
              ...(isMoney ? { format: "currency" as const, currency: ctx.currency } : {}),
            }),
            stat(left, {
              name: "left",
              label: "To go",
              ...(isMoney ? { format: "currency" as const, currency: ctx.currency } : {}),
            }),
          ],
          { columns: 3, gap: 12 },
        ),
        row(
          [
            button(isMoney ? "Add savings" : "Log progress", {
              name: "log_progress",
              variant: "primary",
              onPress: "log_progress",
            }),
          ],
          { justify: "end" },
        ),
      ];
    }
    return [
      ...header(ctx.title, money_ ? "This month so far." : "Today, and how your streaks are going."),
      grid(
        [
          stat(money_ ? 1240 : 5, {
            name: "streak",
            label: money_ ? "Spent this month" : "Day streak",
            ...(money_ ? { format: "currency" as const, currency: ctx.currency } : {}),
          }),
          stat(money_ ? 2000 : 78, {
            name: "goal",
            label: money_ ? "Budget" : "Goals met",
            format: money_ ? "currency" : "percent",
            ...(money_ ? { currency: ctx.currency } : {}),
          }),
        ],
        { columns: 2, gap: 12 },
      ),
      card(
        money_ ? "By category" : "Today",
        { name: "entries" },
        habits.map((h, i) =>
          money_
            ? progress(30 + ((i * 23) % 60), { name: `entry_${i + 1}`, label: h })
            : checkbox(i % 2 === 0, { name: `habit_${i + 1}`, label: h }),
        ),
      ),
      chart(ctx, "bar", { title: money_ ? "Spending by month" : "Goals met per month", series: money_ ? "spent" : "goals met" }),
      row(
        [
          textInput({ name: "new_entry", label: money_ ? "New expense" : "New habit" }),
          button("Add", { name: "add_entry", onPress: "add_entry" }),
        ],
        { gap: 8, align: "end" },
      ),
    ];
  },
  timeline: (ctx) => {
    // When the user dated the events ("1962 opened …", "site survey Jan 2024", "12 Mar: kickoff"), those are the dates.
    const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
    const WHEN = new RegExp(
      String.raw`^(?:((?:\d{1,2}\s+)?${MONTH}(?:\s+\d{4})?|\d{4}(?:-\d{2}(?:-\d{2})?)?|q[1-4](?:\s+\d{4})?)[:,\s-]+(.+)|(.+?)[\s,(-]+((?:\d{1,2}\s+)?${MONTH}(?:\s+\d{4})?|\d{4}|q[1-4](?:\s+\d{4})?)\)?)$`,
      "i",
    );
    const dated = own(ctx).map((t) => WHEN.exec(t));
    const events = own(ctx).length
      ? own(ctx).map((t, i) => {
          const m = dated.filter(Boolean).length >= 2 ? dated[i] : null;
          const when = m?.[1] ?? m?.[4];
          return when
            ? { title: capitalize((m![2] ?? m![3])!.trim()), date: capitalize(when) }
            : { title: capitalize(t), date: iso(addDays(TODAY, 30 * i - 90)) };
        })
      : CATALOG.milestones.slice(0, count(ctx, 6, 10)).map((t) => ({ title: t.title, date: t.when }));
    return [
      ...header(ctx.title),
      list(
        events.map((ev) => ({ title: ev.title, subtitle: ev.date, icon: "calendar" as const })),
        { name: "timeline", dividers: true },
      ),
    ];
  },
  steps: (ctx) => {
    // A step's title as the user wrote it: "your business" keeps its "your" (a form field would drop it).
    const asWritten = (s: string) => {
      return capitalize(
        new RegExp(`\\b(?:your|my|our|pick|choose|select|enter|upload|add|rate|rank)\\s+${escapeRegExp(s)}\\b`, "i").exec(
          ctx.e.text,
        )?.[0] ?? s,
      );
    };
    const mine = ownItems(ctx);
    const steps = mine.length
      ? mine.map((i) => asWritten((/\p{L}/u.test(i.label) ? i.label : i.text).replace(/\s*[✓✔]\s*/g, " ").trim()))
      : (Object.values(CATALOG.processes)[0] ?? []).map((s) => s.title);
    // Where the user is: "we're on step 2", "step 3 of 5", a step marked "(current)" or after the ones ticked ✓.
    const said = /\b(?:on|at|currently|now|reached)\s+(?:step|stage)\s+(\d+)|\b(?:step|stage)\s+(\d+)\s+of\s+\d+/i.exec(
      ctx.e.text,
    );
    // "the user is on income", "we're at documents": the step named.
    const on =
      /\b(?:is|are|we're|i'm|they're|currently|now)\s+(?:on|at)\s+(?:the\s+)?([a-z][a-z ]{1,30}?)(?:\s+step)?\s*(?:[.,;!]|$)/i.exec(
        ctx.e.text,
      )?.[1];
    const named = on ? steps.findIndex((st) => st.toLowerCase() === on.toLowerCase()) : -1;
    const marked = named >= 0 ? named : mine.findIndex((i) => /^(?:current|now|in progress|you are here)$/i.test(i.detail ?? ""));
    const ticked = mine.filter((i) => /[✓✔]|\bdone\b/i.test(i.text)).length;
    const at = Math.min(
      steps.length - 1,
      Math.max(0, said ? Number(said[1] ?? said[2]) - 1 : marked >= 0 ? marked : ticked && ticked < steps.length ? ticked : 0),
    );
    return [
      ...header(ctx.title, `Step ${at + 1} of ${steps.length}`),
      progress(at + 1, { name: "steps_progress", label: `${steps[at]}`, max: steps.length }),
      list(
        steps.map((s, i) => ({
          title: s,
          subtitle: i === at ? "Current step" : i < at ? "Done" : "Next",
          icon: i === at ? ("arrow-right" as const) : i < at ? ("check" as const) : ("clock" as const),
        })),
        { name: "steps", ordered: true },
      ),
      card(steps[at]!, { name: "current_step" }, [field("Full name"), field("Email")]),
      row(
        [
          button("Back", { name: "back", variant: "ghost", disabled: at === 0, ...(at > 0 ? { onPress: "previous_step" } : {}) }),
          button("Next", { name: "next", variant: "primary", onPress: "next_step" }),
        ],
        { justify: "between" },
      ),
    ];
  },
  calendar: (ctx) => {
    const events = CATALOG.events.slice(0, 8);
    const owned = own(ctx);
    const month = TODAY.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    const first = TODAY.getUTCDay() === 0 ? 6 : TODAY.getUTCDay() - 1;
    const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const rows: Row[] = [];
    for (let w = 0; w < 5; w++)
      rows.push(
        Object.fromEntries(
          days.map((d, di) => {
            const day = w * 7 + di - first + 1;
            const ev = events.find((_, k) => k * 4 + 2 === day);
            return [d.toLowerCase(), day >= 1 && day <= 31 ? `${day}${ev ? ` · ${ev.title}` : ""}` : ""];
          }),
        ),
      );
    const upcoming = (
      owned.length
        ? owned.map((t, i) => ({ title: capitalize(t), when: shortDate(addDays(TODAY, i * 3 + 1)) }))
        : events.map((e, k) => ({ title: e.title, when: `${shortDate(addDays(TODAY, k * 4 + 1))}, ${e.start}` }))
    ).slice(0, 6);
    return [
      ...header(ctx.title.length < 4 ? month : ctx.title, month),
      row(
        [
          button("Previous month", { name: "previous_month", variant: "ghost", icon: "arrow-left", onPress: "previous_month" }),
          button("Next month", { name: "next_month", variant: "ghost", onPress: "next_month" }),
          button("Add event", { name: "add_event", variant: "primary", icon: "plus", onPress: "add_event" }),
        ],
        { gap: 8, justify: "end" },
      ),
      table(rows, { name: "month", columns: days.map((d) => ({ key: d.toLowerCase(), label: d })) }),
      card("Upcoming", { name: "upcoming" }, [
        list(
          upcoming.map((u) => ({ title: u.title, subtitle: u.when, icon: "calendar" as const })),
          { name: "events" },
        ),
      ]),
    ];
  },
  schedule: (ctx) => {
    // Timed entries the user wrote ("registration 8:30, keynote 9:30", "6:10 120ml"): one table, in their order.
    const timed = ownItems(ctx).filter((i) => i.time);
    if (timed.length >= 2) {
      const valued = timed.some((i) => i.value !== undefined);
      const rows: Row[] = timed.map((i) => ({
        time: i.time!,
        entry: i.label === i.time ? (valued ? "Entry" : i.text) : capitalize(i.label),
        ...(valued ? { amount: i.value ?? "", unit: i.unit ?? "" } : {}),
      }));
      return [
        ...header(ctx.title, `${timed.length} entries`),
        table(rows, {
          name: "entries",
          columns: [
            { key: "time", label: "Time" },
            { key: "entry", label: "Entry" },
            ...(valued
              ? [
                  { key: "amount", label: "Amount", align: "right" as const },
                  { key: "unit", label: "Unit" },
                ]
              : []),
          ],
        }),
        row([button("Add entry", { name: "add_entry", variant: "primary", icon: "plus", onPress: "add_entry" })], {
          justify: "end",
        }),
      ];
    }
    const days = ctx.e.dates.filter((d) => /day$/i.test(d));
    const acts = own(ctx).length ? own(ctx).map(capitalize) : CATALOG.events.map((ev) => ev.title);
    const dayNames = days.length ? days.map(capitalize) : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
    const panel = (d: number) =>
      table(
        acts.slice(0, 6).map((_, i) => ({
          time: `${String(8 + i * 2 + (d % 2)).padStart(2, "0")}:00`,
          activity: acts[(i + d) % acts.length]!,
          place: CATALOG.events[(i + d) % CATALOG.events.length]!.place,
        })),
        {
          name: `day_${d + 1}`,
          columns: [
            { key: "time", label: "Time" },
            { key: "activity", label: "Activity" },
            { key: "place", label: "Where" },
          ],
        },
      );
    return [
      ...header(ctx.title, "Tap a day to see its sessions."),
      tabs(
        dayNames,
        dayNames.map((_, d) => panel(d)),
        { name: "days" },
      ),
    ];
  },
  itinerary: (ctx) => {
    const span = /\b(\d{1,2})[- ](?:day|night)s?\b/i.exec(ctx.e.text)?.[1];
    const n = span
      ? Math.min(10, Number(span))
      : ctx.e.count && /day|night/.test(ctx.e.count.noun)
        ? Math.min(10, ctx.e.count.n)
        : 3;
    const city = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
    const kind = /beach|island|coast|bali|goa|maldives/i.test(ctx.e.norm)
      ? "beach"
      : /mountain|alps|hike|trek|ski/i.test(ctx.e.norm)
        ? "mountains"
        : "city";
    const acts = CATALOG.itineraries[kind];
    return [
      ...header(ctx.title, `${n} days in ${city}${ctx.e.people.length ? ` with ${ctx.e.people.join(" and ")}` : ""}.`),
      ...Array.from({ length: n }, (_, d) =>
        card(`Day ${d + 1} · ${shortDate(addDays(TODAY, d + 14))}`, { name: `day_${d + 1}` }, [
          list(
            acts
              .slice((d * 3) % acts.length, ((d * 3) % acts.length) + 3)
              .map((a) => ({ title: a.title, subtitle: `${capitalize(a.time)} · ${a.text}`, icon: "clock" as const })),
            { name: `day_${d + 1}_plan` },
          ),
        ]),
      ),
      row(
        [
          button("Share itinerary", { name: "share", variant: "secondary", onPress: "share_itinerary" }),
          button("Book hotels", { name: "book_hotels", variant: "primary", onPress: "book_hotels" }),
        ],
        { gap: 8, justify: "end" },
      ),
    ];
  },
  kanban: (ctx) => {
    const cols =
      own(ctx).length >= 2 && own(ctx).length <= 6 ? own(ctx).map(capitalize) : ["To do", "In progress", "Review", "Done"];
    // The user's own cards ("e.g. Adaeze's birthday cake, 50 meat pies for Chuka"), one per column from the first;
    // none given: the catalogue's, by status.
    const mine = ctx.e.items.find((l) => l.length >= 1 && !l.some((i) => cols.includes(capitalize(i.text || i.label))));
    const STATUS = ["todo", "doing", "review", "done"];
    const columns: { title: string; tag?: string; assignee?: string }[][] = mine
      ? cols.map((_, ci) =>
          mine.filter((_, k) => Math.min(k, cols.length - 1) === ci).map((i) => ({ title: capitalize(i.text || i.label) })),
        )
      : cols.map((_, ci) =>
          CATALOG.kanban.filter((t, ti) => (cols.length === 4 ? t.status === STATUS[ci] : ti % cols.length === ci)).slice(0, 4),
        );
    const total = columns.reduce((n, c) => n + c.length, 0);
    return [
      ...header(ctx.title, `${total} card${total === 1 ? "" : "s"} across ${cols.length} columns.`),
      grid(
        cols.map((c, ci) =>
          card(
            c,
            { name: `column_${ci + 1}`, subtitle: `${columns[ci]!.length} card${columns[ci]!.length === 1 ? "" : "s"}` },
            columns[ci]!.length
              ? columns[ci]!.map((t, ti) =>
                  card(t.title, { name: `card_${ci + 1}_${ti + 1}`, padding: 10 }, [
                    ...(t.tag
                      ? [
                          row([badge(t.tag, { tone: "info" }), text(t.assignee ?? "", { size: "sm", tone: "muted" })], {
                            justify: "between",
                          }),
                        ]
                      : []),
                  ]),
                )
              : [text("Drop cards here", { size: "sm", tone: "muted" })],
          ),
        ),
        { columns: Math.min(4, cols.length), gap: 12, name: "board" },
      ),
      row(
        [
          textInput({ name: "new_card", label: "New card" }),
          button("Add card", { name: "add_card", icon: "plus", onPress: "add_card" }),
        ],
        { gap: 8, align: "end" },
      ),
    ];
  },
  todo: (ctx) => {
    const tasks = listOr(
      ctx,
      CATALOG.todos.slice(0, count(ctx, 5, 15)).map((t) => t.title),
    );
    return [
      ...header(ctx.title, `${tasks.length} tasks`),
      row(
        [
          textInput({ name: "new_task", label: "New task", placeholder: "What needs doing?" }),
          button("Add", { name: "add_task", variant: "primary", icon: "plus", onPress: "add_task" }),
        ],
        { gap: 8, align: "end" },
      ),
      progress(0, { name: "done_progress", label: `0 of ${tasks.length} done`, max: tasks.length }),
      card(
        "Tasks",
        { name: "tasks" },
        tasks.map((t, i) => checkbox(false, { name: `task_${i + 1}`, label: t })),
      ),
      button("Clear completed", { name: "clear_completed", variant: "ghost", onPress: "clear_completed" }),
    ];
  },
  calculator: (ctx) => calculatorLayout(ctx),
  player: (ctx) => {
    const tracks = own(ctx).length
      ? own(ctx).map((t, i) => ({
          title: capitalize(t),
          by: CATALOG.tracks[i % CATALOG.tracks.length]!.by,
          duration: CATALOG.tracks[i % CATALOG.tracks.length]!.duration,
        }))
      : CATALOG.tracks.slice(0, 6);
    const now = tracks[0]!;
    return [
      ...header(ctx.title, "Now playing"),
      card(now.title, { name: "now_playing", subtitle: now.by }, [
        image(photo(`cover-${now.title}`, 600, 600), { name: "cover", alt: `Cover of ${now.title}`, height: 220, fit: "cover" }),
        progress(38, { name: "position", label: `1:24 / ${now.duration}` }),
        row(
          [
            button("Previous", { name: "previous", variant: "ghost", icon: "arrow-left", onPress: "previous" }),
            button("Play", { name: "play", variant: "primary", onPress: "play" }),
            button("Next", { name: "next", variant: "ghost", icon: "arrow-right", onPress: "next" }),
          ],
          { justify: "center", gap: 8 },
        ),
        slider(70, { name: "volume", label: "Volume", min: 0, max: 100 }),
      ]),
      card("Up next", { name: "queue_card" }, [
        list(
          tracks.slice(1).map((t) => ({ title: t.title, subtitle: `${t.by} · ${t.duration}` })),
          { name: "queue", onPress: "play_track" },
        ),
      ]),
    ];
  },
  timer: (ctx) => {
    // A countdown to a moment ("countdown to our launch on friday 18:00"): days, hours, minutes and seconds left.
    if (
      /\bcount ?down\b/.test(ctx.e.norm) &&
      (ctx.e.dates.length || ctx.e.times.length || /\b(?:days?|launch|until|till)\b/.test(ctx.e.norm))
    ) {
      const when = [ctx.e.dates[0], ctx.e.times[0]].filter(Boolean).join(" at ");
      const left = [
        ["Days", 3],
        ["Hours", 14],
        ["Minutes", 27],
        ["Seconds", 9],
      ] as const;
      return [
        ...header(ctx.title, when ? `Until ${when}.` : undefined),
        grid(
          left.map(([unit, n]) => stat(n, { name: unit.toLowerCase(), label: unit })),
          { columns: 4, gap: 12, name: "countdown" },
        ),
        row([button("Remind me", { name: "remind", variant: "primary", onPress: "remind_me" })], { justify: "center" }),
      ];
    }
    const minutes = ctx.e.numbers.find((n) => n > 0 && n <= 180) ?? (/pomodoro/.test(ctx.e.norm) ? 25 : 10);
    const label = /stopwatch/.test(ctx.e.norm) ? "00:00.0" : `${String(minutes).padStart(2, "0")}:00`;
    // Tasks listed beside the timer ("+ my tasks for today: write report, reply to emails") are ticked off under it.
    const tasks = /\b(?:tasks?|to ?dos?|todo list)\b/.test(ctx.e.norm)
      ? ctx.e.items.find((l) => l.length >= 2 && !l.some((i) => /^(?:start|pause|stop|reset|resume)$/i.test(i.label)))
      : undefined;
    return [
      ...header(ctx.title),
      card(/stopwatch/.test(ctx.e.norm) ? "Stopwatch" : `${minutes}-minute timer`, { name: "timer_card" }, [
        heading(label, { level: 1, align: "center" }),
        progress(0, { name: "elapsed", label: "Elapsed", max: minutes * 60 }),
        row(
          [
            button("Start", { name: "start", variant: "primary", onPress: "start" }),
            button("Pause", { name: "pause", variant: "secondary", onPress: "pause" }),
            button("Reset", { name: "reset", variant: "ghost", onPress: "reset" }),
          ],
          { justify: "center", gap: 8 },
        ),
        ...(/\blaps?\b|\bsplits?\b/.test(ctx.e.norm)
          ? [
              button("Lap", { name: "lap", variant: "secondary", onPress: "lap" }),
              list(["Lap 1 · 00:41.2", "Lap 2 · 00:39.8", "Lap 3 · 00:42.5"], { name: "laps", dividers: true }),
            ]
          : []),
        select(String(minutes), {
          name: "preset",
          label: "Length",
          options: [...new Set([5, 10, 15, 25, 45, minutes])]
            .sort((a, b) => a - b)
            .map((m) => ({ label: `${m} minutes`, value: String(m) })),
        }),
      ]),
      ...(tasks
        ? [
            card("Tasks", { name: "tasks_card" }, [
              column(
                tasks.map((t, i) => checkbox(false, { name: `task_${i + 1}`, label: capitalize(t.label || t.text) })),
                { gap: 6 },
              ),
            ]),
          ]
        : []),
    ];
  },
  menu: (ctx) => {
    const food = ctx.domainMatched ? ctx.domain : undefined;
    // Sections as written ("mains: veg biryani ₹60, paneer wrap ₹50; snacks: samosa ₹15, …"): a label before a colon
    // starts a section, the first one named just before the list.
    const mine = ownItems(ctx).filter((i) => i.value !== undefined);
    const at = mine.length ? ctx.e.text.toLowerCase().indexOf(mine[0]!.text.toLowerCase()) : -1;
    const lead = at > 0 ? /([a-z][a-z0-9 &'-]{1,24}?)\s*:\s*$/i.exec(ctx.e.text.slice(0, at))?.[1] : undefined;
    let section = lead && !/\bmenu\b/i.test(lead) ? capitalize(lead.trim()) : "Menu";
    const sectioned = mine.map((i) => {
      const m = /^([^:]{2,24}):\s*(.+)$/.exec(i.label);
      if (m) section = capitalize(m[1]!.trim());
      return { name: capitalize(m ? m[2]! : i.label), price: i.value!, category: section, description: "" };
    });
    const dishes =
      mine.length >= 2 && mine.some((i) => i.label.includes(":"))
        ? sectioned
        : ctx.e.values.length >= 2
          ? ctx.e.values.map((v) => ({ name: capitalize(v.label), price: v.value, category: "Menu", description: "" }))
          : own(ctx).length
            ? own(ctx).map((d, i) => ({ name: capitalize(d), price: 6 + ((i * 3) % 14), category: "Menu", description: "" }))
            : (food ?? ctx.domain).items.map((i) => ({
                name: i.name,
                price: i.price ?? 9,
                category: i.category ?? "Menu",
                description: i.description ?? "",
              }));
    const cats = [...new Set(dishes.map((d) => d.category))];
    return [
      ...header(ctx.title, ctx.domainMatched ? ctx.domain.tagline : "Fresh, seasonal, made to order."),
      tabs(
        cats,
        cats.map((c) =>
          list(
            dishes
              .filter((d) => d.category === c)
              .map((d) => ({
                title: `${d.name} — ${money(d.price, ctx.currency)}`,
                ...(d.description ? { subtitle: d.description } : {}),
              })),
            { name: nameOf(c), dividers: true },
          ),
        ),
        { name: "menu_sections" },
      ),
      button("Order now", { name: "order_now", variant: "primary", onPress: "order_now" }),
    ];
  },
  faq: (ctx) => {
    // The user's questions, answered with what they wrote in parentheses ("do you take cats? (yes)").
    const answerOf = (i: Item): string | undefined => {
      const a = /\(([^()]+)\)\s*$/.exec(i.text)?.[1]?.trim() ?? i.detail ?? (i.options.length ? i.options.join(", ") : undefined);
      return a && `${capitalize(a).replace(/[.!]?$/, ".")}`;
    };
    // Questions written one after another with their answers ("can I add a second driver? (yes, €8/day) is there a
    // deposit? (€300 held on your card) …"), however they are separated.
    const pairs = [
      ...ctx.e.text.matchAll(
        /(?<=^|[:?)—–-]\s*|,\s*)((?:can|do|does|is|are|what|what's|how|when|where|who|will|should|may)\b[^?()]{3,90}\?)\s*\(([^()]{1,80})\)/gi,
      ),
    ].map((m) => [capitalize(m[1]!.trim()), `${capitalize(m[2]!.trim()).replace(/[.!]?$/, ".")}`] as const);
    const qs =
      pairs.length >= 2 && pairs.length >= ownItems(ctx).length
        ? pairs
        : ownItems(ctx).length
          ? ownItems(ctx).map((i) => {
              // A question is asked as one; a topic ("refund policy") stays a topic.
              const asked =
                /\?/.test(i.text) ||
                /^(?:what|how|who|when|where|why|which|do|does|did|can|could|is|are|will|would|should|may)\b/i.test(i.label);
              const q = capitalize(i.label || i.text).replace(/[?.]*$/, asked ? "?" : "");
              return [q, answerOf(i) ?? `${q.replace(/\?$/, "")}: ${ctx.domain.faqs[0]![1]}`] as const;
            })
          : ctx.domainMatched
            ? ctx.domain.faqs
            : CATALOG.faqs;
    return [
      ...header(ctx.title, "Answers to the questions we hear most."),
      faqSection(qs),
      card("Still have a question?", { name: "ask_card" }, [
        button("Contact support", { name: "contact_support", variant: "primary", onPress: "contact_support" }),
      ]),
    ];
  },
  profile: (ctx) => {
    const person = ctx.e.people[0] ?? ctx.domain.people[0]?.name ?? peopleFor(ctx, 1)[0]!;
    const role = ctx.domain.people.find((p) => p.name === person)?.role ?? ctx.domain.people[0]?.role ?? "Member";
    const where = placesFor(ctx, 1)[0]!;
    return [
      row([avatar(person, 96, 240, "avatar"), heading(person, { level: 1 })], { gap: 16, align: "center" }),
      text(`${role} · ${where.city}`, { tone: "muted" }),
      grid(
        [
          stat(128, { name: "posts", label: "Posts" }),
          stat(2400, { name: "followers", label: "Followers" }),
          stat(311, { name: "following", label: "Following" }),
        ],
        { columns: 3, gap: 12 },
      ),
      tabs(
        ["About", "Activity"],
        [
          details(
            own(ctx).length
              ? Object.fromEntries(own(ctx).map((f) => [capitalize(f), profileValue(f, person, where.city)]))
              : {
                  Email: `${person.split(" ")[0]!.toLowerCase()}@mail.com`,
                  Location: where.city,
                  Joined: shortDate(addDays(TODAY, -400)),
                  Role: role,
                },
            "about",
          ),
          list(
            ctx.domain.posts.slice(0, 3).map((p) => ({ title: p.title, subtitle: `${p.minutes} min read` })),
            { name: "activity" },
          ),
        ],
        { name: "profile_tabs" },
      ),
      row(
        [
          button("Message", { name: "message", variant: "primary", icon: "mail", onPress: "message" }),
          button("Follow", { name: "follow", variant: "secondary", onPress: "follow" }),
        ],
        { gap: 8 },
      ),
    ];
  },
  directory: (ctx) => {
    // People the user wrote with what they do ("Dr. Mensah (cardiology)", "Aiko (backend, JST)"): those are the cards.
    const written = ownItems(ctx).filter(
      (i) => (i.detail || i.options.length) && /^(?:(?:Dr|Mr|Mrs|Ms|Prof|Nurse)\.?\s+)?\p{Lu}/u.test(i.label),
    );
    // "search by department", "filter by team": what the filter is over.
    const by = /\b(?:search|filter|sort|group)(?:able)?\s+by\s+([a-z]+(?: [a-z]+)?)/i.exec(ctx.e.text)?.[1];
    const people =
      written.length >= 2
        ? written.map((i) => {
            const about = i.detail ? [i.detail] : i.options;
            return { name: i.label, role: capitalize(about[0]!), more: about.slice(1).join(" · ") };
          })
        : ctx.e.people.length >= 2
          ? ctx.e.people.map((p, i) => ({
              name: p,
              role: ctx.domain.people[i % ctx.domain.people.length]?.role ?? "Member",
              more: "",
            }))
          : [
              ...ctx.domain.people.map((p) => ({ ...p, more: "" })),
              ...peopleFor(ctx, count(ctx, 8)).map((p, i) => ({ name: p, role: CATALOG_ROLES(i), more: "" })),
            ].slice(0, count(ctx, 8, 40));
    const roleWord = by && !/^(?:name|names)$/i.test(by) ? capitalize(by) : "Role";
    return [
      ...header(ctx.title, `${people.length} people`),
      row(
        [
          textInput({ name: "search", label: "Search people", type: "search" }),
          select("all", {
            name: "role",
            label: roleWord,
            options: [
              { label: `All ${roleWord.toLowerCase()}s`.replace(/ss$|ys$/, (m) => (m === "ss" ? "sses" : "ies")), value: "all" },
              ...[...new Set(people.map((p) => p.role))].map((r) => ({ label: r, value: nameOf(r) })),
            ],
          }),
        ],
        { gap: 12, wrap: true },
      ),
      grid(
        people.map((p, i) =>
          card(p.name, { name: `person_${i + 1}`, subtitle: p.more ? `${p.role} · ${p.more}` : p.role }, [
            row(
              [
                avatar(p.name, 56, 160),
                button("View profile", {
                  name: `view_${i + 1}`,
                  size: "sm",
                  variant: "secondary",
                  onPress: { event: "view_profile", value: p.name },
                }),
              ],
              { justify: "between", align: "center" },
            ),
          ]),
        ),
        { columns: 3, gap: 12, name: "people" },
      ),
    ];
  },
  product: (ctx) => {
    // A shop domain's item of that name, else the domain's first; no shop domain recognised: the product's own facts
    // only (not a borrowed catalogue item's, a software plan at $0).
    const found =
      ctx.domain.items.find((i) => ctx.e.norm.includes(i.name.toLowerCase().split(/[ ,]/)[0]!)) ?? ctx.domain.items[0]!;
    const item: { name: string; category?: string; price?: number; rating?: number; description?: string } = ctx.domainMatched
      ? found
      : { name: found.name, rating: 4.6, description: "Made to last, with free delivery and free returns." };
    // The product the user named ("the Trailblazer 2 hiking boot", "Kashmiri pashmina shawl") over a catalogue one.
    const named = ctx.e.names.length > 0 || ctx.e.quotes.length > 0;
    const head = ctx.title.split(/\s[—–-]\s|,/)[0]!.trim();
    // "product page for a hoodie": the thing after "for" when the heading only says what the page is.
    const thing = /^(?:product|item|product page|product detail|pdp|shop item)$/i.test(head)
      ? /\bfor (?:a |an |the |my |our )?([a-z][\w -]{2,30}?)(?:\s+(?:with|in|at|from)\b|[,.]|$)/i.exec(ctx.e.text)?.[1]
      : undefined;
    const name = thing ? capitalize(thing) : head.length >= 4 && (!ctx.domainMatched || named) ? head : item.name;
    // Its attributes as written: sizes (a range or a list), colours, stars and reviews, the rest as highlights.
    const its = ownItems(ctx);
    const sizeItem = its.find((i) => /\bsizes?\b/i.test(i.text));
    const SIZE = /^(?:\d{1,3}|x{0,3}s|m|x{0,3}l|\dxl)$/i;
    const sizeAt = sizeItem ? its.indexOf(sizeItem) : -1;
    const firstSize = sizeItem && /\bsizes?\s+(\S+)$/i.exec(sizeItem.text)?.[1];
    const sizes = sizeItem?.range
      ? Array.from({ length: Math.min(30, sizeItem.range[1] - sizeItem.range[0] + 1) }, (_, k) => String(sizeItem.range![0] + k))
      : sizeItem?.options.length
        ? sizeItem.options
        : firstSize && SIZE.test(firstSize)
          ? // "sizes S, M, L, XL": the sizes run on in the items after it.
            [
              firstSize,
              ...its
                .slice(sizeAt + 1)
                .filter((_, k, all) => all.slice(0, k + 1).every((x) => SIZE.test(x.text)))
                .map((i) => i.text),
            ]
          : [];
    const colourItem = its.find((i) => /\bcolou?rs?\b/i.test(i.text) && i.options.length >= 2);
    const colours = colourItem?.options ?? [];
    const stars = /(\d(?:\.\d)?)\s*(?:stars?|★)/i.exec(ctx.e.text)?.[1];
    const reviews = /(\d[\d,]*)\s+reviews?\b/i.exec(ctx.e.text)?.[1];
    const highlights = its
      .filter(
        (i) =>
          i !== sizeItem &&
          i !== colourItem &&
          !(sizes.includes(i.text) && SIZE.test(i.text)) &&
          !/^to (?:bag|basket|cart|trolley)$|^(?:buy (?:it )?now|order now|pre-?order|qty selector|quantity)$/i.test(i.text) &&
          !/\b(?:photos?|pictures?|images?|gallery|reviews?|stars?|add to|buy now)\b|★|^[$€£₹₦¥]\s?\d/i.test(i.text),
      )
      .map((i) => capitalize(i.text));
    const mine = sizes.length > 0 || colours.length > 0 || highlights.length > 0;
    const options = mine ? [] : own(ctx);
    // "add to bag", "add to basket": the button says what the user called it.
    const addLabel = capitalize(
      /\b(?:add to (?:bag|basket|trolley|cart)|buy (?:it )?now|order now|pre-?order)\b/i.exec(ctx.e.text)?.[0]?.toLowerCase() ??
        "add to cart",
    );
    return [
      grid(
        [
          image(photo(`${ctx.domain.id}-${name}`, 800, 800), { name: "product_photo", alt: name, height: 320, fit: "cover" }),
          card(
            name,
            {
              name: "product_card",
              ...(item.category || ctx.domainMatched ? { subtitle: item.category ?? ctx.domain.categories[0] } : {}),
            },
            [
              heading(money(ctx.e.amounts[0] ?? item.price ?? 49, ctx.currency), { level: 2 }),
              text(`★ ${stars ?? item.rating ?? 4.6} · ${reviews ?? 120 + ctx.rng.int(0, 800)} reviews`, { tone: "muted" }),
              text(item.description ?? ctx.domain.tagline),
              ...(highlights.length ? [list(highlights, { name: "highlights" })] : []),
              ...(sizes.length
                ? [
                    select(sizes[0]!, {
                      name: "size",
                      label: "Size",
                      options: sizes.map((z) => ({ label: capitalize(z), value: z })),
                    }),
                  ]
                : []),
              ...(colours.length
                ? [
                    select(nameOf(colours[0]!), {
                      name: "colour",
                      label: "Colour",
                      options: colours.map((c) => ({ label: capitalize(c), value: nameOf(c) })),
                    }),
                  ]
                : []),
              ...(options.length
                ? [
                    select(nameOf(options[0]!), {
                      name: "option",
                      label: /size|xs|xl|\bs\b|\bm\b/i.test(options.join(" "))
                        ? "Size"
                        : /colou?r|red|blue|black|white|green/i.test(options.join(" "))
                          ? "Colour"
                          : "Option",
                      options: options.map((o) => ({ label: capitalize(o), value: nameOf(o) })),
                    }),
                  ]
                : []),
              textInput({ name: "quantity", label: "Quantity", type: "number", value: "1" }),
              button(addLabel, {
                name: "add_to_cart",
                variant: "primary",
                icon: "cart",
                fullWidth: true,
                onPress: { event: "add_to_cart", value: name },
              }),
            ],
          ),
        ],
        { columns: 2, gap: 16 },
      ),
      faqSection(
        [
          ["Details", item.description ?? ctx.domain.tagline],
          [
            "Delivery",
            `Ships in 1–2 working days; free over ${money(50, ctx.currency === "INR" ? "INR" : ctx.currency).replace(/^₹50$/, "₹2,000")}.`,
          ],
          ["Returns", "Free returns within 30 days."],
        ],
        "product_details",
      ),
    ];
  },
  catalog: (ctx) => [
    ...header(ctx.title.length < 4 ? ctx.brand : ctx.title, ctx.domain.tagline),
    row(
      [
        textInput({ name: "search", label: `Search ${ctx.domain.itemNoun[1]}`, type: "search" }),
        select("all", {
          name: "category",
          label: "Category",
          options: [{ label: "All", value: "all" }, ...ctx.domain.categories.map((c) => ({ label: c, value: nameOf(c) }))],
        }),
      ],
      { gap: 12, wrap: true },
    ),
    itemCards(
      ctx,
      own(ctx).length >= 2
        ? own(ctx).map((n, i) => ({
            name: capitalize(n),
            price: ctx.e.amounts[i] ?? ctx.domain.items[i % ctx.domain.items.length]!.price ?? 20,
          }))
        : items(ctx, count(ctx, 6, 24)),
      { label: "Add to cart", event: "add_to_cart" },
    ),
  ],
  cart: (ctx) => {
    // The user's lines with their quantities and prices ("'Hydrating Serum 30ml' €24 x2", "2x whole milk"); what they
    // say about the cart itself (subtotal, shipping, checkout, buttons) is not a line.
    const META = /^(?:sub)?total\b|\bshipping\b|\bcheck ?out\b|\bcoupon|\bpromo|\bcontinue shopping|\bbuttons?\b|^[+-]/i;
    const mine = ownItems(ctx).filter((i) => !META.test(i.text));
    const chosen = mine.length
      ? mine.map((it, i) => ({
          name: capitalize((it.label || it.text).replace(/^['"‘“]+|['"’”]+$/g, "")),
          // A number in parentheses is a pack size ("eggs (12)"), not a price; a price is plausible when none is given.
          price:
            it.value !== undefined && !it.text.includes(`(${it.value})`)
              ? it.value
              : (ctx.domainMatched ? ctx.domain.items[i % ctx.domain.items.length]!.price : 0) ||
                1.5 + (hash32(it.text) % 12) * 0.75,
          qty: it.qty ?? 1,
        }))
      : items(ctx, count(ctx, 3, 10)).map((it, i) => ({ ...it, qty: 1 + (i % 2) }));
    const rows: Row[] = chosen.map((c) => ({
      item: c.name,
      qty: c.qty,
      price: c.price ?? 0,
      total: Math.round((c.price ?? 0) * c.qty * 100) / 100,
    }));
    const subtotal = rows.reduce((s, r) => s + Number(r.total), 0);
    const freeOver = /free (?:shipping|delivery) (?:over|above|from) ([$€£₹₦]?\s?\d(?:[\d,.]*\d)?\s?[$€£₹₦]?)/i.exec(ctx.e.text);
    // The checkout button as the user named it ("proceed to checkout").
    const go = /\b(proceed to checkout|go to checkout|checkout now|pay now)\b/i.exec(ctx.e.text)?.[1];
    return [
      ...header(ctx.title.length < 4 ? "Your cart" : ctx.title, `${rows.length} items`),
      cartTable(rows, ctx.currency),
      cartTotals(subtotal, ctx.currency, freeOver ? readNumber(freeOver[1]!).value : 50),
      ...(freeOver ? [text(capitalize(freeOver[0]), { tone: "muted", name: "shipping_note" })] : []),
      ...(/\bremove|delete\b/i.test(ctx.e.text)
        ? [
            row(
              chosen.map((c, i) =>
                button(`Remove ${c.name}`, {
                  name: `remove_${i + 1}`,
                  variant: "ghost",
                  size: "sm",
                  onPress: { event: "remove_item", value: c.name },
                }),
              ),
              { gap: 8, wrap: true },
            ),
          ]
        : []),
      ...(/\b(?:coupon|promo|discount|voucher|gift card)\b/i.test(ctx.e.text)
        ? [
            row(
              [
                textInput({
                  name: "coupon_code",
                  label: /promo/i.test(ctx.e.text) ? "Promo code" : "Coupon code",
                  placeholder: "SAVE10",
                }),
                button("Apply", { name: "apply_coupon", variant: "secondary", onPress: "apply_coupon" }),
              ],
              { gap: 8, align: "end" },
            ),
          ]
        : []),
      row(
        [
          button("Continue shopping", { name: "continue_shopping", variant: "ghost", onPress: "continue_shopping" }),
          button(go ? capitalize(go) : "Checkout", { name: "checkout", variant: "primary", onPress: "checkout" }),
        ],
        { justify: "end", gap: 8 },
      ),
    ];
  },
  confirmation: (ctx) => {
    const booking = /book|reserv|appointment|table|room|ticket/.test(ctx.e.norm);
    const facts: Record<string, string | number> = booking
      ? {
          Reference: `BK-${4000 + ctx.rng.int(1, 5000)}`,
          Date: ctx.e.dates[0] ?? shortDate(addDays(TODAY, 7)),
          Time: ctx.e.times[0] ?? "19:00",
          ...(ctx.e.places[0] ? { Where: ctx.e.places[0] } : {}),
          Guests: ctx.e.numbers.find((n) => n <= 50) ?? 2,
        }
      : {
          "Order number": `GX-${10_000 + ctx.rng.int(1, 80_000)}`,
          Date: shortDate(TODAY),
          Total: money(ctx.e.amounts[0] ?? 86.5, ctx.currency),
          Delivery: shortDate(addDays(TODAY, 3)),
        };
    return [
      icon("check", { name: "done_icon", size: 48, tone: "success", label: "Success" }),
      heading(ctx.title.length < 4 ? (booking ? "Booking confirmed" : "Order placed") : ctx.title, { level: 1 }),
      alert(booking ? "We have sent the details to your email." : "Thank you! A receipt is on its way to your inbox.", {
        name: "confirmation",
        title: booking ? "You're all set" : "Payment received",
        tone: "success",
      }),
      details(facts, "summary"),
      row(
        [
          button(booking ? "Add to calendar" : "Track order", {
            name: "next_step",
            variant: "primary",
            onPress: booking ? "add_to_calendar" : "track_order",
          }),
          button("Back to home", { name: "home", variant: "ghost", onPress: "home" }),
        ],
        { gap: 8 },
      ),
    ];
  },
  gallery: (ctx) => {
    const subjects = own(ctx).length
      ? own(ctx).map((s) => ({ subject: capitalize(s), alt: capitalize(s) }))
      : ctx.domainMatched
        ? ctx.domain.items.map((i) => ({ subject: i.name, alt: i.name }))
        : CATALOG.photos;
    const n = count(ctx, 9, 30);
    return [
      ...header(ctx.title, `${n} photos`),
      select("all", {
        name: "filter",
        label: "Show",
        options: [
          { label: "All photos", value: "all" },
          { label: "Favourites", value: "favourites" },
          { label: "Recent", value: "recent" },
        ],
      }),
      grid(
        Array.from({ length: n }, (_, i) => subjects[i % subjects.length]!).map((s, i) =>
          card(s.subject, { name: `photo_${i + 1}`, padding: 8 }, [
            image(photo(`${s.subject}-${i}`, 480, 360), { alt: s.alt, height: 150, fit: "cover" }),
          ]),
        ),
        { columns: 3, gap: 12, name: "photos" },
      ),
    ];
  },
  feed: (ctx) => {
    const posts = ctx.domainMatched
      ? ctx.domain.posts.map((p) => ({ title: p.title, text: p.summary, author: p.author }))
      : CATALOG.headlines.map((nw) => ({ title: nw.title, text: nw.summary, author: nw.source }));
    return [
      ...header(ctx.title),
      card("Share something", { name: "composer" }, [
        textArea({ name: "post", label: "What's new?", rows: 2 }),
        row([button("Post", { name: "post_button", variant: "primary", onPress: "post" })], { justify: "end" }),
      ]),
      ...posts.slice(0, count(ctx, 5, 12)).map((p, i) =>
        card(p.title, { name: `post_${i + 1}`, subtitle: `${p.author} · ${i + 1}h ago` }, [
          text(p.text),
          row(
            [
              button("Like", {
                name: `like_${i + 1}`,
                variant: "ghost",
                icon: "heart",
                size: "sm",
                onPress: { event: "like", value: p.title },
              }),
              button("Comment", {
                name: `comment_${i + 1}`,
                variant: "ghost",
                size: "sm",
                onPress: { event: "comment", value: p.title },
              }),
            ],
            { gap: 8 },
          ),
        ]),
      ),
    ];
  },
  article: (ctx) => {
    const post = ctx.domain.posts[0]!;
    const title = ctx.title.length >= 6 ? ctx.title : post.title;
    const body = [
      post.summary,
      ...ctx.domain.features.map((f) => `# ${f.title}\n\n${f.text}`),
      ...ctx.domain.faqs.slice(0, 2).map(([q, a]) => `**${q}** ${a}`),
    ].join("\n\n");
    return [
      heading(title, { level: 1 }),
      text(`By ${post.author} · ${shortDate(addDays(TODAY, -2))} · ${post.minutes} min read`, { tone: "muted" }),
      image(photo(`${ctx.domain.id}-${title}`, 1200, 500), { name: "cover", alt: title, height: 240, fit: "cover" }),
      markdown(body, { name: "body" }),
      card("Keep reading", { name: "more" }, [
        list(
          ctx.domain.posts.slice(1, 4).map((p) => ({ title: p.title, subtitle: `${p.minutes} min read` })),
          { name: "related", onPress: "open_article" },
        ),
      ]),
    ];
  },
  recipe: (ctx) => {
    // The dish the request names ("chocolate chip cookies"), else a catalogue recipe of the same dish ("pancakes" for
    // "banana pancakes"), never one that merely shares an ingredient, and never another dish's recipe.
    const found =
      dishFor(ctx.e.text) ??
      CATALOG.recipes.find((x) => ctx.e.norm.includes(x.title.toLowerCase().split(" ").at(-1)!.replace(/s$/, "")));
    const name = ctx.title.length >= 4 ? ctx.title : (found?.title ?? "My recipe");
    // The user's own time and oven temperature ("60 min at 175°C", "1 hr 10 min"), else the known recipe's.
    const hrs = /\b(\d+(?:\.\d+)?)\s?(?:h|hrs?|hours?)\b/i.exec(ctx.e.text);
    const mins = /\b(\d+)\s?(?:m|mins?|minutes)\b/i.exec(ctx.e.text);
    const asked = hrs || mins ? Math.round(Number(hrs?.[1] ?? 0) * 60 + Number(mins?.[1] ?? 0)) : undefined;
    const temp = /\b(\d{2,3})\s?°\s?([CF])\b|\bgas mark (\d)\b/i.exec(ctx.e.text);
    const heat = temp ? (temp[3] ? `gas mark ${temp[3]}` : `${temp[1]}°${temp[2]!.toUpperCase()}`) : undefined;
    const servesAsked = ctx.e.count && /serv|people|person/.test(ctx.e.count.noun) ? ctx.e.count.n : undefined;
    // The user's ingredients and no known recipe of that dish: the method is made from them, not borrowed.
    const names = ownItems(ctx)
      .map((i) => i.label.replace(/^(?:tsp|tbsp|cups?|pinch(?: of)?|handful(?: of)?|cloves?|slices?|of)\s+/i, ""))
      .filter(Boolean);
    const joinNames = (l: string[]) => (l.length > 1 ? `${l.slice(0, -1).join(", ")} and ${l.at(-1)}` : (l[0] ?? ""));
    if (!found && own(ctx).length < 2) {
      // A dish the generator has no recipe for: a recipe card about that dish, in the user's words, that the user
      // fills in — never another dish's ingredients.
      return [
        heading(name, { level: 1 }),
        text("Write your recipe down: list the ingredients, then the steps.", { tone: "muted" }),
        grid(
          [
            textInput({ name: "time", label: "Time", placeholder: "e.g. 45 min", ...(asked ? { value: `${asked} min` } : {}) }),
            textInput({
              name: "serves",
              label: "Serves",
              type: "number",
              placeholder: "e.g. 4",
              ...(servesAsked ? { value: String(servesAsked) } : {}),
            }),
            ...(heat ? [textInput({ name: "oven", label: "Oven", value: heat })] : []),
          ],
          { columns: heat ? 3 : 2, gap: 12 },
        ),
        card("Ingredients", { name: "ingredients_card" }, [
          textArea({ name: "ingredients", label: "Ingredients, one per line", placeholder: "e.g. 200 g flour", rows: 6 }),
        ]),
        card("Method", { name: "method_card" }, [
          textArea({ name: "method", label: "Steps, one per line", placeholder: "e.g. Heat the oven to 180°C", rows: 6 }),
        ]),
        button("Save recipe", { name: "save", variant: "primary", onPress: "save_recipe" }),
      ];
    }
    const r = found;
    const ingredients = own(ctx).length
      ? own(ctx).map(capitalize)
      : r!.ingredients.map((i) =>
          /^to (?:taste|serve)$/.test(i.quantity) ? `${i.item}, ${i.quantity}` : `${i.quantity} ${i.item}`,
        );
    const minutes = asked ?? r?.minutes ?? 30;
    // The user's own ingredients: the method is made from them (a known method would name others).
    const steps =
      (!found || own(ctx).length >= 2) && names.length >= 2
        ? [
            ...(heat ? [`Heat the oven to ${heat} and line a tin.`] : []),
            `Mix the ${joinNames(names.slice(0, 2))} in a large bowl.`,
            ...(names.length > 2 ? [`Stir in the ${joinNames(names.slice(2))} until just combined.`] : []),
            heat
              ? `Bake for ${minutes} min, until golden and cooked through.`
              : `Cook for ${minutes} min, stirring now and then.`,
            "Leave to rest for a few minutes, then serve.",
          ]
        : r!.steps;
    return [
      heading(name, { level: 1 }),
      image(photo(`recipe-${name}`, 1000, 500), {
        name: "dish_photo",
        alt: `Illustration for ${name}`,
        height: 220,
        fit: "cover",
      }),
      details(
        {
          Time: `${minutes} min`,
          ...(heat ? { Oven: heat } : {}),
          ...(servesAsked || r ? { Serves: servesAsked ?? r!.servings } : {}),
          ...(r ? { Difficulty: r.difficulty } : {}),
        },
        "facts",
      ),
      grid(
        [
          card("Ingredients", { name: "ingredients_card" }, [list(ingredients, { name: "ingredients" })]),
          card("Method", { name: "method_card" }, [list(steps, { name: "steps", ordered: true })]),
        ],
        { columns: 2, gap: 16 },
      ),
      button("Start cooking mode", { name: "cook", variant: "primary", onPress: "start_cooking" }),
    ];
  },
  notifications: (ctx) => {
    const mine = ownThings(ctx);
    // The user's own alerts say what they are: no borrowed message under them, a kind read from their words.
    const TIMES = ["Just now", "4 min ago", "12 min ago", "38 min ago", "1 h ago", "3 h ago", "Yesterday"];
    const kindOf = (t: string) =>
      /\b(?:fail(?:ed|ure)?|error|down|offline|outage|critical|declined|broken)\b/i.test(t)
        ? "error"
        : /\b(?:high|low|overdue|late|delay(?:ed)?|warning|expir\w*|running out|almost|due|leak\w*)\b|\d\s?%/i.test(t)
          ? "warning"
          : /\b(?:done|paid|received|shipped|delivered|approved|complete[d]?|success\w*|back online)\b/i.test(t)
            ? "success"
            : "info";
    // A control the user asks for ("a switch to mute promo alerts") is not a notification.
    const alerts = mine.filter(
      (t) => !/^(?:(?:and|with)\s+)?(?:a|an)?\s*(?:switch|toggle|button|link|filter|tab)s?\b/i.test(t.text),
    );
    const notes = alerts.length
      ? alerts.map((t, i) => ({
          title: capitalize(t.text.replace(/\s*[—–-]+\s*$/, "")),
          text: "",
          time: TIMES[i % TIMES.length]!,
          kind: kindOf(t.text),
        }))
      : CATALOG.notifications.slice(0, count(ctx, 8, 15));
    return [
      ...header(ctx.title.length < 4 ? "Notifications" : ctx.title, `${Math.min(3, notes.length)} unread`),
      row(
        [
          button("Mark all as read", { name: "mark_all_read", variant: "secondary", onPress: "mark_all_read" }),
          button("Settings", {
            name: "notification_settings",
            variant: "ghost",
            icon: "settings",
            onPress: "notification_settings",
          }),
        ],
        { justify: "end", gap: 8 },
      ),
      list(
        notes.map((n, i) => ({
          title: n.title,
          subtitle: `${n.text ? `${n.text} · ` : ""}${n.time}${i < 3 ? " · unread" : ""}`,
          icon: NOTE_ICON[n.kind] ?? "info",
        })),
        { name: "notifications", dividers: true, onPress: "open_notification" },
      ),
    ];
  },
  chat: (ctx) => {
    const convo = CATALOG.chats[0]!;
    const [me, them] = [ctx.e.people[1] ?? convo.people[0]!, ctx.e.people[0] ?? convo.people[1]!];
    return [
      row([avatar(them, 40, 120, "avatar"), heading(them, { level: 1 }), badge("Online", { tone: "success" })], {
        gap: 12,
        align: "center",
      }),
      list(
        convo.messages.map((l) => ({ title: `${l.from === 0 ? me : them} · ${l.time}`, subtitle: l.text })),
        { name: "messages", dividers: true },
      ),
      row(
        [
          textInput({ name: "message", label: "Message", placeholder: `Message ${them}` }),
          button("Send", { name: "send", variant: "primary", onPress: "send_message" }),
        ],
        { gap: 8, align: "end" },
      ),
    ];
  },
  places: (ctx) => {
    const where = ctx.e.places[0];
    const spots = placesFor(ctx, count(ctx, 5, 12));
    const noun = ctx.domainMatched
      ? ctx.domain.brand[0]!
      : capitalize(ctx.e.words.find((w) => !/near|nearby|map|find|location|locations/.test(w)) ?? "Place");
    return [
      ...header(ctx.title, where ? `Near ${where}` : "Closest first"),
      row(
        [
          textInput({ name: "search", label: "City or postcode", type: "search", ...(where ? { value: where } : {}) }),
          button("Use my location", { name: "locate", variant: "secondary", onPress: "use_location" }),
        ],
        { gap: 8, align: "end", wrap: true },
      ),
      ...(ownThings(ctx).length && !ownThings(ctx).some((t) => /^(?:distance|rating|price|hours|opening)/i.test(t.name))
        ? [
            list(
              ownThings(ctx).map((t, i) => ({
                title: t.name,
                subtitle: `${spots[i % spots.length]!.address}, ${where ?? spots[i % spots.length]!.city} · ${(0.4 + i * 0.7).toFixed(1)} km`,
                icon: "home" as const,
              })),
              { name: "places", dividers: true, onPress: "open_place" },
            ),
          ]
        : [
            table(
              spots.map((s, i) => ({
                name: `${noun} ${where ?? s.city}${i ? ` · ${["Central", "North", "Riverside", "Old Town", "Harbour", "Station"][i % 6]}` : ""}`,
                address: `${s.address}, ${where ?? s.city}`,
                ...Object.fromEntries(
                  (own(ctx).length ? own(ctx) : ["Distance", "Rating"]).map((c) => [nameOf(c), placeCell(c, i)]),
                ),
              })),
              {
                name: "places",
                columns: [
                  { key: "name", label: "Name" },
                  { key: "address", label: "Address" },
                  ...(own(ctx).length ? own(ctx) : ["Distance", "Rating"]).map((c) => ({
                    key: nameOf(c),
                    label: /^[a-z]{1,3}$/i.test(c) ? c : capitalize(c),
                  })),
                ],
              },
            ),
          ]),
      button("Get directions", { name: "directions", variant: "primary", icon: "arrow-right", onPress: "directions" }),
    ];
  },
  listings: (ctx) => {
    const mine = ownThings(ctx);
    const asked = /\bfilters?\b|\bfilter by\b/i.test(ctx.e.text)
      ? (/\bfilter by\s+([a-z]+(?: (?!and\b|or\b|with\b)[a-z]+)?)/i.exec(ctx.e.text)?.[1] ?? "category")
      : "category";
    const columns = ownItems(ctx)
      .filter((i) => !/filter/i.test(i.label))
      .map((i) => i.label);
    return [
      ...header(ctx.title, `${mine.length || count(ctx, 6)} results`),
      row(
        [
          select("all", {
            name: nameOf(asked),
            label: capitalize(asked),
            options: [
              { label: "All", value: "all" },
              ...(/level/i.test(asked) ? ["Beginner", "Intermediate", "Advanced"] : ctx.domain.categories).map((c) => ({
                label: c,
                value: nameOf(c),
              })),
            ],
          }),
          slider(Math.max(...ctx.domain.items.map((i) => i.price ?? 0)), {
            name: "max_price",
            label: "Max price",
            min: 0,
            max: Math.ceil(Math.max(...ctx.domain.items.map((i) => i.price ?? 100)) * 1.2),
          }),
        ],
        { gap: 16, wrap: true },
      ),
      mine.length && !mine.every((m) => /^(?:salary|price|rating|location|filters?)$/i.test(m.name))
        ? itemCards(
            ctx,
            mine.map((m) => ({ name: m.name, ...(m.price !== undefined ? { price: m.price } : {}) })),
            { label: "View details", event: "view_listing" },
          )
        : itemCards(
            ctx,
            items(ctx, count(ctx, 6, 24)).map((it, i) => ({
              ...it,
              ...(columns.length
                ? { description: columns.map((c) => `${capitalize(c)}: ${cellText(ctx, c, i)}`).join(" · ") }
                : {}),
            })),
            { label: "View details", event: "view_listing" },
          ),
    ];
  },
  event: (ctx) => {
    const where = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
    const when = ctx.e.dates[0] ?? shortDate(addDays(TODAY, 21));
    return [
      image(photo(`event-${ctx.title}`, 1200, 400), { name: "banner", alt: ctx.title, height: 200, fit: "cover" }),
      heading(ctx.title, { level: 1 }),
      details({ When: `${when}, ${ctx.e.times[0] ?? "18:30"}`, Where: where, Host: ctx.brand }, "event_details"),
      card("Programme", { name: "programme" }, [
        list(
          (own(ctx).length
            ? own(ctx).map(capitalize)
            : ["Doors open", "Welcome talk", ...ctx.domain.services.slice(0, 2).map((s) => s.name), "Drinks and networking"]
          ).map((p, i) => ({
            title: p,
            subtitle: `${String(18 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
            icon: "clock" as const,
          })),
          { name: "agenda" },
        ),
      ]),
      card("Tickets", { name: "tickets" }, [
        select("standard", {
          name: "ticket_type",
          label: "Ticket",
          options: [
            { label: `Standard — ${money(ctx.e.amounts[0] ?? 25, ctx.currency)}`, value: "standard" },
            { label: `VIP — ${money((ctx.e.amounts[0] ?? 25) * 3, ctx.currency)}`, value: "vip" },
          ],
        }),
        textInput({ name: "tickets_count", label: "How many", type: "number", value: "1" }),
        button("Get tickets", { name: "get_tickets", variant: "primary", onPress: "get_tickets" }),
      ]),
    ];
  },
  weather: (ctx) => {
    const city = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
    const base = 8 + (hashOf(city) % 18);
    const days = Array.from({ length: 5 }, (_, i) => ({
      day: shortDate(addDays(TODAY, i)).replace(/ \d{4}$/, ""),
      high: base + ((i * 3) % 5),
      low: base - 6 + (i % 3),
      sky: ["Sunny", "Partly cloudy", "Showers", "Cloudy", "Clear"][(i + hashOf(city)) % 5]!,
    }));
    return [
      ...header(`Weather in ${city}`, `${days[0]!.sky} · updated ${TODAY.toISOString().slice(11, 16)} UTC`),
      grid(
        [
          stat(base + 2, { name: "now", label: "Now (°C)" }),
          stat(40 + (hashOf(city) % 45), { name: "humidity", label: "Humidity", format: "percent" }),
          stat(6 + (hashOf(city) % 20), { name: "wind", label: "Wind (km/h)" }),
        ],
        { columns: 3, gap: 12 },
      ),
      table(days, {
        name: "forecast",
        columns: [
          { key: "day", label: "Day" },
          { key: "sky", label: "Sky" },
          { key: "high", label: "High °C", align: "right" },
          { key: "low", label: "Low °C", align: "right" },
        ],
      }),
      lineChartOf(days.map((d) => ({ day: d.day, high: d.high, low: d.low }))),
    ];
  },
  landing: (ctx) => landingLayout(ctx),
  list: (ctx) => {
    const entries = own(ctx).length ? own(ctx).map(capitalize) : ctx.domain.items.slice(0, count(ctx, 8)).map((i) => i.name);
    return [
      ...header(ctx.title, `${entries.length} ${entries.length === 1 ? "entry" : "entries"}`),
      itemList(entries, { ordered: /\b(?:top|ranked|rank|best)\b/.test(ctx.e.norm) }),
    ];
  },
  "empty-state": (ctx) => {
    const e =
      CATALOG.empty.find((x) => ctx.e.words.some((w) => w.length > 3 && x.what.toLowerCase().includes(w))) ?? CATALOG.empty[0]!;
    const none = /\bno\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:yet|at all|found)\b|\bno\s+([a-z]+)\b/i.exec(ctx.e.text);
    const title = none ? `No ${(none[1] ?? none[2])!} yet` : ctx.title.length < 4 ? e.title : ctx.title;
    return [
      icon(e.icon, { name: "empty_icon", size: 48, tone: "info", label: "Nothing here" }),
      heading(title, { level: 1, align: "center" }),
      text(e.hint, { align: "center", tone: "muted" }),
      row(
        [
          button(ctx.e.buttons[0] ?? e.action, {
            name: "first_action",
            variant: "primary",
            icon: "plus",
            onPress: "first_action",
          }),
        ],
        {
          justify: "center",
        },
      ),
    ];
  },
  "error-state": (ctx) => {
    const n = ctx.e.norm;
    const kind = /payment|card/.test(n)
      ? "payment"
      : /offline|connection|internet|network/.test(n)
        ? "offline"
        : /denied|forbidden|permission|403/.test(n)
          ? "denied"
          : /maintenance/.test(n)
            ? "maintenance"
            : /500|went wrong|server/.test(n)
              ? "server"
              : /session|expired|timed out|signed out|logged out/.test(n)
                ? "session"
                : "not-found";
    const e = CATALOG.errors.find((x) => x.id.includes(kind)) ?? CATALOG.errors[0]!;
    // The status the user named ("404 page") is said; a search box asked for is there.
    const status = /\b([45]\d\d)\b/.exec(n)?.[1];
    // The state the user named ("NO INTERNET CONNECTION screen", "session expired page") is the heading.
    const named = /^(?:(?:an?|the|my|our)\s+)?([a-z][a-z' ]{3,40}?)\s+(?:screen|page|state|view|message)\b/i.exec(
      ctx.e.text,
    )?.[1];
    const own =
      named && !/\b(?:error|oops|generic|simple|basic|nice|friendly|custom|\d{3})\b/i.test(named) && named.split(" ").length <= 5
        ? capitalize(named.toLowerCase())
        : undefined;
    // "… when a sailing is sold out", "when the payment fails": the state the user describes.
    const when =
      /\bwhen (?:a |an |the |my |our |your )?([a-z][a-z ]{1,25}?) (?:is|are|was|has|have|gets?|goes) ((?:not |no longer |already )?[a-z][a-z ]{1,20}?)(?=[,.;]|\s+(?:with|and|so|but)\b|$)/i.exec(
        ctx.e.text,
      );
    const described = when
      ? `${capitalize(when[1]!)} ${/^(?:are|have)$/.test(when[0]!.split(" ")[0]!) ? "are" : "is"} ${when[2]}`
      : undefined;
    const title = own ?? described ?? (status && !e.title.includes(status) ? `${status} · ${e.title}` : e.title);
    // What the user can do, as named: buttons, or short quoted labels ("with 'See other sailings' and 'Join waitlist'").
    const actions = (
      ctx.e.buttons.length ? ctx.e.buttons : ctx.e.quotes.filter((q) => q.split(/\s+/).length <= 4).map(capitalize)
    ).slice(0, 3);
    return [
      icon("warning", { name: "error_icon", size: 48, tone: "danger", label: "Error" }),
      heading(title, { level: 1, align: "center" }),
      // A state the user described is not the catalogue's "page not found" text.
      text(described && kind === "not-found" ? "Sorry about that. Here is what you can do next." : e.text, {
        align: "center",
        tone: "muted",
      }),
      ...(/\bsearch\b/.test(n)
        ? [textInput({ name: "search", label: "Search", type: "search", placeholder: "Search the site" })]
        : []),
      row(
        [
          ...(actions.length ? actions : [e.action]).map((a, i) =>
            button(a, {
              name: i ? `action_${i + 1}` : "retry",
              variant: i ? "secondary" : "primary",
              onPress: i ? nameOf(a) : "retry",
            }),
          ),
          button("Go home", { name: "home", variant: "ghost", icon: "home", onPress: "home" }),
        ],
        { justify: "center", gap: 8, wrap: true },
      ),
    ];
  },
};

const NOTE_ICON: Record<string, IconName> = {
  info: "info",
  success: "check",
  warning: "warning",
  error: "error",
  message: "mail",
  reminder: "clock",
};
const CATALOG_ROLES = (i: number) =>
  ["Designer", "Engineer", "Product manager", "Marketing lead", "Support specialist", "Data analyst"][i % 6]!;
const hashOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

function lineChartOf(rows: Row[]): UiNode {
  return card("Next five days", { name: "trend_card" }, [chartRows(rows)]);
}
const chartRows = (rows: Row[]) =>
  lineChart(rows, { name: "temperatures", x: "day", y: ["high", "low"], title: "High and low (°C)", height: 220 });

/** Slots the user described ("30 min slots between 9:00 and 12:00", "a 10-minute slot … 16:00 to 18:00"), in order. */
function slotsAsked(text: string): string[] | undefined {
  const T = String.raw`(\d{1,2})(?::(\d{2}))?\s?(am|pm)?`;
  const span = new RegExp(String.raw`\b${T}\s*(?:to|until|till|-|–|and)\s*${T}(?![\d:])`, "i").exec(text);
  const step =
    /\b(\d{1,3})[- ]?(?:min(?:ute)?s?)\b[- ]?(?:slots?|appointments?|sessions?|intervals?)|\bslots? of (\d{1,3}) ?min/i.exec(
      text,
    );
  if (!span || !step) return undefined;
  const at = (h: string, m: string | undefined, ap: string | undefined) =>
    (ap ? (Number(h) % 12) + (ap.toLowerCase() === "pm" ? 12 : 0) : Number(h)) * 60 + Number(m ?? 0);
  const start = at(span[1]!, span[2], span[3] ?? span[6]);
  let end = at(span[4]!, span[5], span[6]);
  if (end <= start && end < 12 * 60) end += 12 * 60;
  const every = Number(step[1] ?? step[2]);
  if (!(every >= 5) || end <= start || (end - start) / every > 48) return undefined;
  const out: string[] = [];
  for (let t = start; t + every <= end; t += every) out.push(`${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`);
  return out.length >= 2 ? out : undefined;
}

const DAY_TIMES = ["06:00", "07:00", "08:00", "09:00", "12:00", "18:00", "20:00", "21:00", "22:00", "23:00"];
function timeSlots(asked?: string): string[] {
  const slots = ["12:00", "12:30", "13:00", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30"];
  return asked && !slots.includes(asked) ? [asked, ...slots] : slots;
}

function settingInput(it: {
  label: string;
  kind: string;
  options?: string[] | undefined;
  default?: string | number | boolean | undefined;
  min?: number;
  max?: number;
}): UiNode {
  const name = nameOf(it.label);
  if (it.kind === "select")
    return select(String(it.default ?? it.options?.[0] ?? ""), { name, label: it.label, options: it.options ?? [] });
  if (it.kind === "slider")
    return slider(typeof it.default === "number" ? it.default : 50, {
      name,
      label: it.label,
      min: it.min ?? 0,
      max: it.max ?? 100,
    });
  return switchOf(it.label, it.default !== false);
}
const switchOf = (label: string, on: boolean) => switch_(on, { name: nameOf(label), label });

function defaultColumns(ctx: Ctx): string[] {
  const s = (ctx.e.subject ?? ctx.e.norm).toLowerCase();
  if (/employee|staff|team/.test(s)) return ["Name", "Role", "Department", "Start date", "Salary"];
  if (/order|sale|transaction|payment/.test(s)) return ["Order", "Customer", "Date", "Total", "Status"];
  if (/student|class|grade/.test(s)) return ["Name", "Class", "Grade", "Attendance"];
  if (/product|inventory|stock/.test(s)) return ["Product", "Category", "Price", "Stock"];
  if (/user|customer|member|client/.test(s)) return ["Name", "Email", "Joined", "Status"];
  return ["Name", "Category", "Date", "Amount", "Status"];
}

function profileValue(f: string, person: string, city: string): string {
  const k = f.toLowerCase();
  if (/email/.test(k)) return `${person.split(" ")[0]!.toLowerCase()}@mail.com`;
  if (/phone/.test(k)) return "+1 555 0199";
  if (/location|city|address/.test(k)) return city;
  if (/join|since|member/.test(k)) return shortDate(addDays(TODAY, -400));
  if (/bio|about/.test(k)) return "Loves good design and long walks.";
  return "—";
}

/** An amount as written: "€0,80" and "4,20 €" are decimals, "₹45,000" and "1,200" thousands. */
function amountOf(raw: string): number {
  const t = raw.replace(/[^\d.,]/g, "");
  return Number(/^\d+,\d{2}$/.test(t) ? t.replace(",", ".") : t.replace(/,/g, ""));
}
const AMOUNT = String.raw`[$€£₹₦¥]\s?\d[\d,.]*|\d[\d,.]*\s?[$€£₹₦¥]`;
/** A bill's line as written: "3 days of consulting at €650/day", "40 Brezeln à €0,80", "boiler valve (£145)", "fee £40". */
function billLine(text: string): { item: string; qty: number; price: number } | undefined {
  const t = text
    .replace(/^(?:he|she|they|we|i)\s+(?:replaced|fixed|installed|did|supplied|added)\s+(?:the|a|an)?\s*/i, "")
    // "tuition fee ₹45,000 paid on 12 Aug via UPI": what follows the amount is how it was paid.
    .replace(/(\d)\s+(?:paid|on|via|by|using)\b.*$/i, "$1");
  const rated = new RegExp(
    String.raw`^(\d+(?:\.\d+)?)\s*(?:x|×)?\s*(days?|hrs?|hours?|nights?|weeks?|months?|units?|pcs|pieces|sessions?|lessons?|seats?|licen[cs]es?)?\s*(?:of\s+)?(.+?)\s+(?:at|à|@|x|×|for)\s*(${AMOUNT})\s*(?:\/\s*[a-z]+|each|per\s+[a-z]+)?$`,
    "i",
  ).exec(t);
  if (rated) {
    const unit = rated[2] ? rated[2].toLowerCase().replace(/^hrs?$/, "hours") : "";
    const item = capitalize(rated[3]!.trim());
    return {
      item: unit && !/^(?:units?|pcs|pieces)$/.test(unit) ? `${item} (${unit.replace(/(?<!s)$/, "s")})` : item,
      qty: Number(rated[1]),
      price: amountOf(rated[4]!),
    };
  }
  const priced = new RegExp(String.raw`^(.+?)\s*[:(-]?\s*(${AMOUNT})\)?(?:\s*x\s*(\d+))?$`, "i").exec(t);
  if (priced && /\p{L}/u.test(priced[1]!))
    return { item: capitalize(priced[1]!.trim()), qty: Number(priced[3] ?? 1), price: amountOf(priced[2]!) };
  return undefined;
}

function lineItemsLayout(ctx: Ctx, kind: "invoice" | "receipt"): UiNode[] {
  const text = ctx.e.text;
  // What the user wrote about the bill itself rather than a line of it.
  const META =
    /^(?:invoice|receipt|bill|order)?\s*(?:number|no\.?|#|id)\b|^(?:client|customer|bill(?:ed)? to|to|from|due|paid|payment|transaction|ref|reference|tax|vat|gst|mwst|ust|total|subtotal)\b|\d\s?%/i;
  const written = ownItems(ctx)
    .filter((i) => !META.test(i.text))
    .map((i) => billLine(i.text));
  // The pieces that read as lines; none at all: "name amount" pairs anywhere ("… — tuition fee ₹45,000 paid on 12 Aug").
  let ownLines = written.filter((l): l is { item: string; qty: number; price: number } => !!l);
  if (ownLines.length && ownLines.length < written.length && ownLines.length < 2) ownLines = [];
  if (!ownLines.length)
    ownLines = [...text.matchAll(new RegExp(String.raw`\b((?:\d+-)?[a-z][a-z' -]{2,30}?)\s+(${AMOUNT})(?![\d])`, "gi"))]
      .map((m) => ({
        item: capitalize(m[1]!.replace(/^(?:a|an|the|for|of|my|our)\s+/i, "").trim()),
        qty: 1,
        price: amountOf(m[2]!),
      }))
      .filter((l) => !/^(?:paid|total|subtotal|receipt|invoice|amount|balance|price)$/i.test(l.item));
  const lines = ownLines.length
    ? ownLines
    : ctx.e.values.length >= 1
      ? ctx.e.values.map((v) => ({ item: capitalize(v.label), qty: 1, price: v.value }))
      : own(ctx).length
        ? own(ctx).map((l, i) => ({
            item: capitalize(l),
            qty: 1 + (i % 3),
            price: ctx.e.amounts[i] ?? ctx.domain.services[i % ctx.domain.services.length]?.price ?? 40,
          }))
        : [...ctx.domain.services, ...ctx.domain.items]
            .slice(0, 3)
            .map((s, i) => ({ item: s.name, qty: 1 + (i % 2), price: s.price ?? 30 }));
  const rows: Row[] = lines.map((l) => ({ ...l, total: Math.round(l.qty * l.price * 100) / 100 }));
  const subtotal = Math.round(rows.reduce((s, r) => s + Number(r.total), 0) * 100) / 100;
  // Tax as the user named it ("7% MwSt", "VAT 20%", "GST 18%"); "with tax" alone is 10 %; none said, none added.
  const taxed =
    /(\d+(?:[.,]\d+)?)\s?%\s*(vat|mwst|ust|gst|sales tax|tax)\b/i.exec(text) ??
    /\b(vat|mwst|ust|gst|sales tax|tax)\s*(?:of|at|@)?\s*(\d+(?:[.,]\d+)?)\s?%/i.exec(text);
  const rate = taxed
    ? Number((/^\d/.test(taxed[1]!) ? taxed[1]! : taxed[2]!).replace(",", "."))
    : /\b(?:tax|vat|gst)\b/i.test(text)
      ? 10
      : 0;
  const taxName = taxed ? (/^\d/.test(taxed[1]!) ? taxed[2]! : taxed[1]!) : "Tax";
  const tax = Math.round(subtotal * rate) / 100;
  const total = subtotal + tax;
  const NAME = String.raw`(\p{Lu}[\p{L}&.'-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}&.'-]*){0,3})`;
  const client = new RegExp(String.raw`\b(?:client|customer|bill(?:ed)? to|for|to)\s*:?\s+${NAME}`, "u").exec(text)?.[1];
  const from = new RegExp(String.raw`\bfrom\s+['"‘“]?${NAME}`, "u").exec(text)?.[1]?.replace(/['"’”]+$/, "");
  const brand = from ?? ctx.brand;
  const other = (n: string) => !brand.includes(n) && !n.includes(brand);
  const who = client ?? ctx.e.organisations.find(other) ?? ctx.e.people.find(other) ?? peopleFor(ctx, 1)[0]!;
  const theirs =
    /\b(?:number|no\.?|#|id)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,})\b/.exec(text)?.[1] ??
    /\b([A-Z]{2,5}-\d{2,}(?:-\d+)?)\b/.exec(text)?.[1];
  const no = theirs ?? `${kind === "invoice" ? "INV" : "RCT"}-${2026}-${String(100 + ctx.rng.int(1, 800)).padStart(4, "0")}`;
  // How it was paid, as the user said ("paid with apple pay", "paid contactless", "via UPI").
  const method =
    /\b(?:paid|payment)\s+(?:(?:with|by|via|using|in)\s+)?([a-z][a-z ]{1,18}?)(?=\s+(?:at|on|for|from)\b|\s*[,.;]|$)/i.exec(
      text,
    )?.[1] ??
    /\bvia\s+([a-z][a-z ]{1,18}?)(?=\s*[,.;]|$)/i.exec(text)?.[1] ??
    /\bpaid (?:with|by|using) ((?:visa|mastercard|amex|card|debit card|credit card)\s+(?:ending(?: in)?|•+|\*+)\s*\d{4})\b/i.exec(
      text,
    )?.[1] ??
    /\bpaid\b[^,.;]*?\bby\s+((?:bank |wire )?transfer|card|cash|cheque|check|direct debit|standing order|[a-z]+ card)\b/i.exec(
      text,
    )?.[1];
  const paidWith =
    method && !/^(?:on|at|the|a|an|in full)$/i.test(method)
      ? /^(?:upi|paypal|apple pay|google pay)$/i.test(method)
        ? method
            .replace(/\b\w/g, (c) => c.toUpperCase())
            .replace(/^Upi$/, "UPI")
            .replace(/^Paypal$/, "PayPal")
        : capitalize(method)
      : "Visa •••• 4242";
  // A journey bought ("Portsmouth → Bilbao", "from Dover to Calais").
  const trip = /(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'-]+)?)\s*(?:→|->|–>|\bto\b)\s*(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'-]+)?)/u.exec(
    text,
  );
  const route = trip ? `${trip[1]} → ${trip[2]}` : undefined;
  const inDays = /\bdue\s+in\s+(\d+)\s+days?\b|\bnet\s?(\d+)\b/i.exec(text);
  const due = inDays
    ? shortDate(addDays(TODAY, Number(inDays[1] ?? inDays[2])))
    : (ctx.e.dates[0] ?? shortDate(addDays(TODAY, 14)));
  return [
    ...header(
      kind === "invoice" ? `Invoice ${no}` : "Payment receipt",
      kind === "invoice" ? `From ${brand} to ${who}` : `Thank you, ${who}.`,
    ),
    ...(kind === "receipt"
      ? [alert(`We received ${money(total, ctx.currency)}.`, { name: "paid", title: "Paid", tone: "success" })]
      : []),
    details(
      kind === "invoice"
        ? { "Bill to": who, Issued: shortDate(TODAY), Due: due, Status: "Unpaid" }
        : {
            Receipt: no,
            Date: shortDate(TODAY),
            ...(route ? { Route: route } : {}),
            "Paid with": paidWith,
            Customer: who,
          },
      "header_details",
    ),
    lineItemsTable(rows, "line_items", { item: "Description", price: "Unit price", total: "Amount" }, ctx.currency),
    details(
      {
        Subtotal: money(subtotal, ctx.currency),
        ...(rate
          ? {
              [`${taxName.length <= 4 ? taxName.toUpperCase().replace("MWST", "MwSt") : capitalize(taxName)} (${rate}%)`]: money(
                tax,
                ctx.currency,
              ),
            }
          : {}),
        Total: money(total, ctx.currency),
      },
      "totals",
    ),
    row(
      kind === "invoice"
        ? [
            button("Download PDF", { name: "download", variant: "secondary", onPress: "download_pdf" }),
            button("Pay now", { name: "pay_now", variant: "primary", onPress: "pay_invoice" }),
          ]
        : [button("Email receipt", { name: "email_receipt", variant: "secondary", onPress: "email_receipt" })],
      { justify: "end", gap: 8 },
    ),
  ];
}

function calculatorLayout(ctx: Ctx): UiNode[] {
  const n = ctx.e.norm;
  const nums = ctx.e.numbers;
  const result = (label: string, value: number, fmt?: "currency" | "percent") =>
    card("Result", { name: "result_card" }, [
      stat(Math.round(value * 100) / 100, {
        name: "result",
        label,
        ...(fmt ? { format: fmt } : {}),
        ...(fmt === "currency" ? { currency: ctx.currency } : {}),
      }),
    ]);
  const inputs = (fs: [string, number][]) =>
    fs.map(([l, v]) => textInput({ name: nameOf(l), label: l, type: "number", value: String(v) }));
  const go = button("Calculate", { name: "calculate", variant: "primary", onPress: "calculate" });
  /** A calculator: its inputs (and other controls) in one card, the result below. */
  const screen = (title: string, fields: [string, number][], res: UiNode, extra: UiNode[] = []) => [
    ...header(ctx.title),
    card(title, { name: "inputs" }, [...inputs(fields), ...extra, go]),
    res,
  ];
  if (/\btip\b|split/.test(n)) {
    const [bill = 80, pct = 15, people = 2] = nums;
    const each = (bill * (1 + pct / 100)) / Math.max(1, people);
    return screen(
      "Bill",
      [
        ["Bill amount", bill],
        ["Tip %", pct],
        ["People", people],
      ],
      result("Each person pays", each, "currency"),
    );
  }
  if (/\bbmi\b|body mass/.test(n)) {
    const [h = 175, w = 70] = nums;
    return screen(
      "Your measurements",
      [
        ["Height (cm)", h],
        ["Weight (kg)", w],
      ],
      result("BMI", w / (h / 100) ** 2),
    );
  }
  if (/loan|mortgage|emi|interest/.test(n)) {
    const amount = ctx.e.amounts[0] ?? nums.find((x) => x >= 1000) ?? 250000;
    const rate = nums.find((x) => x > 0 && x < 30 && x !== amount) ?? 5.5;
    const years = ctx.e.count && /year/.test(ctx.e.count.noun) ? ctx.e.count.n : 25;
    const r = rate / 1200;
    const monthly = (amount * r) / (1 - (1 + r) ** -(years * 12));
    return screen(
      "Loan",
      [
        ["Amount", amount],
        ["Interest rate (%)", rate],
        ["Years", years],
      ],
      result("Monthly payment", monthly, "currency"),
    );
  }
  const currencies = ["USD", "EUR", "GBP", "INR", "JPY"];
  if (/currenc|exchange|convert/.test(n)) {
    const amount = nums[0] ?? 100;
    return screen("Convert", [["Amount", amount]], result("Converted (at 0.92)", amount * 0.92), [
      select("USD", { name: "from", label: "From", options: currencies }),
      select("EUR", { name: "to", label: "To", options: currencies }),
    ]);
  }
  const fs = own(ctx).length
    ? own(ctx).map((l, i) => [capitalize(l), nums[i] ?? 10 * (i + 1)] as [string, number])
    : [["First number", nums[0] ?? 12] as [string, number], ["Second number", nums[1] ?? 8] as [string, number]];
  const operation = select("add", {
    name: "operation",
    label: "Operation",
    options: [
      { label: "Add", value: "add" },
      { label: "Multiply", value: "multiply" },
    ],
  });
  return screen(
    "Inputs",
    fs,
    result(
      "Total",
      fs.reduce((s, [, v]) => s + v, 0),
    ),
    [operation],
  );
}

function landingLayout(ctx: Ctx): UiNode[] {
  const d = ctx.domain;
  const brand = ctx.brand === "our team" ? d.brand[0]! : ctx.brand;
  const shop = /shop|store|e-?commerce|buy|products/.test(ctx.e.norm);
  // The user's features ("3 features (deploy in 1 click, auto scaling, logs)") and call to action ("CTA start free trial").
  const ownFeatures = ctx.e.items
    .flat()
    .find((i) => /feature|benefit|highlight/i.test(i.label) && i.options.length >= 2)?.options;
  const features = ownFeatures
    ? ownFeatures.map((f, i) => ({
        title: capitalize(f),
        text: d.features[i % d.features.length]?.text ?? d.tagline,
        icon: d.features[i % d.features.length]?.icon,
      }))
    : d.features;
  const cta =
    /\b(?:cta|call to action|button)\s*[:-]?\s*([a-z][a-z ]{2,30}?)(?=\s*(?:,|\.|$|\band\b))/i.exec(ctx.e.text)?.[1] ??
    ctx.e.buttons[0];
  // The user's hero line ("hero line 'Bread baked at 5am, every day'") and their own things ("our bestsellers (agege,
  // coconut bread, meat pie)").
  const heroLine = /\b(?:hero|headline|tagline|slogan)(?:\s+(?:line|text|copy))?\s*[:-]?\s*['"‘“]([^'"’”]{3,80})['"’”]/i.exec(
    ctx.e.text,
  )?.[1];
  const ownThingsItem = ctx.e.items
    .flat()
    .find((i) => i.options.length >= 2 && !/feature|benefit|highlight|testimonial/i.test(i.label) && /\p{L}/u.test(i.label));
  const asked = ctx.e.items.flat().map((i) => i.label.toLowerCase());
  const testimonials = asked.some((a) => /testimonial|review/.test(a)) || /testimonials?|reviews/.test(ctx.e.norm);
  const links = ["Home", shop ? "Shop" : "Services", "About", "FAQ", "Contact"];
  return [
    row(
      [
        heading(brand, { level: 2 }),
        row(
          links.map((l) =>
            button(l, { name: `nav_${nameOf(l)}`, variant: "ghost", size: "sm", onPress: { event: "navigate", value: l } }),
          ),
          { gap: 4, wrap: true },
        ),
      ],
      { justify: "between", align: "center", wrap: true, name: "nav" },
    ),
    card(d.tagline, { name: "hero", subtitle: `For ${d.audience}` }, [
      heading(heroLine ?? (ctx.title.length > 3 && !/website|site|page/i.test(ctx.title) ? ctx.title : d.tagline), { level: 1 }),
      text(heroLine && ctx.title.length > 3 ? ctx.title : (d.features[0]?.text ?? d.tagline)),
      row(
        [
          button(cta ? capitalize(cta) : shop ? "Shop now" : "Get started", {
            name: "primary_cta",
            variant: "primary",
            onPress: shop ? "shop_now" : "get_started",
          }),
          button("Learn more", { name: "learn_more", variant: "secondary", onPress: "learn_more" }),
        ],
        { gap: 8 },
      ),
    ]),
    grid(
      features.map((f, i) =>
        card(f.title, { name: `feature_${i + 1}` }, [
          icon((f.icon as IconName) ?? ICONS[i % ICONS.length]!, { tone: "info" }),
          text(f.text, { size: "sm" }),
        ]),
      ),
      { columns: Math.min(4, features.length), gap: 12, name: "features" },
    ),
    heading(
      ownThingsItem
        ? capitalize(ownThingsItem.label.replace(/^(?:our|my|the)\s+/i, ""))
        : shop
          ? "Popular right now"
          : `Our ${d.itemNoun[1]}`,
      {
        level: 2,
      },
    ),
    ownThingsItem
      ? itemCards(
          ctx,
          ownThingsItem.options.map((o) => ({ name: capitalize(o) })),
          { label: shop ? "Add to cart" : "Learn more", event: shop ? "add_to_cart" : "open_item" },
          { images: false },
        )
      : shop
        ? itemCards(ctx, d.items.slice(0, 6), { label: "Add to cart", event: "add_to_cart" })
        : itemCards(
            ctx,
            (d.services.length ? d.services : d.items).slice(0, 6).map((s) => ({
              name: s.name,
              ...(s.price !== undefined ? { price: s.price } : {}),
              ...(s.description ? { description: s.description } : {}),
            })),
            { label: "Learn more", event: "open_item" },
            { images: false },
          ),
    ...(d.people.length
      ? [
          heading("Meet the team", { level: 2 }),
          grid(
            d.people.map((p, i) =>
              card(p.name, { name: `person_${i + 1}`, subtitle: p.role }, [text(p.bio ?? p.role, { size: "sm" })]),
            ),
            { columns: Math.min(4, d.people.length), gap: 12, name: "team" },
          ),
        ]
      : []),
    ...ctx.parts.filter((p) => p !== "faq" && p !== "contact").flatMap((p) => partSection(ctx, p)),
    ...(testimonials
      ? [
          heading("Testimonials", { level: 2 }),
          grid(
            peopleFor(ctx, 3).map((p, i) =>
              card(p, { name: `testimonial_${i + 1}`, subtitle: "Customer" }, [
                text(`“${d.features[i % d.features.length]?.text ?? d.tagline}”`, { size: "sm" }),
              ]),
            ),
            { columns: 3, gap: 12, name: "testimonials" },
          ),
        ]
      : []),
    heading("Frequently asked questions", { level: 2 }),
    faqSection(d.faqs),
    card(`Questions? Write to ${brand}`, { name: "contact" }, form(["Name", "Email", "Message"], "Send", "send_message")),
  ];
}
