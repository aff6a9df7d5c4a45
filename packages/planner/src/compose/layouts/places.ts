import { capitalize } from "../../text";
import {
  button,
  card,
  grid,
  heading,
  image,
  lineChart,
  list,
  type Row,
  row,
  select,
  stat,
  table,
  textInput,
  type UiNode,
} from "../../ui";
import { addDays, placesFor, shortDate, TODAY } from "../context";
import { details, header, money, nameOf, photo } from "../sections";
import { count, type Layout, own, ownThings } from "./helpers";

/**
 * The content group's places and days out: places, an event and the weather.
 */

/** A plausible cell of a places table for a column the user named ("distance", "rating", "kW", "price per kWh"). */
function placeCell(column: string, i: number): string | number {
  const c = column.toLowerCase();
  if (/distance|km|mile/.test(c)) return `${(0.4 + i * 0.7).toFixed(1)} km`;
  if (/rating|stars/.test(c)) return (4.8 - (i % 5) * 0.2).toFixed(1);
  if (/kwh/.test(c)) return `€${(0.39 + (i % 4) * 0.04).toFixed(2)} per kWh`;
  if (/\bkw\b/.test(c)) return `${[50, 150, 22, 300, 75][i % 5]} kW`;
  if (/price|cost|fee/.test(c)) return `$${(3 + i * 1.5).toFixed(2)}`;
  if (/open|hours/.test(c)) return ["7:00–19:00", "8:00–20:00", "6:30–18:00", "9:00–21:00"][i % 4]!;
  return ["Yes", "No"][i % 2]!;
}

export const PLACE_LAYOUTS: Record<string, Layout> = {
  places: (ctx) => {
    const where = ctx.e.places[0];
    const spots = placesFor(ctx, count(ctx, 5, 12));
    const noun = ctx.domainMatched
      ? ctx.domain.brand[0]!
      : capitalize(ctx.e.words.find((w) => !/near|nearby|map|find|location|locations/.test(w)) ?? "Place");
    return [
      ...header(ctx.title, where ? `Near ${where}` : "Closest first"),
      row(
        [
          textInput({ name: "search", label: "City or postcode", type: "search", ...(where ? { value: where } : {}) }),
          button("Use my location", { name: "locate", variant: "secondary", onPress: "use_location" }),
        ],
        { gap: 8, align: "end", wrap: true },
      ),
      ...(ownThings(ctx).length && !ownThings(ctx).some((t) => /^(?:distance|rating|price|hours|opening)/i.test(t.name))
        ? [
            list(
              ownThings(ctx).map((t, i) => ({
                title: t.name,
                subtitle: `${spots[i % spots.length]!.address}, ${where ?? spots[i % spots.length]!.city} · ${(0.4 + i * 0.7).toFixed(1)} km`,
                icon: "home" as const,
              })),
              { name: "places", dividers: true, onPress: "open_place" },
            ),
          ]
        : [
            table(
              spots.map((s, i) => ({
                name: `${noun} ${where ?? s.city}${i ? ` · ${["Central", "North", "Riverside", "Old Town", "Harbour", "Station"][i % 6]}` : ""}`,
                address: `${s.address}, ${where ?? s.city}`,
                ...Object.fromEntries(
                  (own(ctx).length ? own(ctx) : ["Distance", "Rating"]).map((c) => [nameOf(c), placeCell(c, i)]),
                ),
              })),
              {
                name: "places",
                columns: [
                  { key: "name", label: "Name" },
                  { key: "address", label: "Address" },
                  ...(own(ctx).length ? own(ctx) : ["Distance", "Rating"]).map((c) => ({
                    key: nameOf(c),
                    label: /^[a-z]{1,3}$/i.test(c) ? c : capitalize(c),
                  })),
                ],
              },
            ),
          ]),
      button("Get directions", { name: "directions", variant: "primary", icon: "arrow-right", onPress: "directions" }),
    ];
  },
  event: (ctx) => {
    const where = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
    const when = ctx.e.dates[0] ?? shortDate(addDays(TODAY, 21));
    return [
      image(photo(`event-${ctx.title}`, 1200, 400), { name: "banner", alt: ctx.title, height: 200, fit: "cover" }),
      heading(ctx.title, { level: 1 }),
      details({ When: `${when}, ${ctx.e.times[0] ?? "18:30"}`, Where: where, Host: ctx.brand }, "event_details"),
      card("Programme", { name: "programme" }, [
        list(
          (own(ctx).length
            ? own(ctx).map(capitalize)
            : ["Doors open", "Welcome talk", ...ctx.domain.services.slice(0, 2).map((s) => s.name), "Drinks and networking"]
          ).map((p, i) => ({
            title: p,
            subtitle: `${String(18 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
            icon: "clock" as const,
          })),
          { name: "agenda" },
        ),
      ]),
      card("Tickets", { name: "tickets" }, [
        select("standard", {
          name: "ticket_type",
          label: "Ticket",
          options: [
            { label: `Standard — ${money(ctx.e.amounts[0] ?? 25, ctx.currency)}`, value: "standard" },
            { label: `VIP — ${money((ctx.e.amounts[0] ?? 25) * 3, ctx.currency)}`, value: "vip" },
          ],
        }),
        textInput({ name: "tickets_count", label: "How many", type: "number", value: "1" }),
        button("Get tickets", { name: "get_tickets", variant: "primary", onPress: "get_tickets" }),
      ]),
    ];
  },
  weather: (ctx) => {
    const city = ctx.e.places[0] ?? placesFor(ctx, 1)[0]!.city;
    const base = 8 + (hashOf(city) % 18);
    const days = Array.from({ length: 5 }, (_, i) => ({
      day: shortDate(addDays(TODAY, i)).replace(/ \d{4}$/, ""),
      high: base + ((i * 3) % 5),
      low: base - 6 + (i % 3),
      sky: ["Sunny", "Partly cloudy", "Showers", "Cloudy", "Clear"][(i + hashOf(city)) % 5]!,
    }));
    return [
      ...header(`Weather in ${city}`, `${days[0]!.sky} · updated ${TODAY.toISOString().slice(11, 16)} UTC`),
      grid(
        [
          stat(base + 2, { name: "now", label: "Now (°C)" }),
          stat(40 + (hashOf(city) % 45), { name: "humidity", label: "Humidity", format: "percent" }),
          stat(6 + (hashOf(city) % 20), { name: "wind", label: "Wind (km/h)" }),
        ],
        { columns: 3, gap: 12 },
      ),
      table(days, {
        name: "forecast",
        columns: [
          { key: "day", label: "Day" },
          { key: "sky", label: "Sky" },
          { key: "high", label: "High °C", align: "right" },
          { key: "low", label: "Low °C", align: "right" },
        ],
      }),
      lineChartOf(days.map((d) => ({ day: d.day, high: d.high, low: d.low }))),
    ];
  },
};

const hashOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

function lineChartOf(rows: Row[]): UiNode {
  return card("Next five days", { name: "trend_card" }, [chartRows(rows)]);
}
const chartRows = (rows: Row[]) =>
  lineChart(rows, { name: "temperatures", x: "day", y: ["high", "low"], title: "High and low (°C)", height: 220 });
