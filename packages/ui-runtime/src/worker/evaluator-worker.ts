import variant from "@jitl/quickjs-singlefile-browser-release-sync";
import { UiCodeEvaluator, type EvalResult, type UiCodeStream } from "../dsl/evaluator";
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

/** Streaming sessions by the page's session id: one incremental sandbox per streamed answer. */
const sessions = new Map<number, UiCodeStream>();
const CLOSED: EvalResult = { ok: false, error: { kind: "invalid", message: "session closed" } };

/** A session's requests run one after another (a push awaits its sandbox; a close must not overtake it). */
let sessionQueue: Promise<unknown> = Promise.resolve();

function answer(req: WorkerRequest): Promise<EvalResult> {
  const { code, prefix, session } = req;
  if (session === undefined) return prefix ? evaluator.evaluatePrefix(code) : evaluator.evaluate(code);
  const next = sessionQueue.then(() => sessionAnswer(session, code, !!req.close));
  sessionQueue = next.catch(() => undefined);
  return next;
}

async function sessionAnswer(session: number, code: string, close: boolean): Promise<EvalResult> {
  if (close) {
    sessions.get(session)?.dispose();
    sessions.delete(session);
    return CLOSED;
  }
  let stream = sessions.get(session);
  if (!stream) sessions.set(session, (stream = evaluator.stream()));
  return stream.push(code);
}

scope.onmessage = async (e) => {
  const { id } = e.data;
  const t = performance.now();
  let result: EvalResult;
  try {
    result = await answer(e.data);
  } catch (err) {
    // Every request gets an answer, or the page would wait for it forever.
    result = { ok: false, error: { kind: "memory", message: `the sandbox could not start: ${String(err)}`.slice(0, 300) } };
  }
  const reply: WorkerResponse = { id, result, ms: performance.now() - t };
  scope.postMessage(reply);
};
