import { z } from "zod";
import { CATALOGUE, ICONS, dslName, type CatalogueEntry, type ValueKind } from "./catalogue";

/**
 * The UI code DSL as TypeScript declarations, for the code editor's completion, hover and signature help — generated
 * from the catalogue (functions, props and their types, actions, examples) so the editor cannot drift from what the
 * sandbox and the renderer accept. The SPA checks in the result (frontend/web/src/features/editor/dsl-types.ts,
 * `npm run docs:dsl-types`); a test keeps it current.
 */

/** Where the SPA keeps the generated module (relative to the repository root). */
export const DSL_TYPES_FILE = "frontend/web/src/features/editor/dsl-types.ts";

type JsonSchema = Record<string, unknown>;

/** The TypeScript type of a value kind (the DSL's first plain argument). */
const VALUE_TYPES: Record<ValueKind, string> = {
  none: "never",
  text: "string",
  number: "number",
  boolean: "boolean",
  rows: "Row[]",
  items: "ListItem[]",
  object: "Record<string, Json> | { key: string; value: Json }[]",
  labels: "string[]",
};

/** How the value argument is named in signatures. */
const VALUE_NAMES: Record<ValueKind, string> = {
  none: "value",
  text: "text",
  number: "value",
  boolean: "checked",
  rows: "rows",
  items: "items",
  object: "pairs",
  labels: "labels",
};

/** Values more specific than their kind says (the renderer reads them so). */
const VALUE_TYPE_OF: Record<string, string> = {
  pieChart: "{ label: string; value: number }[]",
  icon: "IconName",
};

/** Numeric props measured in pixels (their range reads "… px"). */
const PIXEL_PROPS = new Set(["gap", "padding", "height", "width", "radius", "size"]);

/** Prose the zod schemas do not carry: `prop` for any component, `type.prop` for one. */
const PROP_HINTS: Record<string, string> = {
  x: "The key of each row read along the x axis.",
  y: "The key (or keys) plotted.",
  delta: "Change in percent.",
  currency: 'ISO code, e.g. "USD".',
  "tabs.selected": "The open tab's index.",
  "accordion.open": "Indexes of the sections open at first.",
  "image.radius": "Corner radius.",
  "icon.label": "Read by screen readers; without it the icon is decorative.",
};

const SAFE = Number.MAX_SAFE_INTEGER;
const isBound = (v: unknown): v is number => typeof v === "number" && Math.abs(v) < SAFE;

/** A JSON Schema (of a catalogue prop) as a TypeScript type. */
function tsType(s: JsonSchema, prop?: string): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map((x) => tsType(x)).join(" | ");
  switch (s.type) {
    case "string":
      return prop === "icon" ? "IconName" : "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array": {
      const item = tsType((s.items as JsonSchema | undefined) ?? {});
      return item.includes(" ") ? `(${item})[]` : `${item}[]`;
    }
    case "object": {
      const props = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = new Set((s.required as string[] | undefined) ?? []);
      const members = Object.entries(props).map(([k, v]) => `${k}${required.has(k) ? "" : "?"}: ${tsType(v, k)}`);
      return members.length ? `{ ${members.join("; ")} }` : "Record<string, Json>";
    }
    default:
      return "Json";
  }
}

/** The doc comment of one prop: its prose, its range, its format. */
function propDoc(type: string, prop: string, s: JsonSchema): string {
  const parts: string[] = [];
  const hint = PROP_HINTS[`${type}.${prop}`] ?? PROP_HINTS[prop];
  if (hint) parts.push(hint.replace(/\.$/, ""));
  if ((s.type === "number" || s.type === "integer") && isBound(s.minimum) && isBound(s.maximum))
    parts.push(`${s.minimum}–${s.maximum}${PIXEL_PROPS.has(prop) ? " px" : ""}`);
  if (s.format === "date") parts.push("YYYY-MM-DD");
  return parts.length ? `/** ${parts.join("; ")}. */ ` : "";
}

function propMembers(e: CatalogueEntry): string {
  const shape = e.props.shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .map(([prop, schema]) => {
      const j = z.toJSONSchema(schema, { unrepresentable: "any" }) as JsonSchema;
      const optional = schema.safeParse(undefined).success;
      return `${propDoc(e.type, prop, j)}${prop}${optional ? "?" : ""}: ${tsType(j, prop)};`;
    })
    .join(" ");
}

/** The value argument's name: from the catalogue's description of the value ("https URL" → httpsUrl), else by kind. */
function valueName(e: CatalogueEntry): string {
  const words = (e.valueDescription ?? "")
    .replace(/\(.*\)/, "")
    .replace(/^optional /, "")
    .trim()
    .split(/\s+/);
  const stop = words.findIndex((w) => ["in", "of", "or"].includes(w));
  const kept = (stop < 0 ? words : words.slice(0, stop)).filter((w) => /^[A-Za-z]+$/.test(w));
  if (!kept.length) return VALUE_NAMES[e.value];
  return kept.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join("");
}

const pascal = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
const ACTION_DOC = { onPress: "a press", onChangeText: "a change", onLongPress: "a long press" } as const;

/** One component: its props interface and its overloads (value first, props first, children, any order). */
function declare(e: CatalogueEntry): string {
  const name = dslName(e.type);
  const propsType = `${pascal(e.type)}Props`;
  const value = VALUE_TYPE_OF[e.type] ?? VALUE_TYPES[e.value];
  const param = valueName(e);
  const actions = e.actions.map((a) => ` /** What ${ACTION_DOC[a]} does. */ ${a}?: Action;`).join("");
  const valueProp =
    e.value === "none"
      ? ""
      : ` /** The ${e.valueDescription ?? param} (may also be given as the first plain argument). */ value?: ${value};`;
  const members = propMembers(e);
  const iface = `interface ${propsType} extends CommonProps {${valueProp}${actions}${members ? ` ${members}` : ""} }`;
  const keyword = name !== e.type ? ` (\`${e.type}\` is a JavaScript keyword, hence \`${name}\`)` : "";
  const doc = `/**\n * ${keyword ? `${e.description.replace(/\.$/, "")}${keyword}.` : e.description}\n * @example ${e.code}\n */`;
  const kids = e.container ? ", children?: Child[]" : "";
  const byValue =
    e.value === "none" ? null : `${doc}\ndeclare function ${name}(${param}: ${value}, props?: ${propsType}${kids}): UiNode;`;
  const byProps = `${doc}\ndeclare function ${name}(props: ${propsType}${kids}): UiNode;`;
  const children = e.container ? `${doc}\ndeclare function ${name}(children: Child[]): UiNode;` : null;
  const any = `${doc}\ndeclare function ${name}(...args: (${e.value === "none" ? "" : `${value} | `}${propsType}${e.container ? " | Child[]" : ""} | undefined)[]): UiNode;`;
  // Inputs are usually written with props only (their examples have no value): that signature comes first.
  const order = e.example.value === undefined ? [byProps, byValue] : [byValue, byProps];
  return [iface, ...order, children, any].filter(Boolean).join("\n");
}

/** A hint naming a prop no component has is a mistake (a renamed prop): fail rather than drop it silently. */
function checkHints(): void {
  const props = new Set<string>();
  for (const e of CATALOGUE) for (const p of Object.keys(e.props.shape)) props.add(p).add(`${e.type}.${p}`);
  for (const key of Object.keys(PROP_HINTS)) if (!props.has(key)) throw new Error(`DSL declarations: no prop ${key}`);
  for (const type of Object.keys(VALUE_TYPE_OF))
    if (!CATALOGUE.some((e) => e.type === type)) throw new Error(`DSL declarations: no component ${type}`);
}

/** The declarations added to the JavaScript language service (Monaco's `addExtraLib`). */
export function dslDeclarations(): string {
  checkHints();
  return `// GenUI UI code: every component is a function; arguments are read by what they are, in any order.
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** A component made by one of the DSL's functions. Components not used as anyone's child form the screen, in order. */
interface UiNode { readonly __gu: 1; readonly component: string }
/** A child: a component, or a string / number (shown as text). */
type Child = UiNode | string | number;
type Row = Record<string, Json>;
type ListItem = string | { title: string; subtitle?: string; icon?: IconName };
type IconName = ${ICONS.map((i) => JSON.stringify(i)).join(" | ")};
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
/** Props of one of the app's own components: the ones its declaration lists (any JSON), plus a name and actions. */
interface CustomProps {
  /** Names the component in action events; generated (ProductCard_1) when absent. */
  name?: string;
  style?: Style;
  animation?: Animation;
  /** What a press does (the developer's component runs it; its fallback's button does too). */ onPress?: Action;
  /** What a change does. */ onChangeText?: Action;
  /** What a long press does. */ onLongPress?: Action;
  [prop: string]: Json | Style | Animation | Action | undefined;
}
/**
 * One of the app's own components, by the name the app declared (its props exactly the declared ones; no children).
 * Where the developer's React component is not available (the iframe, other hosts) its declared built-in fallback is
 * drawn; a component the app does not declare, or props its schema refuses, are repaired to that fallback.
 * @example custom("ProductCard", {title: "Ceramic mug", price: 14, onPress: {event: "add_to_cart", value: "mug"}})
 */
declare function custom(name: string, props?: CustomProps): UiNode;
${CATALOGUE.map(declare).join("\n")}
`;
}

/** Every function the DSL defines. */
export const dslFunctions = (): string[] => ["screen", "custom", ...CATALOGUE.map((e) => dslName(e.type))];

/** Text as the body of a template literal. */
const templateBody = (s: string) => s.replace(/[\\`]/g, "\\$&").replace(/\$\{/g, "\\${");

/**
 * The SPA's module (DSL_TYPES_FILE): dependency-free on purpose, so the editor chunk does not pull in the catalogue and
 * zod, and e2e/browser/playground.e2e.test.ts can load it on its own.
 */
export function dslTypesModule(): string {
  return `/**
 * GENERATED from the component catalogue (packages/ui-runtime/src/catalogue.ts) by packages/ui-runtime/src/dsl-declarations.ts:
 * do not edit; run \`npm run docs:dsl-types\` (a test fails when this file is not current).
 *
 * The UI code DSL as TypeScript declarations, for the code editor's completion, hover and signature help
 * (docs/ui-runtime.md; docs/components.md). Declarations only: they never constrain what runs — the sandbox reads
 * arguments by what they are, in any order, so every function also has a \`(...args)\` form.
 */

/** The declarations added to the JavaScript language service (Monaco's \`addExtraLib\`). */
export const DSL_TYPES = \`${templateBody(dslDeclarations())}\`;

/** Every function the DSL defines (for tests and completion checks). */
export const DSL_FUNCTIONS: readonly string[] = [
${dslFunctions()
  .map((f) => `  ${JSON.stringify(f)},`)
  .join("\n")}
];
`;
}
