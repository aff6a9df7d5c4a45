import { BrowserClient } from "../support/client";
import { DEMO, startStack, type Stack } from "../support/stack";

/**
 * Two copies of every service behind a load balancer (one real HAProxy), as the replica profile runs them. When no
 * copy of a service answers, it is the balancer that answers in its place — HAProxy's 503 "No server is available"
 * HTML page — where a lone service simply refused the connection. The BFF's clients must get the BFF's own error in
 * either case, never the balancer's page.
 */
describe("the BFF when every copy of a service behind the load balancer is down", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ replicas: 2, generation: { workers: 1 } });
  });
  afterAll(() => stack?.stop());

  it("when the stack is replicated, then each service has two copies behind the balancer and the BFF's port is its frontend", async () => {
    expect(stack.copies.identity).toHaveLength(2);
    expect(stack.copies.bff).toHaveLength(2);
    expect(stack.workers.length).toBeGreaterThanOrEqual(3);
    expect(stack.bff.url).toBe(stack.loadBalancer!.urls.bff);
    expect((await stack.loadBalancer!.servers()).length).toBe(10);
  });

  it("when identity is down, then a signed-in call and a sign-in get the BFF's 502 with a message, and work once it is back", async () => {
    const c = new BrowserClient(stack.bff.url);
    expect((await c.post("/accounts/api/v1/login-password/", DEMO)).status).toBe(200);
    await stack.identity.stop();
    try {
      const me = await c.get("/accounts/api/v1/me/");
      expect(me.status).toBe(502);
      expect(await me.json()).toEqual({ message: "Upstream service unavailable." });
      const login = await new BrowserClient(stack.bff.url).post("/accounts/api/v1/login-password/", DEMO);
      expect(login.status).toBe(502);
      // The same answer as when identity refuses the connection (a lone copy down).
      expect(await login.json()).toEqual({ code: "BFF.UPSTREAM", message: "Upstream service unavailable." });
    } finally {
      await stack.restartIdentity();
    }
    expect((await c.get("/accounts/api/v1/me/")).status).toBe(200);
  });

  it("when billing is down, then the dashboard's balance call gets the BFF's 502 with a message", async () => {
    const c = new BrowserClient(stack.bff.url);
    expect((await c.post("/accounts/api/v1/login-password/", DEMO)).status).toBe(200);
    await stack.stopBilling();
    try {
      const res = await c.get("/billing/api/v1/balance");
      expect(res.status).toBe(502);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: "Upstream service unavailable." });
    } finally {
      await stack.startBilling();
    }
    expect((await c.get("/billing/api/v1/balance")).status).toBe(200);
  });

  it("when the generation API is down, then the published API answers in OpenAI's error shape", async () => {
    await stack.generation!.stop();
    const res = await fetch(`${stack.bff.url}/apps/api/v1/models`, { headers: { authorization: "Bearer gk_live_x" } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: { message: "Upstream service unavailable.", type: "server_error", param: null, code: "upstream_unavailable" },
    });
  });
});
