import type { EvalResult } from "../dsl/evaluator";

/**
 * Messages between a page and the evaluator Web Worker (see evaluator-worker.ts and client.ts).
 *
 * `session` (optional) evaluates `code` as the next, longer prefix of one streamed answer in that session's
 * incremental sandbox (`UiCodeEvaluator.stream()`); `close: true` frees the session (and evaluates nothing: the
 * answer is `{ ok: false, error: { kind: "invalid", message: "session closed" } }`). Without `session` a request is
 * evaluated in a sandbox of its own, as before.
 */
export type WorkerRequest = { id: number; code: string; prefix: boolean; session?: number; close?: boolean };
export type WorkerResponse = { id: number; result: EvalResult; ms: number };
