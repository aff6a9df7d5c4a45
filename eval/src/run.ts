import type { Screen } from "@genui/ui-runtime";
import type { Answer, Generator, Turn } from "./generators";
import { familyMatches, judgeEdit, judgeScreen, placeholderReasons } from "./judge";
import { primaryFamily, type Case, type EditCase, type RequestSetName } from "./sets";
import { foreignFacts, pairsFor, type ForeignPair } from "./foreign";
import { visibleText } from "./visible-text";

/** What one answer measured. */
export interface Measures {
  cpuMicros?: number;
  latencyMs?: number;
  codeBytes?: number;
  jsonBytes?: number;
}

/** Accessibility of a rendered screen: axe's violations (readable lines) per theme. */
export interface AxeResult {
  light: string[];
  dark: string[];
}

export interface CaseResult extends Measures {
  set: RequestSetName;
  id: string;
  request: string;
  /** The family the case is counted under ("(unusual)" for "*"). */
  family: string;
  reportedFamily?: string;
  fit: boolean;
  schemaValid: boolean;
  /** Whether the reported family is accepted (offline only). */
  familyOk?: boolean;
  placeholder: boolean;
  /** Another subject's facts the screen shows (eval/sets/foreign.json), "<subject>: <fact>" each. */
  foreign?: string[];
  reasons: string[];
  error?: string;
  code?: string;
  screen?: Screen;
  axe?: AxeResult;
}

export interface EditResult extends Measures {
  set: "edits";
  id: string;
  base: string;
  edit: string;
  fit: boolean;
  schemaValid: boolean;
  placeholder: boolean;
  /** Offline: plan() said it edited the last screen (`edit:<family>`). */
  recognisedAsEdit?: boolean;
  /** Another subject's facts the edited screen shows (eval/sets/foreign.json). */
  foreign?: string[];
  reportedFamily?: string;
  reasons: string[];
  error?: string;
  code?: string;
  screen?: Screen;
  axe?: AxeResult;
}

export type AnyResult = CaseResult | EditResult;

const measures = (a: Answer): Measures => ({
  ...(a.cpuMicros !== undefined ? { cpuMicros: a.cpuMicros } : {}),
  ...(a.latencyMs !== undefined ? { latencyMs: a.latencyMs } : {}),
  ...(a.code !== undefined ? { codeBytes: Buffer.byteLength(a.code, "utf8") } : {}),
  ...(a.jsonBytes !== undefined ? { jsonBytes: a.jsonBytes } : {}),
});

/** Runs `task` over `items` with at most `limit` at once, keeping the order of the results. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

export interface RunOptions {
  /** Requests in flight at once (upstream; offline runs one at a time so CPU times stay clean). */
  concurrency?: number;
  /** Called after each case (progress on stderr). */
  onCase?: (r: AnyResult) => void;
}

/** Asks the generator for every case of a request set and judges each answer. A generator's error is a failed case. */
export async function runRequestSet(
  set: RequestSetName,
  cases: readonly Case[],
  gen: Generator,
  opts: RunOptions = {},
): Promise<CaseResult[]> {
  const offline = gen.name === "offline";
  return pool(cases, offline ? 1 : (opts.concurrency ?? 4), async (c) => {
    const a = await gen.answer([{ role: "user", content: c.request }]);
    const base = {
      set,
      id: c.id,
      request: c.request,
      family: primaryFamily(c),
      ...(a.family !== undefined ? { reportedFamily: a.family } : {}),
      ...measures(a),
      ...(a.code !== undefined ? { code: a.code } : {}),
    };
    let r: CaseResult;
    if (!a.screen) {
      r = {
        ...base,
        fit: false,
        schemaValid: false,
        // Offline, an answer without a family (plan() threw) counts against the family figure too.
        ...(offline ? { familyOk: a.family !== undefined && familyMatches(c, a.family) } : {}),
        placeholder: false,
        reasons: [a.error ?? "no screen", ...a.schemaIssues.slice(0, 3)],
        ...(a.error ? { error: a.error } : {}),
      };
    } else {
      const v = judgeScreen(c, a.screen, offline ? (a.family ?? "") : undefined);
      const schemaValid = a.schemaIssues.length === 0;
      r = {
        ...base,
        screen: a.screen,
        fit: schemaValid && v.fit,
        schemaValid,
        ...(v.familyOk !== undefined ? { familyOk: v.familyOk } : {}),
        placeholder: v.placeholder.length > 0,
        reasons: [...(schemaValid ? [] : [`schema-invalid: ${a.schemaIssues.slice(0, 3).join("; ")}`]), ...v.reasons],
      };
    }
    opts.onCase?.(r);
    return r;
  });
}

/**
 * Runs every edit case: the base request first, then the edit with the history the platform's chat keeps
 * (`[user: base, assistant: <base code>, user: edit]`), and judges the edited screen against `expect`.
 */
export async function runEdits(cases: readonly EditCase[], gen: Generator, opts: RunOptions = {}): Promise<EditResult[]> {
  return pool(cases, gen.name === "offline" ? 1 : (opts.concurrency ?? 4), async (c) => {
    const head = { set: "edits" as const, id: c.id, base: c.base, edit: c.edit };
    const first = await gen.answer([{ role: "user", content: c.base }]);
    let r: EditResult;
    if (first.code === undefined || !first.screen) {
      r = {
        ...head,
        fit: false,
        schemaValid: false,
        placeholder: false,
        reasons: [`the base request failed: ${first.error ?? "no code"}`],
        error: first.error ?? "no code",
      };
    } else {
      const history: Turn[] = [
        { role: "user", content: c.base },
        { role: "assistant", content: first.code },
        { role: "user", content: c.edit },
      ];
      const a = await gen.answer(history);
      const common = {
        ...head,
        ...measures(a),
        ...(a.family !== undefined ? { reportedFamily: a.family, recognisedAsEdit: a.family.startsWith("edit:") } : {}),
        ...(a.code !== undefined ? { code: a.code } : {}),
      };
      if (!a.screen) {
        r = {
          ...common,
          fit: false,
          schemaValid: false,
          placeholder: false,
          reasons: [a.error ?? "no screen", ...a.schemaIssues.slice(0, 3)],
          ...(a.error ? { error: a.error } : {}),
        };
      } else {
        const v = judgeEdit(c.expect, a.screen);
        const schemaValid = a.schemaIssues.length === 0;
        const placeholder = placeholderReasons(`${c.base} ${c.edit}`, visibleText(a.screen), [
          ...(c.expect.keep ?? []),
          ...(c.expect.terms ?? []),
        ]);
        r = {
          ...common,
          screen: a.screen,
          fit: schemaValid && v.fit,
          schemaValid,
          placeholder: placeholder.length > 0,
          reasons: [
            ...(schemaValid ? [] : [`schema-invalid: ${a.schemaIssues.slice(0, 3).join("; ")}`]),
            ...v.reasons,
            ...placeholder.map((p) => `placeholder: ${p}`),
          ],
        };
      }
    }
    opts.onCase?.(r);
    return r;
  });
}

/**
 * Marks every result whose screen shows another subject's facts (eval/sets/foreign.json): `foreign` lists them and
 * each becomes a reason. Answers how many cases the pairs applied to.
 */
export function checkForeign(results: readonly AnyResult[], pairs: readonly ForeignPair[]): { applied: number } {
  let applied = 0;
  for (const r of results) {
    const request = r.set === "edits" ? `${r.base} ${r.edit}` : r.request;
    if (pairsFor(pairs, request).length) applied++;
    if (!r.screen) continue;
    const facts = foreignFacts(pairs, request, visibleText(r.screen));
    r.foreign = facts;
    r.reasons.push(...facts.map((f) => `foreign content: ${f}`));
  }
  return { applied };
}
