import lexicon from "../../data/lexicon.json";
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

export function detectFamily(e: Entities): FamilyMatch {
  const scores = new Map<string, { score: number; at: number }>();
  const add = (family: string, weight: number, at: number) => {
    const s = scores.get(family) ?? { score: 0, at: Number.POSITIVE_INFINITY };
    s.score += weight;
    s.at = Math.min(s.at, at);
    scores.set(family, s);
  };
  for (const cue of CUES) {
    cue.re.lastIndex = 0;
    const m = cue.re.exec(e.norm);
    if (m) add(cue.family, cue.weight, m.index);
  }
  // What the entities show.
  const chartNamed = /\b(?:chart|graph|plot|visuali[sz])/i.test(e.norm);
  if (e.values.length >= 2) {
    const shares = e.values.every((v) => v.unit === "%");
    if (shares && !/\b(?:bar|line|area)\b/.test(e.norm)) add("pie-chart", chartNamed ? 2 : 1.5, e.norm.length);
    else if (!scores.has("line-chart") && !scores.has("area-chart") && chartNamed) add("bar-chart", 1, e.norm.length);
  }
  if (/\bcolumns?\b/.test(e.norm) && e.lists.length) add("table", 1, e.norm.indexOf("column"));
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
  const parts =
    CONTAINERS.has(family) || family === "landing"
      ? ranked
          .filter(
            (r) =>
              r.family !== family &&
              PARTS.has(r.family) &&
              (r.score >= 2 || (r.family === "bar-chart" && chartNamed && !otherChart)),
          )
          .sort((a, b) => a.at - b.at)
          .map((r) => r.family)
      : [];
  return { family, score: winner.score, parts, ranked };
}
