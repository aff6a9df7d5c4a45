/**
 * The retrieve endpoint: a screen for `code` / `prompt`, asked 1 s after the last change; and a stored completion's
 * screen (`completionId`: `GET /chat/completions/{id}`, which the app's publishable key may read from the app's own
 * origin), asked at once. Only the answer to the current input counts: a newer input (or the frame's end) supersedes
 * the pending request.
 */
import type { Screen } from "@genui/ui-runtime";
import { isObject, messageOf, nonEmpty } from "./values";

/** SPEC: "Embed fetch is debounced by 1 s". */
export const RETRIEVE_DEBOUNCE_MS = 1000;
export const RETRIEVE_PATH = "/apps/api/v1/retrieve/";
/** A stored completion: this and its id. */
export const STORED_COMPLETION_PATH = "/apps/api/v1/chat/completions/";
/** A completion id as the API answers it. */
export const COMPLETION_ID = /^chatcmpl-[0-9a-f]{32}$/;

export type Retrieved = { ok: true; screen: Screen } | { ok: false; message: string };

export type RetrieveBody = { code?: string; prompt?: string };

/** The error text of a failed retrieve: `error` (a string or `{ message }`), else `detail`, else the status. */
export function retrieveErrorMessage(body: unknown, status: number): string {
  if (isObject(body)) {
    const { error, detail, message } = body;
    if (nonEmpty(error)) return error;
    if (isObject(error) && nonEmpty(error.message)) return error.message;
    if (nonEmpty(detail)) return detail;
    if (Array.isArray(detail)) {
      const parts = detail.map((d) => (isObject(d) && nonEmpty(d.msg) ? d.msg : nonEmpty(d) ? d : "")).filter(Boolean);
      if (parts.length) return parts.join("; ");
    }
    if (isObject(detail) && nonEmpty(detail.message)) return detail.message;
    if (nonEmpty(message)) return message;
  }
  return `GenUI: the screen could not be retrieved (HTTP ${status}).`;
}

/** A screen from `json` (an object, or JSON text), or the reason it is not one. */
export function toScreen(json: unknown): Retrieved {
  let value = json;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (e) {
      return { ok: false, message: `GenUI: json is not valid JSON (${messageOf(e)}).` };
    }
  }
  // The iframe validates the screen itself and answers ERROR; here only the shape of the envelope is checked.
  return isObject(value) ? { ok: true, screen: value as Screen } : { ok: false, message: "GenUI: json is not a screen object." };
}

/** An answer's body: its JSON, or undefined when it has none. */
async function answerOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** How a request of the retriever is made: with the page's fetch, the API and the key, until `signal` aborts it. */
type Ask = (doFetch: typeof fetch, api: URL, apiKey: string | undefined, signal: AbortSignal) => Promise<Retrieved>;

/** One retrieve request and what its answer means; a request that cannot be made or read throws. */
const requestScreen =
  (body: RetrieveBody): Ask =>
  async (doFetch, api, apiKey, signal) => {
    const res = await doFetch(new URL(RETRIEVE_PATH, api).href, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${apiKey ?? ""}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify(body),
      credentials: "omit",
      signal,
    });
    return screenAnswer(res, await answerOf(res));
  };

/**
 * A stored completion's screen: the `json` of its answer's content (`choices[0].message.content`, the JSON text
 * `{"code", "json"}`); a request that cannot be made or read throws.
 */
const requestStoredScreen =
  (completionId: string): Ask =>
  async (doFetch, api, apiKey, signal) => {
    const res = await doFetch(new URL(STORED_COMPLETION_PATH + encodeURIComponent(completionId), api).href, {
      method: "GET",
      headers: { Authorization: `Bearer ${apiKey ?? ""}`, Accept: "application/json" },
      credentials: "omit",
      signal,
    });
    const parsed = await answerOf(res);
    if (!res.ok) return { ok: false, message: retrieveErrorMessage(parsed, res.status) };
    const choice = isObject(parsed) && Array.isArray(parsed.choices) ? (parsed.choices[0] as unknown) : undefined;
    const content = isObject(choice) && isObject(choice.message) ? choice.message.content : undefined;
    let answer: unknown;
    try {
      answer = typeof content === "string" ? JSON.parse(content) : undefined;
    } catch {
      answer = undefined;
    }
    if (isObject(answer) && answer.json !== undefined && answer.json !== null) return toScreen(answer.json);
    return { ok: false, message: `GenUI: the stored completion ${completionId} carries no screen json.` };
  };

/** What a retrieve answered: its screen, or why there is none. */
function screenAnswer(res: Response, parsed: unknown): Retrieved {
  if (!res.ok) return { ok: false, message: retrieveErrorMessage(parsed, res.status) };
  if (isObject(parsed) && parsed.json !== undefined && parsed.json !== null) return toScreen(parsed.json);
  if (isObject(parsed) && (parsed.error !== undefined || parsed.detail !== undefined))
    return { ok: false, message: retrieveErrorMessage(parsed, res.status) };
  return { ok: false, message: "GenUI: the retrieve response carries no screen json." };
}

export interface RetrieverOptions {
  /** The page's fetch (`GenUIFrameOptions.fetch`) at the time of the request, if it gave one. */
  fetch(): typeof fetch | undefined;
  api: URL | undefined;
  setupError: string | undefined;
  /** The API key at the time of the request. */
  apiKey(): string | undefined;
  isDestroyed(): boolean;
  /** The answer to the current input. */
  answered(result: Retrieved): void;
}

export interface Retriever {
  /** Bumped by every new input: a retrieve answers only if its generation is still the current one. */
  readonly generation: number;
  /** A new input (or the frame's end): the pending request, and the answer to any request made, no longer count. */
  supersede(): void;
  /** Retrieves a screen for `body` after the debounce (for the current generation). */
  schedule(body: RetrieveBody): void;
  /** Reads a stored completion's screen at once (for the current generation). */
  stored(completionId: string): void;
}

export function createRetriever(opts: RetrieverOptions): Retriever {
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;

  async function retrieve(gen: number, ask: Ask): Promise<void> {
    const controller = new AbortController();
    inflight = controller;
    const { api, setupError } = opts;
    let result: Retrieved;
    try {
      const doFetch = opts.fetch() ?? globalThis.fetch?.bind(globalThis);
      if (!doFetch || !api) throw new Error(setupError ?? "fetch is not available in this browser");
      result = await ask(doFetch, api, opts.apiKey(), controller.signal);
    } catch (e) {
      if (gen !== generation || controller.signal.aborted) return;
      result = { ok: false, message: `GenUI: the screen could not be retrieved (${messageOf(e)}).` };
    } finally {
      if (inflight === controller) inflight = undefined;
    }
    // A newer input superseded this request (or the frame is gone): drop the out-of-order answer.
    if (gen !== generation || opts.isDestroyed()) return;
    opts.answered(result);
  }

  return {
    get generation() {
      return generation;
    },
    supersede() {
      generation++;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      inflight?.abort();
      inflight = undefined;
    },
    schedule(body) {
      const gen = generation;
      timer = setTimeout(() => {
        timer = undefined;
        void retrieve(gen, requestScreen(body));
      }, RETRIEVE_DEBOUNCE_MS);
    },
    stored(completionId) {
      void retrieve(generation, requestStoredScreen(completionId));
    },
  };
}
