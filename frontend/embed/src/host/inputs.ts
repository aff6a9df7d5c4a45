/**
 * The frame's input: json / code / prompt / completionId (`update`) or a stream (`stream`). Each new input supersedes
 * what the previous one started (a pending retrieve, a stream run) and is drawn, retrieved, or reported.
 */
import type { GenUIStream } from "../stream";
import type { ErrorBand } from "./error-band";
import type { FrameScreen } from "./frame-screen";
import type { FrameSettings, GenUIInput } from "./options";
import { COMPLETION_ID, toScreen, type RetrieveBody, type Retriever } from "./retrieve";
import type { StreamFeed } from "./stream-feed";
import { nonEmpty } from "./values";

export const ERROR_JSON_AND_CODE = "GenUI: use json or code, not both.";
export const ERROR_MISSING_API_KEY = "GenUI: an apiKey is needed when using code or prompt.";
export const ERROR_COMPLETION_AND_INPUT = "GenUI: use completionId alone, not with json, code or prompt.";
export const ERROR_COMPLETION_MISSING_API_KEY = "GenUI: an apiKey is needed when using completionId.";
export const errorCompletionId = (id: string) =>
  `GenUI: completionId "${id}" is not a completion id ('chatcmpl-' and 32 hexadecimal digits, as the API answers it).`;

export interface FrameInputsParts {
  settings: FrameSettings;
  setupError: string | undefined;
  retriever: Retriever;
  feed: StreamFeed;
  screen: FrameScreen;
  band: ErrorBand;
}

export interface FrameInputs {
  update(next: GenUIInput): void;
  stream(source: GenUIStream | null | undefined): void;
  /** The API key changed: the current code / prompt is retrieved again with it. */
  keyChanged(): void;
}

export function createFrameInputs({ settings, setupError, retriever, feed, screen, band }: FrameInputsParts): FrameInputs {
  let input: GenUIInput = {};
  /** The last json / code / prompt applied (undefined once a stream replaced it: the same input then applies again). */
  let inputKey: string | undefined;

  function apply(next: GenUIInput): void {
    retriever.supersede();
    feed.stop();
    const hasJson = next.json !== undefined && next.json !== null && next.json !== "";
    const code = nonEmpty(next.code) ? next.code : undefined;
    const prompt = nonEmpty(next.prompt) ? next.prompt : undefined;
    const completionId = nonEmpty(next.completionId) ? next.completionId.trim() : undefined;

    if (setupError) return band.report(setupError, true);
    if (completionId !== undefined) return applyStored(completionId, hasJson || code !== undefined || prompt !== undefined);
    if (hasJson && code !== undefined) {
      screen.forget();
      console.error(ERROR_JSON_AND_CODE);
      return band.report(ERROR_JSON_AND_CODE, true);
    }
    if (hasJson) {
      if (prompt !== undefined && settings.debug) console.warn("GenUI: json is given, so prompt is ignored.");
      const result = toScreen(next.json);
      return result.ok ? screen.show(result.screen) : band.report(result.message, false);
    }
    if (code === undefined && prompt === undefined) return band.clear();
    if (!nonEmpty(settings.apiKey)) {
      console.error(ERROR_MISSING_API_KEY);
      return band.report(ERROR_MISSING_API_KEY, true);
    }
    band.clear();
    const body: RetrieveBody = {};
    if (code !== undefined) body.code = code;
    if (prompt !== undefined) body.prompt = prompt;
    retriever.schedule(body);
  }

  /** A stored completion's screen, read with the key (alone: any other input with it is a mistake, reported). */
  function applyStored(completionId: string, withOther: boolean): void {
    const refuse = (message: string) => {
      screen.forget();
      console.error(message);
      band.report(message, true);
    };
    if (withOther) return refuse(ERROR_COMPLETION_AND_INPUT);
    if (!COMPLETION_ID.test(completionId)) return refuse(errorCompletionId(completionId));
    if (!nonEmpty(settings.apiKey)) return refuse(ERROR_COMPLETION_MISSING_API_KEY);
    band.clear();
    retriever.stored(completionId);
  }

  function startStream(source: GenUIStream): void {
    retriever.supersede();
    feed.stop();
    if (setupError) return band.report(setupError, true);
    band.clear();
    feed.start(source);
  }

  return {
    update(next) {
      let key: string;
      try {
        key = JSON.stringify([next.json ?? null, next.code ?? null, next.prompt ?? null, next.completionId ?? null]);
      } catch {
        key = `unserialisable:${retriever.generation + 1}`;
      }
      if (key === inputKey) return;
      inputKey = key;
      input = { json: next.json, code: next.code, prompt: next.prompt, completionId: next.completionId };
      apply(input);
    },
    stream(source) {
      if (source === undefined || source === null) return feed.stop();
      if (feed.continues(source)) return;
      // The json / code / prompt input no longer applies; an update with it later starts over.
      inputKey = undefined;
      startStream(source);
    },
    keyChanged() {
      const usesKey = input.json == null || input.json === "";
      if (usesKey && (nonEmpty(input.code) || nonEmpty(input.prompt) || nonEmpty(input.completionId))) apply(input);
    },
  };
}
