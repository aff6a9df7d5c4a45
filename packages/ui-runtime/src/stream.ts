/**
 * The browser side of streamed answers without the evaluator itself (no QuickJS, no zod): the content layout reader
 * and the evaluator worker's client. `@genui/react` and the `<genui-screen>` loader import this entry.
 */
export * from "./stream-content";
export * from "./worker/client";
export type { WorkerRequest, WorkerResponse } from "./worker/protocol";
export type { EvalResult, EvalError, EvalErrorKind } from "./dsl/evaluator";
export * from "./stream-render";
