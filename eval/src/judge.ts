import { humanize, type ComponentNode, type JsonValue, type Screen } from "@genui/ui-runtime";
import { acceptedFamilies, type Case, type EditExpect } from "./sets";
import { componentsOf, visibleText } from "./visible-text";

/**
 * Text compared case-insensitively and forgivingly: Unicode compatibility forms, straight quotes, thousands
 * separators dropped between digits ("4,999" and "1,20,000" read as numbers), hyphens inside words dropped
 * ("e-mail" = "email"), spaces collapsed.
 */
export function normalize(s: string): string {
  let t = s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2014]/g, "-");
  // Repeated: "1,20,000" needs two passes.
  for (let i = 0; i < 3; i++) t = t.replace(/(\d),(\d{2,3})(?!\d)/g, "$1$2");
  return t
    .replace(/(\p{L})-(?=\p{L})/gu, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Letters and digits only: "Check in", "Check-in" and "checkin" are one word here. */
const compact = (s: string) => normalize(s).replace(/[^\p{L}\p{N}]+/gu, "");
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a term shows in the text: as a whole word or phrase (a plural "s"/"es" allowed, and a term in the plural
 * also matches its singular; "8:30" also matches "08:30"), or, for a phrase of several words, in one piece of text
 * with spaces and hyphens ignored.
 */
export function termMatches(term: string, pieces: readonly string[], joined = pieces.map(normalize).join(" | ")): boolean {
  const t = normalize(term);
  if (!t) return true;
  const variants = new Set([t]);
  if (/[a-z]s$/.test(t) && t.length > 3) variants.add(t.slice(0, -1));
  if (/^\d:\d\d$/.test(t)) variants.add(`0${t}`);
  for (const v of variants) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(v)}(?:s|es)?(?![\\p{L}\\p{N}])`, "u");
    if (re.test(joined)) return true;
  }
  const c = compact(term);
  if (/[^\p{L}\p{N}]/u.test(term.trim()) && c.length >= 4 && !/^\d+$/.test(c)) return pieces.some((p) => compact(p).includes(c));
  return false;
}

/** Words of a request that say nothing about its content (articles, verbs of asking, generic UI words). */
const STOPWORDS = new Set(
  (
    "a an the and or but nor for with without of to in on at by from into onto over under up down out off about as " +
    "is are was were be been being am do does did has have had it its it's this that these those there their them " +
    "they he she his her him we us our ours you your yours i me my mine who whom whose which what when where why how " +
    "all any each every some few more most less least many much no not only own same so than too very just also " +
    "then once here can could will would shall should may might must let lets please pls plz thanks thank " +
    "make makes made create build show shows give get need needs want wants like add put use using see look " +
    "new simple nice quick basic little small big good great cool clean modern pretty " +
    "page pages screen screens app apps ui ux view layout design component components site website thing things " +
    "one two three four five six seven eight nine ten me via per vs etc yes ok okay something someone stuff"
  ).split(" "),
);

/** A few words a fitting screen says differently ("login" → "Sign in"). */
const SYNONYMS: Record<string, string[]> = {
  login: ["signin", "logon"],
  signin: ["login"],
  signup: ["register", "createaccount", "join"],
  register: ["signup", "createaccount"],
  todo: ["task"],
  todos: ["task"],
  faq: ["question"],
  cart: ["basket", "bag"],
  basket: ["cart", "bag"],
  checkout: ["payment", "pay"],
};

/** The request's content words: what any screen made for it shows at least one of. */
export function contentWords(request: string): string[] {
  const words = normalize(request)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOPWORDS.has(w) && (/^\d+$/.test(w) ? w.length >= 2 : w.length >= 3));
  return [...new Set(words)];
}

/** Whether a content word shows anywhere (its first five letters, or a synonym), in text made compact. */
function contentWordShows(word: string, compactText: string): boolean {
  const stems = [word, ...(SYNONYMS[word] ?? [])].map((w) => (w.length > 5 && !/^\d+$/.test(w) ? w.slice(0, 5) : w));
  return stems.some((s) => compactText.includes(s));
}

/** Numbered fillers ("Item 1", "Option 2"): words a screen uses only when it has nothing of the user's to show. */
const FILLER = new RegExp(
  "(?<![\\p{L}\\p{N}])(item|option|choice|product|field|column|label|title|category|entry|value|feature|task|user|person|" +
    "series|link|image|element|thing|card|section|tab|name|answer|sample|example|placeholder|lorem)\\s*#?\\s*\\d{1,2}(?![\\p{L}\\p{N}])",
  "giu",
);

const LETTERED =
  /(?<![\p{L}\p{N}])(Item|Option|Choice|Product|Category|Segment|Series|Group|Entry|Record|Value|Thing|Element) [A-H](?![\p{L}\p{N}])/gu;

/**
 * Why a screen is a placeholder (empty when it is not): lorem ipsum, the word "placeholder", numbered or lettered fillers,
 * "TODO", "sample text", the old fallback's "What to know about", or none of the request's content words (nor its
 * rubric's terms) anywhere. A pattern the request itself contains does not count.
 */
export function placeholderReasons(request: string, pieces: readonly string[], terms: readonly string[] = []): string[] {
  const reasons: string[] = [];
  const raw = pieces.join(" | ");
  const text = normalize(raw);
  const asked = normalize(request);
  const check = (re: RegExp, what: string) => {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`)))
      if (!asked.includes(m[0])) {
        reasons.push(`${what}: "${m[0]}"`);
        return;
      }
  };
  check(/lorem ipsum|dolor sit amet|\blorem\b/u, "lorem ipsum");
  check(/(?<![\p{L}\p{N}])placeholder(?![\p{L}\p{N}])/u, "the word placeholder");
  check(FILLER, "a numbered filler");
  check(/sample text|sample data|your text here|text goes here/u, "sample text");
  check(/what to know about/u, "the generic fallback");
  // Lettered fillers ("Product A", "Option B"): capitalised, in the screen's own text.
  for (const m of raw.matchAll(LETTERED))
    if (!normalize(request).includes(normalize(m[0]))) {
      reasons.push(`a lettered filler: "${m[0]}"`);
      break;
    }
  if (/(?<![\p{L}\p{N}])TODO(?![\p{L}\p{N}])/u.test(raw) && !/\bto-?do\b/i.test(request)) reasons.push('"TODO"');
  const words = contentWords(request);
  const compactText = compact(raw);
  if (
    (words.length || terms.length) &&
    !words.some((w) => contentWordShows(w, compactText)) &&
    !terms.some((t) => termMatches(t, pieces, text))
  )
    reasons.push(`none of the request's words (${words.slice(0, 6).join(", ")}) appear`);
  return reasons;
}

/** The component types present on a screen. */
export const kindsOf = (screen: Screen): Set<string> => new Set(componentsOf(screen).map((n) => n.component));

/** The verdict on one screen against a request's rubric. */
export interface Verdict {
  fit: boolean;
  missingKinds: string[];
  /** Alternatives of which none is present. */
  missingAnyKinds: string[][];
  missingTerms: string[];
  placeholder: string[];
  /** Whether the reported family is one the case accepts (undefined when no family was reported). */
  familyOk?: boolean;
  /** Every reason the screen does not fit, readable. */
  reasons: string[];
}

/** Whether a reported family answers a case: `edit:` and `action:` prefixes are stripped; "*" accepts any. */
export function familyMatches(c: Pick<Case, "family">, reported: string): boolean {
  const f = reported.replace(/^(edit|action):/, "");
  const ok = acceptedFamilies(c);
  return ok.includes("*") || ok.includes(f);
}

/**
 * Judges a schema-valid screen against a case's rubric. `family` is what the generator said it made (offline only):
 * when given, it must be one the case accepts.
 */
export function judgeScreen(c: Case, screen: Screen, family?: string): Verdict {
  const pieces = visibleText(screen);
  const joined = pieces.map(normalize).join(" | ");
  const kinds = kindsOf(screen);
  const missingKinds = c.kinds.filter((k) => !kinds.has(k));
  const missingAnyKinds = (c.anyKinds ?? []).filter((alts) => !alts.some((k) => kinds.has(k)));
  const missingTerms = c.terms.filter((t) => !termMatches(t, pieces, joined));
  const placeholder = placeholderReasons(c.request, pieces, c.terms);
  const familyOk = family === undefined ? undefined : familyMatches(c, family);
  const reasons = [
    ...missingKinds.map((k) => `missing component ${k}`),
    ...missingAnyKinds.map((alts) => `missing one of ${alts.join(" | ")}`),
    ...missingTerms.map((t) => `missing term "${t}"`),
    ...placeholder.map((p) => `placeholder: ${p}`),
    ...(familyOk === false ? [`family ${family}, expected ${acceptedFamilies(c).join(" | ")}`] : []),
  ];
  return { fit: reasons.length === 0, missingKinds, missingAnyKinds, missingTerms, placeholder, familyOk, reasons };
}

/** Values of a table column as numbers when they all read as numbers ("$1,099" too), else as text. */
function columnValues(rows: JsonValue[], key: string): (number | string)[] {
  const raw = rows.map((r) => (r && typeof r === "object" && !Array.isArray(r) ? r[key] : undefined));
  const nums = raw.map((v) =>
    typeof v === "number" ? v : typeof v === "string" ? Number(v.replace(/[^\d.-]/g, "")) || Number.NaN : Number.NaN,
  );
  if (nums.every((n) => Number.isFinite(n))) return nums;
  return raw.map((v) => (v === undefined || v === null ? "" : String(v)));
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Why no table of the screen is sorted by the column (undefined when one is). */
function orderProblem(screen: Screen, order: NonNullable<EditExpect["order"]>): string | undefined {
  const want = compact(order.column);
  const tables = componentsOf(screen).filter((n) => n.component === order.component);
  if (!tables.length) return `no ${order.component}`;
  for (const t of tables) {
    const rows = Array.isArray(t.value) ? t.value : [];
    const keys = new Set<string>();
    for (const r of rows) if (r && typeof r === "object" && !Array.isArray(r)) Object.keys(r).forEach((k) => keys.add(k));
    const labels = new Map<string, string>();
    const spec = t.props?.columns;
    for (const c of Array.isArray(spec) ? spec : [])
      if (c && typeof c === "object" && !Array.isArray(c) && typeof c.key === "string" && typeof c.label === "string")
        labels.set(c.key, c.label);
    const key = [...keys].find((k) => [k, humanize(k), labels.get(k) ?? ""].some((l) => compact(l).includes(want)));
    if (!key || rows.length < 2) continue;
    const vals = columnValues(rows, key);
    const cmp = (a: number | string, b: number | string) =>
      typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
    const sorted = vals.every(
      (v, i) => i === 0 || (order.direction === "asc" ? cmp(vals[i - 1]!, v) <= 0 : cmp(vals[i - 1]!, v) >= 0),
    );
    if (sorted) return undefined;
    return `${order.component} not sorted by ${key} ${order.direction}: ${vals.join(", ")}`;
  }
  return `no ${order.component} with a column "${order.column}" and two rows or more`;
}

/** Whether the screen lays something out in n columns: a grid of n columns, or a row of n children. */
function hasColumns(screen: Screen, n: number): boolean {
  return componentsOf(screen).some(
    (c: ComponentNode) =>
      (c.component === "grid" && c.props?.columns === n) || (c.component === "row" && (c.content?.length ?? 0) === n),
  );
}

/** The verdict on an edited screen: every item of `expect` must hold. */
export function judgeEdit(expect: EditExpect, screen: Screen): { fit: boolean; reasons: string[] } {
  const pieces = visibleText(screen);
  const joined = pieces.map(normalize).join(" | ");
  const kinds = kindsOf(screen);
  const reasons: string[] = [];
  for (const k of expect.kinds ?? []) if (!kinds.has(k)) reasons.push(`missing component ${k}`);
  for (const k of expect.absentKinds ?? []) if (kinds.has(k)) reasons.push(`component ${k} still there`);
  for (const t of expect.terms ?? []) if (!termMatches(t, pieces, joined)) reasons.push(`missing term "${t}"`);
  for (const t of expect.absentTerms ?? []) if (termMatches(t, pieces, joined)) reasons.push(`term "${t}" still there`);
  for (const t of expect.keep ?? []) if (!termMatches(t, pieces, joined)) reasons.push(`lost "${t}" of the base screen`);
  if (expect.theme) {
    const theme = screen.props?.screenProps?.theme;
    if (theme !== expect.theme) reasons.push(`theme ${theme ?? "unset"}, expected ${expect.theme}`);
  }
  if (expect.order) {
    const p = orderProblem(screen, expect.order);
    if (p) reasons.push(p);
  }
  if (expect.columns && !hasColumns(screen, expect.columns)) reasons.push(`no ${expect.columns}-column layout`);
  return { fit: reasons.length === 0, reasons };
}
