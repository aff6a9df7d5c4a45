import { WorkerEvaluator, type EvaluatorSession, type FrameEvalError, type Screen } from "@genui/ui-runtime";

/** What one EVALUATE gave: the screen to draw, or why there is none. */
export interface StreamEvaluation {
  screen?: Screen;
  error?: FrameEvalError;
  ms: number;
}

const SUPERSEDED: StreamEvaluation = { error: { kind: "invalid", message: "a longer prefix came first" }, ms: 0 };

/**
 * Streaming mode inside the iframe: the host sends each streamed answer's code prefixes (EVALUATE) and this page
 * evaluates them in its own sandbox worker, so generated code never runs in the host page's origin. One incremental
 * session per answer (`stream`); a new answer frees the last one. The worker and QuickJS (a chunk of their own) load
 * with the first stream, not with every embed. The client terminates and replaces a worker whose code overruns its
 * deadline (client.ts), and the answer is the time-limit error.
 */
export class StreamSandbox {
  private client?: Promise<WorkerEvaluator>;
  private current?: { stream: number; session: EvaluatorSession };
  /** Whether a prefix is being evaluated, and the latest one waiting for it (older ones are skipped). */
  private busy = false;
  private waiting?: { stream: number; code: string; resolve: (r: StreamEvaluation) => void };

  private evaluator(): Promise<WorkerEvaluator> {
    this.client ??= import("./sandbox-worker").then(
      ({ spawnSandboxWorker }) =>
        new WorkerEvaluator(() => spawnSandboxWorker("genui-stream"), { failure: "the iframe's UI code sandbox could not run" }),
    );
    return this.client;
  }

  /** Evaluates `code` as the latest prefix of answer `stream`. */
  evaluate(stream: number, code: string): Promise<StreamEvaluation> {
    return new Promise((resolve) => {
      // The host sends one prefix at a time; should more come, only the latest is worth evaluating.
      this.waiting?.resolve(SUPERSEDED);
      this.waiting = { stream, code, resolve };
      void this.next();
    });
  }

  /** Frees answer `stream`'s session. */
  end(stream: number): void {
    if (this.waiting?.stream === stream) {
      this.waiting.resolve(SUPERSEDED);
      this.waiting = undefined;
    }
    if (this.current?.stream !== stream) return;
    this.current.session.close();
    this.current = undefined;
  }

  private async next(): Promise<void> {
    if (this.busy || !this.waiting) return;
    const { stream, code, resolve } = this.waiting;
    this.waiting = undefined;
    this.busy = true;
    try {
      const client = await this.evaluator();
      let current = this.current;
      if (current?.stream !== stream) {
        current?.session.close();
        current = this.current = { stream, session: client.session() };
      }
      const { result, ms } = await current.session.push(code);
      resolve(result.ok ? { screen: result.screen, ms } : { error: result.error, ms });
    } catch (e) {
      resolve({ error: { kind: "unavailable", message: e instanceof Error ? e.message : String(e) }, ms: 0 });
    } finally {
      this.busy = false;
      void this.next();
    }
  }
}
