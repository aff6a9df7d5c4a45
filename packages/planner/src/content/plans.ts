/**
 * Typical plans of common kinds (phone, broadband, video and music streaming, gym, software, cloud storage) from
 * data/content/plans.json, for plan comparisons and pricing pages that name the kind of plan but not the plans: what
 * such plans are compared on (data, minutes and texts for a phone plan) and plausible prices, cheapest first.
 */
import plansJson from "../../data/content/plans.json";
import { z } from "zod";
import { normalize } from "../text";

const text = z.string().min(1);

export const PlanSchema = z.strictObject({
  name: text,
  /** Per month, in US dollars; 0 is free; absent means "contact us". */
  price: z.number().nonnegative().optional(),
  /** What the price is for besides the month ("user"). */
  per: text.optional(),
  /** One value per feature of the kind. */
  values: z.record(z.string(), text),
});

export const PlanKindSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    /** What one of them is called: [singular, plural]. */
    noun: z.tuple([text, text]),
    /** Words and phrases that name the kind (whole words, a plural "s" allowed). */
    cues: z.array(text).min(3),
    /** What the plans are compared on, in order. */
    features: z.array(text).min(3),
    plans: z.array(PlanSchema).min(3),
  })
  .superRefine((k, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message: `${k.id}: ${message}` });
    for (const p of k.plans) {
      const keys = Object.keys(p.values);
      if (keys.length !== k.features.length || k.features.some((f) => !keys.includes(f)))
        issue(`plan "${p.name}" must give exactly one value per feature`);
      if (/^free\b/i.test(p.name) && p.price !== 0) issue(`plan "${p.name}" is called free but costs money`);
    }
    // Cheapest first; plans without a price ("contact us") last.
    const prices = k.plans.map((p) => p.price ?? Number.POSITIVE_INFINITY);
    if (prices.some((p, i) => i > 0 && p < prices[i - 1]!)) issue("plans must be listed cheapest first");
    if (new Set(k.plans.map((p) => p.name.toLowerCase())).size !== k.plans.length) issue("duplicate plan name");
  });

export const PlansFileSchema = z.strictObject({
  note: text,
  kinds: z
    .array(PlanKindSchema)
    .min(5)
    .superRefine((ks, ctx) => {
      if (new Set(ks.map((k) => k.id)).size !== ks.length) ctx.addIssue({ code: "custom", message: "duplicate kind id" });
    }),
});

export type Plan = z.infer<typeof PlanSchema>;
export type PlanKind = z.infer<typeof PlanKindSchema>;

const parsed = PlansFileSchema.safeParse(plansJson);
if (!parsed.success) throw new Error(`planner content: data/content/plans.json is malformed:\n${z.prettifyError(parsed.error)}`);

/** Every kind of plan the planner has typical plans for. */
export const PLAN_KINDS: readonly PlanKind[] = parsed.data.kinds;

const CUES = PLAN_KINDS.flatMap((kind) => kind.cues.map((cue) => ({ kind, words: normalize(cue).split(" ") }))).sort(
  (a, b) => b.words.length - a.words.length,
);

/** The kind of plan a request names ("three phone plans", "SIM-only deals", "broadband"), if the planner knows it. */
export function planKindFor(request: string): PlanKind | undefined {
  const words = normalize(request.replace(/-/g, " ")).split(" ");
  const forms = words.map((w) => [w, w.replace(/(?:es|s)$/, ""), w.replace(/s$/, "")]);
  let best: { kind: PlanKind; at: number; len: number } | undefined;
  for (const { kind, words: cue } of CUES)
    for (let i = 0; i + cue.length <= words.length; i++)
      if (
        cue.every((w, k) => forms[i + k]!.includes(w)) &&
        (!best || cue.length > best.len || (cue.length === best.len && i < best.at))
      )
        best = { kind, at: i, len: cue.length };
  return best?.kind;
}

/** Words that say the things compared or priced are plans of some kind. */
export const PLAN_WORDS = /\b(?:plans?|tariffs?|tiers?|packages?|subscriptions?|memberships?|bundles?|contracts?|deals?)\b/i;

/** The plans to show: the first `n` of the kind (cheapest first). */
export function plansOf(kind: PlanKind, n: number): Plan[] {
  return kind.plans.slice(0, Math.max(2, Math.min(n, kind.plans.length)));
}

/** How a US-dollar monthly price reads in another currency, roughly (other major currencies keep the round figure). */
export function localPrice(usd: number, currency: string): number {
  const rate = ({ INR: 80, JPY: 150, NGN: 1500 } as Record<string, number>)[currency] ?? 1;
  return rate === 1 ? usd : Math.round((usd * rate) / 10) * 10;
}
