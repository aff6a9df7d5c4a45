import nlp from "compromise";
import lexicon from "../../data/lexicon.json";
import { classify } from "./classifier";
import type { Entities } from "./entities";

/**
 * Which family a request is for, and which other families it names as parts of the screen ("a dashboard with a table
 * of orders and a revenue chart" → dashboard, with table and bar-chart parts). Scores come from the cues of
 * data/lexicon.json, plus what the entities show (values with % read as shares, named columns as a table).
 */

interface Cue {
  family: string;
  re: RegExp;
  weight: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const CUES: Cue[] = Object.entries(lexicon.families as Record<string, string[]>).flatMap(([family, cues]) =>
  cues.map((c) => {
    const [phrase, w] = c.split(/:(?=\d+$)/) as [string, string | undefined];
    const words = phrase.split(/\s+/).map(escape).join("[\\s-]+");
    const start = /^\w/.test(phrase) ? "\\b" : "";
    const end = /\w$/.test(phrase) ? "(?:s|es)?\\b" : "";
    return { family, re: new RegExp(`${start}${words}${end}`, "gi"), weight: w ? Number(w) : phrase.includes(" ") ? 2 : 1 };
  }),
);

/** How much the classifier's belief (0–1) counts against the cues' weights (chosen trained on the tuned set, scored on dev). */
const NB_WEIGHT = 4;

const PARTS = new Set<string>(lexicon.parts);
const CONTAINERS = new Set<string>(lexicon.containers);

export interface FamilyMatch {
  family: string;
  /** The score it won with; 0 when nothing matched. */
  score: number;
  /** Other families named as parts of this screen, in the order written. */
  parts: string[];
  /** Every family with its score, best first (for the reasoning). */
  ranked: { family: string; score: number; at: number }[];
}

/** Every word of the cues: what a misspelt word of a request is corrected to. */
const VOCAB = [
  ...new Set(
    Object.values(lexicon.families as Record<string, string[]>).flatMap((cs) =>
      cs.flatMap((c) => c.replace(/:\d+$/, "").split(/\s+/)),
    ),
  ),
].filter((w) => /^[a-z]{5,}$/.test(w));

/** Whether two words are one edit apart (a letter added, dropped, changed, or two swapped). */
function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const KNOWN = new Set(VOCAB);
/** compromise's lexicon: words it knows as English. */
const ENGLISH = (nlp.world() as { model: { one: { lexicon: Record<string, unknown> } } }).model.one.lexicon;
/** "calender" → "calendar", "recipie" → "recipe": words of six letters or more one edit from a cue word. */
export function correctTypos(norm: string): string {
  // A word ending in "s" is most likely a real plural ("sneakers" is not "speakers").
  // A word compromise knows ("seating", "bread") is itself, not a misspelt cue ("setting", "break").
  // Five-letter words only when two letters are swapped ("tabel" → "table").
  return norm.replace(/\b[a-z]{4,}[a-rt-z]\b/g, (w) =>
    KNOWN.has(w) || KNOWN.has(w.replace(/e?s$/, "")) || ENGLISH[w] !== undefined
      ? w
      : (VOCAB.find((v) => v[0] === w[0] && oneEdit(w, v) && (w.length > 5 || swapped(w, v))) ?? w),
  );
}

/** Whether `a` is `b` with two neighbouring letters swapped. */
const swapped = (a: string, b: string) =>
  a.length === b.length && [...a].some((_, i) => a.slice(0, i) + a[i + 1] + a[i] + a.slice(i + 2) === b);

export function detectFamily(e: Entities): FamilyMatch {
  const scores = new Map<string, { score: number; at: number }>();
  const add = (family: string, weight: number, at: number) => {
    const s = scores.get(family) ?? { score: 0, at: Number.POSITIVE_INFINITY };
    s.score += weight;
    s.at = Math.min(s.at, at);
    scores.set(family, s);
  };
  // The head of the request ("Form for ordering a cake", "Registration screen for …", "payment page - …") names the
  // screen; a cue there counts more than one met later in what it is about.
  const lead =
    /^(?:(?:a |the )?list of )?(.*?)(?::|\?|\s[-—–]\s|\s(?:with|for|of|about|to|that|where|showing|listing|in|after|before|when)\s|,|\.|$)/.exec(
      e.norm,
    );
  const leadStart = lead ? lead[0].indexOf(lead[1]!) : 0;
  const leadEnd = lead ? leadStart + lead[1]!.length : 0;
  // Its head noun is the last cue there ("conference schedule" is a schedule, "player profile" a profile).
  let headCue: { family: string; end: number; weight: number } | undefined;
  // Cues the request opens with ("compare …", "book …"), in the lexicon's order.
  const openers: Cue[] = [];
  const norm = correctTypos(e.norm);
  for (const cue of CUES) {
    cue.re.lastIndex = 0;
    const m = cue.re.exec(norm);
    if (!m) continue;
    add(cue.family, cue.weight, m.index);
    if (m.index === 0 && cue.weight >= 3) openers.push(cue);
    const end = m.index + m[0].length;
    if (
      m.index >= leadStart &&
      end <= leadEnd + 1 &&
      (!headCue || end > headCue.end || (end === headCue.end && cue.weight > headCue.weight))
    )
      headCue = { family: cue.family, end, weight: cue.weight };
  }
  // "top fundraisers", "the top 10 sellers": who is first is a leaderboard, whoever the people are.
  const top = /^(?:show (?:me )?|list )?(?:the |our |my )?top (?:\d+ |ten |five |three )?([a-z]+s)\b/.exec(norm);
  const ranking = !!top && !/^(?:bars|menus|navs|sections|stories|news|deals|picks|products|items|posts|articles)$/.test(top[1]!);
  if (ranking) add("leaderboard", 6, 0);
  if (headCue && !(ranking && headCue.end <= top[0].length))
    add(headCue.family, headCue.weight >= 2 ? Math.max(3, headCue.weight) : 1, 0);
  // A request that opens with a verb of a family ("compare three gyms near me", "book a table") asks for that.
  const opening = openers.find((c) => c.family !== headCue?.family);
  // (a verb: its object follows at once, "compare three …", "track my …", not "calendar of …").
  if (opening && /^[a-z]+ (?:a|an|the|my|our|your|all|some|these|those|me|us|\d+|two|three|four|five|six|ten)\b/.test(norm))
    add(opening.family, Math.max(3, opening.weight), 0);
  // "should I get the Kindle or the Kobo?", "which is better, X or Y": a choice between things is a comparison.
  if (
    /^(?:should (?:i|we) (?:get|buy|choose|pick|go (?:for|with))|which (?:should (?:i|we)|is better|one should)|help me (?:choose|decide))\b[^?]*\bor\b/.test(
      norm,
    )
  )
    add("comparison", 6, 0);
  // An order's status or a parcel's tracking ("order status page for order #4821 shipped yesterday", "track my
  // order") is a delivery tracker, whatever else the words suggest ("status page" is also a dashboard's cue).
  if (
    /\b(?:order status|status of (?:my |an |the )?order|track(?:ing)? (?:my |an |the |a )?(?:order|parcel|package|shipment)|where(?:'s| is) my (?:order|parcel|package|delivery))\b/.test(
      norm,
    ) ||
    (/\border\b/.test(norm) && /\b(?:shipped|dispatched|out for delivery|delivered|in transit)\b/.test(norm))
  )
    add("tracker", 8, 0);
  // Columns written with pipes ("room | bed | guest | check-in | paid?") are a table's.
  const piped = e.text.split(/\s\|\s/);
  if (piped.length >= 4 && piped.slice(1, -1).every((p) => p.trim().split(/\s+/).length <= 3 && !/\d|[$€£₹₦]/.test(p)))
    add("table", 10, 0);
  // "I need a form members fill in …": what the user needs is named right after the verb.
  const needs = /^(?:i|we)\s+(?:need|want|would like|'d like)\s+(?:a|an|the|some)\s+/.exec(norm);
  if (needs) {
    const first = CUES.filter((c) => c.weight >= 2).find((c) => {
      c.re.lastIndex = 0;
      const m = c.re.exec(norm.slice(needs[0].length, needs[0].length + 30));
      return m?.index === 0;
    });
    if (first) add(first.family, 4, 0);
  }
  // "list my …" asks for a list; "<things> table" for a table.
  if (/^list\b(?! of)(?!.*\bin a table\b)/.test(norm)) add("list", 6, 0);
  if (/\b[a-z]+s table\b/.test(norm)) add("table", 3, norm.search(/\b[a-z]+s table\b/));
  // Steps ticked off ("personal details ✓, documents ✓, … (current)") are a progress of steps.
  if ((e.text.match(/✓|✔|☑/g) ?? []).length >= 2 || /\((?:current|in progress|you are here)\)/i.test(e.text)) add("steps", 4, 0);
  // One price with sizes, colours, stars or reviews is one product.
  if (e.amounts.length === 1 && /\b(?:sizes?|colou?rs?|stars|reviews?|in stock|waterproof)\b/.test(norm)) add("product", 3, 0);
  // Three or more items at times of day are a schedule.
  if (e.items.some((l) => l.filter((i) => i.time).length >= 3)) add("schedule", 4, norm.length);
  // Values along years or a span of time are a line.
  if (
    /\b(?:from\s+)?(?:19|20)\d\d\b.*\bto\s+(?:19|20)\d\d\b|\bover the (?:last|past)\b/.test(norm) &&
    /\b(?:chart|graph|plot|trend)/.test(norm)
  )
    add("line-chart", 5, norm.search(/\b(?:chart|graph|plot|trend)/));
  // What the entities show.
  const chartNamed = /\b(?:chart|graph|plot|visuali[sz])/i.test(e.norm);
  if (e.values.length >= 2) {
    const shares = e.values.every((v) => v.unit === "%");
    if (shares && !/\b(?:bar|line|area)\b/.test(e.norm)) add("pie-chart", chartNamed ? 2 : 1.5, e.norm.length);
    else if (!scores.has("line-chart") && !scores.has("area-chart") && chartNamed) add("bar-chart", 1, e.norm.length);
  }
  if (/\bcolumns?\b/.test(e.norm) && e.lists.length) add("table", 1, e.norm.indexOf("column"));
  // What the classifier trained on earlier requests reads in it, weighed in with the cues.
  for (const c of classify(e.norm).slice(0, 3)) if (c.p >= 0.2) add(c.family, NB_WEIGHT * c.p, norm.length);
  const ranked = [...scores.entries()]
    .map(([family, s]) => ({ family, score: s.score, at: s.at }))
    .sort((a, b) => b.score - a.score || a.at - b.at);
  const head = ranked[0];
  if (!head) return { family: "", score: 0, parts: [], ranked };
  // A container named first keeps the screen when a part scores more ("a dashboard with a table and two charts").
  let family = head.family;
  const container = ranked.filter((r) => CONTAINERS.has(r.family) && r.score >= 3).sort((a, b) => a.at - b.at)[0];
  if (container && container.family !== family && container.at < head.at && PARTS.has(family)) family = container.family;
  const winner = ranked.find((r) => r.family === family)!;
  // Parts: families named clearly (score ≥ 2) besides the head, that can be sections; a bare "chart" is a bar chart
  // unless another kind is named.
  const otherChart = ranked.some((r) => r.family.endsWith("-chart") && r.family !== "bar-chart" && r.score >= 2);
  // Besides any screen, a chart or table named outright ("… and above it a line chart of orders per day").
  const named = ranked
    .filter(
      (r) =>
        r.family !== family &&
        (r.family.endsWith("-chart") || r.family === "table") &&
        r.score >= 3 &&
        /\b(?:chart|graph|table)\b/.test(norm),
    )
    .filter((r) => !(family.endsWith("-chart") && r.family.endsWith("-chart")))
    .sort((a, b) => a.at - b.at)
    .map((r) => r.family);
  const parts =
    CONTAINERS.has(family) || family === "landing"
      ? ranked
          .filter(
            (r) =>
              r.family !== family &&
              PARTS.has(r.family) &&
              // A family named only to qualify the head is not a part ("notification settings", "menu settings"), and
              // notification preferences are settings.
              !(headCue && headCue.family === family && r.at < headCue.end && r.at < leadEnd) &&
              !(family === "settings" && r.family === "notifications") &&
              (r.score >= 2 || (r.family === "bar-chart" && chartNamed && !otherChart)),
          )
          .sort((a, b) => a.at - b.at)
          .map((r) => r.family)
      : named;
  return { family, score: winner.score, parts, ranked };
}
