import { createHttpApp, finishHttpApp, listen, closeServer } from "../src/http";
import { createLogger } from "../src/logger";
import { Metrics } from "../src/metrics";
import { AppError, validationFailed } from "../src/errors";
import { identityMiddleware, requireIdentity, signIdentity, IDENTITY_HEADER } from "../src/internal-identity";
import type { Server } from "node:http";

const secret = "k".repeat(40);

describe("the chassis HTTP app", () => {
  let server: Server;
  let base: string;
  let dependencyUp = true;

  beforeAll(async () => {
    const logger = createLogger("test", "silent");
    const app = createHttpApp({
      service: "test",
      logger,
      metrics: new Metrics("test"),
      bodyLimit: "1kb",
      readiness: [
        {
          name: "db",
          check: async () => {
            if (!dependencyUp) throw new Error("connection refused");
          },
        },
      ],
    });
    app.use(identityMiddleware(secret));
    app.post("/echo", (req, res) => {
      res.json(req.body);
    });
    app.post("/fields", () => {
      throw validationFailed({ url: ["Enter a valid URL."] });
    });
    app.delete("/busy", () => {
      throw new AppError("TEST.APP_ACTIVE", "Active apps cannot be deleted.");
    });
    app.get("/slow-down", () => {
      throw new AppError("TEST.RATE_LIMITED", "Too many tries.", { retryAfterSeconds: 7 });
    });
    app.get("/unmapped", () => {
      throw new AppError("TEST.NOBODY_MAPPED_ME", "internal detail");
    });
    app.get("/crash", () => {
      throw new Error("secret internals");
    });
    app.get("/mine", requireIdentity, (req, res) => {
      res.json({ user: req.identity?.sub });
    });
    finishHttpApp(app, logger, { "TEST.APP_ACTIVE": 409, "TEST.RATE_LIMITED": 429 });
    const started = await listen(app, "127.0.0.1", 0);
    server = started.server;
    base = started.url;
  });
  afterAll(() => closeServer(server));

  it("when the process is up, then /healthz answers ok", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", service: "test" });
  });

  it("when a dependency fails, then /readyz answers 503 naming it, and 200 once it is back", async () => {
    dependencyUp = false;
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "not ready", checks: { db: "connection refused" } });
    dependencyUp = true;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it("when requests were served, then /metrics exports latency histograms and in-flight gauge", async () => {
    await fetch(`${base}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{.*route="\/echo".*\}/);
    expect(text).toContain("http_requests_in_flight");
  });

  it("when a body is over the limit, then 413 with a message", async () => {
    const res = await fetch(`${base}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x: "a".repeat(2_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Request body is too large." });
  });

  it("when a body is not JSON, then 400 with a message, never 500", async () => {
    const res = await fetch(`${base}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Request body is not valid JSON." });
  });

  it("when a route rejects fields, then DRF-style field errors; a conflict gives { message }", async () => {
    const fields = await fetch(`${base}/fields`, { method: "POST" });
    expect(fields.status).toBe(400);
    expect(await fields.json()).toEqual({ url: ["Enter a valid URL."] });
    const busy = await fetch(`${base}/busy`, { method: "DELETE" });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({ message: "Active apps cannot be deleted.", code: "TEST.APP_ACTIVE" });
  });

  it("when an error says when to retry, then the edge's status and Retry-After; a code the edge does not map is a 500 without its message", async () => {
    const slow = await fetch(`${base}/slow-down`);
    expect(slow.status).toBe(429);
    expect(slow.headers.get("retry-after")).toBe("7");
    const unmapped = await fetch(`${base}/unmapped`);
    expect(unmapped.status).toBe(500);
    expect(await unmapped.json()).toEqual({ message: "Internal server error." });
  });

  it("when a handler crashes, then 500 without internals, and unknown routes 404", async () => {
    const crash = await fetch(`${base}/crash`);
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({ message: "Internal server error." });
    const missing = await fetch(`${base}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found." });
  });

  it("when a request carries ids, then they are echoed; otherwise fresh ones are made", async () => {
    const res = await fetch(`${base}/healthz`, { headers: { "x-request-id": "req-1", "x-correlation-id": "corr-1" } });
    expect(res.headers.get("x-request-id")).toBe("req-1");
    expect(res.headers.get("x-correlation-id")).toBe("corr-1");
    const fresh = await fetch(`${base}/healthz`, { headers: { "x-request-id": "bad id with spaces" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when identity is unsigned, forged, expired or valid, then only the valid one gets through", async () => {
    expect((await fetch(`${base}/mine`)).status).toBe(401);
    const forged = await fetch(`${base}/mine`, { headers: { [IDENTITY_HEADER]: signIdentity("u1", "z".repeat(40)) } });
    expect(forged.status).toBe(401);
    const expired = await fetch(`${base}/mine`, {
      headers: { [IDENTITY_HEADER]: signIdentity("u1", secret, 10, Date.now() - 20_000) },
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ message: "Invalid or expired identity." });
    const ok = await fetch(`${base}/mine`, { headers: { [IDENTITY_HEADER]: signIdentity("u1", secret) } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ user: "u1" });
  });
});
