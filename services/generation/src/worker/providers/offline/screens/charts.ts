import { capitalize, MONTHS, money, Rng, titleCase } from "../text";
import {
  accordion,
  alert,
  areaChart,
  barChart,
  button,
  card,
  grid,
  heading,
  lineChart,
  list,
  pieChart,
  progress,
  row,
  select,
  stat,
  table,
  text,
  type Row,
  type UiNode,
} from "../ui";
import { findDataset, DATASETS } from "./datasets";
import type { Built, ScreenContext } from "./shared";

/**
 * Charts (bar, line, area, pie — chosen from the prompt's words: "trend" → line, "share" → pie, "by month" → bars)
 * and dashboards (figures, a trend, a breakdown, goals and a table of recent records for a domain).
 */

export type ChartKind = "bar" | "line" | "area" | "pie";

interface Metric {
  key: string;
  label: string;
  format: "number" | "currency" | "percent";
  base: number;
  /** Growth over the whole period (0.3 = +30%). */
  growth: number;
  /** Seasonal swing (0.1 = ±10%). */
  season: number;
  unit?: string;
  digits?: number;
}

const METRICS: { re: RegExp; m: Metric }[] = [
  {
    re: /\b(revenue|income|turnover|earnings)\b/,
    m: { key: "revenue", label: "Revenue", format: "currency", base: 42_000, growth: 0.35, season: 0.12 },
  },
  { re: /\b(sales)\b/, m: { key: "sales", label: "Sales", format: "currency", base: 28_000, growth: 0.3, season: 0.15 } },
  {
    re: /\b(profits?|margin)\b/,
    m: { key: "profit", label: "Profit", format: "currency", base: 9_500, growth: 0.4, season: 0.18 },
  },
  {
    re: /\b(expenses?|costs?|spending|spend)\b/,
    m: { key: "expenses", label: "Expenses", format: "currency", base: 18_000, growth: 0.12, season: 0.08 },
  },
  {
    re: /\b(sign ?ups?|registrations)\b/,
    m: { key: "signups", label: "Sign-ups", format: "number", base: 1_300, growth: 0.6, season: 0.1 },
  },
  {
    re: /\b(users?|customers?|subscribers?|members?)\b/,
    m: { key: "users", label: "Active users", format: "number", base: 12_000, growth: 0.45, season: 0.06 },
  },
  {
    re: /\b(visitors?|traffic|visits|page ?views|sessions)\b/,
    m: { key: "visitors", label: "Visitors", format: "number", base: 54_000, growth: 0.3, season: 0.14 },
  },
  {
    re: /\b(downloads?|installs?)\b/,
    m: { key: "downloads", label: "Downloads", format: "number", base: 8_200, growth: 0.5, season: 0.1 },
  },
  { re: /\b(orders?)\b/, m: { key: "orders", label: "Orders", format: "number", base: 640, growth: 0.28, season: 0.2 } },
  {
    re: /\b(temperatures?|temps?)\b/,
    m: {
      key: "temperature",
      label: "Average temperature (°C)",
      format: "number",
      base: 12,
      growth: 0,
      season: 0,
      unit: "°C",
      digits: 1,
    },
  },
  {
    re: /\b(rain|rainfall|precipitation)\b/,
    m: { key: "rainfall", label: "Rainfall (mm)", format: "number", base: 62, growth: 0, season: 0.45, unit: "mm" },
  },
  { re: /\b(steps)\b/, m: { key: "steps", label: "Daily steps", format: "number", base: 8_400, growth: 0.1, season: 0.12 } },
  { re: /\b(calories)\b/, m: { key: "calories", label: "Calories", format: "number", base: 2_150, growth: -0.05, season: 0.05 } },
  {
    re: /\b(sleep)\b/,
    m: { key: "sleep", label: "Sleep (hours)", format: "number", base: 7.1, growth: 0.04, season: 0.05, digits: 1 },
  },
  {
    re: /\b(weight)\b/,
    m: { key: "weight", label: "Weight (kg)", format: "number", base: 78, growth: -0.06, season: 0.01, digits: 1 },
  },
  {
    re: /\b(conversion|conversion rate)\b/,
    m: { key: "conversion", label: "Conversion rate", format: "percent", base: 3.1, growth: 0.25, season: 0.08, digits: 1 },
  },
  {
    re: /\b(churn)\b/,
    m: { key: "churn", label: "Churn rate", format: "percent", base: 4.2, growth: -0.3, season: 0.05, digits: 1 },
  },
  {
    re: /\b(tickets?)\b/,
    m: { key: "tickets", label: "Support tickets", format: "number", base: 310, growth: -0.1, season: 0.2 },
  },
  {
    re: /\b(emissions|co2|carbon)\b/,
    m: { key: "emissions", label: "CO₂ emissions (t)", format: "number", base: 420, growth: -0.2, season: 0.1 },
  },
  {
    re: /\b(population)\b/,
    m: { key: "population", label: "Population (millions)", format: "number", base: 8.4, growth: 0.05, season: 0, digits: 2 },
  },
];

const DEFAULT_METRIC: Metric = { key: "value", label: "Value", format: "number", base: 100, growth: 0.25, season: 0.12 };

function metricsOf(text: string): Metric[] {
  const found = METRICS.map((x) => ({ at: x.re.exec(text)?.index ?? -1, m: x.m }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.m);
  if (found.length) return found.slice(0, /\b(vs|versus|against|compared|and)\b/.test(text) ? 2 : 1);
  const named =
    /\b(?:chart|graph|plot|visuali[sz]ation)s?\s+(?:of|for|showing)\s+(?:the\s+|my\s+|our\s+)?([a-z]+(?:\s[a-z]+)?)/.exec(
      text,
    )?.[1];
  const label = named?.replace(/\s+(by|per|over|in|for|from)$/, "").replace(/\s+(by|per|over|in|for|from)\s.*$/, "");
  if (label && !/^(data|the|a|an|my)$/.test(label))
    return [{ ...DEFAULT_METRIC, key: label.split(" ")[0]!, label: capitalize(label) }];
  return [DEFAULT_METRIC];
}

function chartKindOf(text: string): ChartKind {
  if (
    /\b(pie|donut|doughnut|share|shares|breakdown|distribution|split|composition|proportions?|percentages?|makeup|mix)\b/.test(
      text,
    )
  )
    return "pie";
  if (/\barea\b|\bcumulative\b|\bstacked area\b/.test(text)) return "area";
  if (
    /\b(bars?|columns?|histogram|compare|comparison|ranking|by region|by category|by country|by product|by department)\b/.test(
      text,
    )
  )
    return "bar";
  if (
    /\b(line|lines|trends?|trending|over time|growth|timeline|history|historical|evolution|progression|time series)\b/.test(text)
  )
    return "line";
  return "bar";
}

interface Dimension {
  key: string;
  label: string;
  values: string[];
  /** Whether values are a time series (trend and seasonality apply). */
  time: boolean;
}

const CATEGORIES: { re: RegExp; d: Dimension }[] = [
  {
    re: /\bby (region|area|territory)\b/,
    d: {
      key: "region",
      label: "Region",
      values: ["North America", "Europe", "Asia Pacific", "Latin America", "Middle East & Africa"],
      time: false,
    },
  },
  {
    re: /\bby (country|countries|nation)\b/,
    d: {
      key: "country",
      label: "Country",
      values: ["United States", "Germany", "India", "Brazil", "Japan", "United Kingdom"],
      time: false,
    },
  },
  {
    re: /\bby (channel|source|acquisition)|traffic sources?\b/,
    d: {
      key: "channel",
      label: "Channel",
      values: ["Organic search", "Direct", "Social", "Referral", "Email", "Paid ads"],
      time: false,
    },
  },
  {
    re: /\bby (device|platform)|devices\b/,
    d: { key: "device", label: "Device", values: ["Mobile", "Desktop", "Tablet"], time: false },
  },
  {
    re: /\bbrowsers?\b/,
    d: { key: "browser", label: "Browser", values: ["Chrome", "Safari", "Edge", "Firefox", "Other"], time: false },
  },
  {
    re: /\bby (product|products|category|categories|line)\b/,
    d: {
      key: "category",
      label: "Category",
      values: ["Electronics", "Home & kitchen", "Clothing", "Beauty", "Sports", "Books"],
      time: false,
    },
  },
  {
    re: /\bby (department|team|teams)\b/,
    d: {
      key: "department",
      label: "Department",
      values: ["Engineering", "Sales", "Marketing", "Support", "Finance"],
      time: false,
    },
  },
  {
    re: /\bby (age|age group)\b/,
    d: { key: "age", label: "Age group", values: ["18–24", "25–34", "35–44", "45–54", "55+"], time: false },
  },
  {
    re: /\b(market share|competitors?)\b/,
    d: { key: "company", label: "Company", values: ["Us", "Northwind", "Globex", "Initech", "Others"], time: false },
  },
  {
    re: /\bbudget|spending|expenses?\b/,
    d: {
      key: "category",
      label: "Category",
      values: ["Housing", "Food", "Transport", "Utilities", "Leisure", "Savings"],
      time: false,
    },
  },
];

function dimensionOf(text: string, kind: ChartKind): Dimension {
  const cat = CATEGORIES.find((c) => c.re.test(text));
  if (kind === "pie" || (cat && !/\b(by|per|each) (month|week|day|year|quarter)\b/.test(text))) {
    if (cat) return cat.d;
    if (kind === "pie")
      return {
        key: "segment",
        label: "Segment",
        values: ["Product A", "Product B", "Product C", "Services", "Other"],
        time: false,
      };
  }
  if (/\b(quarter|quarterly|q[1-4])\b/.test(text))
    return {
      key: "quarter",
      label: "Quarter",
      values: ["Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024", "Q1 2025", "Q2 2025", "Q3 2025"],
      time: true,
    };
  if (/\b(year|years|yearly|annual|annually|decade)\b/.test(text))
    return { key: "year", label: "Year", values: ["2019", "2020", "2021", "2022", "2023", "2024", "2025"], time: true };
  if (/\b(week|weeks|weekly)\b/.test(text))
    return { key: "week", label: "Week", values: Array.from({ length: 12 }, (_, i) => `W${i + 1}`), time: true };
  if (/\b(day|days|daily|weekday)\b/.test(text))
    return { key: "day", label: "Day", values: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], time: true };
  if (/\b(hour|hours|hourly|today)\b/.test(text))
    return {
      key: "hour",
      label: "Hour",
      values: Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, "0")}:00`),
      time: true,
    };
  return { key: "month", label: "Month", values: [...MONTHS], time: true };
}

const roundTo = (v: number, m: Metric): number => {
  const digits = m.digits ?? (Math.abs(v) >= 100 ? 0 : 1);
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** A seeded series: trend, seasonality and noise for a time axis; a skewed spread for categories. */
function series(m: Metric, d: Dimension, rng: Rng): number[] {
  const n = d.values.length;
  if (m.key === "temperature" && d.key === "month") {
    const south = rng.next() < 0.15;
    return d.values.map((_, i) =>
      roundTo(m.base + 9 * Math.sin(((i - (south ? 9.5 : 3.5)) / 12) * 2 * Math.PI) + rng.float(-1.2, 1.2), m),
    );
  }
  if (!d.time) {
    const weights = d.values.map((_, i) => (n - i) * rng.float(0.6, 1.4, 3));
    return weights.map((w) => roundTo(m.base * (w / (n / 2)), m));
  }
  const phase = rng.float(0, 2 * Math.PI, 3);
  return d.values.map((_, i) => {
    const trend = 1 + (m.growth * i) / Math.max(1, n - 1);
    const season = 1 + m.season * Math.sin((i / Math.max(1, n)) * 2 * Math.PI + phase);
    return roundTo(m.base * trend * season * rng.float(0.94, 1.06, 3), m);
  });
}

const fmt = (v: number, m: Metric): string =>
  m.format === "currency"
    ? money(v).replace(/\.00$/, "")
    : m.format === "percent"
      ? `${v}%`
      : `${v.toLocaleString("en-US")}${m.unit ? ` ${m.unit}` : ""}`;

function pieShares(values: string[], rng: Rng): { label: string; value: number }[] {
  const raw = values.map((_, i) => (values.length - i) * rng.float(0.7, 1.3, 3) + 1);
  const sum = raw.reduce((a, b) => a + b, 0);
  const shares = raw.map((r) => Math.round((r / sum) * 1000) / 10);
  // Make the shares add up to exactly 100%.
  const diff = Math.round((100 - shares.reduce((a, b) => a + b, 0)) * 10) / 10;
  shares[0] = Math.round((shares[0]! + diff) * 10) / 10;
  return values.map((label, i) => ({ label, value: shares[i]! }));
}

/** A chart screen: figures, the chart, an insight and its data. */
export function buildChart(ctx: ScreenContext): Built {
  const kind = chartKindOf(ctx.text);
  const metrics = metricsOf(ctx.text);
  const m = metrics[0]!;
  const d = dimensionOf(ctx.text, kind);
  const rng = ctx.rng("chart");
  const range = d.time
    ? `${d.values[0]}–${d.values[d.values.length - 1]}${d.key === "month" ? " 2025" : ""}`
    : `by ${d.label.toLowerCase()}`;
  if (kind === "pie") {
    const slices = pieShares(d.values, rng);
    const title = `${m === DEFAULT_METRIC ? "Share" : `${m.label.replace(/ \(.*\)$/, "")} share`} by ${d.label.toLowerCase()}`;
    const top = slices[0]!;
    return {
      name: title,
      settings: { title, theme: "auto", maxWidth: 880, padding: 24, gap: 16 },
      nodes: [
        heading(title, { level: 1, name: "title" }),
        text(`How the total splits across ${slices.length} ${d.label.toLowerCase()}s, in percent.`, {
          tone: "muted",
          name: "subtitle",
        }),
        grid(
          [
            stat(top.value, { name: "top_share", label: `Largest: ${top.label}`, format: "percent" }),
            stat(slices.length, { name: "segments", label: `${d.label}s` }),
            stat(slices[slices.length - 1]!.value, {
              name: "smallest_share",
              label: `Smallest: ${slices[slices.length - 1]!.label}`,
              format: "percent",
            }),
          ],
          { columns: 3, name: "summary" },
        ),
        card(title, [pieChart(slices, { name: "share_chart", donut: true, height: 320, title })], {
          name: "chart_card",
          elevated: true,
        }),
        card(
          "Breakdown",
          slices.map((s, i) =>
            progress(s.value, { name: `share_${i + 1}`, label: `${s.label} — ${s.value}%`, tone: i === 0 ? "info" : "neutral" }),
          ),
          {
            name: "breakdown_card",
          },
        ),
        text(
          `${top.label} leads with ${top.value}%, ${Math.round((top.value / slices[1]!.value) * 10) / 10}× the next segment.`,
          {
            name: "insight",
            tone: "primary",
          },
        ),
      ],
      sections: ["title", "summary figures", "donut chart", "breakdown bars", "insight"],
      summary: `a donut chart of ${slices.length} shares by ${d.label.toLowerCase()} (chosen for “share/breakdown” wording)`,
    };
  }
  const data: Row[] = d.values.map((v) => ({ [d.key]: v }));
  const allSeries = metrics.map((mm) => series(mm, d, rng));
  metrics.forEach((mm, j) => data.forEach((r, i) => (r[mm.key] = allSeries[j]![i]!)));
  const values = allSeries[0]!;
  const total = values.reduce((a, b) => a + b, 0);
  const peakAt = values.indexOf(Math.max(...values));
  const lowAt = values.indexOf(Math.min(...values));
  const change = values[0] ? Math.round(((values[values.length - 1]! - values[0]) / Math.abs(values[0])) * 1000) / 10 : 0;
  const additive = m.format !== "percent" && !m.unit && !/temperature|sleep|weight|population|steps|calories/.test(m.key);
  const title =
    metrics.length > 1
      ? `${metrics.map((x) => x.label).join(" vs ")} by ${d.label.toLowerCase()}`
      : `${m.label} by ${d.label.toLowerCase()}`;
  const y = metrics.length > 1 ? metrics.map((x) => x.key) : m.key;
  const props = { name: "main_chart", x: d.key, y, height: 320, title };
  const chart =
    kind === "line"
      ? lineChart(data, props)
      : kind === "area"
        ? areaChart(data, { ...props, stacked: metrics.length > 1 })
        : barChart(data, props);
  const why =
    kind === "line"
      ? "a line, for a trend over time"
      : kind === "area"
        ? "an area chart, for cumulative volume"
        : "bars, to compare values side by side";
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 960, padding: 24, gap: 16 },
    nodes: [
      row(
        [
          heading(title, { level: 1, name: "title" }),
          select(d.time ? "period" : "all", {
            name: "range",
            label: "Range",
            options: d.time
              ? [
                  { label: range, value: "period" },
                  { label: "Previous period", value: "previous" },
                ]
              : [
                  { label: `All ${d.label.toLowerCase()}s`, value: "all" },
                  { label: "Top 3", value: "top3" },
                ],
          }),
        ],
        { justify: "between", align: "end", wrap: true, name: "header" },
      ),
      text(`${range}. ${capitalize(why.replace(/^an? /, ""))}.`, { tone: "muted", name: "subtitle" }),
      grid(
        [
          stat(additive ? roundTo(total, m) : roundTo(total / values.length, m), {
            name: "total",
            label: additive ? "Total" : "Average",
            format: m.format,
          }),
          stat(values[peakAt]!, { name: "peak", label: `Peak (${d.values[peakAt]})`, format: m.format }),
          d.time
            ? stat(change, {
                name: "change",
                label: `Change ${d.values[0]} → ${d.values[d.values.length - 1]}`,
                format: "percent",
                delta: change,
              })
            : stat(values[lowAt]!, { name: "lowest", label: `Lowest (${d.values[lowAt]})`, format: m.format }),
        ],
        { columns: 3, name: "summary" },
      ),
      card(title, [chart], { name: "chart_card", elevated: true }),
      text(
        `${d.values[peakAt]} is the highest at ${fmt(values[peakAt]!, m)}; ${d.values[lowAt]} the lowest at ${fmt(values[lowAt]!, m)}.`,
        { name: "insight", tone: "primary" },
      ),
      accordion(
        ["Data"],
        [
          table(data, {
            name: "chart_data",
            columns: [
              d.key,
              ...metrics.map((x) => ({
                key: x.key,
                label: x.label,
                format: x.format === "percent" ? ("percent" as const) : x.format,
                align: "right" as const,
              })),
            ],
            sortable: true,
          }),
        ],
        { name: "data_section" },
      ),
      row([button("Download CSV", { name: "download_csv", variant: "secondary", onPress: "download_csv" })], {
        justify: "end",
        name: "actions",
      }),
    ],
    sections: ["title and range", "summary figures", `${kind} chart`, "insight", "data table"],
    summary: `${why}: ${metrics.map((x) => x.label.toLowerCase()).join(" and ")} over ${d.values.length} ${d.label.toLowerCase()}s`,
  };
}

// Dashboards ------------------------------------------------------------------------------------------------------------

interface Domain {
  re: RegExp;
  title: string;
  stats: { label: string; value: number; format?: "number" | "currency" | "percent"; delta: number }[];
  trend: { label: string; keys: string[]; base: number[]; format: "number" | "currency" };
  breakdown: { title: string; slices: string[] };
  goals: [string, number, number][];
  dataset: string;
  list: { title: string; items: [string, string][] };
  alert: string;
}

const DOMAINS: Domain[] = [
  {
    re: /\b(web|website|traffic|seo|marketing|analytics|visitors|campaigns?)\b/,
    title: "Website analytics",
    stats: [
      { label: "Visitors", value: 184_320, delta: 12.4 },
      { label: "Page views", value: 612_905, delta: 9.1 },
      { label: "Bounce rate", value: 41.8, format: "percent", delta: -2.3 },
      { label: "Conversion rate", value: 3.4, format: "percent", delta: 0.6 },
    ],
    trend: { label: "Visitors and sign-ups", keys: ["visitors", "signups"], base: [14_000, 620], format: "number" },
    breakdown: { title: "Traffic sources", slices: ["Organic search", "Direct", "Social", "Referral", "Email"] },
    goals: [
      ["Monthly sign-ups", 3_420, 5_000],
      ["Newsletter subscribers", 8_900, 10_000],
      ["Blog posts published", 9, 12],
    ],
    dataset: "users",
    list: {
      title: "Top pages",
      items: [
        ["/pricing", "48,210 views · 2:41 avg. time"],
        ["/blog/getting-started", "31,904 views · 4:12 avg. time"],
        ["/features", "27,330 views · 1:58 avg. time"],
        ["/", "25,118 views · 0:52 avg. time"],
      ],
    },
    alert: "Organic search traffic is up 18% since the pricing page was rewritten.",
  },
  {
    re: /\b(finance|financial|budget|expenses?|bank|money|portfolio|accounting|cash ?flow|invest\w*|personal finance)\b/,
    title: "Finance overview",
    stats: [
      { label: "Balance", value: 24_860, format: "currency", delta: 4.2 },
      { label: "Income this month", value: 6_850, format: "currency", delta: 2.1 },
      { label: "Spending this month", value: 4_312, format: "currency", delta: -6.5 },
      { label: "Savings rate", value: 37, format: "percent", delta: 3.0 },
    ],
    trend: { label: "Income and spending", keys: ["income", "spending"], base: [6_500, 4_400], format: "currency" },
    breakdown: { title: "Spending by category", slices: ["Housing", "Food", "Transport", "Utilities", "Leisure", "Other"] },
    goals: [
      ["Emergency fund", 8_400, 12_000],
      ["Holiday in Portugal", 1_650, 3_000],
      ["New laptop", 900, 1_800],
    ],
    dataset: "transactions",
    list: {
      title: "Upcoming bills",
      items: [
        ["Rent — Maple Court", "$1,650 · due in 4 days"],
        ["City Power & Light", "$86.40 · due in 9 days"],
        ["Phone plan", "$35.00 · due in 12 days"],
      ],
    },
    alert: "Eating out is 22% above your monthly budget so far.",
  },
  {
    re: /\b(fitness|health|workout|workouts|steps|running|exercise|gym|training|wellness|sleep)\b/,
    title: "Fitness dashboard",
    stats: [
      { label: "Steps today", value: 8_432, delta: 6.0 },
      { label: "Active minutes", value: 54, delta: 12.0 },
      { label: "Calories burned", value: 2_315, delta: 3.2 },
      { label: "Resting heart rate", value: 61, delta: -1.6 },
    ],
    trend: { label: "Steps and active minutes", keys: ["steps", "active_minutes"], base: [8_000, 45], format: "number" },
    breakdown: { title: "Workout mix", slices: ["Running", "Strength", "Cycling", "Yoga", "Walking"] },
    goals: [
      ["Weekly active minutes", 210, 300],
      ["Runs this month", 9, 12],
      ["Sleep 7h+ nights", 5, 7],
    ],
    dataset: "workouts",
    list: {
      title: "Recent workouts",
      items: [
        ["Morning run — 6.2 km", "32:14 · 5:12 /km · 412 kcal"],
        ["Upper-body strength", "45 min · 7 exercises"],
        ["Evening yoga", "30 min · mobility flow"],
        ["Cycling commute", "14.8 km · 41 min"],
      ],
    },
    alert: "You're 90 active minutes from this week's goal — a 30-minute run on three days gets you there.",
  },
  {
    re: /\b(support|tickets?|helpdesk|help desk|customer service|service desk|csat)\b/,
    title: "Support dashboard",
    stats: [
      { label: "Open tickets", value: 142, delta: -8.4 },
      { label: "First response", value: 38, delta: -12.0 },
      { label: "Resolved this week", value: 611, delta: 5.7 },
      { label: "CSAT", value: 94.2, format: "percent", delta: 1.1 },
    ],
    trend: { label: "Tickets opened and resolved", keys: ["opened", "resolved"], base: [520, 505], format: "number" },
    breakdown: { title: "Tickets by channel", slices: ["Email", "Chat", "Phone", "Social"] },
    goals: [
      ["Replies under 1 hour (%)", 87, 95],
      ["Resolved on first contact (%)", 71, 80],
      ["Help-center deflection (%)", 34, 40],
    ],
    dataset: "customers",
    list: {
      title: "Needs attention",
      items: [
        ["#48213 · Refund not received", "Waiting 26 h · High priority"],
        ["#48190 · Can't log in after reset", "Waiting 19 h · Medium"],
        ["#48177 · Invoice shows wrong VAT", "Waiting 11 h · Medium"],
      ],
    },
    alert: "Chat volume is 30% higher than usual today; two agents were moved from email.",
  },
  {
    re: /\b(server|servers|devops|infrastructure|uptime|api|monitoring|latency|cloud|kubernetes|cluster)\b/,
    title: "System health",
    stats: [
      { label: "Uptime (30 days)", value: 99.97, format: "percent", delta: 0.02 },
      { label: "Requests / min", value: 18_420, delta: 7.5 },
      { label: "p95 latency (ms)", value: 184, delta: -9.2 },
      { label: "Error rate", value: 0.21, format: "percent", delta: -0.05 },
    ],
    trend: { label: "Requests and errors per hour", keys: ["requests", "errors"], base: [1_050_000, 2_100], format: "number" },
    breakdown: { title: "Traffic by service", slices: ["api", "web", "auth", "search", "workers"] },
    goals: [
      ["CPU used, cluster (%)", 62, 100],
      ["Memory used, cluster (%)", 71, 100],
      ["Disk used, database (%)", 48, 100],
    ],
    dataset: "incidents",
    list: {
      title: "Recent deploys",
      items: [
        ["api v2.14.1", "12 min ago · healthy"],
        ["web v5.3.0", "2 h ago · healthy"],
        ["search v1.8.7", "yesterday · rolled back once"],
      ],
    },
    alert: "Database disk grows about 2% a week; at this rate it reaches 80% in 16 weeks.",
  },
  {
    re: /\b(hr|human resources|employees|hiring|recruit\w*|people|headcount|staff)\b/,
    title: "People dashboard",
    stats: [
      { label: "Headcount", value: 248, delta: 3.8 },
      { label: "Open roles", value: 17, delta: 21.4 },
      { label: "Time to hire (days)", value: 34, delta: -8.1 },
      { label: "eNPS", value: 41, delta: 5.0 },
    ],
    trend: { label: "Hires and leavers", keys: ["hires", "leavers"], base: [9, 4], format: "number" },
    breakdown: { title: "Headcount by department", slices: ["Engineering", "Sales", "Marketing", "Operations", "Finance"] },
    goals: [
      ["Hiring plan (year)", 41, 60],
      ["Training completed (%)", 83, 100],
      ["Reviews submitted", 192, 248],
    ],
    dataset: "employees",
    list: {
      title: "Starting soon",
      items: [
        ["Leila Haddad — Product Designer", "Starts Monday · Design"],
        ["Jonas Larsen — Backend Engineer", "Starts in 2 weeks · Engineering"],
        ["Grace Kim — Account Executive", "Starts in 3 weeks · Sales"],
      ],
    },
    alert: "Engineering has 6 of the 17 open roles; two have been open for more than 60 days.",
  },
  {
    re: /\b(school|students?|grades|class|classes|education|teacher|course|courses|university)\b/,
    title: "Class dashboard",
    stats: [
      { label: "Students", value: 124, delta: 2.5 },
      { label: "Average grade", value: 78.4, delta: 1.9 },
      { label: "Attendance", value: 94.6, format: "percent", delta: 0.8 },
      { label: "Assignments due", value: 6, delta: -25 },
    ],
    trend: { label: "Average score by week", keys: ["math", "science"], base: [74, 77], format: "number" },
    breakdown: { title: "Grade distribution", slices: ["A", "B", "C", "D", "F"] },
    goals: [
      ["Syllabus covered (%)", 64, 100],
      ["Homework handed in (%)", 88, 100],
      ["Parent meetings held", 31, 40],
    ],
    dataset: "students",
    list: {
      title: "This week",
      items: [
        ["Science fair projects due", "Thursday"],
        ["Math quiz — fractions", "Friday, period 2"],
        ["Parent evening", "Wednesday 17:00–20:00"],
      ],
    },
    alert: "Five students missed more than three classes this month.",
  },
  {
    re: /\b(projects?|team|sprint|agile|tasks|roadmap|kanban)\b/,
    title: "Project dashboard",
    stats: [
      { label: "Active projects", value: 12, delta: 9.1 },
      { label: "Tasks done this sprint", value: 86, delta: 14.7 },
      { label: "On-time delivery", value: 82, format: "percent", delta: 4.0 },
      { label: "Blocked tasks", value: 5, delta: -28.6 },
    ],
    trend: { label: "Tasks created and completed", keys: ["created", "completed"], base: [70, 64], format: "number" },
    breakdown: { title: "Work by type", slices: ["Features", "Bugs", "Tech debt", "Research"] },
    goals: [
      ["Sprint 24 scope", 34, 41],
      ["Q4 roadmap done (%)", 58, 100],
      ["Docs updated", 12, 20],
    ],
    dataset: "projects",
    list: {
      title: "Upcoming milestones",
      items: [
        ["Beta release", "in 9 days"],
        ["Security review", "in 16 days"],
        ["Customer portal launch", "in 5 weeks"],
      ],
    },
    alert: "Billing migration is at risk: two tasks are blocked on the payments provider.",
  },
];

const SALES: Domain = {
  re: /./,
  title: "Sales dashboard",
  stats: [
    { label: "Revenue", value: 128_430, format: "currency", delta: 8.2 },
    { label: "Orders", value: 1_842, delta: 5.6 },
    { label: "Average order value", value: 69.72, format: "currency", delta: 2.4 },
    { label: "Refund rate", value: 1.8, format: "percent", delta: -0.4 },
  ],
  trend: { label: "Revenue and costs", keys: ["revenue", "costs"], base: [98_000, 61_000], format: "currency" },
  breakdown: { title: "Revenue by channel", slices: ["Online store", "Marketplaces", "Retail partners", "Wholesale"] },
  goals: [
    ["Quarterly revenue target", 361_000, 450_000],
    ["New customers", 1_240, 1_500],
    ["Repeat purchase rate (%)", 38, 45],
  ],
  dataset: "orders",
  list: {
    title: "Best sellers",
    items: [
      ["Wireless Earbuds Pro", "412 sold · $53,148"],
      ["Smart Fitness Watch", "268 sold · $53,332"],
      ["USB-C Charging Hub", "590 sold · $28,910"],
      ["Bluetooth Speaker", "301 sold · $26,789"],
    ],
  },
  alert: "Marketplace orders are up 24% this month; stock of the Smart Fitness Watch covers 9 more days.",
};

/** A dashboard for the domain the prompt names (sales unless another fits). */
export function buildDashboard(ctx: ScreenContext): Built {
  const dom = DOMAINS.find((x) => x.re.test(ctx.text)) ?? SALES;
  const rng = ctx.rng("dashboard");
  const months = [...MONTHS];
  const phase = rng.float(0, 6, 2);
  const trendRows: Row[] = months.map((month, i) => {
    const r: Row = { month };
    dom.trend.keys.forEach((k, j) => {
      const base = dom.trend.base[j]!;
      const v = base * (1 + 0.25 * (i / 11)) * (1 + 0.08 * Math.sin(i / 1.9 + phase + j)) * rng.float(0.95, 1.05, 3);
      r[k] = base >= 100 ? Math.round(v) : Math.round(v * 10) / 10;
    });
    return r;
  });
  const slices = pieShares(dom.breakdown.slices, rng);
  const dataset = findDataset(ctx.text) ?? DATASETS.find((x) => x.data.key === dom.dataset)!.data;
  const rows = dataset.rows(rng, 6);
  const title = dom.title;
  const nodes: UiNode[] = [
    row(
      [
        heading(title, { level: 1, name: "title" }),
        row(
          [
            select("30d", {
              name: "period",
              label: "Period",
              options: [
                { label: "Last 7 days", value: "7d" },
                { label: "Last 30 days", value: "30d" },
                { label: "This quarter", value: "qtd" },
                { label: "This year", value: "ytd" },
              ],
            }),
            button("Export", { name: "export_report", variant: "secondary", icon: "arrow-right", onPress: "export_report" }),
          ],
          { gap: 8, align: "end" },
        ),
      ],
      { justify: "between", align: "end", wrap: true, name: "header" },
    ),
    grid(
      dom.stats.map((s, i) =>
        stat(s.value, {
          name: `kpi_${i + 1}`,
          label: s.label,
          format: s.format ?? "number",
          delta: s.delta,
          currency: s.format === "currency" ? "USD" : undefined,
        }),
      ),
      { columns: 4, name: "kpis" },
    ),
    grid(
      [
        card(dom.trend.label, [areaChart(trendRows, { name: "trend_chart", x: "month", y: dom.trend.keys, height: 260 })], {
          name: "trend_card",
          subtitle: "Jan–Dec 2025",
        }),
        card(dom.breakdown.title, [pieChart(slices, { name: "breakdown_chart", donut: true, height: 260 })], {
          name: "breakdown_card",
          subtitle: "Share of total, %",
        }),
      ],
      { columns: 2, name: "charts" },
    ),
    grid(
      [
        card(
          "Goals",
          dom.goals.map(([label, value, max], i) =>
            progress(value, {
              name: `goal_${i + 1}`,
              label: `${label}: ${value.toLocaleString("en-US")} of ${max.toLocaleString("en-US")}`,
              max,
              tone: value / max >= 0.8 ? "success" : value / max >= 0.5 ? "info" : "warning",
            }),
          ),
          { name: "goals_card" },
        ),
        card(
          dom.list.title,
          [
            list(
              dom.list.items.map(([t, s]) => ({ title: t, subtitle: s })),
              { name: "highlights", dividers: true, onPress: "open_item" },
            ),
          ],
          {
            name: "highlights_card",
          },
        ),
      ],
      { columns: 2, name: "details" },
    ),
    card(`Recent ${dataset.plural}`, [table(rows, { name: "recent_table", columns: dataset.columns, sortable: true })], {
      name: "recent_card",
    }),
    alert(dom.alert, { name: "insight", title: "Worth a look", tone: "info" }),
  ];
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 1200, padding: 24, gap: 16 },
    nodes,
    sections: [
      "header with period and export",
      "4 key figures",
      `${dom.trend.label.toLowerCase()} trend`,
      dom.breakdown.title.toLowerCase(),
      "goals",
      dom.list.title.toLowerCase(),
      `recent ${dataset.plural}`,
      "insight",
    ],
    summary: `a ${titleCase(title).toLowerCase()}: figures, a trend, a breakdown, goals and recent ${dataset.plural}`,
  };
}
