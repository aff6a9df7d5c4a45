import { dishFor } from "../../content";
import { capitalize } from "../../text";
import {
  button,
  card,
  grid,
  heading,
  type IconName,
  image,
  list,
  markdown,
  row,
  tabs,
  text,
  textArea,
  textInput,
} from "../../ui";
import { type Item } from "../../understand/items";
import { addDays, CATALOG, shortDate, TODAY } from "../context";
import { details, faqSection, header, money, nameOf, photo } from "../sections";
import { count, type Layout, own, ownItems, ownThings } from "./helpers";

/**
 * The content group's reading: a menu, questions and answers, a feed, an article, a recipe and notifications. (Places,
 * events and the weather are in `./places.ts`; the landing page, made of parts, in `./index.ts`.)
 */

export const CONTENT_LAYOUTS: Record<string, Layout> = {
  menu: (ctx) => {
    const food = ctx.domainMatched ? ctx.domain : undefined;
    // Sections as written ("mains: veg biryani ₹60, paneer wrap ₹50; snacks: samosa ₹15, …"): a label before a colon
    // starts a section, the first one named just before the list.
    const mine = ownItems(ctx).filter((i) => i.value !== undefined);
    const at = mine.length ? ctx.e.text.toLowerCase().indexOf(mine[0]!.text.toLowerCase()) : -1;
    const lead = at > 0 ? /([a-z][a-z0-9 &'-]{1,24}?)\s*:\s*$/i.exec(ctx.e.text.slice(0, at))?.[1] : undefined;
    let section = lead && !/\bmenu\b/i.test(lead) ? capitalize(lead.trim()) : "Menu";
    const sectioned = mine.map((i) => {
      const m = /^([^:]{2,24}):\s*(.+)$/.exec(i.label);
      if (m) section = capitalize(m[1]!.trim());
      return { name: capitalize(m ? m[2]! : i.label), price: i.value!, category: section, description: "" };
    });
    const dishes =
      mine.length >= 2 && mine.some((i) => i.label.includes(":"))
        ? sectioned
        : ctx.e.values.length >= 2
          ? ctx.e.values.map((v) => ({ name: capitalize(v.label), price: v.value, category: "Menu", description: "" }))
          : own(ctx).length
            ? own(ctx).map((d, i) => ({ name: capitalize(d), price: 6 + ((i * 3) % 14), category: "Menu", description: "" }))
            : (food ?? ctx.domain).items.map((i) => ({
                name: i.name,
                price: i.price ?? 9,
                category: i.category ?? "Menu",
                description: i.description ?? "",
              }));
    const cats = [...new Set(dishes.map((d) => d.category))];
    return [
      ...header(ctx.title, ctx.domainMatched ? ctx.domain.tagline : "Fresh, seasonal, made to order."),
      tabs(
        cats,
        cats.map((c) =>
          list(
            dishes
              .filter((d) => d.category === c)
              .map((d) => ({
                title: `${d.name} — ${money(d.price, ctx.currency)}`,
                ...(d.description ? { subtitle: d.description } : {}),
              })),
            { name: nameOf(c), dividers: true },
          ),
        ),
        { name: "menu_sections" },
      ),
      button("Order now", { name: "order_now", variant: "primary", onPress: "order_now" }),
    ];
  },
  faq: (ctx) => {
    // The user's questions, answered with what they wrote in parentheses ("do you take cats? (yes)").
    const answerOf = (i: Item): string | undefined => {
      const a = /\(([^()]+)\)\s*$/.exec(i.text)?.[1]?.trim() ?? i.detail ?? (i.options.length ? i.options.join(", ") : undefined);
      return a && `${capitalize(a).replace(/[.!]?$/, ".")}`;
    };
    // Questions written one after another with their answers ("can I add a second driver? (yes, €8/day) is there a
    // deposit? (€300 held on your card) …"), however they are separated.
    const pairs = [
      ...ctx.e.text.matchAll(
        /(?<=^|[:?)—–-]\s*|,\s*)((?:can|do|does|is|are|what|what's|how|when|where|who|will|should|may)\b[^?()]{3,90}\?)\s*\(([^()]{1,80})\)/gi,
      ),
    ].map((m) => [capitalize(m[1]!.trim()), `${capitalize(m[2]!.trim()).replace(/[.!]?$/, ".")}`] as const);
    const qs =
      pairs.length >= 2 && pairs.length >= ownItems(ctx).length
        ? pairs
        : ownItems(ctx).length
          ? ownItems(ctx).map((i) => {
              // A question is asked as one; a topic ("refund policy") stays a topic.
              const asked =
                /\?/.test(i.text) ||
                /^(?:what|how|who|when|where|why|which|do|does|did|can|could|is|are|will|would|should|may)\b/i.test(i.label);
              const q = capitalize(i.label || i.text).replace(/[?.]*$/, asked ? "?" : "");
              return [q, answerOf(i) ?? `${q.replace(/\?$/, "")}: ${ctx.domain.faqs[0]![1]}`] as const;
            })
          : ctx.domainMatched
            ? ctx.domain.faqs
            : CATALOG.faqs;
    return [
      ...header(ctx.title, "Answers to the questions we hear most."),
      faqSection(qs),
      card("Still have a question?", { name: "ask_card" }, [
        button("Contact support", { name: "contact_support", variant: "primary", onPress: "contact_support" }),
      ]),
    ];
  },
  feed: (ctx) => {
    const posts = ctx.domainMatched
      ? ctx.domain.posts.map((p) => ({ title: p.title, text: p.summary, author: p.author }))
      : CATALOG.headlines.map((nw) => ({ title: nw.title, text: nw.summary, author: nw.source }));
    return [
      ...header(ctx.title),
      card("Share something", { name: "composer" }, [
        textArea({ name: "post", label: "What's new?", rows: 2 }),
        row([button("Post", { name: "post_button", variant: "primary", onPress: "post" })], { justify: "end" }),
      ]),
      ...posts.slice(0, count(ctx, 5, 12)).map((p, i) =>
        card(p.title, { name: `post_${i + 1}`, subtitle: `${p.author} · ${i + 1}h ago` }, [
          text(p.text),
          row(
            [
              button("Like", {
                name: `like_${i + 1}`,
                variant: "ghost",
                icon: "heart",
                size: "sm",
                onPress: { event: "like", value: p.title },
              }),
              button("Comment", {
                name: `comment_${i + 1}`,
                variant: "ghost",
                size: "sm",
                onPress: { event: "comment", value: p.title },
              }),
            ],
            { gap: 8 },
          ),
        ]),
      ),
    ];
  },
  article: (ctx) => {
    const post = ctx.domain.posts[0]!;
    const title = ctx.title.length >= 6 ? ctx.title : post.title;
    const body = [
      post.summary,
      ...ctx.domain.features.map((f) => `# ${f.title}\n\n${f.text}`),
      ...ctx.domain.faqs.slice(0, 2).map(([q, a]) => `**${q}** ${a}`),
    ].join("\n\n");
    return [
      heading(title, { level: 1 }),
      text(`By ${post.author} · ${shortDate(addDays(TODAY, -2))} · ${post.minutes} min read`, { tone: "muted" }),
      image(photo(`${ctx.domain.id}-${title}`, 1200, 500), { name: "cover", alt: title, height: 240, fit: "cover" }),
      markdown(body, { name: "body" }),
      card("Keep reading", { name: "more" }, [
        list(
          ctx.domain.posts.slice(1, 4).map((p) => ({ title: p.title, subtitle: `${p.minutes} min read` })),
          { name: "related", onPress: "open_article" },
        ),
      ]),
    ];
  },
  recipe: (ctx) => {
    // The dish the request names ("chocolate chip cookies"), else a catalogue recipe of the same dish ("pancakes" for
    // "banana pancakes"), never one that merely shares an ingredient, and never another dish's recipe.
    const found =
      dishFor(ctx.e.text) ??
      CATALOG.recipes.find((x) => ctx.e.norm.includes(x.title.toLowerCase().split(" ").at(-1)!.replace(/s$/, "")));
    const name = ctx.title.length >= 4 ? ctx.title : (found?.title ?? "My recipe");
    // The user's own time and oven temperature ("60 min at 175°C", "1 hr 10 min"), else the known recipe's.
    const hrs = /\b(\d+(?:\.\d+)?)\s?(?:h|hrs?|hours?)\b/i.exec(ctx.e.text);
    const mins = /\b(\d+)\s?(?:m|mins?|minutes)\b/i.exec(ctx.e.text);
    const asked = hrs || mins ? Math.round(Number(hrs?.[1] ?? 0) * 60 + Number(mins?.[1] ?? 0)) : undefined;
    const temp = /\b(\d{2,3})\s?°\s?([CF])\b|\bgas mark (\d)\b/i.exec(ctx.e.text);
    const heat = temp ? (temp[3] ? `gas mark ${temp[3]}` : `${temp[1]}°${temp[2]!.toUpperCase()}`) : undefined;
    const servesAsked = ctx.e.count && /serv|people|person/.test(ctx.e.count.noun) ? ctx.e.count.n : undefined;
    // The user's ingredients and no known recipe of that dish: the method is made from them, not borrowed.
    const names = ownItems(ctx)
      .map((i) => i.label.replace(/^(?:tsp|tbsp|cups?|pinch(?: of)?|handful(?: of)?|cloves?|slices?|of)\s+/i, ""))
      .filter(Boolean);
    const joinNames = (l: string[]) => (l.length > 1 ? `${l.slice(0, -1).join(", ")} and ${l.at(-1)}` : (l[0] ?? ""));
    if (!found && own(ctx).length < 2) {
      // A dish the generator has no recipe for: a recipe card about that dish, in the user's words, that the user
      // fills in — never another dish's ingredients.
      return [
        heading(name, { level: 1 }),
        text("Write your recipe down: list the ingredients, then the steps.", { tone: "muted" }),
        grid(
          [
            textInput({ name: "time", label: "Time", placeholder: "e.g. 45 min", ...(asked ? { value: `${asked} min` } : {}) }),
            textInput({
              name: "serves",
              label: "Serves",
              type: "number",
              placeholder: "e.g. 4",
              ...(servesAsked ? { value: String(servesAsked) } : {}),
            }),
            ...(heat ? [textInput({ name: "oven", label: "Oven", value: heat })] : []),
          ],
          { columns: heat ? 3 : 2, gap: 12 },
        ),
        card("Ingredients", { name: "ingredients_card" }, [
          textArea({ name: "ingredients", label: "Ingredients, one per line", placeholder: "e.g. 200 g flour", rows: 6 }),
        ]),
        card("Method", { name: "method_card" }, [
          textArea({ name: "method", label: "Steps, one per line", placeholder: "e.g. Heat the oven to 180°C", rows: 6 }),
        ]),
        button("Save recipe", { name: "save", variant: "primary", onPress: "save_recipe" }),
      ];
    }
    const r = found;
    const ingredients = own(ctx).length
      ? own(ctx).map(capitalize)
      : r!.ingredients.map((i) =>
          /^to (?:taste|serve)$/.test(i.quantity) ? `${i.item}, ${i.quantity}` : `${i.quantity} ${i.item}`,
        );
    const minutes = asked ?? r?.minutes ?? 30;
    // The user's own ingredients: the method is made from them (a known method would name others).
    const steps =
      (!found || own(ctx).length >= 2) && names.length >= 2
        ? [
            ...(heat ? [`Heat the oven to ${heat} and line a tin.`] : []),
            `Mix the ${joinNames(names.slice(0, 2))} in a large bowl.`,
            ...(names.length > 2 ? [`Stir in the ${joinNames(names.slice(2))} until just combined.`] : []),
            heat
              ? `Bake for ${minutes} min, until golden and cooked through.`
              : `Cook for ${minutes} min, stirring now and then.`,
            "Leave to rest for a few minutes, then serve.",
          ]
        : r!.steps;
    return [
      heading(name, { level: 1 }),
      image(photo(`recipe-${name}`, 1000, 500), {
        name: "dish_photo",
        alt: `Illustration for ${name}`,
        height: 220,
        fit: "cover",
      }),
      details(
        {
          Time: `${minutes} min`,
          ...(heat ? { Oven: heat } : {}),
          ...(servesAsked || r ? { Serves: servesAsked ?? r!.servings } : {}),
          ...(r ? { Difficulty: r.difficulty } : {}),
        },
        "facts",
      ),
      grid(
        [
          card("Ingredients", { name: "ingredients_card" }, [list(ingredients, { name: "ingredients" })]),
          card("Method", { name: "method_card" }, [list(steps, { name: "steps", ordered: true })]),
        ],
        { columns: 2, gap: 16 },
      ),
      button("Start cooking mode", { name: "cook", variant: "primary", onPress: "start_cooking" }),
    ];
  },
  notifications: (ctx) => {
    const mine = ownThings(ctx);
    // The user's own alerts say what they are: no borrowed message under them, a kind read from their words.
    const TIMES = ["Just now", "4 min ago", "12 min ago", "38 min ago", "1 h ago", "3 h ago", "Yesterday"];
    const kindOf = (t: string) =>
      /\b(?:fail(?:ed|ure)?|error|down|offline|outage|critical|declined|broken)\b/i.test(t)
        ? "error"
        : /\b(?:high|low|overdue|late|delay(?:ed)?|warning|expir\w*|running out|almost|due|leak\w*)\b|\d\s?%/i.test(t)
          ? "warning"
          : /\b(?:done|paid|received|shipped|delivered|approved|complete[d]?|success\w*|back online)\b/i.test(t)
            ? "success"
            : "info";
    // A control the user asks for ("a switch to mute promo alerts") is not a notification.
    const alerts = mine.filter(
      (t) => !/^(?:(?:and|with)\s+)?(?:a|an)?\s*(?:switch|toggle|button|link|filter|tab)s?\b/i.test(t.text),
    );
    const notes = alerts.length
      ? alerts.map((t, i) => ({
          title: capitalize(t.text.replace(/\s*[—–-]+\s*$/, "")),
          text: "",
          time: TIMES[i % TIMES.length]!,
          kind: kindOf(t.text),
        }))
      : CATALOG.notifications.slice(0, count(ctx, 8, 15));
    return [
      ...header(ctx.title.length < 4 ? "Notifications" : ctx.title, `${Math.min(3, notes.length)} unread`),
      row(
        [
          button("Mark all as read", { name: "mark_all_read", variant: "secondary", onPress: "mark_all_read" }),
          button("Settings", {
            name: "notification_settings",
            variant: "ghost",
            icon: "settings",
            onPress: "notification_settings",
          }),
        ],
        { justify: "end", gap: 8 },
      ),
      list(
        notes.map((n, i) => ({
          title: n.title,
          subtitle: `${n.text ? `${n.text} · ` : ""}${n.time}${i < 3 ? " · unread" : ""}`,
          icon: NOTE_ICON[n.kind] ?? "info",
        })),
        { name: "notifications", dividers: true, onPress: "open_notification" },
      ),
    ];
  },
};

const NOTE_ICON: Record<string, IconName> = {
  info: "info",
  success: "check",
  warning: "warning",
  error: "error",
  message: "mail",
  reminder: "clock",
};
