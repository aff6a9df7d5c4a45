import { z } from "zod";
import { ApiError } from "./published";
import type { HttpAnswer } from "./operation";

/**
 * The A2UI routes' shapes (`POST /apps/api/v1/a2ui`, `GET /apps/api/v1/a2ui/catalog.json`; rows A2UI_ROUTES in
 * wire-formats.ts). A2UI v0.9 (https://a2ui.org): the answer is a stream of A2UI server messages; the user's actions
 * come back as A2UI client messages. The messages themselves are checked against the official A2UI schemas by the
 * service (@genui/a2ui), so here they are JSON objects.
 */

/** Where GenUI's A2UI catalog is served; its catalog id is this path on the public site. */
export const A2UI_CATALOG_PATH = "/apps/api/v1/a2ui/catalog.json";
/** Surface ids GenUI makes: "srf_" and 22 characters of base64url. */
export const A2UI_SURFACE_ID_PATTERN = "^srf_[A-Za-z0-9_-]{22}$";

export const A2UI_LIMITS = { requestChars: 8_000, dataBytes: 64_000, messages: 20 } as const;

/** An A2UI v0.9 client → server message (an `action` or an `error`), checked against client_to_server.json. */
const A2uiClientMessage = z.record(z.string(), z.unknown()).meta({
  id: "A2uiClientMessage",
  description:
    "An A2UI v0.9 client message (https://a2ui.org/specification/v0_9/client_to_server.json): " +
    '`{"version":"v0.9","action":{name, surfaceId, sourceComponentId, timestamp, context}}` as the renderer sends ' +
    "it when the user presses a button, or a client `error`.",
});

export const A2uiRequest = z
  .strictObject({
    request: z
      .string()
      .min(1)
      .max(A2UI_LIMITS.requestChars)
      .optional()
      .meta({
        description:
          "What the screen should show and let the user do, in plain language. Required unless `messages` holds an " +
          "action; with `surface_id` and no action, the surface's screen is changed as it asks.",
        examples: ["A contact form with name, email and message"],
      }),
    data: z
      .unknown()
      .optional()
      .meta({
        description: `JSON the screen should display (rows for a table, figures for a chart…), at most ${A2UI_LIMITS.dataBytes} bytes.`,
      }),
    surface_id: z
      .string()
      .regex(new RegExp(A2UI_SURFACE_ID_PATTERN))
      .optional()
      .meta({
        description:
          "Continue this surface (from an earlier answer's `createSurface`): the next screen arrives as changes to " +
          "it, with no `createSurface`. Needed with a plain-language change; an action names its surface itself.",
      }),
    messages: z
      .array(A2uiClientMessage)
      .min(1)
      .max(A2UI_LIMITS.messages)
      .optional()
      .meta({
        description:
          "A2UI client messages from the surface: the user's `action` (at most one), and any client `error`s (read " +
          "as information). The action's surface is continued with the next screen.",
      }),
    catalog_id: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .meta({
        description:
          "The catalog the surface speaks: GenUI's (default, `https://genui.dev/apps/api/v1/a2ui/catalog.json`: " +
          "every component) or the official basic catalog (`https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json`: " +
          "GenUI's own components drawn with basic ones). Any other is refused.",
      }),
    model: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: "The model (a slug from GET /models); default: the default model." }),
    metadata: z
      .looseObject({
        a2uiClientDataModel: z
          .unknown()
          .optional()
          .meta({
            description:
              "The surface's data model (A2UI's `sendDataModel`: `{version, surfaces: {<surfaceId>: {...}}}`); with " +
              "`surface_id` and a plain-language change, it names the screen the surface shows.",
          }),
      })
      .optional()
      .meta({ description: "A2UI transport metadata." }),
  })
  .meta({ id: "A2uiRequest", description: "A screen as an A2UI surface: a new one, a change, or the next after an action." });
export type A2uiRequest = z.infer<typeof A2uiRequest>;

/** One server-sent event of the answer: `data` is one A2UI server message. */
export const A2uiStreamEvent = z
  .object({
    event: z.enum(["message", "error"]).optional().meta({
      description: "`error` only on an error after the stream began; other events have no name, which SSE reads as `message`.",
    }),
    data: z.string().meta({
      description:
        "One A2UI v0.9 server message (https://a2ui.org/specification/v0_9/server_to_client.json): `createSurface`, " +
        "`updateComponents`, `updateDataModel`; or, with `event: error`, the published API's error object.",
      contentMediaType: "application/json",
      contentSchema: {
        oneOf: [
          { type: "object", required: ["version", "createSurface"] },
          { type: "object", required: ["version", "updateComponents"] },
          { type: "object", required: ["version", "updateDataModel"] },
          { type: "object", required: ["version", "deleteSurface"] },
          { type: "object", required: ["error"] },
        ],
      },
    }),
  })
  .meta({ id: "A2uiStreamEvent", description: "One server-sent event of an A2UI stream (`data: <message JSON>`)." });

/** Our A2UI catalog: a JSON Schema document in the basic catalog's format. */
export const A2uiCatalog = z.record(z.string(), z.unknown()).meta({
  id: "A2uiCatalog",
  description:
    "GenUI's A2UI v0.9 catalog: the basic catalog's components and functions, and GenUI's own components (charts, " +
    "stats, tables, key/value lists, alerts, badges, progress bars, code, markdown…), each a JSON Schema.",
});

const refusal = (description: string, headers?: HttpAnswer["headers"]): HttpAnswer => ({
  description,
  schema: ApiError,
  ...(headers ? { headers } : {}),
});
const retryAfter = (required: boolean) => ({
  "Retry-After": { description: "Seconds to wait before retrying.", required, schema: { type: "string", pattern: "^[0-9]+$" } },
});

/** What the stream route answers: the surface's messages, or (before any message) the published API's refusals. */
export const A2UI_ANSWERS = {
  200: {
    description:
      "The surface as A2UI messages, server-sent events (`data: <message>`): `createSurface` (a new surface), then " +
      "`updateDataModel` and `updateComponents` as the screen is generated (only what changed each time), last the " +
      "screen's id at `/genui/screen`. An error after the stream began is one `event: error` with the API's error " +
      "object; the surface keeps what it had.",
    alternatives: { "text/event-stream": A2uiStreamEvent },
  },
  400: refusal(
    "The body is not JSON or not a valid request (`param` names the field): an unknown `catalog_id`, a client message " +
      "that is not A2UI v0.9, an action on a screen that is unknown or expired, no request and no action.",
  ),
  401: refusal("Missing or wrong API key."),
  402: refusal("The app owner's balance cannot cover the request.", {
    "x-should-retry": { description: "Always `false`.", schema: { const: "false" } },
  }),
  403: refusal(
    "The app is not active (`app_inactive`); a secret key sent from a browser (`secret_key_in_browser`); a publishable key (`publishable_key_route`).",
  ),
  404: refusal("Unknown model."),
  413: refusal("The request body is larger than the limit (1 MB)."),
  429: refusal("Too many requests for this API key or its owner.", retryAfter(true)),
  502: refusal("The model upstream failed, or the service behind the edge is unreachable."),
  503: refusal("Workers are behind (the queue is full) or a dependency is down.", retryAfter(false)),
} satisfies Record<number, HttpAnswer>;

/** A request that works as it is (the document's example; a test sends it). */
export const A2UI_EXAMPLE = { request: "A contact form with name, email and message" };
