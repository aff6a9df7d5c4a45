import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What follows a request through a process: its id and the correlation id shared across services. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runWithContext = <T>(ctx: RequestContext, fn: () => T): T => storage.run(ctx, fn);
export const currentContext = (): RequestContext | undefined => storage.getStore();

/**
 * How a request's ids reach what it calls: `implicit` runs the request in an `AsyncLocalStorage` (`currentContext`
 * answers them anywhere in its asynchronous work: bus messages, outgoing calls); `explicit` leaves them on the answer
 * (`requestIdsOf`) for the service's code to hand on itself. On Node 20 the first request run in the storage gives
 * the whole process promise hooks for good: every promise then runs a hook and carries the context, and V8's await
 * loses its fast path. Measured on the generation path (docs/performance.md, "Requests' ids handed on explicitly"),
 * that was 5–33 % of the API's CPU per request; a service whose code hands its ids on runs `explicit`.
 */
export type ContextCarriage = "implicit" | "explicit";

/** The request and correlation ids an answer carries (set on it by `createHttpApp` and `requestExchanges`). */
export function requestIdsOf(res: { getHeader(name: string): unknown }): RequestContext | undefined {
  const requestId = res.getHeader("x-request-id");
  const correlationId = res.getHeader("x-correlation-id");
  return typeof requestId === "string" && typeof correlationId === "string" ? { requestId, correlationId } : undefined;
}

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts an incoming id only when it looks like one; otherwise makes a new one. */
export function acceptId(value: unknown): string {
  return typeof value === "string" && ID_PATTERN.test(value) ? value : randomUUID();
}
