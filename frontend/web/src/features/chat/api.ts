import type { EvaluatorSession, Screen } from "@genui/ui-runtime";
import { StreamedScreen } from "@genui/ui-runtime/stream";
import type { ChatModel } from "@genui/contracts/http";
import useSWR from "swr";
import { ApiError, api, isRecord } from "../../lib/api-client";

/** SPEC §3 Model (the chat picker), plus what serves it (one declaration: @genui/contracts/http). */
export type { ChatModel } from "@genui/contracts/http";

export const MODELS_KEY = "/apps/api/v1/chat/models/";
export const fetchModels = () => api.get<ChatModel[]>(MODELS_KEY);
export const useModels = () => useSWR<ChatModel[]>(MODELS_KEY, fetchModels, { revalidateOnFocus: false });

/** SPEC §2 Chat: the Thinking and Internet toggles exist for models whose first feature is "Thinking". */
export const canThink = (m: ChatModel | undefined) => m?.features?.features?.[0] === "Thinking";

/** SPEC §7: retry delay 1000 ms (a connection that failed before the answer started is tried again). */
export const RETRY_DELAY_MS = 1000;
const MAX_RETRIES = 2;

/** What the history sends: user text, or an assistant screen's code (never its json — SPEC §7 guidance). */
export type HistoryTurn = { role: "user"; content: string } | { role: "assistant"; code: string };

/**
 * How the answer streams (GET /get-config/ `chat_stream`): "snapshots" — every chunk is the whole `{code, json}` so
 * far, evaluated by the server (SPEC); "deltas" — content pieces of one JSON text `{"code":"…","json":…}` (the
 * published API's layout), whose code so far this page evaluates in its own sandbox worker.
 */
export type ChatStreamFormat = "deltas" | "snapshots";

/** Evaluates the growing code of one answer (the browser's sandbox worker: one incremental session per answer). */
export interface ChatEvaluator {
  session(): EvaluatorSession;
}

export interface StreamRequest {
  model: string;
  messages: HistoryTurn[];
  appId?: string;
  thinking?: boolean;
  internet?: boolean;
  signal: AbortSignal;
  /** Default "snapshots". */
  format?: ChatStreamFormat;
  /** Deltas: where the code so far is evaluated (without one, only the final screen shows). */
  evaluator?: ChatEvaluator;
  /** Keep the finished answer on the server for the user (`store`), tagged with `metadata` (its conversation). */
  store?: boolean;
  metadata?: Record<string, string>;
}

export interface StreamHandlers {
  /**
   * The screen so far: each snapshot, or (deltas) each screen the code so far gives, and at the end the server's
   * validated screen with the code it renders.
   */
  onScreen(update: { code: string; json: Screen | null }): void;
  onReasoning?(text: string): void;
  onStart?(): void;
  /** The request is about to be sent (each attempt). */
  onSent?(): void;
  /** The first chunk with content arrived (either format). */
  onFirstContent?(): void;
}

/** An error the user should read (the server's `error.message`, or ours). */
export class ChatError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ChatError";
  }
}

/** SPEC §5: a chunk's content must parse as JSON with json/code fields, else the stream is aborted. */
export function parseScreenChunk(content: string): { code: string; json: Screen | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new ChatError("The answer could not be read (a chunk was not JSON).", 0);
  }
  if (!isRecord(parsed) || !("code" in parsed) || !("json" in parsed))
    throw new ChatError("The answer could not be read (a chunk had no code and json).", 0);
  return { code: typeof parsed.code === "string" ? parsed.code : "", json: (parsed.json as Screen | null) ?? null };
}

/** One server-sent event: its `data:` payload and its `id:` (the answer's events are numbered from 1). */
interface ServerEvent {
  id?: number;
  data: string;
}

/** Server-sent events from a fetch body: payloads in order with their ids; comments (keep-alives) skipped. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let id: number | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, "");
        buffer = buffer.slice(nl + 1);
        if (line === "") {
          if (data.length) yield { ...(id !== undefined ? { id } : {}), data: data.join("\n") };
          data = [];
          id = undefined;
        } else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        else if (line.startsWith("id:") && /^\d+$/.test(line.slice(3).trim())) id = Number(line.slice(3).trim());
      }
    }
    // An event without its closing blank line was cut: it is not read (a resume sends it again).
  } finally {
    // A reader that stops early (an error, an answer off the layout) closes the connection.
    void reader.cancel().catch(() => undefined);
  }
}

/** Opens the answer's events again after the one with id `after` (a resumed stream); rejects when it cannot. */
export type ResumeAnswer = (completionId: string, after: number) => Promise<ReadableStream<Uint8Array>>;

/** Resumes of one answer at most (each after RETRY_DELAY_MS when the one before failed to connect). */
const MAX_RESUMES = 3;

const completionIdIn = (data: string): string | undefined => {
  const m = /^\{"id":"(chatcmpl-[0-9a-f]{32})"/.exec(data);
  return m?.[1];
};

/**
 * The payloads of one answer in order, across dropped connections: when the body ends (or fails) before `[DONE]`,
 * the answer is resumed after the last event read (`resume`), so the reader sees every event once.
 */
async function* answerEvents(body: ReadableStream<Uint8Array>, resume?: ResumeAnswer): AsyncGenerator<string> {
  let current: ReadableStream<Uint8Array> | undefined = body;
  let lastId = 0;
  let completionId: string | undefined;
  for (let resumes = 0; current; resumes++) {
    try {
      for await (const e of events(current)) {
        if (e.id !== undefined) lastId = e.id;
        completionId ??= completionIdIn(e.data);
        yield e.data;
        if (e.data === "[DONE]") return;
      }
    } catch (err) {
      // The connection failed mid-answer (not an abort, not the reader's own error): resumed below.
      if (!resume || !completionId || (err instanceof DOMException && err.name === "AbortError") || err instanceof ChatError)
        throw err;
    }
    current = undefined;
    if (!resume || !completionId || resumes >= MAX_RESUMES) return;
    for (let tries = 0; !current; tries++) {
      try {
        current = await resume(completionId, lastId);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 0 || tries >= MAX_RETRIES) return;
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
      }
    }
  }
}

/**
 * One answer streamed as content pieces (format "deltas"), drawn by the UI runtime's `StreamedScreen` with the chat's
 * policy: each prefix's screen is reported; a sandbox that fails only stops the preview (the answer is shown when it
 * is complete); text off the layout or an early end is a ChatError. The final report is the code the json renders
 * (`repaired_code` when present, else `code`).
 */
class DeltaAnswer {
  private readonly screen: StreamedScreen;

  constructor(onScreen: StreamHandlers["onScreen"], evaluator: ChatEvaluator | undefined) {
    this.screen = new StreamedScreen(
      {
        prefix: (json, code) => onScreen({ code, json }),
        complete: (state) => onScreen({ code: state.repairedCode ?? state.code, json: state.json ?? null }),
        sandboxFailed: () => undefined,
      },
      evaluator ? () => evaluator.session() : undefined,
    );
  }

  push(piece: string): void {
    try {
      this.screen.push(piece);
    } catch {
      throw new ChatError("The answer could not be read (it was not a screen's code and json).", 0);
    }
  }

  /** `[DONE]` came: the text must be complete. */
  end(): void {
    try {
      this.screen.end();
    } catch {
      throw new ChatError("The answer ended before it was complete. Please try again.", 0);
    }
  }

  /** Stops evaluating (the end, an error or an abort) and frees the sandbox session. */
  close(): void {
    this.screen.close();
  }
}

/** The signed-in chat's answers: POST one; GET the stored ones (stored-conversation.ts). */
export const AUTH_CHAT_PATH = "/apps/api/v1/auth-chat/completions";

/** Opens the answer's stream through the API client (its CSRF, 401 and error handling). */
function open(req: StreamRequest, handlers: StreamHandlers): Promise<Response> {
  // Resumable: a dropped connection does not lose the answer; the page resumes it (`answerEvents`).
  const body: Record<string, unknown> = {
    model: req.model,
    messages: req.messages,
    stream: true,
    stream_options: { resumable: true },
  };
  if (req.thinking) body.extra_body = { include_thoughts: true };
  if (req.internet) body.tools = [{ type: "web_search" }];
  if (req.format === "deltas") body.stream_format = "deltas";
  if (req.store) body.store = true;
  if (req.metadata) body.metadata = req.metadata;
  handlers.onSent?.();
  return api.stream(AUTH_CHAT_PATH, body, {
    query: req.appId ? { app_id: req.appId } : undefined,
    signal: req.signal,
  });
}

/** A refused opening: the server's `error.message` (the OpenAI error shape) or `message`, else the status line. */
function refusal(err: ApiError): ChatError {
  const j = err.body;
  let message = `The request failed (${err.status}).`;
  if (isRecord(j) && isRecord(j.error) && typeof j.error.message === "string") message = j.error.message;
  else if (isRecord(j) && typeof j.message === "string") message = j.message;
  return new ChatError(message, err.status);
}

/**
 * One streamed answer (SPEC §4 Chat streaming, §7): opens the stream (a connection failure before the answer starts
 * is retried after 1000 ms), reports the screen as it grows, ends at [DONE]. A non-200 opening or an error event
 * rejects with the server's `error.message`.
 */
export async function streamChat(req: StreamRequest, handlers: StreamHandlers): Promise<void> {
  let res: Response | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await open(req, handlers);
      break;
    } catch (err) {
      if (req.signal.aborted) throw err;
      if (err instanceof ApiError && err.status !== 0) throw refusal(err);
      if (attempt >= MAX_RETRIES)
        throw new ChatError("The chat service could not be reached. Check your connection and try again.", 0);
      await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
    }
  }
  if (!res.body) throw new ChatError(`The request failed (${res.status}).`, res.status);
  const resume: ResumeAnswer = async (completionId, after) => {
    const again = await api.streamAgain(`/apps/api/v1/auth-chat/completions/${completionId}`, {
      query: { stream: "true", starting_after: String(after) },
      signal: req.signal,
    });
    if (!again.body) throw new ApiError("The answer could not be resumed.", 0, undefined);
    return again.body;
  };
  return readChatStream(res.body, handlers, req.format ?? "snapshots", req.evaluator, resume);
}

/** Reads an answer's event stream to `[DONE]` (exported for tests): errors, text off the layout and an early end throw ChatError. */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  handlers: StreamHandlers,
  format: ChatStreamFormat,
  evaluator?: ChatEvaluator,
  /** Resumes the answer after a dropped connection (absent: the drop ends it with an error). */
  resume?: ResumeAnswer,
): Promise<void> {
  const deltas = format === "deltas" ? new DeltaAnswer(handlers.onScreen, evaluator) : undefined;
  let started = false;
  let content = false;
  try {
    for await (const data of answerEvents(body, resume)) {
      if (data === "[DONE]") {
        deltas?.end();
        return;
      }
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch {
        throw new ChatError("The answer could not be read (an event was not JSON).", 0);
      }
      if (!isRecord(chunk)) continue;
      if (isRecord(chunk.error))
        throw new ChatError(typeof chunk.error.message === "string" ? chunk.error.message : "The answer failed.", 0);
      const choice = Array.isArray(chunk.choices) && isRecord(chunk.choices[0]) ? chunk.choices[0] : undefined;
      const delta = choice && isRecord(choice.delta) ? choice.delta : undefined;
      if (!delta) continue;
      if (!started) {
        started = true;
        handlers.onStart?.();
      }
      if (typeof delta.reasoning_content === "string" && delta.reasoning_content) handlers.onReasoning?.(delta.reasoning_content);
      if (typeof delta.content !== "string" || !delta.content) continue;
      if (!content) {
        content = true;
        handlers.onFirstContent?.();
      }
      if (deltas) deltas.push(delta.content);
      else handlers.onScreen(parseScreenChunk(delta.content));
    }
    throw new ChatError("The answer ended before it was complete. Please try again.", 0);
  } finally {
    deltas?.close();
  }
}
