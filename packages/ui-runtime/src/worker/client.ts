import type { EvalResult } from "../dsl/evaluator";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/** What the client needs of a Web Worker (the DOM's Worker has it). */
export interface WorkerLike {
  postMessage(m: WorkerRequest): void;
  addEventListener(type: "message", listener: (e: { data: WorkerResponse }) => void): void;
  /** A worker whose script does not load or throws at the top reports `error` (the DOM's Worker does). */
  addEventListener(type: "error", listener: (e: { message?: string; preventDefault?(): void }) => void): void;
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
  private readonly pending = new Map<
    number,
    { resolve: (r: { result: EvalResult; ms: number }) => void; reject: (e: Error) => void }
  >();
  /** The worker could not run: every request, waiting or new, fails with this. */
  private failed?: Error;

  /** `failure` words the error a worker that cannot run gives (its own message is added in brackets). */
  constructor(
    private readonly worker: WorkerLike,
    failure = "The UI code sandbox could not run",
  ) {
    worker.addEventListener("message", (e) => {
      const done = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      done?.resolve({ result: e.data.result, ms: e.data.ms });
    });
    worker.addEventListener("error", (e) => {
      e.preventDefault?.();
      this.failed = new Error(`${failure} (${e.message || "its worker script did not load"}).`);
      for (const { reject } of this.pending.values()) reject(this.failed);
      this.pending.clear();
    });
  }

  private nextSession = 1;

  private ask(code: string, prefix: boolean, session?: number, close?: boolean): Promise<{ result: EvalResult; ms: number }> {
    const id = this.next++;
    const req: WorkerRequest = { id, code, prefix };
    if (session !== undefined) req.session = session;
    if (close) req.close = true;
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
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
        this.ask("", true, session, true).catch(() => undefined);
      },
    };
  }

  terminate(): void {
    this.worker.terminate();
    this.pending.clear();
  }
}
