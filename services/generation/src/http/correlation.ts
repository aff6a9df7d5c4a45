import { requestIdsOf } from "@genui/chassis";

/**
 * The correlation id a request's answer carries (`requestIdsOf`), for its `Caller`: generation hands its requests' ids
 * on explicitly (it runs no request context), and the admission sends this one on with the balance hold.
 */
export function correlationOf(res: { getHeader(name: string): unknown }): { correlationId?: string } {
  const ids = requestIdsOf(res);
  return ids ? { correlationId: ids.correlationId } : {};
}
