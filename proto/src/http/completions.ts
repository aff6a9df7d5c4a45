import { z } from "zod";
import type { HttpAnswer, HttpOperation } from "./operation";
import { ApiError, COMPLETION_METADATA_LIMITS, ChatCompletion, ChatCompletionEvent, CompletionMetadata } from "./published";

import { OpenAiError } from "./chat";

/**
 * Answers that last (docs/api.md "Stored completions" and "Resuming a stream"): completions kept for the app that asked
 * for them (OpenAI's stored chat completions: read, list, their messages, metadata, delete) and a streamed answer
 * resumed after a dropped connection — from any copy of the service — from the event after the last one the client
 * read (`Last-Event-ID` or `starting_after`), for a bounded time after the answer ended. The signed-in chat keeps its
 * answers the same way for its user (door `session`): the web app rebuilds a conversation from them on another device.
 */

/** A completion id as the API answers it: `chatcmpl-` and 32 hex digits (the request's id). */
export const COMPLETION_ID_PATTERN = /^chatcmpl-[0-9a-f]{32}$/;
export const CompletionId = z
  .string()
  .regex(COMPLETION_ID_PATTERN)
  .meta({ description: "A completion id (`chatcmpl-` and 32 hexadecimal digits)." });

/** A page's size as the query carries it: 1 to 100. */
export const PAGE_LIMIT_PATTERN = /^(?:[1-9][0-9]?|100)$/;
/** A message of a stored completion, as its messages list names it: `<completion id>-<index>`. */
export const COMPLETION_MESSAGE_ID_PATTERN = /^chatcmpl-[0-9a-f]{32}-[0-9]{1,4}$/;

/**
 * A stored completion: the completion as the non-streaming API answered it (for a streamed request, the content its
 * pieces added up to, and the reasoning it streamed), with its metadata.
 */
export const StoredCompletion = ChatCompletion.extend({
  metadata: CompletionMetadata.nullable().meta({ description: "The request's `metadata`, or what an update set." }),
}).meta({ id: "StoredCompletion" });

const pageOf = (after: RegExp, what: string) => ({
  after: z
    .string()
    .regex(after)
    .optional()
    .meta({ description: `The ${what} after which the page starts (the last id of the previous page).` }),
  limit: z.string().regex(PAGE_LIMIT_PATTERN).optional().meta({ description: "1 to 100 (default 20)." }),
  order: z.enum(["asc", "desc"]).optional().meta({ description: "By creation time (default `asc`)." }),
});

export const ListCompletionsQuery = z.object({
  ...pageOf(COMPLETION_ID_PATTERN, "completion"),
  model: z.string().min(1).optional().meta({ description: "Only completions of this model." }),
  metadata: z
    .record(z.string().max(COMPLETION_METADATA_LIMITS.keyChars), z.string().max(COMPLETION_METADATA_LIMITS.valueChars))
    .optional()
    .meta({
      maxProperties: COMPLETION_METADATA_LIMITS.pairs,
      propertyNames: { maxLength: COMPLETION_METADATA_LIMITS.keyChars },
      description: "Only completions with these metadata pairs: `metadata[key]=value` (every pair must match).",
      param: { style: "deepObject", explode: true },
    }),
});

export const CompletionList = z
  .object({
    object: z.literal("list"),
    data: z.array(StoredCompletion),
    first_id: z.string().nullable(),
    last_id: z.string().nullable(),
    has_more: z.boolean(),
  })
  .meta({ id: "StoredCompletionList" });

export const CompletionMessage = z
  .object({
    id: z.string().meta({ description: "`<completion id>-<index>`." }),
    role: z.enum(["system", "developer", "user", "assistant"]),
    content: z.string().nullable(),
    name: z.string().nullable().optional(),
    content_parts: z.null().optional(),
  })
  .meta({ id: "StoredCompletionMessage" });

export const CompletionMessageList = z
  .object({
    object: z.literal("list"),
    data: z.array(CompletionMessage),
    first_id: z.string().nullable(),
    last_id: z.string().nullable(),
    has_more: z.boolean(),
  })
  .meta({ id: "StoredCompletionMessageList" });

export const UpdateCompletionBody = z.object({ metadata: CompletionMetadata.nullable() }).meta({ id: "UpdateCompletion" });

export const CompletionDeleted = z
  .object({ object: z.literal("chat.completion.deleted"), id: z.string(), deleted: z.literal(true) })
  .meta({ id: "StoredCompletionDeleted" });

/** `?stream=true` and where to resume: `starting_after` (an event's id), or the `Last-Event-ID` header. */
export const ResumeQuery = z.object({
  stream: z
    .enum(["true", "false"])
    .optional()
    .meta({
      description:
        "`true`: the answer's events as a stream (text/event-stream), resumed after `starting_after` or `Last-Event-ID`; " +
        "while the answer is still being generated the stream goes on live.",
    }),
  starting_after: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .meta({
      description: "The id of the last event the client read (each `data:` event carries `id: <n>`, from 1).",
    }),
});

const refusal = (description: string, headers?: HttpAnswer["headers"]): HttpAnswer => ({
  description,
  schema: ApiError,
  ...(headers ? { headers } : {}),
});
const retryAfter = (required: boolean) => ({
  "Retry-After": { description: "Seconds to wait before retrying.", required, schema: { type: "string", pattern: "^[0-9]+$" } },
});
const READ = {
  400: refusal("A malformed id, page or metadata filter (`type: invalid_request_error`, `param` names it)."),
  401: refusal("Missing or wrong API key."),
  403: refusal(
    "The app is not active (`app_inactive`), a secret key sent from a browser, or a key these routes do not take (a publishable key, an OAuth access token).",
  ),
  404: refusal("No such completion of this app (never stored, another app's, deleted, or past its retention)."),
  429: refusal("Too many requests for this API key.", retryAfter(true)),
  502: refusal("The service behind the edge is unreachable."),
  503: refusal("The store of completions (or another dependency) is unreachable.", retryAfter(false)),
} satisfies Record<number, HttpAnswer>;

/** What the signed-in chat's routes answer besides 200 (session door: the BFF answers 401 before they are reached). */
const SIGNED_IN_READ = {
  400: { description: "A malformed id, page or metadata filter (`param` names it).", schema: OpenAiError },
  404: {
    description:
      "No such completion of this user (never stored, another user's, past its retention), or an `after` that names none.",
    schema: OpenAiError,
  },
  503: { description: "The store of completions (or another dependency) is unreachable.", schema: OpenAiError },
} satisfies Record<number, HttpAnswer>;

const STREAM_DESCRIPTION =
  "With `stream=true`: the answer's events from the one after `starting_after` (or the `Last-Event-ID` header), " +
  "exactly as the first request would have sent them — the same ids, nothing missed, nothing repeated — and live " +
  "while the answer is still being generated. Events are kept for `GEN_RESUME_TTL_SECONDS` after the answer ended " +
  "(later: 404). Without `stream`: the stored completion (404 unless it was created with `store: true`).";

/** The published API's stored completions and resumable streams (door `key`, answered by generation). */
export const COMPLETION_ROUTES = [
  {
    id: "generation.listChatCompletions",
    method: "GET",
    path: "/apps/api/v1/chat/completions",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "The app's stored completions, a page at a time",
    query: ListCompletionsQuery,
    responses: { 200: { description: "A page of stored completions.", schema: CompletionList }, ...READ },
  },
  {
    id: "generation.getChatCompletion",
    method: "GET",
    path: "/apps/api/v1/chat/completions/:completionId",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "A stored completion, or a streamed answer resumed (`stream=true`)",
    description:
      STREAM_DESCRIPTION +
      " The stored completion (never its stream) is also open to the app's publishable key from the app's own origin: " +
      "a page draws a stored screen with `<GenUI completionId>` / `<genui-screen completion-id>`.",
    params: z.object({ completionId: CompletionId }),
    query: ResumeQuery,
    responses: {
      200: {
        description: "The stored completion (JSON), or the answer's events (text/event-stream).",
        schema: StoredCompletion,
        alternatives: { "text/event-stream": ChatCompletionEvent },
      },
      ...READ,
      403: refusal(
        "The app is not active (`app_inactive`), a secret key sent from a browser (`secret_key_in_browser`), a publishable " +
          "key from another origin (`publishable_key_origin_mismatch`) or asking for the stream (`publishable_key_route`), " +
          "or an OAuth access token.",
      ),
    },
  },
  {
    id: "generation.updateChatCompletion",
    method: "POST",
    path: "/apps/api/v1/chat/completions/:completionId",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "Replace a stored completion's metadata",
    description: "The metadata given replaces the completion's whole (`null` clears it).",
    params: z.object({ completionId: CompletionId }),
    body: UpdateCompletionBody,
    responses: {
      200: { description: "The stored completion.", schema: StoredCompletion },
      ...READ,
      413: refusal("The request body is larger than the limit (1 MB)."),
    },
  },
  {
    id: "generation.deleteChatCompletion",
    method: "DELETE",
    path: "/apps/api/v1/chat/completions/:completionId",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "Delete a stored completion",
    params: z.object({ completionId: CompletionId }),
    responses: { 200: { description: "Deleted.", schema: CompletionDeleted }, ...READ },
  },
  {
    id: "generation.getChatCompletionMessages",
    method: "GET",
    path: "/apps/api/v1/chat/completions/:completionId/messages",
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "The messages of a stored completion's request, a page at a time",
    params: z.object({ completionId: CompletionId }),
    query: z.object(pageOf(COMPLETION_MESSAGE_ID_PATTERN, "message")),
    responses: { 200: { description: "A page of messages.", schema: CompletionMessageList }, ...READ },
  },
  {
    id: "generation.listAuthChatCompletions",
    method: "GET",
    path: "/apps/api/v1/auth-chat/completions",
    door: "session",
    server: "generation",
    tag: "chat",
    summary: "The signed-in user's stored chat completions, a page at a time",
    description:
      "The signed-in chat's answers sent with `store: true`, kept for their user alone (never in an app's list): the " +
      "same pages and filters as the published list. The web app finds the latest answer of a conversation here " +
      "(`order=desc&limit=1&metadata[app]=…`) to rebuild it on another device.",
    query: ListCompletionsQuery,
    responses: { 200: { description: "A page of the user's stored completions.", schema: CompletionList }, ...SIGNED_IN_READ },
  },
  {
    id: "generation.getAuthChatCompletion",
    method: "GET",
    path: "/apps/api/v1/auth-chat/completions/:completionId",
    door: "session",
    server: "generation",
    tag: "chat",
    summary: "The signed-in user's stored chat completion, or its streamed answer resumed (`stream=true`)",
    description: STREAM_DESCRIPTION + " The signed-in user's own answers only.",
    params: z.object({ completionId: CompletionId }),
    query: ResumeQuery,
    responses: {
      200: {
        description: "The stored completion (JSON), or the answer's events (text/event-stream).",
        schema: StoredCompletion,
        alternatives: { "text/event-stream": ChatCompletionEvent },
      },
      ...SIGNED_IN_READ,
    },
  },
  {
    id: "generation.getAuthChatCompletionMessages",
    method: "GET",
    path: "/apps/api/v1/auth-chat/completions/:completionId/messages",
    door: "session",
    server: "generation",
    tag: "chat",
    summary: "The messages of the signed-in user's stored chat completion, a page at a time",
    description: "As the chat sent them: user turns' text, assistant turns' UI code (the code of their screen).",
    params: z.object({ completionId: CompletionId }),
    query: z.object(pageOf(COMPLETION_MESSAGE_ID_PATTERN, "message")),
    responses: { 200: { description: "A page of messages.", schema: CompletionMessageList }, ...SIGNED_IN_READ },
  },
] as const satisfies readonly HttpOperation[];
