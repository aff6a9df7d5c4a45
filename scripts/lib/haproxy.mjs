// The load balancer of the local replica profile: one HAProxy (Debian's) with a frontend per load-balanced process of
// the topology, on that process's own port, and its copies as servers. Derived from the topology by the launcher.

/**
 * HAProxy's configuration for `groups` ({ name, port, backends: port[] }), all on loopback.
 * - Health: `GET /healthz` (alive, not `/readyz`): an outage of Redis or the store makes every copy unready at once,
 *   and the processes answer that themselves (503 with a reason) better than a load balancer with no server left.
 * - A copy that dies is out after three failed checks (about 3 s); until then a refused connection is retried on
 *   another copy (`retry-on conn-failure`, `option redispatch`). A request already sent is replayed only when it is a
 *   read (GET or HEAD) that got no answer (the copy died under it); a POST that may have run once must not run twice (`redispatch 1`: the retry goes to another copy at once). A check may
 *   take 5 s: a copy busy for a moment (one core shared by many processes) is slow, not dead, and taking every copy
 *   out at once would refuse everyone.
 * - A client that goes away cancels its request at the copy (`abortonclose`): a stream nobody reads stops generating.
 * - Streams (server-sent events) may stay open for minutes: long client, server and tunnel timeouts.
 * - Keep-alive: a client's idle connection is closed after `timeout http-keep-alive`, and every answer says so
 *   (`Keep-Alive: timeout=30`) in place of the copy's own hint (65 s), which HAProxy would pass on: a client that
 *   believed it would send a request on a connection HAProxy is closing, and that request is lost. Idle connections
 *   to the copies are HAProxy's to close first (it purges unused ones every 5 s; the copies keep theirs 65 s).
 * - `statsPort`: HAProxy's own page (`/stats`) and Prometheus metrics (`/metrics`), operators' only, on loopback.
 */
/** Seconds a client's idle keep-alive connection stays open (announced in every answer's `Keep-Alive` header). */
export const KEEP_ALIVE_S = 30;

export function haproxyConfig(groups, { statsPort, pidFile } = {}) {
  const lines = [
    "# Written by scripts/launcher.mjs from deploy/topology.json (localReplicas); regenerated at every start.",
    "global",
    "  maxconn 4000",
    ...(pidFile ? [`  pidfile ${pidFile}`] : []),
    "",
    "defaults",
    "  mode http",
    "  option forwardfor",
    "  option redispatch 1",
    "  option abortonclose",
    "  retries 2",
    "  retry-on conn-failure empty-response response-timeout",
    "  timeout connect 2s",
    "  timeout http-request 30s",
    `  timeout http-keep-alive ${KEEP_ALIVE_S}s`,
    "  timeout client 5m",
    "  timeout server 5m",
    "  timeout tunnel 5m",
    "  timeout queue 10s",
    "  timeout check 5s",
    "  default-server inter 1s fall 3 rise 1",
    "",
  ];
  if (statsPort) {
    lines.push(
      "frontend stats",
      `  bind 127.0.0.1:${statsPort}`,
      "  http-request use-service prometheus-exporter if { path /metrics }",
      "  stats enable",
      "  stats uri /stats",
      "  stats refresh 5s",
      "",
    );
  }
  for (const g of groups) {
    lines.push(
      `frontend ${g.name}`,
      `  bind 127.0.0.1:${g.port}`,
      // A read the killed copy was answering is asked again of another (GET and HEAD change nothing); nothing else is.
      "  http-request disable-l7-retry unless METH_GET",
      `  http-response set-header keep-alive timeout=${KEEP_ALIVE_S}`,
      `  default_backend ${g.name}-copies`,
      "",
      `backend ${g.name}-copies`,
      "  balance roundrobin",
      "  option httpchk GET /healthz",
      "  http-check expect status 200",
      ...g.backends.map((port, i) => `  server ${g.name}-${i + 1} 127.0.0.1:${port} check`),
      "",
    );
  }
  return lines.join("\n");
}
