import { capitalize } from "../../text";
import { button, card, list, type Row, row, table, tabs } from "../../ui";
import { addDays, CATALOG, placesFor, shortDate, TODAY } from "../context";
import { header } from "../sections";
import { type Layout, own, ownItems } from "./helpers";

/**
 * The time group: a calendar, a schedule and an itinerary.
 */

export const TIME_LAYOUTS: Record<string, Layout> = {
  calendar: (ctx) => {
    const events = CATALOG.events.slice(0, 8);
    const owned = own(ctx);
    const month = TODAY.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    const first = TODAY.getUTCDay() === 0 ? 6 : TODAY.getUTCDay() - 1;
    const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const rows: Row[] = [];
    for (let w = 0; w < 5; w++)
      rows.push(
        Object.fromEntries(
          days.map((d, di) => {
            const day = w * 7 + di - first + 1;
            const ev = events.find((_, k) => k * 4 + 2 === day);
            return [d.toLowerCase(), day >= 1 && day <= 31 ? `${day}${ev ? ` · ${ev.title}` : ""}` : ""];
          }),
        ),
      );
    const upcoming = (
      owned.length
        ? owned.map((t, i) => ({ title: capitalize(t), when: shortDate(addDays(TODAY, i * 3 + 1)) }))
        : events.map((e, k) => ({ title: e.title, when: `${shortDate(addDays(TODAY, k * 4 + 1))}, ${e.start}` }))
    ).slice(0, 6);
    return [
      ...header(ctx.title.length < 4 ? month : ctx.title, month),
      row(
        [
          button("Previous month", { name: "previous_month", variant: "ghost", icon: "arrow-left", onPress: "previous_month" }),
          button("Next month", { name: "next_month", variant: "ghost", onPress: "next_month" }),
          button("Add event", { name: "add_event", variant: "primary", icon: "plus", onPress: "add_event" }),
        ],
        { gap: 8, justify: "end" },
      ),
      table(rows, { name: "month", columns: days.map((d) => ({ key: d.toLowerCase(), label: d })) }),
      card("Upcoming", { name: "upcoming" }, [
        list(
          upcoming.map((u) => ({ title: u.title, subtitle: u.when, icon: "calendar" as const })),
          { name: "events" },
        ),
      ]),
    ];
  },
  schedule: (ctx) => {
    // Timed entries the user wrote ("registration 8:30, keynote 9:30", "6:10 120ml"): one table, in their order.
    const timed = ownItems(ctx).filter((i) => i.time);
    if (timed.length >= 2) {
      const valued = timed.some((i) => i.value !== undefined);
      const rows: Row[] = timed.map((i) => ({
        time: i.time!,
        entry: i.label === i.time ? (valued ? "Entry" : i.text) : capitalize(i.label),
        ...(valued ? { amount: i.value ?? "", unit: i.unit ?? "" } : {}),
      }));
      return [
        ...header(ctx.title, `${timed.length} entries`),
        table(rows, {
          name: "entries",
          columns: [
            { key: "time", label: "Time" },
            { key: "entry", label: "Entry" },
            ...(valued
              ? [
                  { key: "amount", label: "Amount", align: "right" as const },
                  { key: "unit", label: "Unit" },
                ]
              : []),
          ],
        }),
        row([button("Add entry", { name: "add_entry", variant: "primary", icon: "plus", onPress: "add_entry" })], {
          justify: "end",
        }),
      ];
    }
    const days = ctx.e.dates.filter((d) => /day$/i.test(d));
    const acts = own(ctx).length ? own(ctx).map(capitalize) : CATALOG.events.map((ev) => ev.title);
    const dayNames = days.length ? days.map(capitalize) : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
    const panel = (d: number) =>
      table(
        acts.slice(0, 6).map((_, i) => ({
          time: `${String(8 + i * 2 + (d % 2)).padStart(2, "0")}:00`,
          activity: acts[(i + d) % acts.length]!,
          place: CATALOG.events[(i + d) % CATALOG.events.length]!.place,
        })),
        {
          name: `day_${d + 1}`,
          columns: [
            { key: "time", label: "Time" },
            { key: "activity", label: "Activity" },
            { key: "place", label: "Where" },
          ],
        },
      );
    return [
      ...header(ctx.title, "Tap a day to see its sessions."),
      tabs(
        dayNames,
        dayNames.map((_, d) => panel(d)),
        { name: "days" },
      ),
    ];
  },
  itinerary: (ctx) => {
    const span = /\b(\d{1,2})[- ](?:day|night)s?\b/i.exec(ctx.e.text)?.[1];
    const n = span
      ? Math.min(10, Number(span))
      : ctx.e.count && /day|night/.test(ctx.e.count.noun)
        ? Math.min(10, ctx.e.count.n)
        : 3;
    const city = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
    const kind = /beach|island|coast|bali|goa|maldives/i.test(ctx.e.norm)
      ? "beach"
      : /mountain|alps|hike|trek|ski/i.test(ctx.e.norm)
        ? "mountains"
        : "city";
    const acts = CATALOG.itineraries[kind];
    return [
      ...header(ctx.title, `${n} days in ${city}${ctx.e.people.length ? ` with ${ctx.e.people.join(" and ")}` : ""}.`),
      ...Array.from({ length: n }, (_, d) =>
        card(`Day ${d + 1} · ${shortDate(addDays(TODAY, d + 14))}`, { name: `day_${d + 1}` }, [
          list(
            acts
              .slice((d * 3) % acts.length, ((d * 3) % acts.length) + 3)
              .map((a) => ({ title: a.title, subtitle: `${capitalize(a.time)} · ${a.text}`, icon: "clock" as const })),
            { name: `day_${d + 1}_plan` },
          ),
        ]),
      ),
      row(
        [
          button("Share itinerary", { name: "share", variant: "secondary", onPress: "share_itinerary" }),
          button("Book hotels", { name: "book_hotels", variant: "primary", onPress: "book_hotels" }),
        ],
        { gap: 8, justify: "end" },
      ),
    ];
  },
};
