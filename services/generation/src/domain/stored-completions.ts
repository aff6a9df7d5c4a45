import {
  COMPLETION_ID_PATTERN,
  COMPLETION_MESSAGE_ID_PATTERN,
  COMPLETION_METADATA_LIMITS,
  PAGE_LIMIT_PATTERN,
} from "@genui/contracts/http";
import { GENERATION_ERRORS as E, generationError, invalidRequest } from "./errors";

/**
 * Stored completions (docs/api.md, "Stored completions"): OpenAI's stored chat completions for the published API. A
 * request with `store: true` (or, without `store`, an app whose owner turned `store_completions` on) is kept for its
 * app once its answer is finished — by the worker that generated it — with the request's messages, the answer as the
 * non-streaming API answers it, its usage and the request's metadata, until the retention ends. The app's secret key
 * reads them back, lists them a page at a time, reads their messages, replaces their metadata and deletes them; any
 * other app's key finds nothing. The signed-in chat (the web app) stores its answers the same way for its user
 * (`userPartition`), to rebuild a conversation on another device. These are the facts and rules; the store is
 * store/completion-store.ts.
 */

export type CompletionMetadata = Record<string, string>;

/** A message of the request as it was sent: its role (`developer` stays `developer`), its text, its name. */
export interface StoredMessage {
  role: "system" | "developer" | "user" | "assistant";
  /** Text, or text parts joined by newlines (as the model read them). */
  content: string;
  name?: string;
}

/** What a generation job carries when its answer is to be kept (GenerationJob.store). */
export interface CompletionToStore {
  metadata: CompletionMetadata | null;
  messages: StoredMessage[];
  /**
   * Whose completions it joins (`StoredCompletion.appId`): absent, the app's whose key asked (the job's `appId`); for
   * the signed-in chat, the user's own partition (`userPartition`), whatever app the chat was about.
   */
  partition?: string;
}

/**
 * The signed-in chat's completions are kept in their user's own partition: the store's `appId` field holds
 * `user:<user id>`. App ids are uuids, so no app's key, list or deletion can ever reach a user's chat, and the chat's
 * routes (session door) name only their user's partition: the two never mix, and another user's id is not found.
 */
export const userPartition = (userId: string): string => `user:${userId}`;

/** A stored completion as the store holds it. */
export interface StoredCompletion {
  /** The completion's id as the API answered it (`chatcmpl-…`). */
  id: string;
  requestId: string;
  /** Whose completions it is among: the app's id, or `userPartition(user)` for the signed-in chat's. */
  appId: string;
  /** Who paid for it (the app's owner, or the signed-in user). */
  ownerId: string;
  model: string;
  /** When the request was made (epoch ms): the list's order, and `created` (seconds) of the answer. */
  createdMs: number;
  messages: StoredMessage[];
  /** The answer's `message.content`: exactly the JSON text the non-streaming API answers. */
  content: string;
  /** The reasoning a streamed answer sent (`reasoning_content`); absent when there was none. */
  reasoning?: string;
  finishReason: "stop" | "length";
  usage: { inputTokens: number; outputTokens: number };
  metadata: CompletionMetadata | null;
  /** After this it is never answered, and it is purged. */
  expiresAt: Date;
}

/** The completion id of a request (http/openai-wire.ts answers the same): `chatcmpl-` and the uuid without dashes. */
export const storedCompletionId = (requestId: string): string => `chatcmpl-${requestId.replace(/-/g, "")}`;

/**
 * The answer's content as the API answers it (http/openai-wire.ts, `answerContent`; a unit test holds them equal):
 * `{"code","json"}`, or `{"code","repaired_code","json"}` when a repair pass ran (`code` is then the first pass's).
 */
export const storedAnswerContent = (code: string, json: unknown, firstCode?: string): string =>
  firstCode === undefined ? JSON.stringify({ code, json }) : JSON.stringify({ code: firstCode, repaired_code: code, json });

const DAY_MS = 24 * 3600 * 1000;

/** When a completion stored now stops being answered (GEN_COMPLETION_RETENTION_DAYS). */
export const completionExpiry = (retentionDays: number, now = Date.now()): Date => new Date(now + retentionDays * DAY_MS);

/** OpenAI's chat completion object of a stored completion, with its metadata (proto/src/http/completions.ts). */
export function completionView(c: StoredCompletion) {
  return {
    id: c.id,
    object: "chat.completion" as const,
    created: Math.floor(c.createdMs / 1000),
    model: c.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0 as const,
        message: {
          role: "assistant" as const,
          content: c.content,
          refusal: null,
          ...(c.reasoning ? { reasoning_content: c.reasoning } : {}),
        },
        logprobs: null,
        finish_reason: c.finishReason,
      },
    ],
    usage: {
      prompt_tokens: c.usage.inputTokens,
      completion_tokens: c.usage.outputTokens,
      total_tokens: c.usage.inputTokens + c.usage.outputTokens,
    },
    metadata: c.metadata,
  };
}

/** A message of a stored completion's request as OpenAI's messages list answers it: `<completion id>-<index>`. */
export const messageView = (completionId: string, m: StoredMessage, index: number) => ({
  id: `${completionId}-${index}`,
  role: m.role,
  content: m.content,
  name: m.name ?? null,
  content_parts: null,
});

/** A completion id as the API answers them; anything else cannot exist. */
export function checkCompletionId(id: unknown, param = "completion_id"): string {
  if (typeof id !== "string" || !COMPLETION_ID_PATTERN.test(id))
    throw invalidRequest(`Invalid '${param}': a completion id is 'chatcmpl-' and 32 hexadecimal digits.`, param);
  return id;
}

/** A page as OpenAI asks for one: after this id (exclusive), this many (1 to 100, default 20), in this order. */
export interface PageQuery {
  after?: string;
  limit: number;
  order: "asc" | "desc";
}

export const PAGE_LIMITS = { max: 100, default: 20 } as const;

const single = (query: Record<string, unknown>, param: string): string | undefined => {
  const v = query[param];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw invalidRequest(`Invalid '${param}': give it once, as a single value.`, param);
  return v;
};

/**
 * `after`, `limit` and `order` of a list's query (OpenAI's defaults); a malformed one is refused, naming it. `after`
 * names a completion (the list) or a message of one (`<completion id>-<index>`: its messages).
 */
export function parsePage(query: Record<string, unknown>, after: "completion" | "message" = "completion"): PageQuery {
  const afterText = single(query, "after");
  const limitText = single(query, "limit");
  const orderText = single(query, "order");
  if (limitText !== undefined && !PAGE_LIMIT_PATTERN.test(limitText))
    throw invalidRequest(`Invalid 'limit': '${limitText}' is not an integer from 1 to ${PAGE_LIMITS.max}.`, "limit");
  if (orderText !== undefined && orderText !== "asc" && orderText !== "desc")
    throw invalidRequest(`Invalid 'order': '${orderText}' is neither 'asc' nor 'desc'.`, "order");
  if (
    afterText !== undefined &&
    !(after === "completion" ? COMPLETION_ID_PATTERN : COMPLETION_MESSAGE_ID_PATTERN).test(afterText)
  )
    throw invalidRequest(
      after === "completion"
        ? `Invalid 'after': '${afterText}' is not a completion id ('chatcmpl-' and 32 hexadecimal digits).`
        : `Invalid 'after': '${afterText}' is not a message id ('<completion id>-<index>').`,
      "after",
    );
  return {
    ...(afterText !== undefined ? { after: afterText } : {}),
    limit: limitText !== undefined ? Number(limitText) : PAGE_LIMITS.default,
    order: orderText ?? "asc",
  };
}

/** `after` names nothing of the caller's (a completion never stored, deleted or expired; a message of another one). */
export const afterNotFound = (after: string) =>
  generationError(E.COMPLETION_NOT_FOUND, `No stored completion or message '${after}' of yours to page after.`, {
    param: "after",
  });

/**
 * A page of a stored completion's messages: `after` names one of them (`<completion id>-<index>`, as the list
 * answered it). Returns the page of the messages and their views.
 */
export function messagesPage(c: Pick<StoredCompletion, "id" | "messages">, page: PageQuery) {
  let indices = c.messages.map((_, i) => i);
  if (page.order === "desc") indices.reverse();
  if (page.after !== undefined) {
    const m = /^(chatcmpl-[0-9a-f]{32})-(\d{1,4})$/.exec(page.after);
    if (!m || m[1] !== c.id) throw afterNotFound(page.after);
    const at = Number(m[2]);
    indices = indices.filter((i) => (page.order === "asc" ? i > at : i < at));
  }
  return listPage(
    indices.slice(0, page.limit + 1).map((i) => messageView(c.id, c.messages[i]!, i)),
    page.limit,
  );
}

/** Characters as JSON Schema's maxLength counts them (code points). */
const codePoints = (s: string): number => [...s].length;

/**
 * Metadata as a request or a filter gives it, OpenAI's rules: an object of at most 16 string pairs, keys up to 64
 * characters and values up to 512. `param` names the parameter in a refusal (`metadata`).
 */
export function checkMetadata(value: unknown, param = "metadata"): CompletionMetadata {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidRequest(`'${param}' must be an object of string values.`, param);
  const pairs = Object.entries(value as Record<string, unknown>);
  if (pairs.length > COMPLETION_METADATA_LIMITS.pairs)
    throw invalidRequest(`'${param}' may have at most ${COMPLETION_METADATA_LIMITS.pairs} pairs.`, param);
  for (const [k, v] of pairs) {
    if (codePoints(k) > COMPLETION_METADATA_LIMITS.keyChars)
      throw invalidRequest(
        `Invalid '${param}.${k}': metadata keys may be at most ${COMPLETION_METADATA_LIMITS.keyChars} characters long.`,
        `${param}.${k}`,
      );
    if (typeof v !== "string") throw invalidRequest(`'${param}.${k}' must be a string.`, `${param}.${k}`);
    if (codePoints(v) > COMPLETION_METADATA_LIMITS.valueChars)
      throw invalidRequest(
        `'${param}.${k}' is longer than ${COMPLETION_METADATA_LIMITS.valueChars} characters.`,
        `${param}.${k}`,
      );
  }
  return Object.fromEntries(pairs) as CompletionMetadata;
}

/**
 * The list's filters from the query string as the official clients write them: `model=…` and `metadata[key]=value`
 * (every pair must match). `raw` is the query string itself (Express's default parser keeps `metadata[key]` as a flat
 * name); an object `metadata` (an extended parser) is read as well.
 */
export function parseListFilters(query: Record<string, unknown>, raw: string): { model?: string; metadata?: CompletionMetadata } {
  const model = single(query, "model");
  const pairs: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(raw)) {
    const m = /^metadata\[(.*)\]$/.exec(name);
    if (m) pairs.push([m[1]!, value]);
    else if (name === "metadata") throw invalidRequest("Filter by metadata as 'metadata[key]=value'.", "metadata");
  }
  if (!pairs.length && typeof query.metadata === "object" && query.metadata !== null)
    pairs.push(...Object.entries(query.metadata as Record<string, unknown>).map(([k, v]) => [k, String(v)] as [string, string]));
  const seen = new Set<string>();
  for (const [k] of pairs) {
    if (seen.has(k)) throw invalidRequest(`Invalid 'metadata[${k}]': give each key once.`, `metadata[${k}]`);
    seen.add(k);
  }
  const metadata = pairs.length ? checkMetadata(Object.fromEntries(pairs)) : undefined;
  if (model !== undefined && !model.trim()) throw invalidRequest("Invalid 'model': it is empty.", "model");
  return { ...(model !== undefined ? { model } : {}), ...(metadata ? { metadata } : {}) };
}

/** A page of a list as OpenAI answers it: the items, the first and last ids, and whether more follow. */
export function listPage<T extends { id: string }>(items: T[], limit: number) {
  const data = items.slice(0, limit);
  return {
    object: "list" as const,
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: items.length > limit,
  };
}
