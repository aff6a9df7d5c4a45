import { z } from "zod";

/**
 * Screen JSON v1 — what the renderer draws and what `json` carries (SPEC §3 "UI screen JSON"):
 * `{ name, screen: { v1: [component…] }, props: { screenProps, style }, onStart, onResume, onPause, onEnd }`.
 * This module is the one source of truth: TypeScript types come from it (`z.infer`) and so does the published JSON
 * Schema (`screenJsonSchema()`, served at /apps/api/v1/schema/screen.v1.json).
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };
export const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

/** The events a component reports to its host (SPEC §3 "UI component action event"). */
export const ACTION_TYPES = ["onPress", "onChangeText", "onLongPress"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/**
 * What a press (or a lifecycle hook) does. A string is shorthand for `{ event: <string> }`: tell the host. `set`
 * changes another component's value on the screen; `navigate` opens a URL in a new tab (http/https only).
 */
export const actionSchema = z.union([
  z.string().min(1).max(200),
  z
    .object({
      event: z.string().min(1).max(200).optional(),
      value: jsonValue.optional(),
      set: z.object({ name: z.string().min(1).max(64), value: jsonValue }).optional(),
      navigate: z
        .string()
        .max(2000)
        .regex(/^https?:\/\//, "an http(s) URL")
        .optional(),
    })
    .strict(),
]);
export type Action = z.infer<typeof actionSchema>;
export const hookSchema = z.union([actionSchema, z.array(actionSchema).max(20)]);

/** The style keys a component or screen may set (anything else is dropped by repair). */
export const STYLE_KEYS = [
  "padding",
  "margin",
  "gap",
  "color",
  "background",
  "borderRadius",
  "border",
  "width",
  "height",
  "maxWidth",
  "minHeight",
  "fontSize",
  "fontWeight",
  "textAlign",
  "opacity",
  "flex",
  "alignItems",
  "justifyContent",
] as const;
export const styleSchema = z.partialRecord(z.enum(STYLE_KEYS), z.union([z.string().max(200), z.number()]));
export type Style = z.infer<typeof styleSchema>;

export const animationSchema = z
  .object({
    type: z.enum(["none", "fade", "slide-up", "slide-left", "scale"]),
    duration: z.number().int().min(0).max(5000).optional(),
    delay: z.number().int().min(0).max(10000).optional(),
  })
  .strict();

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export interface ComponentNode {
  name: string;
  component: string;
  package?: string;
  value?: JsonValue;
  props?: Record<string, JsonValue> & { style?: Style };
  content?: ComponentNode[];
  animation?: z.infer<typeof animationSchema>;
  onPress?: Action;
  onChangeText?: Action;
  onLongPress?: Action;
  /**
   * A developer component's (`package: "app"`) stand-in from the catalogue, attached by the server: drawn where the
   * developer's own component is not available.
   */
  fallback?: ComponentNode;
}

export const componentSchema: z.ZodType<ComponentNode> = z.lazy(() =>
  z
    .object({
      name: z.string().regex(NAME_PATTERN, "a name: a letter or _, then letters, digits, _ or -, at most 64"),
      component: z.string().min(1).max(64),
      package: z.string().min(1).max(64).optional(),
      value: jsonValue.optional(),
      props: z.record(z.string(), jsonValue).optional() as z.ZodType<ComponentNode["props"]>,
      content: z.array(componentSchema).max(500).optional(),
      animation: animationSchema.optional(),
      onPress: actionSchema.optional(),
      onChangeText: actionSchema.optional(),
      onLongPress: actionSchema.optional(),
      fallback: componentSchema.optional(),
    })
    .strict(),
);

export const screenPropsSchema = z
  .object({
    title: z.string().max(200).optional(),
    theme: z.enum(["light", "dark", "auto"]).optional(),
    padding: z.number().min(0).max(64).optional(),
    gap: z.number().min(0).max(64).optional(),
    maxWidth: z.number().min(120).max(4000).optional(),
    background: z.string().max(200).optional(),
  })
  .strict();

export const screenSchema = z
  .object({
    name: z.string().min(1).max(200),
    screen: z.object({ v1: z.array(componentSchema).max(1000) }).strict(),
    props: z.object({ screenProps: screenPropsSchema.optional(), style: styleSchema.optional() }).strict().optional(),
    onStart: hookSchema.optional(),
    onResume: hookSchema.optional(),
    onPause: hookSchema.optional(),
    onEnd: hookSchema.optional(),
  })
  .strict();

export type Screen = z.infer<typeof screenSchema>;
export type ScreenProps = z.infer<typeof screenPropsSchema>;

/** The action event a host receives (SPEC: `{ type, component: { name, value } }`). */
export interface ActionEvent {
  type: ActionType;
  component: { name: string; value: JsonValue | undefined };
}

export const SCHEMA_ID = "https://genui.dev/apps/api/v1/schema/screen.v1.json";

/** The published JSON Schema (draft 2020-12) of screen JSON v1. */
export function screenJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(screenSchema, { target: "draft-2020-12", unrepresentable: "any" }) as Record<string, unknown>;
  return { $id: SCHEMA_ID, title: "GenUI screen JSON v1", ...schema };
}
