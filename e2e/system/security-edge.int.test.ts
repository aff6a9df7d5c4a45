import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import dockerignore from "@balena/dockerignore";
import { REPO_ROOT } from "@genui/testkit";
import { BrowserClient } from "../support/client";
import { DEMO, stackReplicas, startStack, type Stack } from "../support/stack";

// The public edge (BFF) under attack: forged proxy headers, framing, scraping operational data, malformed paths and
// CSRF tokens carried over from another session. Every request goes through the real BFF over loopback.

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";

function spaDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "genui-edge-"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><title>GenUI</title></head><body><div id=root></div></body></html>`,
  );
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1);\n");
  return dir;
}

const login = (c: BrowserClient, headers: Record<string, string> = {}) =>
  c.request("POST", "/accounts/api/v1/login-password/", DEMO, headers);

/** A wrong sign-in from a fresh visitor (its own CSRF token), with the given proxy headers. */
const wrongLogin = async (url: string, headers: Record<string, string>) => {
  const c = new BrowserClient(url);
  await c.csrf();
  return (
    await c.request(
      "POST",
      "/accounts/api/v1/login-password/",
      { email: "nobody@example.com", password: "wrong-password" },
      headers,
    )
  ).status;
};

describe("the BFF behind an untrusted peer (TRUST_PROXY names a proxy network the caller is not in)", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      staticDir: spaDir(),
      bffEnv: { TRUST_PROXY: "10.0.0.0/8", SIGNUP_RATE_PER_IP: "3/60" },
    });
  });
  afterAll(() => stack.stop());

  it("when a client rotates a forged X-Forwarded-For, then the sign-up rate limit still counts one address and answers 429", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const c = new BrowserClient(stack.bff.url);
      await c.csrf();
      const res = await c.request(
        "POST",
        "/accounts/api/v1/register/",
        { email: `x${i}@example.com`, password: "" },
        {
          "x-forwarded-for": `203.0.113.${i}`,
        },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("when a client forges X-Forwarded-Proto: https over plain HTTP, then no cookie is marked Secure and no HSTS is sent", async () => {
    const c = new BrowserClient(stack.bff.url);
    const csrf = await c.request("GET", "/get-csrf/", undefined, { "x-forwarded-proto": "https" });
    expect(csrf.headers.getSetCookie().join("\n")).not.toMatch(/;\s*Secure/i);
    const res = await login(c, { "x-forwarded-proto": "https" });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((k) => k.startsWith("sessionid="))).toBe(true);
    expect(cookies.join("\n")).not.toMatch(/;\s*Secure/i);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the BFF behind a trusted proxy (TRUST_PROXY=1: one hop, the load balancer)", () => {
  let stack: Stack;

  beforeAll(async () => {
    // In replica mode the stack's own HAProxy stands between this test's "load balancer" and the BFF, appending one
    // more address: the operator counts that hop too.
    const hops = stackReplicas() > 1 ? "2" : "1";
    stack = await startStack({ staticDir: spaDir(), bffEnv: { TRUST_PROXY: hops, LOGIN_RATE_PER_IP: "2/60" } });
  });
  afterAll(() => stack.stop());

  it("when the proxy appends the real client address, then a forged left-hand entry does not escape that client's rate limit and another client keeps its own budget", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++)
      statuses.push(await wrongLogin(stack.bff.url, { "x-forwarded-for": `198.51.100.${i}, 192.0.2.7` }));
    expect(statuses).toEqual([400, 400, 429]);
    expect(await wrongLogin(stack.bff.url, { "x-forwarded-for": "192.0.2.8" })).toBe(400);
  });

  it("when the proxy says the client came over HTTPS, then the session and CSRF cookies are Secure and HSTS is sent", async () => {
    const c = new BrowserClient(stack.bff.url);
    const proto = { "x-forwarded-proto": "https", "x-forwarded-for": "192.0.2.50" };
    const csrf = await c.request("GET", "/get-csrf/", undefined, proto);
    expect(csrf.headers.getSetCookie().join("\n")).toMatch(/^csrftoken=[^;]+;.*Secure/im);
    const res = await login(c, proto);
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((k) => k.startsWith("sessionid="));
    expect(session).toMatch(/;\s*Secure/i);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});

describe("the BFF's public face", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ staticDir: spaDir() });
  });
  afterAll(() => stack.stop());

  it("when a browser opens a page of the SPA, then it gets a CSP that allows the page's inline script by hash, no framing, nosniff and a referrer policy", async () => {
    const res = await fetch(`${stack.bff.url}/dashboard`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    // Plain HTTP from the (trusted, loopback) proxy with no X-Forwarded-Proto: HSTS would be meaningless.
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const asset = await fetch(`${stack.bff.url}/assets/app-abc123.js`);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("when another site frames the iframe page (the embed), then nothing forbids it", async () => {
    const res = await fetch(`${stack.bff.url}/apps/api/v1/iframe/static/`);
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors \*/);
  });

  it("when anyone asks the public port for /metrics or readiness details, then metrics are not there and readiness says only its status", async () => {
    const metrics = await fetch(`${stack.bff.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.text()).not.toContain("http_request_duration_seconds");
    // This stack runs no generation service, so the BFF is not ready: the public answer says so, and no more.
    const ready = await fetch(`${stack.bff.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "not ready" });
  });

  it("when the operator asks the internal port, then /metrics and the detailed readiness answer there", async () => {
    const internal = stack.bff.internalUrl;
    expect(internal).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const metrics = await fetch(`${internal}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("http_request_duration_seconds");
    const ready = await fetch(`${internal}/readyz`);
    expect(await ready.json()).toMatchObject({
      status: "not ready",
      checks: { identity: "ok", apps: "ok", billing: "ok", redis: "ok", generation: expect.any(String) },
    });
  });

  it("when a path carries a malformed percent-encoding, then the BFF answers 400 with a message, for assets, pages and proxied routes", async () => {
    const paths = [
      ["/assets/%E0%A4%A", "*/*"],
      ["/assets/%E0%A4%A.js", "*/*"],
      ["/dashboard/%E0%A4%A", "text/html"],
      ["/apps/api/v1/templates/%E0%A4%A/", "application/json"],
      ["/accounts/api/v1/%ZZ/", "application/json"],
    ] as const;
    const seen = [];
    for (const [p, accept] of paths) {
      const res = await fetch(`${stack.bff.url}${p}`, { headers: { accept, "accept-encoding": "br" } });
      seen.push({ p, status: res.status, body: await res.text() });
    }
    expect(seen).toEqual(paths.map(([p]) => ({ p, status: 400, body: JSON.stringify({ message: "Malformed request path." }) })));
    // A published API route answers in OpenAI's error shape, which its clients read.
    const api = await fetch(`${stack.bff.url}/apps/api/v1/models/%E0%A4%A`, { headers: { authorization: "Bearer x" } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      error: { message: "Malformed request path.", type: "invalid_request_error", param: null, code: "malformed_path" },
    });
  });

  it("when a signed-in user's request carries the CSRF token of another session, then 403 and nothing happens", async () => {
    const victim = new BrowserClient(stack.bff.url);
    expect((await login(victim)).status).toBe(200);
    const attacker = new BrowserClient(stack.bff.url);
    expect((await login(attacker)).status).toBe(200);
    const stolen = attacker.cookies.get("csrftoken")!;
    expect(stolen).toBeTruthy();

    victim.cookies.set("csrftoken", stolen);
    const res = await victim.request("POST", "/accounts/api/v1/logout/", {}, { "x-csrftoken": stolen });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/^CSRF Failed/) });
    expect((await victim.get("/accounts/api/v1/me/")).status).toBe(200);
  });

  it("when a signed-out visitor's token is replayed after sign-in, then it is refused; the token the sign-in answer set works", async () => {
    const c = new BrowserClient(stack.bff.url);
    const before = await c.csrf();
    expect((await login(c)).status).toBe(200);
    const after = c.cookies.get("csrftoken")!;
    expect(after).not.toBe(before);
    const old = await fetch(`${stack.bff.url}/apps/api/v1/create/`, {
      method: "POST",
      headers: {
        cookie: `sessionid=${c.cookies.get("sessionid")}; csrftoken=${before}`,
        "x-csrftoken": before,
        "content-type": "application/json",
      },
      body: JSON.stringify({ name: "x" }),
    });
    expect(old.status).toBe(403);
    expect((await c.post("/accounts/api/v1/logout/")).status).toBe(200);
  });
});

describe("the BFF in production", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      staticDir: spaDir(),
      bffEnv: {
        NODE_ENV: "production",
        SESSION_SECRET: "Qx7vN2pL9sK4mR8tW1yB6cF3hJ5dG0aZeUiOwPq",
        GOOGLE_SCRIPT_URL: "https://accounts.google.com/gsi/client",
      },
    });
  });
  afterAll(() => stack.stop());

  it("when the SPA asks for a CSRF token, then it is a __Host- cookie: Secure, Path=/, no Domain", async () => {
    const res = await fetch(`${stack.bff.url}/get-csrf/`);
    const cookie = res.headers.getSetCookie().find((k) => k.startsWith("__Host-csrftoken="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/Domain=/i);
    const config = (await (await fetch(`${stack.bff.url}/get-config/`)).json()) as Record<string, string>;
    expect(config.csrf_cookie_name).toBe("__Host-csrftoken");
  });
});

describe("the container image's build context", () => {
  const rules = readFileSync(path.join(REPO_ROOT, ".dockerignore"), "utf8");
  const ignored = dockerignore().add(rules.split("\n"));

  it("when a .env file (or a variant) exists anywhere in the clone, then .dockerignore keeps it out of every image", () => {
    for (const file of [
      ".env",
      ".env.local",
      ".env.production",
      "bff/.env",
      "services/billing/.env.production",
      ".local/secrets.env",
    ])
      expect({ file, ignored: ignored.ignores(file) }).toEqual({ file, ignored: true });
    // The documentation of the variables is not a secret, and the sources must still be sent.
    for (const file of [".env.example", "bff/src/config.ts", "package.json"])
      expect({ file, ignored: ignored.ignores(file) }).toEqual({ file, ignored: false });
  });

  it("when the Dockerfile copies files, then it never names an env file itself", () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, "deploy/docker/Dockerfile"), "utf8");
    expect(dockerfile).not.toMatch(/^\s*(COPY|ADD)\b[^\n]*\.env\b/m);
  });
});
