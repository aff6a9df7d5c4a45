import http from "node:http";
import { loopbackServers } from "../../test/support/loopback-servers";
import { quietEdge } from "../../test/support/published-servers";
import { publishedApi } from "./published-api";
import type { RateLimiter } from "../session/rate-limit";

/**
 * A generation copy that dies mid-stream: its connection closes after the first chunk. The client of the BFF must see
 * its stream end too, not wait for chunks that will never come.
 */
describe("a proxied stream whose upstream dies midway", () => {
  const { listen, closeAll } = loopbackServers();
  afterAll(closeAll);

  it("when the upstream's connection closes after the first chunk, then the client's stream ends at once, not hangs", async () => {
    const upstream = await listen(
      http.createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write('data: {"id":"chatcmpl-1","choices":[]}\n\n');
        setTimeout(() => res.socket?.destroy(), 100);
      }),
    );
    const edge = publishedApi({ target: upstream, limiter: {} as RateLimiter, ...quietEdge() });
    const bff = await listen(http.createServer((req, res) => void (edge(req, res) || res.writeHead(404).end())));
    const started = Date.now();
    const res = await fetch(`${bff}/apps/api/v1/chat/completions`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    const outcome = await Promise.race([
      res.text().then(
        () => "ended",
        () => "cut",
      ),
      new Promise((r) => setTimeout(() => r("still open after 5 s"), 5_000)),
    ]);
    expect(outcome).toMatch(/^(cut|ended)$/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
