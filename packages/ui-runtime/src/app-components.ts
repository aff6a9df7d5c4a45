import { z } from "zod";
import { CATALOGUE, dslName } from "./catalogue";
import type { ComponentNode, JsonValue } from "./schema";
import { withThousands } from "./numbers";

/**
 * The developer's own components: an app declares them (name, a description for the model, props as JSON Schema, an
 * example, a built-in component to fall back to, and optionally a role the built-in generator composes). A screen
 * uses one as `{ component: "ProductCard", package: "app", props: {…} }` (UI code: `custom("ProductCard", {…})`);
 * the server checks its props against the declaration and attaches `fallback`, a built-in subtree drawn wherever the
 * developer's React component is not available (the sandboxed iframe, the web component, other hosts).
 *
 * This module is browser-safe (no JSON Schema engine): the schema checks live in `app-components-check.ts`
 * (`@genui/ui-runtime/node`).
 */

/** The `package` of a developer's component in screen JSON. */
export const APP_PACKAGE = "app";

export const APP_COMPONENT_LIMITS = {
  /** Declarations per app. */
  perApp: 24,
  /** One declaration, as JSON (UTF-8 bytes). */
  declarationBytes: 16 * 1024,
  descriptionChars: 500,
  /** Nesting of the props schema. */
  schemaDepth: 8,
} as const;

/** React-style names: a capital letter, then letters and digits (2–48 characters). */
export const COMPONENT_NAME_PATTERN = /^[A-Z][A-Za-z0-9]{1,47}$/;

/** Built-in components a declaration may fall back to (they take no children from the developer's props). */
export const FALLBACK_TYPES = [
  "card",
  "stat",
  "keyValue",
  "list",
  "text",
  "markdown",
  "heading",
  "button",
  "alert",
  "badge",
] as const;
export type FallbackType = (typeof FALLBACK_TYPES)[number];

/**
 * Roles the built-in generator composes, with the fields it fills. A declaration with a role is used where the
 * generator would draw that role; its `role.props` maps role fields to the component's props (by default, props of the
 * same name or a usual synonym).
 */
export const ROLES = {
  "product-card": {
    description: "A product in a shop or catalogue",
    fields: { title: "text", price: "text", description: "text", image: "text", badge: "text", action: "text" },
  },
  "pricing-tier": {
    description: "One plan of a pricing table",
    fields: { title: "text", price: "text", period: "text", features: "list", action: "text", highlighted: "boolean" },
  },
  hero: {
    description: "The opening banner of a landing page",
    fields: { title: "text", subtitle: "text", action: "text", image: "text" },
  },
} as const satisfies Record<string, { description: string; fields: Record<string, "text" | "list" | "boolean"> }>;
export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

/** Other names a role field is found under in a developer's props (first match wins). */
export const FIELD_SYNONYMS: Record<string, readonly string[]> = {
  title: ["title", "name", "heading", "headline", "label", "planName", "productName"],
  price: ["price", "amount", "cost", "priceLabel", "formattedPrice"],
  period: ["period", "interval", "billingPeriod", "per"],
  description: ["description", "summary", "blurb", "text", "body"],
  subtitle: ["subtitle", "tagline", "subheading", "description", "text"],
  image: ["image", "imageUrl", "img", "src", "photo", "picture", "thumbnail"],
  badge: ["badge", "tag", "label", "ribbon"],
  action: ["action", "cta", "ctaLabel", "button", "buttonLabel", "actionLabel"],
  features: ["features", "items", "benefits", "includes", "bullets"],
  highlighted: ["highlighted", "featured", "popular", "recommended", "emphasized"],
};

// Named (and referring to itself by that name): an OpenAPI document then writes it once, as a $ref, where an unnamed
// recursive schema never ends.
const jsonValue: z.ZodType<JsonValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]))
  .meta({ id: "JsonValue" });

export const appComponentSchema = z
  .object({
    name: z
      .string({ error: "Not a valid string." })
      .regex(COMPONENT_NAME_PATTERN, "A component name: a capital letter, then letters and digits (2 to 48), e.g. ProductCard."),
    description: z
      .string({ error: "Not a valid string." })
      .trim()
      .min(1, "Say what the component shows and when to use it (the model reads this).")
      .max(APP_COMPONENT_LIMITS.descriptionChars, `At most ${APP_COMPONENT_LIMITS.descriptionChars} characters.`),
    props: z
      .record(z.string(), jsonValue, { error: 'A JSON Schema object: { "type": "object", "properties": { … } }.' })
      .meta({ description: "The props as a JSON Schema (2020-12) of type object." }),
    example: z
      .record(z.string(), jsonValue, { error: "Example props: an object that the props schema accepts." })
      .meta({ description: "Props the schema accepts: shown to the model and used in the dashboard's preview." }),
    fallback: z.enum(FALLBACK_TYPES, { error: `One of ${FALLBACK_TYPES.join(", ")}.` }).meta({
      description: "The built-in component drawn where your React component is not available (the iframe, other hosts).",
    }),
    role: z
      .object({
        name: z.enum(ROLE_NAMES as [RoleName, ...RoleName[]], { error: `One of ${ROLE_NAMES.join(", ")}.` }),
        props: z
          .record(z.string(), z.string({ error: "The name of one of your props." }))
          .optional()
          .meta({ description: "Role field → your prop (default: the prop of the same name or a usual synonym)." }),
      })
      .strict()
      .optional()
      .meta({ description: "Where the built-in generator uses this component: product-card, pricing-tier or hero." }),
  })
  .strict()
  .meta({ id: "AppComponent" });
export type AppComponent = z.infer<typeof appComponentSchema>;

/** Names taken by GenUI: built-in components (in any letter case, and their UI code names) and the DSL's own. */
const RESERVED = new Set(
  [...CATALOGUE.flatMap((e) => [e.type, dslName(e.type)]), "screen", "custom", "app", "genui", "fallback"].map((n) =>
    n.toLowerCase(),
  ),
);

/** Whether `name` clashes with one of GenUI's components (compared without letter case). */
export const clashesWithBuiltIn = (name: string): boolean => RESERVED.has(name.toLowerCase());

// Role mapping ---------------------------------------------------------------------------------------------------------

type JsonSchemaLike = { type?: unknown; properties?: Record<string, { type?: unknown; items?: unknown }>; required?: unknown };

const propsOf = (c: Pick<AppComponent, "props">): Record<string, { type?: unknown }> => {
  const p = (c.props as JsonSchemaLike).properties;
  return p && typeof p === "object" && !Array.isArray(p) ? p : {};
};

/** Role field → the component's prop that receives it (explicit `role.props` first, then same name or synonym). */
export function roleMapping(c: Pick<AppComponent, "props" | "role">): Record<string, string> {
  if (!c.role) return {};
  const declared = propsOf(c);
  const out: Record<string, string> = {};
  const taken = new Set<string>();
  const fields = Object.keys(ROLES[c.role.name].fields);
  for (const f of fields) {
    const explicit = c.role.props?.[f];
    if (explicit && Object.prototype.hasOwnProperty.call(declared, explicit)) {
      out[f] = explicit;
      taken.add(explicit);
    }
  }
  for (const f of fields) {
    if (out[f] || c.role.props?.[f]) continue;
    const hit = (FIELD_SYNONYMS[f] ?? [f]).find((s) => Object.prototype.hasOwnProperty.call(declared, s) && !taken.has(s));
    if (hit) {
      out[f] = hit;
      taken.add(hit);
    }
  }
  return out;
}

const typesOf = (s: { type?: unknown } | undefined): string[] =>
  Array.isArray(s?.type) ? (s.type as string[]) : typeof s?.type === "string" ? [s.type] : [];

/** A role field's value in the type the component's prop declares (a price text to a number, a list to text, …). */
function convert(value: JsonValue, schema: { type?: unknown } | undefined): JsonValue | undefined {
  const types = typesOf(schema);
  if (types.length === 0) return value;
  if (types.includes(typeof value === "number" ? "number" : typeof value) || (Array.isArray(value) && types.includes("array")))
    return value;
  if ((types.includes("number") || types.includes("integer")) && typeof value === "string") {
    // "$1,299.50" → 1299.5; a text without digits ("Contact us") is no number (never 0).
    const n = Number(value.replace(/[^0-9.-]/g, ""));
    if (/\d/.test(value) && Number.isFinite(n)) return types.includes("integer") ? Math.round(n) : n;
  }
  if (types.includes("string")) {
    if (Array.isArray(value)) return value.map(String).join(", ");
    if (typeof value === "number" || typeof value === "boolean") return String(value);
  }
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  if (types.includes("array") && typeof value === "string") return [value];
  return undefined;
}

/**
 * The component's props for a role's fields (what the built-in generator composed): each mapped field converted to
 * the type its prop declares; fields the component has no prop for are left out.
 */
export function fillRole(
  c: Pick<AppComponent, "props" | "role">,
  fields: Record<string, JsonValue | undefined>,
): Record<string, JsonValue> {
  const map = roleMapping(c);
  const declared = propsOf(c);
  const out: Record<string, JsonValue> = {};
  for (const [field, prop] of Object.entries(map)) {
    const v = fields[field];
    if (v === undefined || v === null || v === "") continue;
    const converted = convert(v, declared[prop]);
    if (converted !== undefined) out[prop] = converted;
  }
  return out;
}

/** The required props of the schema that the role cannot fill (a declaration with a role must leave none). */
export function unfilledRequired(c: Pick<AppComponent, "props" | "role">): string[] {
  if (!c.role) return [];
  const req = (c.props as JsonSchemaLike).required;
  const filled = new Set(Object.values(roleMapping(c)));
  return Array.isArray(req) ? req.filter((r): r is string => typeof r === "string" && !filled.has(r)) : [];
}

// Fallback -------------------------------------------------------------------------------------------------------------

const firstKey = (props: Record<string, JsonValue>, keys: readonly string[], ok: (v: JsonValue) => boolean) =>
  keys.find((k) => Object.prototype.hasOwnProperty.call(props, k) && ok(props[k]!));

const isText = (v: JsonValue): v is string => typeof v === "string" && v.trim() !== "";
const humanize = (k: string): string =>
  k
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .replace(/^./, (c) => c.toUpperCase())
    .slice(0, 200);
const clip = (s: string, n = 200): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A button's words from what pressing it reports: `{event: "add_to_cart"}` → "Add to cart". */
function pressLabel(action: ComponentNode["onPress"]): string | undefined {
  const event =
    typeof action === "string" ? action : action && typeof action === "object" && "event" in action ? action.event : undefined;
  if (typeof event !== "string" || !/^[A-Za-z][A-Za-z0-9_ -]{0,40}$/.test(event)) return undefined;
  const words = event
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : undefined;
}

/**
 * A developer component's stand-in from GenUI's catalogue: what its props say, drawn as the declared built-in (a card
 * with its title, text, details, list and button; a stat; label/value pairs; …). Always valid screen JSON.
 */
export function fallbackNode(
  type: FallbackType,
  node: Pick<ComponentNode, "name" | "component" | "props" | "onPress">,
): ComponentNode {
  const { style: _style, ...rest } = (node.props ?? {}) as Record<string, JsonValue>;
  void _style;
  const props = rest as Record<string, JsonValue>;
  const used = new Set<string>();
  const take = (keys: readonly string[], ok: (v: JsonValue) => boolean): JsonValue | undefined => {
    const k = keys.find((key) => Object.prototype.hasOwnProperty.call(props, key) && !used.has(key) && ok(props[key]!));
    if (k === undefined) return undefined;
    used.add(k);
    return props[k];
  };
  const title = (take(FIELD_SYNONYMS.title!, isText) as string | undefined) ?? humanize(node.component);
  const subtitle = take([...FIELD_SYNONYMS.description!, ...FIELD_SYNONYMS.subtitle!], isText) as string | undefined;
  const action = take(FIELD_SYNONYMS.action!, isText) as string | undefined;
  // An image from another site is never fetched by the renderer: its address is not worth a placeholder here.
  take(FIELD_SYNONYMS.image!, isText);
  const numberKey = firstKey(props, Object.keys(props), (v) => typeof v === "number" && Number.isFinite(v));
  const name = `${node.name}_fallback`.slice(0, 64);
  const details: Record<string, JsonValue> = {};
  const lists: string[] = [];
  for (const [k, v] of Object.entries(props)) {
    if (used.has(k)) continue;
    // Numbers are shown as text with thousands separators (1,290), as a person would write them.
    if (typeof v === "string" || typeof v === "number")
      details[humanize(k)] = typeof v === "string" ? clip(v) : Number.isInteger(v) ? withThousands(v) : v;
    else if (typeof v === "boolean") continue;
    else if (Array.isArray(v))
      for (const item of v.slice(0, 20)) if (typeof item === "string" || typeof item === "number") lists.push(clip(String(item)));
  }
  const onPress = node.onPress !== undefined ? { onPress: node.onPress } : {};
  const button = (label: string): ComponentNode => ({
    name: `${name}_action`.slice(0, 64),
    component: "button",
    value: clip(label),
    ...onPress,
  });
  switch (type) {
    case "card": {
      const content: ComponentNode[] = [];
      if (subtitle) content.push({ name: `${name}_text`.slice(0, 64), component: "text", value: clip(subtitle, 2000) });
      if (Object.keys(details).length)
        content.push({ name: `${name}_details`.slice(0, 64), component: "keyValue", value: details });
      if (lists.length) content.push({ name: `${name}_list`.slice(0, 64), component: "list", value: lists });
      if (action || node.onPress !== undefined) content.push(button(action ?? pressLabel(node.onPress) ?? "Select"));
      return { name, component: "card", value: clip(title), ...(content.length ? { content } : {}) };
    }
    case "stat": {
      const value = numberKey !== undefined ? (props[numberKey] as number) : Number.NaN;
      return Number.isFinite(value)
        ? { name, component: "stat", value, props: { label: clip(title) } }
        : { name, component: "keyValue", value: { [clip(title)]: Object.values(details)[0] ?? "" } };
    }
    case "keyValue":
      return { name, component: "keyValue", value: { ...(subtitle ? { [title]: clip(subtitle) } : {}), ...details } };
    case "list":
      return { name, component: "list", value: lists.length ? lists : [title, ...(subtitle ? [subtitle] : [])] };
    case "markdown":
      return {
        name,
        component: "markdown",
        value: [
          `**${title}**`,
          subtitle ?? "",
          ...Object.entries(details).map(([k, v]) => `- ${k}: ${String(v)}`),
          ...lists.map((l) => `- ${l}`),
        ]
          .filter(Boolean)
          .join("\n"),
      };
    case "heading":
      return { name, component: "heading", value: clip(title) };
    case "button":
      return button(action ?? title);
    case "alert":
      return { name, component: "alert", value: clip(subtitle ? `${title}: ${subtitle}` : title, 2000) };
    case "badge":
      return { name, component: "badge", value: clip(title, 60) };
    case "text":
    default:
      return { name, component: "text", value: clip(subtitle ? `${title}. ${subtitle}` : title, 2000) };
  }
}

/**
 * The screen with every node of a declared component carrying its fallback (made from its props when the node has
 * none): for screens made where the server's check has not run (a template's code evaluated in the editor's page), so
 * every renderer draws them as it would a generated screen. Nodes of undeclared components are left as they are.
 */
export function attachFallbacks<S extends { screen: { v1: ComponentNode[] } }>(
  screen: S,
  components: readonly Pick<AppComponent, "name" | "fallback">[],
): S {
  if (components.length === 0) return screen;
  const fallbackOf = new Map(components.map((c) => [c.name, c.fallback]));
  const walk = (nodes: ComponentNode[]): ComponentNode[] =>
    nodes.map((n) => {
      const type = n.package === APP_PACKAGE ? fallbackOf.get(n.component) : undefined;
      const content = n.content ? walk(n.content) : undefined;
      const out = content ? { ...n, content } : n;
      return type && !n.fallback ? { ...out, fallback: fallbackNode(type, n) } : out;
    });
  return { ...screen, screen: { ...screen.screen, v1: walk(screen.screen.v1) } };
}

/** What validation and repair need of an app's declarations (see `createAppComponentChecker` on the Node side). */
export interface AppComponentChecker {
  /** The declared built-in to fall back to; undefined when the app declares no such component. */
  fallbackOf(name: string): FallbackType | undefined;
  /** Problems of `props` against the declared schema (`path` relative to the props object); empty when valid. */
  propsProblems(name: string, props: Record<string, unknown>): { path: string; message: string }[];
}

/** A one-line summary of the app's components for a model's prompt (name, description, props schema, example). */
export function appComponentsPrompt(components: readonly AppComponent[]): string {
  if (components.length === 0) return "";
  const lines = components.map(
    (c) =>
      `- ${c.name}: ${c.description.replace(/\s+/g, " ")}\n  props (JSON Schema): ${JSON.stringify(c.props)}\n` +
      `  example: custom(${JSON.stringify(c.name)}, ${JSON.stringify(c.example)})`,
  );
  return (
    "The app has its own components. Use one where it fits better than a built-in, with exactly its declared props " +
    '(no children): custom("Name", {props…, name?, onPress?}).\n' +
    lines.join("\n")
  );
}
