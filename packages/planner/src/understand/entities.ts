import nlp from "compromise";
import { fieldFor } from "../content";
import { capitalize } from "../text";
import { cleanItem, readItem, readItemLists, readUploads, type Item, type Upload } from "./items";

/**
 * The user's own entities in a request: what they listed (fields, columns, items, tasks), labelled values ("US 40,
 * India 25"), counts ("5 products"), places, people, organisations, dates, times, money and the subject the screen is
 * about. compromise tags the words (places, people, organisations, numbers written as words); lists and labelled
 * values are read from the sentence's own punctuation, which no tagger does better.
 */

export interface LabelledValue {
  label: string;
  value: number;
  /** "%" when written as a percentage; a currency code when written as money. */
  unit?: string;
}

export interface Entities {
  /** The request as written. */
  text: string;
  /** Lower-case, single spaces. */
  norm: string;
  /** Enumerations the user wrote ("name, email, phone and a message"), longest first, each item cleaned. */
  lists: string[][];
  /** The same enumerations read as items (options, values, ranges, times, quantities), in the request's order. */
  items: Item[][];
  /** What each of a list's items tells, when the user named it ("with role and timezone: Aiko (backend, JST), …"). */
  heads: string[];
  /** Text the user quoted ('Building in public'). */
  quotes: string[];
  /** Names written with capitals inside the sentence ("Northwind", "Lotus Spa", "Maria Lopez"), and codes ("#2024-017", "SQ 321"). */
  names: string[];
  /** E-mail addresses, web addresses and phone numbers written in the request. */
  contacts: { emails: string[]; urls: string[]; phones: string[]; addresses: string[] };
  /** Buttons the user named, as labels ("'Count me in' button", "a retry button", "…, track package button"). */
  buttons: string[];
  /** Files the user asks to have uploaded ("with CV upload", "attach a photo"), with the types their input accepts. */
  uploads: Upload[];
  /** Switches the user named, as labels ("a switch to mute promo alerts", "a toggle for dark mode"). */
  switches: string[];
  /** Labelled values ("US 40, India 25, UK 10"; "rent 40%"). */
  values: LabelledValue[];
  /** Every number written, in order (digits or words). */
  numbers: number[];
  /** Money amounts as written, in order ("$19", "€120"). */
  amounts: number[];
  /** A count of things asked for ("5 products" → 5), with the noun it counts. */
  count?: { n: number; noun: string };
  places: string[];
  people: string[];
  organisations: string[];
  /** Dates as written ("Friday", "12 March", "2026-12-01"). */
  dates: string[];
  /** Times as written ("7pm", "19:30"). */
  times: string[];
  /** Currency the request uses (ISO code), if any. */
  currency?: string;
  /** The noun phrase the screen is about ("visitors by country", "employees"). */
  subject?: string;
  /** "X by Y" / "X per Y" / "X over Y": what is measured and along what. */
  measure?: { of: string; by: string };
  /** Content words (no stop words), in order, for naming and fallback screens. */
  words: string[];
  /** "dark" / "light" when the request asks for a theme. */
  theme?: "dark" | "light";
}

const STOP = new Set(
  "a an the and or of for to in on at by with without from into my our your their his her its me us i we you it this that these those some any please can could would will should show make build create design generate give need want get let lets let's like just simple nice small little page screen ui view app website site component using use which who what where when how there here be is are was were has have had do does very also all each every one".split(
    " ",
  ),
);

const CURRENCIES: [RegExp, string][] = [
  [/\$|\busd\b|\bdollars?\b/i, "USD"],
  [/€|\beur\b|\beuros?\b/i, "EUR"],
  [/£|\bgbp\b|\bpounds?\b/i, "GBP"],
  [/₹|\binr\b|\brupees?\b|\brs\.?\s?\d/i, "INR"],
  [/¥|\bjpy\b|\byen\b/i, "JPY"],
  [/₦|\bngn\b|\bnaira\b/i, "NGN"],
];

const WORD_NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100, a: 1, couple: 2, few: 3, several: 4, dozen: 12,
}; // prettier-ignore

const COUNTED =
  /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|a dozen|a few|a couple of|several)\s+(?:[a-z-]+\s+)?([a-z][a-z-]+s|people|children|staff|data)\b/i;

const DATE =
  /\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*(?:\s+\d{4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|(?:next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|today|tomorrow|tonight)\b/gi;
const TIME = /\b(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)|\d{1,2}:\d{2})\b/gi;

function subjectOf(text: string): { subject?: string; measure?: { of: string; by: string } } {
  const t = text
    .replace(/[:;(].*$/s, "")
    .replace(/\s+(?:with|including|showing|containing|that|which|where|using|in (?:dark|light)).*$/i, "")
    .trim();
  const by =
    /\b([a-z][\w' -]{1,40}?)\s+(?:by|per|over|across|for each|vs\.?|versus)\s+(?:the\s+)?(?:last\s+\d+\s+)?([a-z][\w -]{1,30})/i.exec(
      t,
    );
  const measure = by
    ? {
        of: cleanItem(by[1]!.replace(/^.*\b(?:of|showing|shows)\s+/i, "")),
        by: cleanItem(by[2]!.replace(/\s+(?:in|for|at)\b.*$/i, "")),
      }
    : undefined;
  const of = /\b(?:of|for|about|on|to track|tracking|to manage|listing)\s+(?:(?:a|an|the|my|our|all)\s+)?([\w'’ -]{2,60})$/i.exec(
    t,
  );
  const subject = of ? cleanItem(of[1]!) : undefined;
  return { ...(subject ? { subject } : {}), ...(measure && measure.of && measure.by ? { measure } : {}) };
}

/** Text between quotes ('…', "…", ‘…’, “…”); an apostrophe inside a word does not open one. */
function quotes(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}\p{N}])['"‘“]([^'"’”]{2,60}?(?:'s[^'"’”]*?)?)['"’”](?![\p{L}\p{N}])/gu)].map((m) =>
    m[1]!.trim(),
  );
}

/** Capitalised names inside a sentence, and codes with digits ("#2024-017", "SQ 321", "prod-eu-1"). */
function names(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?<=[\p{L}\p{N},)'] |\()((?:Dr\.? |Mr\.? |Mrs\.? |Ms\.? )?[A-Z][\p{L}'’&-]*(?: (?:of |de |the |van |von )?[A-Z][\p{L}'’&-]*)*)/gu,
  )) {
    const n = m[1]!.replace(/'s$/, "");
    if (n.length > 1 && !/^(?:I|A|The|And|Or|With|For|My|Our|Q[1-4]|CTA|UI|UX|API)$/.test(n)) out.push(n);
  }
  for (const m of text.matchAll(
    /(?<![\p{L}\p{N}])(#[\w-]*\d[\w-]*|[A-Z]{2} \d{2,4}|[a-z]+-[a-z]+-\d+|[A-Z]{2,}-?\d{3,}|[A-Z]\d-\d{3,})(?![\p{L}\p{N}])/gu,
  ))
    out.push(m[1]!);
  return [...new Set(out)];
}

/** E-mail addresses, web addresses and phone numbers, as written. */
function contactsOf(text: string): Entities["contacts"] {
  const emails = [...text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)].map((m) => m[0]);
  const rest = text.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " ");
  const urls = [
    ...rest.matchAll(
      /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+\.(?:com|org|net|io|dev|app|co\.uk|co|in|de|fr|es|it)\b(?:\/[\w/-]*)?/gi,
    ),
  ].map((m) => m[0]);
  const phones = [...rest.matchAll(/(?<![\w+])\+?\d[\d ()-]{7,}\d\b/g)]
    .map((m) => m[0])
    .filter((p) => !/^\d{4}\s?-\s?\d{4}$/.test(p));
  // A street address as written: "Leopoldstraße 12", "Oudegracht 88", "221B Baker Street", "14 rue de la Paix".
  const STREET = String.raw`(?:straße|strasse|str\.|gasse|weg|platz|gracht|laan|plein|vej|gatan)`;
  const addresses = [
    ...rest.matchAll(
      new RegExp(
        String.raw`\b(\p{Lu}[\p{L}'-]*${STREET}\s+\d+[a-z]?|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s+(?:Str\.|Straße|Strasse|Weg|Platz)\s+\d+[a-z]?|\d+[A-Za-z]?\s+(?:\p{Lu}[\p{L}'-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Drive|Dr|Boulevard|Blvd|Place|Square|Terrace|Close|Court)\b\.?|\d+[a-z]?,?\s+(?:rue|avenue|boulevard|via|calle|rua)\s+(?:(?:de|du|des|la|le|di|del|della|da|do|dos|das)\s+)*\p{Lu}[\p{L}'-]*)`,
        "gu",
      ),
    ),
  ].map((m) => m[1]!.trim());
  return { emails, urls, phones, addresses };
}

/** Buttons the user named: quoted ("'Count me in' button") or after an article, a comma or "with" ("a retry button"). */
function buttonsNamed(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /['"‘“]([^'"’”]{2,30})['"’”]\s+button\b|(?:^|[,;:+]\s*|\b(?:a|an|the|with|and|plus)\s+)([a-z][a-z ]{1,24}?)\s+button\b/gi,
  )) {
    // "with name, email and a submit button": the button is what follows the last "and", "a", "the" …
    const b = (
      m[1] ??
      m[2]!
        .split(/\s+(?:and|or|plus|with|then)\s+|,\s*/i)
        .pop()!
        .replace(/^(?:(?:a|an|the|one|big|small|primary|single|separate)\s+)+/i, "")
    ).trim();
    if (b.length >= 2 && !/^(?:primary|big|small|single|nice|one|a|the)$/i.test(b)) out.push(capitalize(b));
  }
  return [...new Set(out)];
}

/**
 * What a form field asks for, whatever it is called: the lexicon's name for it ("Phone", "telephone", "Mobile number"
 * → "phone"; "E-mail" → "email"; "Link to your CV" → "resume"), else its label normalised (lower case, no articles,
 * no parentheses, singular). Two fields with the same key ask for the same thing.
 */
export function fieldKey(label: string): string {
  const plain = label
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[*:?!.]+/g, " ")
    .replace(/^\s*(?:link to|upload|attach)\s+/, "")
    .replace(/^\s*(?:your|the|a|an|my|their)\s+/, "")
    .replace(/\s+(?:field|input|box|upload|file|link)\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  const known = fieldFor(plain);
  if (known) return known.key;
  return plain
    .replace(/-/g, " ")
    .split(" ")
    .map((w, i, all) => (i === all.length - 1 && w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w))
    .join(" ");
}

/** Reads the entities of one request. */
export function readEntities(text: string): Entities {
  const norm = text.toLowerCase().replace(/\s+/g, " ").trim();
  const doc = nlp(text);
  const clean = (xs: string[]) => [
    ...new Set(
      xs
        .map((x) =>
          x
            .replace(/[\s,.;:!?—–-]+$/, "")
            .replace(/'s$/, "")
            .replace(/\s*\(.*$/, "")
            .trim(),
        )
        .filter(Boolean),
    ),
  ];
  let currency: string | undefined;
  for (const [re, code] of CURRENCIES) if (re.test(text)) { currency = code; break; } // prettier-ignore
  const amounts = [
    ...text.matchAll(
      /([$€£₹₦¥])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:usd|eur|gbp|inr|ngn|naira|dollars|euros|rupees)\b/gi,
    ),
  ].map((m) => Number((m[2] ?? m[3] ?? "0").replace(/,/g, "")));
  const counted = COUNTED.exec(text);
  let count: Entities["count"];
  if (counted) {
    const raw = counted[1]!
      .toLowerCase()
      .replace(/^a\s+/, "")
      .replace(/\s+of$/, "");
    const n = /^\d+$/.test(raw) ? Number(raw) : (WORD_NUMBERS[raw] ?? WORD_NUMBERS[raw.split(" ")[0]!]);
    if (n && n > 0 && n <= 500) count = { n, noun: counted[2]!.toLowerCase() };
  }
  const words = norm
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOP.has(w) && !/^\d+$/.test(w));
  const theme = /\b(?:dark|night)\s+(?:mode|theme)\b|\bdark\b/i.test(text)
    ? "dark"
    : /\blight\s+(?:mode|theme)\b/i.test(text)
      ? "light"
      : undefined;
  const read = readItemLists(text);
  const items = read.filter((l) => !l.some((i) => i.head));
  const heads = read.find((l) => l.some((i) => i.head))?.map((i) => i.label) ?? [];
  const valued = [...items].sort((a, b) => b.length - a.length).find((l) => l.filter((i) => i.value !== undefined).length >= 2);
  // Values listed as one item's options count too: "3 stat cards (orders picked 1,280, pending 64, late 9)".
  const fromOptions = items
    .flat()
    .map((i) => i.options.map(readItem).filter((o): o is Item => o?.value !== undefined))
    .find((l) => l.length >= 2);
  const values: LabelledValue[] = (valued?.filter((i) => i.value !== undefined) ?? fromOptions ?? []).map((i) => ({
    label: i.label,
    value: i.value!,
    ...(i.unit ? { unit: i.unit } : {}),
  }));
  return {
    text,
    norm,
    lists: items.map((l) => l.map((i) => i.text || i.label)).sort((a, b) => b.length - a.length),
    items,
    heads,
    quotes: quotes(text),
    names: names(text),
    contacts: contactsOf(text),
    buttons: buttonsNamed(text),
    uploads: readUploads(text),
    switches: [
      ...text.matchAll(
        /\b(?:a|an|one)\s+(?:switch|toggle)\s+(?:to|for)\s+([a-z][a-z' ]{2,30}?)(?=\s*[,.;—–]|\s+(?:and|with|so)\b|$)/gi,
      ),
    ].map((m) => capitalize(m[1]!.trim())),
    values,
    numbers: (doc.numbers().json() as { number?: { num?: number } }[])
      .map((n) => n.number?.num)
      .filter((n): n is number => typeof n === "number" && Number.isFinite(n) && n !== 0),
    amounts,
    ...(count ? { count } : {}),
    places: clean(doc.places().out("array") as string[]),
    people: clean(doc.people().out("array") as string[]),
    organisations: clean(doc.organizations().out("array") as string[]),
    dates: [...new Set(text.match(DATE) ?? [])],
    times: [...new Set(text.match(TIME) ?? [])],
    ...(currency ? { currency } : {}),
    ...subjectOf(text),
    words: [...new Set(words)],
    ...(theme ? { theme } : {}),
  };
}
