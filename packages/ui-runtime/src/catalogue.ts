import { z } from "zod";
import type { ComponentNode } from "./schema";

/**
 * The component catalogue: every component a screen may use, its category, what its `value` is, its props (with the
 * types repair coerces to) and an example. Renderers, the DSL, validation, documentation and the model's system
 * prompt are all built from this list.
 */

export type Category = "layout" | "text" | "inputs" | "data" | "charts" | "media" | "feedback";
/** Category → its title in documentation and the gallery, in catalogue order. */
export const CATEGORY_TITLES: Record<Category, string> = {
  layout: "Layout",
  text: "Text",
  inputs: "Inputs",
  data: "Data",
  charts: "Charts",
  media: "Media",
  feedback: "Feedback",
};

/** What a component's `value` holds; the DSL uses it to tell a value argument from props. */
export type ValueKind = "none" | "text" | "number" | "boolean" | "rows" | "items" | "object" | "labels";

export interface CatalogueEntry {
  type: string;
  category: Category;
  description: string;
  value: ValueKind;
  valueDescription?: string;
  /** Props (besides `style`). */
  props: z.ZodObject;
  /** Accepts children (`content`). */
  container: boolean;
  /** Actions it reports. */
  actions: readonly ("onPress" | "onChangeText" | "onLongPress")[];
  example: ComponentNode;
  /** The same example in UI code. */
  code: string;
}

const gap = z.number().min(0).max(64);
const tone = z.enum(["neutral", "info", "success", "warning", "danger"]);
const label = z.string().max(200);
const chartProps = z.object({
  x: z.string().max(64),
  y: z.union([z.string().max(64), z.array(z.string().max(64)).max(8)]),
  height: z.number().min(80).max(800).optional(),
  stacked: z.boolean().optional(),
  title: label.optional(),
});
const sales = [
  { month: "Jan", revenue: 120, costs: 80 },
  { month: "Feb", revenue: 150, costs: 90 },
  { month: "Mar", revenue: 170, costs: 95 },
];

const entry = (e: Omit<CatalogueEntry, "container" | "actions"> & Partial<Pick<CatalogueEntry, "container" | "actions">>) =>
  ({ container: false, actions: [], ...e }) as CatalogueEntry;

export const CATALOGUE: readonly CatalogueEntry[] = [
  // Layout
  entry({
    type: "column",
    category: "layout",
    description: "Stacks its children vertically.",
    value: "none",
    props: z.object({ gap: gap.optional(), align: z.enum(["start", "center", "end", "stretch"]).optional() }),
    container: true,
    example: { name: "col", component: "column", props: { gap: 12 }, content: [{ name: "t1", component: "text", value: "One" }] },
    code: `column({gap: 12}, [text("One")])`,
  }),
  entry({
    type: "row",
    category: "layout",
    description: "Lays its children out horizontally; wraps on small screens when `wrap` is set.",
    value: "none",
    props: z.object({
      gap: gap.optional(),
      align: z.enum(["start", "center", "end", "stretch"]).optional(),
      justify: z.enum(["start", "center", "end", "between", "around"]).optional(),
      wrap: z.boolean().optional(),
    }),
    container: true,
    example: {
      name: "actions",
      component: "row",
      props: { gap: 8, justify: "end" },
      content: [
        { name: "cancel", component: "button", value: "Cancel", props: { variant: "ghost" } },
        { name: "save", component: "button", value: "Save", onPress: "save" },
      ],
    },
    code: `row({gap: 8, justify: "end"}, [button("Cancel", {name: "cancel", variant: "ghost"}), button("Save", {name: "save", onPress: "save"})])`,
  }),
  entry({
    type: "grid",
    category: "layout",
    description: "A responsive grid: `columns` on wide screens, fewer as space shrinks.",
    value: "none",
    props: z.object({ columns: z.number().int().min(1).max(6).optional(), gap: gap.optional() }),
    container: true,
    example: {
      name: "kpis",
      component: "grid",
      props: { columns: 2 },
      content: [
        { name: "users", component: "stat", value: 1204, props: { label: "Users" } },
        { name: "mrr", component: "stat", value: 5400, props: { label: "MRR", format: "currency" } },
      ],
    },
    code: `grid({columns: 2}, [stat(1204, {name: "users", label: "Users"}), stat(5400, {name: "mrr", label: "MRR", format: "currency"})])`,
  }),
  entry({
    type: "card",
    category: "layout",
    description: "A surface grouping its children; `value` is the card's title.",
    value: "text",
    valueDescription: "title",
    props: z.object({ subtitle: label.optional(), elevated: z.boolean().optional(), padding: gap.optional() }),
    container: true,
    example: {
      name: "summary",
      component: "card",
      value: "Order summary",
      content: [{ name: "items", component: "text", value: "2 items" }],
    },
    code: `card("Order summary", {name: "summary"}, [text("2 items", {name: "items"})])`,
  }),
  entry({
    type: "tabs",
    category: "layout",
    description: "Tabs: `value` lists the labels, child i is panel i. Arrow keys move between tabs.",
    value: "labels",
    props: z.object({ selected: z.number().int().min(0).optional() }),
    container: true,
    actions: ["onChangeText"],
    example: {
      name: "views",
      component: "tabs",
      value: ["Overview", "Details"],
      content: [
        { name: "p1", component: "text", value: "Overview panel" },
        { name: "p2", component: "text", value: "Details panel" },
      ],
    },
    code: `tabs(["Overview", "Details"], {name: "views"}, [text("Overview panel"), text("Details panel")])`,
  }),
  entry({
    type: "accordion",
    category: "layout",
    description: "Collapsible sections: `value` lists the headers, child i is section i.",
    value: "labels",
    props: z.object({ multiple: z.boolean().optional(), open: z.array(z.number().int().min(0)).optional() }),
    container: true,
    example: {
      name: "faq",
      component: "accordion",
      value: ["What is GenUI?", "Is there a free plan?"],
      content: [
        { name: "a1", component: "text", value: "Generated UI for chat." },
        { name: "a2", component: "text", value: "You pay for what you use." },
      ],
    },
    code: `accordion(["What is GenUI?", "Is there a free plan?"], {name: "faq"}, [text("Generated UI for chat."), text("You pay for what you use.")])`,
  }),
  entry({
    type: "divider",
    category: "layout",
    description: "A horizontal rule, optionally labelled.",
    value: "text",
    valueDescription: "optional label",
    props: z.object({}),
    example: { name: "or", component: "divider", value: "or" },
    code: `divider("or")`,
  }),
  entry({
    type: "spacer",
    category: "layout",
    description: "Empty space of `size` pixels.",
    value: "number",
    valueDescription: "size in pixels (default 16)",
    props: z.object({}),
    example: { name: "gap", component: "spacer", value: 24 },
    code: `spacer(24)`,
  }),
  // Text
  entry({
    type: "heading",
    category: "text",
    description: "A heading (`level` 1–6, default 2).",
    value: "text",
    props: z.object({ level: z.number().int().min(1).max(6).optional(), align: z.enum(["left", "center", "right"]).optional() }),
    example: { name: "title", component: "heading", value: "Welcome back", props: { level: 1 } },
    code: `heading("Welcome back", {level: 1})`,
  }),
  entry({
    type: "text",
    category: "text",
    description: "A paragraph of plain text.",
    value: "text",
    props: z.object({
      size: z.enum(["sm", "md", "lg"]).optional(),
      weight: z.enum(["normal", "medium", "bold"]).optional(),
      tone: z.enum(["default", "muted", "primary", "success", "warning", "danger"]).optional(),
      align: z.enum(["left", "center", "right"]).optional(),
    }),
    example: { name: "intro", component: "text", value: "Here is what changed this week.", props: { tone: "muted" } },
    code: `text("Here is what changed this week.", {tone: "muted"})`,
  }),
  entry({
    type: "markdown",
    category: "text",
    description: "Markdown (headings, emphasis, lists, links, inline code); raw HTML is shown as text.",
    value: "text",
    props: z.object({}),
    example: { name: "notes", component: "markdown", value: "**Bold** and a [link](https://genui.dev).\n\n- one\n- two" },
    code: `markdown("**Bold** and a [link](https://genui.dev).\\n\\n- one\\n- two")`,
  }),
  entry({
    type: "badge",
    category: "text",
    description: "A short status label.",
    value: "text",
    props: z.object({ tone: tone.optional() }),
    example: { name: "status", component: "badge", value: "Paid", props: { tone: "success" } },
    code: `badge("Paid", {tone: "success"})`,
  }),
  entry({
    type: "code",
    category: "text",
    description: "A block of code in a monospace font, with a copy button.",
    value: "text",
    props: z.object({ language: z.string().max(32).optional() }),
    example: { name: "snippet", component: "code", value: "npm install @genui/react", props: { language: "bash" } },
    code: `code("npm install @genui/react", {language: "bash"})`,
  }),
  // Inputs
  entry({
    type: "textInput",
    category: "inputs",
    description: "A one-line text field; reports onChangeText as the user types.",
    value: "text",
    props: z.object({
      label,
      placeholder: label.optional(),
      type: z.enum(["text", "email", "password", "number", "tel", "url", "search"]).optional(),
      required: z.boolean().optional(),
      disabled: z.boolean().optional(),
    }),
    actions: ["onChangeText"],
    example: { name: "email", component: "textInput", props: { label: "Email", type: "email", placeholder: "you@example.com" } },
    code: `textInput({name: "email", label: "Email", type: "email", placeholder: "you@example.com"})`,
  }),
  entry({
    type: "textArea",
    category: "inputs",
    description: "A multi-line text field.",
    value: "text",
    props: z.object({
      label,
      placeholder: label.optional(),
      rows: z.number().int().min(2).max(20).optional(),
      disabled: z.boolean().optional(),
    }),
    actions: ["onChangeText"],
    example: { name: "message", component: "textArea", props: { label: "Message", rows: 4 } },
    code: `textArea({name: "message", label: "Message", rows: 4})`,
  }),
  entry({
    type: "button",
    category: "inputs",
    description: "A button; `value` is its label. Reports onPress (and onLongPress after a 600 ms hold).",
    value: "text",
    props: z.object({
      variant: z.enum(["primary", "secondary", "ghost", "danger"]).optional(),
      size: z.enum(["sm", "md", "lg"]).optional(),
      disabled: z.boolean().optional(),
      fullWidth: z.boolean().optional(),
      icon: z.string().max(32).optional(),
    }),
    actions: ["onPress", "onLongPress"],
    example: { name: "buy", component: "button", value: "Buy now", onPress: "buy" },
    code: `button("Buy now", {name: "buy", onPress: "buy"})`,
  }),
  entry({
    type: "select",
    category: "inputs",
    description: "A drop-down; `value` is the selected option's value.",
    value: "text",
    props: z.object({
      label,
      options: z.array(z.union([z.string().max(200), z.object({ label, value: z.string().max(200) })])).max(200),
      placeholder: label.optional(),
      disabled: z.boolean().optional(),
    }),
    actions: ["onChangeText"],
    example: {
      name: "size",
      component: "select",
      value: "m",
      props: {
        label: "Size",
        options: [
          { label: "Small", value: "s" },
          { label: "Medium", value: "m" },
        ],
      },
    },
    code: `select("m", {name: "size", label: "Size", options: [{label: "Small", value: "s"}, {label: "Medium", value: "m"}]})`,
  }),
  entry({
    type: "checkbox",
    category: "inputs",
    description: "A checkbox; `value` is whether it is checked.",
    value: "boolean",
    props: z.object({ label, disabled: z.boolean().optional() }),
    actions: ["onChangeText"],
    example: { name: "terms", component: "checkbox", value: false, props: { label: "I accept the terms" } },
    code: `checkbox(false, {name: "terms", label: "I accept the terms"})`,
  }),
  entry({
    type: "switch",
    category: "inputs",
    description: "An on/off switch.",
    value: "boolean",
    props: z.object({ label, disabled: z.boolean().optional() }),
    actions: ["onChangeText"],
    example: { name: "notify", component: "switch", value: true, props: { label: "Email me" } },
    code: `switch_(true, {name: "notify", label: "Email me"})`,
  }),
  entry({
    type: "slider",
    category: "inputs",
    description: "A range slider.",
    value: "number",
    props: z.object({ label, min: z.number().optional(), max: z.number().optional(), step: z.number().positive().optional() }),
    actions: ["onChangeText"],
    example: { name: "budget", component: "slider", value: 40, props: { label: "Budget", min: 0, max: 100, step: 5 } },
    code: `slider(40, {name: "budget", label: "Budget", min: 0, max: 100, step: 5})`,
  }),
  entry({
    type: "date",
    category: "inputs",
    description: "A date picker; `value` is an ISO date (YYYY-MM-DD).",
    value: "text",
    props: z.object({ label, min: z.iso.date().optional(), max: z.iso.date().optional() }),
    actions: ["onChangeText"],
    example: { name: "checkin", component: "date", value: "2026-12-01", props: { label: "Check-in" } },
    code: `date("2026-12-01", {name: "checkin", label: "Check-in"})`,
  }),
  entry({
    type: "fileInput",
    category: "inputs",
    description:
      'A file picker (an upload field: a CV, a photo). The files stay on the user\'s device: `value` is the chosen files\' names, comma-separated, and onChangeText reports them; the page embedding the screen uploads the files if it wants them. `accept` lists the types offered (".pdf,.doc,.docx", "image/*").',
    value: "text",
    props: z.object({
      label,
      accept: z.string().max(200).optional(),
      multiple: z.boolean().optional(),
      required: z.boolean().optional(),
      disabled: z.boolean().optional(),
    }),
    actions: ["onChangeText"],
    example: { name: "cv", component: "fileInput", props: { label: "CV", accept: ".pdf,.doc,.docx" } },
    code: `fileInput({name: "cv", label: "CV", accept: ".pdf,.doc,.docx"})`,
  }),
  // Data
  entry({
    type: "table",
    category: "data",
    description: "A table of rows (objects); columns sortable by clicking their headers.",
    value: "rows",
    props: z.object({
      columns: z
        .array(
          z.union([
            z.string().max(64),
            z.object({
              key: z.string().max(64),
              label: label.optional(),
              align: z.enum(["left", "right", "center"]).optional(),
              format: z.enum(["text", "number", "currency", "percent", "date"]).optional(),
            }),
          ]),
        )
        .max(20)
        .optional(),
      sortable: z.boolean().optional(),
      caption: label.optional(),
    }),
    example: {
      name: "orders",
      component: "table",
      value: [
        { id: "A-1", total: 30, status: "paid" },
        { id: "A-2", total: 12.5, status: "open" },
      ],
      props: { columns: ["id", { key: "total", label: "Total", format: "currency", align: "right" }, "status"] },
    },
    code: `table([{id: "A-1", total: 30, status: "paid"}, {id: "A-2", total: 12.5, status: "open"}], {name: "orders", columns: ["id", {key: "total", label: "Total", format: "currency", align: "right"}, "status"]})`,
  }),
  entry({
    type: "list",
    category: "data",
    description: "A list of strings or `{ title, subtitle, icon }` items; pressable when it has onPress.",
    value: "items",
    props: z.object({ ordered: z.boolean().optional(), dividers: z.boolean().optional() }),
    actions: ["onPress"],
    example: {
      name: "steps",
      component: "list",
      value: ["Sign up", { title: "Create an app", subtitle: "Get a key" }],
      props: { ordered: true },
    },
    code: `list(["Sign up", {title: "Create an app", subtitle: "Get a key"}], {name: "steps", ordered: true})`,
  }),
  entry({
    type: "stat",
    category: "data",
    description: "A key figure with a label and an optional change.",
    value: "number",
    props: z.object({
      label,
      delta: z.number().optional(),
      format: z.enum(["number", "currency", "percent"]).optional(),
      currency: z.string().length(3).optional(),
    }),
    example: {
      name: "revenue",
      component: "stat",
      value: 12400,
      props: { label: "Revenue", delta: 8.2, format: "currency", currency: "USD" },
    },
    code: `stat(12400, {name: "revenue", label: "Revenue", delta: 8.2, format: "currency", currency: "USD"})`,
  }),
  entry({
    type: "keyValue",
    category: "data",
    description: "Label / value pairs (an object, or a list of `{ key, value }`).",
    value: "object",
    props: z.object({}),
    example: { name: "details", component: "keyValue", value: { Plan: "Pluto", Renews: "2026-12-01" } },
    code: `keyValue({Plan: "Pluto", Renews: "2026-12-01"}, {name: "details"})`,
  }),
  entry({
    type: "progress",
    category: "data",
    description: "A progress bar: `value` of `max` (default 100).",
    value: "number",
    props: z.object({ label: label.optional(), max: z.number().positive().optional(), tone: tone.optional() }),
    example: { name: "upload", component: "progress", value: 64, props: { label: "Uploading" } },
    code: `progress(64, {name: "upload", label: "Uploading"})`,
  }),
  // Charts
  entry({
    type: "barChart",
    category: "charts",
    description: "Bars of `y` (one key or several) over `x`.",
    value: "rows",
    props: chartProps,
    example: { name: "rev", component: "barChart", value: sales, props: { x: "month", y: ["revenue", "costs"] } },
    code: `barChart(${JSON.stringify(sales).replace(/"(\w+)":/g, "$1: ")}, {name: "rev", x: "month", y: ["revenue", "costs"]})`,
  }),
  entry({
    type: "lineChart",
    category: "charts",
    description: "Lines of `y` over `x`.",
    value: "rows",
    props: chartProps,
    example: { name: "trend", component: "lineChart", value: sales, props: { x: "month", y: "revenue" } },
    code: `lineChart(${JSON.stringify(sales).replace(/"(\w+)":/g, "$1: ")}, {name: "trend", x: "month", y: "revenue"})`,
  }),
  entry({
    type: "areaChart",
    category: "charts",
    description: "Filled areas of `y` over `x` (stackable).",
    value: "rows",
    props: chartProps,
    example: {
      name: "area",
      component: "areaChart",
      value: sales,
      props: { x: "month", y: ["revenue", "costs"], stacked: true },
    },
    code: `areaChart(${JSON.stringify(sales).replace(/"(\w+)":/g, "$1: ")}, {name: "area", x: "month", y: ["revenue", "costs"], stacked: true})`,
  }),
  entry({
    type: "pieChart",
    category: "charts",
    description: "Slices of `{ label, value }` items (a donut when `donut` is set).",
    value: "items",
    props: z.object({ donut: z.boolean().optional(), height: z.number().min(80).max(800).optional(), title: label.optional() }),
    example: {
      name: "share",
      component: "pieChart",
      value: [
        { label: "Chrome", value: 64 },
        { label: "Safari", value: 19 },
        { label: "Other", value: 17 },
      ],
      props: { donut: true },
    },
    code: `pieChart([{label: "Chrome", value: 64}, {label: "Safari", value: 19}, {label: "Other", value: 17}], {name: "share", donut: true})`,
  }),
  // Media
  entry({
    type: "image",
    category: "media",
    description:
      "An image; `alt` describes it. Its address is a `data:image/…` URL (an illustration drawn in the screen, e.g. an SVG) or a path on the embedding site itself; an image from another site is never fetched — a drawn placeholder with the alt text shows instead.",
    value: "text",
    valueDescription: "data:image/… URL or same-site path",
    props: z.object({
      alt: label,
      width: z.number().min(1).max(4000).optional(),
      height: z.number().min(1).max(4000).optional(),
      fit: z.enum(["cover", "contain"]).optional(),
      radius: z.number().min(0).max(200).optional(),
    }),
    example: {
      name: "hero",
      component: "image",
      value:
        "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 2'%3E%3Crect width='4' height='2' fill='%23a5b4fc'/%3E%3C/svg%3E",
      props: { alt: "A lilac banner", height: 160, fit: "cover" },
    },
    code: `image("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 2'%3E%3Crect width='4' height='2' fill='%23a5b4fc'/%3E%3C/svg%3E", {name: "hero", alt: "A lilac banner", height: 160, fit: "cover"})`,
  }),
  entry({
    type: "icon",
    category: "media",
    description: "An icon from the built-in set (see ICONS).",
    value: "text",
    valueDescription: "icon name",
    props: z.object({ size: z.number().min(8).max(128).optional(), tone: tone.optional(), label: label.optional() }),
    example: { name: "ok", component: "icon", value: "check", props: { tone: "success", label: "Done" } },
    code: `icon("check", {name: "ok", tone: "success", label: "Done"})`,
  }),
  entry({
    type: "video",
    category: "media",
    description: "An embedded YouTube or Vimeo video, or an https mp4/webm file.",
    value: "text",
    valueDescription: "video URL",
    props: z.object({ title: label, aspect: z.enum(["16:9", "4:3", "1:1"]).optional() }),
    example: { name: "demo", component: "video", value: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", props: { title: "Demo" } },
    code: `video("https://www.youtube.com/watch?v=dQw4w9WgXcQ", {name: "demo", title: "Demo"})`,
  }),
  // Feedback
  entry({
    type: "alert",
    category: "feedback",
    description: "A message box with a tone (info, success, warning, danger).",
    value: "text",
    props: z.object({ title: label.optional(), tone: tone.optional() }),
    example: { name: "saved", component: "alert", value: "Your changes were saved.", props: { title: "Saved", tone: "success" } },
    code: `alert("Your changes were saved.", {name: "saved", title: "Saved", tone: "success"})`,
  }),
  entry({
    type: "skeleton",
    category: "feedback",
    description: "A loading placeholder of `lines` shimmering lines.",
    value: "number",
    valueDescription: "lines (default 3)",
    props: z.object({ height: z.number().min(4).max(400).optional() }),
    example: { name: "loading", component: "skeleton", value: 3 },
    code: `skeleton(3)`,
  }),
];

/** The built-in icon names (`icon` component, button `icon` prop). */
export const ICONS = [
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
] as const;

const byType = new Map(CATALOGUE.map((e) => [e.type, e]));
export const catalogueEntry = (type: string): CatalogueEntry | undefined => byType.get(type);
export const COMPONENT_TYPES = CATALOGUE.map((e) => e.type);

/** DSL function names: the component type, except where it would clash with a JavaScript keyword. */
export const dslName = (type: string): string => (type === "switch" ? "switch_" : type);
