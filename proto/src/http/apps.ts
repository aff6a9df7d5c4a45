import { z } from "zod";

/** DRF's message for a value of the wrong type, kept by every field below (the SPA shows it under the field). */
const text = () => z.string({ error: "Not a valid string." });

/** Ids of apps and templates are UUIDs (anything else cannot exist: 404). */
export const Id = z.uuid();

export const APP_STATUSES = ["pending", "active", "cancelled"] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

/** SPEC §3 App, as its owner sees it (docs/decisions.md "Apps and templates"). */
export const App = z
  .object({
    id: Id,
    url: z.string(),
    api_key: z.string().meta({ description: "The secret key: servers only (the API refuses it from a browser)." }),
    publishable_key: z.string().nullable().meta({
      description: "The publishable key for web pages (the embed, the loader), accepted only from allowed_origin.",
    }),
    allowed_origin: z.string().meta({ description: "The origin of url." }),
    daily_spend_cap: z
      .string()
      .meta({ description: 'What the publishable key may spend per UTC day, US dollars with 2 places ("1.00").' }),
    store_completions: z.boolean().meta({
      description:
        "Keep the app's chat completions (stored completions: read back, listed, deleted through the API) when a request does not say `store`. Off for a new app.",
    }),
    status: z.enum(APP_STATUSES).meta({
      description: "pending until billing subscribes the app, then active; cancelled after the subscription ends.",
    }),
    subscription_id: z
      .string()
      .nullable()
      .meta({ description: "Billing's subscription id (for the cancel call); null until the app is activated." }),
    created_at: z.string(),
  })
  .meta({ id: "App" });
export type App = z.infer<typeof App>;

/** SPEC §3 paginated app list; `limit` (added) is how many live apps the owner may have (the service's quota). */
export const AppPage = z
  .object({
    results: z.array(App),
    count: z.int().min(0),
    limit: z.int().min(1).meta({ description: "How many apps the owner may have; creating more is refused (400 on url)." }),
  })
  .meta({ id: "AppPage" });
export type AppPage = z.infer<typeof AppPage>;

export const TEMPLATE_STATUSES = ["draft", "publish", "pause"] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** SPEC §3 Template. */
export const Template = z
  .object({
    id: Id,
    app_id: Id,
    name: z.string(),
    description: z.string(),
    code: z.string(),
    status: z.enum(TEMPLATE_STATUSES),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof Template>;

/** An app's templates; `limit` (added) is how many templates the app may have (the service's quota). */
export const TemplatePage = z
  .object({
    results: z.array(Template),
    count: z.int().min(0),
    limit: z.int().min(1).meta({ description: "How many templates the app may have; creating more is refused (409)." }),
  })
  .meta({ id: "TemplatePage" });
export type TemplatePage = z.infer<typeof TemplatePage>;

/** `?page&page_size` as the query string carries them (the services parse the digits). */
export const PageQuery = z.object({
  page: z.int().min(1).max(1_000_000).optional().meta({ description: "Page from 1 (default 1)." }),
  page_size: z.int().min(1).max(100).optional().meta({ description: "1 to 100 (default 100)." }),
});

/** Create app: `url` (also accepted as `app_url`); the URL must be an http(s) website address. */
export const CreateAppBody = z
  .object({
    url: text().nullable().optional(),
    app_url: text().nullable().optional().meta({ description: "Another name of url (used when url is absent)." }),
  })
  .meta({ id: "CreateAppBody" });
export type CreateAppBody = z.infer<typeof CreateAppBody>;

export const MAX_DAILY_SPEND_CAP_USD = 10_000;

/**
 * App update: the publishable key's daily spend cap, US dollars (a number or decimal text, at most 2 places), and/or
 * whether the app's chat completions are kept by default; at least one of them.
 */
export const UpdateAppBody = z
  .object({
    daily_spend_cap: z.union([z.number(), z.string()]).optional(),
    store_completions: z
      .boolean()
      .optional()
      .meta({ description: "Keep the app's chat completions when a request does not say `store` (stored completions)." }),
  })
  .meta({
    id: "UpdateAppBody",
    description: "At least one of `daily_spend_cap` and `store_completions`.",
    anyOf: [{ required: ["daily_spend_cap"] }, { required: ["store_completions"] }],
  });
export type UpdateAppBody = z.infer<typeof UpdateAppBody>;

export const MAX_CODE_BYTES = 256 * 1024;

/** Template update: only the non-empty fields are applied (null and "" mean "not sent"). */
export const UpdateTemplateBody = z
  .object({
    name: text().max(100, "Name must have at most 100 characters.").nullable().optional(),
    description: text().max(1_000, "Description must have at most 1000 characters.").nullable().optional(),
    code: text()
      .nullable()
      .optional()
      .meta({ description: `UTF-8, at most ${MAX_CODE_BYTES / 1024} KB.` }),
    status: z
      .enum([...TEMPLATE_STATUSES, ""], {
        error: (i) =>
          typeof i.input === "string" ? `Not a valid choice: use one of ${TEMPLATE_STATUSES.join(", ")}.` : "Not a valid string.",
      })
      .nullable()
      .optional(),
  })
  .meta({ id: "UpdateTemplateBody" });
export type UpdateTemplateBody = z.infer<typeof UpdateTemplateBody>;
