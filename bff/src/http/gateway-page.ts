import type { IncomingMessage, ServerResponse } from "node:http";
import { isGatewayPage } from "../gateway-page";

/** Whether an answer is a load balancer's page: shared with identity/, so it lives in bff/src/gateway-page.ts. */
export { isGatewayPage };

/** `isGatewayPage` for a proxied response. */
export const isGatewayResponse = (res: IncomingMessage): boolean =>
  isGatewayPage(res.statusCode ?? 0, res.headers["content-type"]);

/**
 * An answer the service stopped sending midway (its process died; the balancer closed the connection) ends the
 * client's answer too: the proxy pipes the body but does not pass an aborted upstream on, so a stream would stay open
 * with nothing more to come until the client gave up (seen in the fault campaign: streams hung past their deadline
 * after a generation copy was killed). The client sees its connection close, and may try again.
 */
export function followUpstreamAbort(proxyRes: IncomingMessage, res: ServerResponse): void {
  proxyRes.once("close", () => {
    if (!proxyRes.complete && !res.writableEnded) res.destroy();
  });
}
