import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The workspace's root (eval/): sources run from src/ under jest and from dist/src/ when built. */
export const EVAL_ROOT = path.resolve(__dirname, path.basename(path.dirname(__dirname)) === "dist" ? "../.." : "..");
/** The repository's root (eval/ sits at its top). */
export const REPO_ROOT = path.dirname(EVAL_ROOT);

const kind = z.string().min(1);
const term = z.string().min(1);

/** One request of a set with its rubric. `family` "*" marks an unusual request that no family fits well. */
export const caseSchema = z
  .object({
    id: z.string().regex(/^[a-z]\d{3}$/),
    request: z.string().min(1),
    family: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    kinds: z.array(kind),
    anyKinds: z.array(z.array(kind).min(1)).optional(),
    terms: z.array(term),
    notes: z.string().optional(),
  })
  .strict();
export type Case = z.infer<typeof caseSchema>;

/** What an edited screen must show. */
export const expectSchema = z
  .object({
    kinds: z.array(kind).optional(),
    absentKinds: z.array(kind).optional(),
    terms: z.array(term).optional(),
    absentTerms: z.array(term).optional(),
    keep: z.array(term).optional(),
    theme: z.enum(["dark", "light"]).optional(),
    order: z
      .object({ component: z.literal("table"), column: z.string().min(1), direction: z.enum(["asc", "desc"]) })
      .strict()
      .optional(),
    columns: z.number().int().min(1).max(6).optional(),
  })
  .strict();
export type EditExpect = z.infer<typeof expectSchema>;

/** A follow-up edit: `base` is asked first, then `edit` with the base answer's code in the history. */
export const editCaseSchema = z
  .object({
    id: z.string().regex(/^e\d{3}$/),
    base: z.string().min(1),
    edit: z.string().min(1),
    expect: expectSchema,
    notes: z.string().optional(),
  })
  .strict();
export type EditCase = z.infer<typeof editCaseSchema>;

const requestSetSchema = z.object({ set: z.string(), cases: z.array(caseSchema).min(1) }).passthrough();
const editSetSchema = z.object({ set: z.literal("edits"), cases: z.array(editCaseSchema).min(1) }).passthrough();

export type RequestSetName = "tuned" | "dev" | "dev2" | "dev3" | "holdout";
export type SetName = RequestSetName | "edits";
export const SET_NAMES: readonly SetName[] = ["tuned", "dev", "dev2", "dev3", "holdout", "edits"];

const setFile = (name: SetName) => path.join(EVAL_ROOT, "sets", `${name}.json`);

function unique<T extends { id: string }>(cases: T[], file: string): T[] {
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`${file}: duplicate case id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}

/** A request set (tuned, dev or holdout), checked against the rubric's shape. */
export function loadRequestSet(name: RequestSetName): Case[] {
  const file = setFile(name);
  return unique(requestSetSchema.parse(JSON.parse(readFileSync(file, "utf8"))).cases, file);
}

/** The edit cases, checked against their shape. */
export function loadEditSet(): EditCase[] {
  const file = setFile("edits");
  return unique(editSetSchema.parse(JSON.parse(readFileSync(file, "utf8"))).cases, file);
}

/** The families a case accepts ("*": any). */
export const acceptedFamilies = (c: Pick<Case, "family">): string[] => (Array.isArray(c.family) ? c.family : [c.family]);

/** The family a case is counted under in the per-family table: its first accepted family, "(unusual)" for "*". */
export const primaryFamily = (c: Pick<Case, "family">): string => {
  const f = acceptedFamilies(c)[0]!;
  return f === "*" ? "(unusual)" : f;
};
