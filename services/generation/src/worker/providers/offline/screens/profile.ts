import { extractPersonName } from "../intents";
import {
  badge,
  button,
  card,
  column,
  grid,
  heading,
  image,
  keyValue,
  list,
  markdown,
  progress,
  row,
  stat,
  tabs,
  text,
  type UiNode,
} from "../ui";
import { emailOf, personName } from "./datasets";
import { avatar, type Built, type ScreenContext } from "./shared";

/**
 * A profile: avatar, name, role and location, follow/message actions, figures, and tabs for about, activity and
 * projects. The person's name is taken from the prompt when it names one; the role from the words used.
 */

interface Role {
  re: RegExp;
  title: string;
  skills: [string, number][];
  bio: string;
  projects: [string, string, number][];
  activity: [string, string][];
}

const ROLES: Role[] = [
  {
    re: /\b(developer|engineer|programmer|coder|software|frontend|backend|full ?stack)\b/,
    title: "Senior Software Engineer",
    skills: [
      ["TypeScript", 92],
      ["React", 88],
      ["Node.js", 84],
      ["PostgreSQL", 73],
      ["AWS", 66],
    ],
    bio: "I build fast, accessible web apps and the APIs behind them. Currently leading the payments team; previously built developer tools at two start-ups.\n\n- Speaker at **JSConf EU 2024**\n- Maintainer of an open-source form library (2.1k ★)",
    projects: [
      ["Checkout v3", "Rebuilt the checkout flow: 31% faster, 12% more conversions", 100],
      ["Design tokens", "One source of truth for colours and spacing across 4 apps", 75],
      ["Edge cache", "Moving product pages to the edge", 40],
    ],
    activity: [
      ["Merged “Retry failed webhooks with backoff”", "payments-service · 2 hours ago"],
      ["Reviewed 4 pull requests", "web-app · yesterday"],
      ["Published “Testing streams without flakiness”", "Blog · 3 days ago"],
      ["Closed 12 issues", "form-kit · last week"],
    ],
  },
  {
    re: /\b(designer|design|ux|ui designer|illustrator|artist)\b/,
    title: "Product Designer",
    skills: [
      ["Interaction design", 94],
      ["Figma", 91],
      ["Design systems", 86],
      ["User research", 78],
      ["Prototyping", 82],
    ],
    bio: "Product designer focused on calm, useful interfaces. I care about accessibility, good defaults and words that help.\n\n- Led the design system used by 40 designers\n- Mentor at ADPList",
    projects: [
      ["Mobile banking app", "Redesigned onboarding; drop-off fell from 38% to 19%", 100],
      ["Design system 2.0", "Tokens, components and guidelines", 80],
      ["Accessibility audit", "WCAG 2.2 AA across the web app", 55],
    ],
    activity: [
      ["Shared “Onboarding flows — round 3”", "Figma · 1 hour ago"],
      ["Ran 5 usability sessions", "Research · yesterday"],
      ["Wrote “Empty states that teach”", "Blog · last week"],
    ],
  },
  {
    re: /\b(photographer|photography|photos?)\b/,
    title: "Photographer",
    skills: [
      ["Portraits", 93],
      ["Natural light", 90],
      ["Lightroom", 85],
      ["Film photography", 72],
    ],
    bio: "Portrait and documentary photographer. Available for editorial work and small weddings.\n\n- Featured in *Lens Culture* 2024\n- Shoots on medium format film",
    projects: [
      ["Faces of the Market", "A year of portraits at the Saturday market", 100],
      ["Coastlines", "Long exposures of the northern coast", 65],
      ["Studio series", "Black-and-white studio portraits", 30],
    ],
    activity: [
      ["Posted 12 photos to “Coastlines”", "2 days ago"],
      ["Booked: editorial shoot", "Next Tuesday"],
      ["Exhibition opening", "Gallery 9 · next month"],
    ],
  },
  {
    re: /\b(manager|product manager|pm|founder|ceo|lead|director)\b/,
    title: "Product Manager",
    skills: [
      ["Discovery", 90],
      ["Roadmapping", 87],
      ["Analytics", 80],
      ["Stakeholder management", 85],
    ],
    bio: "Product manager who likes small teams, clear problems and shipping every week.\n\n- Launched 3 products from zero to 100k users\n- Writes a monthly newsletter on product discovery",
    projects: [
      ["Self-serve onboarding", "From sales-led to self-serve in one quarter", 100],
      ["Usage-based billing", "New pricing model, rolled out gradually", 60],
      ["Mobile app", "Discovery and first prototype", 25],
    ],
    activity: [
      ["Published the Q4 roadmap", "Today"],
      ["Ran a discovery workshop", "Yesterday"],
      ["Shared customer interview notes", "Last week"],
    ],
  },
  {
    re: /\b(student|learner|graduate|intern)\b/,
    title: "Computer Science Student",
    skills: [
      ["Python", 84],
      ["Algorithms", 78],
      ["Machine learning", 64],
      ["Public speaking", 70],
    ],
    bio: "Third-year computer science student interested in machine learning and education tools. Looking for a summer internship.\n\n- Dean's list 2024\n- Organiser of the campus hackathon",
    projects: [
      ["Study buddy", "A flash-card app with spaced repetition", 90],
      ["Bike-share predictions", "Forecasting demand by station", 70],
      ["Hackathon site", "Registration and schedule for 300 students", 100],
    ],
    activity: [
      ["Submitted the ML coursework", "Today"],
      ["Won 2nd place at HackTheCampus", "Last month"],
      ["Started the Rust course", "Last week"],
    ],
  },
];

/** The profile screen. */
export function buildProfile(ctx: ScreenContext): Built {
  const rng = ctx.rng("profile");
  const role = ROLES.find((x) => x.re.test(ctx.text)) ?? rng.pick(ROLES.slice(0, 2));
  const name = extractPersonName(ctx.prompt) ?? personName(rng);
  const city = rng.pick([
    "Lisbon, Portugal",
    "Toronto, Canada",
    "Berlin, Germany",
    "Melbourne, Australia",
    "Austin, USA",
    "Bengaluru, India",
  ]);
  const handle = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]+/g, "");
  const followers = rng.int(800, 24_000);
  const nodes: UiNode[] = [
    card(
      undefined,
      [
        row(
          [
            image(avatar(name), { name: "avatar", alt: `${name}'s avatar`, width: 96, height: 96, radius: 48, fit: "cover" }),
            column(
              [
                heading(name, { level: 1, name: "person_name" }),
                text(`${role.title} · ${city}`, { tone: "muted", name: "role_line" }),
                row(
                  [
                    badge("Open to collaborations", { tone: "success", name: "status_badge" }),
                    ...role.skills.slice(0, 3).map(([s], i) => badge(s, { tone: "neutral", name: `skill_badge_${i + 1}` })),
                  ],
                  { gap: 6, wrap: true },
                ),
              ],
              { gap: 6 },
            ),
          ],
          { gap: 16, align: "center", wrap: true },
        ),
        row(
          [
            button("Follow", {
              name: "follow_user",
              variant: "primary",
              icon: "plus",
              onPress: { event: "follow_user", value: name },
            }),
            button("Message", {
              name: "message_user",
              variant: "secondary",
              icon: "mail",
              onPress: { event: "message_user", value: name },
            }),
            button("Share profile", { name: "share_profile", variant: "ghost", onPress: "share_profile" }),
          ],
          { gap: 8, wrap: true },
        ),
      ],
      { name: "profile_card", elevated: true },
    ),
    grid(
      [
        stat(followers, { name: "followers", label: "Followers", delta: rng.float(1, 9, 1) }),
        stat(rng.int(120, 900), { name: "following", label: "Following" }),
        stat(rng.int(12, 80), { name: "projects_count", label: "Projects" }),
        stat(rng.float(4.6, 5, 1), { name: "rating", label: "Average rating" }),
      ],
      { columns: 4, name: "figures" },
    ),
    tabs(
      ["About", "Activity", "Projects"],
      [
        column(
          [
            markdown(role.bio, { name: "bio" }),
            keyValue(
              {
                Email: emailOf(name),
                Location: city,
                Website: `https://${handle || "me"}.dev`,
                Joined: `${rng.pick(["March", "June", "September", "November"])} ${rng.int(2016, 2023)}`,
                Languages: rng.pick([
                  "English, Portuguese",
                  "English, French",
                  "English, German",
                  "English, Hindi",
                  "English, Spanish",
                ]),
              },
              { name: "details" },
            ),
          ],
          { gap: 12, name: "about_panel" },
        ),
        list(
          role.activity.map(([t, s]) => ({ title: t, subtitle: s, icon: "clock" as const })),
          { name: "activity_list", dividers: true },
        ),
        grid(
          role.projects.map(([t, d, p], i) =>
            card(
              t,
              [
                text(d, { size: "sm" }),
                progress(p, { label: p === 100 ? "Shipped" : `${p}% done`, tone: p === 100 ? "success" : "info" }),
              ],
              {
                name: `project_${i + 1}`,
              },
            ),
          ),
          { columns: 3, name: "projects_panel" },
        ),
      ],
      { name: "profile_tabs" },
    ),
    card(
      "Skills",
      role.skills.map(([s, v], i) => progress(v, { name: `skill_${i + 1}`, label: s, tone: "info" })),
      { name: "skills_card" },
    ),
  ];
  return {
    name: `${name} — profile`,
    settings: { title: `${name} — profile`, theme: "auto", maxWidth: 880, padding: 24, gap: 16 },
    nodes,
    sections: ["profile header with avatar, role and actions", "4 figures", "tabs: about, activity, projects", "skills"],
    summary: `a profile for ${name}, ${role.title}`,
  };
}
