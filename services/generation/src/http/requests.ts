import { NOT_BLANK, PUBLISHED_LIMITS } from "@genui/contracts/http";
import type { ChatTurn } from "../domain/messages";
import { GENERATION_ERRORS as E, invalidRequest } from "../domain/errors";

/**
 * Reading request bodies the way OpenAI's API does: unknown fields are ignored (clients send many), the fields we
 * use are checked with OpenAI-style messages and `param`. Hand-written rather than zod so each message names the
 * exact parameter path (`messages[2].content`).
 */

const ROLES = new Set(["system", "developer", "user", "assistant"]);

/**
 * The limits the parsers enforce: the published contract's (proto/src/http/published.ts), which the OpenAPI document
 * states. Lengths count Unicode code points, as JSON Schema's maxLength does.
 */
/** Default of GEN_MAX_CODE_CHARS: client-submitted UI code is evaluated by a worker, so its size is bounded. */
export const MAX_CODE_CHARS: number = PUBLISHED_LIMITS.codeChars;
export const LIMITS = PUBLISHED_LIMITS;

const notBlank = new RegExp(NOT_BLANK);

/** Length in code points, counted only when the UTF-16 length could be over the limit. */
const longerThan = (s: string, max: number) => s.length > max && [...s].length > max;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Text of an OpenAI content value: a string, or an array of parts of which text parts count. */
function textOf(content: unknown, param: string): string | undefined {
  if (content === undefined || content === null) return undefined;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    const parts: string[] = [];
    content.forEach((p, i) => {
      if (!isObject(p) || typeof p.type !== "string")
        throw invalidRequest(`Invalid content part at '${param}[${i}]'.`, `${param}[${i}]`);
      if (p.type === "text") {
        if (typeof p.text !== "string") throw invalidRequest(`'${param}[${i}].text' must be a string.`, `${param}[${i}].text`);
        parts.push(p.text);
      } else throw invalidRequest(`Content parts of type '${p.type}' are not supported; send text.`, `${param}[${i}].type`);
    });
    return parts.join("\n");
  }
  throw invalidRequest(`'${param}' must be a string or an array of text parts.`, param);
}

/**
 * The code inside an assistant message whose content is our answer (`{"code", "json"}`, or with `repaired_code`, the
 * code its screen rendered), else undefined.
 */
function codeInAnswer(content: string): string | undefined {
  const t = content.trimStart();
  if (!t.startsWith("{")) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    if (isObject(v) && typeof v.repaired_code === "string") return v.repaired_code;
    return isObject(v) && typeof v.code === "string" ? v.code : undefined;
  } catch {
    return undefined;
  }
}

function checkCodeSize(code: string, param: string, max: number): void {
  if (longerThan(code, max))
    throw invalidRequest(
      `'${param}' is ${code.length.toLocaleString("en-US")} characters long; UI code may be at most ${max.toLocaleString("en-US")} characters.`,
      param,
      E.CODE_TOO_LONG,
    );
}

export interface ChatRequest {
  model: string;
  messages: ChatTurn[];
  stream: boolean;
  includeUsage: boolean;
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
}

export type StreamFormat = "snapshots" | "deltas";
const STREAM_FORMATS: readonly StreamFormat[] = ["snapshots", "deltas"];

/** `stream_format` of the signed-in chat: absent or null → "snapshots"; anything but the two names is refused. */
function streamFormatOf(v: unknown): StreamFormat {
  if (v === undefined || v === null) return "snapshots";
  if (typeof v !== "string" || !(STREAM_FORMATS as readonly string[]).includes(v))
    throw invalidRequest(`'stream_format' must be "snapshots" or "deltas".`, "stream_format");
  return v as StreamFormat;
}

function positiveInt(v: unknown, param: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > LIMITS.maxTokens)
    throw invalidRequest(`'${param}' must be an integer from 1 to ${LIMITS.maxTokens.toLocaleString("en")}.`, param);
  return v;
}

/** An optional flag: absent, null or a boolean (anything else is a client's mistake worth naming). */
function optionalBoolean(o: Record<string, unknown>, name: string, path: string): boolean {
  const v = o[name];
  if (v === undefined || v === null) return false;
  if (typeof v !== "boolean") throw invalidRequest(`'${path}${name}' must be a boolean.`, `${path}${name}`);
  return v;
}

/** An optional object: absent, null or an object. */
function optionalObject(o: Record<string, unknown>, name: string, path: string): Record<string, unknown> | undefined {
  const v = o[name];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw invalidRequest(`'${path}${name}' must be an object.`, `${path}${name}`);
  return v;
}

/** The reasoning flags of an object (the body, or its `extra_body`): include_thoughts, thinking, thinking_config. */
function asksThoughts(o: Record<string, unknown>, path: string): boolean {
  const a = optionalBoolean(o, "include_thoughts", path);
  const b = optionalBoolean(o, "thinking", path);
  const tc = optionalObject(o, "thinking_config", path);
  const c = tc ? optionalBoolean(tc, "include_thoughts", `${path}thinking_config.`) : false;
  return a || b || c;
}

/**
 * A chat completion body. `signedIn`: the SPA's variant, whose messages carry `content` or `code` (assistant turns
 * keep the code of their screen; history never sends json back), with `extra_body` and `tools`.
 */
export function parseChatRequest(body: unknown, signedIn: boolean, maxCodeChars = MAX_CODE_CHARS): ChatRequest {
  if (!isObject(body)) throw invalidRequest("The request body must be a JSON object.", null, E.INVALID_JSON);
  if (body.model === undefined) throw invalidRequest("Missing required parameter: 'model'.", "model", E.MISSING_PARAMETER);
  if (typeof body.model !== "string" || !notBlank.test(body.model))
    throw invalidRequest("'model' must be a non-empty string.", "model");
  if (longerThan(body.model, LIMITS.modelChars))
    throw invalidRequest(`'model' is longer than ${LIMITS.modelChars} characters.`, "model");
  if (body.messages === undefined)
    throw invalidRequest("Missing required parameter: 'messages'.", "messages", E.MISSING_PARAMETER);
  if (!Array.isArray(body.messages)) throw invalidRequest("'messages' must be an array.", "messages");
  if (body.messages.length === 0)
    throw invalidRequest("'messages' must contain at least one message.", "messages", E.EMPTY_ARRAY);
  if (body.messages.length > LIMITS.messages)
    throw invalidRequest(`'messages' may contain at most ${LIMITS.messages} messages.`, "messages");
  let chars = 0;
  const messages: ChatTurn[] = body.messages.map((m, i) => {
    const param = `messages[${i}]`;
    if (!isObject(m)) throw invalidRequest(`'${param}' must be an object.`, param);
    if (typeof m.role !== "string" || !ROLES.has(m.role))
      throw invalidRequest(`'${param}.role' must be one of system, user, assistant.`, `${param}.role`);
    const role = m.role === "developer" ? "system" : (m.role as ChatTurn["role"]);
    let content = textOf(m.content, `${param}.content`);
    const code = signedIn && typeof m.code === "string" && m.code ? m.code : undefined;
    if (signedIn && m.code !== undefined && m.code !== null && typeof m.code !== "string")
      throw invalidRequest(`'${param}.code' must be a string.`, `${param}.code`);
    if (code) checkCodeSize(code, `${param}.code`, maxCodeChars);
    if (role === "assistant") content = code ?? (content !== undefined ? (codeInAnswer(content) ?? content) : undefined);
    else if (code) content = content ? `${content}\n\nCurrent UI code:\n${code}` : code;
    if (content === undefined)
      throw invalidRequest(
        signedIn ? `'${param}' needs 'content' or 'code'.` : `Missing required parameter: '${param}.content'.`,
        `${param}.content`,
        E.MISSING_PARAMETER,
      );
    chars += content.length;
    return { role, content };
  });
  if (!messages.some((m) => m.role === "user")) throw invalidRequest("'messages' must contain a user message.", "messages");
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== "boolean")
    throw invalidRequest("'stream' must be a boolean.", "stream");
  const so = optionalObject(body, "stream_options", "");
  const stream = body.stream === true;
  if (so && !stream)
    throw invalidRequest("The 'stream_options' parameter is only allowed when 'stream' is enabled.", "stream_options");
  const includeUsage = so ? optionalBoolean(so, "include_usage", "stream_options.") : false;
  // Both are checked (a bad one is named even when the other is good); max_completion_tokens wins.
  const maxCompletion = positiveInt(body.max_completion_tokens, "max_completion_tokens");
  const maxTokens = maxCompletion ?? positiveInt(body.max_tokens, "max_tokens");
  if (maxCompletion !== undefined) positiveInt(body.max_tokens, "max_tokens");
  // The SPA sends `extra_body` literally; the official clients merge their `extra_body` argument into the top level.
  const extra = optionalObject(body, "extra_body", "");
  const topThoughts = asksThoughts(body, "");
  const includeThoughts = (extra ? asksThoughts(extra, "extra_body.") : false) || topThoughts;
  if (body.tools !== undefined && body.tools !== null && !Array.isArray(body.tools))
    throw invalidRequest("'tools' must be an array.", "tools");
  const tools: unknown[] = Array.isArray(body.tools) ? body.tools : [];
  tools.forEach((t, i) => {
    if (!isObject(t)) throw invalidRequest(`'tools[${i}]' must be an object.`, `tools[${i}]`);
  });
  const webSearch = tools.some((t) => {
    if (!isObject(t)) return false;
    if (typeof t.type === "string" && /^web_search/.test(t.type)) return true;
    return isObject(t.function) && t.function.name === "web_search";
  });
  return {
    model: body.model.trim(),
    messages,
    stream,
    includeUsage,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    includeThoughts,
    webSearch,
    chars,
    streamFormat: signedIn ? streamFormatOf(body.stream_format) : "deltas",
  };
}

export interface RetrieveRequest {
  code?: string;
  prompt?: string;
  model?: string;
}

/** A retrieve body: code and/or prompt (blank counts as absent). */
export function parseRetrieveRequest(body: unknown, maxCodeChars = MAX_CODE_CHARS): RetrieveRequest {
  if (!isObject(body)) throw invalidRequest("The request body must be a JSON object.", null, E.INVALID_JSON);
  const field = (name: "code" | "prompt" | "model") => {
    const v = body[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw invalidRequest(`'${name}' must be a string.`, name);
    return v;
  };
  // Lengths first (a long blank value is still too long), then blank counts as absent.
  const code = field("code");
  const prompt = field("prompt");
  const model = field("model");
  if (code !== undefined) checkCodeSize(code, "code", maxCodeChars);
  if (prompt !== undefined && longerThan(prompt, LIMITS.promptChars))
    throw invalidRequest(`'prompt' is longer than ${LIMITS.promptChars.toLocaleString("en")} characters.`, "prompt");
  if (model !== undefined && longerThan(model, LIMITS.modelChars))
    throw invalidRequest(`'model' is longer than ${LIMITS.modelChars} characters.`, "model");
  const given = (v: string | undefined) => (v !== undefined && notBlank.test(v) ? v : undefined);
  if (!given(code) && !given(prompt)) throw invalidRequest("Send 'code', 'prompt' or both.", "prompt", E.MISSING_PARAMETER);
  const [c, p, m] = [given(code), given(prompt), given(model)];
  return { ...(c ? { code: c } : {}), ...(p ? { prompt: p } : {}), ...(m ? { model: m.trim() } : {}) };
}
