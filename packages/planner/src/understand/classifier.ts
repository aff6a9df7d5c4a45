import examples from "../../data/examples.json";
import training from "../../data/training.json";
import training2 from "../../data/training-2.json";
import training3 from "../../data/training-3.json";
import training4 from "../../data/training-4.json";

/**
 * A naive Bayes classifier of requests into families, trained on the requests of the tuned and development sets
 * (data/examples.json, written by `npm run eval:examples`) and on labelled requests written for it alone
 * (data/training*.json, 12 per family each). The lexicon's cues decide when they are clear; this weighs in on wording the
 * cues do not know ("where's my parcel?" reads like the tracker requests it was shown).
 */

const STOP = new Set(
  "a an the and or of for with to in on at by from my our your their i we me us it its is are be can that this these please make build create show need want some give let like just".split(
    " ",
  ),
);

/** Lower-case words (plural "s"/"ies" off) and the pairs of neighbouring words. */
function tokens(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/(?<=[a-z]{3})ies$/, "y").replace(/(?<=[a-z]{3})s$/, ""))
    .filter((w) => w && /^[a-z]/.test(w) && !STOP.has(w));
  return [...words, ...words.slice(1).map((w, i) => `${words[i]}_${w}`)];
}

interface FamilyCounts {
  total: number;
  counts: Map<string, number>;
}

const SMOOTHING = 0.1;

const model = (() => {
  const families = new Map<string, FamilyCounts>();
  const vocab = new Set<string>();
  const sources = [examples.families, training.families, training2.families, training3.families, training4.families] as Record<
    string,
    string[]
  >[];
  for (const [family, requests] of sources.flatMap((s) => Object.entries(s))) {
    const f: FamilyCounts = families.get(family) ?? { total: 0, counts: new Map() };
    for (const r of requests)
      for (const t of tokens(r)) {
        f.counts.set(t, (f.counts.get(t) ?? 0) + 1);
        f.total++;
        vocab.add(t);
      }
    families.set(family, f);
  }
  return { families, vocab };
})();

/** Each family's probability for a request (summing to 1), best first; empty when no word of it was ever seen. */
export function classify(text: string): { family: string; p: number }[] {
  const ts = tokens(text).filter((t) => model.vocab.has(t));
  if (!ts.length) return [];
  const v = model.vocab.size;
  const logs = [...model.families].map(([family, f]) => ({
    family,
    log: ts.reduce((s, t) => s + Math.log(((f.counts.get(t) ?? 0) + SMOOTHING) / (f.total + SMOOTHING * v)), 0),
  }));
  const max = Math.max(...logs.map((l) => l.log));
  const sum = logs.reduce((s, l) => s + Math.exp(l.log - max), 0);
  return logs.map((l) => ({ family: l.family, p: Math.exp(l.log - max) / sum })).sort((a, b) => b.p - a.p);
}
