import { FAMILIES } from "../families";
import { printProgram, UiNode, type ScreenSettings } from "../ui";
import { readEntities, type Entities } from "../understand/entities";
import { detectFamily, type FamilyMatch } from "../understand/family";
import { makeCtx, type Ctx, type RoleComponents } from "./context";
import { LAYOUTS, partSection } from "./layouts";
import { header, itemList, details, nameOf } from "./sections";
import { capitalize, escapeRegExp, joinAnd } from "../text";
import { button, card, heading as heading_, row, switch_, text, text as text_ } from "../ui";

/** A composed screen: its code, family and an account of what was recognised. */
export interface Composed {
  code: string;
  family: string;
  reasoning: string[];
}

const ABOUT = new Map(FAMILIES.map((f) => [f.id, f.about]));

/** Explicit names must be unique on a screen; a repeat gets a suffix. */
function uniqueNames(nodes: readonly UiNode[]): UiNode[] {
  const seen = new Map<string, number>();
  const walk = (ns: readonly UiNode[]): UiNode[] =>
    ns.map((n) => {
      let props = n.props;
      const name = props?.name;
      if (typeof name === "string") {
        const k = (seen.get(name) ?? 0) + 1;
        seen.set(name, k);
        if (k > 1) props = { ...props, name: `${name}_${k}` };
      }
      return Object.assign(Object.create(Object.getPrototypeOf(n) as object) as UiNode, n, {
        props,
        children: n.children ? walk(n.children) : n.children,
      });
    });
  return walk(nodes);
}

/** The screen for a request nothing specific fits: built from its own nouns and entities. */
function overview(ctx: Ctx): UiNode[] {
  const e = ctx.e;
  const facts: Record<string, string> = {};
  if (e.places.length) facts.Places = joinAnd(e.places);
  if (e.people.length) facts.People = joinAnd(e.people);
  if (e.organisations.length) facts.Organisations = joinAnd(e.organisations);
  if (e.dates.length) facts.When = joinAnd(e.dates);
  if (e.times.length) facts.Time = joinAnd(e.times);
  for (const v of e.values) facts[capitalize(v.label)] = `${v.value}${v.unit === "%" ? "%" : ""}`;
  const topics = e.lists[0] ?? e.words.slice(0, 6).map(capitalize);
  return [
    ...header(ctx.title, `About ${joinAnd(e.words.slice(0, 4))}.`),
    ...(Object.keys(facts).length ? [details(facts, "facts")] : []),
    card("Topics", { name: "topics" }, [
      itemList(
        topics.map((t) => ({
          title: capitalize(t),
          subtitle: ctx.domainMatched ? ctx.domain.tagline : `Everything about ${t.toLowerCase()}`,
        })),
        { press: "open_topic" },
      ),
    ]),
    row(
      [
        button("Tell me more", { name: "more", variant: "primary", onPress: "tell_me_more" }),
        button("Save", { name: "save", variant: "secondary", onPress: "save" }),
      ],
      { gap: 8 },
    ),
    ...(ctx.domainMatched ? [text(ctx.domain.features[0]?.text ?? "", { tone: "muted" })] : []),
  ];
}

/** Props a user never reads: names, actions, icons, styles, URLs. */
const HIDDEN_PROPS = new Set([
  "name",
  "onPress",
  "onChangeText",
  "onLongPress",
  "icon",
  "style",
  "animation",
  "src",
  "href",
  "url",
  "event",
  "navigate",
  "set",
]);

/** Every piece of text a screen's nodes carry (labels, values, options, rows), lower-case, for "is it shown?". */
export function textOf(nodes: readonly UiNode[]): string {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === "string" || typeof v === "number") out.push(String(v));
    else if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => !HIDDEN_PROPS.has(k) && add(x));
  };
  const walk = (ns: readonly UiNode[]) =>
    ns.forEach((n) => {
      // An image's address, an icon's name and an app component's name are not text on the screen.
      if (!["image", "video", "icon", "custom"].includes(n.type)) add(n.value);
      add(n.props);
      if (n.children) walk(n.children);
    });
  walk(nodes);
  return out
    .join(" | ")
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1");
}

const shown = (term: string, text: string) => {
  const t = term
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .trim();
  return !t || new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}`, "u").test(text);
};

/** An item shown split where a layout splits it: "Dune by Frank Herbert" as title and author, "1962 opened …" as date and event. */
function shownInParts(label: string, text: string): boolean {
  const DATE = /^((?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{4})?|\d{4}|q[1-4])\b/i;
  let parts = label.split(/\s+(?:by|[-–—])\s+|:\s+/);
  if (parts.length === 1) {
    const lead = DATE.exec(label)?.[1];
    const tail = /\s((?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|\d{4})$/i.exec(
      label,
    )?.[1];
    if (lead) parts = [lead, label.slice(lead.length)];
    else if (tail) parts = [label.slice(0, -tail.length), tail];
  }
  return parts.length > 1 && parts.every((p) => shown(p.trim().replace(/^[:,\s-]+/, ""), text));
}

/** A short request's own subject ("my profile", "404 page", "chat screen"): it should be said on the screen. */
function titleWords(e: Entities): string[] {
  const words = e.text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w && !SCREEN_WORDS.has(w));
  return words.length >= 1 && words.length <= 2 ? [capitalize(words.join(" "))] : [];
}

/** Words that say what kind of screen is asked for, not what it is about. */
const SCREEN_WORDS = new Set(
  "page screen view app website site ui ux form table chart graph list dashboard card section panel widget layout design template component modal popup button link field fields input show make build create design need want please simple nice modern clean basic new my our your their the a an with for and of to in on at by from about that this these those some all any each every one two three four five six seven eight nine ten".split(
    " ",
  ),
);

/**
 * What the request is about, in its own words, where the screen does not say it: the phrase after "for", "about",
 * "to" … holding a content word nothing on the screen shows ("for the app launch", "about a late delivery").
 */
function aboutPhrases(request: string, shownText: string): string[] {
  const out: string[] = [];
  for (const m of request.matchAll(
    /\b(?:for|about|to|at|of|on)\s+((?:(?:the|a|an|my|our|your|their)\s+)?(?:[\p{L}\p{N}'’-]+\s*){1,4})/giu,
  )) {
    const phrase = m[1]!
      .replace(/^(?:the|a|an|my|our|your|their)\s+/i, "")
      .replace(/[\s,.;:!?]+$/, "")
      .trim();
    const words = phrase
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w.length >= 3 && !SCREEN_WORDS.has(w) && !/^\d+$/.test(w));
    if (!words.length) continue;
    const cut = phrase.split(/\s+(?:with|and|for|to|in|on|at|by|from|that|which|where|so|as)\b/i)[0]!.trim();
    if (cut && words.some((w) => !shownText.includes(w.replace(/s$/, "")))) out.push(capitalize(cut));
  }
  return out.slice(0, 2);
}

/**
 * The user's own names, quotes, codes, places and dates a layout did not use: said under the heading, so nothing the
 * user wrote is dropped ("Sign in" for "the Northwind employee portal" says Northwind).
 */
function keepOwnWords(nodes: UiNode[], e: Entities, family = ""): UiNode[] {
  const text = textOf(nodes);
  // Amounts and counted units as written ("$1,450", "60 minutes", "2 bathrooms"), and what the request is about.
  const amounts = [
    ...e.text.matchAll(
      /[$€£₹₦]\s?\d(?:[\d,.]*\d)?|\b\d(?:[\d,.]*\d)?\s?(?:minutes?|mins?|hours?|nights?|days?|bathrooms?|bedrooms?|rooms?|guests?|people|seats?|ml|kg|km|kw|kwh|gb)\b/gi,
    ),
  ]
    .map((m) => m[0])
    // A zero price reads as "Free" on the screen.
    .filter((a) => !/^[$€£₹₦]\s?0(?:\.0+)?$/.test(a));
  const own = titleWords(e);
  const terms = [
    ...own,
    ...e.quotes,
    ...e.names,
    ...e.contacts.emails,
    ...e.contacts.phones,
    ...e.contacts.urls,
    ...e.places,
    ...e.people,
    ...e.organisations,
    ...e.dates,
    ...e.times,
    ...amounts,
    ...aboutPhrases(e.text, text),
  ];
  const missing: string[] = [];
  for (const t of terms) {
    // "The Indie Hour" keeps its capitalised article; "the app launch" does not.
    const clean = t.replace(/^(?:the|a|an)\s+(?=[a-z])|^(?:a|an)\s+/, "").trim();
    if (clean.length < 2 || shown(clean, text) || missing.some((m) => m.toLowerCase().includes(clean.toLowerCase()))) continue;
    for (let i = missing.length - 1; i >= 0; i--)
      if (clean.toLowerCase().includes(missing[i]!.toLowerCase())) missing.splice(i, 1);
    missing.push(clean);
  }
  // Listed things no section showed: kept in a card of their own, as written.
  const listed = [...e.items].sort((a, b) => b.length - a.length)[0] ?? [];
  const unshown = listed.filter((i) => {
    const label = (i.label || i.text)
      .replace(/^(?:the|a|an)\s+/i, "")
      .replace(/\s*[✓✔]\s*/g, " ")
      // "session length slider 5–60 min" is shown as a slider named "Session length", "a switch to mute alerts" as
      // a switch named "Mute alerts".
      .replace(/\s+(?:slider|toggle|switch|dropdown|checkbox)\b.*$/i, "")
      .replace(/^(?:(?:and|with)\s+)?(?:a\s+|an\s+)?(?:switch|toggle)\s+(?:to|for)\s+/i, "")
      .replace(/\s*[—–-]+$/, "")
      .trim();
    // An item that asks for a part ("a weekly steps bar chart", "list of recent donors") was composed as that part.
    return (
      label.length >= 2 &&
      !shown(label, text) &&
      // Shown in pieces ("Dune by Frank Herbert" as a title and an author, "1962 opened …" as a date and an event) is shown.
      !shownInParts(label, text) &&
      !e.switches.some((w) => w.toLowerCase() === label.toLowerCase()) &&
      // A booking's times are its slots ("30 min slots between 9:00", "Thursday 16:00 to 18:00").
      !(family === "booking" && (i.time || /\bslots?\b|\bsessions?\b|\d{1,2}(?::\d{2})\b|\d\s?(?:am|pm)\b/i.test(i.text))) &&
      !/^(?:button|link|hero|cta)\b|\b(?:chart|graph|table|map|button|link|filters?|search|toggle)$|^(?:sub)?total$/i.test(label)
    );
  });
  // A bill's lines are read into its table (quantity, price, amount), not repeated as written.
  // A product's attributes are read into its card (sizes, colours, stars, highlights).
  const consumed =
    (["invoice", "receipt"].includes(family) && /"line_items"/.test(JSON.stringify(nodes))) ||
    (family === "product" && /"product_card"/.test(JSON.stringify(nodes)));
  if (unshown.length && !consumed) {
    const card_ = card("Details", { name: "own_details" }, [
      itemList(
        unshown.map((i) => capitalize(i.text || i.label)),
        { name: "own_items" },
      ),
    ]);
    const at = nodes.findIndex((n, k) => k > 0 && n.type === "row" && textOf([n]).includes("submit"));
    nodes = at > 0 ? [...nodes.slice(0, at), card_, ...nodes.slice(at)] : [...nodes, card_];
  }
  // A switch the user named ("a switch to mute promo alerts") is on the screen.
  const toggles = e.switches.filter((w) => !shown(w.toLowerCase(), text));
  if (toggles.length)
    nodes = [
      ...nodes,
      card(
        "Preferences",
        { name: "asked_switches" },
        toggles.map((w) => switch_(false, { name: nameOf(w), label: w })),
      ),
    ];
  // A button the user named ("…, track package button", "a check answer button") is on the screen.
  const asked = e.buttons.filter((b) => !hasButton(nodes, b));
  if (asked.length)
    nodes = [
      ...nodes,
      row(
        asked
          .slice(0, 3)
          .map((b, i) => button(b, { name: `asked_${i + 1}`, variant: i ? "secondary" : "primary", onPress: nameOf(b) })),
        { gap: 8 },
      ),
    ];
  if (!missing.length) return nodes;
  const line = missing.join(" · ");
  const at = nodes.findIndex((n) => n.type === "heading");
  if (at < 0) return [text_(line, { tone: "muted" }), ...nodes];
  const next = nodes[at + 1];
  if (next?.type === "text" && typeof next.value === "string" && next.props?.tone === "muted")
    return [...nodes.slice(0, at + 1), text_(`${line} — ${next.value}`, { tone: "muted" }), ...nodes.slice(at + 2)];
  return [...nodes.slice(0, at + 1), text_(line, { tone: "muted" }), ...nodes.slice(at + 1)];
}

/** Whether a button of the screen says `label`. */
/** Families whose screen is itself a form. */
const FORMISH = new Set([
  "form",
  "login",
  "signup",
  "contact",
  "booking",
  "survey",
  "quiz",
  "checkout",
  "settings",
  "calculator",
]);
/** A form named in a request ("an enquiry form", "a form with", "form at the bottom"), not "in the form of". */
const FORM_NAMED = /(?<!\bin the )\bform\b(?!\s+of\b)/i;
const has = (nodes: readonly UiNode[], type: string): boolean =>
  nodes.some((n) => n.type === type || (n.children ? has(n.children, type) : false));

function hasButton(nodes: readonly UiNode[], label: string): boolean {
  const l = label.toLowerCase();
  return nodes.some(
    (n) =>
      (n.type === "button" && typeof n.value === "string" && n.value.toLowerCase().includes(l)) ||
      (n.children ? hasButton(n.children, label) : false),
  );
}

/**
 * A titled card is a region named by its title, and the screen is one named by its own: a card titled like the screen
 * or like an earlier card loses its title (its content stays), so every region has its own name.
 */
function uniqueRegions(nodes: readonly UiNode[], screenTitle: string): UiNode[] {
  const seen = new Set([screenTitle.trim().toLowerCase()]);
  const walk = (ns: readonly UiNode[]): UiNode[] =>
    ns.map((n) => {
      let value = n.value;
      if (n.type === "card" && typeof value === "string") {
        const k = value.trim().toLowerCase();
        if (seen.has(k)) value = undefined;
        else seen.add(k);
      }
      const children = n.children ? walk(n.children) : n.children;
      return value === n.value && children === n.children ? n : new UiNode(n.type, value, n.props, children);
    });
  return walk(nodes);
}

/** The first page heading (level 1) of a screen, wherever it is. */
function findHeading(nodes: readonly UiNode[]): UiNode | undefined {
  for (const n of nodes) {
    if (n.type === "heading" && (n.props?.level ?? 1) === 1) return n;
    const inner = n.children ? findHeading(n.children) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** How a section reads in the reasoning: a card's title, else its kind ("table", "bar chart"). */
function sectionName(n: UiNode): string {
  if (n.type === "card" && typeof n.value === "string") return `"${n.value}"`;
  if (typeof n.props?.name === "string") return n.props.name.replace(/_/g, " ");
  return n.type
    .replace(/_$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

/** The app's own components a screen draws, by name. */
function textOfCustom(nodes: readonly UiNode[]): string[] {
  return nodes.flatMap((n) => [...(n.type === "custom" ? [String(n.value)] : []), ...textOfCustom(n.children ?? [])]);
}

/** Prints a screen of `nodes` for a request. */
export function printScreen(title: string, nodes: UiNode[], e: Entities): string {
  const settings: ScreenSettings = { title, ...(e.theme ? { theme: e.theme } : {}) };
  return printProgram(title, settings, uniqueNames(nodes));
}

/**
 * A new screen for a request: family, entities, layout, content. `roles`: the app's own components for the roles the
 * layouts compose (drawn in place of the built-in product card, pricing tier or hero).
 */
export function composeNew(request: string, hint?: FamilyMatch, roles: RoleComponents = {}): Composed {
  const e = readEntities(request);
  const match = hint ?? detectFamily(e);
  let family = match.family;
  const ctx0 = makeCtx(e, match, "Overview", roles);
  // Nothing matched: a domain's website when the request names one, else an overview of its own words.
  if (!family) family = ctx0.domainMatched ? "landing" : "";
  const ctx: Ctx = { ...ctx0, family };
  const layout = family ? LAYOUTS[family] : undefined;
  let nodes = layout ? layout(ctx) : overview(ctx);
  // Parts named besides a non-container head ("a form and a table") follow it.
  if (family && !["dashboard", "landing"].includes(family)) {
    const extra = match.parts.filter((p) => p !== family);
    nodes = [...nodes, ...extra.flatMap((p) => partSection(ctx, p))];
  }
  // A form named besides another screen ("…, plus an enquiry form (name, idea, budget)", "Contact form at the bottom:
  // name, email, your question") is on it, with its own fields, when the screen has no inputs yet.
  if (family && !FORMISH.has(family) && FORM_NAMED.test(e.text) && !has(nodes, "textInput"))
    nodes = [...nodes, ...partSection(ctx, "form")];
  const recognised = [
    `The request asks for ${family ? `a ${family.replace(/-/g, " ")}: ${ABOUT.get(family) ?? family}` : "something no family fits, so an overview built from its own words"}.\n`,
    ...(match.parts.length ? [`It also names ${joinAnd(match.parts)}, composed as sections.\n`] : []),
    ...(e.lists[0] ? [`The user listed: ${joinAnd(e.lists[0])}.\n`] : []),
    ...(e.values.length
      ? [`Values given: ${e.values.map((v) => `${v.label} ${v.value}${v.unit === "%" ? "%" : ""}`).join(", ")}.\n`]
      : []),
    ...(ctx.domainMatched ? [`Content comes from the ${ctx.domain.id} domain's data.\n`] : []),
  ];
  const own = [...new Set(textOfCustom(nodes))];
  if (own.length)
    recognised.push(
      `The app's own ${joinAnd(own)} ${own.length > 1 ? "are" : "is"} drawn where ${own.length > 1 ? "they fit" : "it fits"}.\n`,
    );
  nodes = keepOwnWords(nodes, e, family);
  // The screen is called what its page heading says ("Create your account" for "a signup form").
  const h1 = findHeading(nodes);
  const title = typeof h1?.value === "string" && h1.value.length <= 60 ? h1.value : ctx.title;
  nodes = uniqueRegions(nodes, title);
  // An accordion's sections are third-level headings: a second-level one comes first (axe heading-order).
  const acc = nodes.findIndex((n) => n.type === "accordion");
  if (
    acc >= 0 &&
    !nodes
      .slice(0, acc)
      .some((n) => (n.type === "heading" && n.props?.level === 2) || (n.type === "card" && typeof n.value === "string"))
  )
    nodes = [
      ...nodes.slice(0, acc),
      heading_(/faq|question/i.test(e.text) ? "Questions and answers" : "Sections", { level: 2 }),
      ...nodes.slice(acc),
    ];
  const sections = nodes.filter((n) => n.type !== "heading" && n.type !== "text").map((n) => sectionName(n));
  recognised.push(`It is titled "${title}".\n`, `Sections: ${joinAnd([...new Set(sections)].slice(0, 8))}.\n`);
  return { code: printScreen(title, nodes, e), family: family || "list", reasoning: recognised };
}
