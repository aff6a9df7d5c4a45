import { nameOf } from "../compose/sections";
import { capitalize } from "../text";
import { type Json } from "../ui";
import { type Edit } from "./operations";
import { CHARTS, every, INPUTS, label, matches, type Node } from "./tree";

/**
 * Edits that change what is there: the theme, a chart's kind, a table's order, the columns of the layout, the title,
 * a button's label.
 */

const CHART_TYPE: Record<string, string> = {
  bar: "barChart",
  column: "barChart",
  line: "lineChart",
  area: "areaChart",
  pie: "pieChart",
  donut: "pieChart",
  doughnut: "pieChart",
};

function convertChart(n: Node, to: string): void {
  if (n.type === to) return;
  const rows = Array.isArray(n.value) ? (n.value as Record<string, Json>[]) : [];
  if (to === "pieChart") {
    const x = String(n.props.x ?? "label");
    const y = Array.isArray(n.props.y) ? String(n.props.y[0]) : String(n.props.y ?? "value");
    n.value = rows.map((r) => ({ label: String(r[x] ?? ""), value: Number(r[y] ?? 0) }));
    const rest = { ...n.props };
    delete rest.x;
    delete rest.y;
    delete rest.stacked;
    n.props = rest;
  } else if (n.type === "pieChart") {
    n.value = rows.map((r) => ({ label: String(r.label ?? ""), value: Number(r.value ?? 0) }));
    const rest = { ...n.props };
    delete rest.donut;
    n.props = { ...rest, x: "label", y: "value" };
  }
  n.type = to;
}

export const CHANGE_EDITS: [RegExp, Edit][] = [
  // Theme.
  [
    /\b(dark|night|light)(?:\s+(?:mode|theme|colou?rs?|background))?\b/,
    (s, m) => {
      const theme = m[1] === "light" ? "light" : "dark";
      if (
        !/\b(?:mode|theme|dark|light|night)\b/.test(s.request) ||
        (/\bchart\b/.test(s.request) && !/mode|theme/.test(s.request))
      )
        return undefined;
      s.settings.theme = theme;
      return `Switched to the ${theme} theme.`;
    },
  ],
  // Chart kind.
  [
    /\b(bar|column|line|area|pie|donut|doughnut)\s*(?:chart|graph)?s?\b/,
    (s, m) => {
      if (!/\b(?:make|turn|change|switch|convert|show|use|as|into|to|instead)\b/.test(s.request)) return undefined;
      const to = CHART_TYPE[m[1]!]!;
      const charts = every(s.roots).filter((n) => CHARTS.has(n.type));
      if (!charts.length) return undefined;
      for (const c of charts) {
        convertChart(c, to);
        if (/donut|doughnut/.test(m[1]!)) c.props.donut = true;
      }
      return `Changed the chart${charts.length > 1 ? "s" : ""} to a ${m[1]} chart.`;
    },
  ],
  // Sort a table (or a list) by a column.
  [
    /\b(?:sort|order)(?:ed)?\s+(?:it\s+|the\s+\w+\s+|rows\s+|them\s+)?by\s+(?:the\s+)?([\w ]+?)(?:,?\s+(asc|ascending|desc|descending|high(?:est)? to low(?:est)?|low(?:est)? to high(?:est)?|a-z|z-a|(?:biggest|smallest|newest|oldest|highest|lowest|cheapest|most expensive) first))?\s*$/,
    (s, m) => {
      const want = m[1]!.trim();
      const desc =
        /desc|high(?:est)? to|highest first|biggest|newest|z-a|most expensive/.test(m[2] ?? "") ||
        /\b(?:most|highest|largest|biggest|top)\b/.test(s.request);
      for (const t of every(s.roots).filter((n) => n.type === "table")) {
        const cols = (Array.isArray(t.props.columns) ? t.props.columns : []) as Json[];
        const col = cols
          .map((c) => (typeof c === "string" ? { key: c, label: c } : (c as { key: string; label?: string })))
          .find(
            (c) =>
              c.key.toLowerCase().includes(nameOf(want)) ||
              (c.label ?? "").toLowerCase().includes(want.toLowerCase()) ||
              want.toLowerCase().includes((c.label ?? c.key).toLowerCase()),
          );
        if (!col || !Array.isArray(t.value)) continue;
        const rows = [...(t.value as Record<string, Json>[])];
        rows.sort((a, b) => {
          const x = a[col.key],
            y = b[col.key];
          const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
          return desc ? -c : c;
        });
        t.value = rows;
        return `Sorted the table by ${col.label ?? col.key}, ${desc ? "highest" : "lowest"} first.`;
      }
      return undefined;
    },
  ],
  // Columns layout.
  [
    /\b(one|single|two|three|four|1|2|3|4)[ -]columns?\b/,
    (s, m) => {
      if (/\b(?:table|add)\b/.test(s.request) && /\bcolumn\b/.test(s.request) && !/layout|grid|side/.test(s.request))
        return undefined;
      const n = { one: 1, single: 1, two: 2, three: 3, four: 4 }[m[1]!] ?? Number(m[1]);
      const grids = every(s.roots).filter((g) => g.type === "grid");
      if (grids.length) for (const g of grids) g.props.columns = n;
      else {
        // Put the screen's sections (everything after the headings) in a grid.
        const start = s.roots.findIndex((r) => r.type !== "heading" && r.type !== "text");
        const body = s.roots.splice(Math.max(0, start));
        s.roots.push({ type: "grid", name: "layout", props: { columns: n, gap: 16 }, children: body, actions: {} });
        // Inputs of a form card go in the grid too.
      }
      for (const c of every(s.roots).filter(
        (x) => x.type === "card" && x.children.filter((k) => INPUTS.has(k.type)).length >= 2 && !grids.length,
      )) {
        const inputs = c.children.filter((k) => INPUTS.has(k.type));
        const rest = c.children.filter((k) => !INPUTS.has(k.type));
        c.children = [{ type: "grid", props: { columns: n, gap: 12 }, children: inputs, actions: {} }, ...rest];
      }
      return `Laid it out in ${n} column${n > 1 ? "s" : ""}.`;
    },
  ],
  // Rename the title.
  [
    /\b(?:rename|retitle|call|title|change the (?:title|heading|name))\b\s*(?:it|the (?:page|screen|title|heading|form|app))?\s*(?:to|as)?\s*["“']?([^"”']+?)["”']?\s*\.?$/,
    (s, m) => {
      if (/\bbutton\b|\bcolumn\b|\bfield\b/.test(s.request)) return undefined;
      const title = capitalize(m[1]!.trim());
      if (!title) return undefined;
      const h = every(s.roots).find((n) => n.type === "heading");
      if (h) h.value = title;
      else s.roots.unshift({ type: "heading", props: { level: 1 }, value: title, children: [], actions: {} });
      s.name = title;
      s.settings.title = title;
      return `Renamed it "${title}".`;
    },
  ],
  // A button's label.
  [
    /\b(?:make|change|rename|set|let)\s+(?:the\s+)?(?:(.+?)\s+)?button(?:'s label|\s+text|\s+label)?\s+(?:to\s+)?(?:say|read|to|into|as)\s+["“']?([^"”']+?)["”']?\s*\.?$/,
    (s, m) => {
      const buttons = every(s.roots).filter((n) => n.type === "button");
      const b =
        (m[1] && buttons.find((x) => matches(x, m[1]!))) ||
        buttons.find((x) => x.props.variant === "primary") ||
        buttons[buttons.length - 1];
      if (!b) return undefined;
      const was = label(b);
      b.value = capitalize(m[2]!.trim());
      return `The "${was}" button now says "${b.value}".`;
    },
  ],
];
