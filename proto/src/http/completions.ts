import { z } from "zod";
import type { HttpAnswer, HttpOperation } from "./operation";
import { ApiError, COMPLETION_METADATA_LIMITS, ChatCompletion, ChatCompletionEvent, CompletionMetadata } from "./published";

import { OpenAiError } from "./chat";

/**
 * Answers that last (docs/api.md "Stored completions" and "Resuming a stream"): completions kept for the app that asked
 * for them (OpenAI's stored chat completions: read, list, their messages, metadata, delete) and a streamed answer
 * resumed after a dropped connection — from any copy of the service — from the event after the last one the client
 * read (`Last-Event-ID` or `starting_after`), for a bounded time after the answer ended.
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
    description: STREAM_DESCRIPTION,
    params: z.object({ completionId: CompletionId }),
    query: ResumeQuery,
    responses: {
      200: {
        description: "The stored completion (JSON), or the answer's events (text/event-stream).",
        schema: StoredCompletion,
        alternatives: { "text/event-stream": ChatCompletionEvent },
      },
      ...READ,
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
    id: "generation.resumeAuthChat",
    method: "GET",
    path: "/apps/api/v1/auth-chat/completions/:completionId",
    door: "session",
    server: "generation",
    tag: "chat",
    summary: "The signed-in chat's streamed answer, resumed after a dropped connection (`stream=true`)",
    description: STREAM_DESCRIPTION.replace(/ Without `stream`.*$/, " The signed-in user's own answers only."),
    params: z.object({ completionId: CompletionId }),
    // Only the stream can be read here (the signed-in chat keeps no stored completions): `stream=true` is required.
    query: ResumeQuery.extend({
      stream: z.enum(["true"]).meta({ description: "`true`: the answer's events (the only thing this route reads)." }),
    }),
    responses: {
      200: { description: "text/event-stream of the answer's events after the one named." },
      400: { description: "Invalid request.", schema: OpenAiError },
      404: { description: "No such answer of this user (or its events expired).", schema: OpenAiError },
    },
  },
] as const satisfies readonly HttpOperation[];
