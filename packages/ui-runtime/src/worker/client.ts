import type { EvalResult } from "../dsl/evaluator";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/** What the client needs of a Web Worker (the DOM's Worker has it). */
export interface WorkerLike {
  postMessage(m: WorkerRequest): void;
  addEventListener(type: "message", listener: (e: { data: WorkerResponse }) => void): void;
  terminate(): void;
}

/** One streamed answer's incremental evaluation (see `WorkerEvaluator.session`). */
export interface EvaluatorSession {
  push(prefix: string): Promise<{ result: EvalResult; ms: number }>;
  close(): void;
}

/**
 * The page's side of the evaluator worker: `evaluate` / `evaluatePrefix` answer promises, in request order, with
 * the time the worker spent. Create the worker with Vite's
 * `import EvaluatorWorker from "@genui/ui-runtime/worker?worker"`.
 */
export class WorkerEvaluator {
  private next = 1;
  private readonly pending = new Map<number, (r: { result: EvalResult; ms: number }) => void>();

  constructor(private readonly worker: WorkerLike) {
    worker.addEventListener("message", (e) => {
      const done = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      done?.({ result: e.data.result, ms: e.data.ms });
    });
  }

  private nextSession = 1;

  private ask(code: string, prefix: boolean, session?: number, close?: boolean): Promise<{ result: EvalResult; ms: number }> {
    const id = this.next++;
    const req: WorkerRequest = { id, code, prefix };
    if (session !== undefined) req.session = session;
    if (close) req.close = true;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage(req);
    });
  }

  evaluate(code: string) {
    return this.ask(code, false);
  }

  evaluatePrefix(code: string) {
    return this.ask(code, true);
  }

  /**
   * A streaming session in the worker (`UiCodeEvaluator.stream()`): `push(prefix)` with each longer prefix of one
   * answer answers the screen so far, evaluating complete statements once; `close()` frees its sandbox.
   */
  session(): EvaluatorSession {
    const session = this.nextSession++;
    let closed = false;
    return {
      push: (prefix: string) => this.ask(prefix, true, session),
      close: () => {
        if (closed) return;
        closed = true;
        void this.ask("", true, session, true);
      },
    };
  }

  terminate(): void {
    this.worker.terminate();
    this.pending.clear();
  }
}
