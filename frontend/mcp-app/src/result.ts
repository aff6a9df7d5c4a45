import type { McpUiToolResultNotification } from "@modelcontextprotocol/ext-apps";
import type { Screen } from "@genui/ui-runtime";

/** A tool result as the host delivers it (show_ui's) or a tools/call answers it (screen_action's). */
export type ToolResult = McpUiToolResultNotification["params"];

/** The app's look a result carries (`_meta["genui/appearance"]`): its brand theme (unchecked here) and version. */
export interface ResultAppearance {
  version?: number;
  theme: unknown;
}

/** The `_meta` key of the app's look on show_ui's and screen_action's results. */
export const APPEARANCE_META = "genui/appearance";

/** What show_ui and screen_action answer in `structuredContent` (the server's contract). */
export interface ScreenResult {
  screenId: string;
  version: number;
  screen: Screen;
  /** The result's text content: what the host's model was told about the screen. */
  text: string;
  summary: string;
  /** The app's look; undefined when the result says nothing of it (a server from before brand themes). */
  appearance?: ResultAppearance;
}

export type ReadResult = { ok: true; result: ScreenResult } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The shape the renderer needs to draw anything (it copes with unknown or broken components itself). */
export const isScreen = (v: unknown): v is Screen =>
  isObject(v) && typeof v.name === "string" && isObject(v.screen) && Array.isArray(v.screen.v1);

/** The text blocks of a result's content, joined. */
export function resultText(result: { content?: unknown }): string {
  if (!Array.isArray(result.content)) return "";
  return result.content
    .filter((c): c is { type: "text"; text: string } => isObject(c) && c.type === "text" && typeof c.text === "string")
    .map((c) => c.text.trim())
    .filter(Boolean)
    .join("\n");
}

/** The app's look from a result's `_meta`, if it carries one. */
export function resultAppearance(result: { _meta?: unknown }): ResultAppearance | undefined {
  const meta = isObject(result._meta) ? result._meta[APPEARANCE_META] : undefined;
  if (!isObject(meta)) return undefined;
  return { theme: meta.theme ?? null, ...(typeof meta.version === "number" ? { version: meta.version } : {}) };
}

/** A result's screen, or why there is none (the server's error text for an `isError` result). */
export function readResult(result: ToolResult): ReadResult {
  const text = resultText(result);
  if (result.isError) return { ok: false, reason: text || "The screen could not be made (no reason was given)." };
  const sc = result.structuredContent;
  if (!isObject(sc) || !isScreen(sc.json)) return { ok: false, reason: "The answer carried no screen to show." };
  if (typeof sc.screen_id !== "string" || !sc.screen_id || typeof sc.version !== "number")
    return { ok: false, reason: "The answer carried a screen without its id." };
  const summary = typeof sc.summary === "string" ? sc.summary : "";
  const appearance = resultAppearance(result);
  return {
    ok: true,
    result: {
      screenId: sc.screen_id,
      version: sc.version,
      screen: sc.json,
      text: text || summary,
      summary,
      ...(appearance ? { appearance } : {}),
    },
  };
}
