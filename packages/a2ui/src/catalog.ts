import { CATALOGUE, catalogueEntry } from "@genui/ui-runtime";
import basicCatalogJson from "../schemas/v0_9/catalogs/basic/catalog.json";

/**
 * Our component catalogue as an A2UI v0.9 catalog: one freestanding JSON document in the basic catalog's format
 * (`catalogId`, `components`, `functions`, `$defs.theme`, `$defs.anyComponent`, `$defs.anyFunction`).
 *
 * It **includes the basic catalog** — every basic component and function, copied verbatim from the vendored
 * catalog.json (the spec's "Composition & Imports": a catalog may import the basic catalog's definitions, and must be
 * freestanding once linked, so they are copied here rather than `$ref`ed) — and adds the components of ours that have
 * no basic equivalent (charts, stat, table, keyValue, alert, badge, progress, code, markdown, grid, accordion, spacer,
 * skeleton, fileInput) with their props as JSON Schema, built the basic catalog's way (ComponentCommon +
 * CatalogComponentCommon + own properties, `unevaluatedProperties: false`; child references as ComponentId or
 * ChildList so validators can follow them). A renderer that knows the basic catalog draws every component of ours
 * that has an equivalent (text, buttons, inputs, layout, media) with no extra code; the rest it registers itself.
 */

/** Our catalog's id; the document is served at this address (GET /apps/api/v1/a2ui/catalog.json). */
export const GENUI_CATALOG_ID = "https://genui.dev/apps/api/v1/a2ui/catalog.json";
/** The official basic catalog's id (the vendored schemas/v0_9/catalogs/basic/catalog.json). */
export const BASIC_CATALOG_ID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
/** Where the protocol's common types live (the basic catalog refers to them by this absolute address). */
export const COMMON_TYPES_ID = "https://a2ui.org/specification/v0_9/common_types.json";

type Json = Record<string, unknown>;
const ref = (def: string): Json => ({ $ref: `${COMMON_TYPES_ID}#/$defs/${def}` });
const DYNAMIC_STRING = ref("DynamicString");
const DYNAMIC_NUMBER = ref("DynamicNumber");

export const basicCatalog = basicCatalogJson as unknown as {
  components: Record<string, Json>;
  functions: Record<string, Json>;
  $defs: { CatalogComponentCommon: Json; theme: Json; anyFunction: Json };
};

/** A catalogue entry's props (besides `style`) as JSON Schema properties, from its zod shape. */
function propsOf(type: string, omit: readonly string[] = []): { properties: Record<string, Json>; required: string[] } {
  const entry = catalogueEntry(type);
  if (!entry) throw new Error(`no catalogue entry '${type}'`);
  const schema = entry.props.toJSONSchema({ target: "draft-2020-12", unrepresentable: "any" }) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !omit.includes(k)));
  return { properties, required: (schema.required ?? []).filter((k) => !omit.includes(k)) };
}

/** The props (besides `style`) a catalogue type declares. */
export function catalogueProps(type: string): Set<string> {
  const entry = catalogueEntry(type);
  return new Set(entry ? Object.keys(entry.props.shape) : []);
}

interface OwnComponent {
  /** The A2UI component name. */
  name: string;
  /** Our catalogue's type it carries. */
  type: string;
  description: string;
  /** Properties besides the catalogue entry's props (the value, children), and which are required. */
  extra: Record<string, Json>;
  required: string[];
  /** Catalogue props left out (replaced by `extra`, or bound to the data model there). */
  omit?: string[];
}

const rows: Json = { type: "array", items: { type: "object" }, maxItems: 5000 };
const chart = (name: string, type: string, what: string): OwnComponent => ({
  name,
  type,
  description: `${what} \`data\` is the rows (objects); \`x\` names the key along the axis, \`y\` the key (or keys) plotted.`,
  extra: { data: { ...rows, description: "The rows to plot." } },
  required: ["data", "x", "y"],
});

/** Our components with no basic equivalent, in catalogue order. */
const OWN: readonly OwnComponent[] = [
  {
    name: "Grid",
    type: "grid",
    description: "A responsive grid of its children: `columns` on wide screens, fewer as space shrinks.",
    extra: { children: { ...ref("ChildList"), description: "The cells, in order." } },
    required: ["children"],
  },
  {
    name: "Accordion",
    type: "accordion",
    description: "Collapsible sections, each a title and one child component.",
    extra: {
      sections: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          properties: { title: DYNAMIC_STRING, child: ref("ComponentId") },
          required: ["title", "child"],
          additionalProperties: false,
        },
      },
    },
    required: ["sections"],
  },
  {
    name: "Spacer",
    type: "spacer",
    description: "Empty space of `size` pixels.",
    extra: { size: { type: "number", minimum: 0, maximum: 400, default: 16 } },
    required: [],
  },
  {
    name: "Markdown",
    type: "markdown",
    description: "Markdown text (headings, emphasis, lists, links, inline code); raw HTML is shown as text.",
    extra: { text: { ...DYNAMIC_STRING, description: "The markdown source." } },
    required: ["text"],
  },
  {
    name: "Badge",
    type: "badge",
    description: "A short status label with a tone.",
    extra: { text: DYNAMIC_STRING },
    required: ["text"],
  },
  {
    name: "Code",
    type: "code",
    description: "A block of code in a monospace font, with a copy button.",
    extra: { code: DYNAMIC_STRING },
    required: ["code"],
  },
  {
    name: "FileInput",
    type: "fileInput",
    description:
      "A file picker. The files stay on the user's device: `value` (bound to the data model) is the chosen files' names, comma-separated.",
    extra: { value: { ...DYNAMIC_STRING, description: "The chosen files' names, comma-separated." } },
    required: ["label", "value"],
  },
  {
    name: "Table",
    type: "table",
    description:
      "A table of rows (objects); `columns` lists the keys shown (a key, or `{ key, label, align, format }`); sortable by clicking headers.",
    extra: { rows: { ...rows, description: "The rows." } },
    required: ["rows"],
  },
  {
    name: "Stat",
    type: "stat",
    description: "A key figure with a label and an optional change (`delta`, percent).",
    extra: { value: DYNAMIC_NUMBER },
    required: ["value", "label"],
  },
  {
    name: "KeyValue",
    type: "keyValue",
    description: "Label / value pairs: an object, or a list of `{ key, value }`.",
    extra: {
      entries: {
        oneOf: [
          { type: "object" },
          {
            type: "array",
            items: { type: "object", properties: { key: { type: "string" }, value: {} }, required: ["key"] },
          },
        ],
      },
    },
    required: ["entries"],
  },
  {
    name: "Progress",
    type: "progress",
    description: "A progress bar: `value` of `max` (default 100).",
    extra: { value: DYNAMIC_NUMBER },
    required: ["value"],
  },
  chart("BarChart", "barChart", "Bars of `y` over `x`."),
  chart("LineChart", "lineChart", "Lines of `y` over `x`."),
  chart("AreaChart", "areaChart", "Filled areas of `y` over `x` (stackable)."),
  {
    name: "PieChart",
    type: "pieChart",
    description: "Slices of `{ label, value }` items (a donut when `donut` is set).",
    extra: {
      data: {
        type: "array",
        maxItems: 500,
        items: {
          type: "object",
          properties: { label: { type: "string" }, value: { type: "number" } },
          required: ["label", "value"],
        },
      },
    },
    required: ["data"],
  },
  {
    name: "Alert",
    type: "alert",
    description: "A message box with a tone (info, success, warning, danger) and an optional title.",
    extra: { text: DYNAMIC_STRING },
    required: ["text"],
  },
  {
    name: "Skeleton",
    type: "skeleton",
    description: "A loading placeholder of `lines` shimmering lines.",
    extra: { lines: { type: "integer", minimum: 1, maximum: 40, default: 3 } },
    required: [],
  },
];

/** Our catalogue's types drawn by basic components, and which (see translate.ts for the property mapping). */
export const BASIC_EQUIVALENTS: Record<string, string> = {
  column: "Column",
  row: "Row",
  card: "Card",
  tabs: "Tabs",
  divider: "Divider",
  heading: "Text",
  text: "Text",
  textInput: "TextField",
  textArea: "TextField",
  button: "Button",
  select: "ChoicePicker",
  checkbox: "CheckBox",
  switch: "CheckBox",
  slider: "Slider",
  date: "DateTimeInput",
  list: "List",
  image: "Image",
  icon: "Icon",
  video: "Video",
};

/** Our catalogue's type → the A2UI component that draws it (basic or ours). */
export const A2UI_COMPONENT_OF: Record<string, string> = {
  ...BASIC_EQUIVALENTS,
  ...Object.fromEntries(OWN.map((c) => [c.type, c.name])),
};

/** The component definitions ours adds, keyed by A2UI name. */
function ownDefinitions(): Record<string, Json> {
  const defs: Record<string, Json> = {};
  for (const c of OWN) {
    const props = propsOf(c.type, [...(c.omit ?? []), ...Object.keys(c.extra)]);
    defs[c.name] = {
      type: "object",
      description: c.description,
      allOf: [
        ref("ComponentCommon"),
        { $ref: "#/$defs/CatalogComponentCommon" },
        {
          type: "object",
          properties: { component: { const: c.name }, ...props.properties, ...c.extra },
          required: ["component", ...new Set([...props.required, ...c.required])],
        },
      ],
      unevaluatedProperties: false,
    };
  }
  return defs;
}

/** The catalog document (what GET /apps/api/v1/a2ui/catalog.json serves), built once. */
function buildCatalog(): Json {
  const components = { ...basicCatalog.components, ...ownDefinitions() };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: GENUI_CATALOG_ID,
    title: "GenUI A2UI catalog",
    description:
      "GenUI's component catalogue as an A2UI v0.9 catalog: the basic catalog's components and functions (unchanged), and GenUI's own components with no basic equivalent (charts, stats, tables, key/value lists, alerts, badges, progress bars, code, markdown, grids, accordions, spacers, skeletons, file inputs).",
    catalogId: GENUI_CATALOG_ID,
    components,
    functions: basicCatalog.functions,
    $defs: {
      CatalogComponentCommon: basicCatalog.$defs.CatalogComponentCommon,
      theme: basicCatalog.$defs.theme,
      anyComponent: {
        oneOf: Object.keys(components).map((name) => ({ $ref: `#/components/${name}` })),
        discriminator: { propertyName: "component" },
      },
      anyFunction: basicCatalog.$defs.anyFunction,
    },
  };
}

let built: Json | undefined;
/** Our catalog document (a fresh copy each call: callers may change theirs). */
export function genuiCatalog(): Json {
  built ??= buildCatalog();
  return structuredClone(built);
}

/** The A2UI component names our catalog declares (basic and ours). */
export const genuiComponentNames = (): string[] => Object.keys((genuiCatalog().components as Json) ?? {});

/** Every catalogue type has an A2UI component (checked by the tests; a new catalogue entry must be mapped). */
export const unmappedTypes = (): string[] => CATALOGUE.map((e) => e.type).filter((t) => !A2UI_COMPONENT_OF[t]);
