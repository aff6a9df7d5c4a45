import { capitalize, escapeRegExp } from "../text";
import { readItemLists, type Item } from "../understand/items";
import type { Rng } from "../text";
import { TODAY } from "./context";

/**
 * The data of a chart read from the words that ask for it: its categories (the user's labelled values, their list, or
 * a span of time — "jan-jun", "mon to sun", "Q1 Q2 Q3 Q4", "2020 to 2024", "6am to 6pm", "every 5 minutes for 30
 * min", "last 6 months", "per week"), its series ("revenue vs costs", "organic, paid and referral … by month", two
 * places) and its values (the user's, spread between the ones they gave, or plausible ones from the domain's series).
 */
export interface ChartData {
  /** Category labels along x, in order. */
  categories: string[];
  /** Series names (one or more) and their values per category. */
  series: { name: string; values: number[] }[];
  /** Unit of the values ("%", "$" …) when the user wrote one. */
  unit?: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const monthAt = (w: string) => MONTHS.findIndex((m) => w.toLowerCase().startsWith(m.toLowerCase()));
const dayAt = (w: string) => DAYS.findIndex((d) => w.toLowerCase().startsWith(d.toLowerCase()));

/** The Mondays of the last `n` weeks, the current one last ("6 Oct" …), relative to today. */
function weekStarts(n: number): string[] {
  const monday = new Date(TODAY.getTime() - ((TODAY.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: n }, (_, i) =>
    new Date(monday.getTime() - (n - 1 - i) * 7 * 86_400_000).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }),
  );
}

const hourLabel = (h: number) => `${((h + 11) % 12) + 1}${h < 12 || h === 24 ? "am" : "pm"}`;
const toHour = (n: string, ap: string) => (Number(n) % 12) + (ap.toLowerCase() === "pm" ? 12 : 0);

/** A span of time written in the phrase, as category labels. */
export function timeAxis(phrase: string): string[] | undefined {
  const t = phrase.toLowerCase();
  let m =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s*(?:-|–|to|through|until)\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.exec(
      t,
    );
  if (m) {
    const a = monthAt(m[1]!);
    const b = monthAt(m[2]!);
    const n = ((b - a + 12) % 12) + 1;
    return Array.from({ length: n }, (_, i) => MONTHS[(a + i) % 12]!);
  }
  m = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s*(?:-|–|to|through|until)\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/.exec(t);
  if (m) {
    const a = dayAt(m[1]!);
    const n = ((dayAt(m[2]!) - a + 7) % 7) + 1;
    return Array.from({ length: n }, (_, i) => DAYS[(a + i) % 7]!);
  }
  m = /\b((?:19|20)\d\d)\b.*?\b(?:to|-|–|through|until)\s*((?:19|20)\d\d)\b/.exec(t);
  if (m && Number(m[2]) > Number(m[1]) && Number(m[2]) - Number(m[1]) <= 30)
    return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => String(Number(m![1]) + i));
  m = /\b(\d{1,2})\s?(am|pm)\s*(?:-|–|to|until)\s*(\d{1,2})\s?(am|pm)\b/.exec(t);
  if (m) {
    const a = toHour(m[1]!, m[2]!);
    const b = toHour(m[3]!, m[4]!);
    const step = b - a > 12 ? 2 : 1;
    if (b > a) return Array.from({ length: Math.floor((b - a) / step) + 1 }, (_, i) => hourLabel(a + i * step));
  }
  m = /\bevery\s+(\d+)\s*(min|minutes?|mins?|hours?|h)\b.*?\b(?:for|over)\s+(\d+)\s*(min|minutes?|mins?|hours?|h)\b/.exec(t);
  if (m && Number(m[3]) / Number(m[1]) <= 24) {
    const unit = /^h/.test(m[2]!) ? "h" : "min";
    return Array.from({ length: Math.floor(Number(m[3]) / Number(m[1])) + 1 }, (_, i) => `${i * Number(m![1])} ${unit}`);
  }
  if (/\bq1\b.*\bq2\b|\b(?:per|by|each|every|a)\s+quarter\b|\bquarterly\b/.test(t)) return ["Q1", "Q2", "Q3", "Q4"];
  m =
    /\b(?:last|past|over the last|over the past|across the)\s+(\d{1,2}|twelve|six|three)\s+(months?|weeks?|days?|years?|hours?)\b/.exec(
      t,
    );
  const WORDS: Record<string, number> = { twelve: 12, six: 6, three: 3 };
  if (m) {
    const n = Math.min(24, Number(m[1]) || WORDS[m[1]!] || 6);
    const unit = m[2]!.replace(/s$/, "");
    if (unit === "month") return Array.from({ length: n }, (_, i) => MONTHS[(12 - n + i + 12 * 2) % 12]!);
    if (unit === "day" && n === 7) return [...DAYS];
    if (unit === "year") return Array.from({ length: n }, (_, i) => String(TODAY.getUTCFullYear() - n + 1 + i));
    if (unit === "week") return weekStarts(n);
    return Array.from({ length: n }, (_, i) => `${capitalize(unit)} ${i + 1}`);
  }
  if (/\b(?:by|per|each|every|a)\s+month\b|\bmonthly\b|\b12 months\b/.test(t))
    return MONTHS.slice(0, /\b12 months|year\b/.test(t) ? 12 : 6);
  // "weekly sales", "sales per week": one value a week, the last eight weeks (by their Mondays).
  if (/\bweekly\b|\b(?:per|by|each|every|a)\s+week\b(?!\s?days?)/.test(t) && !/\bthis week\b/.test(t)) return weekStarts(8);
  if (/\b(?:by|per|each|every)\s+(?:day of the )?week ?day\b|\bdaily\b|\bthis week\b|\bper day\b|\bby day\b/.test(t))
    return [...DAYS];
  if (/\b(?:each|every|per|by)\s+hour\b|\bhourly\b/.test(t)) return Array.from({ length: 12 }, (_, i) => hourLabel(8 + i));
  return undefined;
}

/** How many of a unit-less "per week" series to label ("Week 1" …). */
function perUnit(phrase: string): string | undefined {
  return /\b(?:per|each|every|a|by)\s+(week|day|month|year|quarter|hour|session|game|match|round|class|lap)\b/i.exec(phrase)?.[1];
}

/** The series a phrase names: "revenue vs costs", two places, or a list of things over a span of time. */
function seriesNames(phrase: string, items: Item[], places: string[], overTime: boolean): string[] {
  const vs =
    /\b([a-z][\w-]*(?: [a-z][\w-]*)?)\s+(?:vs\.?|versus|and|against)\s+([a-z][\w-]*(?: [a-z][\w-]*)?)\s+(?:per|by|over|across|each)\b/i.exec(
      phrase,
    );
  if (vs) return [vs[1]!, vs[2]!].map((s) => s.replace(/^(?:of|the|my|our)\s+/i, ""));
  const placed = places.filter((p) => new RegExp(`\\b${escapeRegExp(p)}\\b`, "i").test(phrase));
  if (overTime && placed.length >= 2) return placed;
  const named = items.map((i) => i.label.replace(/\s+(?:by|per|over|across|each)\b.*$/i, ""));
  if (
    overTime &&
    items.length >= 2 &&
    items.every((i) => i.value === undefined) &&
    named.every((n) => n && n.split(/\s+/).length <= 3)
  )
    return named;
  return [];
}

/** What is measured: "support tickets" in "a bar chart of support tickets per channel". */
export function measureOf(phrase: string): string | undefined {
  // "a weekly steps bar chart", "MRR line chart": what comes before the chart word.
  const before =
    /(?:^|[,:;]\s*|\b(?:a|an|the|and|with)\s+)((?:[a-z][a-z'-]*\s+){0,3}?[a-z][a-z'-]*)\s+(?:(?:stacked|horizontal)\s+)?(?:bar|line|pie|area|donut|doughnut|column)?\s*(?:chart|graph)\b/i.exec(
      phrase,
    );
  const lead = before?.[1]
    ?.replace(/^(?:a|an|the|my|our)\s+/i, "")
    .replace(/^(?:weekly|daily|monthly|yearly|hourly)\s+/i, "")
    .trim();
  if (
    lead &&
    !/^(?:a|an|the|bar|line|pie|area|donut|column|stacked|horizontal)$/i.test(lead) &&
    !/\b(?:chart|graph|of)\b/i.test(lead)
  )
    return lead;
  const m =
    /\b(?:chart|graph|plot|bars?|pie|donut|trend line|line|area|showing|show|of)[:\s]+(?:of\s+|showing\s+|the\s+|my\s+|our\s+|chart\s+|graph\s+|plot\s+)*([a-z][a-z' -]{1,40}?)(?=\s+(?:during|in|for|over|across|by|per|from|at|on|each|every|as|vs|versus|comparing|along)\b|\s*[,:;(—–-]|$)/i.exec(
      phrase,
    );
  const s = m?.[1]?.trim();
  return s && !/^(?:chart|graph|a|an|the|bar|line|pie|area|donut|stacked|horizontal|column)$/i.test(s) ? s : undefined;
}

/** Reads a chart's data from its phrase; `base` are the domain's twelve values, the shape plausible values follow. */
export function chartData(
  phrase: string,
  opts: {
    places: string[];
    base: readonly number[];
    rng: Rng;
    pie?: boolean;
    categoriesFor?: (kind: string) => string[] | undefined;
    /** The whole request, when `phrase` is one clause of it: its span of time when the clause names none. */
    context?: string;
  },
): ChartData {
  const lists = readItemLists(phrase)
    .filter((l) => !l.some((i) => i.head))
    .sort((a, b) => b.length - a.length);
  const valued = lists.find((l) => l.filter((i) => i.value !== undefined).length >= 2);
  const axis = timeAxis(phrase) ?? (opts.context ? timeAxis(opts.context) : undefined);
  // The domain's values are a month's: a week holds about a quarter of one, a day a thirtieth.
  const per = axis && /^\d{1,2} [A-Z][a-z]{2}$/.test(axis[0] ?? "") ? 7 / 30 : axis?.[0] === "Mon" ? 1 / 30 : 1;
  const scale = (n: number, k = 0) => {
    const src = opts.base.length ? opts.base : [40, 52, 48, 61, 70, 66, 75, 81, 78, 90, 96, 104];
    return Array.from({ length: n }, (_, i) => {
      const v = src[(src.length - n + i + src.length * 4) % src.length]! * per;
      const r = v * (1 - 0.18 * k) * (0.92 + opts.rng.float(0, 0.16, 2));
      return per < 1 && r >= 100 ? Math.round(r) : Math.round(r * 100) / 100;
    });
  };
  // Values given at years: "from 2018 (820) to 2023 (1,040)".
  const atYears = [...phrase.matchAll(/\b((?:19|20)\d\d)\s*\(\s*([\d,.]+)\s*\)/g)].map(
    (m) => ({ label: m[1]!, text: m[0], options: [], value: Number(m[2]!.replace(/,/g, "")) }) as Item,
  );
  const given = atYears.length >= 2 ? atYears : valued;
  // The user's labelled values: "US 40, India 25, UK 10", "week 1 £800 …", "2018 (820) to 2023 (1,040)".
  if (given) {
    const valued = given;
    const it = valued.filter((i) => i.value !== undefined);
    const years = it.every((i) => /^(?:19|20)\d\d$/.test(i.label));
    if (years && axis && axis.length > it.length) {
      const known = new Map(it.map((i) => [i.label, i.value!]));
      const xs = axis.map(Number);
      const pts = it.map((i) => [Number(i.label), i.value!] as const).sort((a, b) => a[0] - b[0]);
      const values = xs.map((x) => {
        if (known.has(String(x))) return known.get(String(x))!;
        const hi = pts.findIndex((p) => p[0] > x);
        const [a, b] = [pts[Math.max(0, hi - 1)]!, pts[hi < 0 ? pts.length - 1 : hi]!];
        return Math.round(a[1] + ((b[1] - a[1]) * (x - a[0])) / Math.max(1, b[0] - a[0]));
      });
      return { categories: axis, series: [{ name: "value", values }] };
    }
    return {
      categories: it.map((i) => (/^[a-z]/.test(i.label) ? capitalize(i.label) : i.label)),
      series: [{ name: "value", values: it.map((i) => i.value!) }],
      ...(it[0]!.unit ? { unit: it[0]!.unit } : {}),
    };
  }
  // Runs of numbers written with spaces: "Jan to Jun? 12,400 15,100 14,300 …" (one series), "Manchester: 820 910 880 …
  // Leeds: 640 700 760 …" (a series each, named by what precedes its colon).
  const runs = [
    ...phrase.matchAll(/(?:(\p{Lu}[\p{L}' -]{1,30}?)\s*:\s*)?((?:[$€£₹₦¥]?\d[\d,.]*%?\s+){2,}[$€£₹₦¥]?\d[\d,.]*%?)(?![\d:])/gu),
  ]
    .map((m) => ({
      name: m[1]?.trim(),
      values: m[2]!
        .trim()
        .split(/\s+/)
        .map((n) => Number(n.replace(/[^\d.]/g, ""))),
    }))
    .filter((r) => r.values.length >= 3 && r.values.every(Number.isFinite));
  if (runs.length && runs.every((r) => r.values.length === runs[0]!.values.length)) {
    const n = runs[0]!.values.length;
    const unit = perUnit(phrase) ?? (/\bweeks?\b/i.test(phrase) ? "week" : /\bdays?\b/i.test(phrase) ? "day" : undefined);
    const categories =
      axis && axis.length === n ? axis : Array.from({ length: n }, (_, i) => `${capitalize(unit ?? "point")} ${i + 1}`);
    return {
      categories,
      series: runs.map((r, k) => ({ name: r.name ?? (runs.length > 1 ? `Series ${k + 1}` : "value"), values: r.values })),
    };
  }
  // Numbers without labels: "signups per week: 120, 135, 160".
  const bare = lists.find((l) => l.length >= 2 && l.every((i) => /^[$€£₹₦¥]?\d[\d,.]*%?$/.test(i.label)));
  if (bare) {
    const values = bare.map((i) => Number(i.label.replace(/[^\d.]/g, "")));
    const unit = perUnit(phrase);
    const categories =
      axis && axis.length === values.length ? axis : values.map((_, i) => `${capitalize(unit ?? "point")} ${i + 1}`);
    return { categories, series: [{ name: "value", values }] };
  }
  const listed = lists[0] ?? [];
  // "signups by plan per month (free, pro, team)": the parenthesis names the series.
  const byParen = /\bby\s+[a-z]+(?:\s+(?:per|by|over|each)\s+[a-z]+)?\s*\(([^()]+)\)/i.exec(phrase)?.[1];
  const parenNames = byParen
    ?.split(/\s*(?:,|\band\b|\bor\b|\/)\s*/)
    .map((n) => n.trim())
    .filter(Boolean);
  const names =
    parenNames && parenNames.length >= 2 ? parenNames.map(capitalize) : seriesNames(phrase, listed, opts.places, !!axis);
  if (axis) {
    const series = (names.length ? names : ["value"]).map((name, k) => ({ name, values: scale(axis.length, k) }));
    return { categories: axis, series };
  }
  // A list of things without values: the categories, with plausible values.
  if (listed.length >= 2) {
    const cats = listed.map((i) => (/^[a-z]/.test(i.label) ? capitalize(i.label) : i.label));
    const values = opts.pie
      ? share(cats.length, opts.rng)
      : scale(cats.length).map((v, i) => Math.round(v * (1.25 - (i % 3) * 0.2)));
    return { categories: cats, series: [{ name: "value", values }], ...(opts.pie ? { unit: "%" } : {}) };
  }
  const placed = opts.places.filter((p) => new RegExp(`\\b${escapeRegExp(p)}\\b`, "i").test(phrase));
  if (placed.length >= 2) return { categories: placed, series: [{ name: "value", values: scale(placed.length) }] };
  // "by grade", "per channel", "by region": categories of that kind.
  const by = /\b(?:by|per|each|across)\s+([a-z]+)/i.exec(phrase)?.[1];
  const cats = by ? opts.categoriesFor?.(by) : undefined;
  if (cats?.length)
    return {
      categories: cats,
      series: [{ name: "value", values: opts.pie ? share(cats.length, opts.rng) : scale(cats.length) }],
      ...(opts.pie ? { unit: "%" } : {}),
    };
  return { categories: MONTHS.slice(0, 6), series: [{ name: "value", values: scale(6) }] };
}

/** n shares summing to 100, largest first. */
function share(n: number, rng: Rng): number[] {
  const raw = Array.from({ length: n }, (_, i) => (n - i) * (0.8 + rng.float(0, 0.4, 2)));
  const total = raw.reduce((s, v) => s + v, 0);
  const out = raw.map((v) => Math.round((v / total) * 100));
  out[0]! += 100 - out.reduce((s, v) => s + v, 0);
  return out;
}
