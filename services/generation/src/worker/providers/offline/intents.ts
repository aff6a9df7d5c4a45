import { normalize, titleCase } from "./text";

/**
 * What a prompt asks for: keyword and phrase scoring over the normalised prompt (case, accents and punctuation do not
 * matter; a few other languages and emoji are understood), the best score wins, ties go to the more specific screen.
 * Also the small extractors that read details out of a prompt: a place, listed items, a person's name, a count.
 */

export type Intent =
  | "womens_health"
  | "python_tutorial"
  | "pet_shop"
  | "astrology"
  | "weather"
  | "todo"
  | "pricing"
  | "dashboard"
  | "profile"
  | "form"
  | "chart"
  | "table"
  | "list"
  | "shop"
  | "landing"
  | "generic"
  | "welcome";

interface Rule {
  intent: Intent;
  re: RegExp;
  weight: number;
}

const r = (intent: Intent, weight: number, re: RegExp): Rule => ({ intent, weight, re });

// Patterns run on normalised text (lower case, no accents, words separated by single spaces).
const RULES: Rule[] = [
  r("weather", 6, /\b(weather|forecast|forecasts|meteo|wetter|clima|tiempo|tempo|humidity)\b/),
  r("weather", 3, /\b(temperatures?|rainfall|precipitation)\b/),
  r("weather", 2, /\b(rain|rainy|sunny|snow|windy|storm|umbrella)\b/),
  r("todo", 6, /\b(to ?dos?|todo list|checklists?|chores|reminders?|tareas|taches|aufgaben|tarefas)\b/),
  r("todo", 4, /\b(tasks?|task manager|task list)\b/),
  r(
    "pricing",
    6,
    /\b(pricing|price list|price plans?|subscription plans?|plans and pricing|tiers?|precios|tarifs?|preise|prezzi|precos)\b/,
  ),
  r("pricing", 2, /\b(plans?|packages|subscriptions?|per month|monthly|yearly|annual billing)\b/),
  r(
    "dashboard",
    7,
    /\b(dashboards?|admin panel|control panel|analytics|kpis?|tableau de bord|panel de control|cruscotto|painel)\b/,
  ),
  r("dashboard", 2, /\b(metrics|overview|reporting|reports?|insights|stats|statistics)\b/),
  r(
    "profile",
    6,
    /\b(profiles?|user card|profile card|about me|my bio|biography|avatar|perfil|profil|profilo|resume|cv|portfolio)\b/,
  ),
  r("form", 4, /\b(forms?|formulario|formulaire|formular|modulo|formulario de)\b/),
  r("form", 4, /\b(sign ?ups?|register|registration|create an? account|log ?in|sign ?in|contact us|get in touch)\b/),
  r(
    "form",
    3,
    /\b(contact|feedback|survey|questionnaire|booking|book an?|reservations?|reserve|appointments?|rsvp|newsletter|subscribe|apply|application|enquiry|inquiry)\b/,
  ),
  r("form", 1, /\b(fields?|inputs?|submit)\b/),
  r(
    "chart",
    5,
    /\b(charts?|graphs?|plots?|visuali[sz]ations?|visuali[sz]e|histogram|grafico|graphique|diagramm|diagram|grafik)\b/,
  ),
  r(
    "chart",
    2,
    /\b(trends?|over time|growth|breakdown|distribution|market share|share of|by month|by quarter|by year|per month|monthly)\b/,
  ),
  r("table", 5, /\b(tables?|spreadsheet|tabla|tableau|tabelle|tabella|tabela|datagrid|data grid)\b/),
  r("table", 2, /\b(rows?|columns?|records|database|directory|roster|ledger|inventory)\b/),
  r("list", 4, /\b(lists?|lista|liste|listing)\b/),
  r("list", 2, /\b(top \d+|top ten|ranking|shopping|groceries|reading|watchlist|bucket)\b/),
  r("shop", 4, /\b(shops?|stores?|e ?commerce|ecommerce|online store|webshop|marketplace|boutique|tienda|magasin|geschaft)\b/),
  r("shop", 2, /\b(products?|catalog|catalogue|cart|buy|sell|checkout)\b/),
  r(
    "landing",
    3,
    /\b(websites?|web ?sites?|landing page|landing|home ?page|web page|site|sitio web|site web|webseite|homepage)\b/,
  ),
  r("landing", 1, /\b(page|app|startup|brand|company|agency|studio)\b/),
];

/** Keywords for prompts made of emoji. */
const EMOJI: [RegExp, string][] = [
  [/[\u2600\u26C5\u{1F324}-\u{1F328}\u2614\u2744\u{1F321}\u{1F302}\u{1F308}]/u, "weather"],
  [/[\u2705\u2611\u{1F4DD}]/u, "todo"],
  [/[\u{1F4CA}\u{1F4C8}\u{1F4C9}]/u, "chart"],
  [/[\u{1F4B0}\u{1F4B2}\u{1F4B3}\u{1F4B5}]/u, "pricing"],
  [/[\u{1F436}\u{1F431}\u{1F43E}\u{1F415}\u{1F408}\u{1F407}\u{1F439}]/u, "pet shop"],
  [/\u{1F40D}/u, "python tutorial"],
  [/[\u2648-\u2653\u{1F52E}\u{1F319}\u{1F31F}\u2728]/u, "astrology horoscope"],
  [/[\u{1F464}\u{1F9D1}\u{1F469}\u{1F468}]/u, "profile"],
  [/[\u{1F6D2}\u{1F6CD}]/u, "shop"],
  [/[\u{1F4CB}]/u, "list"],
  [/[\u{1F4E7}\u2709]/u, "contact form"],
];

const WOMEN =
  /\b(women|womens|woman|female|females|ladies|lady|girls|mothers?|moms?|mums?|maternal|feminine|mujeres|femmes|frauen)\b/;
const HEALTH =
  /\b(health|healthcare|health care|medical|medicine|clinic|clinics|wellness|wellbeing|gyn\w*|obgyn|ob gyn|maternity|pregnan\w*|prenatal|fertility|menopause|doctors?|hospital|salud|sante|gesundheit)\b/;
const PETS = /\b(pets?|dogs?|cats?|puppy|puppies|kittens?|animals?|vet|veterinary|grooming|mascotas?|haustier\w*|animaux)\b/;
const COMMERCE = /\b(shops?|stores?|e ?commerce|ecommerce|commerce|marketplace|boutique|online store|tienda|webshop)\b/;
const PY = /\bpython\b/;
const LEARN =
  /\b(tutorials?|learn|learning|course|courses|lessons?|guide|beginners?|teach|teaching|academy|school|training|bootcamp)\b/;
const ASTRO =
  /\b(astrology|astrological|astrologer|horoscopes?|zodiac|tarot|birth chart|natal chart|star signs?|sun signs?|astrologia|astrologie)\b/;
// Sign names alone count for less ("Gemini" and "Leo" are also other things; "cancer" is left out).
const SIGNS = /\b(aries|taurus|gemini|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces)\b/;

/** The intent chosen for a prompt, its score and the words that decided it. */
export interface IntentMatch {
  intent: Intent;
  score: number;
  /** The words that decided it (for the reasoning shown to the user). */
  matched: string[];
}

const PRIORITY: Intent[] = [
  "womens_health",
  "python_tutorial",
  "pet_shop",
  "astrology",
  "weather",
  "todo",
  "pricing",
  "dashboard",
  "profile",
  "form",
  "chart",
  "table",
  "list",
  "shop",
  "landing",
];

/** The prompt as matching sees it: normalised, with emoji read as words. */
export function matchText(prompt: string): string {
  const extra = EMOJI.filter(([re]) => re.test(prompt)).map(([, w]) => w);
  return `${normalize(prompt)} ${extra.join(" ")}`.trim();
}

/** Scores every intent and answers the best (or "generic"/"welcome" when nothing matches). */
export function detectIntent(prompt: string): IntentMatch {
  const t = matchText(prompt);
  if (!t) return { intent: "welcome", score: 0, matched: [] };
  const scores = new Map<Intent, number>();
  const matched = new Map<Intent, string[]>();
  const add = (intent: Intent, weight: number, word: string) => {
    scores.set(intent, (scores.get(intent) ?? 0) + weight);
    const m = matched.get(intent) ?? [];
    if (!m.includes(word)) m.push(word);
    matched.set(intent, m);
  };
  for (const rule of RULES) {
    const m = rule.re.exec(t);
    if (m) add(rule.intent, rule.weight, m[0]);
  }
  // Combinations that name one of the rich site screens.
  const women = WOMEN.exec(t);
  const health = HEALTH.exec(t);
  if (women && health) add("womens_health", 12, `${health[0]} + ${women[0]}`);
  const pets = PETS.exec(t);
  const commerce = COMMERCE.exec(t);
  if (pets)
    add(
      "pet_shop",
      commerce ? 12 : /\b(care|website|site|supplies)\b/.test(t) ? 8 : /\b(food|toys|products?)\b/.test(t) ? 4 : 3,
      pets[0],
    );
  if (PY.test(t)) add("python_tutorial", LEARN.test(t) ? 12 : 7, "python");
  const astro = ASTRO.exec(t);
  if (astro) add("astrology", 12, astro[0]);
  const sign = SIGNS.exec(t);
  if (sign) add("astrology", 4, sign[0]);
  // "Book a table" is a booking form, not a data table; "to-do list" is a to-do, not a list.
  if (/\b(book|reserve|reservation)\w* (a |an |the )?table\b/.test(t)) {
    scores.set("table", 0);
    add("form", 4, "book a table");
  }
  if (/\b(pricing|price) table\b/.test(t)) scores.set("table", 0);
  if (/\b(todo|to do|task|tasks|check) ?list\b/.test(t)) scores.set("list", 0);
  let best: Intent = "generic";
  let bestScore = 0;
  for (const intent of PRIORITY) {
    const s = scores.get(intent) ?? 0;
    if (s > bestScore) {
      best = intent;
      bestScore = s;
    }
  }
  return { intent: best, score: bestScore, matched: best === "generic" ? [] : (matched.get(best) ?? []) };
}

// Extractors ----------------------------------------------------------------------------------------------------------

const PLACE_STOP = new Set(
  (
    "today tomorrow tonight now this next for the week weekend with and or please right currently in on at during forecast " +
    "weather temperature hoy demain heute amanha domani oggi morgen manana aujourd hui days day hourly daily show me like " +
    "using including plus also page screen app widget card dashboard"
  ).split(" "),
);

function cleanPlace(raw: string): string | undefined {
  const words: string[] = [];
  for (const w of raw.trim().split(/\s+/)) {
    const bare = w.replace(/^[("'“‘]+|[)"'”’.,!?;:]+$/g, "");
    if (!bare || !/^[\p{L}][\p{L}\p{M}.'’-]*$/u.test(bare)) break;
    const lower = bare.toLowerCase();
    if (PLACE_STOP.has(lower) && !(words.length > 0 && /^(de|del|la|le|los|las|upon|am|sur|di)$/.test(lower))) break;
    words.push(bare);
    if (words.length >= 4 || /[.,!?;:)]$/.test(w)) break;
  }
  while (words.length && /^(de|del|la|le|los|las|upon|am|sur|di|the)$/i.test(words[words.length - 1]!)) words.pop();
  if (!words.length) return undefined;
  const place = words.join(" ");
  return /\p{Lu}/u.test(place) ? place : titleCase(place);
}

/** "weather in Paris", "Tokyo forecast", "météo à Lyon" → the place, as written (title-cased if written in lower case). */
export function extractLocation(prompt: string): string | undefined {
  const p = prompt.replace(/\s+/g, " ");
  const after =
    /(?:weather|forecast|temperatures?|conditions|climate|rain|météo|meteo|tiempo|clima|wetter|tempo)[^.!?]*?(?:^|\s)(?:in|at|for|of|near|around|en|à|a|em|für|fur|di|de)\s+(.+)/i.exec(
      p,
    );
  if (after) {
    const place = cleanPlace(after[1]!);
    if (place) return place;
  }
  const before =
    /(?:^|\b(?:the|show|what's|whats|what is|how's|hows|check)\s+)([\p{Lu}][\p{L}.'-]*(?:\s+[\p{Lu}][\p{L}.'-]*){0,2})\s+(?:weather|forecast)\b/u.exec(
      p,
    );
  if (before) return cleanPlace(before[1]!);
  const lowerBefore = /\b([a-z][a-z.'-]+(?: [a-z][a-z.'-]+)?) (?:weather|forecast)\b/i.exec(p);
  if (lowerBefore) {
    const words = lowerBefore[1]!
      .split(" ")
      .filter(
        (w) =>
          !PLACE_STOP.has(w.toLowerCase()) &&
          !/^(a|an|my|the|show|get|check|current|local|daily|weekly|hourly|simple|nice)$/i.test(w),
      );
    if (words.length) return cleanPlace(words.join(" "));
  }
  return undefined;
}

/**
 * Items the prompt lists: after a colon, or after "with", "including", "containing", "for", split on commas,
 * semicolons, "and", new lines and bullets. Answers nothing unless at least two items are found.
 */
export function extractListedItems(prompt: string, lead?: RegExp): string[] {
  const text = prompt.replace(/\r/g, "");
  const lines = text.split("\n").map((l) => l.trim());
  const bullets = lines.filter((l) => /^([-*•]|\d+[.)])\s+/.test(l)).map((l) => l.replace(/^([-*•]|\d+[.)])\s+/, ""));
  if (bullets.length >= 2) return bullets.map(tidyItem).filter(Boolean);
  const leadRe = lead ?? /(?::|\b(?:with|including|containing|such as|like|items|tasks|fields)\b)\s+/i;
  // A colon introduces a list more surely than a word does: try it first.
  const colon = text.search(/:\s/);
  if (colon >= 0) {
    const items = splitItems(text.slice(colon + 1));
    if (items.length >= 2) return items;
  }
  const m = leadRe.exec(text);
  return m ? splitItems(text.slice(m.index + m[0].length)) : [];
}

function splitItems(rest: string): string[] {
  const first = rest.split(/[.!?](?:\s|$)|\n\n/)[0] ?? rest;
  const items = first
    .split(/\s*(?:,|;|\n|\band then\b|\band\b|\bplus\b|&)\s*/i)
    .map(tidyItem)
    .filter((s) => s.length >= 2 && s.length <= 80);
  return items.length >= 2 ? items : [];
}

function tidyItem(s: string): string {
  return s
    .trim()
    .replace(/^(?:and|or|also|then|a|an|the)\s+/i, "")
    .replace(/^["'“‘]+|["'”’.]+$/g, "")
    .trim();
}

/** A number written in the prompt before one of `nouns` ("4 tiers", "three plans"). */
export function extractCount(prompt: string, nouns: RegExp): number | undefined {
  const words: Record<string, number> = {
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
  };
  const t = normalize(prompt);
  const re = new RegExp(`\\b(\\d+|${Object.keys(words).join("|")})\\s+(?:\\w+\\s+)?(?:${nouns.source})\\b`);
  const m = re.exec(t);
  if (!m) return undefined;
  return words[m[1]!] ?? Number(m[1]);
}

/** A person's name written with capitals ("profile for Jane Doe"). */
export function extractPersonName(prompt: string): string | undefined {
  const m = /\b(?:for|of|named|called|about|by|is)\s+((?:[\p{Lu}][\p{Ll}'’-]+)(?:\s+[\p{Lu}][\p{Ll}'’-]+){0,2})/u.exec(prompt);
  if (m) return m[1];
  const any = /(?:^|\s)([\p{Lu}][\p{Ll}'’-]+\s+[\p{Lu}][\p{Ll}'’-]+)(?=\s|$|[,.!?'’])/u.exec(prompt.replace(/^\S+\s*/, " "));
  return any?.[1];
}

/** Does the normalised prompt contain any of these words or phrases? */
export function has(prompt: string, re: RegExp): boolean {
  return re.test(matchText(prompt));
}
