import { headers as natsHeaders, type MsgHdrs } from "nats";
import { traceCarrier, type Context } from "../tracing";

/** The trace context headers (W3C) of a message, as a carrier; undefined when it has none. */
export function carrierOf(h: MsgHdrs | undefined): Record<string, string> | undefined {
  const traceparent = h?.get("traceparent");
  if (!traceparent) return undefined;
  const tracestate = h?.get("tracestate");
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** NATS headers carrying the active (or given) trace context. */
export function tracedHeaders(ctx?: Context, h: MsgHdrs = natsHeaders()): MsgHdrs {
  for (const [k, v] of Object.entries(traceCarrier(ctx))) h.set(k, v);
  return h;
}

export const messaging = (subject: string, operation: string) => ({
  "messaging.system": "nats",
  "messaging.destination.name": subject,
  "messaging.operation.type": operation,
});
