import type { GenerationCancel, GenerationChunk } from "@genui/contracts";
import type { JobAppearance } from "./appearance";
import type { CompletionToStore } from "./stored-completions";

/** One turn of the conversation as the provider sees it. Assistant turns carry the UI code they answered with. */
export interface ChatTurn {
  role: "system" | "user" | "assistant";
  /** Plain text. For an assistant turn that answered with a screen, the UI code (history keeps code, never json). */
  content: string;
}

/** A template the app's owner published: screens for this app should look like it when the request fits. */
export interface AppTemplate {
  name: string;
  description: string;
  /** UI code. */
  code: string;
}

/**
 * The generation pipeline's own messages, between the API process and its workers (one bounded context, so plain
 * JSON rather than shared contracts). A request is one BullMQ job (job id = request id); the worker signals the
 * answer (`SIGNALS.generationChunk`, keyed by request id) to the API process, which listened before enqueueing.
 */
export interface GenerationJob {
  requestId: string;
  /** "generate": run the model; "evaluate": code alone, evaluated without a model call. */
  kind: "generate" | "evaluate";
  userId: string;
  /** Empty for signed-in requests without an app. */
  appId: string;
  model: string;
  messages: ChatTurn[];
  /** Code to evaluate ("evaluate") or the code a prompt asks to change (retrieve with both). */
  code?: string;
  thinking: boolean;
  internet: boolean;
  /** The app's published templates, for consistent screens across chats. */
  templates?: AppTemplate[];
  /**
   * The app's own components, by the version of its look: the model's prompt lists them, the built-in generator uses
   * those with a role, and every screen of the answer is validated and repaired against them (an undeclared or
   * mis-propped one becomes its declared fallback). Set for every request of an app whose look apps answered; absent
   * (no app, or apps did not answer): the app's components pass unchecked, as the renderers draw them.
   */
  appearance?: JobAppearance;
  maxOutputTokens: number;
  /** The most input tokens all the request's model calls may send (its hold covers them); absent: no limit. */
  maxInputTokens?: number;
  holdId: string;
  /** Publish the answer as it is generated (streaming clients); otherwise only the final answer. */
  partials: boolean;
  /**
   * With partials: what the route streams. Absent/false: the code as it is generated (`delta.text`, the published
   * API's content pieces; no intermediate evaluation). True: the screen so far (`delta.code` + `delta.json`, the
   * signed-in chat's snapshots), rate-limited and bounded in bytes.
   */
  snapshots?: boolean;
  /**
   * With partials, not snapshots: the signed-in chat's code deltas (`stream_format: "deltas"`), which the page draws
   * as they come — sent at the chat's pace (GEN_SNAPSHOT_INTERVAL_MS), not the published API's GEN_DELTA_INTERVAL_MS.
   */
  chatDeltas?: boolean;
  /**
   * A streamed chat answer: the worker also keeps its pieces in the answer's Redis Stream (`answerEventsKey`), so the
   * client can resume it from any API copy after a dropped connection.
   */
  resumable?: boolean;
  /** Epoch ms when the API enqueued it (queue wait metric; a stored completion's creation time). */
  enqueuedAt: number;
  /**
   * Keep the finished answer as a stored completion of the app (domain/stored-completions.ts): the request's messages
   * as sent and its metadata. Absent: nothing is kept.
   */
  store?: CompletionToStore;
  /** The enqueuing request's trace context (W3C `traceparent`), when tracing is on: the worker's span continues it. */
  trace?: Record<string, string>;
}

/** One piece of an answer (the `SIGNALS.generationChunk` contract). */
export type Chunk = GenerationChunk;
export type ChunkError = Extract<Chunk, { type: "error" }>["error"];

/** Why an answer was stopped before its end (the `SIGNALS.generationCancel` contract; also the cancel key's value). */
export type CancelReason = GenerationCancel;
export const cancelReason = (value: string | null | undefined): CancelReason =>
  value === "timeout" || value === "lost" ? value : "client";
