import { z } from "zod";
import { APP_COMPONENT_LIMITS, appComponentSchema, appThemeSchema, COMPONENT_NAME_PATTERN } from "@genui/ui-runtime/appearance";
import { BadRequest, MessageError } from "./errors";
import type { HttpAnswer, HttpOperation } from "./operation";
import { ApiError } from "./published";

/**
 * An app's look (docs/api.md "Theming and custom components"): its brand theme and the developer's own components,
 * one document versioned with the app — every change (theme or a component) makes the next `version`. The owner
 * manages it signed in (dashboard); renderers read the theme with the app's key (`GET /apps/api/v1/appearance`).
 */

export { appComponentSchema as AppComponent, appThemeSchema as AppTheme };

const Id = z.uuid();

export const Appearance = z
  .object({
    app_id: Id,
    version: z.int().min(0).meta({ description: "Raised by every change of the theme or a component (0: never set)." }),
    theme: appThemeSchema,
    components: z.array(appComponentSchema).max(APP_COMPONENT_LIMITS.perApp),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "Appearance" });
export type Appearance = z.infer<typeof Appearance>;

/** What a renderer reads with the app's key: the theme and the components' names, fallbacks and props schemas. */
export const PublishedAppearance = z
  .object({
    object: z.literal("genui.appearance"),
    version: z.int().min(0),
    theme: appThemeSchema,
    components: z.array(appComponentSchema.pick({ name: true, description: true, props: true, fallback: true })),
  })
  .meta({ id: "PublishedAppearance" });
export type PublishedAppearance = z.infer<typeof PublishedAppearance>;

/** Theme update: the whole theme (tokens left out take GenUI's defaults); `version` guards against a stale page. */
export const UpdateThemeBody = z
  .object({
    theme: z.unknown().nonoptional().meta({ description: "An AppTheme; checked for WCAG AA contrast in light and dark." }),
    version: z.int().min(0).optional().meta({
      description: "The version the change was made on; when it is no longer current the change is refused (409).",
    }),
  })
  .meta({ id: "UpdateThemeBody" });
export type UpdateThemeBody = z.infer<typeof UpdateThemeBody>;

/** Component create / replace: the declaration (its name is the path's), optionally guarded by `version`. */
export const PutComponentBody = z
  .object({
    component: z.unknown().nonoptional().meta({ description: "An AppComponent declaration." }),
    version: z.int().min(0).optional(),
  })
  .meta({ id: "PutComponentBody" });
export type PutComponentBody = z.infer<typeof PutComponentBody>;

const appId = z.object({ appId: Id });
/** The seconds to wait, as the published API's refusals carry them (published-routes.ts). */
const RETRY_AFTER = (required: boolean) => ({
  description: "Seconds to wait before retrying.",
  required,
  schema: { type: "string", pattern: "^[0-9]+$" },
});
const componentPath = z.object({
  appId: Id,
  name: z.string().regex(COMPONENT_NAME_PATTERN).meta({ description: "The component's name, e.g. ProductCard." }),
});
const notFound: HttpAnswer = { description: "Not found (or not the caller's).", schema: MessageError };
const invalid: HttpAnswer = { description: "Invalid theme or declaration: field errors.", schema: BadRequest };
const stale: HttpAnswer = { description: "`version` is no longer current: reload and apply again.", schema: MessageError };

/** The owner's routes (door `session`, answered by apps) and the renderers' read (door `key`, answered by generation). */
export const APPEARANCE_ROUTES = [
  {
    id: "apps.getAppearance",
    method: "GET",
    path: "/apps/api/v1/appearance/:appId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "An app's theme and its own components",
    params: appId,
    responses: { 200: { description: "The app's look.", schema: Appearance }, 404: notFound },
  },
  {
    id: "apps.updateTheme",
    method: "PUT",
    path: "/apps/api/v1/appearance/:appId/theme/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "Sets an app's brand theme (refused, field by field, when its text would be unreadable)",
    params: appId,
    body: UpdateThemeBody,
    example: { theme: { light: { primary: "#6d28d9", accent: "#be185d" }, radius: 8, density: "comfortable" } },
    responses: { 200: { description: "The app's look.", schema: Appearance }, 400: invalid, 404: notFound, 409: stale },
  },
  {
    id: "apps.putComponent",
    method: "PUT",
    path: "/apps/api/v1/appearance/:appId/components/:name/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "Declares (or replaces) one of the app's own components",
    params: componentPath,
    body: PutComponentBody,
    example: {
      component: {
        name: "ProductCard",
        description: "One product with its photo, price and an Add to cart button.",
        props: {
          type: "object",
          properties: { title: { type: "string" }, price: { type: "number" }, image: { type: "string" } },
          required: ["title", "price"],
          additionalProperties: false,
        },
        example: { title: "Ceramic mug", price: 14 },
        fallback: "card",
        role: { name: "product-card" },
      },
    },
    responses: {
      200: { description: "The app's look.", schema: Appearance },
      400: invalid,
      404: notFound,
      409: stale,
    },
  },
  {
    id: "apps.deleteComponent",
    method: "DELETE",
    path: "/apps/api/v1/appearance/:appId/components/:name/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "Removes one of the app's own components (screens already made show its fallback)",
    params: componentPath,
    responses: { 200: { description: "The app's look.", schema: Appearance }, 404: notFound },
  },
  {
    id: "generation.appearance",
    method: "GET",
    path: "/apps/api/v1/appearance",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "The app's theme and components, for renderers (secret key from servers, publishable key from pages)",
    description:
      "What a renderer needs to draw the app's screens in its look: the brand theme (tokens for light and dark; " +
      "see AppTheme) and the app's own components (name, description, props schema, fallback). The embed and the " +
      "loader read it with the publishable key from the app's own origin. `ETag`/`If-None-Match` answer 304 when " +
      "nothing changed.",
    responses: {
      200: { description: "The app's look.", schema: PublishedAppearance },
      304: { description: "Unchanged since the ETag sent." },
      401: { description: "Missing or wrong API key.", schema: ApiError },
      403: { description: "The app is not active, or a publishable key from another origin.", schema: ApiError },
      429: { description: "Too many requests.", schema: ApiError, headers: { "Retry-After": RETRY_AFTER(true) } },
      503: {
        description: "The app's settings cannot be read right now.",
        schema: ApiError,
        headers: { "Retry-After": RETRY_AFTER(false) },
      },
    },
  },
] as const satisfies readonly HttpOperation[];
