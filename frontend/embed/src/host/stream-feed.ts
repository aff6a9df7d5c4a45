/**
 * Streaming mode: the stream source being followed and the `StreamRun` drawing it. A new source starts a new run;
 * the same source again, or a string that only grew, continues the current one.
 */
import type { Screen } from "@genui/ui-runtime";
import {
  StreamRun,
  type GenUIStream,
  type GenUIStreamAnswer,
  type GenUIStreamEvaluator,
  type GenUIStreamResume,
} from "../stream";

export interface StreamFeedCallbacks {
  show(screen: Screen): void;
  /** An error of the run (shown in debug mode). */
  report(message: string): void;
  complete(answer: GenUIStreamAnswer): void;
  evaluator(): GenUIStreamEvaluator;
  /** Resumes a response stream whose connection dropped. */
  resume?: GenUIStreamResume;
}

export interface StreamFeed {
  /** Stops following the current source (the last screen stays). */
  stop(): void;
  /** Whether `source` is the current source, or the text of the current one grown (then its new part is fed). */
  continues(source: GenUIStream): boolean;
  /** Draws `source` in a new run; only the current run's screens, errors and completion count. */
  start(source: GenUIStream): void;
}

export function createStreamFeed(cb: StreamFeedCallbacks): StreamFeed {
  let streaming: { source: GenUIStream; run: StreamRun } | undefined;
  return {
    stop() {
      streaming?.run.stop();
      streaming = undefined;
    },
    continues(source) {
      const current = streaming;
      if (current && current.source === source) return true;
      if (current && typeof source === "string" && typeof current.source === "string") {
        const known = current.run.text;
        if (source.startsWith(known)) {
          current.source = source;
          // The accumulated text only grew: feed the new part to the same answer.
          if (source.length > known.length) current.run.push(source.slice(known.length));
          return true;
        }
      }
      return false;
    },
    start(source) {
      const run: StreamRun = new StreamRun({
        show: (s) => {
          if (streaming?.run === run) cb.show(s);
        },
        error: (message) => {
          if (streaming?.run === run) cb.report(message);
        },
        warn: (message) => {
          if (streaming?.run === run) cb.report(message);
        },
        complete: (answer) => {
          if (streaming?.run !== run) return;
          cb.complete(answer);
        },
        evaluator: () => cb.evaluator(),
        ...(cb.resume ? { resume: cb.resume } : {}),
      });
      streaming = { source, run };
      if (typeof source === "string") run.push(source);
      else void run.consume(source);
    },
  };
}
