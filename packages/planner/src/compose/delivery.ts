import { list, progress, type UiNode } from "../ui";
import { addDays, placesFor, shortDate, TODAY, type Ctx } from "./context";
import { details, header } from "./sections";

/**
 * An order's status or a delivery's tracking: the order's own number and the stage its request names ("shipped
 * yesterday", "out for delivery", "delivered on Monday"), with the stages before it done on dates up to today and the
 * stages after it expected — never a date in the future for something done, never another order's number.
 */

const STAGES = ["Order placed", "Packed", "Shipped", "Out for delivery", "Delivered"] as const;

/** Is the request about an order's or a parcel's status (not a habit or a budget)? */
export function isDeliveryRequest(text: string): boolean {
  const t = text.toLowerCase();
  return (
    /\b(?:order status|status of (?:my |an |the )?order|where(?:'s| is) my|track(?:ing)? (?:my |an |the |a )?(?:order|parcel|package|shipment|delivery)|delivery status|shipment status)\b/.test(
      t,
    ) ||
    /\b(?:deliver(?:y|ed|ies)?|shipment|parcel|package|courier)\b/.test(t) ||
    (/\border\b/.test(t) &&
      /\b(?:shipped|dispatched|out for delivery|delivered|in transit|arriving|tracking|track|status)\b/.test(t))
  );
}

/** The order's own number as the user wrote it ("#4821", "order 4821", "order no. A-1042"). */
export function orderNumber(text: string): string | undefined {
  const m =
    /#\s?([A-Z0-9][A-Z0-9-]{1,19})\b/i.exec(text) ??
    /\border\s+(?:no\.?|number|num\.?|id)?\s*:?\s*([A-Z]*\d[A-Z0-9-]{1,19})\b/i.exec(text);
  return m ? m[1]!.toUpperCase() : undefined;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** How many days ago a phrase puts an event ("today" 0, "yesterday" 1, "2 days ago" 2, "on Monday" …). */
function daysAgo(phrase: string | undefined): number | undefined {
  if (!phrase) return undefined;
  const p = phrase.toLowerCase();
  if (/\btoday\b|\bthis morning\b|\bjust now\b/.test(p)) return 0;
  if (/\byesterday\b/.test(p)) return 1;
  const n = /\b(\d+|a|one|two|three|four|five|six)\s+days?\s+ago\b/.exec(p);
  if (n) {
    const words: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
    return words[n[1]!] ?? Number(n[1]);
  }
  if (/\blast week\b/.test(p)) return 7;
  const day = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d}\\b`).test(p));
  if (day >= 0) return (TODAY.getUTCDay() - day + 7) % 7 || 7;
  return undefined;
}

/** The stage the request names and when it happened, if it says. */
function stageAsked(text: string): { stage: number; ago?: number } | undefined {
  const t = text.toLowerCase();
  const at = (re: RegExp) => re.exec(t);
  const when = (m: RegExpExecArray | null) => (m ? daysAgo(t.slice(m.index, m.index + 40)) : undefined);
  let m: RegExpExecArray | null;
  if ((m = at(/\bdelivered\b/))) return { stage: 4, ago: when(m) };
  if ((m = at(/\bout for delivery\b/))) return { stage: 3, ago: when(m) };
  if ((m = at(/\b(?:shipped|dispatched|sent out|in transit)\b/))) return { stage: 2, ago: when(m) };
  if ((m = at(/\bpacked\b/))) return { stage: 1, ago: when(m) };
  if ((m = at(/\b(?:placed|ordered|confirmed)\b/))) return { stage: 0, ago: when(m) };
  return undefined;
}

export function deliveryLayout(ctx: Ctx): UiNode[] {
  const text = ctx.e.text;
  const number = orderNumber(text);
  const asked = stageAsked(text);
  // Without a stage named: shipped, the most common thing to look up.
  const current = asked?.stage ?? 2;
  const currentAgo = asked?.ago ?? (current === 4 ? 0 : 1);
  // Done stages: a day apart, ending at the current one's date (never after today); later ones expected.
  const doneDate = (i: number) => addDays(TODAY, -(currentAgo + (current - i)));
  const arriving = current >= 4 ? undefined : addDays(TODAY, Math.max(1, 3 - currentAgo - (current - 2)));
  const name = number ? `Order #${number}` : "Your order";
  const subtitle =
    current >= 4
      ? `${name} · delivered ${shortDate(doneDate(4))}`
      : `${name} · ${STAGES[current]!.toLowerCase()} ${shortDate(doneDate(current))} · arriving by ${shortDate(arriving!)}`;
  const from = placesFor(ctx, 2)[1]!.city;
  const to = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
  return [
    ...header(ctx.title, subtitle),
    progress(current + 1, {
      name: "delivery_progress",
      label: STAGES[current]!,
      max: STAGES.length,
      tone: current >= 4 ? "success" : "info",
    }),
    list(
      STAGES.map((s, i) => ({
        title: s,
        subtitle:
          i <= current ? shortDate(doneDate(i)) : i === STAGES.length - 1 ? `Expected by ${shortDate(arriving!)}` : "Next",
        icon: i <= current ? ("check" as const) : ("clock" as const),
      })),
      { name: "stages", dividers: true },
    ),
    details({
      ...(number ? { Order: `#${number}` } : {}),
      Status: STAGES[current]!,
      From: from,
      To: to,
    }),
  ];
}
