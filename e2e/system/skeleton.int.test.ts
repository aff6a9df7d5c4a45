import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { IDENTITY_HEADER, signIdentity, type RunningService } from "@genui/chassis";
import { TEST_IDENTITY_SECRET } from "@genui/testkit";
import { BrowserClient } from "../support/client";
import { DEMO, startStack, type Stack } from "../support/stack";

const APP_JS = `console.log(${JSON.stringify("GenUI ".repeat(500))});\n`;

describe("the walking skeleton: browser → BFF → identity", () => {
  let stack: Stack;
  let bff: RunningService;

  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(os.tmpdir(), "genui-web-"));
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>GenUI</title><div id=root></div>");
    mkdirSync(path.join(staticDir, "assets"));
    writeFileSync(path.join(staticDir, "assets", "app-abc123.js"), APP_JS);
    writeFileSync(path.join(staticDir, "assets", "app-abc123.js.br"), brotliCompressSync(APP_JS));
    writeFileSync(path.join(staticDir, "assets", "app-abc123.js.gz"), gzipSync(APP_JS));
    stack = await startStack({ staticDir });
    bff = stack.bff;
  });
  afterAll(() => stack.stop());

  it("when a logged-out visitor asks who they are, then identity's 401 comes back through the BFF", async () => {
    const res = await fetch(`${bff.url}/accounts/api/v1/me/`, { headers: { "x-request-id": "through-bff" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "Authentication credentials were not provided." });
    expect(res.headers.get("x-request-id")).toBe("through-bff");
  });

  it("when a client sends its own identity header, even a validly signed one, then the BFF drops it", async () => {
    const res = await fetch(`${bff.url}/accounts/api/v1/me/`, {
      headers: { [IDENTITY_HEADER]: signIdentity("someone", TEST_IDENTITY_SECRET) },
    });
    expect(res.status).toBe(401);
  });

  it("when the SPA asks for a CSRF token, then csrftoken is set readable, SameSite=Lax, and kept on the next call", async () => {
    const res = await fetch(`${bff.url}/get-csrf/`);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    // csrf-csrf's token: HMAC (hex) "." random (hex), bound to the session (none yet).
    expect(cookie).toMatch(/^csrftoken=[0-9a-f]{64}\.[0-9a-f]{64};/);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");
    const token = /^csrftoken=([^;]+)/.exec(cookie)![1]!;
    const again = await fetch(`${bff.url}/get-csrf/`, { headers: { cookie: `csrftoken=${token}` } });
    expect(again.headers.get("set-cookie")).toContain(`csrftoken=${token}`);
  });

  it("when an unsafe request lacks or mismatches the CSRF header, then 403 with a message", async () => {
    const missing = await fetch(`${bff.url}/accounts/api/v1/logout/`, { method: "POST" });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ message: "CSRF Failed: CSRF token missing." });
    const wrong = await fetch(`${bff.url}/accounts/api/v1/logout/`, {
      method: "POST",
      headers: { cookie: "csrftoken=" + "a".repeat(43), "x-csrftoken": "b".repeat(43) },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: "CSRF Failed: CSRF token incorrect." });
  });

  it("when a path is not on the allow-list, then the BFF answers 404 itself and never forwards it", async () => {
    const res = await fetch(`${bff.url}/accounts/api/v1/users/`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found." });
    const internal = await fetch(`${bff.url}/healthz/../accounts/api/v1/me/extra`);
    expect(internal.status).toBe(404);
  });

  it("when a browser opens a client-side route, then the SPA's index.html is served", async () => {
    const res = await fetch(`${bff.url}/dashboard`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<div id=root>");
  });

  it("when a browser asks for a hashed script, then the pre-compressed twin it accepts is sent, with the right type and caching", async () => {
    const url = `${bff.url}/assets/app-abc123.js`;
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      // undici decodes br and gzip itself, so the body must equal the original either way.
      const res = await fetch(url, { headers: { "accept-encoding": accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await res.text()).toBe(APP_JS);
    }
    const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(APP_JS);
    expect((await fetch(`${bff.url}/assets/..%2findex.html.js`, { headers: { "accept-encoding": "br" } })).status).toBe(403);
    expect((await fetch(`${bff.url}/assets/missing-1.js`, { headers: { "accept-encoding": "br" } })).status).toBe(404);
  });

  it("when the SPA asks for its settings, then /get-config/ names the providers' script addresses and no secret", async () => {
    const res = await fetch(`${bff.url}/get-config/`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual([
      "cashfree_sdk_url",
      "chat_stream",
      "csrf_cookie_name",
      "google_client_id",
      "google_script_url",
      "paypal_sdk_url",
    ]);
    expect(body.csrf_cookie_name).toBe("csrftoken");
    expect(body.google_script_url).toBe(`${stack.googleUrl}/gsi/client`);
    expect(body.paypal_sdk_url).toBe("https://www.paypal.com/sdk/js");
    expect(body.cashfree_sdk_url).toBe("https://sdk.cashfree.com/js/v3/cashfree.js");
    expect(body.chat_stream).toBe("snapshots");
  });

  it("when identity is down, then a signed-in call gets 502 with a message, the BFF reports not ready, and the session survives the restart", async () => {
    const c = new BrowserClient(bff.url);
    expect((await c.post("/accounts/api/v1/login-password/", DEMO)).status).toBe(200);
    await stack.identity.stop();
    try {
      const res = await c.get("/accounts/api/v1/me/");
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: "Upstream service unavailable." });
      const ready = await fetch(`${bff.url}/readyz`);
      expect(ready.status).toBe(503);
    } finally {
      await stack.restartIdentity();
    }
    expect((await c.get("/accounts/api/v1/me/")).status).toBe(200);
  });
});
