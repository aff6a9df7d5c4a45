/**
 * Quiz content: what a quiz is about (the subject in the user's words), questions the planner can ask honestly on that
 * subject — world capitals and continents from data/content/countries.json (copied from the `countries-list` npm
 * package, MIT, see its `source` header), or the catalogue's own quizzes when the subject is exactly theirs — and the
 * right answer to a question it asked, for scoring. A subject it has no content for gets no questions (the quiz
 * layout then offers a question builder): never another subject's facts presented as the user's.
 */
import countriesJson from "../../data/content/countries.json";
import { z } from "zod";
import { escapeRegExp, hash32, normalize, Rng } from "../text";
import { CATALOG } from "./index";

const text = z.string().min(1);
const code = z.string().regex(/^[A-Z]{2}$/);

export const CountrySchema = z.strictObject({
  code,
  name: text,
  capital: text,
  continent: z.enum(["AF", "AN", "AS", "EU", "NA", "OC", "SA"]),
  aliases: z.array(text).optional(),
  /** The country a territory belongs to (ISO code). */
  partOf: code.optional(),
});

export const CountriesFileSchema = z
  .strictObject({
    /** Where the data comes from: the npm package, its version and licence (the licence text sits next to the file). */
    source: z.strictObject({
      package: text,
      version: z.string().regex(/^\d+\.\d+\.\d+$/),
      license: text,
      licenseFile: text,
      homepage: z.url(),
      copied: text,
    }),
    familiarNote: text,
    /** Countries quiz questions are drawn from first (the planner's choice, not the source's). */
    familiar: z.array(code).min(40),
    continents: z.record(z.string(), text),
    countries: z.array(CountrySchema).min(190),
  })
  .superRefine((f, ctx) => {
    const codes = new Set(f.countries.map((c) => c.code));
    if (codes.size !== f.countries.length) ctx.addIssue({ code: "custom", message: "duplicate country code" });
    for (const c of f.familiar) if (!codes.has(c)) ctx.addIssue({ code: "custom", message: `familiar: unknown code ${c}` });
  });

export type CountryEntry = z.infer<typeof CountrySchema>;

const parsed = CountriesFileSchema.safeParse(countriesJson);
if (!parsed.success)
  throw new Error(`planner content: data/content/countries.json is malformed:\n${z.prettifyError(parsed.error)}`);

/** Countries (and territories) with their capital and continent. */
export const COUNTRIES: readonly CountryEntry[] = parsed.data.countries;
/** Continent names by code ("EU" → "Europe"). */
export const CONTINENTS: Readonly<Record<string, string>> = parsed.data.continents;
/** Where the country data comes from. */
export const COUNTRIES_SOURCE = parsed.data.source;
const FAMILIAR = new Set(parsed.data.familiar);

/** A multiple-choice question; `answer` indexes the right option when the planner knows it. */
export interface QuizItem {
  question: string;
  options: string[];
  answer?: number;
}

/** What a quiz request gets: which content, on what subject (the user's words), and its questions (none for a builder). */
export interface QuizPlan {
  kind: "capitals" | "continents" | "catalog" | "general" | "builder";
  /** The subject as the user put it, without an article ("world capitals", "solar system"); "" when the request names none. */
  subject: string;
  /** The subject as a phrase for a sentence ("the solar system", "dog breeds", "JavaScript"). */
  phrase: string;
  /** How the subtitle names the content ("world capitals", "general knowledge"). */
  topic: string;
  questions: QuizItem[];
}

// ---------- the subject ----------

const QUIZ_WORD = /\b(?:quiz+(?:zes)?|trivia|test|questionnaire)\b/i;
/** Words that say how the quiz is, not what it is about. */
const FILLER = new Set(
  (
    "a an the my our your some this that me us it i we you please make create build design generate write give show need want " +
    "would like can could fun little short quick simple easy hard difficult tricky kids kid interactive online mini small big " +
    "new multiple choice multiple-choice question questions q qs round rounds card game level yr year grade class"
  ).split(" "),
);
const CUT = /\s+(?:for|with|that|which|where|so|show|showing|and then|then|to|in|at|where|—|–|-)(?:\s|$).*$/i;

function cleanSubject(s: string): string {
  const words = s
    .replace(CUT, "")
    .replace(/[^\p{L}\p{N}'’&+#.\s-]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length && ((FILLER.has(words[0]!.toLowerCase()) && !/^the$/i.test(words[0]!)) || /^\d+$/.test(words[0]!)))
    words.shift();
  if (words.length === 1 && /^the$/i.test(words[0]!)) words.shift();
  while (words.length && (FILLER.has(words.at(-1)!.toLowerCase()) || /^\d+$/.test(words.at(-1)!))) words.pop();
  return words
    .join(" ")
    .replace(/[.\s-]+$/, "")
    .trim();
}

/**
 * What a quiz is about, in the user's words: "a quiz about world capitals" → "world capitals", "a 5 question quiz on
 * the solar system for 10 year olds" → "solar system", "harry potter trivia" → "harry potter", "a quiz" → "".
 */
export function quizSubject(request: string): string {
  const t = request.replace(/\s+/g, " ").trim();
  const at = t.search(QUIZ_WORD);
  const tail = at >= 0 ? t.slice(at) : t;
  // "… quiz on/about X", then "… on/about X" anywhere ("a quiz for my history class on the Tudors").
  for (const source of [tail, t]) {
    const m = /\b(?:on|about|covering)\s+((?:the\s+)?[^,.;:!?()—–\n]+)/i.exec(source);
    const s = m ? cleanSubject(m[1]!) : "";
    if (s) return s;
  }
  // "world capitals quiz", "Dog breed quiz for …": the words before the quiz word, in their own clause.
  if (at > 0) {
    const clause =
      t
        .slice(0, at)
        .split(/[.?!:;,—–()]|\s-\s/)
        .at(-1) ?? "";
    const s = cleanSubject(clause);
    if (s) return s;
  }
  // "a quiz of capitals", "Quiz: capitals of Africa, 6 questions"
  const after = /\bquiz+(?:\s+of|\s*[:—–]|\s+-)\s+((?:the\s+)?[^,.;:!?()—–\n]+)/i.exec(t);
  return after ? cleanSubject(after[1]!) : "";
}

// ---------- countries ----------

const key = (s: string) => normalize(s);
const BY_NAME = new Map<string, CountryEntry>();
for (const c of COUNTRIES) for (const n of [c.name, ...(c.aliases ?? [])]) if (!BY_NAME.has(key(n))) BY_NAME.set(key(n), c);
// Everyday names the source spells otherwise.
for (const [alias, codeOf] of [
  ["Turkey", "TR"],
  ["Czech Republic", "CZ"],
  ["Holland", "NL"],
  ["USA", "US"],
  ["America", "US"],
  ["UK", "GB"],
  ["Great Britain", "GB"],
  ["Britain", "GB"],
  ["Ivory Coast", "CI"],
  ["Korea", "KR"],
] as const) {
  const c = COUNTRIES.find((x) => x.code === codeOf);
  if (c && !BY_NAME.has(key(alias))) BY_NAME.set(key(alias), c);
}

/** The country a name stands for ("France", "the UK", "Czechia"), if any. */
export function countryNamed(name: string): CountryEntry | undefined {
  return BY_NAME.get(key(name.replace(/^the\s+/i, "")));
}

/** The countries a text names, in the order it names them (longest names first where they overlap). */
export function countriesIn(request: string): CountryEntry[] {
  const words = key(request).split(" ");
  const found: { at: number; c: CountryEntry }[] = [];
  const taken = new Set<number>();
  for (let len = 4; len >= 1; len--)
    for (let i = 0; i + len <= words.length; i++) {
      if ([...Array(len).keys()].some((k) => taken.has(i + k))) continue;
      const c = BY_NAME.get(words.slice(i, i + len).join(" "));
      // Short aliases ("UK", "US") must be written in capitals: "us" is a word.
      if (!c || (len === 1 && words[i]!.length <= 3 && !new RegExp(`\\b${words[i]!.toUpperCase()}\\b`).test(request))) continue;
      if (found.some((f) => f.c.code === c.code)) continue;
      found.push({ at: i, c });
      for (let k = 0; k < len; k++) taken.add(i + k);
    }
  return found.sort((a, b) => a.at - b.at).map((f) => f.c);
}

const CONTINENT_WORDS: [RegExp, string][] = [
  [/\b(?:europe|european)\b/i, "EU"],
  [/\b(?:africa|african)\b/i, "AF"],
  [/\b(?:asia|asian)\b/i, "AS"],
  [/\bsouth americ(?:a|an)\b|\blatin americ(?:a|an)\b/i, "SA"],
  [/\bnorth americ(?:a|an)\b|\bcentral americ(?:a|an)\b|\bcaribbean\b/i, "NA"],
  [/\b(?:oceania|pacific islands?)\b/i, "OC"],
];

/** The continent a request narrows a quiz to ("European capitals" → "EU"). */
export function continentIn(request: string): string | undefined {
  return CONTINENT_WORDS.find(([re]) => re.test(request))?.[1];
}

/** Countries worth asking about: familiar ones first, then the rest, in a random order seeded by the request. */
function pool(rng: Rng, continent?: string): CountryEntry[] {
  const fits = COUNTRIES.filter(
    (c) =>
      (!continent || c.continent === continent) &&
      !c.partOf &&
      // "Kuwait → Kuwait City" asks nothing.
      !key(c.capital).includes(key(c.name)) &&
      !key(c.name).includes(key(c.capital)),
  );
  return [...rng.shuffle(fits.filter((c) => FAMILIAR.has(c.code))), ...rng.shuffle(fits.filter((c) => !FAMILIAR.has(c.code)))];
}

const same = (a: string, b: string) => key(a) === key(b);

/** "What is the capital of France?" with the user's choices (the right one added when missing) or three from its continent. */
/** A country's name as a sentence says it ("the United Kingdom", "France"). */
const countryPhrase = (c: CountryEntry) =>
  `${/^(?:united|netherlands|philippines|czech|dominican|bahamas|gambia|maldives|seychelles|solomon|marshall)\b/i.test(c.name) ? "the " : ""}${c.name}`;

export function capitalQuestion(c: CountryEntry, rng: Rng, options?: readonly string[]): QuizItem {
  const question = `What is the capital of ${countryPhrase(c)}?`;
  let opts: string[];
  if (options && options.length >= 2) {
    opts = [...options];
    if (!opts.some((o) => same(o, c.capital))) opts.push(c.capital);
  } else {
    const near = pool(rng, c.continent).filter((o) => o.code !== c.code && !same(o.capital, c.capital));
    opts = rng.shuffle([c.capital, ...near.slice(0, 3).map((o) => o.capital)]);
  }
  return { question, options: opts, answer: opts.findIndex((o) => same(o, c.capital)) };
}

function continentQuestion(c: CountryEntry, rng: Rng): QuizItem {
  const right = CONTINENTS[c.continent]!;
  const others = rng.shuffle(
    Object.entries(CONTINENTS)
      .filter(([k]) => k !== c.continent && k !== "AN")
      .map(([, v]) => v),
  );
  const options = rng.shuffle([right, ...others.slice(0, 3)]);
  return { question: `Which continent is ${countryPhrase(c)} in?`, options, answer: options.indexOf(right) };
}

/** The choices the user wrote for a country ("France (Paris, Lyon, Nice)"), if any. */
function choicesFor(request: string, c: CountryEntry): string[] | undefined {
  for (const name of [c.name, ...(c.aliases ?? [])]) {
    const m = new RegExp(`\\b${escapeRegExp(name)}\\s*\\(([^()]+)\\)`, "i").exec(request);
    if (m)
      return m[1]!
        .split(/\s*(?:,|\bor\b|\/)\s*/)
        .map((o) => o.trim())
        .filter(Boolean);
  }
  return undefined;
}

// ---------- choosing the content ----------

const TRANSCONTINENTAL = new Set(["RU", "TR", "KZ", "EG", "AZ", "GE", "PA", "ID", "PG"]);

const GENERAL =
  /^(?:general knowledge|general|trivia|general trivia|pub|pub trivia|random|mixed|mixed bag|fun facts?|everything)$/i;
/** How many questions a request asks for ("4 questions", "5 multiple choice questions", "ten-question"), if it says. */
export function questionCount(request: string): number | undefined {
  const WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
  const m =
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]+(?:[a-z-]+\s+){0,2}questions?\b/i.exec(
      request,
    );
  if (!m) return undefined;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : WORDS.indexOf(m[1]!.toLowerCase()) + 1;
  return n >= 1 && n <= 50 ? n : undefined;
}

/** A catalogue quiz serves a subject only when the subject is exactly its topic. */
const CATALOG_TOPICS: [RegExp, string][] = [
  [/^(?:general |basic |everyday )?science$/i, "science"],
  [/^(?:world |general )?geography$/i, "geography"],
  [/^(?:world |general )?history$/i, "history"],
  [/^(?:programming|coding|computer programming|software development)$/i, "programming"],
];

/**
 * The quiz for a request: capitals (of the countries it names, of a continent, of the world), continents of
 * countries, a catalogue quiz whose topic is the subject, general knowledge when asked for it — else a builder (no
 * questions) for a subject the planner has no content for.
 */
export function quizFor(request: string, count = 5, asked?: number): QuizPlan {
  let phrase = quizSubject(request);
  // A subject that only starts the request keeps no sentence capital ("Dog breed quiz …" → "dog breed").
  if (phrase && request.trimStart().startsWith(phrase) && /^\p{Lu}/u.test(phrase) && !/\p{Lu}/u.test(phrase.slice(1)))
    phrase = phrase.charAt(0).toLowerCase() + phrase.slice(1);
  const subject = phrase.replace(/^the\s+/i, "");
  const s = subject.toLowerCase();
  const rng = new Rng(hash32(`quiz\u0000${request}`));
  if (/\bcapitals?\b|\bcapital cit(?:y|ies)\b/i.test(subject) || (!subject && /\bcapitals?\b/i.test(request))) {
    const continent = continentIn(request);
    const named = countriesIn(request).filter((c) => !continent || c.continent === continent);
    const rest = pool(rng, continent).filter((c) => !named.some((n) => n.code === c.code));
    // The countries the user named are the quiz, unless they asked for more questions.
    const chosen = [...named, ...rest].slice(0, named.length ? Math.max(named.length, asked ?? 0) : count);
    return {
      kind: "capitals",
      subject,
      phrase,
      topic: continent ? `capitals of ${CONTINENTS[continent]}` : "world capitals",
      questions: chosen.map((c) => capitalQuestion(c, rng, choicesFor(request, c))),
    };
  }
  if (/^(?:countries(?: of the world)?|world countries|continents|countries and continents)$/i.test(s)) {
    // Countries on two continents ask nothing clear.
    const chosen = pool(rng)
      .filter((c) => !TRANSCONTINENTAL.has(c.code))
      .slice(0, count);
    return {
      kind: "continents",
      subject,
      phrase,
      topic: "countries and their continents",
      questions: chosen.map((c) => continentQuestion(c, rng)),
    };
  }
  const topic = CATALOG_TOPICS.find(([re]) => re.test(s))?.[1];
  const quiz = topic ? CATALOG.quizzes.find((q) => q.id === topic) : undefined;
  if (quiz)
    return { kind: "catalog", subject, phrase, topic: quiz.topic.toLowerCase(), questions: quiz.questions.slice(0, count) };
  if (GENERAL.test(s) || (!subject && /\b(?:trivia|pub quiz|general knowledge)\b/i.test(request))) {
    const gk = CATALOG.quizzes.find((q) => q.id === "general-knowledge")!;
    return { kind: "general", subject, phrase, topic: "general knowledge", questions: gk.questions.slice(0, count) };
  }
  return { kind: "builder", subject, phrase, topic: phrase, questions: [] };
}

/** The right option of a question the planner can check (capitals, continents, the catalogue's questions), if any. */
export function rightAnswer(question: string, options: readonly string[]): string | undefined {
  const pick = (right: string | undefined) => (right ? options.find((o) => same(o, right)) : undefined);
  const cap = /\bcapital(?: city)? of (.+?)\s*\?*$/i.exec(question.trim());
  if (cap) {
    const c = countryNamed(cap[1]!.trim());
    if (c) return pick(c.capital);
  }
  const cont = /^which continent is (.+?) in\?*$/i.exec(question.trim());
  if (cont) {
    const c = countryNamed(cont[1]!.trim());
    if (c) return pick(CONTINENTS[c.continent]);
  }
  for (const q of CATALOG.quizzes)
    for (const item of q.questions) if (same(item.question, question)) return pick(item.options[item.answer]);
  return undefined;
}
