/**
 * Writing UI code. Screens are built as a tree of typed component calls (one function per catalogue component, with
 * only the props the catalogue defines, so a screen cannot use a prop that validation would drop) and printed as
 * readable UI code: value, then props, then children, wrapped at a fixed width like hand-written code.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/** What a press or change does: a string tells the host that event; an object may carry a value. */
export type UiAction = string | { event?: string; value?: Json; set?: { name: string; value: Json }; navigate?: string };

type StyleKey =
  | "padding"
  | "margin"
  | "gap"
  | "color"
  | "background"
  | "borderRadius"
  | "border"
  | "width"
  | "height"
  | "maxWidth"
  | "minHeight"
  | "fontSize"
  | "fontWeight"
  | "textAlign"
  | "opacity"
  | "flex"
  | "alignItems"
  | "justifyContent";

interface Base {
  name?: string;
  style?: Partial<Record<StyleKey, string | number>>;
  animation?: { type: "none" | "fade" | "slide-up" | "slide-left" | "scale"; duration?: number; delay?: number };
}
interface Pressable {
  onPress?: UiAction;
  onLongPress?: UiAction;
}
interface Changeable {
  onChangeText?: UiAction;
}

/** Tones of badges, alerts, icons and progress bars. */
export type Tone = "neutral" | "info" | "success" | "warning" | "danger";
/** The built-in icon names. */
export type IconName =
  | "check"
  | "x"
  | "plus"
  | "minus"
  | "arrow-right"
  | "arrow-left"
  | "search"
  | "user"
  | "settings"
  | "cart"
  | "heart"
  | "star"
  | "info"
  | "warning"
  | "error"
  | "mail"
  | "phone"
  | "calendar"
  | "clock"
  | "home";

type Align = "start" | "center" | "end" | "stretch";
type ChartProps = Base & { x: string; y: string | string[]; height?: number; stacked?: boolean; title?: string };
/** A table column: a key, or a key with a label, alignment and format. */
export type Column = string | { key: string; label?: string; align?: "left" | "right" | "center"; format?: ColumnFormat };
/** How a table column formats its cells. */
export type ColumnFormat = "text" | "number" | "currency" | "percent" | "date";
/** A row of a table or chart. */
export type Row = Record<string, string | number | boolean | null>;
/** An item of a list. */
export type ListItem = string | { title: string; subtitle?: string; icon?: IconName };
/** An option of a select. */
export type Option = string | { label: string; value: string };

/** One component call. */
export class UiNode {
  constructor(
    readonly type: string,
    readonly value: Json | undefined,
    readonly props: Record<string, Json | undefined> | undefined,
    readonly children: UiNode[] | undefined,
  ) {}
}

const node = (type: string, value: Json | undefined, props: object | undefined, children?: UiNode[]): UiNode =>
  new UiNode(type, value, props as Record<string, Json | undefined> | undefined, children);

// Layout
/** Children stacked vertically. */
export const column = (children: UiNode[], props?: Base & { gap?: number; align?: Align }) =>
  node("column", undefined, props, children);
/** Children side by side (wrapping when `wrap` is set). */
export const row = (
  children: UiNode[],
  props?: Base & { gap?: number; align?: Align; justify?: "start" | "center" | "end" | "between" | "around"; wrap?: boolean },
) => node("row", undefined, props, children);
/** A responsive grid of children. */
export const grid = (children: UiNode[], props?: Base & { columns?: number; gap?: number }) =>
  node("grid", undefined, props, children);
/** A surface with an optional title grouping its children. */
export const card = (
  title: string | undefined,
  props: (Base & { subtitle?: string | undefined; elevated?: boolean; padding?: number }) | undefined,
  children: UiNode[],
) => node("card", title, props, children);
/** Tabs: one label per panel. */
export const tabs = (labels: string[], panels: UiNode[], props?: Base & Changeable & { selected?: number }) =>
  node("tabs", labels, props, panels);
/** Collapsible sections: one header per section. */
export const accordion = (labels: string[], sections: UiNode[], props?: Base & { multiple?: boolean; open?: number[] }) =>
  node("accordion", labels, props, sections);
/** A horizontal rule, optionally labelled. */
export const divider = (label?: string, props?: Base) => node("divider", label, props);
/** Empty space of `size` pixels. */
export const spacer = (size?: number, props?: Base) => node("spacer", size, props);

// Text
/** A heading (level 1–6). */
export const heading = (text: string, props?: Base & { level?: number; align?: "left" | "center" | "right" }) =>
  node("heading", text, props);
/** A paragraph. */
export const text = (
  value: string,
  props?: Base & {
    size?: "sm" | "md" | "lg";
    weight?: "normal" | "medium" | "bold";
    tone?: "default" | "muted" | "primary" | "success" | "warning" | "danger";
    align?: "left" | "center" | "right";
  },
) => node("text", value, props);
/** Markdown text. */
export const markdown = (value: string, props?: Base) => node("markdown", value, props);
/** A short status label. */
export const badge = (value: string, props?: Base & { tone?: Tone }) => node("badge", value, props);
/** A block of code. */
export const code = (value: string, props?: Base & { language?: string }) => node("code", value, props);

// Inputs
/** A one-line text field (value: its current text). */
export const textInput = (
  props: Base &
    Changeable & {
      label: string;
      placeholder?: string;
      type?: "text" | "email" | "password" | "number" | "tel" | "url" | "search";
      required?: boolean;
      disabled?: boolean;
      /** The text already in it. */
      value?: string;
    },
) => {
  const { value, ...rest } = props;
  return node("textInput", value, rest);
};
/** A multi-line text field. */
export const textArea = (
  props: Base & Changeable & { label: string; placeholder?: string; rows?: number; disabled?: boolean },
  value?: string,
) => node("textArea", value, props);
/** A file picker (an upload field); its value is the chosen files' names. */
export const fileInput = (
  props: Base & Changeable & { label: string; accept?: string; multiple?: boolean; required?: boolean; disabled?: boolean },
) => node("fileInput", undefined, props);
/** A button; reports onPress. */
export const button = (
  label: string,
  props?: Base &
    Pressable & {
      variant?: "primary" | "secondary" | "ghost" | "danger";
      size?: "sm" | "md" | "lg";
      disabled?: boolean;
      fullWidth?: boolean;
      icon?: IconName;
    },
) => node("button", label, props);
/** A drop-down (value: the selected option). */
export const select = (
  value: string | undefined,
  props: Base & Changeable & { label: string; options: Option[]; placeholder?: string; disabled?: boolean },
) => node("select", value, props);
/** A checkbox. */
export const checkbox = (checked: boolean, props: Base & Changeable & { label: string; disabled?: boolean }) =>
  node("checkbox", checked, props);
/** An on/off switch (`switch_` in UI code). */
export const switch_ = (on: boolean, props: Base & Changeable & { label: string; disabled?: boolean }) =>
  node("switch_", on, props);
/** A range slider. */
export const slider = (value: number, props: Base & Changeable & { label: string; min?: number; max?: number; step?: number }) =>
  node("slider", value, props);
/** A date picker (value: YYYY-MM-DD). */
export const date = (value: string | undefined, props: Base & Changeable & { label: string; min?: string; max?: string }) =>
  node("date", value, props);

// Data
/** A sortable table of rows. */
export const table = (rows: Row[], props?: Base & { columns?: Column[]; sortable?: boolean; caption?: string }) =>
  node("table", rows, props);
/** A list of strings or `{ title, subtitle, icon }` items; pressable with onPress. */
export const list = (items: ListItem[], props?: Base & Pressable & { ordered?: boolean; dividers?: boolean }) =>
  node("list", items, props);
/** A key figure. */
export const stat = (
  value: number,
  props: Base & { label: string; delta?: number; format?: "number" | "currency" | "percent"; currency?: string },
) => node("stat", value, props);
/** Label / value pairs. */
export const keyValue = (pairs: Record<string, string | number>, props?: Base) => node("keyValue", pairs, props);
/** A progress bar. */
export const progress = (value: number, props?: Base & { label?: string; max?: number; tone?: Tone }) =>
  node("progress", value, props);

// Charts
/** Bars of `y` over `x`. */
export const barChart = (rows: Row[], props: ChartProps) => node("barChart", rows, props);
/** Lines of `y` over `x`. */
export const lineChart = (rows: Row[], props: ChartProps) => node("lineChart", rows, props);
/** Filled areas of `y` over `x`. */
export const areaChart = (rows: Row[], props: ChartProps) => node("areaChart", rows, props);
/** Slices of `{ label, value }` (a donut when `donut` is set). */
export const pieChart = (
  slices: { label: string; value: number }[],
  props?: Base & { donut?: boolean; height?: number; title?: string },
) => node("pieChart", slices, props);

// Media
/** An image from an https URL. */
export const image = (
  url: string,
  props: Base & { alt: string; width?: number; height?: number; fit?: "cover" | "contain"; radius?: number },
) => node("image", url, props);
/** An icon from the built-in set. */
export const icon = (name: IconName, props?: Base & { size?: number; tone?: Tone; label?: string }) => node("icon", name, props);
/** An embedded video. */
export const video = (url: string, props: Base & { title: string; aspect?: "16:9" | "4:3" | "1:1" }) => node("video", url, props);

// Feedback
/** A message box with a tone. */
export const alert = (message: string, props?: Base & { title?: string; tone?: Tone }) => node("alert", message, props);
/** A loading placeholder. */
export const skeleton = (lines?: number, props?: Base & { height?: number }) => node("skeleton", lines, props);

// The app's own components
/**
 * One of the app's own components by its declared name (`custom("ProductCard", {…})`): its props (the declared ones,
 * filled by the layout for the role it takes), a name and a press. It takes no children.
 */
export const custom = (component: string, props: Base & Pressable & Record<string, Json | undefined>) =>
  node("custom", component, props);

/** Screen-level settings written as `screen(name, props)`. */
export interface ScreenSettings {
  title?: string;
  theme?: "light" | "dark" | "auto";
  padding?: number;
  gap?: number;
  maxWidth?: number;
  onStart?: UiAction;
}

// Printing ------------------------------------------------------------------------------------------------------------

const WIDTH = 118;
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JavaScript string literal (JSON's, plus the two line separators JSON leaves raw). */
const str = (s: string): string =>
  JSON.stringify(s)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

function inline(v: Json | undefined): string {
  if (v === undefined) return "undefined";
  if (v === null || typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "string") return str(v);
  if (Array.isArray(v)) return `[${v.map(inline).join(", ")}]`;
  const parts = Object.entries(v)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${IDENT.test(k) ? k : str(k)}: ${inline(x)}`);
  return `{${parts.join(", ")}}`;
}

/** A literal at `indent`: on one line when it fits, else one element per line. */
function literal(v: Json | undefined, indent: number, lead: number): string {
  const one = inline(v);
  if (indent + lead + one.length <= WIDTH || v === null || typeof v !== "object") return one;
  const pad = " ".repeat(indent + 2);
  const end = " ".repeat(indent);
  if (Array.isArray(v)) return `[\n${v.map((x) => `${pad}${literal(x, indent + 2, 0)},\n`).join("")}${end}]`;
  const entries = Object.entries(v).filter(([, x]) => x !== undefined);
  return `{\n${entries
    .map(([k, x]) => {
      const key = `${IDENT.test(k) ? k : str(k)}: `;
      return `${pad}${key}${literal(x, indent + 2, key.length)},\n`;
    })
    .join("")}${end}}`;
}

const fnName = (type: string): string => type;

function propsOf(n: UiNode): Record<string, Json> | undefined {
  if (!n.props) return undefined;
  // The name first, as people write it ({name: "email", label: "Email"}).
  const out: Record<string, Json> = {};
  if (typeof n.props.name === "string") out.name = n.props.name;
  for (const [k, v] of Object.entries(n.props)) if (v !== undefined && k !== "name") out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** One component call at `indent` (the column where the call starts), with `lead` characters before it on its line. */
export function printNode(n: UiNode, indent = 0, lead = 0): string {
  const props = propsOf(n);
  const head: string[] = [];
  if (n.value !== undefined) head.push(inline(n.value));
  if (props) head.push(inline(props));
  // An empty child list would read as a value in UI code: leave it out.
  const kids = n.children?.length ? n.children : undefined;
  const one = `${fnName(n.type)}(${[...head, ...(kids ? [`[${kids.map((k) => printNode(k, 0, 0)).join(", ")}]`] : [])].join(", ")})`;
  if (indent + lead + one.length <= WIDTH && !one.includes("\n")) return one;
  if (!kids) {
    // No children: break the value (rows, long text stays on its line), then the props.
    const parts: string[] = [];
    let used = indent + lead + fnName(n.type).length + 1;
    if (n.value !== undefined) {
      const v = literal(n.value, indent, used - indent);
      parts.push(v);
      used = v.includes("\n") ? indent + 2 : used + v.length + 2;
    }
    if (props) parts.push(literal(props, indent, used - indent));
    return `${fnName(n.type)}(${parts.join(", ")})`;
  }
  const pre = `${fnName(n.type)}(${head.length ? `${head.join(", ")}, ` : ""}[`;
  const headLine =
    indent + lead + pre.length <= WIDTH
      ? pre
      : `${fnName(n.type)}(${[n.value !== undefined ? inline(n.value) : undefined, props ? literal(props, indent, 0) : undefined]
          .filter((x): x is string => x !== undefined)
          .join(", ")}, [`;
  const pad = " ".repeat(indent + 2);
  return `${headLine}\n${kids.map((k) => `${pad}${printNode(k, indent + 2, 0)},\n`).join("")}${" ".repeat(indent)}])`;
}

/** A whole program: `screen(...)` then one top-level statement per component. */
export function printProgram(name: string, settings: ScreenSettings, nodes: UiNode[]): string {
  const s: Record<string, Json | undefined> = { ...settings } as Record<string, Json | undefined>;
  const lines = [`screen(${inline(name)}, ${literal(s, 0, name.length + 10)})`];
  for (const n of nodes) lines.push(printNode(n));
  return `${lines.join("\n")}\n`;
}

/** Every component type used in a tree (for describing a screen). */
export function componentsUsed(nodes: readonly UiNode[]): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (ns: readonly UiNode[]) => {
    for (const n of ns) {
      const t = n.type === "switch_" ? "switch" : n.type;
      counts.set(t, (counts.get(t) ?? 0) + 1);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return counts;
}
