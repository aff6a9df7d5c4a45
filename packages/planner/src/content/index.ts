/**
 * The planner's content: what fills a screen when the request does not say (brands, products, people, places, quiz
 * questions, form fields …), kept as data in data/content/*.json and parsed here once, through the schemas, so a
 * malformed file fails at start. Everything is deterministic: the same request always finds the same content.
 */
import catalogJson from "../../data/content/catalog.json";
import dishesJson from "../../data/content/dishes.json";
import domainsJson from "../../data/content/domains.json";
import fieldsJson from "../../data/content/fields.json";
import peopleJson from "../../data/content/people.json";
import placesJson from "../../data/content/places.json";
import { z } from "zod";
import {
  CatalogFileSchema,
  DishesFileSchema,
  DomainsFileSchema,
  FieldsFileSchema,
  PeopleFileSchema,
  PlacesFileSchema,
  type Catalog,
  type Dish,
  type Domain,
  type FieldSpec,
  type People,
  type Places,
} from "./schema";

export * from "./schema";

function load<S extends z.ZodType>(file: string, schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`planner content: data/content/${file} is malformed:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Every domain a request may be about, in file order (the order breaks ties in domainFor). */
export const DOMAINS: readonly Domain[] = load("domains.json", DomainsFileSchema, domainsJson);
/** Names (with first, last and gender), job titles and team names. */
export const PEOPLE: People = load("people.json", PeopleFileSchema, peopleJson);
/** Cities (with country, currency, time zone, neighbourhoods and addresses) and countries. */
export const PLACES: Places = load("places.json", PlacesFileSchema, placesJson);
/** Generic content per kind of screen, for requests that name no domain. */
export const CATALOG: Catalog = load("catalog.json", CatalogFileSchema, catalogJson);

/** Common dishes with their recipes (a request for another dish gets a recipe the user fills in). */
export const DISHES: readonly Dish[] = load("dishes.json", DishesFileSchema, dishesJson).dishes;

/** The dish a request names, by whole words (singular or plural), the longest name first; undefined when none. */
export function dishFor(text: string): Dish | undefined {
  const textForms = words(text).map(forms);
  let best: { dish: Dish; len: number } | undefined;
  for (const dish of DISHES)
    for (const name of dish.names) {
      const phrase = words(name);
      if (phrase.length > (best?.len ?? 0) && findPhrase(textForms, phrase) >= 0) best = { dish, len: phrase.length };
    }
  return best?.dish;
}

/** A form field: how to ask for one piece of information, under its canonical name (`key`, e.g. "date of birth"). */
export type Field = FieldSpec & { key: string };

/** Every known form field by canonical name. */
export const FIELD_LEXICON: Readonly<Record<string, Field>> = Object.fromEntries(
  Object.entries(load("fields.json", FieldsFileSchema, fieldsJson)).map(([key, spec]) => [key, { ...spec, key }]),
);

// ---------- matching words ----------

/** Lower case, accents and apostrophes ("women's" → "women", "café" → "cafe") removed, split into words. */
export function words(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean);
}

/** The forms a written word may stand for: itself and its likely singulars ("puppies" → "puppy", "shoes" → "shoe"). */
function forms(word: string): string[] {
  const out = [word];
  if (word.length > 3 && word.endsWith("ies")) out.push(word.slice(0, -3) + "y", word.slice(0, -1));
  if (word.length > 3 && /(s|x|z|ch|sh)es$/.test(word)) out.push(word.slice(0, -2));
  if (word.length > 2 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) out.push(word.slice(0, -1));
  return out;
}

/** Where a phrase (already split into words) occurs in a text's words, by whole words and singular/plural forms. */
function findPhrase(textForms: string[][], phrase: string[]): number {
  outer: for (let i = 0; i + phrase.length <= textForms.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (!textForms[i + k]!.includes(phrase[k]!)) continue outer;
    return i;
  }
  return -1;
}

// A cue shared by several domains says less about each: it weighs (its number of words) / (domains listing it).
const CUES = DOMAINS.map((domain) => ({
  domain,
  cues: [...new Set(domain.cues.map((c) => words(c).join(" ")))].map((cue) => ({ cue, phrase: cue.split(" "), weight: 0 })),
}));
const CUE_SPREAD = new Map<string, number>();
for (const { cues } of CUES) for (const { cue } of cues) CUE_SPREAD.set(cue, (CUE_SPREAD.get(cue) ?? 0) + 1);
for (const { cues } of CUES) for (const c of cues) c.weight = c.phrase.length / CUE_SPREAD.get(c.cue)!;

/** A domain and how strongly a text points to it. */
export interface DomainMatch {
  domain: Domain;
  score: number;
  /** The cues found in the text. */
  cues: string[];
  /** The word index of the first cue found (earlier mentions win ties). */
  first: number;
}

/**
 * The domains a text points to, best first. A domain scores the sum of its matched cues' weights (multi-word cues
 * weigh more, cues shared by several domains less); ties go to more matched cues, then the earlier mention, then
 * file order.
 */
export function rankDomains(text: string): DomainMatch[] {
  const textForms = words(text).map(forms);
  const present = new Set(textForms.flat());
  const matches: (DomainMatch & { order: number })[] = [];
  CUES.forEach(({ domain, cues }, order) => {
    let score = 0;
    let first = Number.POSITIVE_INFINITY;
    const found: string[] = [];
    // "speaker" and "speakers" both match "speakers": the same words count once for a domain.
    const spans = new Set<string>();
    for (const { cue, phrase, weight } of cues) {
      if (!present.has(phrase[0]!)) continue;
      const at = findPhrase(textForms, phrase);
      if (at < 0 || spans.has(`${at}:${phrase.length}`)) continue;
      spans.add(`${at}:${phrase.length}`);
      score += weight;
      first = Math.min(first, at);
      found.push(cue);
    }
    // Rounded so that equal sums reached in a different order tie exactly.
    if (found.length > 0) matches.push({ domain, score: Math.round(score * 1e6) / 1e6, cues: found, first, order });
  });
  matches.sort((a, b) => b.score - a.score || b.cues.length - a.cues.length || a.first - b.first || a.order - b.order);
  return matches.map(({ domain, score, cues, first }) => ({ domain, score, cues, first }));
}

/** The domain a text is about (best cue match by whole words), or undefined when no cue occurs in it. */
export function domainFor(text: string): Domain | undefined {
  return rankDomains(text)[0]?.domain;
}

// Every name and synonym of every field, by its words joined with single spaces.
const FIELD_NAMES = new Map<string, Field>();
for (const field of Object.values(FIELD_LEXICON)) {
  for (const name of [field.key, ...field.synonyms]) {
    const key = words(name).join(" ");
    if (!FIELD_NAMES.has(key)) FIELD_NAMES.set(key, field);
  }
}

/**
 * The form field a word or phrase names ("E-mail address", "phone numbers", "DOB"), matching canonical names and
 * synonyms case-insensitively, singular or plural, with a leading "your"/"the"/"a" ignored.
 */
export function fieldFor(word: string): Field | undefined {
  let ws = words(word.replace(/-/g, " "));
  while (ws.length > 1 && ["your", "the", "a", "an", "my", "their"].includes(ws[0]!)) ws = ws.slice(1);
  if (ws.length === 0) return undefined;
  const exact = FIELD_NAMES.get(ws.join(" ")) ?? FIELD_NAMES.get(words(word).join(" "));
  if (exact) return exact;
  const head = ws.slice(0, -1);
  for (const last of forms(ws[ws.length - 1]!).slice(1)) {
    const field = FIELD_NAMES.get([...head, last].join(" "));
    if (field) return field;
  }
  return undefined;
}
