/**
 * The frame's input: json / code / prompt (`update`) or a stream (`stream`). Each new input supersedes what the
 * previous one started (a pending retrieve, a stream run) and is drawn, retrieved, or reported.
 */
import type { Screen } from "@genui/ui-runtime";
import type { GenUIStream } from "../stream";
import type { ErrorBand } from "./error-band";
import type { FrameScreen } from "./frame-screen";
import type { FrameSettings, GenUIInput } from "./options";
import { toScreen, type RetrieveBody, type Retriever } from "./retrieve";
import type { StreamFeed } from "./stream-feed";
import { nonEmpty } from "./values";

export const ERROR_JSON_AND_CODE = "GenUI: use json or code, not both.";
export const ERROR_MISSING_API_KEY = "GenUI: an apiKey is needed when using code or prompt.";

/** What an input asks for. */
export type InputPlan =
  | { kind: "error"; message: string; always: boolean; forgetScreen?: boolean }
  | { kind: "show"; screen: Screen }
  | { kind: "nothing" }
  | { kind: "retrieve"; body: RetrieveBody };

/** What to do with `next`: draw its json, retrieve a screen for its code / prompt, or say why neither. */
export function planInput(
  next: GenUIInput,
  { setupError, apiKey, debug }: { setupError?: string; apiKey?: string; debug: boolean },
): InputPlan {
  const hasJson = next.json !== undefined && next.json !== null && next.json !== "";
  const code = nonEmpty(next.code) ? next.code : undefined;
  const prompt = nonEmpty(next.prompt) ? next.prompt : undefined;

  if (setupError) return { kind: "error", message: setupError, always: true };
  if (hasJson && code !== undefined) {
    console.error(ERROR_JSON_AND_CODE);
    return { kind: "error", message: ERROR_JSON_AND_CODE, always: true, forgetScreen: true };
  }
  if (hasJson) {
    if (prompt !== undefined && debug) console.warn("GenUI: json is given, so prompt is ignored.");
    const result = toScreen(next.json);
    return result.ok ? { kind: "show", screen: result.screen } : { kind: "error", message: result.message, always: false };
  }
  if (code === undefined && prompt === undefined) return { kind: "nothing" };
  if (!nonEmpty(apiKey)) {
    console.error(ERROR_MISSING_API_KEY);
    return { kind: "error", message: ERROR_MISSING_API_KEY, always: true };
  }
  const body: RetrieveBody = {};
  if (code !== undefined) body.code = code;
  if (prompt !== undefined) body.prompt = prompt;
  return { kind: "retrieve", body };
}

export interface FrameInputsParts {
  settings: FrameSettings;
  setupError: string | undefined;
  retriever: Retriever;
  feed: StreamFeed;
  screen: FrameScreen;
  band: ErrorBand;
}

export class FrameInputs {
  private input: GenUIInput = {};
  /** The last json / code / prompt applied (undefined once a stream replaced it: the same input then applies again). */
  private key: string | undefined;

  constructor(private readonly parts: FrameInputsParts) {}

  update(next: GenUIInput): void {
    let key: string;
    try {
      key = JSON.stringify([next.json ?? null, next.code ?? null, next.prompt ?? null]);
    } catch {
      key = `unserialisable:${this.parts.retriever.generation + 1}`;
    }
    if (key === this.key) return;
    this.key = key;
    this.input = { json: next.json, code: next.code, prompt: next.prompt };
    this.apply(this.input);
  }

  stream(source: GenUIStream | null | undefined): void {
    const { feed } = this.parts;
    if (source === undefined || source === null) return feed.stop();
    if (feed.continues(source)) return;
    // The json / code / prompt input no longer applies; an update with it later starts over.
    this.key = undefined;
    this.startStream(source);
  }

  /** The API key changed: the current code / prompt is retrieved again with it. */
  keyChanged(): void {
    const { input } = this;
    const usesKey = input.json == null || input.json === "";
    if (usesKey && (nonEmpty(input.code) || nonEmpty(input.prompt))) this.apply(input);
  }

  private apply(next: GenUIInput): void {
    const { retriever, feed, screen, band, settings, setupError } = this.parts;
    retriever.supersede();
    feed.stop();
    const plan = planInput(next, { setupError, apiKey: settings.apiKey, debug: settings.debug });
    switch (plan.kind) {
      case "error":
        if (plan.forgetScreen) screen.forget();
        return band.report(plan.message, plan.always);
      case "show":
        return screen.show(plan.screen);
      case "nothing":
        return band.clear();
      case "retrieve":
        band.clear();
        return retriever.schedule(plan.body);
    }
  }

  private startStream(source: GenUIStream): void {
    const { retriever, feed, band, setupError } = this.parts;
    retriever.supersede();
    feed.stop();
    if (setupError) return band.report(setupError, true);
    band.clear();
    feed.start(source);
  }
}
