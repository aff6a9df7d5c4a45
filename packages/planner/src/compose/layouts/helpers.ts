import { capitalize } from "../../text";
import { type UiNode } from "../../ui";
import { type Item } from "../../understand/items";
import { type Ctx, peopleFor } from "../context";
import { cell, money } from "../sections";

/**
 * What the layouts share: the user's own list, items and things read from the request, how many to show,
 * and the text of a table's cell.
 */

export type Layout = (ctx: Ctx) => UiNode[];

/** The user's own list, when the request has one. */
export const own = (ctx: Ctx): string[] => ctx.e.lists[0] ?? [];
/** The user's own list read as items (options, values, ranges), when the request has one. */
export const ownItems = (ctx: Ctx): Item[] => [...ctx.e.items].sort((a, b) => b.length - a.length)[0] ?? [];
/** The user's listed things as named items with their price or value ("Toyota Corolla 2018 $12,500", "day pass 15 €"). */
export const ownThings = (ctx: Ctx, min = 2): { name: string; price?: number; options: string[]; text: string }[] => {
  const l = ownItems(ctx).filter(
    (i) => i.label && !/^(?:hero|cta|filters?|search|total|subtotal|button|chart|table)\b/i.test(i.label),
  );
  if (l.length < min) return [];
  // A single phrase in parentheses ("10-day bundle £270 (includes a free bath)") is one more thing said of it.
  return l.map((i) => ({
    name: capitalize(i.label),
    ...(i.value !== undefined ? { price: i.value } : {}),
    options: i.options.length
      ? i.options
      : i.detail
        ? [i.detail.replace(/^(?:includes?|with|incl\.?)\s+(?:a\s+|an\s+)?/i, "")]
        : [],
    text: i.text,
  }));
};
/** How many things to show: the user's count, else `n`. */
export const count = (ctx: Ctx, n: number, max = 24): number => Math.max(1, Math.min(max, ctx.e.count?.n ?? n));
export const items = (ctx: Ctx, n: number) => {
  const all = ctx.domain.items;
  return Array.from({ length: Math.min(n, all.length * 2) }, (_, i) => all[i % all.length]!).slice(0, n);
};

export const cellText = (ctx: Ctx, column: string, i: number): string => {
  const v = cell(ctx, column, i, peopleFor(ctx, 6));
  return typeof v === "number" && /salary|price|cost|pay/i.test(column) ? money(v, ctx.currency) : String(v);
};

/** A button the request names ("with a retry button", "a 'continue shopping' button"). */

/** The user's listed items as list entries, else `fallback`. */
export function listOr(ctx: Ctx, fallback: readonly string[]): string[] {
  const l = own(ctx);
  return l.length ? l.map(capitalize) : [...fallback];
}
