import type { AnyResult, CaseResult, EditResult } from "./run";

/** The thresholds of `--gate` (issue [B5], "Done when"). */
export const GATE = { tuned: 0.95, holdout: 0.9, edits: 0.9 } as const;

export interface SetSummary {
  set: string;
  cases: number;
  fit: number;
  placeholders: number;
  /** Screens showing another subject's facts (eval/sets/foreign.json); absent when not checked. */
  foreign?: number;
  schemaInvalid: number;
  /** Answers with no screen at all (the generator threw, the request failed, the code did not evaluate). */
  errors: number;
  /** Share of answers whose reported family is accepted (offline, request sets only). */
  familyRate?: number;
  /** Edits only: share of answers plan() reported as `edit:…`. */
  recognisedRate?: number;
  /** Screens rendered with axe and how many had violations (light or dark). */
  axeChecked?: number;
  axeFailing?: number;
}

const rate = (n: number, of: number) => (of ? n / of : 0);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function summarize(set: string, results: readonly AnyResult[]): SetSummary {
  const withFamily = results.filter((r): r is CaseResult => r.set !== "edits" && (r as CaseResult).familyOk !== undefined);
  const edits = results.filter((r): r is EditResult => r.set === "edits" && r.recognisedAsEdit !== undefined);
  const axed = results.filter((r) => r.axe);
  return {
    set,
    cases: results.length,
    fit: results.filter((r) => r.fit).length,
    placeholders: results.filter((r) => r.placeholder).length,
    ...(results.some((r) => r.foreign !== undefined)
      ? { foreign: results.filter((r) => (r.foreign ?? []).length > 0).length }
      : {}),
    schemaInvalid: results.filter((r) => !r.schemaValid).length,
    errors: results.filter((r) => r.error !== undefined).length,
    ...(withFamily.length ? { familyRate: rate(withFamily.filter((r) => r.familyOk).length, withFamily.length) } : {}),
    ...(edits.length ? { recognisedRate: rate(edits.filter((r) => r.recognisedAsEdit).length, edits.length) } : {}),
    ...(axed.length
      ? { axeChecked: axed.length, axeFailing: axed.filter((r) => r.axe!.light.length + r.axe!.dark.length > 0).length }
      : {}),
  };
}

/** `tuned: fit 212/220 (96.4 %), placeholders 0, schema-invalid 0, errors 0, family 95.0 %`. */
export function summaryLine(s: SetSummary): string {
  const parts = [
    `fit ${s.fit}/${s.cases} (${pct(rate(s.fit, s.cases))})`,
    `placeholders ${s.placeholders}`,
    ...(s.foreign !== undefined ? [`foreign content ${s.foreign}`] : []),
    `schema-invalid ${s.schemaInvalid}`,
    `errors ${s.errors}`,
  ];
  if (s.familyRate !== undefined) parts.push(`family ${pct(s.familyRate)}`);
  if (s.recognisedRate !== undefined) parts.push(`recognised as edits ${pct(s.recognisedRate)}`);
  if (s.axeChecked !== undefined) parts.push(`axe violations on ${s.axeFailing}/${s.axeChecked} screens`);
  return `${s.set}: ${parts.join(", ")}`;
}

/** Per family: cases, fit, failing ids. */
export function familyTable(results: readonly CaseResult[]): string[] {
  const by = new Map<string, CaseResult[]>();
  for (const r of results) by.set(r.family, [...(by.get(r.family) ?? []), r]);
  const rows = [...by.entries()].sort(([a], [b]) => (a === "(unusual)" ? 1 : b === "(unusual)" ? -1 : a.localeCompare(b)));
  const width = Math.max(6, ...rows.map(([f]) => f.length));
  const lines = [`  ${"family".padEnd(width)}  cases   fit  failing`];
  for (const [f, rs] of rows) {
    const failing = rs.filter((r) => !r.fit).map((r) => r.id);
    lines.push(
      `  ${f.padEnd(width)}  ${String(rs.length).padStart(5)}  ${String(rs.length - failing.length).padStart(4)}  ${failing.join(" ")}`.trimEnd(),
    );
  }
  return lines;
}

/** The q-quantile (0..1) of numbers, nearest rank. */
export function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

/** CPU per answer (offline), latency (upstream) and the code/JSON size ratio over every answer. */
export function measureLines(results: readonly AnyResult[]): string[] {
  const lines: string[] = [];
  const cpu = results.flatMap((r) => (r.cpuMicros !== undefined ? [r.cpuMicros / 1000] : []));
  if (cpu.length)
    lines.push(
      `CPU per answer (plan(), user+system): p50 ${quantile(cpu, 0.5).toFixed(2)} ms, p95 ${quantile(cpu, 0.95).toFixed(2)} ms, max ${Math.max(...cpu).toFixed(2)} ms (${cpu.length} answers)`,
    );
  const lat = results.flatMap((r) => (r.latencyMs !== undefined ? [r.latencyMs] : []));
  if (lat.length)
    lines.push(
      `latency per answer: p50 ${quantile(lat, 0.5).toFixed(0)} ms, p95 ${quantile(lat, 0.95).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms (${lat.length} answers)`,
    );
  const ratios = results.flatMap((r) => (r.codeBytes !== undefined && r.jsonBytes ? [r.codeBytes / r.jsonBytes] : []));
  if (ratios.length)
    lines.push(
      `code/JSON size: median ${quantile(ratios, 0.5).toFixed(2)}, p95 ${quantile(ratios, 0.95).toFixed(2)} (${ratios.length} screens)`,
    );
  else lines.push("code/JSON size: no screens");
  return lines;
}

/** One failing case with its reasons (`--verbose`). */
export function failureLines(r: AnyResult): string[] {
  const head = r.set === "edits" ? `${r.id} "${r.base}" → "${r.edit}"` : `${r.id} [${r.family}] "${r.request}"`;
  const family = r.reportedFamily ? ` (made ${r.reportedFamily})` : "";
  return [`  ${head}${family}`, ...r.reasons.map((x) => `      - ${x}`)];
}

/** Why `--gate` fails (empty when it passes). */
export function gateProblems(summaries: readonly SetSummary[]): string[] {
  const problems: string[] = [];
  for (const s of summaries) {
    const min = GATE[s.set as keyof typeof GATE];
    if (min !== undefined && rate(s.fit, s.cases) < min) problems.push(`${s.set} fit ${pct(rate(s.fit, s.cases))} < ${pct(min)}`);
    if (s.placeholders) problems.push(`${s.set}: ${s.placeholders} placeholder screens`);
    if (s.foreign) problems.push(`${s.set}: ${s.foreign} screens with another subject's content`);
    if (s.schemaInvalid) problems.push(`${s.set}: ${s.schemaInvalid} answers without a schema-valid screen`);
    if (s.axeFailing) problems.push(`${s.set}: axe violations on ${s.axeFailing} screens`);
  }
  return problems;
}
