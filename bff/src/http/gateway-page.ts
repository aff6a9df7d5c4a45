import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Is this answer a load balancer's own page rather than the service's? A service answers in JSON, errors too; when no
 * copy of it can be reached, a balancer between the BFF and the copies answers in its place (HAProxy's 503 "No server
 * is available" HTML, a 502 or 504 page). That is the same event as a refused connection to a lone service, and the
 * BFF's clients get the BFF's own error for it, never the balancer's page.
 */
export function isGatewayPage(status: number, contentType: string | null | undefined): boolean {
  return (status === 502 || status === 503 || status === 504) && !/\bjson\b/i.test(contentType ?? "");
}

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
