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
