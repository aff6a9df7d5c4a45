/**
 * How a chart shows its numbers: the unit of its values (money, percent or plain numbers) and the compact axis labels
 * ($60K, $1.2M, 1.2M, 45%) next to the exact values of tooltips and summaries. Kept apart from charts.tsx (no
 * recharts) so the main chunk and the tests can use it.
 *
 * A chart's screen JSON has no unit prop (`x`, `y`, `title`, …): the unit is read from a `format` / `currency` prop
 * when a screen has one (the names `stat` uses), else from the values themselves ("$1,200", "45%"), else from the
 * words of the series keys and the title ("revenue", "(USD)", "occupancy", "(%)").
 */
import { formatValue } from "./util";

export type ChartUnit = { kind: "number" } | { kind: "currency"; currency: string } | { kind: "percent" };

const NUMBER: ChartUnit = { kind: "number" };
const PERCENT: ChartUnit = { kind: "percent" };
const money = (currency = "USD"): ChartUnit => ({ kind: "currency", currency });

const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW" };
const CODES = /\b(USD|EUR|GBP|JPY|CHF|CAD|AUD|NZD|INR|CNY|SEK|NOK|DKK|BRL|MXN|KRW|SGD|HKD|ZAR)\b/;

/** A chart value: a number, or a number written as text ("1200", "$1,200", "€3.5", "45%"). */
export function parseChartNumber(v: unknown): { value: number; unit?: ChartUnit } | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? { value: v } : undefined;
  if (typeof v !== "string") return undefined;
  const m = /^\s*(-)?\s*([$€£¥₹₩])?\s*(-)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%)?\s*$/.exec(v);
  if (!m) return undefined;
  const value = Number(`${m[1] ?? m[3] ?? ""}${(m[4] ?? "").replace(/,/g, "")}${m[5] ?? ""}`);
  if (!Number.isFinite(value)) return undefined;
  const unit = m[2] ? money(SYMBOLS[m[2]]) : m[6] ? PERCENT : undefined;
  return unit ? { value, unit } : { value };
}

/** A chart value as a number (0 when it is none). */
export const chartNumber = (v: unknown): number => parseChartNumber(v)?.value ?? 0;

const MONEY_WORDS =
  /\b(?:revenue|revenues|sales|turnover|income|earnings|profit|profits|cost|costs|spend|spent|spending|expense|expenses|price|prices|budget|salary|salaries|wage|wages|fee|fees|donation|donations|amount|balance|paid|payment|payments|payout|payouts|mrr|arr|gmv|cash|dollars|euros|pounds|usd|eur|gbp)\b/i;
const PERCENT_WORDS =
  /\b(?:percent|percentage|pct|occupancy|share|conversion|churn|retention|margin|growth|utili[sz]ation|completion|uptime|accuracy)\b/i;

/** The unit a piece of text names: a currency sign or code or "%", then (with `words`) the words of money and shares. */
function unitOfText(text: string, values: number[], words: boolean): ChartUnit | undefined {
  const t = text.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  const sign = /[$€£¥₹₩]/.exec(t)?.[0];
  if (sign) return money(SYMBOLS[sign]);
  const code = CODES.exec(t)?.[1];
  if (code) return money(code);
  if (/%|\bpercent/i.test(t)) return PERCENT;
  if (!words) return undefined;
  if (MONEY_WORDS.test(t)) return money();
  // "Occupancy", "conversion": a percentage only when every value could be one.
  if (PERCENT_WORDS.test(t) && values.every((v) => v >= -100 && v <= 100)) return PERCENT;
  return undefined;
}

const same = (a: ChartUnit | undefined, b: ChartUnit | undefined): boolean =>
  !!a && !!b && a.kind === b.kind && (a.kind !== "currency" || (b.kind === "currency" && a.currency === b.currency));

export interface ChartUnitInput {
  /** The chart's `format` prop, if the screen has one ("number", "currency", "percent"). */
  format?: unknown;
  /** The chart's `currency` prop (an ISO code), if the screen has one. */
  currency?: unknown;
  title?: string | undefined;
  /** One entry per series: its key and its raw values. */
  series: { key: string; values: unknown[] }[];
}

/**
 * The one unit of a chart's values. Each series' unit comes from its values or its key; when they all agree that is
 * the chart's. When no series names one, the title decides ("Revenue by month"); when they differ (revenue and
 * orders on one axis), only a sign in the title does ("Sales ($)"); else plain numbers.
 */
export function inferChartUnit({ format, currency, title, series }: ChartUnitInput): ChartUnit {
  const code = typeof currency === "string" && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined;
  if (format === "currency") return money(code);
  if (format === "percent") return PERCENT;
  if (format === "number") return NUMBER;
  const all = series.flatMap((s) => s.values.map(chartNumber));
  const units = series.map((s) => {
    const parsed = s.values.map(parseChartNumber).filter((p) => p !== undefined);
    return (
      parsed.find((p) => p.unit)?.unit ??
      unitOfText(
        s.key,
        parsed.map((p) => p.value),
        true,
      )
    );
  });
  const first = units[0];
  const unit =
    first && units.every((u) => same(u, first))
      ? first
      : unitOfText(
          title ?? "",
          all,
          units.every((u) => u === undefined),
        );
  if (unit?.kind === "currency" && code) return money(code);
  return unit ?? NUMBER;
}

const formats = new Map<string, Intl.NumberFormat>();
function compactFormat(unit: ChartUnit): Intl.NumberFormat {
  const key = unit.kind === "currency" ? `c:${unit.currency}` : unit.kind;
  let f = formats.get(key);
  if (!f) {
    const opts: Intl.NumberFormatOptions =
      unit.kind === "currency"
        ? { style: "currency", currency: unit.currency, notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 2 }
        : unit.kind === "percent"
          ? { style: "percent", notation: "compact", maximumFractionDigits: 2 }
          : { notation: "compact", maximumFractionDigits: 2 };
    try {
      f = new Intl.NumberFormat(undefined, opts);
    } catch {
      f = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 2 });
    }
    formats.set(key, f);
  }
  return f;
}

/** An axis label: compact, in the chart's unit ($60K, $1.2M, 1.2M, 45%). Percent values are given in percent. */
export function formatCompact(v: number, unit: ChartUnit): string {
  if (!Number.isFinite(v)) return "";
  return compactFormat(unit).format(unit.kind === "percent" ? v / 100 : v);
}

/** An exact value in the chart's unit, for tooltips and the summary ($1,820,000, 45%, 1,204). */
export function formatExact(v: number, unit: ChartUnit): string {
  return formatValue(v, unit.kind, unit.kind === "currency" ? unit.currency : undefined);
}
