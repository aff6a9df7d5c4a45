import { parentPort, workerData } from "node:worker_threads";
import variant from "@jitl/quickjs-singlefile-cjs-release-sync";
import { UiCodeEvaluator, type EvaluatorOptions } from "../dsl/evaluator";
import type { WorkerRequest } from "./protocol";
import { serveEvaluator } from "./serve";

/**
 * The UI code evaluator in a Node worker thread (see node.ts, `createThreadedEvaluator`): its host terminates this
 * thread when code overruns its deadline, which QuickJS alone cannot ensure for built-ins running in C.
 */
const port = parentPort;
if (port) {
  const evaluator = new UiCodeEvaluator(variant, (workerData as { options?: EvaluatorOptions } | null)?.options ?? {});
  serveEvaluator(evaluator, {
    post: (m) => port.postMessage(m),
    listen: (handler) => port.on("message", (req: WorkerRequest) => handler(req)),
  });
  // The sandbox is ready before the first request arrives.
  void evaluator.prepare().catch(() => undefined);
}
