import type { CSSProperties } from "react";
import type { Action, ComponentNode, JsonValue, Screen, STYLE_KEYS } from "@genui/ui-runtime";

/*
 * Only types come from @genui/ui-runtime here: the renderer's main chunk stays free of zod and the catalogue. The
 * `Record<StyleKey, true>` below fails to compile when STYLE_KEYS changes, and a test compares it at run time.
 */
export type StyleKey = (typeof STYLE_KEYS)[number];
const STYLE_KEY_SET: Record<StyleKey, true> = {
  padding: true,
  margin: true,
  gap: true,
  color: true,
  background: true,
  borderRadius: true,
  border: true,
  width: true,
  height: true,
  maxWidth: true,
  minHeight: true,
  fontSize: true,
  fontWeight: true,
  textAlign: true,
  opacity: true,
  flex: true,
  alignItems: true,
  justifyContent: true,
};
export const RENDERER_STYLE_KEYS = Object.keys(STYLE_KEY_SET) as StyleKey[];

export type Props = NonNullable<ComponentNode["props"]>;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Values that could load remote resources or run script from a style are dropped. */
const UNSAFE_STYLE = /url\s*\(|image-set\s*\(|expression\s*\(|javascript:|@import|[<>{}]/i;

/** The component's `style`, keeping only STYLE_KEYS with string or number values. */
export function sanitizeStyle(style: unknown): CSSProperties {
  if (!isObject(style)) return {};
  const out: Record<string, string | number> = {};
  for (const key of RENDERER_STYLE_KEYS) {
    const v = style[key];
    if (typeof v === "number" && Number.isFinite(v)) out[key] = v;
    else if (typeof v === "string" && v.length <= 200 && !UNSAFE_STYLE.test(v)) out[key] = v;
  }
  return out as CSSProperties;
}

const ANIMATIONS = new Set(["fade", "slide-up", "slide-left", "scale"]);

/** Class and CSS variables for a node's `animation` (keyframes live in the style sheet). */
export function animationOf(animation: ComponentNode["animation"] | undefined): { className?: string; style?: CSSProperties } {
  if (!isObject(animation) || typeof animation.type !== "string" || !ANIMATIONS.has(animation.type)) return {};
  const style: Record<string, string> = {};
  if (typeof animation.duration === "number")
    style["--gu-anim-duration"] = `${Math.max(0, Math.min(5000, animation.duration))}ms`;
  if (typeof animation.delay === "number") style["--gu-anim-delay"] = `${Math.max(0, Math.min(10000, animation.delay))}ms`;
  return { className: `gu-anim gu-anim-${animation.type}`, style: style as CSSProperties };
}

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(" ");

/** A plausible screen: the renderer draws anything with a name and a `screen.v1` list (components are checked one by one). */
export function isScreenLike(s: unknown): s is Screen {
  return isObject(s) && typeof s.name === "string" && isObject(s.screen) && Array.isArray(s.screen.v1);
}

export function isNodeLike(n: unknown): n is ComponentNode {
  return isObject(n) && typeof n.component === "string";
}

/** A value as display text. */
export function asText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

export const asNumber = (v: unknown, fallback: number): number => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

export const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
export const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
export const bool = (v: unknown): boolean => v === true;

/** A comparable key for a JSON value (used to tell when the screen changed a component's value). */
export function valueKey(v: JsonValue | undefined): string {
  if (v === undefined) return "u";
  if (typeof v !== "object" || v === null) return `p${JSON.stringify(v)}`;
  return `o${JSON.stringify(v)}`;
}

export const isHttpUrl = (u: unknown): u is string => typeof u === "string" && /^https?:\/\/[^\s]+$/i.test(u);
export const isHttpsUrl = (u: unknown): u is string => typeof u === "string" && /^https:\/\/[^\s]+$/i.test(u);

/** The actions of a hook (one or a list). */
export function actionList(hook: Action | Action[] | undefined): Action[] {
  if (hook === undefined || hook === null) return [];
  return Array.isArray(hook) ? hook : [hook];
}

// Formatting ---------------------------------------------------------------------------------------------------------

const nf = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = nf.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(undefined, opts);
    } catch {
      f = new Intl.NumberFormat(undefined);
    }
    nf.set(key, f);
  }
  return f;
}

export type NumberFormatKind = "text" | "number" | "currency" | "percent" | "date";

/** Formats a cell / stat value; anything that is not a number (or a date string for "date") is shown as text. */
export function formatValue(v: unknown, format: string | undefined, currency = "USD"): string {
  if (format === "date") {
    if (typeof v === "string" || typeof v === "number") {
      const d = typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00`) : new Date(v);
      if (!Number.isNaN(d.getTime())) return new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(d);
    }
    return asText(v);
  }
  if (typeof v !== "number" || !Number.isFinite(v)) return asText(v);
  switch (format) {
    case "currency": {
      const cur = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : "USD";
      // Whole amounts without cents ($12,400), others with them ($12.50).
      const whole = Number.isInteger(v);
      return numberFormat(`c:${cur}:${whole}`, {
        style: "currency",
        currency: cur,
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(v);
    }
    case "percent":
      // A percent value is given in percent (12.5 → 12.5%).
      return `${numberFormat("n", { maximumFractionDigits: 2 }).format(v)}%`;
    case "number":
      return numberFormat("n", { maximumFractionDigits: 2 }).format(v);
    default:
      return format === "text" ? String(v) : numberFormat("n", { maximumFractionDigits: 2 }).format(v);
  }
}

/** The object entries of a list value (rows, items); anything else is skipped. */
export function objectsOf(v: unknown): Record<string, unknown>[] {
  if (!Array.isArray(v)) return [];
  const out: Record<string, unknown>[] = [];
  for (const e of v as unknown[]) if (isObject(e)) out.push(e);
  return out;
}

// List markers -------------------------------------------------------------------------------------------------------

/** A bullet typed into an item's text ("• Milk", "- Milk", "* Milk"). */
const BULLET_MARK = /^\s*[•·▪▫◦‣⁃●○■□▸▹►–—*+-]\s+/u;
/** A number typed into an item's text ("1. Mix", "2) Bake", "(3) Serve"). */
const NUMBER_MARK = /^\s*(?:(\d{1,3})[.)]|\((\d{1,3})\))\s+/;
/** A glyph that serves as the item's own marker ("✓ Free delivery", "🚚 Fast"). */
const OWN_MARK = /^\s*(?:[✓✔✅☑✗✘❌★☆→➜➤]|\p{Extended_Pictographic})/u;

export interface ListMarkers {
  /** The items' text without typed bullets (and without typed numbers when the list is numbered by them). */
  items: string[];
  /** Every item was numbered in its text: the list is an ordered one. */
  ordered: boolean;
  /** The first typed number, when the list is numbered by its text. */
  start?: number;
  /** Every item starts with a glyph of its own (✓, an emoji): the list needs no bullets. */
  ownMarkers: boolean;
}

/**
 * A list's items without the markers a list draws itself: bullets typed into the text are dropped, typed numbers too
 * when every item has one (the list becomes an ordered one from that number), so no item shows two markers.
 */
export function listMarkers(texts: string[]): ListMarkers {
  const bare = texts.map((t) => t.replace(BULLET_MARK, ""));
  const numbered = bare.length > 0 && bare.every((t) => NUMBER_MARK.test(t));
  const first = numbered ? NUMBER_MARK.exec(bare[0] ?? "") : null;
  const items = numbered ? bare.map((t) => t.replace(NUMBER_MARK, "")) : bare;
  return {
    items,
    ordered: numbered,
    ...(first ? { start: Number(first[1] ?? first[2]) } : {}),
    ownMarkers: items.length > 0 && items.every((t) => OWN_MARK.test(t)),
  };
}
