import http from "node:http";

/**
 * How long an idle keep-alive connection to a service is kept for the next request. It must end before the other
 * side closes it: a request written on a connection the other side is closing at that moment is lost (the client sees
 * "socket hang up" and answers 502), and a POST cannot be sent again. The other side is HAProxy in front of copies
 * (`timeout http-keep-alive` 30 s) or a service itself (Node's `keepAliveTimeout`, 65 s here; 5 s by default).
 *
 * Node's agent honours a server's `Keep-Alive: timeout=N` hint only when it has a timeout of its own; without one
 * it keeps idle connections forever, and a load balancer passes its copies' hint on as if it were its own.
 */
export const UPSTREAM_IDLE_MS = 4_000;

/** Keep-alive to the services (a new TCP connection per proxied request would dominate latency), idle for at most 4 s. */
export function upstreamAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 10_000, timeout: UPSTREAM_IDLE_MS });
}
