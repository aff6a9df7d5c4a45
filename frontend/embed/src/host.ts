/**
 * The framework-agnostic host controller: it puts the sandboxed GenUI iframe into a host page's container, speaks
 * the postMessage protocol of `@genui/ui-runtime` (READY, RENDER, THEME, RESIZE_LISTENER, ACTION_LISTENER, ERROR)
 * and fetches screens for `code` / `prompt` from the API. In streaming mode it sends the iframe the code prefixes
 * (EVALUATE), which the iframe evaluates in its own sandbox worker and draws. Both the React component (GenUI.tsx)
 * and the custom element (loader.ts) are thin wrappers around it.
 *
 * Nothing here throws into the host page: every failure becomes `onError(message)` and, for the errors a developer
 * has to see, an error band (`<div role="alert" class="genui-error">`) above the iframe.
 */
import { MESSAGE_SOURCE, iframeUrl, isFrameMessage, parseAction } from "@genui/ui-runtime/protocol";
import type { ActionEvent, FrameMessage, HostMessage, Screen } from "@genui/ui-runtime";
import type { EvalResult, EvaluatorSession } from "@genui/ui-runtime/stream";
import { StreamRun, type GenUIStream, type GenUIStreamAnswer, type GenUIStreamEvaluator } from "./stream";

export type { ActionEvent, Screen } from "@genui/ui-runtime";

export type GenUITheme = "light" | "dark" | "auto";

/** What to draw: a screen (`json`, an object or its JSON text), or `code` and/or `prompt` to retrieve one. */
export interface GenUIInput {
  json?: Screen | string | null;
  code?: string | null;
  prompt?: string | null;
}

/** The settings that may change without re-creating the iframe (see `GenUIFrame.configure`). */
export interface GenUIFrameSettings {
  apiKey?: string;
  /** CSS width of the iframe; a number means pixels. Default "640px". */
  width?: string | number;
  /** CSS height of the iframe; a number means pixels. Default "auto": the last RESIZE_LISTENER height. */
  height?: string | number;
  /** Show retrieve and render errors in the error band. Configuration errors are always shown. Default false. */
  debug?: boolean;
}

export interface GenUIFrameOptions extends GenUIFrameSettings {
  /** The API origin serving the iframe page and the retrieve endpoint, e.g. "https://genui.dev". */
  apiBase: string;
  /**
   * The origin serving the iframe page when it is not `apiBase` (the platform's CONTENT_ORIGIN). Optional: the API
   * redirects the iframe there itself; naming it saves that redirect.
   */
  contentBase?: string;
  theme?: GenUITheme;
  onAction?: (event: ActionEvent) => void;
  onError?: (message: string) => void;
  fetch?: typeof fetch;
  /** Style the error band with inline styles (default true). The custom element styles it from its shadow root. */
  inlineStyles?: boolean;
  /** Streaming mode: receives the finished answer (`{ code, repaired_code?, json }`) when a stream completes. */
  onStreamComplete?: (answer: GenUIStreamAnswer) => void;
  /**
   * Streaming mode: evaluates the code prefixes elsewhere. Default: the iframe's own sandbox (generated code never
   * runs in the host page's origin).
   */
  streamEvaluator?: GenUIStreamEvaluator;
}

export interface GenUIFrame {
  /** Draw `json`, or retrieve a screen for `code` / `prompt` (debounced by 1 s). Unchanged input is a no-op. */
  update(input: GenUIInput): void;
  /**
   * Streaming mode: draw a streamed answer as it grows (see `GenUIStream`). A new source replaces the current one
   * (and any json / code / prompt); the same source again, or a string that only grew, continues it; `undefined`
   * stops following it (the last screen stays). `update` with new input stops it too.
   */
  stream(source: GenUIStream | null | undefined): void;
  setTheme(theme: GenUITheme | undefined): void;
  /** Change the API key, size or debug mode; a changed API key retrieves the current code / prompt again. */
  configure(settings: GenUIFrameSettings): void;
  /** Remove the iframe and the error band, stop listening and cancel any pending retrieve. Idempotent. */
  destroy(): void;
  readonly iframe: HTMLIFrameElement;
}

export const DEFAULT_API_BASE = "https://genui.dev";
export const DEFAULT_WIDTH = "640px";
export const DEFAULT_HEIGHT = "auto";
/** SPEC: "Embed fetch is debounced by 1 s". */
export const RETRIEVE_DEBOUNCE_MS = 1000;
export const RETRIEVE_PATH = "/apps/api/v1/retrieve/";

export const ERROR_JSON_AND_CODE = "GenUI: use json or code, not both.";
export const ERROR_MISSING_API_KEY = "GenUI: an apiKey is needed when using code or prompt.";

const MAX_HEIGHT_PX = 100_000;
const ERROR_BAND_STYLE =
  "box-sizing:border-box;margin:0 0 8px;padding:8px 12px;border:1px solid #fca5a5;border-radius:6px;" +
  "background:#fef2f2;color:#991b1b;font:13px/1.4 system-ui,-apple-system,sans-serif;white-space:pre-wrap;max-width:100%";

type Retrieved = { ok: true; screen: Screen } | { ok: false; message: string };

const cssSize = (v: string | number | undefined, fallback: string): string =>
  typeof v === "number" && Number.isFinite(v) ? `${v}px` : typeof v === "string" && v.trim() !== "" ? v.trim() : fallback;

const nonEmpty = (s: unknown): s is string => typeof s === "string" && s.trim() !== "";

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

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
function toScreen(json: unknown): Retrieved {
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

export function createGenUIFrame(container: HTMLElement, opts: GenUIFrameOptions): GenUIFrame {
  const settings: Required<Pick<GenUIFrameSettings, "debug">> & GenUIFrameSettings = {
    apiKey: opts.apiKey,
    width: opts.width,
    height: opts.height,
    debug: !!opts.debug,
  };
  let theme = opts.theme;
  const inlineStyles = opts.inlineStyles !== false;

  let api: URL | undefined;
  let setupError: string | undefined;
  try {
    api = new URL(opts.apiBase, location.href);
    if (api.protocol !== "https:" && api.protocol !== "http:") throw new Error(`unsupported protocol ${api.protocol}`);
  } catch (e) {
    api = undefined;
    setupError = `GenUI: apiBase "${opts.apiBase}" is not a valid http(s) URL (${messageOf(e)}).`;
  }

  let content: URL | undefined = api;
  if (api && opts.contentBase) {
    try {
      content = new URL(opts.contentBase, location.href);
      if (content.protocol !== "https:" && content.protocol !== "http:")
        throw new Error(`unsupported protocol ${content.protocol}`);
    } catch (e) {
      content = undefined;
      setupError = `GenUI: contentBase "${opts.contentBase}" is not a valid http(s) URL (${messageOf(e)}).`;
    }
  }

  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.setAttribute("referrerpolicy", "no-referrer");
  iframe.setAttribute("title", "Generated UI");
  iframe.setAttribute("loading", "lazy");
  iframe.style.border = "0";
  iframe.style.display = "block";
  iframe.style.maxWidth = "100%";
  const urlTheme = theme;
  if (content) iframe.src = iframeUrl(content.href, location.origin, urlTheme);

  const band = document.createElement("div");
  band.setAttribute("role", "alert");
  band.className = "genui-error";
  if (inlineStyles) band.style.cssText = ERROR_BAND_STYLE;
  band.hidden = true;

  let destroyed = false;
  let ready = false;
  /** The screen on display (or to display once READY); re-sent on every READY, e.g. after the iframe reloads. */
  let screen: Screen | undefined;
  let lastHeight: number | undefined;
  let bandMessage: string | undefined;
  let bandAlways = false;
  let input: GenUIInput = {};
  let inputKey: string | undefined;
  /** Bumped by every new input: a retrieve answers only if its generation is still the current one. */
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;
  let streaming: { source: GenUIStream; run: StreamRun } | undefined;
  /** Streaming mode's EVALUATE requests the iframe has not answered yet (sent again after a READY). */
  const evaluating = new Map<
    number,
    { message: HostMessage; resolve: (r: { result: EvalResult; ms: number }) => void; reject: (e: Error) => void }
  >();
  /** Screens the iframe drew itself (an EVALUATE's): the host keeps them as the current screen without a RENDER. */
  const drawnByFrame = new WeakSet<Screen>();
  let nextStream = 1;
  let nextEvaluation = 1;

  const report = (message: string, always: boolean): void => {
    if (destroyed) return;
    bandMessage = message;
    bandAlways = always;
    renderBand();
    try {
      opts.onError?.(message);
    } catch (e) {
      console.error("GenUI: onError threw", e);
    }
  };

  const clearError = (): void => {
    bandMessage = undefined;
    bandAlways = false;
    renderBand();
  };

  function renderBand(): void {
    const show = bandMessage !== undefined && (bandAlways || settings.debug);
    band.textContent = show ? (bandMessage ?? "") : "";
    band.hidden = !show;
  }

  function applySize(): void {
    iframe.style.width = cssSize(settings.width, DEFAULT_WIDTH);
    const height = cssSize(settings.height, DEFAULT_HEIGHT);
    if (height !== "auto") iframe.style.height = height;
    else if (lastHeight !== undefined) iframe.style.height = `${lastHeight}px`;
    // Until the first RESIZE_LISTENER an auto-height iframe keeps the browser's default height (150px): a
    // zero-height lazy iframe could be treated as hidden or never intersect the viewport.
    else iframe.style.removeProperty("height");
  }

  /**
   * Posts to the iframe with targetOrigin "*": the iframe is sandboxed without allow-same-origin, so its origin is
   * opaque and no concrete targetOrigin could ever match it. This does not widen who receives the message: it goes
   * only to this iframe's own window, and the iframe page itself checks that messages come from its parent with the
   * origin given in its `?origin=` parameter. The messages carry only the screen and theme the host gives us.
   */
  function post(message: HostMessage): void {
    if (destroyed || !ready) return;
    try {
      iframe.contentWindow?.postMessage(message, "*");
    } catch (e) {
      report(`GenUI: could not reach the iframe (${messageOf(e)}).`, false);
    }
  }

  /** Sends the current screen; before READY this does nothing and READY sends it. */
  function sendScreen(): void {
    if (!screen) return;
    post(
      theme
        ? { source: MESSAGE_SOURCE, type: "RENDER", json: screen, theme }
        : { source: MESSAGE_SOURCE, type: "RENDER", json: screen },
    );
  }

  function show(next: Screen): void {
    screen = next;
    clearError();
    if (!drawnByFrame.has(next)) sendScreen();
  }

  /**
   * Streaming mode's default evaluator: the iframe's own sandbox. Each answer is a `stream` of the iframe; a push
   * sends the prefix (EVALUATE) and answers what the iframe's EVALUATED says: the screen it drew, or why none.
   */
  const frameEvaluator: GenUIStreamEvaluator = {
    session(): EvaluatorSession {
      const stream = nextStream++;
      let closed = false;
      return {
        push: (code) =>
          new Promise((resolve, reject) => {
            const id = nextEvaluation++;
            const message: HostMessage = { source: MESSAGE_SOURCE, type: "EVALUATE", stream, id, code };
            evaluating.set(id, { message, resolve, reject });
            post(message);
          }),
        close: () => {
          if (closed) return;
          closed = true;
          post({ source: MESSAGE_SOURCE, type: "END_STREAM", stream });
        },
      };
    },
  };

  function evaluated(data: Extract<FrameMessage, { type: "EVALUATED" }>): void {
    const waiting = evaluating.get(data.id);
    if (!waiting) return;
    evaluating.delete(data.id);
    const ms = Number.isFinite(data.ms) ? data.ms : 0;
    if (isObject(data.screen)) {
      drawnByFrame.add(data.screen);
      return waiting.resolve({ result: { ok: true, screen: data.screen, issues: [], repairs: [] }, ms });
    }
    const error = isObject(data.error) ? data.error : { kind: "invalid", message: "no screen" };
    const message = typeof error.message === "string" ? error.message : "no screen";
    // A sandbox that cannot run in the iframe fails the stream (onError says why), as a worker that cannot load did.
    if (error.kind === "unavailable") return waiting.reject(new Error(`GenUI: ${message.replace(/\.$/, "")}.`));
    const kind =
      (["syntax", "runtime", "timeout", "memory", "stack", "invalid"] as const).find((k) => k === error.kind) ?? "invalid";
    waiting.resolve({ result: { ok: false, error: { kind, message } }, ms });
  }

  function cancelRetrieve(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    inflight?.abort();
    inflight = undefined;
  }

  async function retrieve(gen: number, body: { code?: string; prompt?: string }): Promise<void> {
    const controller = new AbortController();
    inflight = controller;
    let result: Retrieved;
    try {
      const doFetch = opts.fetch ?? globalThis.fetch?.bind(globalThis);
      if (!doFetch || !api) throw new Error(setupError ?? "fetch is not available in this browser");
      const res = await doFetch(new URL(RETRIEVE_PATH, api).href, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${settings.apiKey ?? ""}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify(body),
        credentials: "omit",
        signal: controller.signal,
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!res.ok) result = { ok: false, message: retrieveErrorMessage(parsed, res.status) };
      else if (isObject(parsed) && parsed.json !== undefined && parsed.json !== null) result = toScreen(parsed.json);
      else if (isObject(parsed) && (parsed.error !== undefined || parsed.detail !== undefined))
        result = { ok: false, message: retrieveErrorMessage(parsed, res.status) };
      else result = { ok: false, message: "GenUI: the retrieve response carries no screen json." };
    } catch (e) {
      if (gen !== generation || controller.signal.aborted) return;
      result = { ok: false, message: `GenUI: the screen could not be retrieved (${messageOf(e)}).` };
    } finally {
      if (inflight === controller) inflight = undefined;
    }
    // A newer input superseded this request (or the frame is gone): drop the out-of-order answer.
    if (gen !== generation || destroyed) return;
    if (result.ok) show(result.screen);
    else report(result.message, false);
  }

  function stopStream(): void {
    streaming?.run.stop();
    streaming = undefined;
  }

  function startStream(source: GenUIStream): void {
    generation++;
    cancelRetrieve();
    stopStream();
    if (setupError) return report(setupError, true);
    clearError();
    const run: StreamRun = new StreamRun({
      show: (s) => {
        if (streaming?.run === run) show(s);
      },
      error: (message) => {
        if (streaming?.run === run) report(message, false);
      },
      warn: (message) => {
        if (streaming?.run === run) report(message, false);
      },
      complete: (answer) => {
        if (streaming?.run !== run) return;
        try {
          opts.onStreamComplete?.(answer);
        } catch (e) {
          console.error("GenUI: onStreamComplete threw", e);
        }
      },
      evaluator: () => opts.streamEvaluator ?? frameEvaluator,
    });
    streaming = { source, run };
    if (typeof source === "string") run.push(source);
    else void run.consume(source);
  }

  function apply(next: GenUIInput): void {
    generation++;
    cancelRetrieve();
    stopStream();
    const hasJson = next.json !== undefined && next.json !== null && next.json !== "";
    const code = nonEmpty(next.code) ? next.code : undefined;
    const prompt = nonEmpty(next.prompt) ? next.prompt : undefined;

    if (setupError) return report(setupError, true);
    if (hasJson && code !== undefined) {
      screen = undefined;
      console.error(ERROR_JSON_AND_CODE);
      return report(ERROR_JSON_AND_CODE, true);
    }
    if (hasJson) {
      if (prompt !== undefined && settings.debug) console.warn("GenUI: json is given, so prompt is ignored.");
      const result = toScreen(next.json);
      return result.ok ? show(result.screen) : report(result.message, false);
    }
    if (code === undefined && prompt === undefined) return clearError();
    if (!nonEmpty(settings.apiKey)) {
      console.error(ERROR_MISSING_API_KEY);
      return report(ERROR_MISSING_API_KEY, true);
    }
    clearError();
    const body: { code?: string; prompt?: string } = {};
    if (code !== undefined) body.code = code;
    if (prompt !== undefined) body.prompt = prompt;
    const gen = generation;
    timer = setTimeout(() => {
      timer = undefined;
      void retrieve(gen, body);
    }, RETRIEVE_DEBOUNCE_MS);
  }

  function onFrameMessage(data: FrameMessage): void {
    switch (data.type) {
      case "READY":
        ready = true;
        if (screen) sendScreen();
        else if (theme && theme !== urlTheme) post({ source: MESSAGE_SOURCE, type: "THEME", theme });
        // Prefixes sent before the iframe listened (or to a document that reloaded since) go again.
        for (const { message } of evaluating.values()) post(message);
        return;
      case "EVALUATED":
        evaluated(data);
        return;
      case "RESIZE_LISTENER": {
        const h = Number(data.height);
        if (!Number.isFinite(h) || h < 0) return;
        lastHeight = Math.min(Math.ceil(h), MAX_HEIGHT_PX);
        if (cssSize(settings.height, DEFAULT_HEIGHT) === "auto") iframe.style.height = `${lastHeight}px`;
        return;
      }
      case "ACTION_LISTENER": {
        const action = typeof data.action === "string" ? parseAction(data.action) : undefined;
        if (!action) return;
        try {
          opts.onAction?.(action);
        } catch (e) {
          console.error("GenUI: the action listener threw", e);
        }
        return;
      }
      case "ERROR":
        report(typeof data.message === "string" && data.message ? data.message : "GenUI: the screen could not be drawn.", false);
        return;
    }
  }

  const onMessage = (event: MessageEvent): void => {
    if (destroyed) return;
    try {
      // Only this iframe's window may talk to us. The iframe is sandboxed without allow-same-origin, so its messages
      // arrive with the opaque origin "null" — which any other sandboxed frame or data: URL can claim too. "null" is
      // therefore accepted only together with the source check: `event.source` is the sending window itself and
      // cannot be forged, so it pins the message to our iframe. The iframe's own origin (the API's, or contentBase)
      // is accepted as well (same source check) in case the iframe page is ever served without its sandbox.
      if (!event.source || event.source !== iframe.contentWindow) return;
      if (event.origin !== "null" && (!content || event.origin !== content.origin)) return;
      if (!isFrameMessage(event.data)) return;
      onFrameMessage(event.data);
    } catch (e) {
      console.error("GenUI: could not handle a message from the iframe", e);
    }
  };

  window.addEventListener("message", onMessage);
  applySize();
  container.appendChild(band);
  container.appendChild(iframe);
  if (setupError) report(setupError, true);

  return {
    iframe,
    update(next: GenUIInput): void {
      if (destroyed) return;
      try {
        let key: string;
        try {
          key = JSON.stringify([next.json ?? null, next.code ?? null, next.prompt ?? null]);
        } catch {
          key = `unserialisable:${generation + 1}`;
        }
        if (key === inputKey) return;
        inputKey = key;
        input = { json: next.json, code: next.code, prompt: next.prompt };
        apply(input);
      } catch (e) {
        report(`GenUI: ${messageOf(e)}`, false);
      }
    },
    stream(source: GenUIStream | null | undefined): void {
      if (destroyed) return;
      try {
        if (source === undefined || source === null) return stopStream();
        const current = streaming;
        if (current && current.source === source) return;
        if (current && typeof source === "string" && typeof current.source === "string") {
          const known = current.run.text;
          if (source.startsWith(known)) {
            current.source = source;
            // The accumulated text only grew: feed the new part to the same answer.
            if (source.length > known.length) current.run.push(source.slice(known.length));
            return;
          }
        }
        // The json / code / prompt input no longer applies; an update with it later starts over.
        inputKey = undefined;
        startStream(source);
      } catch (e) {
        report(`GenUI: ${messageOf(e)}`, false);
      }
    },
    setTheme(next: GenUITheme | undefined): void {
      if (destroyed || next === theme) return;
      theme = next;
      if (next) post({ source: MESSAGE_SOURCE, type: "THEME", theme: next });
    },
    configure(next: GenUIFrameSettings): void {
      if (destroyed) return;
      try {
        const keyChanged = (next.apiKey ?? undefined) !== (settings.apiKey ?? undefined);
        settings.apiKey = next.apiKey;
        settings.width = next.width;
        settings.height = next.height;
        settings.debug = !!next.debug;
        applySize();
        renderBand();
        const usesKey = input.json == null || input.json === "";
        if (keyChanged && usesKey && (nonEmpty(input.code) || nonEmpty(input.prompt))) apply(input);
      } catch (e) {
        report(`GenUI: ${messageOf(e)}`, false);
      }
    },
    destroy(): void {
      if (destroyed) return;
      destroyed = true;
      generation++;
      cancelRetrieve();
      stopStream();
      for (const { resolve } of evaluating.values())
        resolve({ result: { ok: false, error: { kind: "invalid", message: "closed" } }, ms: 0 });
      evaluating.clear();
      window.removeEventListener("message", onMessage);
      band.remove();
      iframe.remove();
    },
  };
}
