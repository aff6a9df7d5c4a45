/**
 * Streaming mode ([B2]): a streamed completion of the published API rendered as it grows. The stream's
 * `delta.content` pieces are the JSON text `{"code":"…","json":…}` in pieces (see `StreamedContent`); the UI code so
 * far is evaluated in a UI code sandbox (QuickJS in a Web Worker, one incremental session per answer) and each screen
 * it gives is drawn; when the text is complete, its `json` (the server-validated screen) is drawn. By default the
 * sandbox is the iframe's own (host.ts sends it the code prefixes): generated code never runs in the host page's
 * origin. `streamEvaluator` may put it elsewhere (`workerStreamEvaluator`, `hostWorkerStreamEvaluator`).
 */
import { StreamedScreen, WorkerEvaluator, type ContentAnswer, type EvaluatorSession } from "@genui/ui-runtime/stream";
import type { Screen } from "@genui/ui-runtime";

/**
 * What streaming mode takes:
 * - the official `openai` client's stream (`await client.chat.completions.create({ …, stream: true })`), or any
 *   async iterable of chat completion chunks (`{ choices: [{ delta: { content } }] }`);
 * - a fetch `Response` whose body is the server-sent events of a streamed completion;
 * - the content text accumulated so far (a string that grows; pass the longer text on each update).
 */
export type GenUIStream = AsyncIterable<unknown> | Response | string;

/** The finished answer of a stream: what a non-streaming client would get by `JSON.parse(content)`. */
export type GenUIStreamAnswer = ContentAnswer & { json: Screen };

/** Evaluates a streamed answer's code prefixes (default: the sandbox inside the GenUI iframe). */
export interface GenUIStreamEvaluator {
  session(): EvaluatorSession;
}

/** Where the API serves the sandbox worker script (for `hostWorkerStreamEvaluator`). */
export const EVALUATOR_WORKER_PATH = "/apps/api/v1/embed/genui-evaluator-worker.js";

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The error message of an error object of the stream (`{ error: { message } }` or `{ error: "…" }`). */
function streamError(v: unknown): string | undefined {
  if (!isObject(v) || v.error === undefined || v.error === null) return undefined;
  const e = v.error;
  if (typeof e === "string") return e;
  if (isObject(e) && typeof e.message === "string") return e.message;
  return "the stream reported an error";
}

/** The `delta.content` of a chat completion chunk (undefined when it carries none); throws on an error chunk. */
export function chunkContent(chunk: unknown): string | undefined {
  const err = streamError(chunk);
  if (err !== undefined) throw new Error(`GenUI: the stream failed: ${err}`);
  if (!isObject(chunk) || !Array.isArray(chunk.choices)) return undefined;
  const choice: unknown = chunk.choices[0];
  if (!isObject(choice) || !isObject(choice.delta)) return undefined;
  const content = choice.delta.content;
  return typeof content === "string" && content !== "" ? content : undefined;
}

/**
 * Opens a streamed answer again after the event with id `after` (`GET /apps/api/v1/chat/completions/{id}?stream=true`
 * with `starting_after`, through whatever holds the key — the developer's server, usually): a stream whose
 * connection drops is resumed with it and goes on where it was (docs/embedding.md "Resuming a stream").
 */
export type GenUIStreamResume = (completionId: string, after: number) => Promise<Response>;

/** Where a server-sent events body got to: the id of the last whole event, the completion's id, and `[DONE]`. */
interface StreamPosition {
  lastId: number;
  completionId?: string;
  done: boolean;
}

/** The JSON values of a server-sent events body, up to `data: [DONE]`; `at` follows the ids of the events read. */
export async function* sseData(body: ReadableStream<Uint8Array>, at?: StreamPosition): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let id: number | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = done ? "" : (lines.pop() ?? "");
      // A resumable stream's last event without its blank line was cut: the resume sends it again.
      if (done && buffer === "" && data.length && !at) lines.push("");
      for (const line of lines) {
        if (line === "") {
          if (!data.length) continue;
          const text = data.join("\n");
          data = [];
          if (at && id !== undefined) at.lastId = id;
          id = undefined;
          if (text === "[DONE]") {
            if (at) at.done = true;
            return;
          }
          let value: unknown;
          try {
            value = JSON.parse(text) as unknown;
          } catch {
            throw new Error(`GenUI: the stream sent an event that is not JSON: ${text.slice(0, 80)}`);
          }
          if (at && !at.completionId && isObject(value) && typeof value.id === "string") at.completionId = value.id;
          yield value;
        } else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        else if (line.startsWith("id:") && /^\d+$/.test(line.slice(3).trim())) id = Number(line.slice(3).trim());
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    void body.cancel().catch(() => undefined);
  }
}

/** A failed stream's error, from its response (OpenAI's error body, else the status). */
async function refused(source: Response): Promise<Error> {
  const text = await source.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return new Error(`GenUI: the stream failed: ${streamError(body) ?? `HTTP ${source.status}`}`);
}

/** Resumes of one answer at most. */
const MAX_RESUMES = 3;

/**
 * The content pieces of a stream source (an async iterable of chunks or an SSE `Response`). With `resume`, a
 * response whose connection drops before `[DONE]` is resumed after its last whole event (up to 3 times).
 */
export async function* contentOf(source: AsyncIterable<unknown> | Response, resume?: GenUIStreamResume): AsyncGenerator<string> {
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw await refused(source);
    if (!source.body) throw new Error("GenUI: the stream's response has no body.");
    const at: StreamPosition = { lastId: 0, done: false };
    let body: ReadableStream<Uint8Array> | null = source.body;
    for (let resumes = 0; body; resumes++) {
      try {
        for await (const event of sseData(body, resume ? at : undefined)) {
          const piece = chunkContent(event);
          if (piece !== undefined) yield piece;
        }
      } catch (e) {
        // A dropped connection (the body's read fails) is resumed; what the stream itself said (an error event, an event
        // that is not JSON: "GenUI: …") ends it.
        if (!resume || !at.completionId || messageOf(e).startsWith("GenUI")) throw e;
      }
      if (!resume || at.done || !at.completionId || resumes >= MAX_RESUMES) return;
      const again = await resume(at.completionId, at.lastId);
      if (!again.ok) throw await refused(again);
      body = again.body;
    }
    return;
  }
  for await (const chunk of source as AsyncIterable<unknown>) {
    const piece = chunkContent(chunk);
    if (piece !== undefined) yield piece;
  }
}

/**
 * A streaming evaluator on Web Workers running the GenUI sandbox (`spawn` makes one; a worker whose code overruns its
 * deadline is terminated and replaced); a worker that fails to load fails every push.
 */
export function workerStreamEvaluator(spawn: () => Worker): GenUIStreamEvaluator {
  const client = new WorkerEvaluator(spawn, { failure: "GenUI: the UI code sandbox could not run" });
  return { session: () => client.session() };
}

const shared = new Map<string, GenUIStreamEvaluator>();

/**
 * Opt-in (`streamEvaluator={hostWorkerStreamEvaluator(apiBase)}`): evaluate in a worker of the HOST PAGE's origin,
 * the page's one for `apiBase` (started on the first stream). The worker script comes from the API (cross-origin), so
 * a same-origin blob worker loads it with importScripts; a host page with a Content Security Policy needs
 * `worker-src blob:` and `script-src <api origin> 'wasm-unsafe-eval'`. The default needs none of this: the iframe
 * evaluates in its own sandbox, and generated code never runs in the host page's origin.
 */
export function hostWorkerStreamEvaluator(apiBase: string | URL): GenUIStreamEvaluator {
  const url = new URL(EVALUATOR_WORKER_PATH, apiBase).href;
  let ev = shared.get(url);
  if (!ev) {
    const blob = new Blob([`importScripts(${JSON.stringify(url)});`], { type: "text/javascript" });
    const script = URL.createObjectURL(blob);
    ev = workerStreamEvaluator(() => new Worker(script));
    shared.set(url, ev);
  }
  return ev;
}

export interface StreamRunCallbacks {
  /** Draw this screen (a prefix's screen, or the final json). */
  show(screen: Screen): void;
  /** Report an error that ends the run (shown in debug mode). */
  error(message: string): void;
  /** Report an error the run goes on after (shown in debug mode until the next screen), e.g. code stopped at its limit. */
  warn?(message: string): void;
  /** The answer is complete. */
  complete?(answer: GenUIStreamAnswer): void;
  evaluator(): GenUIStreamEvaluator;
  /** Resumes a response stream whose connection dropped (absent: the drop ends it incomplete). */
  resume?: GenUIStreamResume;
}

/**
 * One streamed answer being drawn (`StreamedScreen` from the UI runtime, with the embed's policy): every prefix's
 * screen and then the final json are shown; text off the layout, an answer without a screen, or a sandbox that
 * fails ends the run with an error.
 */
export class StreamRun {
  private readonly screen: StreamedScreen;
  private failed = false;
  private warned = false;

  constructor(private readonly cb: StreamRunCallbacks) {
    this.screen = new StreamedScreen(
      {
        prefix: (screen) => this.cb.show(screen),
        complete: (state) => {
          if (!state.json) return this.report(new Error("the answer has no screen (its json is null)"));
          this.cb.show(state.json);
          const answer: GenUIStreamAnswer = { code: state.code, json: state.json };
          if (state.repairedCode !== undefined) answer.repaired_code = state.repairedCode;
          this.cb.complete?.(answer);
        },
        sandboxFailed: (e) => this.report(e),
      },
      () => this.watched(this.cb.evaluator().session()),
    );
  }

  /**
   * The session, telling once when the sandbox stopped the answer's code at its time limit: the rest of the answer
   * draws nothing more from the code (the final json still comes), and a developer should know why.
   */
  private watched(session: EvaluatorSession): EvaluatorSession {
    return {
      push: async (prefix) => {
        const answer = await session.push(prefix);
        const { result } = answer;
        if (!result.ok && result.error.kind === "timeout" && !this.warned) {
          this.warned = true;
          this.cb.warn?.(`GenUI: streaming stopped evaluating the UI code: ${result.error.message}.`);
        }
        return answer;
      },
      close: () => session.close(),
    };
  }

  /** The content text so far. */
  get text(): string {
    return this.screen.text;
  }

  get done(): boolean {
    return this.screen.done || this.failed;
  }

  push(piece: string): void {
    if (this.done) return;
    try {
      this.screen.push(piece);
    } catch (e) {
      this.fail(e);
    }
  }

  /** The source ended: the text must be complete by now. */
  end(): void {
    if (this.done) return;
    try {
      this.screen.end();
    } catch (e) {
      this.fail(e);
    }
  }

  fail(e: unknown): void {
    if (!this.done) this.report(e);
  }

  private report(e: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.screen.close();
    const message = messageOf(e);
    this.cb.error(message.startsWith("GenUI") ? message : `GenUI: ${message}`);
  }

  /** Stops drawing (a newer input replaced this stream) and frees the sandbox session. */
  stop(): void {
    this.screen.close();
  }

  /** Reads `source` to its end into this run. */
  async consume(source: AsyncIterable<unknown> | Response): Promise<void> {
    try {
      for await (const piece of contentOf(source, this.cb.resume)) {
        if (this.done) return;
        this.push(piece);
      }
      this.end();
    } catch (e) {
      this.fail(e);
    }
  }
}
