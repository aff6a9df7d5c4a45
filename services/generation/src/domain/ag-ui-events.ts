import { EventType, type BaseEvent } from "@ag-ui/core";
import { compare, type Operation } from "fast-json-patch";

/**
 * The events of one AG-UI run, in the order docs/api.md ("AG-UI") gives: RUN_STARTED; the screen as state — a
 * STATE_SNAPSHOT the first time, then STATE_DELTA JSON Patches (RFC 6902, fast-json-patch's `compare`) from the state
 * the client has to the next, so that applying them in order leaves the client with exactly the last state; the
 * assistant's text message; the frontend tool call with the screen; RUN_FINISHED (or RUN_ERROR). Pure: ids come from
 * the caller, the wire encoding is the edge's.
 */

export interface RunIds {
  threadId: string;
  runId: string;
}

/** A finished run's token usage (RUN_FINISHED's `usage`, AG-UI's TokenUsage). */
export interface RunUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** A run's failure, as RUN_ERROR carries it: the published API's error code and its details under `metadata.genui`. */
export interface RunFailure {
  message: string;
  code: string;
  status: number;
  type: string;
  param: string | null;
  retryAfterSeconds?: number;
}

export class AgUiRunEvents {
  /** The state the client has (after the events sent so far); undefined before the first snapshot. */
  private sent: Record<string, unknown> | undefined;

  constructor(
    private readonly ids: RunIds,
    private readonly newId: () => string,
  ) {}

  started(): BaseEvent {
    return { type: EventType.RUN_STARTED, threadId: this.ids.threadId, runId: this.ids.runId } as BaseEvent;
  }

  /** The state is now `next`: a snapshot the first time, else the patch to it (none when nothing changed). */
  state(next: Record<string, unknown>): BaseEvent | undefined {
    const copy = structuredClone(next);
    if (!this.sent) {
      this.sent = copy;
      return { type: EventType.STATE_SNAPSHOT, snapshot: structuredClone(copy) } as BaseEvent;
    }
    const delta: Operation[] = compare(this.sent, copy);
    this.sent = copy;
    return delta.length ? ({ type: EventType.STATE_DELTA, delta } as BaseEvent) : undefined;
  }

  /** Whether a state has been sent (a snapshot went out). */
  get hasState(): boolean {
    return this.sent !== undefined;
  }

  /**
   * The assistant's message (what the user sees, for the model's side) and, with `call`, the frontend tool call
   * that hands it the screen, as a call of that message. Answers the events and the call's id.
   */
  answer(text: string, call?: { name: string; args: unknown }): { events: BaseEvent[]; toolCallId?: string } {
    const messageId = this.newId();
    const events = [
      { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
      { type: EventType.TEXT_MESSAGE_END, messageId },
    ] as BaseEvent[];
    if (!call) return { events };
    const toolCallId = this.newId();
    events.push(
      { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: call.name, parentMessageId: messageId } as BaseEvent,
      { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(call.args) } as BaseEvent,
      { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent,
    );
    return { events, toolCallId };
  }

  /** The run ended well: its result, the tool calls left for the frontend, and the usage (none when nothing ran). */
  finished(result: unknown, pendingToolCallIds: string[], usage?: RunUsage): BaseEvent {
    return {
      type: EventType.RUN_FINISHED,
      threadId: this.ids.threadId,
      runId: this.ids.runId,
      ...(result !== undefined ? { result } : {}),
      outcome: { type: "success", ...(pendingToolCallIds.length ? { pendingToolCallIds } : {}) },
      ...(usage
        ? {
            usage: [
              {
                model: usage.model,
                inputTokens: usage.inputTokens,
                outputTokens: usage.outputTokens,
                totalTokens: usage.inputTokens + usage.outputTokens,
              },
            ],
          }
        : {}),
    } as BaseEvent;
  }

  /** The run failed (or was refused): the message says what to do, `code` is the published API's error code. */
  error(f: RunFailure): BaseEvent {
    const wait =
      f.retryAfterSeconds !== undefined
        ? ` Retry after ${f.retryAfterSeconds} second${f.retryAfterSeconds === 1 ? "" : "s"}.`
        : "";
    return {
      type: EventType.RUN_ERROR,
      message: /\b\d+ seconds?\b/.test(f.message) ? f.message : `${f.message}${wait}`,
      code: f.code,
      metadata: {
        genui: {
          status: f.status,
          type: f.type,
          param: f.param,
          ...(f.retryAfterSeconds !== undefined ? { retry_after_seconds: f.retryAfterSeconds } : {}),
        },
      },
    } as BaseEvent;
  }
}
