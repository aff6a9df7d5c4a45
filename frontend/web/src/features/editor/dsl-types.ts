/**
 * The UI code DSL as TypeScript declarations, for the code editor's completion, hover and signature help
 * (docs/ui-runtime.md; the functions are packages/ui-runtime/src/dsl/prelude.ts's, the props the catalogue's, see
 * docs/components.md). Declarations only: they never constrain what runs — the sandbox reads arguments by what they
 * are, in any order, so every function also has a `(...args)` form.
 *
 * Dependency-free on purpose: e2e/playground.e2e.test.ts loads this module on its own to check that every catalogue
 * component and prop is declared and that the examples type-check against it.
 */

type ValueKind = "none" | "text" | "number" | "boolean" | "rows" | "items" | "pie" | "object" | "labels" | "icon";

interface Fn {
  /** The component type (`switch`'s function is `switch_`). */
  type: string;
  doc: string;
  value: ValueKind;
  /** How the value is named in the signature. */
  valueName?: string;
  /** Props besides the common ones (TypeScript members). */
  props?: string;
  actions?: ("onPress" | "onChangeText" | "onLongPress")[];
  container?: boolean;
  /** Components usually written with props only (inputs): that signature comes first. */
  propsFirst?: boolean;
  example: string;
}

const TONE = `"neutral" | "info" | "success" | "warning" | "danger"`;
const GAP = "/** 0–64 px. */ gap?: number;";
const CHART = `/** The key of each row read along the x axis. */ x: string; /** The key (or keys) plotted. */ y: string | string[]; /** 80–800 px. */ height?: number; stacked?: boolean; title?: string;`;

const FNS: Fn[] = [
  // Layout
  {
    type: "column",
    doc: "Stacks its children vertically.",
    value: "none",
    props: `${GAP} align?: "start" | "center" | "end" | "stretch";`,
    container: true,
    example: `column({gap: 12}, [text("One")])`,
  },
  {
    type: "row",
    doc: "Lays its children out horizontally; wraps on small screens when `wrap` is set.",
    value: "none",
    props: `${GAP} align?: "start" | "center" | "end" | "stretch"; justify?: "start" | "center" | "end" | "between" | "around"; wrap?: boolean;`,
    container: true,
    example: `row({gap: 8, justify: "end"}, [button("Cancel", {variant: "ghost"}), button("Save", {onPress: "save"})])`,
  },
  {
    type: "grid",
    doc: "A responsive grid: `columns` on wide screens, fewer as space shrinks.",
    value: "none",
    props: `/** 1–6. */ columns?: number; ${GAP}`,
    container: true,
    example: `grid({columns: 2}, [stat(1204, {label: "Users"}), stat(5400, {label: "MRR", format: "currency"})])`,
  },
  {
    type: "card",
    doc: "A surface grouping its children; `value` is the card's title.",
    value: "text",
    valueName: "title",
    props: "subtitle?: string; elevated?: boolean; /** 0–64 px. */ padding?: number;",
    container: true,
    example: `card("Order summary", [text("2 items")])`,
  },
  {
    type: "tabs",
    doc: "Tabs: `value` lists the labels, child i is panel i. Arrow keys move between tabs.",
    value: "labels",
    valueName: "labels",
    props: "/** The open tab's index. */ selected?: number;",
    actions: ["onChangeText"],
    container: true,
    example: `tabs(["Overview", "Details"], [text("Overview panel"), text("Details panel")])`,
  },
  {
    type: "accordion",
    doc: "Collapsible sections: `value` lists the headers, child i is section i.",
    value: "labels",
    valueName: "headers",
    props: "multiple?: boolean; /** Indexes of the sections open at first. */ open?: number[];",
    container: true,
    example: `accordion(["What is GenUI?", "Is there a free plan?"], [text("Generated UI for chat."), text("You pay for what you use.")])`,
  },
  {
    type: "divider",
    doc: "A horizontal rule, optionally labelled.",
    value: "text",
    valueName: "label",
    example: `divider("or")`,
  },
  {
    type: "spacer",
    doc: "Empty space of `size` pixels (default 16).",
    value: "number",
    valueName: "size",
    example: `spacer(24)`,
  },
  // Text
  {
    type: "heading",
    doc: "A heading (`level` 1–6, default 2).",
    value: "text",
    valueName: "text",
    props: `/** 1–6 (default 2). */ level?: number; align?: "left" | "center" | "right";`,
    example: `heading("Welcome back", {level: 1})`,
  },
  {
    type: "text",
    doc: "A paragraph of plain text.",
    value: "text",
    valueName: "text",
    props: `size?: "sm" | "md" | "lg"; weight?: "normal" | "medium" | "bold"; tone?: "default" | "muted" | "primary" | "success" | "warning" | "danger"; align?: "left" | "center" | "right";`,
    example: `text("Here is what changed this week.", {tone: "muted"})`,
  },
  {
    type: "markdown",
    doc: "Markdown (headings, emphasis, lists, links, inline code); raw HTML is shown as text.",
    value: "text",
    valueName: "markdown",
    example: `markdown("**Bold** and a [link](https://genui.dev).")`,
  },
  {
    type: "badge",
    doc: "A short status label.",
    value: "text",
    valueName: "label",
    props: `tone?: ${TONE};`,
    example: `badge("Paid", {tone: "success"})`,
  },
  {
    type: "code",
    doc: "A block of code in a monospace font, with a copy button.",
    value: "text",
    valueName: "source",
    props: "language?: string;",
    example: `code("npm install @genui/react", {language: "bash"})`,
  },
  // Inputs
  {
    type: "textInput",
    doc: "A one-line text field; reports onChangeText as the user types.",
    value: "text",
    valueName: "value",
    props: `label: string; placeholder?: string; type?: "text" | "email" | "password" | "number" | "tel" | "url" | "search"; required?: boolean; disabled?: boolean;`,
    actions: ["onChangeText"],
    propsFirst: true,
    example: `textInput({name: "email", label: "Email", type: "email", placeholder: "you@example.com"})`,
  },
  {
    type: "textArea",
    doc: "A multi-line text field.",
    value: "text",
    valueName: "value",
    props: "label: string; placeholder?: string; /** 2–20. */ rows?: number; disabled?: boolean;",
    actions: ["onChangeText"],
    propsFirst: true,
    example: `textArea({name: "message", label: "Message", rows: 4})`,
  },
  {
    type: "button",
    doc: "A button; `value` is its label. Reports onPress (and onLongPress after a 600 ms hold).",
    value: "text",
    valueName: "label",
    props: `variant?: "primary" | "secondary" | "ghost" | "danger"; size?: "sm" | "md" | "lg"; disabled?: boolean; fullWidth?: boolean; icon?: IconName;`,
    actions: ["onPress", "onLongPress"],
    example: `button("Buy now", {name: "buy", onPress: "buy"})`,
  },
  {
    type: "select",
    doc: "A drop-down; `value` is the selected option's value.",
    value: "text",
    valueName: "selected",
    props: "label: string; options: (string | { label: string; value: string })[]; placeholder?: string; disabled?: boolean;",
    actions: ["onChangeText"],
    example: `select("m", {name: "size", label: "Size", options: [{label: "Small", value: "s"}, {label: "Medium", value: "m"}]})`,
  },
  {
    type: "checkbox",
    doc: "A checkbox; `value` is whether it is checked.",
    value: "boolean",
    valueName: "checked",
    props: "label: string; disabled?: boolean;",
    actions: ["onChangeText"],
    example: `checkbox(false, {name: "terms", label: "I accept the terms"})`,
  },
  {
    type: "switch",
    doc: "An on/off switch (`switch` is a JavaScript keyword, hence `switch_`).",
    value: "boolean",
    valueName: "on",
    props: "label: string; disabled?: boolean;",
    actions: ["onChangeText"],
    example: `switch_(true, {name: "notify", label: "Email me"})`,
  },
  {
    type: "slider",
    doc: "A range slider.",
    value: "number",
    valueName: "value",
    props: "label: string; min?: number; max?: number; step?: number;",
    actions: ["onChangeText"],
    example: `slider(40, {name: "budget", label: "Budget", min: 0, max: 100, step: 5})`,
  },
  {
    type: "date",
    doc: "A date picker; `value` is an ISO date (YYYY-MM-DD).",
    value: "text",
    valueName: "isoDate",
    props: "label: string; /** YYYY-MM-DD. */ min?: string; /** YYYY-MM-DD. */ max?: string;",
    actions: ["onChangeText"],
    example: `date("2026-12-01", {name: "checkin", label: "Check-in"})`,
  },
  // Data
  {
    type: "table",
    doc: "A table of rows (objects); columns sortable by clicking their headers.",
    value: "rows",
    valueName: "rows",
    props: `columns?: (string | { key: string; label?: string; align?: "left" | "right" | "center"; format?: "text" | "number" | "currency" | "percent" | "date" })[]; sortable?: boolean; caption?: string;`,
    example: `table([{id: "A-1", total: 30}, {id: "A-2", total: 12.5}], {columns: ["id", {key: "total", label: "Total", format: "currency"}]})`,
  },
  {
    type: "list",
    doc: "A list of strings or `{ title, subtitle, icon }` items; pressable when it has onPress.",
    value: "items",
    valueName: "items",
    props: "ordered?: boolean; dividers?: boolean;",
    actions: ["onPress"],
    example: `list(["Sign up", {title: "Create an app", subtitle: "Get a key"}], {ordered: true})`,
  },
  {
    type: "stat",
    doc: "A key figure with a label and an optional change.",
    value: "number",
    valueName: "value",
    props: `label: string; /** Change in percent. */ delta?: number; format?: "number" | "currency" | "percent"; /** ISO code, e.g. "USD". */ currency?: string;`,
    example: `stat(12400, {label: "Revenue", delta: 8.2, format: "currency", currency: "USD"})`,
  },
  {
    type: "keyValue",
    doc: "Label / value pairs (an object, or a list of `{ key, value }`).",
    value: "object",
    valueName: "pairs",
    example: `keyValue({Plan: "Pluto", Renews: "2026-12-01"})`,
  },
  {
    type: "progress",
    doc: "A progress bar: `value` of `max` (default 100).",
    value: "number",
    valueName: "value",
    props: `label?: string; max?: number; tone?: ${TONE};`,
    example: `progress(64, {label: "Uploading"})`,
  },
  // Charts
  {
    type: "barChart",
    doc: "Bars of `y` (one key or several) over `x`.",
    value: "rows",
    valueName: "rows",
    props: CHART,
    example: `barChart([{month: "Jan", revenue: 120}, {month: "Feb", revenue: 150}], {x: "month", y: "revenue"})`,
  },
  {
    type: "lineChart",
    doc: "Lines of `y` over `x`.",
    value: "rows",
    valueName: "rows",
    props: CHART,
    example: `lineChart([{month: "Jan", revenue: 120}, {month: "Feb", revenue: 150}], {x: "month", y: "revenue"})`,
  },
  {
    type: "areaChart",
    doc: "Filled areas of `y` over `x` (stackable).",
    value: "rows",
    valueName: "rows",
    props: CHART,
    example: `areaChart([{month: "Jan", a: 1, b: 2}], {x: "month", y: ["a", "b"], stacked: true})`,
  },
  {
    type: "pieChart",
    doc: "Slices of `{ label, value }` items (a donut when `donut` is set).",
    value: "pie",
    valueName: "slices",
    props: "donut?: boolean; /** 80–800 px. */ height?: number; title?: string;",
    example: `pieChart([{label: "Chrome", value: 64}, {label: "Other", value: 36}], {donut: true})`,
  },
  // Media
  {
    type: "image",
    doc: "An image from an https URL; `alt` describes it.",
    value: "text",
    valueName: "httpsUrl",
    props: `alt: string; width?: number; height?: number; fit?: "cover" | "contain"; /** Corner radius, 0–200 px. */ radius?: number;`,
    example: `image("https://genui.dev/og.png", {alt: "GenUI", height: 160, fit: "cover"})`,
  },
  {
    type: "icon",
    doc: "An icon from the built-in set.",
    value: "icon",
    valueName: "icon",
    props: `/** 8–128 px. */ size?: number; tone?: ${TONE}; /** Read by screen readers; without it the icon is decorative. */ label?: string;`,
    example: `icon("check", {tone: "success", label: "Done"})`,
  },
  {
    type: "video",
    doc: "An embedded YouTube or Vimeo video, or an https mp4/webm file.",
    value: "text",
    valueName: "videoUrl",
    props: `title: string; aspect?: "16:9" | "4:3" | "1:1";`,
    example: `video("https://www.youtube.com/watch?v=dQw4w9WgXcQ", {title: "Demo"})`,
  },
  // Feedback
  {
    type: "alert",
    doc: "A message box with a tone (info, success, warning, danger).",
    value: "text",
    valueName: "message",
    props: `title?: string; tone?: ${TONE};`,
    example: `alert("Your changes were saved.", {title: "Saved", tone: "success"})`,
  },
  {
    type: "skeleton",
    doc: "A loading placeholder of `lines` shimmering lines (default 3).",
    value: "number",
    valueName: "lines",
    props: "/** 4–400 px. */ height?: number;",
    example: `skeleton(3)`,
  },
];

/** The built-in icon names (the catalogue's ICONS). */
const ICON_NAMES = [
  "check",
  "x",
  "plus",
  "minus",
  "arrow-right",
  "arrow-left",
  "search",
  "user",
  "settings",
  "cart",
  "heart",
  "star",
  "info",
  "warning",
  "error",
  "mail",
  "phone",
  "calendar",
  "clock",
  "home",
];

const VALUE_TYPES: Record<ValueKind, string> = {
  none: "never",
  text: "string",
  number: "number",
  boolean: "boolean",
  rows: "Row[]",
  items: "ListItem[]",
  pie: "{ label: string; value: number }[]",
  object: "Record<string, Json> | { key: string; value: Json }[]",
  labels: "string[]",
  icon: "IconName",
};

const fnName = (type: string) => (type === "switch" ? "switch_" : type);
const pascal = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

function declare(f: Fn): string {
  const name = fnName(f.type);
  const propsType = `${pascal(f.type)}Props`;
  const value = VALUE_TYPES[f.value];
  const actions = (f.actions ?? [])
    .map(
      (a) =>
        ` /** What ${a === "onChangeText" ? "a change" : a === "onPress" ? "a press" : "a long press"} does. */ ${a}?: Action;`,
    )
    .join("");
  const valueProp =
    f.value === "none"
      ? ""
      : ` /** The ${f.valueName ?? "value"} (may also be given as the first plain argument). */ value?: ${value};`;
  const iface = `interface ${propsType} extends CommonProps {${valueProp}${actions} ${f.props ?? ""} }`;
  const doc = `/**\n * ${f.doc}\n * @example ${f.example}\n */`;
  const kids = f.container ? ", children?: Child[]" : "";
  const byValue =
    f.value === "none"
      ? null
      : `${doc}\ndeclare function ${name}(${f.valueName ?? "value"}: ${value}, props?: ${propsType}${kids}): UiNode;`;
  const byProps = `${doc}\ndeclare function ${name}(props: ${propsType}${kids}): UiNode;`;
  const children = f.container ? `${doc}\ndeclare function ${name}(children: Child[]): UiNode;` : null;
  const any = `${doc}\ndeclare function ${name}(...args: (${f.value === "none" ? "" : `${value} | `}${propsType}${f.container ? " | Child[]" : ""} | undefined)[]): UiNode;`;
  const order = f.propsFirst ? [byProps, byValue] : [byValue, byProps];
  return [iface, ...order, children, any].filter(Boolean).join("\n");
}

/** The declarations added to the JavaScript language service (Monaco's `addExtraLib`). */
export const DSL_TYPES = `// GenUI UI code: every component is a function; arguments are read by what they are, in any order.
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** A component made by one of the DSL's functions. Components not used as anyone's child form the screen, in order. */
interface UiNode { readonly __gu: 1; readonly component: string }
/** A child: a component, or a string / number (shown as text). */
type Child = UiNode | string | number;
type Row = Record<string, Json>;
type ListItem = string | { title: string; subtitle?: string; icon?: IconName };
type IconName = ${ICON_NAMES.map((i) => JSON.stringify(i)).join(" | ")};
/**
 * What an event does. A string tells the host (it receives { type, component: { name, value } }); an object may also
 * change another component's value (set) or open an http(s) URL in a new tab (navigate).
 */
type Action = string | { event?: string; value?: Json; set?: { name: string; value: Json }; navigate?: string };
/** Screen hooks may be lists of actions. */
type Hook = Action | Action[];
interface Style {
  padding?: number | string; margin?: number | string; gap?: number | string; color?: string; background?: string;
  borderRadius?: number | string; border?: string; width?: number | string; height?: number | string;
  maxWidth?: number | string; minHeight?: number | string; fontSize?: number | string; fontWeight?: number | string;
  textAlign?: "left" | "center" | "right"; opacity?: number; flex?: number | string; alignItems?: string; justifyContent?: string;
}
interface Animation {
  type: "none" | "fade" | "slide-up" | "slide-left" | "scale";
  /** 0–5000 ms. */ duration?: number;
  /** 0–10000 ms. */ delay?: number;
}
/** Every component takes these. */
interface CommonProps {
  /** Names the component in action events and for set; generated (button_2) when absent. A letter or _, then letters, digits, _ or -. */
  name?: string;
  /** Another package's components render as a notice until a renderer for it exists. Default "genui". */
  package?: string;
  style?: Style;
  animation?: Animation;
}
interface ScreenOptions {
  /** The screen's name (also the first string argument). */
  name?: string;
  title?: string;
  theme?: "light" | "dark" | "auto";
  /** 0–64 px. */ padding?: number;
  /** 0–64 px. */ gap?: number;
  /** 120–4000 px. */ maxWidth?: number;
  background?: string;
  style?: Style;
  /** When the screen is shown. */ onStart?: Hook;
  /** When the page becomes visible again. */ onResume?: Hook;
  /** When the page is hidden. */ onPause?: Hook;
  /** When the screen goes away. */ onEnd?: Hook;
}
/**
 * Names the screen and sets its props and lifecycle hooks; children given here come first.
 * @example screen("Checkout", {theme: "auto", onStart: "opened"})
 */
declare function screen(name: string, options?: ScreenOptions, children?: Child[]): void;
declare function screen(options: ScreenOptions, children?: Child[]): void;
declare function screen(...args: (string | ScreenOptions | Child[] | undefined)[]): void;
${FNS.map(declare).join("\n")}
`;

/** Every function the DSL defines (for tests and completion checks). */
export const DSL_FUNCTIONS: readonly string[] = ["screen", ...FNS.map((f) => fnName(f.type))];
