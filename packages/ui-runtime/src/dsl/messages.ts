/**
 * Messages of the sandbox that the browser side shows too, in a module without dependencies: the worker client
 * (bundled into every app that embeds a screen) must not pull in the evaluator, QuickJS or zod for one sentence.
 */

/** The time-limit error's message, the same whether QuickJS interrupted the code or its host stopped the thread. */
export const timeLimitMessage = (timeoutMs: number, stoppedByHost = false): string =>
  `code ran past its time limit of ${timeoutMs} ms${stoppedByHost ? " and was stopped" : ""}`;

/**
 * Where the thread's CPU time can be read, the time limit counts the CPU the code had, so code on a busy machine is
 * not stopped for the time other threads had the core; its wall-clock time is still capped, at this many times the
 * limit (a clock that stops advancing, a thread starved for good).
 */
export const WALL_CEILING_FACTOR = 20;
