import { humanize, type ComponentNode, type JsonValue, type Screen } from "@genui/ui-runtime";

type Obj = Record<string, JsonValue>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v : undefined);

/** A number as a screen may show it: as written, with two decimals when it has a fraction, and as money. */
function numberTexts(n: number, currency?: string): string[] {
  const out = [String(n)];
  if (!Number.isInteger(n)) out.push(n.toFixed(2));
  if (currency && /^[A-Za-z]{3}$/.test(currency)) {
    try {
      out.push(new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(n));
    } catch {
      // an unknown currency code: the figure alone
    }
  }
  return out;
}

/** A cell or item value as text (nested objects and lists are not drawn as text). */
function scalarTexts(v: JsonValue | undefined, currency?: string): string[] {
  if (typeof v === "string") return v.trim() ? [v] : [];
  if (typeof v === "number" && Number.isFinite(v)) return numberTexts(v, currency);
  return [];
}

const rowsOf = (v: JsonValue | undefined): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/** The columns a table shows: its `columns` prop, else every key of its first 50 rows (as the renderer does). */
function tableColumns(node: ComponentNode, rows: Obj[]): { key: string; label: string; format?: string }[] {
  const spec = node.props?.columns;
  if (Array.isArray(spec) && spec.length)
    return spec.flatMap((c) =>
      typeof c === "string"
        ? [{ key: c, label: humanize(c) }]
        : isObj(c) && typeof c.key === "string"
          ? [{ key: c.key, label: str(c.label) ?? humanize(c.key), ...(str(c.format) ? { format: c.format as string } : {}) }]
          : [],
    );
  const keys: string[] = [];
  for (const r of rows.slice(0, 50)) for (const k of Object.keys(r)) if (!keys.includes(k) && keys.length < 20) keys.push(k);
  return keys.map((k) => ({ key: k, label: humanize(k) }));
}

/** The texts one component shows itself (its children are walked separately). */
function ownTexts(node: ComponentNode): string[] {
  const p = node.props ?? {};
  const v = node.value;
  const out: string[] = [];
  for (const k of ["label", "title", "subtitle", "placeholder", "caption"] as const) {
    const s = str(p[k]);
    if (s) out.push(s);
  }
  switch (node.component) {
    case "table": {
      const rows = rowsOf(v);
      const cols = tableColumns(node, rows);
      for (const c of cols) out.push(c.label);
      for (const r of rows) for (const c of cols) out.push(...scalarTexts(r[c.key], c.format === "currency" ? "USD" : undefined));
      return out;
    }
    case "barChart":
    case "lineChart":
    case "areaChart": {
      const x = str(p.x);
      const ys = (Array.isArray(p.y) ? p.y : [p.y]).filter((y): y is string => typeof y === "string");
      for (const y of ys) out.push(y, humanize(y));
      for (const r of rowsOf(v)) {
        if (x) out.push(...scalarTexts(r[x]));
        for (const y of ys) out.push(...scalarTexts(r[y]));
      }
      return out;
    }
    case "pieChart":
      for (const s of rowsOf(v)) out.push(...scalarTexts(s.label ?? s.name), ...scalarTexts(s.value));
      return out;
    case "list":
      for (const item of Array.isArray(v) ? v : []) {
        if (isObj(item)) out.push(...scalarTexts(item.title ?? item.label), ...scalarTexts(item.subtitle));
        else out.push(...scalarTexts(item));
      }
      return out;
    case "keyValue":
      if (Array.isArray(v)) {
        for (const e of v.filter(isObj)) out.push(...scalarTexts(e.key ?? e.label), ...scalarTexts(e.value));
      } else if (isObj(v)) for (const [k, x] of Object.entries(v)) out.push(k, ...scalarTexts(x));
      return out;
    case "tabs":
    case "accordion":
      for (const l of Array.isArray(v) ? v : []) out.push(...scalarTexts(l));
      return out;
    case "select":
      for (const o of Array.isArray(p.options) ? p.options : []) out.push(...(isObj(o) ? scalarTexts(o.label) : scalarTexts(o)));
      out.push(...scalarTexts(v));
      return out;
    case "stat":
      out.push(...scalarTexts(v, p.format === "currency" ? (str(p.currency) ?? "USD") : undefined));
      if (str(p.currency)) out.push(p.currency as string);
      if (p.format === "percent" && typeof v === "number") out.push(`${v}%`);
      return out;
    case "progress":
      out.push(...scalarTexts(v));
      if (typeof p.max === "number") out.push(String(p.max));
      return out;
    // Their value is not text a user reads: a URL, an icon name, a size, a line count, a switch state.
    case "image":
    case "icon":
    case "video":
    case "spacer":
    case "skeleton":
    case "checkbox":
    case "switch":
    case "slider":
      if (node.component === "slider") out.push(...scalarTexts(v));
      return out;
    default:
      // Text-valued components (heading, text, markdown, badge, code, alert, button, card's title, inputs' value, date).
      out.push(...scalarTexts(v));
      return out;
  }
}

/** Every component of a screen, depth first. */
export function componentsOf(screen: Screen): ComponentNode[] {
  const out: ComponentNode[] = [];
  const walk = (nodes: readonly ComponentNode[]) =>
    nodes.forEach((n) => {
      out.push(n);
      if (n.content) walk(n.content);
    });
  walk(screen.screen.v1);
  return out;
}

/**
 * The text a user sees on a screen, one piece per label, value, cell, option, item, chart category and series:
 * what the rubric's terms are looked for in. Not the screen's name or title (not drawn), nor alt texts and icon names.
 */
export function visibleText(screen: Screen): string[] {
  return componentsOf(screen).flatMap(ownTexts);
}
