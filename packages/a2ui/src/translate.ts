import {
  APP_PACKAGE,
  fallbackNode,
  humanize,
  resolveTheme,
  type Action,
  type AppTheme,
  type ComponentNode,
  type JsonValue,
  type Screen,
} from "@genui/ui-runtime";
import { BASIC_CATALOG_ID, GENUI_CATALOG_ID, catalogueProps } from "./catalog";

/**
 * Screen JSON v1 → A2UI v0.9 server messages. A screen's component tree becomes a flat adjacency list: each
 * component's `name` (unique in a screen) is its A2UI id, a Column with the id `root` holds the top-level components,
 * and the few A2UI components a node needs besides its own (a Button's label Text, a Card's body Column, a List's
 * items) get ids `<name>:<part>` (":" never occurs in a name). Inputs are two-way bound to the data model at
 * `/inputs/<name>`; every server action (`event`) of a complete screen carries in its context each input's binding
 * under its name (so the typed values come back with the press) and `/genui/screen`, the id of the screen it was
 * pressed on.
 *
 * A `SurfaceTranslator` remembers what the client already has, so each newer version of the screen (the next
 * snapshot of a progressive generation, or the next screen after an action) costs only the components that changed
 * or are new and the input values not sent yet. A2UI has no message that removes one component: a component a
 * newer screen no longer has is simply no longer referenced by its parent, and the client stops rendering it (the
 * adjacency-list model); an input that went away has its data-model key removed (`updateDataModel` without `value`).
 */

export const A2UI_VERSION = "v0.9" as const;

/** Where the inputs' values live in the surface's data model (an object by input name). */
export const INPUTS_PATH = "/inputs";
/** Where an input's value lives in the surface's data model. */
export const inputPath = (name: string): string => `${INPUTS_PATH}/${name}`;
/** Where the id of the screen a surface shows lives in its data model (sent once the screen is complete). */
export const SCREEN_ID_PATH = "/genui/screen";
/**
 * The keys of an action's context besides the inputs' names (names never contain "."): the screen's id, a list item's
 * index, and (from a client that sends them as one object) the inputs' values by name.
 */
export const CONTEXT_SCREEN_KEY = "genui.screen";
export const CONTEXT_INPUTS_KEY = "genui.inputs";
export const CONTEXT_ITEM_KEY = "genui.item";

export type A2uiComponent = { id: string; component: string } & Record<string, unknown>;

export type A2uiServerMessage =
  | {
      version: typeof A2UI_VERSION;
      createSurface: { surfaceId: string; catalogId: string; theme?: Record<string, unknown>; sendDataModel?: boolean };
    }
  | { version: typeof A2UI_VERSION; updateComponents: { surfaceId: string; components: A2uiComponent[] } }
  | { version: typeof A2UI_VERSION; updateDataModel: { surfaceId: string; path?: string; value?: unknown } }
  | { version: typeof A2UI_VERSION; deleteSurface: { surfaceId: string } };

/**
 * A surface's `theme` (createSurface): who made it, the app's brand colour as the basic catalog's `primaryColor` (the
 * light primary its theme resolves to; GenUI's own when it sets none), and the whole theme under `genui` with its
 * version, for renderers that draw our catalog (A2UI's theme allows further properties).
 */
export function surfaceTheme(appearance?: { version: number; theme: AppTheme }): Record<string, unknown> {
  const theme = appearance?.theme ?? {};
  return {
    agentDisplayName: "GenUI",
    primaryColor: resolveTheme(theme).light.primary,
    ...(appearance ? { genui: { version: appearance.version, theme } } : {}),
  };
}

/** Catalogue types whose `value` the user edits: bound to the data model, reported back in actions. */
export const INPUT_TYPES = new Set(["textInput", "textArea", "select", "checkbox", "switch", "slider", "date", "fileInput"]);

/** Our icon names → the basic catalog's (the two it lacks are drawn from an SVG path). */
const ICON_NAMES: Record<string, string | { svgPath: string }> = {
  check: "check",
  x: "close",
  plus: "add",
  minus: { svgPath: "M19 13H5v-2h14v2z" },
  "arrow-right": "arrowForward",
  "arrow-left": "arrowBack",
  search: "search",
  user: "person",
  settings: "settings",
  cart: "shoppingCart",
  heart: "favorite",
  star: "star",
  info: "info",
  warning: "warning",
  error: "error",
  mail: "mail",
  phone: "phone",
  calendar: "calendarToday",
  clock: {
    svgPath:
      "M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z",
  },
  home: "home",
};

const str = (v: unknown): string =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "";
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** Drops undefined values (A2UI objects are JSON: an undefined key is no key). */
const defined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** An input's value as the data model holds it (a select's is a list of chosen values, ChoicePicker's contract). */
export function initialValue(node: ComponentNode): JsonValue {
  const v = node.value;
  switch (node.component) {
    case "select":
      return typeof v === "string" && v ? [v] : [];
    case "checkbox":
    case "switch":
      return v === true;
    case "slider":
      return num(v) ?? num(node.props?.min) ?? 0;
    default:
      return str(v);
  }
}

/** A value reported back from the data model, as our action events carry it (a select's list → its one value). */
export function reportedValue(node: ComponentNode, v: unknown): JsonValue {
  switch (node.component) {
    case "select":
      return Array.isArray(v) ? str(v[0]) : str(v);
    case "checkbox":
    case "switch":
      return v === true;
    case "slider":
      return num(v) ?? (typeof v === "string" && v.trim() && Number.isFinite(Number(v)) ? Number(v) : 0);
    default:
      return str(v);
  }
}

/**
 * The screen as an A2UI surface draws it: no catalog has the app's own components (`package: "app"`), so each is its
 * built-in fallback — the one repair attached (a subtree of ours, carrying the component's press), else a card from
 * its props. The same screen object when it has none (so the ids of `assignIds` and `translateScreen` agree).
 */
export function withFallbacks(screen: Screen | undefined): Screen | undefined {
  if (!screen?.screen?.v1) return screen;
  let changed = false;
  const swap = (nodes: readonly ComponentNode[], depth: number): ComponentNode[] =>
    nodes.map((n) => {
      if (!n || typeof n !== "object") return n;
      if (n.package === APP_PACKAGE) {
        changed = true;
        return n.fallback && (n.fallback.package ?? "genui") === "genui" ? n.fallback : fallbackNode("card", n);
      }
      if (!n.content?.length || depth > 64) return n;
      const content = swap(n.content, depth + 1);
      return content.every((c, i) => c === n.content![i]) ? n : { ...n, content };
    });
  const v1 = swap(screen.screen.v1, 0);
  return changed ? { ...screen, screen: { ...screen.screen, v1 } } : screen;
}

/** The id each node of a screen gets, in document order (a repeated name gets a suffix; "root" is the surface's). */
export function assignIds(drawn: Screen | undefined): Map<ComponentNode, string> {
  const screen = withFallbacks(drawn);
  const ids = new Map<ComponentNode, string>();
  const used = new Set<string>(["root"]);
  const walk = (nodes: readonly ComponentNode[] | undefined, depth: number) => {
    if (!nodes || depth > 64) return;
    for (const n of nodes) {
      if (!n || typeof n !== "object") continue;
      let id = typeof n.name === "string" && n.name ? n.name : `node`;
      if (id === "root") id = "root:node";
      for (let k = 2; used.has(id); k++) id = `${n.name}:${k}`;
      used.add(id);
      ids.set(n, id);
      walk(n.content, depth + 1);
    }
  };
  walk(screen?.screen?.v1, 0);
  return ids;
}

/** Every input on a screen, in document order. */
export function screenInputs(screen: Screen | undefined): ComponentNode[] {
  const out: ComponentNode[] = [];
  for (const n of assignIds(screen).keys()) if (INPUT_TYPES.has(n.component)) out.push(n);
  return out;
}

/** A press's A2UI action: a server event with the inputs' values, or (a link) the basic catalog's openUrl. */
function actionOf(node: ComponentNode, action: Action | undefined, inputs: readonly string[], item?: number) {
  if (action && typeof action === "object" && action.navigate && action.event === undefined)
    return { functionCall: { call: "openUrl", args: { url: action.navigate }, returnType: "void" } };
  const name = typeof action === "string" ? action : (action?.event ?? node.name);
  // One binding per input, keyed by its name (the spec's form pattern; renderers resolve a binding to a value, not
  // reliably to an object of values).
  const context: Record<string, unknown> = { [CONTEXT_SCREEN_KEY]: { path: SCREEN_ID_PATH } };
  for (const name of inputs) context[name] = { path: inputPath(name) };
  if (item !== undefined) context[CONTEXT_ITEM_KEY] = item;
  return { event: { name, context } };
}

const VARIANTS: Record<string, string> = { primary: "primary", ghost: "borderless", secondary: "default", danger: "default" };
const JUSTIFY: Record<string, string> = {
  start: "start",
  center: "center",
  end: "end",
  between: "spaceBetween",
  around: "spaceAround",
};
const ALIGN = new Set(["start", "center", "end", "stretch"]);

/** Only the props our catalog declares for a component of ours (the screen's others, e.g. `style`, are dropped). */
function ownProps(node: ComponentNode, omit: readonly string[] = []): Record<string, unknown> {
  const keys = catalogueProps(node.component);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node.props ?? {})) if (keys.has(k) && !omit.includes(k)) out[k] = v;
  return out;
}

const fmtNumber = (v: number, format?: unknown, currency?: unknown): string => {
  if (format === "currency")
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: str(currency) || "USD",
      maximumFractionDigits: 2,
    }).format(v);
  if (format === "percent") return `${v}%`;
  return new Intl.NumberFormat("en-US").format(v);
};
const rowsOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** A component tree translated: components by id (the root's first) and the data model's input values. */
export interface Translated {
  components: A2uiComponent[];
  inputs: Map<string, JsonValue>;
}

/**
 * The A2UI components of a screen, for our catalog (default) or the basic catalog alone (`basicOnly`: our own
 * components are drawn with basic ones — a table as rows of Text, a stat as two Texts, a chart as its figures).
 */
export function translateScreen(drawn: Screen | undefined, basicOnly = false, complete = true): Translated {
  const screen = withFallbacks(drawn);
  const ids = assignIds(screen);
  // A screen still being generated: its buttons' actions carry no inputs yet (they could not be pressed usefully
  // before the screen's id arrives anyway), so a button is not re-sent each time an input is generated; the complete
  // screen's buttons bind every input.
  const bound = complete ? [...ids.keys()].filter((n) => INPUT_TYPES.has(n.component)).map((n) => n.name) : [];
  const out: A2uiComponent[] = [];
  const values = new Map<string, JsonValue>();
  const add = (id: string, component: string, props: Record<string, unknown> = {}) =>
    void out.push({ id, component, ...defined(props) });
  const text = (id: string, t: string, variant?: string) => add(id, "Text", { text: t, variant });
  const idsOf = (nodes: readonly ComponentNode[] | undefined) =>
    (nodes ?? []).map((c) => ids.get(c)).filter((x): x is string => x !== undefined);

  add("root", "Column", { children: idsOf(screen?.screen?.v1) });

  for (const [n, id] of ids) {
    const p = n.props ?? {};
    const children = idsOf(n.content);
    const label = str(p.label);
    switch (n.component) {
      case "column":
        add(id, "Column", { children, align: ALIGN.has(str(p.align)) ? p.align : undefined });
        break;
      case "row":
        add(id, "Row", {
          children,
          justify: JUSTIFY[str(p.justify)],
          align: ALIGN.has(str(p.align)) ? p.align : "center",
        });
        break;
      case "card": {
        const head: string[] = [];
        if (str(n.value)) head.push(`${id}:title`);
        if (str(p.subtitle)) head.push(`${id}:subtitle`);
        add(id, "Card", { child: `${id}:body` });
        add(`${id}:body`, "Column", { children: [...head, ...children] });
        if (str(n.value)) text(`${id}:title`, str(n.value), "h4");
        if (str(p.subtitle)) text(`${id}:subtitle`, str(p.subtitle), "caption");
        break;
      }
      case "tabs":
      case "accordion": {
        const labels = Array.isArray(n.value) ? n.value.map(str) : [];
        const pairs = labels.slice(0, children.length).map((title, i) => ({ title, child: children[i]! }));
        if (!pairs.length) add(id, "Column", { children });
        else if (n.component === "tabs" || basicOnly) add(id, "Tabs", { tabs: pairs });
        else add(id, "Accordion", { sections: pairs, ...ownProps(n) });
        break;
      }
      case "grid":
        if (basicOnly) add(id, "Row", { children });
        else add(id, "Grid", { children, ...ownProps(n) });
        break;
      case "divider":
        if (!str(n.value)) add(id, "Divider", { axis: "horizontal" });
        else {
          add(id, "Row", { children: [`${id}:before`, `${id}:label`, `${id}:after`], align: "center" });
          add(`${id}:before`, "Divider", { weight: 1 });
          text(`${id}:label`, str(n.value), "caption");
          add(`${id}:after`, "Divider", { weight: 1 });
        }
        break;
      case "spacer":
        if (basicOnly) add(id, "Column", { children: [] });
        else add(id, "Spacer", { size: num(n.value) });
        break;
      case "heading": {
        const level = Math.min(5, Math.max(1, num(p.level) ?? 2));
        text(id, str(n.value), `h${level}`);
        break;
      }
      case "text":
        text(id, str(n.value), p.size === "sm" ? "caption" : "body");
        break;
      case "textInput":
      case "textArea": {
        values.set(n.name, initialValue(n));
        const variant =
          n.component === "textArea"
            ? "longText"
            : p.type === "password"
              ? "obscured"
              : p.type === "number"
                ? "number"
                : "shortText";
        add(id, "TextField", { label, value: { path: inputPath(n.name) }, variant });
        break;
      }
      case "select": {
        values.set(n.name, initialValue(n));
        const options = (Array.isArray(p.options) ? p.options : []).flatMap((o) =>
          typeof o === "string" ? [{ label: o, value: o }] : isObject(o) ? [{ label: str(o.label), value: str(o.value) }] : [],
        );
        add(id, "ChoicePicker", {
          label: label || undefined,
          options,
          value: { path: inputPath(n.name) },
          variant: "mutuallyExclusive",
        });
        break;
      }
      case "checkbox":
      case "switch":
        values.set(n.name, initialValue(n));
        add(id, "CheckBox", { label, value: { path: inputPath(n.name) } });
        break;
      case "slider":
        values.set(n.name, initialValue(n));
        add(id, "Slider", {
          label: label || undefined,
          min: num(p.min),
          max: num(p.max) ?? 100,
          value: { path: inputPath(n.name) },
        });
        break;
      case "date":
        values.set(n.name, initialValue(n));
        add(id, "DateTimeInput", {
          label: label || undefined,
          value: { path: inputPath(n.name) },
          enableDate: true,
          min: str(p.min) || undefined,
          max: str(p.max) || undefined,
        });
        break;
      case "fileInput":
        values.set(n.name, initialValue(n));
        if (basicOnly) text(id, `${label}: choose files in the app that shows this screen.`, "caption");
        else add(id, "FileInput", { ...ownProps(n), label, value: { path: inputPath(n.name) } });
        break;
      case "button":
        add(id, "Button", {
          child: `${id}:label`,
          variant: VARIANTS[str(p.variant)],
          action: actionOf(n, n.onPress, bound),
        });
        text(`${id}:label`, str(n.value) || humanize(n.name));
        break;
      case "list": {
        const items = Array.isArray(n.value) ? n.value : [];
        const itemIds = items.map((_, i) => `${id}:item:${i}`);
        add(id, "List", { children: itemIds, direction: "vertical" });
        items.forEach((it, i) => {
          const line = isObject(it) ? [str(it.title), str(it.subtitle)].filter(Boolean).join(" — ") : str(it);
          const t = p.ordered === true ? `${i + 1}. ${line}` : line;
          if (n.onPress === undefined) return text(itemIds[i]!, t);
          add(itemIds[i]!, "Button", {
            child: `${itemIds[i]}:label`,
            variant: "borderless",
            action: actionOf(n, n.onPress, bound, i),
          });
          text(`${itemIds[i]}:label`, t);
        });
        break;
      }
      case "image":
        add(id, "Image", {
          url: str(n.value),
          description: str(p.alt) || undefined,
          fit: p.fit === "cover" || p.fit === "contain" ? p.fit : undefined,
        });
        break;
      case "icon":
        add(id, "Icon", { name: ICON_NAMES[str(n.value)] ?? "info" });
        break;
      case "video":
        add(id, "Video", { url: str(n.value) });
        break;
      case "markdown":
        if (basicOnly) text(id, str(n.value));
        else add(id, "Markdown", { text: str(n.value) });
        break;
      case "badge":
        if (basicOnly) text(id, str(n.value), "caption");
        else add(id, "Badge", { text: str(n.value), ...ownProps(n) });
        break;
      case "code":
        if (basicOnly) text(id, `\`\`\`\n${str(n.value)}\n\`\`\``);
        else add(id, "Code", { code: str(n.value), ...ownProps(n) });
        break;
      case "alert":
        if (basicOnly) {
          add(id, "Card", { child: `${id}:body` });
          add(`${id}:body`, "Column", { children: [...(str(p.title) ? [`${id}:title`] : []), `${id}:text`] });
          if (str(p.title)) text(`${id}:title`, str(p.title), "h5");
          text(`${id}:text`, str(n.value));
        } else add(id, "Alert", { text: str(n.value), ...ownProps(n) });
        break;
      case "stat":
        if (basicOnly) {
          const delta = num(p.delta);
          const figure = `${fmtNumber(num(n.value) ?? 0, p.format, p.currency)}${delta !== undefined ? ` (${delta >= 0 ? "+" : ""}${delta}%)` : ""}`;
          add(id, "Column", { children: [`${id}:label`, `${id}:value`] });
          text(`${id}:label`, label, "caption");
          text(`${id}:value`, figure, "h3");
        } else add(id, "Stat", { ...ownProps(n), value: num(n.value) ?? 0, label });
        break;
      case "progress":
        if (basicOnly) text(id, `${label ? `${label}: ` : ""}${num(n.value) ?? 0} of ${num(p.max) ?? 100}`);
        else add(id, "Progress", { ...ownProps(n), value: num(n.value) ?? 0 });
        break;
      case "skeleton":
        if (basicOnly) text(id, "Loading…", "caption");
        else add(id, "Skeleton", { ...ownProps(n), lines: num(n.value) });
        break;
      case "keyValue": {
        const entries: JsonValue = isObject(n.value) || Array.isArray(n.value) ? n.value : {};
        if (!basicOnly) {
          add(id, "KeyValue", { entries });
          break;
        }
        const pairs = Array.isArray(entries)
          ? (entries as unknown[]).filter(isObject).map((e) => [str(e.key), str(e.value)] as const)
          : Object.entries(entries).map(([k, v]) => [k, str(v)] as const);
        add(id, "Column", { children: pairs.map((_, i) => `${id}:${i}`) });
        pairs.forEach(([k, v], i) => text(`${id}:${i}`, `**${k}:** ${v}`));
        break;
      }
      case "table": {
        const rows = rowsOf(n.value);
        if (!basicOnly) {
          add(id, "Table", { ...ownProps(n), rows });
          break;
        }
        const cols = (Array.isArray(p.columns) ? p.columns : rows[0] ? Object.keys(rows[0]) : []).map((c) =>
          isObject(c)
            ? { key: str(c.key), label: str(c.label) || humanize(str(c.key)) }
            : { key: str(c), label: humanize(str(c)) },
        );
        const lines = [cols.map((c) => c.label), ...rows.map((r) => cols.map((c) => str(r[c.key])))];
        add(id, "Column", { children: lines.map((_, i) => `${id}:row:${i}`) });
        lines.forEach((cells, i) => {
          add(`${id}:row:${i}`, "Row", { children: cells.map((_, j) => `${id}:row:${i}:${j}`), justify: "spaceBetween" });
          cells.forEach((c, j) =>
            add(`${id}:row:${i}:${j}`, "Text", { text: c, variant: i === 0 ? "caption" : "body", weight: 1 }),
          );
        });
        break;
      }
      case "barChart":
      case "lineChart":
      case "areaChart":
      case "pieChart": {
        const name = { barChart: "BarChart", lineChart: "LineChart", areaChart: "AreaChart", pieChart: "PieChart" }[n.component];
        const rows = rowsOf(n.value);
        if (!basicOnly) {
          const axes = n.component === "pieChart" ? {} : { x: str(p.x), y: Array.isArray(p.y) ? p.y.map(str) : str(p.y) };
          const data =
            n.component === "pieChart"
              ? rows.filter((r) => typeof r.value === "number").map((r) => ({ label: str(r.label), value: r.value }))
              : rows;
          add(id, name, { ...ownProps(n), ...axes, data });
          break;
        }
        // The basic catalog has no chart: its title and figures, one line a point.
        const ys = n.component === "pieChart" ? ["value"] : Array.isArray(p.y) ? p.y.map(str) : [str(p.y)];
        const x = n.component === "pieChart" ? "label" : str(p.x);
        const lines = rows.map(
          (r) => `${str(r[x])}: ${ys.map((y) => `${ys.length > 1 ? `${humanize(y)} ` : ""}${str(r[y])}`).join(", ")}`,
        );
        const head = str(p.title) ? [`${id}:title`] : [];
        add(id, "Column", { children: [...head, ...lines.map((_, i) => `${id}:${i}`)] });
        if (head.length) text(`${id}:title`, str(p.title), "h5");
        lines.forEach((l, i) => text(`${id}:${i}`, l, "caption"));
        break;
      }
      default:
        // A package's component, or one this version does not know: its text, if any, so nothing silently vanishes.
        text(id, str(n.value));
    }
  }
  return { components: out, inputs: values };
}

/** Which catalog a surface speaks: ours (every component) or the official basic catalog alone. */
export const SUPPORTED_CATALOG_IDS = [GENUI_CATALOG_ID, BASIC_CATALOG_ID] as const;
export type SupportedCatalogId = (typeof SUPPORTED_CATALOG_IDS)[number];
export const isSupportedCatalog = (id: string): id is SupportedCatalogId =>
  (SUPPORTED_CATALOG_IDS as readonly string[]).includes(id);

export interface SurfaceTranslatorOptions {
  surfaceId: string;
  catalogId?: SupportedCatalogId;
  /**
   * The screen the client's surface shows already (a surface continued after an action or an edit): its components
   * are not sent again unless they change. Its input values may have been edited by the user, so each input of a new
   * screen gets its value sent once.
   */
  shown?: Screen;
}

/** One surface's messages: what the client has, and the messages each newer version of the screen needs. */
export class SurfaceTranslator {
  readonly surfaceId: string;
  readonly catalogId: SupportedCatalogId;
  private readonly sent = new Map<string, string>();
  private readonly values = new Map<string, string>();
  /** Input keys the client's data model may hold (removed when a finished screen no longer has them). */
  private readonly keys = new Set<string>();
  private readonly continued: boolean;

  constructor(opts: SurfaceTranslatorOptions) {
    this.surfaceId = opts.surfaceId;
    this.catalogId = opts.catalogId ?? GENUI_CATALOG_ID;
    this.continued = opts.shown !== undefined;
    if (opts.shown) {
      const t = translateScreen(opts.shown, this.catalogId === BASIC_CATALOG_ID);
      for (const c of t.components) this.sent.set(c.id, JSON.stringify(c));
      for (const k of t.inputs.keys()) this.keys.add(k);
    }
  }

  private msg<K extends "updateComponents" | "updateDataModel">(key: K, body: Record<string, unknown>): A2uiServerMessage {
    return { version: A2UI_VERSION, [key]: { surfaceId: this.surfaceId, ...body } } as A2uiServerMessage;
  }

  /** The surface's first message (a new surface only: a continued one exists on the client). */
  begin(theme?: Record<string, unknown>): A2uiServerMessage[] {
    if (this.continued) return [];
    return [
      {
        version: A2UI_VERSION,
        createSurface: { surfaceId: this.surfaceId, catalogId: this.catalogId, ...(theme ? { theme } : {}), sendDataModel: true },
      },
    ];
  }

  /**
   * The messages a newer version of the screen needs: new input values, then changed and new components. `complete`:
   * the screen is the generation's last (see translateScreen); finish() sends that one.
   */
  update(screen: Screen | undefined, complete = false): A2uiServerMessage[] {
    const t = translateScreen(screen, this.catalogId === BASIC_CATALOG_ID, complete);
    const out: A2uiServerMessage[] = [];
    for (const [name, value] of t.inputs) {
      // An input's value is sent when it first appears (or the screen changes it), never again on every snapshot:
      // the user may be typing in it.
      const json = JSON.stringify(value);
      if (this.values.get(name) === json) continue;
      this.values.set(name, json);
      this.keys.add(name);
      out.push(this.msg("updateDataModel", { path: inputPath(name), value }));
    }
    const changed = t.components.filter((c) => {
      const json = JSON.stringify(c);
      if (this.sent.get(c.id) === json) return false;
      this.sent.set(c.id, json);
      return true;
    });
    if (changed.length) out.push(this.msg("updateComponents", { components: changed }));
    return out;
  }

  /**
   * The last messages of a generation: the final screen's changes, the removal of input values it no longer has,
   * and the screen's id (the actions of this screen carry it back).
   */
  finish(screen: Screen | undefined, screenId: string): A2uiServerMessage[] {
    const out = this.update(screen, true);
    const now = new Set(translateScreen(screen, this.catalogId === BASIC_CATALOG_ID).inputs.keys());
    for (const k of [...this.keys]) {
      if (now.has(k)) continue;
      this.keys.delete(k);
      this.values.delete(k);
      out.push(this.msg("updateDataModel", { path: inputPath(k) }));
    }
    out.push(this.msg("updateDataModel", { path: SCREEN_ID_PATH, value: screenId }));
    return out;
  }
}

/** A whole screen as one surface's messages (createSurface, its values, its components, its id). */
export function screenMessages(
  screen: Screen,
  opts: { surfaceId: string; screenId: string; catalogId?: SupportedCatalogId },
): A2uiServerMessage[] {
  const t = new SurfaceTranslator(opts);
  return [...t.begin(), ...t.finish(screen, opts.screenId)];
}
