import {
  authChatBody,
  ChatCompletionRequest,
  type AuthChatBody,
  isNotBlank,
  isRecord,
  paramOf,
  PUBLISHED_LIMITS,
  REFUSAL_CODES,
  retrieveRequest,
} from "@genui/contracts/http";
import type { z } from "zod";
import type { AppError } from "@genui/chassis";
import type { ChatTurn } from "../domain/messages";
import type { CompletionMetadata, StoredMessage } from "../domain/stored-completions";
import { GENERATION_ERRORS as E, invalidRequest, type GenerationErrorCode } from "../domain/errors";

/**
 * Reading request bodies the way OpenAI's API does: unknown fields are ignored (clients send many), the fields we
 * use are checked with OpenAI-style messages and `param`. The contract's zod schemas (proto/src/http/published.ts,
 * chat.ts) are the declaration: they check the fields and word the refusals; here the first fault (in the order the
 * checks have always run) becomes OpenAI's error, and the checked body becomes what the service works with.
 */

/**
 * The limits the parsers enforce: the published contract's (proto/src/http/published.ts), which the OpenAPI document
 * states. Lengths count Unicode code points, as JSON Schema's maxLength does.
 */
/** Default of GEN_MAX_CODE_CHARS: client-submitted UI code is evaluated by a worker, so its size is bounded. */
export const MAX_CODE_CHARS: number = PUBLISHED_LIMITS.codeChars;
export const LIMITS = PUBLISHED_LIMITS;

/** A refusal before it is OpenAI's error: the zod issue's path and message, and generation's error code. */
interface Fault {
  path: readonly PropertyKey[];
  message: string;
  code: GenerationErrorCode;
}

/** The codes the contract's refinements name (`params.code`, OpenAI's), as generation's. */
const REFINEMENT_CODES: Record<string, GenerationErrorCode> = {
  [REFUSAL_CODES.missingParameter]: E.MISSING_PARAMETER,
  [REFUSAL_CODES.codeTooLong]: E.CODE_TOO_LONG,
};

/** A zod issue as a fault: the body itself is no JSON object, a refinement names its code, an empty array is one. */
function faultOf(issue: z.core.$ZodIssue): Fault {
  const code =
    issue.path.length === 0
      ? E.INVALID_JSON
      : issue.code === "custom"
        ? REFINEMENT_CODES[String(issue.params?.code)]
        : issue.code === "too_small" && issue.origin === "array"
          ? E.EMPTY_ARRAY
          : undefined;
  return { path: issue.path, message: issue.message, code: code ?? E.INVALID_VALUE };
}

const refused = (f: Fault): AppError => invalidRequest(f.message, f.path.length ? paramOf(f.path) : null, f.code);

/** The fault a client is told about: the one whose check comes first (`rank`); of equals, the first zod found. */
const firstOf = <T>(faults: [T, ...T[]], rank: (f: T) => number): T => faults.reduce((a, f) => (rank(f) < rank(a) ? f : a));

/**
 * The order the chat body's checks have always run in (of two faults, the one checked first is named): the fields in
 * this order, except that `stream_options` and `extra_body` are checked as values where they stand and their fields
 * later — `stream_options`'s after the rule that it comes only with `stream: true`, `extra_body`'s after the top-level
 * reasoning flags. Within a field, zod's order (messages one by one, each field of a message in turn).
 */
const CHAT_ORDER = [
  "model",
  "messages",
  "stream",
  "stream_options",
  "stream_options.",
  "max_completion_tokens",
  "max_tokens",
  "extra_body",
  "include_thoughts",
  "thinking",
  "thinking_config",
  "extra_body.",
  "tools",
  "stream_format",
  "store",
  "metadata",
];
const chatRank = ({ path: [key, ...inner] }: Fault) =>
  CHAT_ORDER.indexOf(inner.length && (key === "stream_options" || key === "extra_body") ? `${key}.` : String(key));

/**
 * An object `stream_options` needs `stream: true` (null counts as absent; the document says so with `if`/`then`). The
 * one rule checked here rather than by the schema: it comes right after `stream_options` itself in the order, and zod
 * skips a refinement of the whole body once a later field has failed (a token limit that is not an integer).
 */
const streamOptionsWithoutStream = (body: unknown): Fault | undefined =>
  isRecord(body) && isRecord(body.stream_options) && body.stream !== true
    ? {
        path: ["stream_options"],
        message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
        code: E.INVALID_VALUE,
      }
    : undefined;

/** A schema for each GEN_MAX_CODE_CHARS, built once (the parse runs on every request). */
const perCodeLimit = <S>(build: (codeChars: number) => S) => {
  const built = new Map<number, S>();
  return (codeChars: number): S => {
    let s = built.get(codeChars);
    if (!s) built.set(codeChars, (s = build(codeChars)));
    return s;
  };
};
const signedInChat = perCodeLimit(authChatBody);
const retrieveBody = perCodeLimit(retrieveRequest);

/** Text of an OpenAI content value: a string, or text parts joined by newlines. */
const textOf = (content: string | { text: string }[] | null | undefined): string | undefined =>
  content === undefined || content === null
    ? undefined
    : typeof content === "string"
      ? content
      : content.map((p) => p.text).join("\n");

/**
 * The code inside an assistant message whose content is our answer (`{"code", "json"}`, or with `repaired_code`, the
 * code its screen rendered), else undefined.
 */
function codeInAnswer(content: string): string | undefined {
  const t = content.trimStart();
  if (!t.startsWith("{")) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    if (isRecord(v) && typeof v.repaired_code === "string") return v.repaired_code;
    return isRecord(v) && typeof v.code === "string" ? v.code : undefined;
  } catch {
    return undefined;
  }
}

export interface ChatRequest {
  model: string;
  messages: ChatTurn[];
  stream: boolean;
  includeUsage: boolean;
  /** `stream_options.resumable`: the answer goes on for a while after a dropped connection, for the client to resume. */
  resumable: boolean;
  maxTokens?: number;
  /** Reasoning asked for: `include_thoughts` / `thinking` / `thinking_config.include_thoughts`, top level or in `extra_body`. */
  includeThoughts: boolean;
  /** A web search tool was offered. */
  webSearch: boolean;
  /** Characters of all messages (the hold's input estimate). */
  chars: number;
  /**
   * The signed-in chat's stream layout (`stream_format`): "snapshots" (SPEC's default: every chunk the whole screen
   * so far) or "deltas" (content pieces of one JSON text, as the published API streams). The published API always
   * streams deltas and ignores the field, like other parameters it does not use.
   */
  streamFormat: StreamFormat;
  /** `store`: keep the completion for the app (true), not (false), or the app's setting (absent). */
  store?: boolean;
  /** The stored completion's tags (`metadata`); null when not given. */
  metadata: CompletionMetadata | null;
  /**
   * The messages as sent (role, text, name), which a stored completion keeps. The signed-in chat's turns keep their
   * code as their text (an assistant turn is the code of its screen), so its conversation can be rebuilt from them.
   */
  sent: StoredMessage[];
}

export type StreamFormat = "snapshots" | "deltas";

/** The reasoning flags of an object (the body, or its `extra_body`): include_thoughts, thinking, thinking_config. */
interface ReasoningFlags {
  include_thoughts?: boolean | null;
  thinking?: boolean | null;
  thinking_config?: { include_thoughts?: boolean | null } | null;
}
const asksThoughts = (o: ReasoningFlags | null | undefined) =>
  o?.include_thoughts === true || o?.thinking === true || o?.thinking_config?.include_thoughts === true;

/**
 * A message as the model reads it: `developer` is `system`, text parts are joined, and an assistant turn is the code
 * of its screen (its `code`, or the code inside our answer's JSON); a user message carries the code it asks to change.
 */
function turnOf(m: AuthChatBody["messages"][number]): ChatTurn {
  const role = m.role === "developer" ? "system" : m.role;
  let content = textOf(m.content);
  const code = m.code || undefined;
  if (role === "assistant") content = code ?? (content !== undefined ? (codeInAnswer(content) ?? content) : undefined);
  else if (code) content = content ? `${content}\n\nCurrent UI code:\n${code}` : code;
  // The contract refuses a message with neither content nor code.
  return { role, content: content ?? "" };
}

/**
 * A chat completion body. `signedIn`: the SPA's variant, whose messages carry `content` or `code` (assistant turns
 * keep the code of their screen; history never sends json back), with `extra_body`, `tools` and `stream_format`.
 */
export function parseChatRequest(body: unknown, signedIn: boolean, maxCodeChars = MAX_CODE_CHARS): ChatRequest {
  const parsed = (signedIn ? signedInChat(maxCodeChars) : ChatCompletionRequest).safeParse(body);
  const streamRule = streamOptionsWithoutStream(body);
  if (!parsed.success || streamRule) {
    const faults = [...(parsed.success ? [] : parsed.error.issues.map(faultOf)), ...(streamRule ? [streamRule] : [])];
    throw refused(firstOf(faults as [Fault, ...Fault[]], chatRank));
  }
  // The published body is the signed-in one without `code` and `stream_format`.
  const b: AuthChatBody = parsed.data;
  const messages = b.messages.map(turnOf);
  // Both are checked (a bad one is named even when the other is good); max_completion_tokens wins.
  const maxTokens = b.max_completion_tokens ?? b.max_tokens ?? undefined;
  const webSearch = (b.tools ?? []).some((t) => {
    if (typeof t.type === "string" && /^web_search/.test(t.type)) return true;
    return isRecord(t.function) && t.function.name === "web_search";
  });
  return {
    model: b.model.trim(),
    messages,
    stream: b.stream === true,
    includeUsage: b.stream_options?.include_usage === true,
    resumable: b.stream_options?.resumable === true,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    // The SPA sends `extra_body` literally; the official clients merge their `extra_body` argument into the top level.
    includeThoughts: asksThoughts(b.extra_body) || asksThoughts(b),
    webSearch,
    chars: messages.reduce((n, m) => n + m.content.length, 0),
    streamFormat: signedIn ? (b.stream_format ?? "snapshots") : "deltas",
    ...(typeof b.store === "boolean" ? { store: b.store } : {}),
    metadata: b.metadata ?? null,
    sent: b.messages.map((m, i) => sentMessage(m, body, i, signedIn ? messages[i]!.content : undefined)),
  };
}

/**
 * A message as the client sent it, for a stored completion: its role as given, its text (or `content`: the signed-in
 * chat's turn as the model read it, code included), its `name` if a string.
 */
function sentMessage(m: AuthChatBody["messages"][number], body: unknown, index: number, content?: string): StoredMessage {
  const raw = isRecord(body) && Array.isArray(body.messages) ? (body.messages[index] as unknown) : undefined;
  const name = isRecord(raw) && typeof raw.name === "string" ? raw.name : undefined;
  return { role: m.role, content: content ?? textOf(m.content) ?? "", ...(name !== undefined ? { name } : {}) };
}

export interface RetrieveRequest {
  code?: string;
  prompt?: string;
  model?: string;
}

/**
 * A retrieve body: code and/or prompt (blank counts as absent). The types of all fields are checked first, then the
 * lengths (a long blank value is still too long), then that code or prompt is given.
 */
export function parseRetrieveRequest(body: unknown, maxCodeChars = MAX_CODE_CHARS): RetrieveRequest {
  const parsed = retrieveBody(maxCodeChars).safeParse(body);
  if (!parsed.success) {
    // A value of the wrong type (zod stops at it) is named before any length or the missing code and prompt.
    const issues = parsed.error.issues as [z.core.$ZodIssue, ...z.core.$ZodIssue[]];
    throw refused(faultOf(firstOf(issues, (i) => (i.code === "invalid_type" ? 0 : 1))));
  }
  const given = (v: string | null | undefined) => (isNotBlank(v) ? v : undefined);
  const [c, p, m] = [given(parsed.data.code), given(parsed.data.prompt), given(parsed.data.model)];
  return { ...(c ? { code: c } : {}), ...(p ? { prompt: p } : {}), ...(m ? { model: m.trim() } : {}) };
}
