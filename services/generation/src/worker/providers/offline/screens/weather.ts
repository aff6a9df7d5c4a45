import { extractLocation } from "../intents";
import { rngFor, WEEKDAYS } from "../text";
import {
  alert,
  button,
  card,
  column,
  grid,
  heading,
  keyValue,
  lineChart,
  progress,
  row,
  select,
  stat,
  table,
  text,
  type Row,
  type UiNode,
} from "../ui";
import { type Built, type ScreenContext } from "./shared";

/**
 * Weather for the place the prompt names ("weather in Paris" → Paris): current conditions, the next 24 hours, a
 * 7-day forecast, air quality and daylight. There is no live data source here, so the figures are plausible for the
 * place's climate and stable for a given place, and the screen says they are illustrative.
 */

interface Climate {
  country: string;
  /** Typical daytime high, °C. */
  high: number;
  /** 0 = arid … 1 = very wet. */
  wet: number;
  fahrenheit?: boolean;
}

const CITIES: Record<string, Climate> = {
  paris: { country: "France", high: 17, wet: 0.45 },
  london: { country: "United Kingdom", high: 15, wet: 0.6 },
  "new york": { country: "United States", high: 18, wet: 0.45, fahrenheit: true },
  tokyo: { country: "Japan", high: 20, wet: 0.5 },
  berlin: { country: "Germany", high: 14, wet: 0.45 },
  madrid: { country: "Spain", high: 21, wet: 0.2 },
  rome: { country: "Italy", high: 21, wet: 0.3 },
  lisbon: { country: "Portugal", high: 21, wet: 0.3 },
  amsterdam: { country: "Netherlands", high: 14, wet: 0.6 },
  dublin: { country: "Ireland", high: 13, wet: 0.7 },
  sydney: { country: "Australia", high: 22, wet: 0.4 },
  melbourne: { country: "Australia", high: 20, wet: 0.4 },
  dubai: { country: "United Arab Emirates", high: 35, wet: 0.02 },
  mumbai: { country: "India", high: 32, wet: 0.5 },
  delhi: { country: "India", high: 31, wet: 0.25 },
  "new delhi": { country: "India", high: 31, wet: 0.25 },
  bangalore: { country: "India", high: 28, wet: 0.4 },
  bengaluru: { country: "India", high: 28, wet: 0.4 },
  singapore: { country: "Singapore", high: 31, wet: 0.8 },
  "hong kong": { country: "China", high: 26, wet: 0.6 },
  beijing: { country: "China", high: 19, wet: 0.25 },
  seoul: { country: "South Korea", high: 18, wet: 0.4 },
  moscow: { country: "Russia", high: 9, wet: 0.4 },
  cairo: { country: "Egypt", high: 29, wet: 0.02 },
  nairobi: { country: "Kenya", high: 24, wet: 0.4 },
  lagos: { country: "Nigeria", high: 31, wet: 0.6 },
  "cape town": { country: "South Africa", high: 22, wet: 0.3 },
  "sao paulo": { country: "Brazil", high: 25, wet: 0.55 },
  "rio de janeiro": { country: "Brazil", high: 28, wet: 0.45 },
  "buenos aires": { country: "Argentina", high: 22, wet: 0.4 },
  "mexico city": { country: "Mexico", high: 24, wet: 0.4 },
  toronto: { country: "Canada", high: 13, wet: 0.45 },
  vancouver: { country: "Canada", high: 14, wet: 0.7 },
  chicago: { country: "United States", high: 15, wet: 0.45, fahrenheit: true },
  "los angeles": { country: "United States", high: 24, wet: 0.1, fahrenheit: true },
  "san francisco": { country: "United States", high: 18, wet: 0.3, fahrenheit: true },
  seattle: { country: "United States", high: 16, wet: 0.65, fahrenheit: true },
  miami: { country: "United States", high: 29, wet: 0.6, fahrenheit: true },
  austin: { country: "United States", high: 27, wet: 0.35, fahrenheit: true },
  boston: { country: "United States", high: 15, wet: 0.45, fahrenheit: true },
  reykjavik: { country: "Iceland", high: 7, wet: 0.7 },
  oslo: { country: "Norway", high: 10, wet: 0.5 },
  stockholm: { country: "Sweden", high: 11, wet: 0.45 },
  istanbul: { country: "Türkiye", high: 19, wet: 0.4 },
  bangkok: { country: "Thailand", high: 33, wet: 0.55 },
};

const CONDITIONS = [
  { name: "Sunny", emoji: "☀️", rain: 0 },
  { name: "Mostly sunny", emoji: "🌤️", rain: 5 },
  { name: "Partly cloudy", emoji: "⛅", rain: 10 },
  { name: "Cloudy", emoji: "☁️", rain: 20 },
  { name: "Light rain", emoji: "🌦️", rain: 60 },
  { name: "Showers", emoji: "🌧️", rain: 75 },
  { name: "Thunderstorms", emoji: "⛈️", rain: 85 },
] as const;
type Condition = (typeof CONDITIONS)[number];

function conditionFor(wet: number, r: number): Condition {
  // Wetter places lean towards the rainy end of the list.
  const i = Math.min(CONDITIONS.length - 1, Math.floor(r * (3 + wet * 5)));
  return CONDITIONS[i]!;
}

const normKey = (place: string) =>
  place
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z ]/g, "")
    .trim();

/** Celsius or Fahrenheit. */
export type TempUnit = "c" | "f";

/** The weather screen for a place (from the prompt unless given) in a unit (from the prompt or the place unless given). */
export function buildWeather(ctx: ScreenContext, place?: string, unit?: TempUnit): Built {
  const location = place ?? extractLocation(ctx.prompt) ?? "Your location";
  const known = CITIES[normKey(location)];
  // The place, not the whole prompt, seeds the figures, so one place keeps its weather however it is asked for.
  const rng = rngFor(normKey(location), "weather");
  const climate: Climate = known ?? { country: "", high: rng.int(9, 28), wet: rng.float(0.15, 0.7, 2) };
  const asked = /fahrenheit|°f/i.test(ctx.prompt) ? "f" : /celsius|°c/i.test(ctx.prompt) ? "c" : undefined;
  const u: TempUnit = unit ?? asked ?? (climate.fahrenheit ? "f" : "c");
  const t = (c: number) => Math.round(u === "f" ? (c * 9) / 5 + 32 : c);
  const deg = u === "f" ? "°F" : "°C";
  const todayIndex = rng.int(0, 6);
  const now = conditionFor(climate.wet, rng.next());
  const high = climate.high + rng.int(-3, 3);
  const low = high - rng.int(5, 10);
  const current = high - rng.int(1, 4);
  const humidity = Math.round(35 + climate.wet * 45 + rng.int(-6, 6));
  const wind = rng.int(4, 28);
  const hours: Row[] = Array.from({ length: 8 }, (_, i) => {
    const hour = (9 + i * 3) % 24;
    // Warmest mid-afternoon, coolest before dawn.
    const c = low + (high - low) * (0.5 + 0.5 * Math.cos(((hour - 15) / 24) * 2 * Math.PI));
    return { time: `${String(hour).padStart(2, "0")}:00`, temperature: t(c + rng.float(-0.8, 0.8, 1)) };
  });
  const days: Row[] = Array.from({ length: 7 }, (_, i) => {
    const c = i === 0 ? now : conditionFor(climate.wet, rng.next());
    const h = i === 0 ? high : high + rng.int(-4, 4);
    return {
      day: i === 0 ? "Today" : WEEKDAYS[(todayIndex + i) % 7]!,
      conditions: `${c.emoji} ${c.name}`,
      high: t(h),
      low: t(h - rng.int(5, 10)),
      rain: Math.min(100, c.rain + rng.int(0, 10)),
    };
  });
  const wetDay = days.find((d, i) => i > 0 && Number(d.rain) >= 60);
  const aqi = rng.int(18, 120);
  const aqiLabel = aqi <= 50 ? "Good" : aqi <= 100 ? "Moderate" : "Unhealthy for sensitive groups";
  const title = location === "Your location" ? "Local weather" : `Weather in ${location}`;
  const nodes: UiNode[] = [
    row(
      [
        column(
          [
            heading(title, { level: 1, name: "title" }),
            text(`${climate.country ? `${climate.country} · ` : ""}${WEEKDAYS[todayIndex]} · updated 09:00`, {
              tone: "muted",
              name: "subtitle",
            }),
          ],
          { gap: 4 },
        ),
        select(u, {
          name: "units",
          label: "Units",
          options: [
            { label: "Celsius (°C)", value: "c" },
            { label: "Fahrenheit (°F)", value: "f" },
          ],
          // A string action: the host is told the unit chosen (an object action would report its own value instead).
          onChangeText: "change_units",
        }),
      ],
      { justify: "between", align: "end", wrap: true, name: "header" },
    ),
    card(
      undefined,
      [
        row(
          [
            heading(`${now.emoji} ${t(current)}${deg}`, { level: 1, name: "current_temp" }),
            column(
              [
                text(now.name, { size: "lg", weight: "bold", name: "current_conditions" }),
                text(`Feels like ${t(current - (wind > 18 ? 3 : 1))}${deg} · High ${t(high)}${deg} · Low ${t(low)}${deg}`, {
                  tone: "muted",
                  name: "current_range",
                }),
              ],
              { gap: 2 },
            ),
          ],
          { gap: 20, align: "center", wrap: true },
        ),
      ],
      { name: "now_card", elevated: true },
    ),
    grid(
      [
        stat(humidity, { name: "humidity", label: "Humidity", format: "percent" }),
        stat(u === "f" ? Math.round(wind * 0.621) : wind, { name: "wind", label: u === "f" ? "Wind (mph)" : "Wind (km/h)" }),
        stat(Number(days[0]!.rain), { name: "rain_chance", label: "Chance of rain", format: "percent" }),
        stat(rng.int(1, climate.high > 25 ? 10 : 6), { name: "uv_index", label: "UV index" }),
      ],
      { columns: 4, name: "conditions" },
    ),
    card(
      "Next 24 hours",
      [lineChart(hours, { name: "hourly_chart", x: "time", y: "temperature", height: 220, title: `Temperature (${deg})` })],
      {
        name: "hourly_card",
      },
    ),
    card(
      "7-day forecast",
      [
        table(days, {
          name: "forecast_table",
          columns: [
            { key: "day", label: "Day" },
            { key: "conditions", label: "Conditions" },
            { key: "high", label: `High (${deg})`, format: "number", align: "right" },
            { key: "low", label: `Low (${deg})`, format: "number", align: "right" },
            { key: "rain", label: "Rain", format: "percent", align: "right" },
          ],
          sortable: false,
        }),
      ],
      { name: "forecast_card" },
    ),
    grid(
      [
        card(
          "Air quality",
          [
            progress(aqi, {
              name: "aqi",
              label: `AQI ${aqi} — ${aqiLabel}`,
              max: 200,
              tone: aqi <= 50 ? "success" : aqi <= 100 ? "warning" : "danger",
            }),
            text(aqi <= 50 ? "Great day to be outside." : "Sensitive groups should limit long outdoor exertion.", {
              size: "sm",
              tone: "muted",
            }),
          ],
          { name: "air_card" },
        ),
        card(
          "Sun",
          [
            keyValue(
              {
                Sunrise: `0${rng.int(5, 7)}:${String(rng.int(0, 59)).padStart(2, "0")}`,
                Sunset: `${rng.int(17, 20)}:${String(rng.int(0, 59)).padStart(2, "0")}`,
                Visibility: `${rng.int(6, 20)} km`,
                Pressure: `${rng.int(1002, 1026)} hPa`,
              },
              { name: "sun_details" },
            ),
          ],
          { name: "sun_card" },
        ),
      ],
      { columns: 2, name: "extras" },
    ),
    wetDay
      ? alert(`Rain likely on ${wetDay.day} (${wetDay.rain}%). Worth packing an umbrella.`, {
          name: "advice",
          title: "Heads up",
          tone: "warning",
        })
      : alert("A mostly dry week ahead.", { name: "advice", title: "Looking good", tone: "success" }),
    row(
      [
        button("Refresh", {
          name: "refresh_weather",
          variant: "secondary",
          onPress: { event: "refresh_weather", value: location },
        }),
        button("Save location", {
          name: "save_location",
          variant: "ghost",
          icon: "star",
          onPress: { event: "save_location", value: location },
        }),
      ],
      { gap: 8, name: "actions" },
    ),
    text("Figures shown are illustrative and not a live forecast.", { size: "sm", tone: "muted", name: "data_note" }),
  ];
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 900, padding: 24, gap: 16 },
    nodes,
    sections: [
      `current conditions in ${location}`,
      "humidity, wind, rain, UV",
      "next 24 hours chart",
      "7-day forecast table",
      "air quality and sun",
      "advice",
    ],
    summary: `weather for ${location} in ${deg}`,
  };
}
