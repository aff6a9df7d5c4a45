/** A signal that aborts at a deadline or with any of the caller's signals; `clear()` once the work has ended. */
export interface Deadline {
  readonly signal: AbortSignal;
  clear(): void;
}

/**
 * Aborts after `ms` (a `TimeoutError`, as `AbortSignal.timeout` does) or as soon as one of `signals` aborts (with its
 * reason). Not `AbortSignal.any([..., AbortSignal.timeout(ms)])`: Node 20's composite holds its sources weakly and the
 * timeout's timer holds its signal weakly, so a garbage collection before the deadline drops the timeout and the
 * deadline never comes (nodejs/node#57736; `deadline.test.ts` shows it). Here the timer holds the controller.
 */
export function deadline(ms: number, ...signals: AbortSignal[]): Deadline {
  const controller = new AbortController();
  const onAbort = (event: Event) => stop((event.target as AbortSignal).reason);
  const timer = setTimeout(() => stop(new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms);
  function stop(reason: unknown): void {
    clear();
    if (!controller.signal.aborted) controller.abort(reason);
  }
  function clear(): void {
    clearTimeout(timer);
    for (const s of signals) s.removeEventListener("abort", onAbort);
  }
  for (const s of signals) {
    if (s.aborted) {
      stop(s.reason);
      break;
    }
    s.addEventListener("abort", onAbort, { once: true });
  }
  return { signal: controller.signal, clear };
}
