import { randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";

/**
 * A streamed chat completion from an OpenAI-compatible upstream over Node's own HTTP client: one POST on a kept-alive
 * connection, its server-sent events parsed as the bytes arrive. The worker's only upstream call; the official
 * client did the same through fetch, web streams and its own event decoder, which cost about as much CPU per answer
 * as everything else the worker does besides the sandbox (docs/performance.md).
 */

/** The upstream answered with an error status (the body's `error.message` when it has one). */
export class UpstreamStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The upstream could not be reached (nothing answered, the connection failed before a response). */
export class UpstreamConnectionError extends Error {}

/** The stream carried an error event (`data: {"error": …}`) instead of a chunk. */
export class UpstreamStreamError extends Error {}

/** The worker's kept-alive connections to upstreams, one pool per protocol. */
export const upstreamAgents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 2048, timeout: 4_000 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 2048, timeout: 4_000 }),
};

/** At most this much of an error answer is read (its message is all we keep). */
const MAX_ERROR_BODY = 64 * 1024;

export interface UpstreamTarget {
  /** The API's base URL (`https://api.openai.com/v1`); `/chat/completions` is appended. */
  baseURL: string;
  apiKey: string;
}

/**
 * Yields each chunk of the completion until `[DONE]` or the end of the body; aborting `signal` ends the request
 * (the pending read rejects with an AbortError). An early `return()` by the consumer closes the connection. Once the
 * generator is done, the signal no longer reaches the request: a complete answer's connection goes back to the pool.
 */
export async function* streamChatCompletion(
  target: UpstreamTarget,
  params: ChatCompletionCreateParamsStreaming,
  signal: AbortSignal,
): AsyncGenerator<ChatCompletionChunk> {
  const url = new URL(`${target.baseURL.replace(/\/+$/, "")}/chat/completions`);
  const protocol = url.protocol === "https:" ? "https:" : "http:";
  const body = requestBody(params);
  const open = () =>
    (protocol === "https:" ? https : http).request(url, {
      method: "POST",
      agent: upstreamAgents[protocol],
      headers: {
        authorization: `Bearer ${target.apiKey}`,
        "content-type": "application/json",
        accept: "text/event-stream",
        "content-length": body.length,
      },
    });
  let req = open();
  // The signal is listened to here rather than given to the request: node:http would keep listening until the
  // response has ended, and an abort then would close a connection that is about to be reused.
  const onAbort = () => req.destroy(abortError(signal));
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    if (signal.aborted) onAbort();
    let res: http.IncomingMessage | undefined;
    for (let stale = 0; !res; stale++) {
      try {
        res = await responseTo(req, body);
      } catch (err) {
        if (signal.aborted) throw err;
        // A kept-alive connection reset before any answer: the upstream closed it, idle, as this call went out on it
        // (the retry Node's documentation gives for a reused socket). The call goes again on another connection (the
        // pool's next one, or a new one); a new connection's failure is the upstream's.
        if (req.reusedSocket && isReset(err) && stale < MAX_STALE) {
          req = open();
          continue;
        }
        throw new UpstreamConnectionError(`could not reach the upstream: ${messageOf(err)}`, { cause: err });
      }
    }
    let finished = false;
    try {
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) throw new UpstreamStatusError(status, await errorMessage(res));
      res.setEncoding("utf8");
      let pending = "";
      let data: string[] = [];
      // Read by hand, not with for-await: leaving a for-await loop at [DONE] would destroy the response before its
      // end (the chunked body's last bytes usually come after it), and with it the kept-alive connection.
      const texts = (res as AsyncIterable<string>)[Symbol.asyncIterator]();
      for (let step = await texts.next(); !step.done; step = await texts.next()) {
        pending += step.value;
        let start = 0;
        for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n", start)) {
          const line = pending.charCodeAt(nl - 1) === 13 ? pending.slice(start, nl - 1) : pending.slice(start, nl);
          start = nl + 1;
          if (line === "") {
            // An event ends at a blank line; its data lines joined by newlines are the payload.
            if (data.length === 0) continue;
            const payload = data.length === 1 ? data[0]! : data.join("\n");
            data = [];
            if (payload === "[DONE]") {
              finished = true;
              drainRest(res, texts);
              return;
            }
            yield toChunk(JSON.parse(payload), payload);
          } else if (line.startsWith("data:")) data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
          // Comments (`:`), `event:`, `id:` and `retry:` lines carry nothing a chunk needs.
        }
        pending = pending.slice(start);
      }
      finished = true;
    } finally {
      // The consumer stopped early (or a read failed): the connection is not reused for a half-read answer.
      if (!finished) res.destroy();
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** System prompts at least this long have their JSON encoded once (the same few thousand tokens for most calls). */
const ENCODED_SYSTEM_MIN = 1024;
/** The encoded system prompts kept: the most recent ones (the built-in prompt, and apps' prompts with their looks). */
const ENCODED_SYSTEMS_MAX = 64;
const encodedSystems = new Map<string, Buffer>();
/** Stands in for the system prompt while the rest of the body is encoded; no text of a call can contain it. */
const SYSTEM_MARK = `\u0000${randomUUID()}\u0000`;
const SYSTEM_MARK_JSON = JSON.stringify(SYSTEM_MARK);

/**
 * The request's body: `JSON.stringify(params)` as UTF-8, byte for byte, with a long system prompt's JSON encoded once
 * and kept rather than on every call. The built-in prompt is 11.5 k characters, some outside Latin-1: escaping it,
 * measuring and encoding it took 27–32 µs of each call and left about 100 KiB of garbage; the rest of a body is small.
 */
export function requestBody(params: ChatCompletionCreateParamsStreaming): Buffer {
  const first = params.messages[0];
  if (first?.role !== "system" || typeof first.content !== "string" || first.content.length < ENCODED_SYSTEM_MIN)
    return Buffer.from(JSON.stringify(params));
  let system = encodedSystems.get(first.content);
  if (system) {
    // The most recent last: the oldest goes first when the map is full.
    encodedSystems.delete(first.content);
  } else {
    system = Buffer.from(JSON.stringify(first.content));
    if (encodedSystems.size >= ENCODED_SYSTEMS_MAX) encodedSystems.delete(encodedSystems.keys().next().value!);
  }
  encodedSystems.set(first.content, system);
  const text = JSON.stringify({ ...params, messages: [{ ...first, content: SYSTEM_MARK }, ...params.messages.slice(1)] });
  const at = text.indexOf(SYSTEM_MARK_JSON);
  return Buffer.concat([Buffer.from(text.slice(0, at)), system, Buffer.from(text.slice(at + SYSTEM_MARK_JSON.length))]);
}

/** The error an aborted call fails with: the signal's reason when it is an error, else an AbortError. */
function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException("This operation was aborted", "AbortError");
}

/** Kept-alive connections found closed by the upstream that one call moves past before it fails. */
const MAX_STALE = 8;

/** The request sent with `body`; its response's head, or the error that came before one. */
function responseTo(req: http.ClientRequest, body: Buffer): Promise<http.IncomingMessage> {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once("response", resolve);
    req.once("error", reject);
    if (!req.destroyed) req.end(body);
  });
}

/** The connection was reset or closed under the request (the peer had closed it). */
const isReset = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ECONNRESET" || code === "EPIPE";
};

/** How long the rest of a body after [DONE] may take before its connection is given up. */
const DRAIN_MS = 5_000;

/**
 * Reads what follows [DONE] (usually nothing but the end of the chunked body) in the background, so the response
 * ends and its connection goes back to the pool for the next call; an upstream that keeps sending or holds the
 * response open past DRAIN_MS loses the connection instead.
 */
function drainRest(res: http.IncomingMessage, texts: AsyncIterator<string>): void {
  const guard = setTimeout(() => res.destroy(), DRAIN_MS);
  guard.unref();
  void (async () => {
    try {
      while (!(await texts.next()).done);
    } catch {
      // Destroyed by the guard, or the connection failed: nothing waits for this.
    } finally {
      clearTimeout(guard);
    }
  })();
}

/**
 * An event's JSON as a chunk: an object (its fields are read defensively by the provider), unless it is the error
 * event some servers send mid-stream (`{"error": {"message": …}}`).
 */
function toChunk(parsed: unknown, payload: string): ChatCompletionChunk {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new UpstreamStreamError(`the upstream sent an event that is not a chunk: ${payload.slice(0, 200)}`);
  const error = (parsed as { error?: unknown }).error;
  if (error !== undefined && error !== null) {
    const message = typeof error === "object" ? (error as { message?: unknown }).message : error;
    throw new UpstreamStreamError(typeof message === "string" ? message : JSON.stringify(error));
  }
  const choices = (parsed as { choices?: unknown }).choices;
  if (choices !== undefined && !Array.isArray(choices))
    throw new UpstreamStreamError(`the upstream sent a chunk whose choices are not a list: ${payload.slice(0, 200)}`);
  return parsed as ChatCompletionChunk;
}

async function errorMessage(res: http.IncomingMessage): Promise<string> {
  res.setEncoding("utf8");
  let text = "";
  for await (const part of res as AsyncIterable<string>) {
    if (text.length < MAX_ERROR_BODY) text += part;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null) {
      const { error, message } = parsed as { error?: unknown; message?: unknown };
      const inner = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
      if (typeof inner === "string") return inner;
      if (typeof error === "string") return error;
      if (typeof message === "string") return message;
    }
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim().slice(0, 500) || `status ${res.statusCode}`;
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: string }).code;
  return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}
