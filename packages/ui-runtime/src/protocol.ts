import type { EvalError } from "./dsl/evaluator";
import type { ActionEvent, Screen } from "./schema";
import type { AppTheme } from "./theme";

/**
 * The postMessage protocol between a host page and the static iframe page (`/apps/api/v1/iframe/static/`).
 *
 * The host loads the iframe with `?origin=<host origin>` (and optionally `&theme=light|dark|auto`); the iframe
 * accepts messages only from its parent window with exactly that origin, and posts only to that origin. The iframe
 * element is sandboxed with `allow-scripts` only (no same-origin access to anything).
 *
 * Host → iframe:
 *   { type: "RENDER", json: Screen, theme?: "light" | "dark" | "auto" }   draw this screen (replaces the last)
 *   { type: "THEME", theme }                                              switch theme
 *   { type: "BRAND", theme, override? }                                   the app's brand theme (AppTheme, or null for
 *                                                                         GenUI's look) and the page's per-embed
 *                                                                         override merged over it; the iframe checks
 *                                                                         both (WCAG AA) and applies what passes: an
 *                                                                         override that fails is not applied and is
 *                                                                         answered with ERROR (its field `errors`)
 *   { type: "EVALUATE", stream, id, code }                                streaming mode: evaluate `code`, the latest
 *                                                                         prefix of streamed answer `stream`, in the
 *                                                                         iframe's own sandbox worker and draw its
 *                                                                         screen (one session per answer; a new
 *                                                                         `stream` number frees the last one)
 *   { type: "END_STREAM", stream }                                        free that answer's sandbox session
 * Iframe → host:
 *   { type: "READY" }                                                     listening (send RENDER after this)
 *   { type: "RESIZE_LISTENER", height, width }                           content size in CSS pixels (damped)
 *   { type: "ACTION_LISTENER", action: string }                          SPEC: type and component as a JSON string,
 *                                                                         i.e. JSON.stringify({ type, component: { name, value } })
 *   { type: "ERROR", message, errors? }                                   the screen could not be drawn, or a brand
 *                                                                         theme was refused (`errors`: field messages,
 *                                                                         e.g. { "brand.light.primary": ["…"] })
 *   { type: "EVALUATED", stream, id, screen?, error?, ms }                what EVALUATE `id` gave: the screen it drew,
 *                                                                         or why nothing was drawn (a prefix cut
 *                                                                         mid-statement, code stopped at its time
 *                                                                         limit, a sandbox that could not start:
 *                                                                         `error.kind` "unavailable")
 *
 * Generated UI code therefore never runs in the host page's origin: the iframe's document has an opaque origin
 * (its `sandbox` attribute, and the `sandbox` directive of its own policy) and evaluates in a worker of its own.
 */

export const IFRAME_PATH = "/apps/api/v1/iframe/static/";
export const MESSAGE_SOURCE = "genui";

export type HostMessage =
  | { source: typeof MESSAGE_SOURCE; type: "RENDER"; json: Screen; theme?: "light" | "dark" | "auto" }
  | { source: typeof MESSAGE_SOURCE; type: "THEME"; theme: "light" | "dark" | "auto" }
  | { source: typeof MESSAGE_SOURCE; type: "BRAND"; theme: AppTheme | null; override?: AppTheme | null }
  | { source: typeof MESSAGE_SOURCE; type: "EVALUATE"; stream: number; id: number; code: string }
  | { source: typeof MESSAGE_SOURCE; type: "END_STREAM"; stream: number };

/** Why an EVALUATE drew nothing: the sandbox's error, or "unavailable" when the iframe's sandbox cannot run. */
export type FrameEvalError = EvalError | { kind: "unavailable"; message: string };

export type FrameMessage =
  | { source: typeof MESSAGE_SOURCE; type: "READY" }
  | { source: typeof MESSAGE_SOURCE; type: "RESIZE_LISTENER"; height: number; width: number }
  | { source: typeof MESSAGE_SOURCE; type: "ACTION_LISTENER"; action: string }
  | { source: typeof MESSAGE_SOURCE; type: "ERROR"; message: string; errors?: Record<string, string[]> }
  | {
      source: typeof MESSAGE_SOURCE;
      type: "EVALUATED";
      stream: number;
      id: number;
      screen?: Screen;
      error?: FrameEvalError;
      ms: number;
    };

const HOST_TYPES = new Set(["RENDER", "THEME", "BRAND", "EVALUATE", "END_STREAM"]);

export const isFrameMessage = (d: unknown): d is FrameMessage =>
  !!d &&
  typeof d === "object" &&
  (d as { source?: unknown }).source === MESSAGE_SOURCE &&
  typeof (d as { type?: unknown }).type === "string";

export const isHostMessage = (d: unknown): d is HostMessage => isFrameMessage(d) && HOST_TYPES.has((d as { type: string }).type);

/** The action carried by an ACTION_LISTENER message, or undefined when it is not a well-formed one. */
export function parseAction(action: string): ActionEvent | undefined {
  try {
    const a = JSON.parse(action) as ActionEvent;
    return a && typeof a.type === "string" && a.component && typeof a.component.name === "string" ? a : undefined;
  } catch {
    return undefined;
  }
}

/** What a page is told when a brand theme is refused: each field with its messages, in one line per field. */
export function brandErrorMessage(errors: Record<string, readonly string[]>, what = "the brand theme"): string {
  const lines = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(" ")}`);
  return [`GenUI: ${what} was not applied.`, ...lines].join("\n");
}

/** The iframe URL for a host at `hostOrigin`, served by the API at `apiBase`. */
export function iframeUrl(apiBase: string, hostOrigin: string, theme?: "light" | "dark" | "auto"): string {
  const u = new URL(IFRAME_PATH, apiBase);
  u.searchParams.set("origin", hostOrigin);
  if (theme) u.searchParams.set("theme", theme);
  return u.toString();
}
