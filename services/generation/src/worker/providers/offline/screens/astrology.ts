import { normalize, rngFor, slug, WEEKDAYS } from "../text";
import {
  alert,
  badge,
  barChart,
  button,
  card,
  column,
  date,
  grid,
  heading,
  image,
  keyValue,
  list,
  markdown,
  progress,
  row,
  select,
  table,
  tabs,
  text,
  textInput,
  type Json,
  type UiNode,
} from "../ui";
import { allNodes } from "../read-code";
import { avatar, faq, footer, navBar, type ActionAnswer, type Built, type ScreenContext } from "./shared";

/**
 * "An astrology website": the twelve signs (each opens its own page), a featured daily reading, a birth-chart form
 * (its answer works out the sun sign from the date entered), a compatibility checker, this month's transits,
 * astrologers and a FAQ that is honest about what astrology is.
 */

const BRAND = "Celestia";

interface Sign {
  name: string;
  symbol: string;
  dates: string;
  /** [month, day] the sign starts. */
  from: [number, number];
  element: "Fire" | "Earth" | "Air" | "Water";
  modality: "Cardinal" | "Fixed" | "Mutable";
  ruler: string;
  traits: string[];
}

const SIGNS: Sign[] = [
  {
    name: "Aries",
    symbol: "♈",
    dates: "Mar 21 – Apr 19",
    from: [3, 21],
    element: "Fire",
    modality: "Cardinal",
    ruler: "Mars",
    traits: ["Bold", "Energetic", "Direct"],
  },
  {
    name: "Taurus",
    symbol: "♉",
    dates: "Apr 20 – May 20",
    from: [4, 20],
    element: "Earth",
    modality: "Fixed",
    ruler: "Venus",
    traits: ["Patient", "Loyal", "Sensual"],
  },
  {
    name: "Gemini",
    symbol: "♊",
    dates: "May 21 – Jun 20",
    from: [5, 21],
    element: "Air",
    modality: "Mutable",
    ruler: "Mercury",
    traits: ["Curious", "Witty", "Adaptable"],
  },
  {
    name: "Cancer",
    symbol: "♋",
    dates: "Jun 21 – Jul 22",
    from: [6, 21],
    element: "Water",
    modality: "Cardinal",
    ruler: "Moon",
    traits: ["Caring", "Intuitive", "Protective"],
  },
  {
    name: "Leo",
    symbol: "♌",
    dates: "Jul 23 – Aug 22",
    from: [7, 23],
    element: "Fire",
    modality: "Fixed",
    ruler: "Sun",
    traits: ["Generous", "Confident", "Warm"],
  },
  {
    name: "Virgo",
    symbol: "♍",
    dates: "Aug 23 – Sep 22",
    from: [8, 23],
    element: "Earth",
    modality: "Mutable",
    ruler: "Mercury",
    traits: ["Precise", "Helpful", "Practical"],
  },
  {
    name: "Libra",
    symbol: "♎",
    dates: "Sep 23 – Oct 22",
    from: [9, 23],
    element: "Air",
    modality: "Cardinal",
    ruler: "Venus",
    traits: ["Diplomatic", "Fair", "Social"],
  },
  {
    name: "Scorpio",
    symbol: "♏",
    dates: "Oct 23 – Nov 21",
    from: [10, 23],
    element: "Water",
    modality: "Fixed",
    ruler: "Pluto",
    traits: ["Intense", "Perceptive", "Determined"],
  },
  {
    name: "Sagittarius",
    symbol: "♐",
    dates: "Nov 22 – Dec 21",
    from: [11, 22],
    element: "Fire",
    modality: "Mutable",
    ruler: "Jupiter",
    traits: ["Adventurous", "Optimistic", "Honest"],
  },
  {
    name: "Capricorn",
    symbol: "♑",
    dates: "Dec 22 – Jan 19",
    from: [12, 22],
    element: "Earth",
    modality: "Cardinal",
    ruler: "Saturn",
    traits: ["Ambitious", "Disciplined", "Wise"],
  },
  {
    name: "Aquarius",
    symbol: "♒",
    dates: "Jan 20 – Feb 18",
    from: [1, 20],
    element: "Air",
    modality: "Fixed",
    ruler: "Uranus",
    traits: ["Original", "Independent", "Humane"],
  },
  {
    name: "Pisces",
    symbol: "♓",
    dates: "Feb 19 – Mar 20",
    from: [2, 19],
    element: "Water",
    modality: "Mutable",
    ruler: "Neptune",
    traits: ["Dreamy", "Compassionate", "Artistic"],
  },
];

const start = (s: Sign): number => s.from[0] * 100 + s.from[1];

/** The sun sign for a month and day. */
function sunSign(month: number, day: number): Sign {
  const md = month * 100 + day;
  const sorted = [...SIGNS].sort((a, b) => start(a) - start(b));
  // Capricorn starts on Dec 22 and also covers early January.
  let sign = sorted[sorted.length - 1]!;
  for (const s of sorted) if (md >= start(s)) sign = s;
  return sign;
}

const OPENERS = [
  "The Moon in your sector of connection makes today good for honest conversations.",
  "A slower morning gives way to a productive afternoon.",
  "Something you set aside last month asks for a second look.",
  "Your energy is high — channel it into one thing rather than five.",
  "Small acts of kindness come back to you quickly today.",
];
const MIDDLES = [
  "At work, a practical idea earns more attention than you expect.",
  "In love, say the thing you've been rehearsing; it lands softly.",
  "Money matters favour patience over impulse.",
  "A friend's offhand comment holds a useful clue.",
  "Clear one small task early and the rest of the day opens up.",
];
const CLOSERS = [
  "Evening favours rest and an early night.",
  "Trust your first instinct after 6 pm.",
  "A walk outside resets your mood.",
  "Write down the idea that arrives late — it's a good one.",
  "Say yes to a spontaneous plan.",
];

function reading(
  sign: Sign,
  salt: string,
): { text: string; love: number; career: number; wellbeing: number; lucky: Record<string, string | number> } {
  const rng = rngFor(sign.name, salt);
  return {
    text: `${rng.pick(OPENERS)} ${rng.pick(MIDDLES)} ${rng.pick(CLOSERS)}`,
    love: rng.int(45, 98),
    career: rng.int(40, 97),
    wellbeing: rng.int(50, 96),
    lucky: {
      "Lucky number": rng.int(1, 44),
      "Lucky colour": rng.pick(["Deep blue", "Emerald", "Gold", "Silver", "Coral", "Violet", "Sage"]),
      Mood: rng.pick(["Focused", "Playful", "Reflective", "Confident", "Tender"]),
      "Best match today": rng.pick(SIGNS.filter((s) => s.name !== sign.name)).name,
    },
  };
}

function compatibility(a: Sign, b: Sign): { score: number; summary: string } {
  const friendly: Record<string, string> = { Fire: "Air", Air: "Fire", Earth: "Water", Water: "Earth" };
  const base = a.element === b.element ? 86 : friendly[a.element] === b.element ? 80 : 58;
  const score = Math.min(98, base + (rngFor(`${[a.name, b.name].sort().join("+")}`, "compat").int(0, 10) - 4));
  const summary =
    a.element === b.element
      ? `Two ${a.element.toLowerCase()} signs understand each other's pace. Keep some room for surprise.`
      : friendly[a.element] === b.element
        ? `${a.element} and ${b.element} feed each other: ${a.name} brings ${a.traits[0]!.toLowerCase()} energy, ${b.name} ${b.traits[0]!.toLowerCase()} ideas.`
        : `${a.element} and ${b.element} work differently. Patience and clear plans turn the contrast into balance.`;
  return { score, summary };
}

const signButton = (s: Sign) =>
  button("Read", { name: `sign_${slug(s.name)}`, variant: "ghost", size: "sm", onPress: { event: "open_sign", value: s.name } });

function signsGrid(): UiNode {
  return grid(
    SIGNS.map((s) =>
      card(`${s.symbol} ${s.name}`, [text(s.dates, { size: "sm", tone: "muted" }), signButton(s)], {
        name: `sign_card_${slug(s.name)}`,
      }),
    ),
    { columns: 6, gap: 10, name: "signs" },
  );
}

function birthChartCard(): UiNode {
  return card(
    "Your birth chart",
    [
      text("Enter your birth details to see your sun sign and what it says about you.", { size: "sm", tone: "muted" }),
      textInput({ name: "full_name", label: "Name", placeholder: "Your first name" }),
      date(undefined, { name: "birth_date", label: "Date of birth" }),
      textInput({ name: "birth_time", label: "Time of birth (if known)", placeholder: "14:30" }),
      textInput({ name: "birth_place", label: "Place of birth", placeholder: "City, country" }),
      button("Calculate my chart", {
        name: "submit_birth_chart",
        variant: "primary",
        fullWidth: true,
        onPress: "submit_birth_chart",
      }),
    ],
    { name: "birth_chart_card", elevated: true },
  );
}

function compatibilityCard(a = "Leo", b = "Sagittarius"): UiNode {
  const names = SIGNS.map((s) => s.name);
  return card(
    "Compatibility",
    [
      row(
        [
          select(a, { name: "sign_a", label: "Your sign", options: names }),
          select(b, { name: "sign_b", label: "Their sign", options: names }),
        ],
        { gap: 12, wrap: true },
      ),
      button("Check compatibility", {
        name: "check_compatibility",
        variant: "secondary",
        fullWidth: true,
        icon: "heart",
        onPress: "check_compatibility",
      }),
    ],
    { name: "compatibility_card" },
  );
}

const ASTROLOGERS = [
  { name: "Luna Moreau", specialty: "Relationships & synastry", rating: 4.9, price: "$2.40/min" },
  { name: "Rahul Iyer", specialty: "Vedic astrology", rating: 4.8, price: "$2.10/min" },
  { name: "Zara Adeyemi", specialty: "Career & timing", rating: 4.9, price: "$2.60/min" },
];

const header = () => navBar(BRAND, ["Horoscopes", "Birth chart", "Compatibility", "Tarot", "Articles"]);
const siteFooter = () =>
  footer(
    BRAND,
    { Email: "stars@celestia.example", "Daily email": "Free, every morning at 7:00", App: "iOS and Android" },
    "Readings are for reflection and entertainment.",
  );
const settings = (title: string) => ({ title, theme: "dark" as const, maxWidth: 1120, padding: 24, gap: 20 });

function transits(): UiNode {
  return table(
    [
      {
        planet: "☿ Mercury",
        sign: "Libra → Scorpio",
        dates: "Oct 2 – Oct 29",
        theme: "Deeper conversations; read the small print",
      },
      { planet: "♀ Venus", sign: "Virgo", dates: "Sep 19 – Oct 13", theme: "Love shown through practical care" },
      { planet: "♂ Mars", sign: "Scorpio", dates: "Sep 22 – Nov 4", theme: "Focused drive; finish what you start" },
      { planet: "♃ Jupiter", sign: "Cancer", dates: "All month", theme: "Growth through home and family" },
      { planet: "♄ Saturn", sign: "Pisces (retrograde)", dates: "All month", theme: "Review boundaries and routines" },
    ],
    {
      name: "transits",
      columns: [
        { key: "planet", label: "Planet" },
        { key: "sign", label: "Sign" },
        { key: "dates", label: "Dates" },
        { key: "theme", label: "What it means" },
      ],
      sortable: false,
    },
  );
}

function featured(sign: Sign, salt: string, name = "featured"): UiNode {
  const r = reading(sign, salt);
  return card(
    `Today for ${sign.symbol} ${sign.name}`,
    [
      markdown(`**${sign.dates}** · ${sign.element} · ruled by ${sign.ruler}\n\n${r.text}`),
      grid(
        [
          progress(r.love, { label: `Love ${r.love}%`, tone: "danger" }),
          progress(r.career, { label: `Career ${r.career}%`, tone: "info" }),
          progress(r.wellbeing, { label: `Wellbeing ${r.wellbeing}%`, tone: "success" }),
        ],
        { columns: 3 },
      ),
      keyValue(r.lucky),
    ],
    { name, elevated: true, subtitle: "Daily horoscope" },
  );
}

/** The astrology website. */
export function buildAstrology(ctx: ScreenContext): Built {
  const rng = ctx.rng("astrology");
  const named = SIGNS.find((s) => new RegExp(`\\b${s.name.toLowerCase()}\\b`).test(ctx.text));
  const sign = named ?? rng.pick(SIGNS);
  const week = WEEKDAYS.map((d) => ({ day: d.slice(0, 3), love: rng.int(40, 95), career: rng.int(35, 95) }));
  const nodes: UiNode[] = [
    header(),
    column(
      [
        heading("Your stars, today", { level: 1, name: "hero_title" }),
        text("Daily horoscopes for every sign, birth charts, compatibility and readings with professional astrologers.", {
          size: "lg",
          name: "hero_text",
        }),
      ],
      { gap: 8, name: "hero", animation: { type: "fade", duration: 400 } },
    ),
    heading("Choose your sign", { level: 2, name: "signs_title" }),
    signsGrid(),
    row(
      [
        column([featured(sign, "today")], { name: "featured_column", style: { flex: 3 } }),
        column(
          [
            card(
              `${sign.name} this week`,
              [barChart(week, { name: "week_chart", x: "day", y: ["love", "career"], height: 220 })],
              { name: "week_card" },
            ),
          ],
          { name: "week_column", style: { flex: 2 } },
        ),
      ],
      { gap: 16, align: "start", wrap: true, name: "today" },
    ),
    row([column([birthChartCard()], { style: { flex: 1 } }), column([compatibilityCard()], { style: { flex: 1 } })], {
      gap: 16,
      align: "start",
      wrap: true,
      name: "tools",
    }),
    card("Planets this month", [transits()], { name: "transits_card", subtitle: "Where the planets are and what they colour" }),
    heading("Talk to an astrologer", { level: 2, name: "astrologers_title" }),
    grid(
      ASTROLOGERS.map((x) =>
        card(
          x.name,
          [
            image(avatar(x.name), { alt: `Portrait placeholder for ${x.name}`, width: 64, height: 64, radius: 32 }),
            text(x.specialty, { weight: "medium" }),
            row([badge(`★ ${x.rating}`, { tone: "warning" }), badge(x.price, { tone: "neutral" })], { gap: 6 }),
            button("Book a reading", {
              name: `book_${slug(x.name)}`,
              variant: "secondary",
              size: "sm",
              onPress: { event: "book_reading", value: x.name },
            }),
          ],
          { name: `astrologer_${slug(x.name)}` },
        ),
      ),
      { columns: 3, gap: 12, name: "astrologers" },
    ),
    card(
      "From the journal",
      [
        list(
          [
            { title: "Mercury retrograde: a calm survival guide", subtitle: "6 min read", icon: "star" },
            { title: "What your moon sign says about comfort", subtitle: "5 min read", icon: "star" },
            { title: "The four elements, explained", subtitle: "4 min read", icon: "star" },
            { title: "New moon rituals that take five minutes", subtitle: "3 min read", icon: "star" },
          ],
          { name: "articles", dividers: true, onPress: "open_item" },
        ),
      ],
      { name: "articles_card" },
    ),
    heading("FAQ", { level: 2, name: "faq_title" }),
    faq([
      [
        "Is astrology a science?",
        "No. Astrology is a centuries-old tradition of symbols and storytelling. Many people find it a useful prompt for reflection; it isn't a basis for medical, legal or financial decisions.",
      ],
      [
        "What's the difference between sun, moon and rising signs?",
        "Your sun sign comes from your birth date; the moon and rising signs also need your birth time and place.",
      ],
      ["Do I need my birth time?", "For your sun sign, no. For a full chart, the more exact the time, the better."],
      ["How are daily horoscopes written?", "From the day's planetary positions, interpreted for each sign by our astrologers."],
    ]),
    ...siteFooter(),
  ];
  return {
    name: `${BRAND} — Astrology`,
    settings: settings(`${BRAND} — Astrology`),
    nodes,
    sections: [
      "header with navigation",
      "hero",
      "12 zodiac signs",
      `today's reading for ${sign.name} and its week chart`,
      "birth chart form and compatibility checker",
      "planets this month",
      "3 astrologers",
      "articles",
      "FAQ and footer",
    ],
    summary: `an astrology website (${BRAND}) featuring ${sign.name}`,
  };
}

const findSign = (s: string): Sign | undefined => {
  const n = normalize(s);
  return SIGNS.find((x) => new RegExp(`\\b${x.name.toLowerCase()}\\b`).test(n));
};

function page(title: string, body: UiNode[], sections: string[], summary: string): Built {
  return {
    name: `${title} — ${BRAND}`,
    settings: settings(`${title} — ${BRAND}`),
    nodes: [header(), heading(title, { level: 1, name: "page_title" }), ...body, ...siteFooter()],
    sections,
    summary,
  };
}

function signPage(s: Sign): Built {
  const i = SIGNS.indexOf(s);
  const prev = SIGNS[(i + 11) % 12]!;
  const next = SIGNS[(i + 1) % 12]!;
  const friendly = SIGNS.filter((x) => x !== s && compatibility(s, x).score >= 80).map((x) => `${x.symbol} ${x.name}`);
  return page(
    `${s.symbol} ${s.name}`,
    [
      row(
        [
          badge(s.dates, { tone: "neutral" }),
          badge(s.element, { tone: "info" }),
          badge(s.modality, { tone: "neutral" }),
          badge(`Ruled by ${s.ruler}`, { tone: "warning" }),
        ],
        {
          gap: 6,
          wrap: true,
          name: "sign_badges",
        },
      ),
      tabs(
        ["Today", "This week", "Love", "Career"],
        [
          featured(s, "today", "today_reading"),
          markdown(reading(s, "week").text, { name: "week_reading" }),
          markdown(`${reading(s, "love").text}\n\nBest matches: ${friendly.slice(0, 4).join(", ")}`, { name: "love_reading" }),
          markdown(reading(s, "career").text, { name: "career_reading" }),
        ],
        { name: "sign_tabs" },
      ),
      keyValue(
        { Element: s.element, Modality: s.modality, "Ruling planet": s.ruler, Traits: s.traits.join(", ") },
        { name: "sign_facts" },
      ),
      row(
        [
          button(`← ${prev.symbol} ${prev.name}`, {
            name: "previous_sign",
            variant: "ghost",
            onPress: { event: "open_sign", value: prev.name },
          }),
          button(`${next.symbol} ${next.name} →`, {
            name: "next_sign",
            variant: "ghost",
            onPress: { event: "open_sign", value: next.name },
          }),
        ],
        { justify: "between", name: "sign_nav" },
      ),
    ],
    ["sign badges", "today, week, love, career readings", "sign facts", "previous/next sign"],
    `the ${s.name} horoscope page`,
  );
}

const str = (v: Json | undefined): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** Sign pages, the birth chart, compatibility, astrologer bookings and the site's sections. */
export const answerAstrology: ActionAnswer = (a, _ctx, values, previous) => {
  const what = normalize(`${a.event ?? ""} ${a.name} ${a.label}`);
  // Values entered, else the values the earlier screen showed.
  const shown = (name: string): string | undefined =>
    str(values[name]) ?? str(previous ? allNodes(previous).find((n) => n.name === name)?.value : undefined);
  if (a.event === "submit_birth_chart" || a.name === "submit_birth_chart") {
    const born = shown("birth_date");
    const m = born ? /^(\d{4})-(\d{2})-(\d{2})/.exec(born) : null;
    const who = shown("full_name");
    if (!m) {
      return page(
        "Your birth chart",
        [alert("Add your date of birth to see your chart.", { name: "missing_date", tone: "warning" }), birthChartCard()],
        ["missing date", "birth chart form"],
        "a request for the date of birth",
      );
    }
    const s = sunSign(Number(m[2]), Number(m[3]));
    const place = shown("birth_place");
    const time = shown("birth_time");
    return page(
      who ? `${who}'s birth chart` : "Your birth chart",
      [
        alert(`Born ${born}${time ? ` at ${time}` : ""}${place ? ` in ${place}` : ""}: your sun sign is ${s.symbol} ${s.name}.`, {
          name: "chart_result",
          title: `Sun in ${s.name}`,
          tone: "success",
        }),
        keyValue(
          {
            "Sun sign": `${s.symbol} ${s.name} (${s.dates})`,
            Element: s.element,
            Modality: s.modality,
            "Ruling planet": s.ruler,
            "Moon and rising":
              time && place ? "Worked out by our astrologers from your time and place" : "Need your birth time and place",
          },
          { name: "chart_facts" },
        ),
        markdown(
          `As a **${s.name}**, you tend to be ${s.traits.map((t) => t.toLowerCase()).join(", ")}. ${reading(s, "chart").text}`,
          { name: "chart_reading" },
        ),
        button(`Read today's ${s.name} horoscope`, {
          name: `sign_${slug(s.name)}`,
          variant: "primary",
          onPress: { event: "open_sign", value: s.name },
        }),
      ],
      ["sun sign from the birth date", "chart facts", "reading"],
      `a birth chart showing sun in ${s.name}`,
    );
  }
  if (a.event === "check_compatibility" || a.name === "check_compatibility") {
    const sa = findSign(shown("sign_a") ?? "Leo") ?? SIGNS[4]!;
    const sb = findSign(shown("sign_b") ?? "Sagittarius") ?? SIGNS[8]!;
    const c = compatibility(sa, sb);
    return page(
      `${sa.name} + ${sb.name}`,
      [
        progress(c.score, {
          name: "compatibility_score",
          label: `Compatibility ${c.score}%`,
          tone: c.score >= 80 ? "success" : c.score >= 65 ? "info" : "warning",
        }),
        text(c.summary, { size: "lg", name: "compatibility_summary" }),
        table(
          [
            { aspect: "Communication", score: Math.min(99, c.score + 4) },
            { aspect: "Romance", score: Math.max(30, c.score - 3) },
            { aspect: "Trust", score: Math.max(30, c.score - 7) },
            { aspect: "Shared values", score: Math.min(99, c.score + 1) },
          ],
          {
            name: "compatibility_table",
            columns: [
              { key: "aspect", label: "Aspect" },
              { key: "score", label: "Score", format: "percent", align: "right" },
            ],
            sortable: false,
          },
        ),
        compatibilityCard(sa.name, sb.name),
      ],
      ["compatibility score", "summary", "by aspect", "try another pair"],
      `compatibility of ${sa.name} and ${sb.name}: ${c.score}%`,
    );
  }
  if (a.event === "book_reading" || /book [a-z]+ [a-z]+/.test(what)) {
    const who = ASTROLOGERS.find((x) => what.includes(normalize(x.name))) ?? ASTROLOGERS[0]!;
    return page(
      `Book a reading with ${who.name}`,
      [
        text(`${who.specialty} · ★ ${who.rating} · ${who.price}`, { tone: "muted", name: "astrologer_line" }),
        card(
          "Your reading",
          [
            select("30 minutes", { name: "length", label: "Length", options: ["15 minutes", "30 minutes", "60 minutes"] }),
            date(undefined, { name: "preferred_date", label: "Date" }),
            select("Video", { name: "format", label: "Format", options: ["Video", "Phone", "Chat"] }),
            textInput({ name: "email", label: "Email", type: "email", placeholder: "you@example.com" }),
            button("Book reading", { name: "submit_booking", variant: "primary", fullWidth: true, onPress: "submit_booking" }),
          ],
          { name: "reading_card", elevated: true },
        ),
      ],
      ["astrologer", "booking form"],
      `a booking form for a reading with ${who.name}`,
    );
  }
  const sign = findSign(a.label) ?? (typeof a.value === "string" ? findSign(a.value) : undefined);
  if (a.event === "open_sign" || sign || /horoscopes?/.test(what))
    return sign ? signPage(sign) : page("Horoscopes", [signsGrid()], ["12 signs"], "the horoscopes page");
  if (/birth chart/.test(what)) return page("Birth chart", [birthChartCard()], ["birth chart form"], "the birth chart page");
  if (/compatibility/.test(what))
    return page("Compatibility", [compatibilityCard()], ["compatibility checker"], "the compatibility page");
  if (/tarot/.test(what)) {
    const rng = rngFor(a.label, "tarot");
    const cardName = rng.pick([
      "The Star",
      "The Sun",
      "The Empress",
      "Wheel of Fortune",
      "The Magician",
      "Temperance",
      "The World",
    ]);
    return page(
      "Tarot: card of the day",
      [
        card(
          cardName,
          [
            text("Hope, renewal and a clear sense of direction. A good day to begin again, gently."),
            badge("Upright", { tone: "success" }),
          ],
          { name: "tarot_card", elevated: true },
        ),
        button("Draw again tomorrow", { name: "tarot_reminder", variant: "secondary", onPress: "tarot_reminder" }),
      ],
      ["card of the day"],
      `tarot card of the day: ${cardName}`,
    );
  }
  if (/articles?|journal/.test(what))
    return page(
      "Articles",
      [
        list(
          [
            { title: "Mercury retrograde: a calm survival guide", subtitle: "6 min read" },
            { title: "What your moon sign says about comfort", subtitle: "5 min read" },
            { title: "The four elements, explained", subtitle: "4 min read" },
          ],
          { name: "articles", dividers: true, onPress: "open_item" },
        ),
      ],
      ["articles"],
      "the articles page",
    );
  return undefined;
};
