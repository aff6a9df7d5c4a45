import type { Screen } from "@genui/ui-runtime";
import type { ThemeAppearance } from "../domain/appearance";
import type { ChatTurn } from "../domain/messages";
import { describeActions, summarizeScreen, type ScreenActionEvent } from "../domain/screen-summary";
import { invalidRequest } from "../domain/errors";
import type { ScreenStore, StoredScreen } from "../store/screen-store";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { Admission, Caller } from "./admission";

/**
 * The MCP server's use cases: a screen from plain language (`show_ui`, optionally editing an earlier screen) and the
 * next screen after a user's action on one (`screen_action`). Each is one generation through the admission — the same
 * hold, limits, usage events and bill as a chat completion — whose conversation is kept with the screen it made.
 */

/** What a tool answers: the screen, its id and version, and what the host's model is told. */
export interface ShownScreen {
  screenId: string;
  version: number;
  json: unknown;
  code: string;
  summary: string;
  /** The app's theme (and its version) the host's UI resource draws the screen in. */
  appearance: ThemeAppearance;
}

export interface ShowInput {
  request: string;
  data?: unknown;
  screenId?: string;
}

export interface ActInput {
  screenId: string;
  actions: ScreenActionEvent[];
}

/** How an answer is read to its end (http/sse.ts's collectAnswer), passed in so this room stays off the wire. */
export type Collect = (answer: RelayedAnswer) => Promise<{ code: string; json: unknown }>;

/** The user's request with the data to show, as one user turn (the data as JSON, after the words). */
export function requestTurn(input: ShowInput): ChatTurn {
  const data = input.data === undefined ? "" : `\n\nData to show (JSON):\n${JSON.stringify(input.data)}`;
  return { role: "user", content: `${input.request.trim()}${data}` };
}

/** An action as the chat page sends it: one user turn per event, its JSON (the generator reads it). */
export const actionTurns = (actions: readonly ScreenActionEvent[]): ChatTurn[] =>
  actions.map((a) => ({ role: "user", content: JSON.stringify({ type: a.type, component: a.component }) }));

export class Screens {
  constructor(
    private readonly admission: Admission,
    private readonly store: ScreenStore,
    private readonly collect: Collect,
  ) {}

  private async earlier(appId: string, screenId: string, param: string): Promise<StoredScreen> {
    const screen = await this.store.get(appId, screenId);
    if (!screen)
      throw invalidRequest(
        `No screen '${screenId}' for this app: it is unknown or has expired. Call show_ui without screen_id to start a new one.`,
        param,
      );
    return screen;
  }

  private async answer(
    caller: Caller,
    turns: ChatTurn[],
    parent: StoredScreen | undefined,
    signal: AbortSignal | undefined,
    lead: string,
  ): Promise<ShownScreen> {
    const model = await this.admission.model(undefined);
    const answer = await this.admission.generate(caller, model, {
      model: model.slug,
      messages: turns,
      chars: turns.reduce((n, t) => n + t.content.length, 0),
      includeThoughts: false,
      webSearch: false,
      partials: false,
    });
    // The host cancelled the call (notifications/cancelled) or went away: the worker stops; what ran is billed.
    const stop = () => void answer.cancel();
    signal?.addEventListener("abort", stop, { once: true });
    try {
      const [a, appearance] = await Promise.all([this.collect(answer), this.admission.theme(caller)]);
      const stored = await this.store.add(caller.appId, {
        version: (parent?.version ?? 0) + 1,
        parentId: parent?.id ?? null,
        json: a.json,
        code: a.code,
        turns: [...turns, { role: "assistant", content: a.code }],
      });
      const summary = `${lead} ${summarizeScreen(a.json as Screen)} Screen id: ${stored.id}.`.trim();
      return { screenId: stored.id, version: stored.version, json: a.json, code: a.code, summary, appearance };
    } finally {
      signal?.removeEventListener("abort", stop);
    }
  }

  /** show_ui: a new screen, or (with `screenId`) that screen changed as the request asks. */
  async show(caller: Caller, input: ShowInput, signal?: AbortSignal): Promise<ShownScreen> {
    const parent = input.screenId ? await this.earlier(caller.appId, input.screenId, "screen_id") : undefined;
    const turns = [...(parent?.turns ?? []), requestTurn(input)];
    return this.answer(caller, turns, parent, signal, parent ? "The screen was updated." : "A screen is shown to the user.");
  }

  /** A deleted app's screens go with it. */
  forgetApp(appId: string): Promise<number> {
    return this.store.deleteApp(appId);
  }

  /** screen_action: what the user typed and pressed on a screen, answered with the next screen. */
  async act(caller: Caller, input: ActInput, signal?: AbortSignal): Promise<ShownScreen> {
    const parent = await this.earlier(caller.appId, input.screenId, "screen_id");
    const turns = [...parent.turns, ...actionTurns(input.actions)];
    return this.answer(caller, turns, parent, signal, describeActions(input.actions));
  }
}
