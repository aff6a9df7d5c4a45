import type { IncomingMessage } from "node:http";
import { startService, type RunningService } from "../src/service";

/**
 * A service's `preRoute` (set in its setup): the requests it takes are answered before the app, with node:http's own
 * request and response; every other request reaches the app exactly as without it.
 */
describe("a listener before the app", () => {
  let svc: RunningService;
  const taken: IncomingMessage[] = [];

  beforeAll(async () => {
    svc = await startService({
      service: "pre-route-test",
      http: { host: "127.0.0.1", port: 0, bodyLimit: "1kb" },
      logLevel: "silent",
      setup: (ctx) => {
        ctx.app.post("/echo", (req, res) => {
          res.json({ body: req.body as unknown, path: req.path });
        });
        ctx.preRoute = (req, res) => {
          if (!req.url?.startsWith("/fast/")) return false;
          taken.push(req);
          res.writeHead(200, { "content-type": "text/plain" }).end(`fast ${req.method} ${req.url}`);
          return true;
        };
      },
    });
  });
  afterAll(() => svc.stop());

  it("when a request is the listener's, then it answers it, and express never touched the request", async () => {
    const res = await fetch(`${svc.url}/fast/thing?x=1`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("fast POST /fast/thing?x=1");
    // No request or correlation id, no express properties: the app did not see it.
    expect(res.headers.get("x-request-id")).toBeNull();
    expect(taken).toHaveLength(1);
    expect("originalUrl" in taken[0]!).toBe(false);
  });

  it("when a request is not the listener's, then the app answers it as it always does: routes, ids, health, 404", async () => {
    const echo = await fetch(`${svc.url}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "pre-route-1" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(echo.status).toBe(200);
    expect(echo.headers.get("x-request-id")).toBe("pre-route-1");
    expect(await echo.json()).toEqual({ body: { a: 1 }, path: "/echo" });
    expect(await (await fetch(`${svc.url}/healthz`)).json()).toEqual({ status: "ok", service: "pre-route-test" });
    const missing = await fetch(`${svc.url}/fast`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found." });
    expect(taken).toHaveLength(1);
  });
});
