import { parentPort, workerData } from "node:worker_threads";
import variant from "@jitl/quickjs-singlefile-cjs-release-sync";
import { UiCodeEvaluator, type EvaluatorOptions } from "../dsl/evaluator";
import type { WorkerRequest } from "./protocol";
import { serveEvaluator } from "./serve";
import { ownThreadCpuClock, ownThreadId } from "./thread-cpu";

/**
 * The UI code evaluator in a Node worker thread (see node.ts, `createThreadedEvaluator`): its host terminates this
 * thread when code overruns its deadline, which QuickJS alone cannot ensure for built-ins running in C.
 */
const port = parentPort;
if (port) {
  // The thread's own CPU clock: the sandbox's time limit counts the CPU its code had, and the host, told this thread's
  // id, reads the same clock before it stops the thread (a thread that waited for a core is not stopped for it).
  const clock = ownThreadCpuClock();
  const cpuMs = clock ? () => clock.ms() : undefined;
  const options = (workerData as { options?: EvaluatorOptions } | null)?.options ?? {};
  const evaluator = new UiCodeEvaluator(variant, options, { cpuMs });
  serveEvaluator(
    evaluator,
    {
      post: (m) => port.postMessage(m),
      listen: (handler) => port.on("message", (req: WorkerRequest) => handler(req)),
    },
    { cpuMs, tid: clock ? ownThreadId() : undefined },
  );
  // The sandbox is ready before the first request arrives.
  void evaluator.prepare().catch(() => undefined);
}
