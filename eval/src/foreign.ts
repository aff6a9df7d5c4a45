import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { termMatches } from "./judge";
import { EVAL_ROOT } from "./sets";

/**
 * Another subject's content on a screen (eval/sets/foreign.json): the built-in generator fills what a request does
 * not say from data, and must never fill it with facts of a different subject than the one the user named (a
 * spaghetti recipe for "chocolate chip cookies", general-knowledge questions for "world capitals").
 */

const pairSchema = z
  .object({
    subject: z.string().min(1),
    when: z.string().min(1),
    unless: z.string().min(1).optional(),
    foreign: z.array(z.string().min(1)).min(1),
  })
  .strict();
const fileSchema = z.object({ set: z.literal("foreign"), about: z.string(), pairs: z.array(pairSchema).min(1) }).strict();

export interface ForeignPair {
  subject: string;
  when: RegExp;
  unless?: RegExp;
  foreign: string[];
}

export function loadForeignPairs(file = path.join(EVAL_ROOT, "sets", "foreign.json")): ForeignPair[] {
  return fileSchema.parse(JSON.parse(readFileSync(file, "utf8"))).pairs.map((p) => ({
    subject: p.subject,
    when: new RegExp(p.when, "i"),
    ...(p.unless ? { unless: new RegExp(p.unless, "i") } : {}),
    foreign: p.foreign,
  }));
}

/** The pairs that apply to a request. */
export const pairsFor = (pairs: readonly ForeignPair[], request: string): ForeignPair[] =>
  pairs.filter((p) => p.when.test(request) && !p.unless?.test(request));

/**
 * The foreign facts a screen shows for `request` ("<subject>: <fact>" each; empty when none). A fact the request
 * itself names is the user's own, never foreign.
 */
export function foreignFacts(pairs: readonly ForeignPair[], request: string, visible: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of pairsFor(pairs, request))
    for (const fact of p.foreign)
      if (termMatches(fact, visible) && !termMatches(fact, [request])) out.push(`${p.subject}: ${fact}`);
  return out;
}
