import type { EvalResult, UiCodeEvaluator, UiCodeStream } from "../dsl/evaluator";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/** How a worker talks to its host (a Web Worker's global scope, or a worker thread's parent port). */
export interface WorkerScope {
  post(m: WorkerResponse): void;
  listen(handler: (req: WorkerRequest) => void): void;
}

/** A request answered within this wall-clock time is charged it as it is (the CPU clock is not read). */
const MOMENT_MS = 5;

const CLOSED: EvalResult = { ok: false, error: { kind: "invalid", message: "session closed" } };

/**
 * The worker's side of the evaluator protocol (protocol.ts), the same in a browser Web Worker and a Node worker
 * thread: requests are answered one after another, a streamed answer's pushes run in its session's incremental
 * sandbox, and every time the sandbox starts or stops running code the host hears of it with the deadline.
 */
export function serveEvaluator(
  evaluator: UiCodeEvaluator,
  scope: WorkerScope,
  thread: { tid?: number; cpuMs?: () => number | undefined } = {},
): void {
  /** Streaming sessions by the host's session id: one incremental sandbox per streamed answer. */
  const sessions = new Map<number, UiCodeStream>();
  /** The request whose code is running (its id goes with each exec notice). */
  let current = 0;
  /** When the current request's code first started (performance.now()) and the thread's CPU time then. */
  let firstExec: { at: number; cpu: number } | undefined;
  evaluator.watchExecs((deadline, cpu) => {
    if (deadline > 0 && cpu !== undefined && !firstExec) firstExec = { at: performance.now(), cpu };
    scope.post({ id: current, exec: deadline, ...(cpu !== undefined ? { cpu } : {}) });
  });
  /**
   * The time a request is charged: its wall-clock time; where the thread has a CPU clock and the request took longer
   * than a moment, the wall-clock time until its code first started and the CPU time from then (a thread that waited
   * for a core on a busy machine is not charged the wait).
   */
  const spent = (since: number): number => {
    const wall = performance.now() - since;
    if (wall <= MOMENT_MS || !firstExec || !thread.cpuMs) return wall;
    const cpu = thread.cpuMs();
    return cpu === undefined ? wall : Math.min(wall, firstExec.at - since + (cpu - firstExec.cpu));
  };

  const answer = async (req: WorkerRequest): Promise<EvalResult> => {
    const { code, prefix, session } = req;
    if (session === undefined) return prefix ? evaluator.evaluatePrefix(code) : evaluator.evaluate(code);
    if (req.close) {
      sessions.get(session)?.dispose();
      sessions.delete(session);
      return CLOSED;
    }
    let stream = sessions.get(session);
    if (!stream) sessions.set(session, (stream = evaluator.stream()));
    return stream.push(code);
  };

  // One request at a time, in arrival order (a push awaits its sandbox; a close must not overtake it).
  let queue: Promise<unknown> = Promise.resolve();
  scope.listen((req) => {
    queue = queue.then(async () => {
      current = req.id;
      firstExec = undefined;
      const t = performance.now();
      let result: EvalResult;
      try {
        result = await answer(req);
      } catch (err) {
        // Every request gets an answer, or the host would wait for it forever.
        result = { ok: false, error: { kind: "memory", message: `the sandbox could not start: ${String(err)}`.slice(0, 300) } };
      }
      scope.post({ id: req.id, result, ms: spent(t) });
    });
  });
  scope.post({ ready: true, ...(thread.tid !== undefined ? { tid: thread.tid } : {}) });
}
