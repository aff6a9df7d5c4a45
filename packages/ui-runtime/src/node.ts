import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import variant from "@jitl/quickjs-singlefile-cjs-release-sync";
import { SANDBOX_DEFAULTS, UiCodeEvaluator, type EvalResult, type EvaluatorOptions } from "./dsl/evaluator";
import { WorkerEvaluator, type WorkerLike } from "./worker/client";
import type { WorkerResponse } from "./worker/protocol";
import { threadCpuClock, type CpuClock } from "./worker/thread-cpu";

export * from "./index";
export * from "./app-components-check";

/**
 * An evaluator with the QuickJS build for Node, in this thread. Node only: browsers use `createEvaluator` with the
 * browser build, so this entry point (`@genui/ui-runtime/node`) keeps the Node build out of web bundles. QuickJS stops
 * code between bytecodes only: a service evaluating untrusted code uses `createThreadedEvaluator`, whose threads the
 * host terminates past its deadline (in CPU time on Linux, see worker/thread-cpu.ts).
 */
export function createNodeEvaluator(opts: EvaluatorOptions = {}): UiCodeEvaluator {
  return new UiCodeEvaluator(variant, opts);
}

/** What a service needs of an evaluator: `UiCodeEvaluator` (in-thread) and `ThreadedEvaluator` both have it. */
export interface ScreenEvaluator {
  evaluate(code: string): Promise<EvalResult>;
  evaluatePrefix(code: string): Promise<EvalResult>;
  /** A streamed answer's incremental evaluation: each longer prefix pushed; `dispose()` when the answer ends. */
  stream(): { push(prefix: string): Promise<EvalResult>; dispose(): void };
  dispose(): void;
}

export interface ThreadedEvaluatorOptions extends EvaluatorOptions {
  /** Worker threads side by side (default 2). */
  threads?: number;
  /** How long past the sandbox's deadline a thread may run before it is terminated (default 100 ms). */
  marginMs?: number;
  /** V8 heap of each thread, MiB (default 96); the sandbox's own memory is `memoryBytes` on top. */
  threadHeapMb?: number;
  /** Requests handed to a thread ahead of its answers (default 4: a busy thread evaluates back to back). */
  pipeline?: number;
}

/**
 * The thread's script: beside this file once built (dist/src/worker/thread.js). Run from TypeScript sources (jest),
 * the built one is used: a worker thread cannot load TypeScript.
 */
function threadScript(): string {
  const built = join(__dirname, "worker", "thread.js");
  if (existsSync(built)) return built;
  const fromSources = resolve(__dirname, "..", "dist", "src", "worker", "thread.js");
  if (existsSync(fromSources)) return fromSources;
  throw new Error(`the sandbox's thread script is not built (${fromSources}): run tsc -b packages/ui-runtime`);
}

/** A worker thread as the client's `WorkerLike`: an `error`, or an exit it did not ask for, is its death. */
function threadWorker(script: string, options: EvaluatorOptions, heapMb: number): WorkerLike {
  const w = new Worker(script, {
    workerData: { options },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
  });
  // A pool's idle threads never keep the process alive.
  w.unref();
  let ended = false;
  // The thread says its kernel thread id when it is ready: from then on its CPU clock is read here (see client.ts).
  let clock: CpuClock | undefined;
  w.on("message", (data: WorkerResponse) => {
    if ("ready" in data && data.tid !== undefined && !clock && !ended) clock = threadCpuClock(data.tid);
  });
  const end = () => {
    ended = true;
    clock?.close();
    clock = undefined;
  };
  return {
    postMessage: (m) => w.postMessage(m),
    addEventListener: ((type: "message" | "error", listener: (e: unknown) => void) => {
      if (type === "message") w.on("message", (data: WorkerResponse) => listener({ data }));
      else {
        w.on("error", (err: Error) => {
          if (!ended) listener({ message: err.message });
          end();
        });
        w.on("exit", (code) => {
          if (!ended) listener({ message: `its thread exited (${code})` });
          end();
        });
      }
    }) as WorkerLike["addEventListener"],
    terminate: () => {
      end();
      void w.terminate();
    },
    cpuMs: () => clock?.ms(),
  };
}

/**
 * Evaluates in a small pool of worker threads, each with its own QuickJS sandbox, supervised from this thread
 * (worker/client.ts): code still running past its deadline plus `marginMs` — a built-in running in C for seconds
 * never yields to QuickJS's interrupt handler — has its thread terminated and replaced, and is answered with the
 * time-limit error. On Linux the limit counts the thread's CPU time (read from /proc, worker/thread-cpu.ts), with a
 * wall-clock ceiling of `WALL_CEILING_FACTOR` times the limit: code on a busy machine is not stopped for the time
 * other threads had the cores. This thread never runs untrusted code, so nothing else the process does waits for it.
 */
export class ThreadedEvaluator implements ScreenEvaluator {
  private readonly client: WorkerEvaluator;

  constructor(opts: ThreadedEvaluatorOptions = {}) {
    const { threads = 2, marginMs = 100, threadHeapMb = 96, pipeline = 4, ...sandbox } = opts;
    const script = threadScript();
    this.client = new WorkerEvaluator(() => threadWorker(script, sandbox, threadHeapMb), {
      size: threads,
      pipeline,
      marginMs,
      timeoutMs: sandbox.timeoutMs ?? SANDBOX_DEFAULTS.timeoutMs,
      failure: "The UI code sandbox could not run",
    });
  }

  /** Threads terminated so far for overrunning their deadline. */
  get stops(): number {
    return this.client.stops;
  }

  /** The result and the time the thread spent on it (ms; until it was stopped, for code stopped by the host). */
  evaluateTimed(code: string): Promise<{ result: EvalResult; ms: number }> {
    return this.client.evaluate(code);
  }

  async evaluate(code: string): Promise<EvalResult> {
    return (await this.client.evaluate(code)).result;
  }

  async evaluatePrefix(code: string): Promise<EvalResult> {
    return (await this.client.evaluatePrefix(code)).result;
  }

  stream(): { push(prefix: string): Promise<EvalResult>; dispose(): void } {
    const session = this.client.session();
    return {
      push: async (prefix) => (await session.push(prefix)).result,
      dispose: () => session.close(),
    };
  }

  /** Stops the threads for good (at shutdown). */
  dispose(): void {
    this.client.terminate();
  }
}

/** See `ThreadedEvaluator`. */
export function createThreadedEvaluator(opts: ThreadedEvaluatorOptions = {}): ThreadedEvaluator {
  return new ThreadedEvaluator(opts);
}
