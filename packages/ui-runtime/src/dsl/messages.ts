/**
 * Messages of the sandbox that the browser side shows too, in a module without dependencies: the worker client
 * (bundled into every app that embeds a screen) must not pull in the evaluator, QuickJS or zod for one sentence.
 */

/** The time-limit error's message, the same whether QuickJS interrupted the code or its host stopped the thread. */
export const timeLimitMessage = (timeoutMs: number, stoppedByHost = false): string =>
  `code ran past its time limit of ${timeoutMs} ms${stoppedByHost ? " and was stopped" : ""}`;
