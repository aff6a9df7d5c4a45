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

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts an incoming id only when it looks like one; otherwise makes a new one. */
export function acceptId(value: unknown): string {
  return typeof value === "string" && ID_PATTERN.test(value) ? value : randomUUID();
}
