import { fillRole, type JsonValue, type RoleName } from "@genui/ui-runtime";
import { PEOPLE, PLACES } from "../content";
import { capitalize, slug, titleCase } from "../text";
import {
  accordion,
  areaChart,
  barChart,
  button,
  card,
  checkbox,
  column,
  custom,
  date,
  grid,
  heading,
  image,
  keyValue,
  lineChart,
  list,
  pieChart,
  row,
  select,
  slider,
  stat,
  switch_,
  table,
  text,
  textArea,
  textInput,
  type Column,
  type Json,
  type ListItem,
  type Row,
  type UiAction,
  type UiNode,
} from "../ui";
import { CATALOG, fieldSpec, iso, addDays, TODAY, type Ctx } from "./context";
import { hash32 } from "../text";
import type { Item } from "../understand/items";
import { chartData, measureOf } from "./chart-data";

/**
 * The sections screens are composed of: a header, a form from field names, a table from columns, a chart from
 * values, key figures, cards … Each takes what the request gave and fills the rest from the context's content.
 */

/** An SVG as a data URL, escaping only what a URL must (quotes single, so the rest stays readable and short). */
const svgUrl = (svg: string): string => `data:image/svg+xml,${svg.replace(/[<>#%"]/g, encodeURIComponent)}`;

/** A colour from a seed: one of a few soft hues, light or deep. */
const SOFT = ["#c7d2fe", "#bae6fd", "#bbf7d0", "#fde68a", "#fecaca", "#e9d5ff", "#fbcfe8", "#a7f3d0"];
const DEEP = ["#6366f1", "#0284c7", "#16a34a", "#d97706", "#dc2626", "#9333ea", "#db2777", "#0d9488"];

/**
 * A picture for `seed` drawn here, never fetched from an outside service: a small SVG data URL (a two-tone diagonal
 * gradient and a soft disc, colours from the seed: the same seed, the same picture). The image's alt text says what
 * it stands for. `w` × `h` is its shape.
 */
export function photo(seed: string, w = 800, h = 400): string {
  const n = hash32(seed);
  const a = SOFT[n % SOFT.length]!;
  const b = DEEP[(n >>> 4) % DEEP.length]!;
  const [vw, vh] = w >= h ? [Math.round((8 * w) / h), 8] : [8, Math.round((8 * h) / w)];
  const cx = 2 + ((n >>> 8) % Math.max(1, vw - 4));
  return svgUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${vw} ${vh}'><linearGradient id='g' x2='1' y2='1'><stop stop-color='${a}'/><stop offset='1' stop-color='${b}'/></linearGradient><rect width='${vw}' height='${vh}' fill='url(#g)'/><circle cx='${cx}' cy='${Math.round(vh / 2)}' r='${Math.round(vh / 3)}' fill='#fff' opacity='.3'/></svg>`,
  );
}

/** A person's picture drawn here: their initials on a disc of a colour from their name. */
export function initialsPicture(person: string): string {
  const initials = person
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join("")
    .replace(/[<>&'"]/g, "");
  const bg = DEEP[hash32(person) % DEEP.length]!;
  return svgUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><circle cx='20' cy='20' r='20' fill='${bg}'/><text x='20' y='26' font-family='sans-serif' font-size='16' font-weight='600' fill='#fff' text-anchor='middle'>${initials}</text></svg>`,
  );
}

export const nameOf = (label: string): string => slug(label, 40).replace(/-/g, "_") || "field";

export function header(title: string, subtitle?: string): UiNode[] {
  return [heading(title, { level: 1 }), ...(subtitle ? [text(subtitle, { tone: "muted" })] : [])];
}

export interface FieldOptions {
  /** Values typed earlier, by field name (a form shown again keeps them). */
  values?: Record<string, unknown>;
}

/** Options that mean yes or no: a switch, not a select. */
const YES_NO = /^(?:yes|no|y|n|true|false|on|off)$/i;

/** What the user wrote for one field: its name, or an item with options / a range. */
export type FieldWord = string | Item;

/** One input for a field the user wrote (or a lexicon field): their options become a select, a range a slider. */
export function field(w: FieldWord, opts: FieldOptions = {}): UiNode {
  const word = typeof w === "string" ? w : w.label || w.options.join(" or ");
  const f = fieldSpec(word);
  const name = nameOf(f.label);
  const typed = opts.values?.[name];
  if (typeof w !== "string" && w.options.length >= 2) {
    if (w.options.every((o) => YES_NO.test(o))) return switch_(typed === true, { name, label: f.label });
    const options = w.options.map(capitalize);
    return select(typeof typed === "string" ? typed : "", {
      name,
      label: f.label,
      options,
      placeholder: `Choose ${f.label.toLowerCase()}`,
    });
  }
  if (typeof w !== "string" && w.range) {
    const [min, max] = w.range;
    return slider(typeof typed === "number" ? typed : Math.round((min + max) / 2), {
      name,
      label: `${f.label} (${min}–${max})`,
      min,
      max,
      step: 1,
    });
  }
  switch (f.input) {
    case "textArea":
      return textArea({ name, label: f.label, rows: 4, ...(f.placeholder ? { placeholder: f.placeholder } : {}) });
    case "select": {
      const options = f.options?.length ? f.options : ["Yes", "No"];
      return select(typeof typed === "string" ? typed : "", {
        name,
        label: f.label,
        options,
        placeholder: `Choose ${f.label.toLowerCase()}`,
      });
    }
    case "checkbox":
      return checkbox(typed === true, { name, label: f.label });
    case "switch":
      return switch_(typed === true, { name, label: f.label });
    case "slider":
      return slider(typeof typed === "number" ? typed : 5, { name, label: f.label, min: 0, max: 10, step: 1 });
    case "date":
      return date(typeof typed === "string" ? typed : undefined, { name, label: f.label });
    default:
      return textInput({
        name,
        label: f.label,
        ...(f.type && f.type !== "text" ? { type: f.type } : {}),
        ...(f.placeholder ? { placeholder: f.placeholder } : {}),
        ...(typeof typed === "string" ? { value: typed } : {}),
      });
  }
}

/** A form: the fields, then the submit button (its event is the form's action). */
export function form(
  fields: FieldWord[],
  submit: string,
  event: string,
  opts: FieldOptions & { columns?: number } = {},
): UiNode[] {
  const inputs = fields.map((f) => field(f, opts));
  const body = opts.columns && opts.columns > 1 ? [grid(inputs, { columns: opts.columns, gap: 12 })] : inputs;
  return [...body, row([button(submit, { name: nameOf(event), variant: "primary", onPress: event })], { justify: "end" })];
}

/** Cells for a column name: plausible values for what the name means. */
export function cell(ctx: Ctx, columnName: string, i: number, names: string[]): string | number {
  const c = columnName.toLowerCase();
  const r = ctx.rng;
  if (/\b(?:name|customer|client|employee|student|player|member|owner|author|assignee|patient|user|contact)\b/.test(c))
    return names[i % names.length]!;
  if (/\bemail\b/.test(c)) return `${names[i % names.length]!.split(" ")[0]!.toLowerCase()}@mail.com`;
  if (/\bphone|mobile\b/.test(c)) return `+1 555 01${String(10 + i).padStart(2, "0")}`;
  if (/\b(?:date|day|joined|created|due|start|end|deadline|since|hired|updated)\b/.test(c))
    return iso(addDays(TODAY, -3 * i - r.int(0, 2)));
  if (/\btime\b/.test(c)) return `${String(8 + i).padStart(2, "0")}:${r.pick(["00", "15", "30", "45"])}`;
  if (/\b(?:price|amount|total|revenue|salary|cost|balance|fee|spend|budget|sales|income|paid|value)\b/.test(c))
    return /salary/.test(c) ? r.int(42, 140) * 1000 : Math.round(r.float(12, 480, 2) * 100) / 100;
  if (/\b(?:qty|quantity|stock|count|units|orders|visits|views|score|points|goals|wins|age|rooms|seats|hours)\b/.test(c))
    return /age/.test(c) ? r.int(19, 64) : r.int(1, 120);
  if (/\b(?:rate|percent|percentage|share|growth|progress|completion|margin)\b/.test(c)) return r.int(5, 98);
  if (/\b(?:rating|stars)\b/.test(c)) return r.float(3.6, 5, 1);
  if (/\bstatus\b/.test(c)) return r.pick(["Active", "Pending", "Completed", "On hold"]);
  if (/\b(?:city|location|place|office|branch|destination|origin|address)\b/.test(c)) return CATALOG_CITIES(ctx)[i % 6]!;
  if (/\bcountry\b/.test(c)) return CATALOG_COUNTRIES(ctx)[i % 6]!;
  if (/\b(?:department|team)\b/.test(c)) return r.pick(["Engineering", "Sales", "Marketing", "Finance", "Support", "Design"]);
  if (/\b(?:role|title|position|job)\b/.test(c))
    return r.pick(["Manager", "Analyst", "Engineer", "Designer", "Coordinator", "Lead"]);
  if (/\b(?:id|number|no|code|sku|ref|order)\b/.test(c)) return `${c.slice(0, 2).toUpperCase()}-${1040 + i * 7}`;
  if (/\b(?:category|type|kind|genre|tag)\b/.test(c)) return ctx.domain.categories[i % ctx.domain.categories.length]!;
  if (/\b(?:product|item|service|course|book|title|subject|task|project|dish|room|plan|vehicle|model)\b/.test(c))
    return ctx.domain.items[i % ctx.domain.items.length]!.name;
  if (/\b(?:method|payment)\b/.test(c)) return r.pick(["Card", "PayPal", "Bank transfer", "UPI"]);
  if (/\b(?:priority|level|grade)\b/.test(c)) return r.pick(["High", "Medium", "Low"]);
  if (/\b(?:yes|active|paid|done|verified|available|enabled)\b/.test(c)) return r.pick(["Yes", "No"]);
  return (
    ctx.domain.items[(i + 3) % ctx.domain.items.length]!.category ?? ctx.domain.categories[i % ctx.domain.categories.length]!
  );
}

const CATALOG_CITIES = (ctx: Ctx) => ctx.rng.sample(PLACES.cities, 6).map((p) => p.name);
const CATALOG_COUNTRIES = (ctx: Ctx) => ctx.rng.sample(PLACES.cities, 6).map((p) => p.country);

const FORMAT: [RegExp, "currency" | "percent" | "date" | "number"][] = [
  [/\b(?:price|amount|total|revenue|salary|cost|balance|fee|spend|budget|sales|income|paid|value)\b/i, "currency"],
  [/\b(?:rate|percent|percentage|share|growth|progress|completion|margin)\b/i, "percent"],
  [/\b(?:date|joined|created|due|deadline|since|hired|updated)\b/i, "date"],
  [/\b(?:qty|quantity|stock|count|units|orders|visits|views|score|points|goals|wins|age|rooms|seats|hours|rating)\b/i, "number"],
];

/** A table with the user's columns (or the given defaults) and `n` rows of plausible cells. */
export function dataTable(ctx: Ctx, columns: string[], n: number, opts: { name?: string; caption?: string } = {}): UiNode {
  const names = ctx.rng.shuffle([...ctx.e.people, ...peopleNames(ctx)]);
  const keys = columns.map((c) => nameOf(c));
  const rows: Row[] = Array.from({ length: n }, (_, i) =>
    Object.fromEntries(columns.map((c, j) => [keys[j]!, cell(ctx, c, i, names)])),
  );
  const cols: Column[] = columns.map((c, j) => {
    const format = FORMAT.find(([re]) => re.test(c))?.[1];
    return {
      key: keys[j]!,
      label: titleCase(c),
      ...(format ? { format } : {}),
      ...(format && format !== "date" ? { align: "right" as const } : {}),
    };
  });
  return table(rows, {
    name: opts.name ?? "table",
    columns: cols,
    sortable: true,
    ...(opts.caption ? { caption: opts.caption } : {}),
  });
}

const peopleNames = (ctx: Ctx): string[] => ctx.rng.sample(PEOPLE.names, 12).map((p) => p.name);

export type ChartKind = "bar" | "line" | "area" | "pie";

/** A chart of what its phrase asks for (the whole request by default): the user's values, list, span of time and series. */
export function chart(
  ctx: Ctx,
  kind: ChartKind,
  opts: { name?: string; title?: string; series?: string; phrase?: string } = {},
): UiNode {
  const phrase = opts.phrase ?? ctx.e.text;
  const data = chartData(phrase, {
    places: ctx.e.places,
    base: ctx.domain.series.values,
    rng: ctx.rng,
    pie: kind === "pie",
    categoriesFor: (k) => categoriesFor(ctx, k),
    ...(opts.phrase && opts.phrase !== ctx.e.text ? { context: ctx.e.text } : {}),
  });
  const measure = opts.phrase ? undefined : ctx.e.measure;
  const what = opts.series ?? measureOf(phrase) ?? measure?.of ?? ctx.domain.series.label;
  const c0 = data.categories[0] ?? "";
  const xName = /^(?:19|20)\d\d$/.test(c0)
    ? "year"
    : /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/.test(c0)
      ? "month"
      : /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/.test(c0)
        ? "day"
        : /^\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/.test(c0)
          ? "week"
          : /^Q[1-4]$/.test(c0)
            ? "quarter"
            : (measure?.by ?? /\b(?:by|per|each)\s+([a-z]+)/i.exec(phrase)?.[1] ?? "label");
  const xKey = nameOf(xName) || "label";
  const ys = data.series.map((s) => (s.name === "value" ? nameOf(what) || "value" : nameOf(s.name) || "value"));
  const rows: Row[] = data.categories.map((c, i) => ({
    [xKey]: c,
    ...Object.fromEntries(data.series.map((s, k) => [ys[k]!, s.values[i] ?? 0])),
  }));
  const title = opts.title ?? (measure ? `${titleCase(measure.of)} by ${measure.by}` : titleCase(what));
  const name = opts.name ?? `${kind}_chart`;
  if (kind === "pie")
    return pieChart(
      data.categories.map((c, i) => ({ label: c, value: data.series[0]!.values[i] ?? 0 })),
      { name, title, donut: /donut|doughnut/i.test(phrase) },
    );
  const stacked = /\bstacked\b/i.test(phrase) && ys.length > 1;
  const props = { name, x: xKey, y: ys.length === 1 ? ys[0]! : ys, title, height: 260, ...(stacked ? { stacked: true } : {}) };
  return kind === "line" ? lineChart(rows, props) : kind === "area" ? areaChart(rows, props) : barChart(rows, props);
}

/** Categories of a kind a chart is broken down by ("by region", "per channel", "by grade"). */
export function categoriesFor(ctx: Ctx, kind: string): string[] | undefined {
  const k = kind.toLowerCase().replace(/s$/, "");
  if (k === "region") return ["North", "South", "East", "West"];
  if (k === "country") return [...new Set(ctx.rng.sample(PLACES.cities, 8).map((c) => c.country))].slice(0, 5);
  if (k === "city" || k === "location" || k === "store" || k === "branch")
    return ctx.rng.sample(PLACES.cities, 5).map((c) => c.name);
  if (k === "channel" || k === "source") return ["Search", "Social", "Email", "Direct", "Referral"];
  if (k === "device") return ["Mobile", "Desktop", "Tablet"];
  if (k === "shift") return ["Morning", "Afternoon", "Night"];
  if (k === "category" || k === "type" || k === "department" || k === "team" || k === "product" || k === "plan")
    return ctx.domain.categories.slice(0, 5);
  if (k === "month") return undefined;
  if (/^(?:grade|class|level|year|week|day|stage|round|floor|ward|room|team|group)$/.test(k))
    return Array.from({ length: 5 }, (_, i) => `${capitalize(k)} ${i + 1}`);
  return undefined;
}

/** Key figures: the user's labelled values, else the domain's metrics. */
export function stats(ctx: Ctx, n = 4): UiNode {
  const own = ctx.e.values;
  const items =
    own.length >= 2 && !ctx.family.endsWith("chart")
      ? own.slice(0, 6).map((v) =>
          stat(v.value, {
            name: nameOf(v.label),
            label: titleCase(v.label),
            ...(v.unit === "%" ? { format: "percent" as const } : {}),
          }),
        )
      : ctx.domain.metrics.slice(0, n).map((m) =>
          stat(m.value, {
            name: nameOf(m.label),
            label: m.label,
            format: m.format,
            ...(m.format === "currency" ? { currency: ctx.currency } : {}),
            ...(m.delta !== undefined ? { delta: m.delta } : {}),
          }),
        );
  return grid(items, { columns: Math.min(4, items.length), gap: 12, name: "key_figures" });
}

/** What the UI code lifts out of a component's props (a developer's prop of one of these names would never reach it). */
const LIFTED = new Set(["name", "package", "value", "style", "animation", "onPress", "onChangeText", "onLongPress"]);

/**
 * The app's own component for `role`, drawn where the layout would draw its built-in one: the role's fields in its
 * declared props (`fillRole`: mapped and converted to the types it declares), with the built-in's name and press.
 * Undefined when the app has no component for the role, or when the fields leave one of its required props empty
 * (the built-in is drawn then, rather than a component the validator would replace by its fallback).
 */
export function roleComponent(
  ctx: Ctx,
  role: RoleName,
  fields: Record<string, Json | undefined>,
  base: { name: string; onPress?: UiAction },
): UiNode | undefined {
  const decl = ctx.roles[role];
  if (!decl) return undefined;
  const filled = fillRole(decl, fields as Record<string, JsonValue | undefined>);
  const props = Object.fromEntries(Object.entries(filled).filter(([k]) => !LIFTED.has(k))) as Record<string, Json>;
  const required = (decl.props as { required?: unknown }).required;
  if (Array.isArray(required) && required.some((r) => typeof r === "string" && props[r] === undefined)) return undefined;
  return custom(decl.name, { name: base.name, ...props, ...(base.onPress !== undefined ? { onPress: base.onPress } : {}) });
}

/**
 * Cards of items (products, services, listings): image, name, a line, price and a button. With `role` (a shop's
 * products), the app's own product card is drawn in place of each, when the app has one.
 */
export function itemCards(
  ctx: Ctx,
  items: { name: string; price?: number; description?: string; category?: string; tag?: string }[],
  action: { label: string; event: string },
  opts: { columns?: number; images?: boolean; role?: "product-card" } = {},
): UiNode {
  return grid(
    items.map(
      (it, i) =>
        (opts.role &&
          roleComponent(
            ctx,
            opts.role,
            {
              title: it.name,
              price: it.price !== undefined ? money(it.price, ctx.currency) : undefined,
              description: it.description,
              badge: it.tag,
              action: action.label,
            },
            { name: `item_${i + 1}`, onPress: { event: action.event, value: it.name } },
          )) ||
        card(it.name, { name: `item_${i + 1}`, ...(it.category ? { subtitle: it.category } : {}) }, [
          ...(opts.images !== false
            ? [image(photo(`${ctx.domain.id}-${it.name}`, 480, 320), { alt: it.name, height: 140, fit: "cover" as const })]
            : []),
          ...(it.description ? [text(it.description, { size: "sm", tone: "muted" })] : []),
          row(
            [
              ...(it.price !== undefined ? [text(money(it.price, ctx.currency), { weight: "bold" })] : []),
              button(action.label, {
                name: `${nameOf(action.event)}_${i + 1}`,
                size: "sm",
                onPress: { event: action.event, value: it.name },
              }),
            ],
            { justify: "between", align: "center" },
          ),
        ]),
    ),
    { columns: opts.columns ?? 3, gap: 16, name: "items" },
  );
}

export function money(n: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      maximumFractionDigits: n % 1 ? 2 : 0,
    }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency}`;
  }
}

/** Questions and answers as an accordion. */
export function faqSection(items: readonly (readonly [string, string])[], name = "faq"): UiNode {
  return accordion(
    items.map(([q]) => q),
    items.map(([, a]) => text(a)),
    { name },
  );
}

/** A list of strings or titled items. */
export function itemList(items: ListItem[], opts: { name?: string; ordered?: boolean; press?: string } = {}): UiNode {
  return list(items, {
    name: opts.name ?? "items",
    dividers: true,
    ...(opts.ordered ? { ordered: true } : {}),
    ...(opts.press ? { onPress: opts.press } : {}),
  });
}

/** A section card with a heading. */
export const section = (title: string, children: UiNode[], name?: string): UiNode =>
  card(title, { name: name ?? nameOf(title) }, children);

/** Label/value details. */
export const details = (pairs: Record<string, string | number>, name = "details"): UiNode => keyValue(pairs, { name });

/** A column of nodes (used to keep sections together). */
export const stack = (children: UiNode[], gap = 12): UiNode => column(children, { gap });

export { CATALOG };

/** Lines of a cart, an invoice or a receipt (rows of item, qty, price, total), under the headers given. */
export const lineItemsTable = (
  rows: Row[],
  name: string,
  labels: { item: string; price: string; total: string } = { item: "Item", price: "Price", total: "Total" },
  currency = "USD",
): UiNode => {
  // The table's currency format is dollars: other currencies are written out ("€650", "£60").
  const other = currency !== "USD";
  const cells = other
    ? rows.map((r) => ({ ...r, price: money(Number(r.price), currency), total: money(Number(r.total), currency) }))
    : rows;
  return table(cells, {
    name,
    columns: [
      { key: "item", label: labels.item },
      { key: "qty", label: "Qty", align: "right" },
      { key: "price", label: labels.price, ...(other ? {} : { format: "currency" as const }), align: "right" },
      { key: "total", label: labels.total, ...(other ? {} : { format: "currency" as const }), align: "right" },
    ],
  });
};

/** A cart's lines: item, quantity, price and line total. */
export const cartTable = (rows: Row[], currency = "USD"): UiNode => lineItemsTable(rows, "cart_items", undefined, currency);

/** A person's round photo, `size` pixels across (from a `px`-pixel image). */
export const avatar = (person: string, size: number, _px: number, name?: string): UiNode =>
  image(initialsPicture(person), {
    ...(name ? { name } : {}),
    alt: `Photo of ${person}`,
    width: size,
    height: size,
    radius: size / 2,
    fit: "cover",
  });

/** A cart's totals: shipping is free from 50 in the cart's currency, else 4.99. */
export function cartTotals(subtotal: number, currency: string, freeOver = 50): UiNode {
  const shipping = subtotal >= freeOver ? 0 : 4.99;
  return details(
    {
      Subtotal: money(subtotal, currency),
      Shipping: shipping ? money(shipping, currency) : "Free",
      Total: money(subtotal + shipping, currency),
    },
    "totals",
  );
}
