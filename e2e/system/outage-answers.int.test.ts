import { randomUUID } from "node:crypto";
import { startTcpRelay, testInfra, type TcpRelay } from "@genui/testkit";
import { BrowserClient } from "../support/client";
import { newDeveloper } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

describe("answers while a dependency is down", () => {
  let stack: Stack;
  /** The test store behind a relay that can be cut and restored: the store "restarts" for the services behind it and
   * for no other test (the store itself stays up). */
  let relay: TcpRelay;
  const password = "password123";
  const email = `outage-${randomUUID()}@genui.dev`;
  let dev: Awaited<ReturnType<typeof newDeveloper>>;

  beforeAll(async () => {
    relay = await startTcpRelay(testInfra().mongoUrl);
    // identity and apps reach the store through the relay; the rest of the stack directly.
    const viaRelay = { MONGO_URL: relay.url };
    stack = await startStack({ identityEnv: viaRelay, appsEnv: viaRelay });
    dev = await newDeveloper(stack, 0, { email, password });
  });
  afterAll(async () => {
    relay?.restore();
    await stack?.stop();
    await relay?.close();
  });

  it("when the store is down, then sign-in and the dashboard answer 503 with Retry-After and a reason, never a bare 500; once it is back, everything stored is there", async () => {
    relay.cut();
    try {
      const signIn = await new BrowserClient(stack.bff.url).post("/accounts/api/v1/login-password/", { email, password });
      const signInBody = (await signIn.json()) as { message?: string; code?: string };
      expect({ status: signIn.status, retryAfter: signIn.headers.get("retry-after") }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
      });
      expect(signInBody.message).toMatch(/unavailable/i);

      // A write needs the store (a read may still be answered from a copy's cache).
      const write = await dev.client.post(`/apps/api/v1/templates/${dev.appId}/create/`);
      const writeBody = (await write.json()) as { message?: string; code?: string };
      expect({ status: write.status, retryAfter: write.headers.get("retry-after"), code: writeBody.code }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        code: "COMMON.UNAVAILABLE",
      });
    } finally {
      relay.restore();
    }
    // Back: the account signs in, its app is still there, and nothing was half written while the store was away.
    let signedIn = 0;
    for (let i = 0; i < 100 && signedIn !== 200; i++) {
      signedIn = (await new BrowserClient(stack.bff.url).post("/accounts/api/v1/login-password/", { email, password })).status;
      if (signedIn !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(signedIn).toBe(200);
    const apps = (await (await dev.client.get("/apps/api/v1/list/")).json()) as { results: { id: string }[] };
    expect(apps.results.map((a) => a.id)).toEqual([dev.appId]);
    const templates = (await (await dev.client.get(`/apps/api/v1/templates/${dev.appId}/`)).json()) as { count: number };
    expect(templates.count).toBe(0);
  });
});
