/**
 * Streaming mode's default evaluator: the iframe's own sandbox. Each answer is a `stream` of the iframe; a push
 * sends the prefix (EVALUATE) and answers what the iframe's EVALUATED says: the screen it drew, or why none.
 */
import { MESSAGE_SOURCE } from "@genui/ui-runtime/protocol";
import type { HostMessage, Screen } from "@genui/ui-runtime";
import type { EvalResult } from "@genui/ui-runtime/stream";
import type { GenUIStreamEvaluator } from "../stream";
import type { EvaluatedMessage } from "./frame-channel";
import { isObject } from "./values";

export interface FrameEvaluator extends GenUIStreamEvaluator {
  /** Whether the iframe drew `screen` itself (so it needs no RENDER). */
  drew(screen: Screen): boolean;
  /** The iframe's answer to an EVALUATE. */
  evaluated(data: EvaluatedMessage): void;
  /** READY: prefixes sent before the iframe listened (or to a document that reloaded since) go again. */
  resend(): void;
  /** The frame is gone: every pending evaluation ends without a screen. */
  close(): void;
}

export function createFrameEvaluator(post: (message: HostMessage) => void): FrameEvaluator {
  /** EVALUATE requests the iframe has not answered yet (sent again after a READY). */
  const evaluating = new Map<
    number,
    { message: HostMessage; resolve: (r: { result: EvalResult; ms: number }) => void; reject: (e: Error) => void }
  >();
  /** Screens the iframe drew itself (an EVALUATE's): the host keeps them as the current screen without a RENDER. */
  const drawnByFrame = new WeakSet<Screen>();
  let nextStream = 1;
  let nextEvaluation = 1;

  return {
    session() {
      const stream = nextStream++;
      let closed = false;
      return {
        push: (code) =>
          new Promise((resolve, reject) => {
            const id = nextEvaluation++;
            const message: HostMessage = { source: MESSAGE_SOURCE, type: "EVALUATE", stream, id, code };
            evaluating.set(id, { message, resolve, reject });
            post(message);
          }),
        close: () => {
          if (closed) return;
          closed = true;
          post({ source: MESSAGE_SOURCE, type: "END_STREAM", stream });
        },
      };
    },
    drew: (screen) => drawnByFrame.has(screen),
    evaluated(data) {
      const waiting = evaluating.get(data.id);
      if (!waiting) return;
      evaluating.delete(data.id);
      const ms = Number.isFinite(data.ms) ? data.ms : 0;
      if (isObject(data.screen)) {
        drawnByFrame.add(data.screen);
        return waiting.resolve({ result: { ok: true, screen: data.screen, issues: [], repairs: [] }, ms });
      }
      const error = isObject(data.error) ? data.error : { kind: "invalid", message: "no screen" };
      const message = typeof error.message === "string" ? error.message : "no screen";
      // A sandbox that cannot run in the iframe fails the stream (onError says why), as a worker that cannot load did.
      if (error.kind === "unavailable") return waiting.reject(new Error(`GenUI: ${message.replace(/\.$/, "")}.`));
      const kind =
        (["syntax", "runtime", "timeout", "memory", "stack", "invalid"] as const).find((k) => k === error.kind) ?? "invalid";
      waiting.resolve({ result: { ok: false, error: { kind, message } }, ms });
    },
    resend() {
      for (const { message } of evaluating.values()) post(message);
    },
    close() {
      for (const { resolve } of evaluating.values())
        resolve({ result: { ok: false, error: { kind: "invalid", message: "closed" } }, ms: 0 });
      evaluating.clear();
    },
  };
}
