import EvaluatorWorker from "@genui/ui-runtime/worker?worker&inline";

/**
 * The UI code sandbox worker (QuickJS in a Web Worker) started from a blob: URL the page makes from the worker's
 * script, bundled into this chunk. The iframe and playground documents have an opaque origin (their policy's
 * `sandbox` directive), and a worker's script must be same-origin with its document: no URL on our server is, a
 * blob: URL made by the document itself is. Their policy allows `worker-src blob:` for it and nothing else.
 */
export function spawnSandboxWorker(name: string): Worker {
  return new EvaluatorWorker({ name });
}
