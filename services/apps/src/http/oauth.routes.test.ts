import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger, errorMapper, jsonBody } from "@genui/chassis";
import { OAUTH_ROUTES } from "@genui/contracts/http";
import express from "express";
import type { RateLimit } from "../domain/oauth";
import { OAuthLimits } from "../use-cases/oauth-limits";
import { appRecord, memoryOAuth } from "../use-cases/oauth.test-support";
import { oauthBodyErrors, oauthRoutes } from "./oauth.routes";

const OWNER = "owner-1";
const APP = "11111111-1111-4111-8111-111111111111";
const REDIRECT = "http://127.0.0.1:5000/callback";

/** Counts hits in memory (the real limiter is Redis'; the edge only reads "seconds to wait"). */
function countingLimiter() {
  const counts = new Map<string, number>();
  return {
    keys: counts,
    hit: async (key: string, limit: RateLimit) => {
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n > limit.max ? limit.windowSeconds : 0;
    },
  };
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * The authorization server's HTTP edge with the official SDK's handlers, on a loopback port, over the use case with
 * in-memory stores: the protocol's checks (PKCE, single use, client authentication, body shapes, budgets) as a host
 * meets them.
 */
describe("the OAuth endpoints (the SDK's handlers over the use case)", () => {
  let server: http.Server;
  let base: string;
  let memory: ReturnType<typeof memoryOAuth>;
  let limiter: ReturnType<typeof countingLimiter>;

  beforeAll(async () => {
    const app = express();
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    memory = memoryOAuth({ apps: [appRecord({ _id: APP, ownerId: OWNER })], publicUrl: base });
    limiter = countingLimiter();
    const limits = new OAuthLimits(limiter, {
      registerPerAddress: { max: 20, windowSeconds: 600 },
      authorizePerAddress: { max: 100, windowSeconds: 900 },
      tokenPerClientAddress: { max: 100, windowSeconds: 60 },
    });
    const handlers = oauthRoutes(memory.oauth, limits);
    app.use(jsonBody("1mb"), oauthBodyErrors());
    for (const row of OAUTH_ROUTES) app[row.method.toLowerCase() as "get" | "post"](row.path, ...[handlers[row.id]].flat());
    app.use(errorMapper(createLogger("test", "silent")));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: "POST", headers: { "content-type": type, ...headers }, body });
  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(path, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded", headers);
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

  async function register(extra: Record<string, unknown> = {}) {
    const res = await post(
      "/oauth/register",
      JSON.stringify({ redirect_uris: [REDIRECT], client_name: "Edge Host", token_endpoint_auth_method: "none", ...extra }),
      "application/json",
    );
    expect(res.status).toBe(201);
    return (await res.json()) as { client_id: string; client_secret?: string };
  }

  /** Authorizes (GET /oauth/authorize → the consent page), approves as the owner, and answers the code. */
  async function codeFor(clientId: string, verifier: string, redirect = REDIRECT): Promise<string> {
    const url = new URL(`${base}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirect,
      code_challenge: s256(verifier),
      code_challenge_method: "S256",
      state: "st",
      resource: `${base}/mcp`,
    }))
      url.searchParams.set(k, v);
    const res = await fetch(url, { redirect: "manual" });
    expect(res.status).toBe(302);
    const consent = new URL(res.headers.get("location")!);
    expect(consent.pathname).toBe("/oauth/consent");
    const { redirect_to } = await memory.oauth.decide(OWNER, consent.searchParams.get("request")!, {
      approve: true,
      app_id: APP,
    });
    return new URL(redirect_to).searchParams.get("code")!;
  }

  it("when the metadata is read, then RFC 8414's document with every endpoint on the public URL, S256 and the one scope", async () => {
    const { status, body } = await json(await fetch(`${base}/.well-known/oauth-authorization-server`));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["genui:screens"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("when a code is exchanged with the wrong PKCE verifier, then invalid_grant; with the right one, tokens; twice, invalid_grant", async () => {
    const { client_id } = await register();
    const verifier = randomBytes(32).toString("base64url");
    const code = await codeFor(client_id, verifier);
    const exchange = (v: string) =>
      form("/oauth/token", { grant_type: "authorization_code", code, code_verifier: v, redirect_uri: REDIRECT, client_id });
    const wrong = await json(await exchange(randomBytes(32).toString("base64url")));
    expect(wrong).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "code_verifier does not match the challenge" },
    });
    const ok = await json(await exchange(verifier));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      token_type: "Bearer",
      scope: "genui:screens",
      access_token: expect.stringMatching(/^gk_oat_/),
    });
    const again = await json(await exchange(verifier));
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("when a confidential client authenticates, then by its secret in the body or HTTP Basic; a wrong or missing one is 401 invalid_client", async () => {
    const { client_id, client_secret } = await register({ token_endpoint_auth_method: "client_secret_basic" });
    expect(client_secret).toMatch(/^[0-9a-f]{64}$/);
    const verifier = randomBytes(32).toString("base64url");
    const grant = async () => ({
      grant_type: "authorization_code",
      code: await codeFor(client_id, verifier),
      code_verifier: verifier,
    });
    const missing = await json(await form("/oauth/token", { ...(await grant()), client_id }));
    expect(missing).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const wrong = await json(await form("/oauth/token", { ...(await grant()), client_id, client_secret: "nope" }));
    expect(wrong).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const basic = `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString("base64")}`;
    const viaBasic = await json(await form("/oauth/token", await grant(), { authorization: basic }));
    expect(viaBasic.status).toBe(200);
    const viaBody = await json(await form("/oauth/token", { ...(await grant()), client_id, client_secret: client_secret! }));
    expect(viaBody.status).toBe(200);
    const unknown = await json(
      await form("/oauth/token", { grant_type: "refresh_token", refresh_token: "x", client_id: "nobody" }),
    );
    expect(unknown).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("when a refresh token is revoked at /oauth/revoke, then it answers 200 and the token no longer refreshes", async () => {
    const { client_id } = await register();
    const verifier = randomBytes(32).toString("base64url");
    const code = await codeFor(client_id, verifier);
    const tokens = (await (
      await form("/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier, client_id })
    ).json()) as { refresh_token: string };
    const revoked = await form("/oauth/revoke", { token: tokens.refresh_token, client_id });
    expect(revoked.status).toBe(200);
    const refresh = await json(
      await form("/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id }),
    );
    expect(refresh).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    // Revoking something unknown is answered like a success (RFC 7009 §2.2); an unknown client is invalid_client.
    expect((await form("/oauth/revoke", { token: "whatever", client_id })).status).toBe(200);
    const stranger = await json(await form("/oauth/revoke", { token: tokens.refresh_token, client_id: "nobody" }));
    expect(stranger).toMatchObject({ status: 400, body: { error: "invalid_client" } });
  });

  it("when bodies are malformed, missing or too large, then RFC errors in OAuth's shape, never a 500", async () => {
    const cases: [Promise<Response>, number, string][] = [
      [post("/oauth/register", "{not json", "application/json"), 400, "invalid_client_metadata"],
      [post("/oauth/register", "redirect_uris=x", "application/x-www-form-urlencoded"), 400, "invalid_client_metadata"],
      [
        post("/oauth/register", JSON.stringify({ redirect_uris: "https://a.example/cb" }), "application/json"),
        400,
        "invalid_client_metadata",
      ],
      [
        post("/oauth/register", JSON.stringify({ redirect_uris: ["http://a.example/cb"] }), "application/json"),
        400,
        "invalid_redirect_uri",
      ],
      [
        post(
          "/oauth/register",
          JSON.stringify({ redirect_uris: [REDIRECT], client_name: "x".repeat(17_000) }),
          "application/json",
        ),
        400,
        "invalid_client_metadata",
      ],
      [post("/oauth/token", "{not json", "application/json"), 400, "invalid_request"],
      [form("/oauth/token", {}), 400, "invalid_request"],
      [post("/oauth/token", "", "text/plain"), 400, "invalid_request"],
      [form("/oauth/token", { grant_type: "password", client_id: "nobody" }), 401, "invalid_client"],
      [form("/oauth/token", { client_id: "x".repeat(20_000) }), 413, "invalid_request"],
      [form("/oauth/revoke", {}), 400, "invalid_request"],
    ];
    for (const [res, status, error] of cases) {
      const r = await res;
      const body = (await r.json()) as { error?: string };
      expect({ status: r.status, error: body.error }).toEqual({ status, error });
    }
    const { client_id } = await register();
    const grant = await json(await form("/oauth/token", { grant_type: "password", client_id }));
    expect(grant).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    const noVerifier = await json(await form("/oauth/token", { grant_type: "authorization_code", code: "c", client_id }));
    expect(noVerifier).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const badCode = await json(
      await form("/oauth/token", { grant_type: "authorization_code", code: "c", code_verifier: "v", client_id }),
    );
    expect(badCode).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("when the authorization is for an unknown client or an unregistered redirect URI, then 400, never a redirect", async () => {
    const { client_id } = await register();
    for (const [id, redirect] of [
      ["nobody", REDIRECT],
      [client_id, "https://evil.example/cb"],
    ] as const) {
      const url = `${base}/oauth/authorize?response_type=code&client_id=${id}&redirect_uri=${encodeURIComponent(redirect)}&code_challenge=x&code_challenge_method=S256`;
      const res = await fetch(url, { redirect: "manual" });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    }
    // A loopback redirect URI may come back on another port (RFC 8252 §7.3); a wrong resource goes back as an error.
    const other = `${base}/oauth/authorize?response_type=code&client_id=${client_id}&redirect_uri=${encodeURIComponent("http://127.0.0.1:6000/callback")}&code_challenge=x&code_challenge_method=S256&state=q&resource=${encodeURIComponent("https://evil.example/mcp")}`;
    const res = await fetch(other, { redirect: "manual" });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location")!);
    expect([back.origin, back.searchParams.get("error"), back.searchParams.get("state")]).toEqual([
      "http://127.0.0.1:6000",
      "invalid_target",
      "q",
    ]);
  });

  it("when one address registers more clients than its budget, then 429 too_many_requests with Retry-After", async () => {
    let res: Response | undefined;
    for (let i = 0; i < 30 && res?.status !== 429; i++)
      res = await post("/oauth/register", JSON.stringify({ redirect_uris: [REDIRECT] }), "application/json");
    expect(res!.status).toBe(429);
    expect(res!.headers.get("retry-after")).toBe("600");
    expect(await res!.json()).toMatchObject({ error: "too_many_requests" });
    expect([...limiter.keys.keys()].some((k) => /^oauth:register:ip:(::ffff:)?127\.0\.0\.1$/.test(k))).toBe(true);
  });
});
