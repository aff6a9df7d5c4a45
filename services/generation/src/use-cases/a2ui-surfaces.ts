import { randomBytes } from "node:crypto";
import { AppError, type Logger } from "@genui/chassis";
import type { ActionEvent, Screen } from "@genui/ui-runtime";
import { GENERATION_ERRORS, generationError, invalidRequest } from "../domain/errors";
import type { ChatTurn } from "../domain/messages";
import type { ScreenStore, StoredScreen } from "../store/screen-store";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { Admission, Caller } from "./admission";
import { actionTurns, requestTurn } from "./screens";

/**
 * GenUI's screens as A2UI surfaces (the route `generation.a2ui`; docs/api.md, "A2UI"): each request is one generation
 * through the admission — the same hold, limits, usage events and bill as a chat completion — streamed as the screen
 * so far (snapshots), whose conversation is kept with the screen it made (the MCP server's screen store,
 * use-cases/screens.ts). A surface shows one screen after another: the screen's id travels in the surface's data
 * model (`/genui/screen`) and comes back in the context of every action, so an action continues exactly the screen it
 * was pressed on (screens never change once kept: two presses on one screen each lead to a screen of their own).
 */

/** What a generation reports as it goes: the screen so far, the end, or a quiet moment (the edge keeps the line alive). */
export type SurfaceProgress =
  | { type: "screen"; json: unknown }
  | { type: "done"; json: unknown; code: string; screenId?: string; version: number }
  | { type: "keepalive" };

/** What the next screen is asked from: a request in plain language, or the user's action on a kept screen. */
export type SurfaceAsk =
  | { kind: "request"; request: string; data?: unknown; parent?: StoredScreen }
  | { kind: "action"; events: ActionEvent[]; parent: StoredScreen };

/** A generation under way: its progress, and how to stop it. */
export interface SurfaceGeneration {
  progress: AsyncIterable<SurfaceProgress>;
  /** The client went away: the worker stops; what ran is billed (as a chat completion's). */
  cancel(): void;
}

/** A new surface's id: "srf_" and 22 characters of base64url (128 random bits). */
export const newSurfaceId = (): string => `srf_${randomBytes(16).toString("base64url")}`;

export class A2uiSurfaces {
  constructor(
    private readonly admission: Admission,
    private readonly store: ScreenStore,
    private readonly logger?: Logger,
  ) {}

  /** The kept screen a surface shows (an action's or a data model's `/genui/screen`), or the 400 saying it is gone. */
  async shown(appId: string, screenId: string, param: string): Promise<StoredScreen> {
    const screen = await this.store.get(appId, screenId);
    if (!screen)
      throw invalidRequest(
        `No screen '${screenId}' for this app: it is unknown or has expired. Send a request without surface_id to start a new surface.`,
        param,
      );
    return screen;
  }

  /** Starts the generation (refusals — model, balance, limits — are thrown before anything is charged or sent). */
  async start(caller: Caller, ask: SurfaceAsk, model: string | undefined): Promise<SurfaceGeneration> {
    const turns: ChatTurn[] =
      ask.kind === "action"
        ? [...ask.parent.turns, ...actionTurns(ask.events)]
        : [
            ...(ask.parent?.turns ?? []),
            requestTurn({ request: ask.request, ...(ask.data !== undefined ? { data: ask.data } : {}) }),
          ];
    const m = await this.admission.model(model);
    const answer = await this.admission.generate(caller, m, {
      model: m.slug,
      messages: turns,
      chars: turns.reduce((n, t) => n + t.content.length, 0),
      includeThoughts: false,
      webSearch: false,
      partials: true,
      snapshots: true,
    });
    return {
      progress: this.follow(answer, caller.appId, ask.parent, turns),
      cancel: () => void (answer.done ? undefined : answer.cancel()),
    };
  }

  private async *follow(
    answer: RelayedAnswer,
    appId: string,
    parent: StoredScreen | undefined,
    turns: ChatTurn[],
  ): AsyncIterable<SurfaceProgress> {
    for await (const e of answer) {
      if (e.type === "keepalive") yield { type: "keepalive" };
      else if (e.type === "delta" && e.json !== undefined) yield { type: "screen", json: e.json };
      else if (e.type === "error") throw new AppError(e.error.code, e.error.message);
      else if (e.type === "done") {
        const version = (parent?.version ?? 0) + 1;
        const screenId = await this.keep(appId, { version, parentId: parent?.id ?? null, json: e.json, code: e.code, turns });
        yield { type: "done", json: e.json, code: e.code, version, ...(screenId ? { screenId } : {}) };
        return;
      }
    }
    throw generationError(GENERATION_ERRORS.STREAM_INTERRUPTED, "The answer ended without its last part. Please try again.");
  }

  /** Keeps the screen with its conversation; a store that fails loses only the continuation (logged). */
  private async keep(
    appId: string,
    s: { version: number; parentId: string | null; json: unknown; code: string; turns: ChatTurn[] },
  ): Promise<string | undefined> {
    try {
      const stored = await this.store.add(appId, { ...s, turns: [...s.turns, { role: "assistant", content: s.code }] });
      return stored.id;
    } catch (err) {
      this.logger?.warn({ err }, "an A2UI surface's screen was not kept; its actions cannot continue it");
      return undefined;
    }
  }
}

/** A screen as the translation reads it (the worker's JSON is a checked screen). */
export const asScreen = (json: unknown): Screen | undefined =>
  typeof json === "object" && json !== null && "screen" in json ? (json as Screen) : undefined;
