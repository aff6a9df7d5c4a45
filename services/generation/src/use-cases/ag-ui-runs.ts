import { AppError, type Logger } from "@genui/chassis";
import { AG_UI_RENDER_TOOL, type AgUiRunInput } from "@genui/contracts/http";
import type { Screen } from "@genui/ui-runtime";
import {
  charsOf,
  readRequest,
  readState,
  renderToolOf,
  toolArguments,
  type RenderTool,
  type ShownScreen,
} from "../domain/ag-ui-run";
import { GENERATION_ERRORS, generationError } from "../domain/errors";
import type { ChatTurn } from "../domain/messages";
import { describeActions, summarizeScreen } from "../domain/screen-summary";
import type { ScreenStore, StoredScreen } from "../store/screen-store";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { Admission, Caller } from "./admission";

/**
 * GenUI as an AG-UI agent (the route `generation.agUi`; docs/api.md, "AG-UI"): a run is one generation through the
 * admission — the same hold, limits, usage events and bill as a chat completion — streamed as the screen so far
 * (snapshots), whose conversation is kept with the screen it made (the MCP server's screen store, use-cases/screens.ts):
 * the state the run leaves names that screen (`screen_id`), and the next run continues its conversation. When the
 * screen has expired, or the client never kept it, the messages and the state's `code` stand in for it.
 */

/** What a run reports as it goes: the screen so far, the end, or a quiet moment (the edge keeps the line alive). */
export type RunProgress =
  | { type: "screen"; code: string; json: unknown }
  | {
      type: "done";
      code: string;
      json: unknown;
      /** The stored screen's id (absent if it could not be kept: the state's code still carries it on). */
      screenId?: string;
      summary: string;
      /**
       * The frontend tool call that hands the screen over, if the run names a tool; `error`: the screen does not fit
       * the tool's parameters (the state and the message went out; the run then fails).
       */
      call?: { name: string; args: Record<string, unknown> } | { name: string; error: AppError };
      usage: { inputTokens: number; outputTokens: number };
      model: string;
    }
  | { type: "keepalive" };

/** A run under way: the client's own state fields (kept in every state sent), its progress, and how to stop it. */
export interface Run {
  rest: Record<string, unknown>;
  progress: AsyncIterable<RunProgress>;
  /** The client went away: the worker stops; what ran is billed (as a chat completion's). */
  cancel(): void;
}

/** The render tool's call with the screen, or why the screen does not fit it. */
function callOf(
  tool: RenderTool,
  shown: ShownScreen,
): { name: string; args: Record<string, unknown> } | { name: string; error: AppError } {
  try {
    return { name: tool.name, args: toolArguments(tool, shown) };
  } catch (err) {
    if (err instanceof AppError) return { name: tool.name, error: err };
    throw err;
  }
}

export class AgUiRuns {
  constructor(
    private readonly admission: Admission,
    private readonly store: ScreenStore,
    private readonly logger?: Logger,
  ) {}

  /**
   * Reads the run and starts its generation. Refusals (a thread with nothing to answer from, an unknown render tool,
   * the admission's: model, balance, limits) are thrown before anything is charged. `undefined`: nothing new to
   * answer (the thread ends with our answer or a tool's result).
   */
  async start(
    caller: Caller,
    input: AgUiRunInput,
    maxCodeChars: number,
  ): Promise<{ rest: Record<string, unknown> } & ({ kind: "nothing" } | ({ kind: "run" } & Run))> {
    const state = readState(input.state, maxCodeChars);
    const request = readRequest(input.messages, state.code);
    if (request.kind === "nothing") return { kind: "nothing", rest: state.rest };
    const options = input.forwardedProps?.genui;
    const tool = renderToolOf(input.tools ?? [], options?.render_tool, AG_UI_RENDER_TOOL);
    const parent = state.screenId ? await this.earlier(caller.appId, state.screenId) : undefined;
    const turns: ChatTurn[] = [...(parent ? parent.turns : request.history), ...request.turns];
    const model = await this.admission.model(options?.model?.trim() || undefined);
    const answer = await this.admission.generate(caller, model, {
      model: model.slug,
      messages: turns,
      chars: charsOf(turns),
      includeThoughts: false,
      webSearch: false,
      partials: true,
      snapshots: true,
    });
    const lead = request.actions
      ? describeActions(request.actions)
      : parent || state.code
        ? "The screen was updated."
        : "A screen is shown to the user.";
    return {
      kind: "run",
      rest: state.rest,
      progress: this.follow(answer, { caller, turns, parent, tool, lead, model: model.slug }),
      cancel: () => void (answer.done ? undefined : answer.cancel()),
    };
  }

  /** The stored screen a state names, if it is still kept (an expired or unknown one: the messages stand in). */
  private async earlier(appId: string, screenId: string): Promise<StoredScreen | undefined> {
    try {
      return await this.store.get(appId, screenId);
    } catch (err) {
      this.logger?.warn({ err }, "an AG-UI run's screen could not be read; its messages stand in");
      return undefined;
    }
  }

  private async *follow(
    answer: RelayedAnswer,
    run: { caller: Caller; turns: ChatTurn[]; parent?: StoredScreen; tool?: RenderTool; lead: string; model: string },
  ): AsyncIterable<RunProgress> {
    for await (const e of answer) {
      if (e.type === "keepalive") yield { type: "keepalive" };
      else if (e.type === "delta" && e.code !== undefined && e.json !== undefined)
        yield { type: "screen", code: e.code, json: e.json };
      else if (e.type === "error") throw new AppError(e.error.code, e.error.message);
      else if (e.type === "done") {
        const screenId = await this.keep(run.caller.appId, run.parent, run.turns, e.code, e.json);
        const summary = `${run.lead} ${summarizeScreen(e.json as Screen)}`;
        const shown = { screen: e.json, code: e.code, summary, ...(screenId ? { screen_id: screenId } : {}) };
        yield {
          type: "done",
          code: e.code,
          json: e.json,
          ...(screenId ? { screenId } : {}),
          summary,
          ...(run.tool ? { call: callOf(run.tool, shown) } : {}),
          usage: e.usage,
          model: run.model,
        };
        return;
      }
    }
    throw generationError(GENERATION_ERRORS.STREAM_INTERRUPTED, "The answer ended without its last part. Please try again.");
  }

  /** Keeps the screen with its conversation; a store that fails loses only the id (the state's code carries on). */
  private async keep(
    appId: string,
    parent: StoredScreen | undefined,
    turns: ChatTurn[],
    code: string,
    json: unknown,
  ): Promise<string | undefined> {
    try {
      const stored = await this.store.add(appId, {
        version: (parent?.version ?? 0) + 1,
        parentId: parent?.id ?? null,
        json,
        code,
        turns: [...turns, { role: "assistant", content: code }],
      });
      return stored.id;
    } catch (err) {
      this.logger?.warn({ err }, "an AG-UI run's screen was not kept; the state's code carries it on");
      return undefined;
    }
  }
}
