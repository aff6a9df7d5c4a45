import type { HttpAnswer, HttpOperation } from "./operation";
import {
  ApiError,
  ChatCompletion,
  ChatCompletionEvent,
  ChatCompletionRequest,
  Model,
  ModelList,
  RetrieveRequest,
  RetrieveResponse,
  ValidateScreenRequest,
  ValidateScreenResponse,
} from "./published";
import { z } from "zod";

/** The published API's refusals: OpenAI's error shape, with the headers the official clients read. */
const refusal = (description: string, headers?: HttpAnswer["headers"]): HttpAnswer => ({
  description,
  schema: ApiError,
  ...(headers ? { headers } : {}),
});
const retryAfter = (required: boolean) => ({
  "Retry-After": { description: "Seconds to wait before retrying.", required, schema: { type: "string", pattern: "^[0-9]+$" } },
});

const ANSWERS = {
  400: refusal(
    "Malformed request (`type: invalid_request_error`, `param` names the field), or (retrieve) code that does not run.",
  ),
  401: refusal("Missing or wrong API key."),
  402: refusal("The app owner's balance cannot cover the request (not retried by the official clients).", {
    "x-should-retry": { description: "Always `false`.", schema: { const: "false" } },
  }),
  403: refusal(
    "The app is not active (`app_inactive`); a secret key sent from a browser (`secret_key_in_browser`); a publishable key from another origin (`publishable_key_origin_mismatch`) or on a route other than retrieve (`publishable_key_route`).",
  ),
  404: refusal("Unknown model."),
  413: refusal("The request body is larger than the limit (1 MB)."),
  429: refusal(
    "Too many requests for this API key or its owner (`rate_limit_exceeded`, `concurrency_limit_exceeded`, `queue_share_exceeded`), or the publishable key's daily spend cap is reached (`daily_spend_cap_reached`).",
    retryAfter(true),
  ),
  502: refusal("The service behind the edge is unreachable."),
  503: refusal("Workers are behind (the queue is full) or a dependency is down.", retryAfter(false)),
  504: refusal("The model upstream did not answer in time."),
} satisfies Record<number, HttpAnswer>;

/** What a route that runs the model may answer besides its result. */
const GENERATING = {
  ...ANSWERS,
  502: refusal(
    "The model upstream failed, or its answer could not become a screen even after one repair; or the service behind the edge is unreachable.",
  ),
};
/** What a route that only reads may answer besides its result. */
const READING = { 401: ANSWERS[401], 403: ANSWERS[403], 429: ANSWERS[429], 502: ANSWERS[502], 503: ANSWERS[503] };

/** The published API: OpenAI-compatible routes for API clients with a bearer key (no session, no CSRF, any origin). */
export const PUBLISHED_ROUTES = [
  {
    id: "generation.chatCompletions",
    method: "POST",
    path: "/apps/api/v1/chat/completions",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "Generate a screen from a conversation",
    description:
      "With `stream: true` the answer is a stream of server-sent events: bare `data: <chunk>` lines whose " +
      '`delta.content` pieces add up, byte for byte, to the non-streaming `message.content`: first `{"code":"`, ' +
      "then the UI code as it is generated (JSON-string-escaped; no piece splits an escape or a surrogate pair), " +
      '`","repaired_code":"` and the repaired code when a repair pass runs, and last `","json":<screen>}` with ' +
      "`finish_reason`; with `stream_options.include_usage` one chunk with `choices: []` and `usage` comes " +
      "before `data: [DONE]`. Lines starting with `:` are keep-alives. An error after the stream started arrives " +
      'as `data: {"error": …}`. The `text/event-stream` schema describes one event (`data` is a chunk, an error or ' +
      "`[DONE]`), as OpenAPI 3.2's `itemSchema` does. A client that sends `Accept-Encoding: gzip` gets the stream " +
      "gzip-compressed, flushed after every batch of events. Every event carries `id: <n>`: a client whose connection " +
      'dropped resumes with `GET /chat/completions/{id}?stream=true` and `Last-Event-ID` (docs/api.md, "Resuming a ' +
      'stream"); a streamed request sent again with the same `Idempotency-Key` header reads the answer the first one ' +
      "started (409 `idempotency_conflict` while that one is still being started).",
    body: ChatCompletionRequest,
    responses: {
      200: {
        description: "The completion (JSON), or a stream of chunks (text/event-stream).",
        schema: ChatCompletion,
        alternatives: { "text/event-stream": ChatCompletionEvent },
      },
      ...GENERATING,
      409: refusal("A streamed request whose `Idempotency-Key` another request is still starting (`idempotency_conflict`)."),
    },
  },
  {
    id: "generation.retrieve",
    method: "POST",
    path: "/apps/api/v1/retrieve/",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "Screen JSON for UI code (evaluated, no model call, not billed) or a prompt (optionally changing code)",
    body: RetrieveRequest,
    responses: { 200: { description: "The screen.", schema: RetrieveResponse }, ...GENERATING },
  },
  {
    id: "generation.listModels",
    method: "GET",
    path: "/apps/api/v1/models",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "The models you can call",
    responses: { 200: { description: "Models.", schema: ModelList }, ...READING },
  },
  {
    id: "generation.getModel",
    method: "GET",
    path: "/apps/api/v1/models/:model",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "One model",
    params: z.object({ model: z.string().min(1) }),
    responses: { 200: { description: "The model.", schema: Model }, 404: ANSWERS[404], ...READING },
  },
  {
    id: "generation.validateScreen",
    method: "POST",
    path: "/apps/api/v1/screens/validate",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "Check a screen JSON against the schema and the catalogue (no model call, not billed)",
    body: ValidateScreenRequest,
    responses: {
      200: { description: "What the check found.", schema: ValidateScreenResponse },
      400: ANSWERS[400],
      413: ANSWERS[413],
      ...READING,
    },
  },
  {
    id: "generation.openapi",
    method: "GET",
    path: "/apps/api/v1/openapi.json",
    door: "key",
    server: "generation",
    documented: false,
    tag: "published",
    summary: "This document",
    responses: { 200: { description: "OpenAPI 3.1." } },
  },
] as const satisfies readonly HttpOperation[];
