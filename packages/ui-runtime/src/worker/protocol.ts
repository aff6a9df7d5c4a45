import type { EvalResult } from "../dsl/evaluator";

/**
 * Messages between a host (a page, or a Node process) and an evaluator worker (a Web Worker, or a worker thread): see
 * serve.ts (the worker's side) and client.ts (the host's).
 *
 * `session` (optional) evaluates `code` as the next, longer prefix of one streamed answer in that session's
 * incremental sandbox (`UiCodeEvaluator.stream()`); `close: true` frees the session (and evaluates nothing: the
 * answer is `{ ok: false, error: { kind: "invalid", message: "session closed" } }`). Without `session` a request is
 * evaluated in a sandbox of its own.
 */
export type WorkerRequest = { id: number; code: string; prefix: boolean; session?: number; close?: boolean };

/**
 * A request's answer, with the time the worker spent on it (ms): wall-clock time, or, where the worker has a CPU clock
 * and the request took longer than a moment, the wall-clock time until its code started and the CPU time from then.
 */
export type WorkerAnswer = { id: number; result: EvalResult; ms: number };

/**
 * What a worker says: `ready` once its script runs (an error before it means the script could not load), with its
 * kernel thread id where it has one (`tid`: the host reads that thread's CPU clock); `exec` when request `id` starts
 * running code in the sandbox (`exec`: the epoch ms by which the sandbox's own limit stops it, counted in wall-clock
 * time; `cpu`: the thread's CPU time then, ms, where it has a CPU clock) and when it stops (`exec: 0`), so the host can
 * terminate a worker whose code overruns; and each answer.
 */
export type WorkerResponse = WorkerAnswer | { ready: true; tid?: number } | { id: number; exec: number; cpu?: number };
