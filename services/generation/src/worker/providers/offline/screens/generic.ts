import { capitalize, clip, contentWords, joinAnd, slug, titleCase } from "../text";
import {
  alert,
  button,
  card,
  column,
  divider,
  grid,
  heading,
  icon,
  image,
  list,
  markdown,
  row,
  stat,
  text,
  textInput,
  type IconName,
  type UiNode,
} from "../ui";
import { echo, faq, photo, titleFromPrompt, type Built, type ScreenContext } from "./shared";

/**
 * Screens for prompts no specific intent fits: a landing page when the prompt asks for a site or app about
 * something, otherwise a titled overview that reflects the prompt's own words; and the welcome screen for an empty
 * prompt, whose suggestions report `use_suggestion` with the prompt to build.
 */

const SUGGESTIONS = [
  "a health care website for women",
  "a Python tutorial website",
  "a pets care e-commerce website",
  "an astrology website",
] as const;

const MORE_IDEAS = [
  "A contact form",
  "Weather in Paris",
  "A sales dashboard",
  "Pricing with three tiers",
  "A to-do list for moving house",
  "A table of employees",
];

/** The welcome screen for an empty request. */
export function buildWelcome(): Built {
  const icons: IconName[] = ["heart", "settings", "cart", "star"];
  return {
    name: "What would you like to build?",
    settings: { title: "What would you like to build?", theme: "auto", maxWidth: 880, padding: 24, gap: 16 },
    nodes: [
      heading("What would you like to build?", { level: 1, name: "title" }),
      text("Describe a screen in plain words — a form, a table, a chart, a whole website — or start from one of these.", {
        tone: "muted",
        name: "subtitle",
      }),
      grid(
        SUGGESTIONS.map((s, i) =>
          card(
            capitalize(s.replace(/^an? /, "")),
            [
              icon(icons[i]!, { size: 28, tone: "info" }),
              button("Build this", {
                name: `suggestion_${i + 1}`,
                variant: "secondary",
                size: "sm",
                onPress: { event: "use_suggestion", value: s },
              }),
            ],
            { name: `suggestion_card_${i + 1}` },
          ),
        ),
        { columns: 4, gap: 12, name: "suggestions" },
      ),
      divider("or try", { name: "ideas_rule" }),
      row(
        MORE_IDEAS.map((s, i) =>
          button(s, { name: `idea_${i + 1}`, variant: "ghost", size: "sm", onPress: { event: "use_suggestion", value: s } }),
        ),
        { gap: 8, wrap: true, name: "ideas" },
      ),
    ],
    sections: ["title", "4 suggestions", "more ideas"],
    summary: "a welcome screen with suggestions (the request was empty)",
  };
}

/** "a website for a yoga studio" → "yoga studio". */
function siteTopic(prompt: string): string | undefined {
  const m =
    /\b(?:website|web site|site|landing page|home ?page|web page|app|page|portfolio|blog)\s+(?:for|about|of|on)\s+(?:a|an|the|my|our)?\s*([^,.!?\n]{3,50}?)(?=\s+(?:with|that|which|where|including|and)\b|[,.!?\n]|$)/i.exec(
      prompt,
    ) ??
    /\b(?:a|an|the|my|our)\s+([^,.!?\n]{3,40}?)\s+(?:website|web site|site|landing page|home ?page|app|blog)\b/i.exec(prompt);
  return m?.[1]?.trim();
}

const FEATURE_ICONS: IconName[] = ["star", "heart", "check", "calendar", "user", "settings"];

function buildLanding(ctx: ScreenContext): Built | undefined {
  const topic = siteTopic(ctx.prompt);
  if (!topic) return undefined;
  const name = titleCase(clip(topic, 40));
  const words = contentWords(topic);
  const key = words[0] ?? "it";
  const rng = ctx.rng("landing");
  const features: [string, string][] = [
    [`Everything about ${key}`, "Guides, ideas and answers, all in one place."],
    ["Book in seconds", "Pick a time that suits you and get a confirmation straight away."],
    ["Real people, real help", "A friendly team that answers within a day."],
  ];
  const nodes: UiNode[] = [
    row(
      [
        heading(name, { level: 3, name: "brand" }),
        row(
          ["About", "Services", "Stories", "Contact"].map((l) =>
            button(l, { name: `nav_${slug(l)}`, variant: "ghost", size: "sm", onPress: "open_section" }),
          ),
          { gap: 4, wrap: true },
        ),
      ],
      { justify: "between", align: "center", wrap: true, name: "site_header" },
    ),
    image(photo(`${slug(topic)}-hero`, 1200, 420), { name: "hero_image", alt: name, height: 300, fit: "cover", radius: 16 }),
    column(
      [
        heading(`${name}, made simple`, { level: 1, name: "hero_title" }),
        text(`Discover what ${name} offers, meet the people behind it, and get started in minutes.`, {
          size: "lg",
          name: "hero_text",
        }),
        row(
          [
            button("Get started", {
              name: "get_started",
              variant: "primary",
              size: "lg",
              icon: "arrow-right",
              onPress: "get_started",
            }),
            button("Learn more", { name: "learn_more", variant: "secondary", size: "lg", onPress: "open_section" }),
          ],
          { gap: 12, wrap: true },
        ),
      ],
      { gap: 10, name: "hero", animation: { type: "fade", duration: 300 } },
    ),
    grid(
      features.map(([t, d], i) =>
        card(t, [icon(FEATURE_ICONS[i]!, { tone: "info", size: 28 }), text(d, { size: "sm" })], { name: `feature_${i + 1}` }),
      ),
      { columns: 3, gap: 12, name: "features" },
    ),
    grid(
      [
        stat(rng.int(2, 40) * 500, { name: "members", label: "People helped" }),
        stat(rng.float(4.6, 4.9, 1), { name: "rating", label: "Average rating" }),
        stat(rng.int(3, 15), { name: "years", label: "Years of experience" }),
      ],
      { columns: 3, name: "figures" },
    ),
    card(
      "What people say",
      [
        list(
          [
            { title: `“Exactly what I was looking for in ${key}.”`, subtitle: "Amara, customer since 2023", icon: "heart" },
            { title: "“Friendly, quick and genuinely helpful.”", subtitle: "Lucas, customer since 2022", icon: "heart" },
          ],
          { name: "testimonials", dividers: true },
        ),
      ],
      { name: "testimonials_card" },
    ),
    card(
      "Stay in the loop",
      [
        row(
          [
            textInput({ name: "email", label: "Email", type: "email", placeholder: "you@example.com" }),
            button("Sign up", { name: "submit_signup", variant: "primary", onPress: "submit_signup" }),
          ],
          { gap: 8, align: "end", wrap: true },
        ),
      ],
      { name: "signup_card" },
    ),
    heading("Questions", { level: 2, name: "faq_title" }),
    faq([
      ["How do I get started?", "Press “Get started” and follow three short steps."],
      ["Is there a cost?", "Getting started is free; you'll see any prices before you commit."],
      ["How can I contact you?", "Use the contact page or reply to any of our emails."],
    ]),
    text(`© 2025 ${name}`, { size: "sm", tone: "muted", name: "footer_note" }),
  ];
  return {
    name,
    settings: { title: name, theme: "auto", maxWidth: 1080, padding: 24, gap: 20 },
    nodes,
    sections: ["header", "hero", "3 features", "figures", "testimonials", "sign-up", "FAQ"],
    summary: `a landing page for ${topic}`,
  };
}

/** The fallback: a titled overview built from the prompt's own words. */
export function buildGeneric(ctx: ScreenContext): Built {
  const landing = /\b(website|web site|site|landing|home ?page|web page|app|blog|portfolio)\b/i.test(ctx.prompt)
    ? buildLanding(ctx)
    : undefined;
  if (landing) return landing;
  const title = titleFromPrompt(ctx.prompt, 60);
  const words = contentWords(ctx.prompt).slice(0, 6);
  const topics = words.slice(0, 3).map((w) => capitalize(w));
  const nodes: UiNode[] = [
    heading(title, { level: 1, name: "title" }),
    card(
      title,
      [
        text(`A starting point for “${echo(ctx.prompt)}”.`, { name: "summary" }),
        ...(words.length
          ? [markdown(`**In focus:** ${joinAnd(words.map((w) => `*${w}*`))}`, { name: "focus" })]
          : [text("Tell me more about what you'd like to see, and I'll shape the screen around it.", { tone: "muted" })]),
      ],
      { name: "overview", elevated: true, subtitle: "Overview" },
    ),
  ];
  if (topics.length) {
    nodes.push(
      grid(
        topics.map((t, i) =>
          card(
            t,
            [
              text(`What to know about ${t.toLowerCase()}, at a glance.`, { size: "sm" }),
              button("Explore", {
                name: `explore_${slug(t, 24)}`,
                variant: "ghost",
                size: "sm",
                icon: "arrow-right",
                onPress: { event: "open_section", value: t },
              }),
            ],
            { name: `topic_${i + 1}` },
          ),
        ),
        { columns: topics.length, gap: 12, name: "topics" },
      ),
    );
  }
  nodes.push(
    list(
      [
        { title: "Overview", subtitle: "The essentials in one place", icon: "info" },
        {
          title: "Details",
          subtitle: words.length ? `More on ${joinAnd(words.slice(0, 2))}` : "More on the topic",
          icon: "search",
        },
        { title: "Next steps", subtitle: "What to do from here", icon: "arrow-right" },
      ],
      { name: "outline", dividers: true, onPress: "open_item" },
    ),
    alert("Add details — who it's for, what it should show, what people can do — and the screen will follow.", {
      name: "hint",
      tone: "info",
    }),
    row(
      [
        button("Get started", { name: "get_started", variant: "primary", onPress: "get_started" }),
        button("Learn more", { name: "learn_more", variant: "ghost", onPress: "open_section" }),
      ],
      { gap: 8, name: "actions" },
    ),
  );
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 880, padding: 24, gap: 16 },
    nodes,
    sections: [
      "title",
      "overview card echoing the request",
      ...(topics.length ? [`${topics.length} topic cards`] : []),
      "outline",
      "hint",
    ],
    summary: `a titled overview of “${clip(ctx.prompt, 60)}”`,
  };
}

/** A section of any screen (a menu item, a tab, a topic): its own page. */
export function buildSection(label: string, topic: string): Built {
  const name = clip(label, 60) || "Section";
  const about = clip(topic, 80);
  return {
    name,
    settings: { title: name, theme: "auto", maxWidth: 880, padding: 24, gap: 16 },
    nodes: [
      text(`Home / ${name}`, { size: "sm", tone: "muted", name: "breadcrumbs" }),
      heading(name, { level: 1, name: "title" }),
      text(about ? `${name} — part of “${about}”.` : `Everything in ${name}.`, { tone: "muted", name: "subtitle" }),
      grid(
        [
          card("Overview", [text(`The essentials of ${name.toLowerCase()} at a glance.`, { size: "sm" })], {
            name: "overview_card",
          }),
          card("Highlights", [list(["Most popular", "Recently updated", "Recommended for you"], { name: "highlights" })], {
            name: "highlights_card",
          }),
          card(
            "Get help",
            [
              text("Questions? We answer within a day.", { size: "sm" }),
              button("Contact us", { name: "contact_us", variant: "secondary", size: "sm", onPress: "open_contact" }),
            ],
            {
              name: "help_card",
            },
          ),
        ],
        { columns: 3, gap: 12, name: "section_cards" },
      ),
      row([button("Back", { name: "back", variant: "ghost", icon: "arrow-left", onPress: "back" })], { name: "nav" }),
    ],
    sections: ["breadcrumbs", `the “${name}” section`, "overview, highlights, help", "back"],
    summary: `the “${name}” section`,
  };
}
