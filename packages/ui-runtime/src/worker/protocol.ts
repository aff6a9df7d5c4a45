import type { EvalResult } from "../dsl/evaluator";

/** Messages between a page and the evaluator Web Worker (see evaluator-worker.ts and client.ts). */
export type WorkerRequest = { id: number; code: string; prefix: boolean };
export type WorkerResponse = { id: number; result: EvalResult; ms: number };
