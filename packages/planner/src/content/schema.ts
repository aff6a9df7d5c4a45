/**
 * The shapes of the planner's content files (data/content/*.json). Every file is parsed through these schemas once,
 * at module load, so a malformed file stops the process at start instead of producing a broken screen later.
 * Objects are strict: a misspelt key is an error, not a silently missing value.
 */
import { ICONS } from "@genui/ui-runtime";
import { z } from "zod";

/** The icons a content file may name: the catalogue's own set. */
export { ICONS };
export type IconName = (typeof ICONS)[number];

const text = z.string().min(1);
const currencyCode = z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as USD");
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a 24-hour time such as 09:30");
const duration = z.string().regex(/^\d{1,3}:[0-5]\d$/, "a duration such as 3:42");
const unique =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const item of items) {
      const k = key(item).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: "custom", message: `duplicate ${what}: ${k}` });
      seen.add(k);
    }
  };

// ---------- domains.json ----------

/** Something a domain sells or offers, shown as a product card, a table row or a cart line. */
export const DomainItemSchema = z.strictObject({
  name: text,
  /** In the domain's currency; 0 means free. */
  price: z.number().nonnegative(),
  /** What the price is for when it is not a one-off purchase: "night", "month", "person", "class" … */
  per: text.optional(),
  /** One of the domain's categories. */
  category: text,
  description: text,
  rating: z.number().min(1).max(5),
  /** A short badge: "Best seller", "New". */
  tag: text.optional(),
});

export const DomainServiceSchema = z.strictObject({
  name: text,
  description: text,
  price: z.number().nonnegative().optional(),
  per: text.optional(),
  /** "60 min", "2 days". */
  duration: text.optional(),
});

export const FeatureSchema = z.strictObject({ title: text, text, icon: z.enum(ICONS) });

/** A question and its answer. */
export const FaqSchema = z.tuple([text, text]);

export const DomainPersonSchema = z.strictObject({ name: text, role: text, bio: text });

export const MetricSchema = z.strictObject({
  label: text,
  value: z.number(),
  format: z.enum(["number", "currency", "percent"]),
  /** Change against the previous period, in percent (negative when it fell). */
  delta: z.number(),
});

/** Twelve monthly values, January to December. */
export const SeriesSchema = z.strictObject({
  label: text,
  unit: z.enum(["number", "currency", "percent"]),
  values: z.array(z.number()).length(12),
});

export const PostSchema = z.strictObject({
  title: text,
  summary: text,
  author: text,
  /** Reading (or listening) time in minutes. */
  minutes: z.number().int().positive(),
});

/** What a request may be about: its words (cues), and the content that fills a screen for it. */
export const DomainSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a kebab-case id"),
    /** Words and phrases that point to this domain, matched as whole words (see domainFor). */
    cues: z.array(text).min(4),
    brand: z.array(text).min(3),
    tagline: text,
    audience: text,
    /** What the items are called: [singular, plural]. */
    itemNoun: z.tuple([text, text]),
    items: z.array(DomainItemSchema).min(8).max(12),
    services: z.array(DomainServiceSchema).min(4).max(6),
    features: z.array(FeatureSchema).min(3).max(4),
    faqs: z.array(FaqSchema).min(4).max(5),
    people: z.array(DomainPersonSchema).min(4),
    metrics: z.array(MetricSchema).min(4),
    series: SeriesSchema,
    categories: z.array(text).min(2),
    posts: z.array(PostSchema).min(4),
    currency: currencyCode.default("USD"),
  })
  .superRefine((d, ctx) => {
    for (const item of d.items) {
      if (!d.categories.includes(item.category)) {
        ctx.addIssue({
          code: "custom",
          message: `${d.id}: item "${item.name}" has category "${item.category}" not in categories`,
        });
      }
    }
    unique<string>((c) => c, `${d.id} cue`)(d.cues, ctx);
    unique<{ name: string }>((i) => i.name, `${d.id} item`)(d.items, ctx);
  });

export const DomainsFileSchema = z
  .array(DomainSchema)
  .min(40)
  .superRefine(unique((d) => d.id, "domain id"));

// ---------- people.json ----------

export const NameSchema = z
  .strictObject({ first: text, last: text, gender: z.enum(["female", "male", "neutral"]) })
  .transform((n) => ({ ...n, name: `${n.first} ${n.last}` }));

export const PeopleFileSchema = z.strictObject({
  names: z
    .array(NameSchema)
    .min(80)
    .superRefine(unique((n) => n.name, "name")),
  titles: z.array(text).min(30),
  teams: z.array(text).min(20),
});

// ---------- places.json ----------

export const CitySchema = z.strictObject({
  name: text,
  country: text,
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  currency: currencyCode,
  /** An IANA time zone. */
  timezone: z.string().regex(/^[A-Za-z_]+(\/[A-Za-z_-]+)+$/),
  /** What a trip there is like, for itineraries. */
  kind: z.enum(["city", "beach", "mountains"]),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  neighbourhoods: z.array(text).min(2),
  /** Street addresses in the local style ("12 Rue Oberkampf"). */
  addresses: z.array(text).min(2),
});

export const CountrySchema = z.strictObject({
  name: text,
  code: z.string().regex(/^[A-Z]{2}$/),
  currency: currencyCode,
  /** The international calling code, "+33". */
  dialCode: z.string().regex(/^\+\d{1,4}$/),
});

export const PlacesFileSchema = z.strictObject({
  cities: z
    .array(CitySchema)
    .min(60)
    .superRefine(unique((c) => c.name, "city")),
  countries: z
    .array(CountrySchema)
    .min(20)
    .superRefine(unique((c) => c.code, "country")),
});

// ---------- catalog.json ----------

export const QuizQuestionSchema = z
  .strictObject({
    question: text,
    options: z.array(text).length(4),
    /** The correct option, by index into options. */
    answer: z.number().int().min(0).max(3),
    explanation: text.optional(),
  })
  .superRefine((q, ctx) => unique<string>((o) => o, `option of "${q.question}"`)(q.options, ctx));

export const QuizSchema = z.strictObject({
  id: z.string().regex(/^[a-z-]+$/),
  topic: text,
  questions: z.array(QuizQuestionSchema).min(5),
});

export const SurveyQuestionSchema = z.strictObject({
  question: text,
  kind: z.enum(["rating", "choice", "yes-no", "text", "scale"]),
  options: z.array(text).min(2).optional(),
});

export const NotificationSchema = z.strictObject({
  kind: z.enum(["info", "success", "warning", "error", "message", "reminder"]),
  title: text,
  text,
  /** As shown: "2 min ago", "Yesterday". */
  time: text,
});

export const ChatSchema = z.strictObject({
  title: text,
  people: z.tuple([text, text]),
  messages: z
    .array(
      z.strictObject({
        /** Index into people. */
        from: z.union([z.literal(0), z.literal(1)]),
        text,
        time: clock,
      }),
    )
    .min(8),
});

export const HeadlineSchema = z.strictObject({
  title: text,
  topic: text,
  source: text,
  summary: text,
  minutes: z.number().int().positive(),
});

export const TrackSchema = z.strictObject({
  kind: z.enum(["song", "episode"]),
  title: text,
  /** The artist of a song, the show of an episode. */
  by: text,
  album: text.optional(),
  duration,
});

export const RecipeSchema = z.strictObject({
  title: text,
  description: text,
  minutes: z.number().int().positive(),
  servings: z.number().int().positive(),
  difficulty: z.enum(["Easy", "Medium", "Hard"]),
  ingredients: z.array(z.strictObject({ item: text, quantity: text })).min(4),
  steps: z.array(text).min(3),
});

/** A common dish, named in requests by any of `names` (whole words, singular or plural). */
export const DishSchema = RecipeSchema.extend({ names: z.array(text).min(1) });
export const DishesFileSchema = z.strictObject({ about: text, dishes: z.array(DishSchema).min(8) });
export type Dish = z.infer<typeof DishSchema>;

export const KanbanCardSchema = z.strictObject({
  title: text,
  assignee: text,
  tag: text,
  status: z.enum(["todo", "doing", "review", "done"]),
  priority: z.enum(["Low", "Medium", "High"]),
});

export const TodoSchema = z.strictObject({ title: text, done: z.boolean(), due: text.optional(), list: text });

export const EventSchema = z.strictObject({
  title: text,
  /** Days after the first day of the week shown (0 = Monday). */
  dayOffset: z.number().int().min(0).max(6),
  start: clock,
  minutes: z.number().int().positive(),
  place: text,
});

export const ActivitySchema = z.strictObject({
  day: z.number().int().min(1),
  time: z.enum(["morning", "afternoon", "evening"]),
  title: text,
  text,
});

export const SettingSchema = z
  .strictObject({
    label: text,
    kind: z.enum(["switch", "select", "slider"]),
    description: text.optional(),
    options: z.array(text).min(2).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
    default: z.union([z.boolean(), z.string(), z.number()]),
  })
  .superRefine((s, ctx) => {
    const ok =
      (s.kind === "switch" && typeof s.default === "boolean") ||
      (s.kind === "select" && typeof s.default === "string" && (s.options ?? []).includes(s.default)) ||
      (s.kind === "slider" && typeof s.default === "number" && s.min !== undefined && s.max !== undefined);
    if (!ok) ctx.addIssue({ code: "custom", message: `setting "${s.label}": default does not fit its kind` });
  });

export const StateSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: text,
  text,
  action: text,
  icon: z.enum(ICONS),
});

export const EmptyStateSchema = z.strictObject({ what: text, title: text, hint: text, action: text, icon: z.enum(ICONS) });

export const MilestoneSchema = z.strictObject({ when: text, title: text, text });

export const StepSchema = z.strictObject({ title: text, text });

export const PlayerSchema = z.strictObject({
  name: text,
  handle: z.string().regex(/^@[A-Za-z0-9_]+$/),
  country: z.string().regex(/^[A-Z]{2}$/),
  score: z.number().int().nonnegative(),
});

export const PhotoSchema = z.strictObject({ subject: text, alt: text, tag: text });

export const CatalogFileSchema = z.strictObject({
  quizzes: z.array(QuizSchema).min(5),
  survey: z.array(SurveyQuestionSchema).min(10),
  notifications: z.array(NotificationSchema).min(15),
  chats: z.array(ChatSchema).min(2),
  headlines: z.array(HeadlineSchema).min(15),
  tracks: z.array(TrackSchema).min(12),
  recipes: z.array(RecipeSchema).min(4),
  kanban: z.array(KanbanCardSchema).min(15),
  todos: z.array(TodoSchema).min(15),
  events: z.array(EventSchema).min(15),
  itineraries: z.strictObject({
    beach: z.array(ActivitySchema).min(12),
    city: z.array(ActivitySchema).min(12),
    mountains: z.array(ActivitySchema).min(12),
  }),
  faqs: z.array(FaqSchema).min(8),
  settings: z
    .array(z.strictObject({ section: text, icon: z.enum(ICONS), settings: z.array(SettingSchema).min(3).max(5) }))
    .min(4),
  errors: z.array(StateSchema).min(4),
  empty: z.array(EmptyStateSchema).min(10),
  milestones: z.array(MilestoneSchema).min(10),
  processes: z.record(z.string().regex(/^[a-z-]+$/), z.array(StepSchema).min(4).max(5)),
  players: z.array(PlayerSchema).min(20),
  photos: z.array(PhotoSchema).min(20),
});

// ---------- fields.json ----------

export const INPUTS = ["textInput", "textArea", "select", "checkbox", "date", "switch", "slider"] as const;

/** How to ask for one piece of information in a form. */
export const FieldSpecSchema = z
  .strictObject({
    label: text,
    input: z.enum(INPUTS),
    /** textInput only. */
    type: z.enum(["email", "tel", "number", "password", "url", "text", "search"]).optional(),
    placeholder: text.optional(),
    /** select only. */
    options: z.array(text).min(2).optional(),
    /** slider only. */
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
    /** textArea only. */
    rows: z.number().int().min(2).max(20).optional(),
    default: z.union([z.boolean(), z.string(), z.number()]).optional(),
    required: z.boolean().optional(),
    /** Other words for the same thing ("e-mail", "email address"). */
    synonyms: z.array(text).default([]),
  })
  .superRefine((f, ctx) => {
    const problem =
      (f.type !== undefined && f.input !== "textInput" && "type is for textInput") ||
      (f.input === "select" && !f.options && "a select needs options") ||
      (f.input !== "select" && f.options && "options are for select") ||
      (f.input === "slider" && (f.min === undefined || f.max === undefined) && "a slider needs min and max") ||
      (f.rows !== undefined && f.input !== "textArea" && "rows are for textArea");
    if (problem) ctx.addIssue({ code: "custom", message: `field "${f.label}": ${problem}` });
  });

export const FieldsFileSchema = z.record(z.string().regex(/^[a-z][a-z0-9 -]*$/, "a lower-case field name"), FieldSpecSchema);

export type Icon = IconName;
export type DomainItem = z.infer<typeof DomainItemSchema>;
export type DomainService = z.infer<typeof DomainServiceSchema>;
export type Feature = z.infer<typeof FeatureSchema>;
export type Faq = z.infer<typeof FaqSchema>;
export type DomainPerson = z.infer<typeof DomainPersonSchema>;
export type Metric = z.infer<typeof MetricSchema>;
export type Series = z.infer<typeof SeriesSchema>;
export type Post = z.infer<typeof PostSchema>;
export type Domain = z.infer<typeof DomainSchema>;
export type PersonName = z.infer<typeof NameSchema>;
export type People = z.infer<typeof PeopleFileSchema>;
export type City = z.infer<typeof CitySchema>;
export type Country = z.infer<typeof CountrySchema>;
export type Places = z.infer<typeof PlacesFileSchema>;
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;
export type Quiz = z.infer<typeof QuizSchema>;
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;
export type Notification = z.infer<typeof NotificationSchema>;
export type Chat = z.infer<typeof ChatSchema>;
export type Headline = z.infer<typeof HeadlineSchema>;
export type Track = z.infer<typeof TrackSchema>;
export type Recipe = z.infer<typeof RecipeSchema>;
export type KanbanCard = z.infer<typeof KanbanCardSchema>;
export type Todo = z.infer<typeof TodoSchema>;
export type CalendarEvent = z.infer<typeof EventSchema>;
export type Activity = z.infer<typeof ActivitySchema>;
export type Setting = z.infer<typeof SettingSchema>;
export type ScreenState = z.infer<typeof StateSchema>;
export type EmptyState = z.infer<typeof EmptyStateSchema>;
export type Milestone = z.infer<typeof MilestoneSchema>;
export type ProcessStep = z.infer<typeof StepSchema>;
export type Player = z.infer<typeof PlayerSchema>;
export type Photo = z.infer<typeof PhotoSchema>;
export type Catalog = z.infer<typeof CatalogFileSchema>;
export type FieldSpec = z.infer<typeof FieldSpecSchema>;
export type InputKind = (typeof INPUTS)[number];
