import type { HttpOperation } from "./operation";
import { AG_UI_ANSWERS, AG_UI_EXAMPLE, AgUiRunInput } from "./ag-ui";
import { A2UI_ANSWERS, A2UI_CATALOG_PATH, A2UI_EXAMPLE, A2uiCatalog, A2uiRequest } from "./a2ui";

export * from "./ag-ui";
export * from "./a2ui";

/**
 * The same generation in other wire formats, on the published API: A2UI (a stream of A2UI v0.9 server messages; our
 * catalogue as an A2UI catalog) and AG-UI (an agent run: RunAgentInput in, AG-UI events out). Rows of the route table
 * like the OpenAI-compatible ones (door `key`, answered by generation).
 */
export const A2UI_ROUTES = [
  {
    id: "generation.a2ui",
    method: "POST",
    path: "/apps/api/v1/a2ui",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "A screen as an A2UI v0.9 surface: a stream of A2UI messages, and the next screen after an action",
    description:
      "A2UI v0.9 (https://a2ui.org): the screen for `request` arrives as a stream of A2UI server messages, " +
      "server-sent events `data: <message>` — `createSurface` (GenUI's catalog, or the basic one with `catalog_id`), " +
      "then `updateDataModel` (inputs' values at `/inputs/<name>`) and `updateComponents` (a flat list of " +
      "components, `root` first) as the screen is generated, each time only what changed, and last the screen's id at " +
      "`/genui/screen`. Buttons are A2UI server actions whose context carries `/inputs` and `/genui/screen`: send " +
      "the renderer's `action` message back in `messages` and the same surface gets the next screen as changes. " +
      "One generation per request, billed like a chat completion. Refusals before the stream are HTTP errors in the " +
      "API's error shape; an error after it began is one `event: error`.",
    body: A2uiRequest,
    example: A2UI_EXAMPLE,
    responses: A2UI_ANSWERS,
  },
  {
    id: "generation.a2uiCatalog",
    method: "GET",
    path: A2UI_CATALOG_PATH,
    // Open: a renderer resolves the catalog id (this address) to check or draw its components, with no key.
    door: "open",
    cors: true,
    server: "generation",
    tag: "published",
    summary: "GenUI's A2UI catalog (its id is this address)",
    responses: { 200: { description: "The catalog (JSON Schema 2020-12, the basic catalog's format).", schema: A2uiCatalog } },
  },
] as const satisfies readonly HttpOperation[];
export const AG_UI_ROUTES = [
  {
    id: "generation.agUi",
    method: "POST",
    path: "/apps/api/v1/ag-ui",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "Run GenUI as an AG-UI agent: the screen as state, a summary message, and a frontend tool call",
    description:
      "An AG-UI agent run (https://docs.ag-ui.com): `RunAgentInput` in, AG-UI events out — `RUN_STARTED`; the " +
      "screen as state, a `STATE_SNAPSHOT` of `{screen, code}` as soon as there is a screen and `STATE_DELTA` JSON " +
      "Patches (RFC 6902) as it grows, `screen_id` with the final screen; a short assistant text message saying what the " +
      "user sees; a call of the frontend tool the run names (`forwardedProps.genui.render_tool`, else a tool named " +
      "`render_screen`) with the screen; `RUN_FINISHED` with the usage. The request is the user messages after the " +
      "last assistant or tool message; `state.screen_id` (or `state.code`) carries the screen on to the next run; a " +
      "run with nothing new to answer (after a tool result) finishes at once, uncharged. One generation per run, " +
      "billed like a chat completion. Refusals before the run (the body, the key) are HTTP errors in the API's error " +
      "shape; everything after is one `RUN_ERROR`.",
    body: AgUiRunInput,
    example: AG_UI_EXAMPLE,
    responses: AG_UI_ANSWERS,
  },
] as const satisfies readonly HttpOperation[];
