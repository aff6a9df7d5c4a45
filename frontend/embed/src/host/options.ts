/**
 * What `createGenUIFrame` takes and gives: the input to draw, the settings, the callbacks into the host page, and
 * the frame's handle.
 */
import type { ActionEvent, AppTheme, Screen } from "@genui/ui-runtime";
import type { GenUIStream, GenUIStreamAnswer, GenUIStreamEvaluator, GenUIStreamResume } from "../stream";

export type GenUITheme = "light" | "dark" | "auto";

/**
 * What to draw: a screen (`json`, an object or its JSON text), or `code` and/or `prompt` to retrieve one, or
 * `completionId` to draw a stored completion's screen.
 */
export interface GenUIInput {
  json?: Screen | string | null;
  code?: string | null;
  prompt?: string | null;
  /**
   * A stored completion of the app (`chatcmpl-…`, created with `store: true`): its screen (the `json` of
   * `choices[0].message.content`), read with `apiKey` — the publishable key may read it from the app's own origin.
   * Alone: not with json, code or prompt.
   */
  completionId?: string | null;
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
  /**
   * A per-embed override of the app's brand theme (AppTheme: colours for light and dark, radius, density, fonts),
   * merged over the theme the app has (`GET /apps/api/v1/appearance` with `apiKey`). One that fails the checks (WCAG
   * AA contrast) is not applied: `onError` gets its field messages.
   */
  brand?: AppTheme | null;
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
  /**
   * Streaming mode, a `Response` source: resumes it after a dropped connection (`GET …/chat/completions/{id}
   * ?stream=true&starting_after=<after>` through your server, which holds the key). The request should have asked
   * for `stream_options: { resumable: true }` so the answer waits for the resume.
   */
  resumeStream?: GenUIStreamResume;
}

export interface GenUIFrame {
  /**
   * Draw `json`, or retrieve a screen for `code` / `prompt` (debounced by 1 s), or read a stored completion's
   * (`completionId`, at once). Unchanged input is a no-op.
   */
  update(input: GenUIInput): void;
  /**
   * Streaming mode: draw a streamed answer as it grows (see `GenUIStream`). A new source replaces the current one
   * (and any json / code / prompt); the same source again, or a string that only grew, continues it; `undefined`
   * stops following it (the last screen stays). `update` with new input stops it too.
   */
  stream(source: GenUIStream | null | undefined): void;
  setTheme(theme: GenUITheme | undefined): void;
  /** Replaces the per-embed brand override (`undefined` / `null`: the app's theme alone). */
  setBrand(brand: AppTheme | null | undefined): void;
  /** Change the API key, size or debug mode; a changed API key retrieves the current code / prompt again. */
  configure(settings: GenUIFrameSettings): void;
  /** Remove the iframe and the error band, stop listening and cancel any pending retrieve. Idempotent. */
  destroy(): void;
  readonly iframe: HTMLIFrameElement;
}

/** The live settings of one frame (`configure` changes them in place; the parts read them when they need them). */
export type FrameSettings = Required<Pick<GenUIFrameSettings, "debug">> & GenUIFrameSettings;

export const DEFAULT_API_BASE = "https://genui.dev";
