/** The Redis keys of a generation job the API process and its workers share (one bounded context). */

/** Redis key set when a request is cancelled (a worker that subscribes late still sees it). */
export const cancelKey = (prefix: string, requestId: string): string => `${prefix}gen:cancel:${requestId}`;
/** Redis key set once a request's usage is published (a retried or duplicate job does not run again). */
export const doneKey = (prefix: string, requestId: string): string => `${prefix}gen:done:${requestId}`;
/**
 * Redis key set when a request's code was stopped at the sandbox's deadline: a later attempt of the same job (a retry,
 * or a stalled job handed to another worker) answers the same error without running that code again.
 */
export const sandboxStoppedKey = (prefix: string, requestId: string): string => `${prefix}gen:sandbox-stopped:${requestId}`;
/**
 * Redis Stream of a resumable answer's pieces, in the order the worker published them (each entry one chunk, field
 * `c`): a client that lost its connection resumes from it on any API copy (docs/api.md "Resuming a stream").
 */
export const answerEventsKey = (prefix: string, requestId: string): string => `${prefix}gen:answer:${requestId}`;
/** Who may resume an answer and how its events are written (the API process sets it when the stream opens). */
export const answerMetaKey = (prefix: string, requestId: string): string => `${prefix}gen:answer-meta:${requestId}`;
/** The reader an answer's events go to now: the last client to open or resume it (a dropped one is then not waited for). */
export const answerReaderKey = (prefix: string, requestId: string): string => `${prefix}gen:answer-reader:${requestId}`;
/** The answer a streamed request's Idempotency-Key started (its caller's scope and the key, hashed). */
export const idempotencyKey = (prefix: string, scoped: string): string => `${prefix}gen:idempotency:${scoped}`;
