import { capitalize } from "../../text";
import { badge, button, card, grid, heading, list, row, select, stat, tabs, text, textInput } from "../../ui";
import { addDays, CATALOG, peopleFor, placesFor, shortDate, TODAY } from "../context";
import { avatar, details, header, nameOf } from "../sections";
import { count, type Layout, own, ownItems } from "./helpers";

/**
 * The people group: a profile, a directory and a chat.
 */

export const PEOPLE_LAYOUTS: Record<string, Layout> = {
  profile: (ctx) => {
    const person = ctx.e.people[0] ?? ctx.domain.people[0]?.name ?? peopleFor(ctx, 1)[0]!;
    const role = ctx.domain.people.find((p) => p.name === person)?.role ?? ctx.domain.people[0]?.role ?? "Member";
    const where = placesFor(ctx, 1)[0]!;
    return [
      row([avatar(person, 96, 240, "avatar"), heading(person, { level: 1 })], { gap: 16, align: "center" }),
      text(`${role} · ${where.city}`, { tone: "muted" }),
      grid(
        [
          stat(128, { name: "posts", label: "Posts" }),
          stat(2400, { name: "followers", label: "Followers" }),
          stat(311, { name: "following", label: "Following" }),
        ],
        { columns: 3, gap: 12 },
      ),
      tabs(
        ["About", "Activity"],
        [
          details(
            own(ctx).length
              ? Object.fromEntries(own(ctx).map((f) => [capitalize(f), profileValue(f, person, where.city)]))
              : {
                  Email: `${person.split(" ")[0]!.toLowerCase()}@mail.com`,
                  Location: where.city,
                  Joined: shortDate(addDays(TODAY, -400)),
                  Role: role,
                },
            "about",
          ),
          list(
            ctx.domain.posts.slice(0, 3).map((p) => ({ title: p.title, subtitle: `${p.minutes} min read` })),
            { name: "activity" },
          ),
        ],
        { name: "profile_tabs" },
      ),
      row(
        [
          button("Message", { name: "message", variant: "primary", icon: "mail", onPress: "message" }),
          button("Follow", { name: "follow", variant: "secondary", onPress: "follow" }),
        ],
        { gap: 8 },
      ),
    ];
  },
  directory: (ctx) => {
    // People the user wrote with what they do ("Dr. Mensah (cardiology)", "Aiko (backend, JST)"): those are the cards.
    const written = ownItems(ctx).filter(
      (i) => (i.detail || i.options.length) && /^(?:(?:Dr|Mr|Mrs|Ms|Prof|Nurse)\.?\s+)?\p{Lu}/u.test(i.label),
    );
    // "search by department", "filter by team": what the filter is over.
    const by = /\b(?:search|filter|sort|group)(?:able)?\s+by\s+([a-z]+(?: [a-z]+)?)/i.exec(ctx.e.text)?.[1];
    const people =
      written.length >= 2
        ? written.map((i) => {
            const about = i.detail ? [i.detail] : i.options;
            return { name: i.label, role: capitalize(about[0]!), more: about.slice(1).join(" · ") };
          })
        : ctx.e.people.length >= 2
          ? ctx.e.people.map((p, i) => ({
              name: p,
              role: ctx.domain.people[i % ctx.domain.people.length]?.role ?? "Member",
              more: "",
            }))
          : [
              ...ctx.domain.people.map((p) => ({ ...p, more: "" })),
              ...peopleFor(ctx, count(ctx, 8)).map((p, i) => ({ name: p, role: CATALOG_ROLES(i), more: "" })),
            ].slice(0, count(ctx, 8, 40));
    const roleWord = by && !/^(?:name|names)$/i.test(by) ? capitalize(by) : "Role";
    return [
      ...header(ctx.title, `${people.length} people`),
      row(
        [
          textInput({ name: "search", label: "Search people", type: "search" }),
          select("all", {
            name: "role",
            label: roleWord,
            options: [
              { label: `All ${roleWord.toLowerCase()}s`.replace(/ss$|ys$/, (m) => (m === "ss" ? "sses" : "ies")), value: "all" },
              ...[...new Set(people.map((p) => p.role))].map((r) => ({ label: r, value: nameOf(r) })),
            ],
          }),
        ],
        { gap: 12, wrap: true },
      ),
      grid(
        people.map((p, i) =>
          card(p.name, { name: `person_${i + 1}`, subtitle: p.more ? `${p.role} · ${p.more}` : p.role }, [
            row(
              [
                avatar(p.name, 56, 160),
                button("View profile", {
                  name: `view_${i + 1}`,
                  size: "sm",
                  variant: "secondary",
                  onPress: { event: "view_profile", value: p.name },
                }),
              ],
              { justify: "between", align: "center" },
            ),
          ]),
        ),
        { columns: 3, gap: 12, name: "people" },
      ),
    ];
  },
  chat: (ctx) => {
    const convo = CATALOG.chats[0]!;
    const [me, them] = [ctx.e.people[1] ?? convo.people[0]!, ctx.e.people[0] ?? convo.people[1]!];
    return [
      row([avatar(them, 40, 120, "avatar"), heading(them, { level: 1 }), badge("Online", { tone: "success" })], {
        gap: 12,
        align: "center",
      }),
      list(
        convo.messages.map((l) => ({ title: `${l.from === 0 ? me : them} · ${l.time}`, subtitle: l.text })),
        { name: "messages", dividers: true },
      ),
      row(
        [
          textInput({ name: "message", label: "Message", placeholder: `Message ${them}` }),
          button("Send", { name: "send", variant: "primary", onPress: "send_message" }),
        ],
        { gap: 8, align: "end" },
      ),
    ];
  },
};

const CATALOG_ROLES = (i: number) =>
  ["Designer", "Engineer", "Product manager", "Marketing lead", "Support specialist", "Data analyst"][i % 6]!;

function profileValue(f: string, person: string, city: string): string {
  const k = f.toLowerCase();
  if (/email/.test(k)) return `${person.split(" ")[0]!.toLowerCase()}@mail.com`;
  if (/phone/.test(k)) return "+1 555 0199";
  if (/location|city|address/.test(k)) return city;
  if (/join|since|member/.test(k)) return shortDate(addDays(TODAY, -400));
  if (/bio|about/.test(k)) return "Loves good design and long walks.";
  return "—";
}
