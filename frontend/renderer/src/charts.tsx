/**
 * The chart components (recharts). Loaded with React.lazy only when a screen has a chart, so recharts is a separate
 * chunk. Each chart is a role="img" box with an aria-label that summarises its data.
 */
import type { CSSProperties, ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { chartNumber, formatCompact, formatExact, inferChartUnit, type ChartUnit } from "./chart-format";
import { titleShown, useNodeValue, useRenderer, useShownHeadings, type NodeComponentProps } from "./context";
import { propsOf, withRoot } from "./components/shared";
import { asNumber, asText, objectsOf, str } from "./util";

export type ChartType = "barChart" | "lineChart" | "areaChart" | "pieChart";

const KIND: Record<ChartType, string> = {
  barChart: "Bar chart",
  lineChart: "Line chart",
  areaChart: "Area chart",
  pieChart: "Pie chart",
};
const MAX_SUMMARY_POINTS = 12;
const NUMBER: ChartUnit = { kind: "number" };

function seriesOf(y: unknown): string[] {
  const list = Array.isArray(y) ? y : [y];
  return list.filter((s): s is string => typeof s === "string" && s.length > 0).slice(0, 8);
}

/** "Bar chart of revenue and costs by month. Jan: revenue 120, costs 80; Feb: …" */
export function summarizeCartesian(
  type: Exclude<ChartType, "pieChart">,
  title: string | undefined,
  x: string,
  ys: string[],
  rows: Record<string, unknown>[],
  stacked = false,
  unit: ChartUnit = NUMBER,
): string {
  const fmt = (n: number) => formatExact(n, unit);
  const head = `${title ? `${title}. ` : ""}${KIND[type]}${stacked ? " (stacked)" : ""} of ${ys.join(" and ") || "no series"} by ${x}`;
  if (rows.length === 0) return `${head}: no data.`;
  const points = rows
    .slice(0, MAX_SUMMARY_POINTS)
    .map(
      (r) =>
        `${asText(r[x])}: ${ys.map((y) => (ys.length > 1 ? `${y} ${fmt(asNumber(r[y], 0))}` : fmt(asNumber(r[y], 0)))).join(", ")}`,
    );
  const more = rows.length > MAX_SUMMARY_POINTS ? `; and ${rows.length - MAX_SUMMARY_POINTS} more` : "";
  return `${head}. ${points.join("; ")}${more}.`;
}

/** "Donut chart. Chrome 64 (64%), Safari 19 (19%), Other 17 (17%)." */
export function summarizePie(
  title: string | undefined,
  donut: boolean,
  slices: { label: string; value: number }[],
  unit: ChartUnit = NUMBER,
): string {
  const fmt = (n: number) => formatExact(n, unit);
  const head = `${title ? `${title}. ` : ""}${donut ? "Donut chart" : "Pie chart"}`;
  if (slices.length === 0) return `${head}: no data.`;
  const total = slices.reduce((s, d) => s + d.value, 0) || 1;
  const parts = slices
    .slice(0, MAX_SUMMARY_POINTS)
    .map((d) => `${d.label} ${fmt(d.value)} (${Math.round((d.value / total) * 100)}%)`);
  const more = slices.length > MAX_SUMMARY_POINTS ? `, and ${slices.length - MAX_SUMMARY_POINTS} more` : "";
  return `${head}. ${parts.join(", ")}${more}.`;
}

export default function ChartView({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  // The brand theme's colours when the screen has one (its primary and accent lead the series), else GenUI's.
  const { palette: pal } = useRenderer();
  const colors = [1, 2, 3, 4, 5, 6].map((i) => pal[`chart-${i}`] ?? "#1d4ed8");
  const type = node.component as ChartType;
  const title = str(p.title);
  const headings = useShownHeadings();
  // A card, tab, section or heading right above may already say it.
  const showTitle = !!title && !titleShown(title, headings);
  const height = Math.max(80, Math.min(800, asNumber(p.height, 240)));
  const items = objectsOf(value);
  const axis = { stroke: pal.border, tick: { fill: pal.muted, fontSize: 12 } };
  const x = str(p.x) ?? "x";
  const ys = seriesOf(p.y);
  const unit = inferChartUnit({
    format: p.format,
    currency: p.currency,
    title,
    series:
      type === "pieChart"
        ? [{ key: "value", values: items.map((d) => d.value) }]
        : ys.map((y) => ({ key: y, values: items.map((r) => r[y]) })),
  });
  const tooltip = {
    formatter: (v: unknown) => (typeof v === "number" ? formatExact(v, unit) : asText(v)),
    contentStyle: { background: pal.raised, border: `1px solid ${pal.border}`, borderRadius: 8, color: pal.fg },
    labelStyle: { color: pal.fg },
    itemStyle: { color: pal.fg },
  };
  const legendStyle = { color: pal.fg, fontSize: 13 };
  const chartStyle: CSSProperties = { width: "100%", height };

  let label: string;
  let chart: ReactNode;
  if (type === "pieChart") {
    const donut = p.donut === true;
    const slices = items.map((d, i) => ({
      label: asText(d.label ?? d.name ?? `Slice ${i + 1}`),
      value: Math.max(0, chartNumber(d.value)),
      fill: colors[i % colors.length],
    }));
    label = summarizePie(title, donut, slices, unit);
    chart = (
      <PieChart style={chartStyle} responsive accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="label"
          innerRadius={donut ? "55%" : 0}
          outerRadius="80%"
          stroke={pal.bg}
          isAnimationActive={false}
        />
        <Tooltip {...tooltip} />
        <Legend wrapperStyle={legendStyle} />
      </PieChart>
    );
  } else {
    const stacked = p.stacked === true;
    const rows = items.map((r) => {
      const row: Record<string, unknown> = { ...r };
      for (const y of ys) row[y] = chartNumber(r[y]);
      return row;
    });
    label = summarizeCartesian(type, title, x, ys, rows, stacked && type !== "lineChart", unit);
    const common = {
      data: rows,
      style: chartStyle,
      responsive: true,
      accessibilityLayer: false,
      margin: { top: 8, right: 16, bottom: 4, left: 4 },
    };
    const parts = [
      <CartesianGrid key="grid" strokeDasharray="3 3" stroke={pal.border} vertical={false} />,
      <XAxis key="x" dataKey={x} {...axis} />,
      // Compact labels in the chart's unit; the axis is as wide as its longest label (measured once drawn).
      <YAxis key="y" {...axis} width="auto" tickFormatter={(v: number) => formatCompact(v, unit)} />,
      <Tooltip key="tip" {...tooltip} cursor={{ fill: pal["primary-soft"], opacity: 0.4 }} />,
      ys.length > 1 ? <Legend key="legend" wrapperStyle={legendStyle} /> : null,
    ];
    const stackId = stacked ? "stack" : undefined;
    chart =
      type === "barChart" ? (
        <BarChart {...common}>
          {parts}
          {ys.map((y, i) => (
            <Bar
              key={y}
              dataKey={y}
              fill={colors[i % colors.length]}
              stackId={stackId}
              radius={stacked ? 0 : [4, 4, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : type === "lineChart" ? (
        <LineChart {...common}>
          {parts}
          {ys.map((y, i) => (
            <Line
              key={y}
              type="monotone"
              dataKey={y}
              stroke={colors[i % colors.length]}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <AreaChart {...common}>
          {parts}
          {ys.map((y, i) => (
            <Area
              key={y}
              type="monotone"
              dataKey={y}
              stroke={colors[i % colors.length]}
              fill={colors[i % colors.length]}
              fillOpacity={0.25}
              stackId={stackId}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      );
  }

  return (
    <div {...withRoot(root, "gu-chart")}>
      {showTitle && (
        <div className="gu-chart-title" aria-hidden="true">
          {title}
        </div>
      )}
      <div className="gu-chart-canvas" role="img" aria-label={label} style={{ height }}>
        {chart}
      </div>
    </div>
  );
}
