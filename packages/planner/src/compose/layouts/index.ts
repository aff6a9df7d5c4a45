import { capitalize, titleCase } from "../../text";
import { button, card, grid, heading, icon, type IconName, image, row, text, type UiNode } from "../../ui";
import { cleanItem } from "../../understand/items";
import { measureOf } from "../chart-data";
import { type Ctx, peopleFor, shortDate, TODAY } from "../context";
import {
  chart,
  type ChartKind,
  dataTable,
  faqSection,
  form,
  header,
  itemCards,
  itemList,
  nameOf,
  photo,
  roleComponent,
  stats,
} from "../sections";
import { items, listOr, own, type Layout } from "./helpers";
import { BILL_LAYOUTS } from "./bills";
import { CONTENT_LAYOUTS } from "./content";
import { DATA_LAYOUTS } from "./data";
import { FORM_LAYOUTS } from "./forms";
import { MEDIA_LAYOUTS } from "./media";
import { OFFER_LAYOUTS } from "./offers";
import { PEOPLE_LAYOUTS } from "./people";
import { PLACE_LAYOUTS } from "./places";
import { PROGRESS_LAYOUTS } from "./progress";
import { QUESTION_LAYOUTS } from "./questions";
import { SHOP_LAYOUTS } from "./shop";
import { STATE_LAYOUTS } from "./states";
import { TIME_LAYOUTS } from "./time";
import { TOOL_LAYOUTS } from "./tools";
import { WORK_LAYOUTS } from "./work";

export type { Layout } from "./helpers";
export { uploadField } from "./forms";

/**
 * One layout per family: which sections, in which order, filled from the request's entities and the context's
 * content. Parts the request names ("… with a table of orders and a revenue chart") are added by `partSection`.
 *
 * Each group of families (data/families.json) has its file here; this one joins them into the table `LAYOUTS`. As
 * `partSection` draws on that table, it sits here with it, and so do the layouts made of parts (a dashboard, a
 * landing page).
 */

const ICONS: IconName[] = ["star", "heart", "check", "clock", "user", "home", "calendar", "mail"];

const CHART_OF: Record<string, ChartKind> = {
  "bar-chart": "bar",
  "line-chart": "line",
  "area-chart": "area",
  "pie-chart": "pie",
};

const PART_WORDS: Record<string, RegExp> = {
  "bar-chart": /\b(?:bar|bars|column chart|histogram|chart|graph)\b/i,
  "line-chart": /\b(?:line|trend|chart|graph)\b/i,
  "area-chart": /\b(?:area|chart|graph)\b/i,
  "pie-chart": /\b(?:pie|donut|doughnut|breakdown|share)\b/i,
  table: /\btable\b/i,
  list: /\blist\b/i,
};

/** The clause of the request that asks for a part ("a pie chart of traffic sources (search, social …)"). */
export function partPhrase(text: string, part: string): string | undefined {
  const re = PART_WORDS[part];
  if (!re) return undefined;
  const hidden: string[] = [];
  const masked = text.replace(/\(([^()]*)\)/g, (_, inner: string) => `⟦${hidden.push(inner) - 1}⟧`);
  const clauses = masked.split(
    /\s*(?:,|;|:|\s\+\s|\band\s+(?=(?:a|an|the|some)\b)|\bwith\s+(?=(?:a|an|the|some)\b)|\s[-—–]\s)\s*/i,
  );
  const at = clauses.findIndex((c) => re.test(c) && !/\bdashboard\b/i.test(c));
  const k = at >= 0 ? at : clauses.findIndex((c) => re.test(c));
  // "a line chart of pages per week — 80, 120, 95, 340": the values that follow the clause are its own.
  const values: string[] = [];
  if (k >= 0 && !/\d/.test(clauses[k]!))
    for (let j = k + 1; j < clauses.length && /^[$€£₹₦]?\d[\d.]*%?$/.test(clauses[j]!.trim()); j++)
      values.push(clauses[j]!.trim());
  const found = k >= 0 ? (values.length >= 2 ? `${clauses[k]}: ${values.join(", ")}` : clauses[k]) : undefined;
  return found?.replace(/⟦(\d+)⟧/g, (_, i: string) => `(${hidden[Number(i)]})`);
}

/** A part the request names inside a container ("with a table of orders"). */
export function partSection(ctx: Ctx, part: string): UiNode[] {
  const kind = CHART_OF[part];
  if (kind) {
    // A chart "of what each costs" draws the values the request gave elsewhere.
    const own = partPhrase(ctx.e.text, part);
    const phrase = own && !/\d/.test(own) && ctx.e.values.length >= 2 ? ctx.e.text : own;
    // "of what each costs": not a name — the noun it asks about is ("Costs").
    const measured = own ? measureOf(own) : undefined;
    const what =
      measured && /^(?:what|which|how|each|it|them|those|these)\b/i.test(measured)
        ? (/\b(costs?|spend|sales|revenue|time|votes?|budget|prices?|share)\b/i.exec(own!)?.[1] ?? "Breakdown")
        : measured;
    const title = what ? titleCase(what) : ctx.e.measure ? titleCase(ctx.e.measure.of) : titleCase(ctx.domain.series.label);
    return [card(title, { name: `${kind}_chart_card` }, [chart(ctx, kind, { ...(phrase ? { phrase } : {}), title })])];
  }
  const of = new RegExp(
    `\\b${part.replace("-", " ")}s?\\s+(?:of|for|with)\\s+([a-z][a-z ]{2,30}?)(?:\\s+(?:and|with)\\b|[,.]|$)`,
    "i",
  ).exec(ctx.e.text)?.[1];
  const title = of ? titleCase(of) : undefined;
  switch (part) {
    case "table": {
      const columns = /order/i.test(of ?? "")
        ? ["Order", "Customer", "Date", "Total", "Status"]
        : own(ctx).length > 2 && /column/i.test(ctx.e.norm)
          ? own(ctx)
          : ["Name", "Category", "Date", "Amount", "Status"];
      return [card(title ?? "Recent records", { name: "table_card" }, [dataTable(ctx, columns, 5)])];
    }
    case "list":
      return [
        card(title ?? "Highlights", { name: "list_card" }, [
          itemList(
            listOr(
              ctx,
              ctx.domain.items.slice(0, 5).map((i) => i.name),
            ),
          ),
        ]),
      ];
    case "faq":
      return [card("Frequently asked questions", { name: "faq_card" }, [faqSection(ctx.domain.faqs)])];
    case "form":
    case "contact": {
      // The form's own fields as the user wrote them: "an enquiry form (name, idea, placement, budget)", "contact form
      // at the bottom: name, email, your question", "a ticket form: name, number of tickets".
      const named = /\b((?:[a-z]+\s+)?)form\b[^.:(]{0,30}?(?:[:(]|\bwith\b)\s*([^)\n.]+)/i.exec(ctx.e.text);
      const fields = named
        ? named[2]!
            .split(/\s*(?:,|;|\band\b)\s*/)
            .map((f) => cleanItem(f))
            .filter((f) => f && f.split(/\s+/).length <= 5)
        : [];
      const kind = named?.[1]?.trim().toLowerCase();
      const title = kind && !/^(?:a|an|the|with|plus|and)$/.test(kind) ? capitalize(`${kind} form`) : "Get in touch";
      return [
        card(
          title,
          { name: "contact_card" },
          form(fields.length >= 2 ? fields.map(capitalize) : ["Name", "Email", "Message"], "Send", "send_message"),
        ),
      ];
    }
    case "gallery": {
      // A product's photos are of that product, seen from several sides — not other items of its shop.
      const views = ["front", "side", "back", "detail", "in use", "packaging"];
      const shots =
        ctx.family === "product"
          ? views.map((v) => ({ name: `${ctx.title.split(/\s[—–-]\s|,/)[0]!.trim()} — ${v}` }))
          : items(ctx, 6);
      return [
        grid(
          shots.map((it, i) =>
            image(photo(`${ctx.domain.id}-${it.name}`, 400, 300), {
              name: `photo_${i + 1}`,
              alt: it.name,
              height: 120,
              fit: "cover",
            }),
          ),
          { columns: 3, gap: 8 },
        ),
      ];
    }
    default: {
      const layout = LAYOUTS[part];
      // Other parts: the part's own layout without its page heading.
      return layout ? layout(ctx).filter((n) => !(n.type === "heading" && n.props?.level === 1)) : [];
    }
  }
}

/** Each family's layout, by family id. */
export const LAYOUTS: Record<string, Layout> = {
  ...FORM_LAYOUTS,
  ...QUESTION_LAYOUTS,
  ...SHOP_LAYOUTS,
  ...OFFER_LAYOUTS,
  ...BILL_LAYOUTS,
  ...DATA_LAYOUTS,
  ...PROGRESS_LAYOUTS,
  ...TIME_LAYOUTS,
  ...WORK_LAYOUTS,
  ...TOOL_LAYOUTS,
  ...MEDIA_LAYOUTS,
  ...CONTENT_LAYOUTS,
  ...PLACE_LAYOUTS,
  ...PEOPLE_LAYOUTS,
  ...STATE_LAYOUTS,
  // The layouts made of parts: they draw on `partSection`, which draws on this table.
  dashboard: (ctx) => {
    const parts = ctx.parts.length
      ? ctx.parts.flatMap((p) => partSection(ctx, p))
      : [...partSection(ctx, "line-chart"), ...partSection(ctx, "table")];
    return [...header(ctx.title, `Updated ${shortDate(TODAY)}`), stats(ctx), ...parts];
  },
  landing: (ctx) => landingLayout(ctx),
};

function landingLayout(ctx: Ctx): UiNode[] {
  const d = ctx.domain;
  const brand = ctx.brand === "our team" ? d.brand[0]! : ctx.brand;
  const shop = /shop|store|e-?commerce|buy|products/.test(ctx.e.norm);
  // The user's features ("3 features (deploy in 1 click, auto scaling, logs)") and call to action ("CTA start free trial").
  const ownFeatures = ctx.e.items
    .flat()
    .find((i) => /feature|benefit|highlight/i.test(i.label) && i.options.length >= 2)?.options;
  const features = ownFeatures
    ? ownFeatures.map((f, i) => ({
        title: capitalize(f),
        text: d.features[i % d.features.length]?.text ?? d.tagline,
        icon: d.features[i % d.features.length]?.icon,
      }))
    : d.features;
  const cta =
    /\b(?:cta|call to action|button)\s*[:-]?\s*([a-z][a-z ]{2,30}?)(?=\s*(?:,|\.|$|\band\b))/i.exec(ctx.e.text)?.[1] ??
    ctx.e.buttons[0];
  // The user's hero line ("hero line 'Bread baked at 5am, every day'") and their own things ("our bestsellers (agege,
  // coconut bread, meat pie)").
  const heroLine = /\b(?:hero|headline|tagline|slogan)(?:\s+(?:line|text|copy))?\s*[:-]?\s*['"‘“]([^'"’”]{3,80})['"’”]/i.exec(
    ctx.e.text,
  )?.[1];
  const ownThingsItem = ctx.e.items
    .flat()
    .find((i) => i.options.length >= 2 && !/feature|benefit|highlight|testimonial/i.test(i.label) && /\p{L}/u.test(i.label));
  const asked = ctx.e.items.flat().map((i) => i.label.toLowerCase());
  const testimonials = asked.some((a) => /testimonial|review/.test(a)) || /testimonials?|reviews/.test(ctx.e.norm);
  const links = ["Home", shop ? "Shop" : "Services", "About", "FAQ", "Contact"];
  const heroTitle = heroLine ?? (ctx.title.length > 3 && !/website|site|page/i.test(ctx.title) ? ctx.title : d.tagline);
  const heroText = heroLine && ctx.title.length > 3 ? ctx.title : (d.features[0]?.text ?? d.tagline);
  const ctaLabel = cta ? capitalize(cta) : shop ? "Shop now" : "Get started";
  const ctaEvent = shop ? "shop_now" : "get_started";
  return [
    row(
      [
        heading(brand, { level: 2 }),
        row(
          links.map((l) =>
            button(l, { name: `nav_${nameOf(l)}`, variant: "ghost", size: "sm", onPress: { event: "navigate", value: l } }),
          ),
          { gap: 4, wrap: true },
        ),
      ],
      { justify: "between", align: "center", wrap: true, name: "nav" },
    ),
    // The app's own hero when it has one (its primary action is the built-in's), else the built-in card.
    roleComponent(ctx, "hero", { title: heroTitle, subtitle: heroText, action: ctaLabel }, { name: "hero", onPress: ctaEvent }) ??
      card(d.tagline, { name: "hero", subtitle: `For ${d.audience}` }, [
        heading(heroTitle, { level: 1 }),
        text(heroText),
        row(
          [
            button(ctaLabel, { name: "primary_cta", variant: "primary", onPress: ctaEvent }),
            button("Learn more", { name: "learn_more", variant: "secondary", onPress: "learn_more" }),
          ],
          { gap: 8 },
        ),
      ]),
    grid(
      features.map((f, i) =>
        card(f.title, { name: `feature_${i + 1}` }, [
          icon((f.icon as IconName) ?? ICONS[i % ICONS.length]!, { tone: "info" }),
          text(f.text, { size: "sm" }),
        ]),
      ),
      { columns: Math.min(4, features.length), gap: 12, name: "features" },
    ),
    heading(
      ownThingsItem
        ? capitalize(ownThingsItem.label.replace(/^(?:our|my|the)\s+/i, ""))
        : shop
          ? "Popular right now"
          : `Our ${d.itemNoun[1]}`,
      {
        level: 2,
      },
    ),
    ownThingsItem
      ? itemCards(
          ctx,
          ownThingsItem.options.map((o) => ({ name: capitalize(o) })),
          { label: shop ? "Add to cart" : "Learn more", event: shop ? "add_to_cart" : "open_item" },
          { images: false, ...(shop ? { role: "product-card" as const } : {}) },
        )
      : shop
        ? itemCards(ctx, d.items.slice(0, 6), { label: "Add to cart", event: "add_to_cart" }, { role: "product-card" })
        : itemCards(
            ctx,
            (d.services.length ? d.services : d.items).slice(0, 6).map((s) => ({
              name: s.name,
              ...(s.price !== undefined ? { price: s.price } : {}),
              ...(s.description ? { description: s.description } : {}),
            })),
            { label: "Learn more", event: "open_item" },
            { images: false },
          ),
    ...(d.people.length
      ? [
          heading("Meet the team", { level: 2 }),
          grid(
            d.people.map((p, i) =>
              card(p.name, { name: `person_${i + 1}`, subtitle: p.role }, [text(p.bio ?? p.role, { size: "sm" })]),
            ),
            { columns: Math.min(4, d.people.length), gap: 12, name: "team" },
          ),
        ]
      : []),
    ...ctx.parts.filter((p) => p !== "faq" && p !== "contact").flatMap((p) => partSection(ctx, p)),
    ...(testimonials
      ? [
          heading("Testimonials", { level: 2 }),
          grid(
            peopleFor(ctx, 3).map((p, i) =>
              card(p, { name: `testimonial_${i + 1}`, subtitle: "Customer" }, [
                text(`“${d.features[i % d.features.length]?.text ?? d.tagline}”`, { size: "sm" }),
              ]),
            ),
            { columns: 3, gap: 12, name: "testimonials" },
          ),
        ]
      : []),
    heading("Frequently asked questions", { level: 2 }),
    faqSection(d.faqs),
    card(`Questions? Write to ${brand}`, { name: "contact" }, form(["Name", "Email", "Message"], "Send", "send_message")),
  ];
}
