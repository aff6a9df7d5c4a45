import http from "node:http";
import express from "express";
import { loopbackServers } from "../../test/support/loopback-servers";
import { quietEdge } from "../../test/support/published-servers";
import { allowListProxy } from "./proxy";
import { publishedApi } from "./published-api";
import { UPSTREAM_IDLE_MS } from "./upstream-agent";
import type { RateLimiter } from "../session/rate-limit";

/**
 * A keep-alive connection to a service that sat idle is closed by the other side sooner or later (HAProxy after 30 s,
 * a service after 65 s). A request written on it at that moment is lost: the close crosses it, the BFF sees "socket
 * hang up" and answers 502, and a POST is never sent again. The model upstream below gives that worst timing to
 * every request that arrives on a connection idle for longer than the BFF's limit: it closes without answering.
 */
describe("the BFF's keep-alive connections to services", () => {
  const { listen, closeAll } = loopbackServers();
  afterAll(closeAll);

  /** Counts connections; drops (without an answer) a request that reuses a connection idle for `idleMs` or more. */
  async function closingUpstream(idleMs: number) {
    const lastAnswer = new WeakMap<object, number>();
    const seen = { connections: 0, dropped: 0 };
    const server = http.createServer((req, res) => {
      const last = lastAnswer.get(req.socket);
      if (last !== undefined && Date.now() - last >= idleMs) {
        seen.dropped += 1;
        req.socket.destroy();
        return;
      }
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}", () => lastAnswer.set(req.socket, Date.now()));
      });
    });
    server.keepAliveTimeout = 120_000;
    server.on("connection", () => (seen.connections += 1));
    return { url: await listen(server), seen };
  }

  const idle = UPSTREAM_IDLE_MS + 700;

  it("when a published request follows a pause longer than the idle limit, then it goes on a new connection and is answered", async () => {
    const upstream = await closingUpstream(idle);
    const edge = publishedApi({ target: upstream.url, limiter: {} as RateLimiter, ...quietEdge() });
    const bff = await listen(http.createServer((req, res) => void (edge(req, res) || res.writeHead(404).end())));
    const post = () => fetch(`${bff}/apps/api/v1/chat/completions`, { method: "POST", body: "{}" }).then((r) => r.status);
    expect(await post()).toBe(200);
    expect(await post()).toBe(200);
    expect(upstream.seen.connections).toBe(1); // kept alive between requests close together
    await new Promise((r) => setTimeout(r, idle + 200));
    expect(await post()).toBe(200);
    expect(upstream.seen).toEqual({ connections: 2, dropped: 0 });
  });

  it("when a signed-in route's request follows such a pause, then it too goes on a new connection", async () => {
    const upstream = await closingUpstream(idle);
    const app = express();
    const upstreams = { identity: upstream.url, apps: upstream.url, billing: upstream.url, generation: upstream.url };
    app.use(allowListProxy({ upstreams, identityFor: () => undefined }));
    const bff = await listen(http.createServer(app));
    const get = () => fetch(`${bff}/billing/api/v1/modals/list`).then((r) => r.status);
    expect(await get()).toBe(200);
    await new Promise((r) => setTimeout(r, idle + 200));
    expect(await get()).toBe(200);
    expect(upstream.seen).toEqual({ connections: 2, dropped: 0 });
  });
});
