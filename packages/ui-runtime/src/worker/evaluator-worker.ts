import variant from "@jitl/quickjs-singlefile-browser-release-sync";
import { UiCodeEvaluator, type EvalResult } from "../dsl/evaluator";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/**
 * The UI code evaluator in a browser Web Worker (the playground evaluates code without a key, off the page's main
 * thread): the same sandbox as on the server, with QuickJS's browser build. Requests are answered in order. Every
 * evaluation runs in a sandbox of its own: code evaluated earlier in the page (pasted, opened from a link, an answer's
 * code) cannot change what later code shows.
 */
const evaluator = new UiCodeEvaluator(variant, { timeoutMs: 250 });
// The instance and the first sandbox are made while the page is still setting up, not on the first keystroke.
void evaluator.prepare().catch(() => undefined);
const scope = globalThis as unknown as {
  onmessage: ((e: { data: WorkerRequest }) => void) | null;
  postMessage(m: WorkerResponse): void;
};

scope.onmessage = async (e) => {
  const { id, code, prefix } = e.data;
  const t = performance.now();
  let result: EvalResult;
  try {
    result = prefix ? await evaluator.evaluatePrefix(code) : await evaluator.evaluate(code);
  } catch (err) {
    // Every request gets an answer, or the page would wait for it forever.
    result = { ok: false, error: { kind: "memory", message: `the sandbox could not start: ${String(err)}`.slice(0, 300) } };
  }
  const reply: WorkerResponse = { id, result, ms: performance.now() - t };
  scope.postMessage(reply);
};
