import variant from "@jitl/quickjs-singlefile-browser-release-sync";
import { UiCodeEvaluator } from "../dsl/evaluator";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/**
 * The UI code evaluator in a browser Web Worker (the playground evaluates code without a key, off the page's main
 * thread): the same sandbox as on the server, with QuickJS's browser build. Requests are answered in order.
 */
const evaluator = new UiCodeEvaluator(variant, { timeoutMs: 250 });
const scope = globalThis as unknown as {
  onmessage: ((e: { data: WorkerRequest }) => void) | null;
  postMessage(m: WorkerResponse): void;
};

scope.onmessage = async (e) => {
  const { id, code, prefix } = e.data;
  const t = performance.now();
  const result = prefix ? await evaluator.evaluatePrefix(code) : await evaluator.evaluate(code);
  const reply: WorkerResponse = { id, result, ms: performance.now() - t };
  scope.postMessage(reply);
};
