import type { AppComponent, RoleName } from "@genui/ui-runtime";
import { CATALOG, domainFor, DOMAINS, fieldFor, PEOPLE, PLACES, type Domain } from "../content";
import type { FieldSpec } from "../content/schema";
import type { Entities } from "../understand/entities";
import { correctTypos, type FamilyMatch } from "../understand/family";
import { capitalize, hash32, Rng } from "../text";

/**
 * What a family's layout is filled from: the request's entities first, then the domain the request is about (its
 * items, people, metrics, posts …), then the generic catalogue — all deterministic for a given request.
 */
export interface Ctx {
  e: Entities;
  family: string;
  parts: string[];
  /** The domain the request is about, or the general one. */
  domain: Domain;
  /** True when a domain's cues matched (else `domain` is a neutral default). */
  domainMatched: boolean;
  rng: Rng;
  /** Heading of the screen, from the request's own words. */
  title: string;
  currency: string;
  /** The name the user gave their business, product or place ('ShipFast', "Northwind", "Lotus Spa"), else the domain's. */
  brand: string;
  /** True when `brand` is the user's own. */
  ownBrand: boolean;
  /** The app's own components by the role they take (a product card, a pricing tier, a hero): drawn in its place. */
  roles: RoleComponents;
}

/** The app's own components that take a role the layouts compose (the first one declared for each role). */
export type RoleComponents = Partial<Record<RoleName, AppComponent>>;

/** The role each of the app's components takes (components without a role are the upstream model's to use). */
export function rolesOf(components: readonly AppComponent[] = []): RoleComponents {
  const out: RoleComponents = {};
  for (const c of components) if (c.role && !out[c.role.name]) out[c.role.name] = c;
  return out;
}

const startOfUtcDay = (ms: number): Date => new Date(Math.floor(ms / 86_400_000) * 86_400_000);

/**
 * The screen's date "today": the UTC day the screen is made on (`plan` sets it first), so sample dates are relative to
 * today — "updated" and "shipped" never in the future — and the same request on the same day gives the same screen.
 */
export let TODAY = startOfUtcDay(Date.now());

/** Sets "today" for the screens made next (to the current day by default; tests may fix it). */
export function setToday(at: Date | number = Date.now()): void {
  TODAY = startOfUtcDay(typeof at === "number" ? at : at.getTime());
}

export const iso = (d: Date): string => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * 86_400_000);
export const shortDate = (d: Date): string =>
  d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Words that name the kind of screen, not what it is about ("form", "chart", "page"). */
const KIND_WORDS =
  /(?<!\b(?:a|an|the)\s)\b(?:simple|basic|modern|clean|beautiful|nice|cool|responsive|mobile|minimal|interactive|small|big|full|dark|light|mode|theme|ui|ux|screen|page|view|component|widget|template|layout|design|mockup|app|application form|form|chart|graph|table|list|dashboard|website|site|landing|card|section|panel)\b/gi;
const LEAD =
  /^(?:(?:hey|hi|ok|okay|please|pls|can you|could you|would you|will you|i need|i want|i'd like|we need|we want|let's|lets|help me|give me|show me|make me|build me|create me|get me|generate|create|make|build|design|show|draw|render|display|write|add|prepare|set up|put together|need|want)\s+)+/i;

/** The heading for a request: its own phrase without the lead verb and the kind words, or `fallback`. */
export function titleOf(e: Entities, fallback: string): string {
  // "recipe card: banana bread. 3 ripe bananas, …": only the kind of screen before the colon — its name follows it.
  const named = /^([^:\n]{2,40}):\s*([^\d\s,.;:!?\n][^,.;:!?\n]{2,40}?)\s*(?:[.;\n]|$)/.exec(e.text);
  if (named) {
    const head = named[1]!
      .replace(LEAD, "")
      .replace(KIND_WORDS, " ")
      .replace(/^\s*(?:a|an|the|my|our)\s+/i, "")
      .trim();
    const name = named[2]!.replace(/^(?:a|an|the|my|our)\s+(?=[a-z])/i, "").trim();
    if (
      head.split(/\s+/).length <= 1 &&
      name.split(/\s+/).length <= 5 &&
      !/^(?:what|how|who|when|where|why|do|does|can|is|are)\b/i.test(name)
    )
      return capitalize(name);
  }
  let t = e.text
    .split(/:(?!\d\d)|\n|(?<=[.!?])\s/)[0]!
    .replace(/\s+(?:with|including|that|which|where|containing|listing|showing|so that|to let|for (?:my|our|a|an|the)\b).*$/i, "")
    // "reading list —" followed by its lines: the dash is not part of the name.
    .replace(/\s*[-—–]+$/, "")
    .trim();
  t = t
    .replace(LEAD, "")
    .replace(/^(?:a|an|the|my|our|some)\s+/i, "")
    .replace(
      /\b(?:(?:stacked|horizontal|vertical)\s+)?(?:bar|line|pie|area|donut|doughnut|column)\s+(?:chart|graph)s?\b/gi,
      "chart",
    );
  const stripped = t
    .replace(KIND_WORDS, " ")
    .replace(/^\s*(?:of|for|about|on|to)\s+/i, "")
    .replace(/(?<!\b(?:sign|log|check|plug|opt))\s+(?:of|for|about|on|to|with|and|in)\s*$/i, "")
    .replace(/\s+/g, " ")
    .replace(/^(?:a|an|the|my|our)\s+/i, "")
    .trim();
  let words = stripped.split(" ").filter(Boolean);
  // One word left ("Sales" of "a sales dashboard", "To-do" of "a to-do list"): the kind word belongs to the name.
  const whole = t
    .replace(
      /\b(?:simple|basic|modern|clean|beautiful|nice|cool|responsive|mobile|minimal|interactive|small|big|full|ui|ux|screen|page|view|component|widget|template|layout|design|mockup)\b/gi,
      " ",
    )
    .replace(/\s+/g, " ")
    .trim();
  if (words.length === 1 && whole.split(" ").length === 2 && !/^(?:dark|light)\b/i.test(whole)) words = whole.split(" ");
  // Only kind words before "with …" ("a card with the top technology news of this week"): name it by what it holds.
  if (!words.length || stripped.length < 3) {
    const held = /\b(?:with|of|about|showing|listing|for)\s+(?:(?:the|a|an|my|our|some)\s+)?(.+)$/i.exec(
      e.text.split(/:(?!\d\d)|\n|(?<=[.!?])\s/)[0]!,
    )?.[1];
    words = (held ?? "")
      .replace(/[,.;!?]+$/, "")
      // "… weekly sales with a chart": the parts the screen holds are not its name.
      .replace(
        /\s+(?:with|and|plus|including)\s+(?:(?:a|an|the|some|two|three)\s+)?(?:\w+\s+)?(?:charts?|graphs?|tables?|lists?|maps?|forms?|buttons?)\b.*$/i,
        "",
      )
      .split(/\s+/)
      .filter(Boolean);
  }
  if (!words.length) return fallback;
  const cut = words
    .slice(0, 8)
    .join(" ")
    .replace(/[\s,.;!?—–-]+$/, "");
  // A misspelt kind word is named as meant ("timline of our school's history").
  return capitalize(cut.replace(/\b[a-z]{5,}\b/g, (w) => correctTypos(w)));
}

const NEUTRAL = DOMAINS.find((d) => d.id === "saas") ?? DOMAINS[0]!;

export function makeCtx(e: Entities, match: FamilyMatch, fallbackTitle: string, roles: RoleComponents = {}): Ctx {
  const found = domainFor(e.text);
  const domain = found ?? NEUTRAL;
  const own = [
    ...e.quotes,
    ...e.organisations,
    ...e.names.filter(
      (n) => !e.people.includes(n) && !e.places.includes(n) && !/^#|\d/.test(n) && !/^(?:Dr|Mr|Mrs|Ms)\b/.test(n),
    ),
  ].find(
    (n) =>
      n.split(/\s+/).length <= 4 &&
      !/@|\.[a-z]{2,}\b/i.test(n) &&
      // Not a code cut at its digits ("INV-" of "INV-2041"), nor part of a street address ("Baker Street").
      !/[-–]$/.test(n) &&
      !e.contacts.addresses.some((a) => a.includes(n)) &&
      !/^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*$/.test(n),
  );
  return {
    e,
    brand: own ?? (found ? domain.brand[0]! : "our team"),
    ownBrand: !!own,
    family: match.family,
    parts: match.parts,
    domain,
    domainMatched: !!found,
    rng: new Rng(hash32(`${match.family}\u0000${e.norm}`)),
    title: titleOf(e, fallbackTitle),
    currency: e.currency ?? domain.currency ?? "USD",
    roles,
  };
}

/** `n` people's names for this screen (the request's own first). */
export function peopleFor(ctx: Ctx, n: number): string[] {
  const own = ctx.e.people;
  const all = PEOPLE.names.map((p) => p.name);
  const rest = ctx.rng.sample(all, Math.min(all.length, n + own.length)).filter((p) => !own.includes(p));
  return [...own, ...rest].slice(0, n);
}

/** `n` places (the request's own first). */
export function placesFor(ctx: Ctx, n: number): { city: string; country: string; address: string }[] {
  const own = ctx.e.places.map((p) => {
    const known = PLACES.cities.find(
      (c) => c.name.toLowerCase() === p.toLowerCase() || c.country.toLowerCase() === p.toLowerCase(),
    );
    return { city: p, country: known?.country ?? "", address: known?.addresses[0] ?? `${10 + (hash32(p) % 80)} Main Street` };
  });
  const rest = ctx.rng.sample(PLACES.cities, n).map((c) => ({ city: c.name, country: c.country, address: c.addresses[0] ?? "" }));
  return [...own, ...rest].slice(0, Math.max(n, own.length));
}

/** What a field's name says about its input when the lexicon does not know the whole name ("wedding date"). */
const BY_WORD: [RegExp, Partial<FieldSpec> & Pick<FieldSpec, "input">][] = [
  [/\b(?:date|birthday|dob|check[ -]?in|check[ -]?out|deadline|day)$|^(?:\w+'s\s+)?date of\b/i, { input: "date" }],
  [/\b(?:e-?mail)\b/i, { input: "textInput", type: "email" }],
  [/\b(?:phone|mobile|cell|whatsapp)\b/i, { input: "textInput", type: "tel" }],
  [/\b(?:url|link|website|linkedin|github|portfolio)\b/i, { input: "textInput", type: "url" }],
  [
    /\b(?:number of|how many|count|qty|quantity|guests|adults|children|age|years|amount|budget|price|cost|size in|coats|width|height|weight)\b/i,
    { input: "textInput", type: "number" },
  ],
  [
    /\b(?:message|comments?|notes?|description|details|tell (?:me|us)|why|steps|reason for|explain|anything else|bio|about (?:you|your)|letter|improve|feedback)\b/i,
    { input: "textArea", rows: 4 },
  ],
  [
    /^(?:i |agree|accept|subscribe|remember|keep me|send me|do you|are you|is it|have you|allow|enable|show)\b/i,
    { input: "checkbox" },
  ],
];

/** A field's input spec for a word the user wrote ("phone" → a tel input), or a text input labelled with it. */
export function fieldSpec(word: string): FieldSpec {
  const known = fieldFor(word);
  const label = capitalize(word.trim());
  if (known) return { ...known, label: ownLabel(word, known.label) };
  const head = word.trim().split(/\s+/).pop() ?? "";
  const byHead = head !== word.trim() ? fieldFor(head) : undefined;
  const byWord = BY_WORD.find(([re]) => re.test(word.trim()))?.[1];
  if (byWord) return { label, synonyms: [], ...byWord };
  if (byHead && byHead.input !== "select") return { ...byHead, label };
  return { label, input: "textInput", synonyms: [] };
}

/** The user's own wording is the label; an abbreviation ("dob", "zip") reads as the lexicon's label. */
function ownLabel(word: string, known: string): string {
  const w = word.trim();
  return w.length <= 3 && w.toLowerCase() !== known.toLowerCase() ? known : capitalize(w);
}

export { CATALOG };
