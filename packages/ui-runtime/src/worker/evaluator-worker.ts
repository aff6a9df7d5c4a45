import variant from "@jitl/quickjs-singlefile-browser-release-sync";
import { UiCodeEvaluator } from "../dsl/evaluator";
import type { WorkerRequest, WorkerResponse } from "./protocol";
import { serveEvaluator } from "./serve";

/**
 * The UI code evaluator in a browser Web Worker (the playground evaluates code without a key, off the page's main
 * thread): the same sandbox as on the server, with QuickJS's browser build. Every evaluation runs in a sandbox of its
 * own: code evaluated earlier in the page (pasted, opened from a link, an answer's code) cannot change what later code
 * shows. The page's client (client.ts) terminates this worker when code overruns its deadline.
 */
const evaluator = new UiCodeEvaluator(variant, { timeoutMs: 250 });
// The instance and the first sandbox are made while the page is still setting up, not on the first keystroke.
void evaluator.prepare().catch(() => undefined);
const scope = globalThis as unknown as {
  onmessage: ((e: { data: WorkerRequest }) => void) | null;
  postMessage(m: WorkerResponse): void;
};
serveEvaluator(evaluator, {
  post: (m) => scope.postMessage(m),
  listen: (handler) => (scope.onmessage = (e) => handler(e.data)),
});
