import { randomUUID } from "node:crypto";
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { InvalidGrantError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationFull,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { mcpInitialize, refusedOnMcp } from "../support/mcp-oauth";
import { startStack, type Stack } from "../support/stack";

/** Where the host would be sent back (a loopback address: the test never needs it to answer, it reads the URL). */
const REDIRECT = "http://127.0.0.1:53682/callback";

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a refusal, but it succeeded");
    },
    (e: unknown) => e,
  );
}

/**
 * The MCP authorization flow end to end on the real stack (BFF, apps, billing, identity, generation's /mcp): an agent
 * host played by the official SDK's client auth functions against the BFF's address, the owner's consent through the
 * signed-in API, and the access token on the MCP server.
 */
describe("connecting an agent host to an app (OAuth 2.1 for MCP)", () => {
  let stack: Stack;
  let base: string;
  let metadata: AuthorizationServerMetadata;
  let owner: Developer;

  beforeAll(async () => {
    stack = await startStack({ generation: {} });
    base = stack.bff.url;
    owner = await newDeveloper(stack);
    metadata = (await discoverAuthorizationServerMetadata(base))!;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const resource = () => new URL(`${base}/mcp`);

  const register = (name = "Test Host") =>
    registerClient(base, {
      metadata,
      clientMetadata: { redirect_uris: [REDIRECT], client_name: name, token_endpoint_auth_method: "none" },
    });

  /** The authorization request through the BFF, as the host's browser makes it: answered with the consent page. */
  async function authorize(client: OAuthClientInformationFull, state = randomUUID()) {
    const { authorizationUrl, codeVerifier } = await startAuthorization(base, {
      metadata,
      clientInformation: client,
      redirectUrl: REDIRECT,
      scope: "genui:screens",
      state,
      resource: resource(),
    });
    const res = await fetch(authorizationUrl, { redirect: "manual" });
    expect(res.status).toBe(302);
    const consent = new URL(res.headers.get("location")!);
    expect(consent.origin + consent.pathname).toBe(`${base}/oauth/consent`);
    return { requestId: consent.searchParams.get("request")!, codeVerifier, state };
  }

  const requestPath = (id: string) => `/apps/api/v1/oauth/requests/${id}/`;

  /** The owner allows the request for `appId`: the code from where the browser is sent. */
  async function approve(dev: Developer, requestId: string, appId: string, state: string) {
    const res = await dev.client.post(requestPath(requestId), { approve: true, app_id: appId });
    expect(res.status).toBe(200);
    const back = new URL(((await res.json()) as { redirect_to: string }).redirect_to);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.get("iss")).toBe(metadata.issuer);
    return back.searchParams.get("code")!;
  }

  /** A host connected to the owner's app: its client, tokens and code verifier. */
  async function connect(dev = owner) {
    const client = await register();
    const { requestId, codeVerifier, state } = await authorize(client);
    const code = await approve(dev, requestId, dev.appId, state);
    const tokens = await exchangeAuthorization(base, {
      metadata,
      clientInformation: client,
      authorizationCode: code,
      codeVerifier,
      redirectUri: REDIRECT,
      resource: resource(),
    });
    return { client, tokens };
  }

  /** MCP's `initialize` on /mcp with the token: the status the MCP server answers. */
  const initialize = (token: string) => mcpInitialize(base, token);

  const connections = async (dev: Developer) => {
    const res = await dev.client.get(`/apps/api/v1/connections/${dev.appId}/`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      id: string;
      client_id: string;
      client_name: string;
      redirect_host: string;
      last_used_at: string | null;
    }[];
  };

  it("when the host discovers the server, then RFC 8414 metadata on the public URL: registration, revocation, S256, the one scope", () => {
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["genui:screens"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    });
  });

  it("when the owner approves a host for an app, then its token opens /mcp, is listed, refreshes rotate and a replayed refresh is refused", async () => {
    const client = await register("Claude (test)");
    const { requestId, codeVerifier, state } = await authorize(client);
    // What the consent page shows.
    const pending = await owner.client.get(requestPath(requestId));
    expect(pending.status).toBe(200);
    expect(await pending.json()).toMatchObject({
      id: requestId,
      client_id: client.client_id,
      client_name: "Claude (test)",
      redirect_uri: REDIRECT,
      redirect_host: "http://127.0.0.1:53682",
      scopes: ["genui:screens"],
      resource: `${base}/mcp`,
    });
    const code = await approve(owner, requestId, owner.appId, state);
    // A decided request is gone.
    expect((await owner.client.post(requestPath(requestId), { approve: false })).status).toBe(404);
    const tokens = await exchangeAuthorization(base, {
      metadata,
      clientInformation: client,
      authorizationCode: code,
      codeVerifier,
      redirectUri: REDIRECT,
      resource: resource(),
    });
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^gk_oat_[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^gk_ort_[A-Za-z0-9_-]{43}$/),
      token_type: "Bearer",
      expires_in: 3600,
      scope: "genui:screens",
    });
    expect(await initialize(tokens.access_token)).toBe(200);
    const listed = (await connections(owner)).find((c) => c.client_id === client.client_id);
    expect(listed).toMatchObject({ client_name: "Claude (test)", redirect_host: "http://127.0.0.1:53682" });
    // The MCP call marked it used.
    await eventually(
      async () => (await connections(owner)).find((c) => c.client_id === client.client_id)?.last_used_at,
      (v) => typeof v === "string",
      60_000,
    );

    const rotated = await refreshAuthorization(base, {
      metadata,
      clientInformation: client,
      refreshToken: tokens.refresh_token!,
      resource: resource(),
    });
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.access_token).not.toBe(tokens.access_token);
    expect(await initialize(rotated.access_token)).toBe(200);
    // The old refresh token, presented again: refused, and the connection it belonged to ends (both may hold it now).
    const replay = await rejection(
      refreshAuthorization(base, { metadata, clientInformation: client, refreshToken: tokens.refresh_token! }),
    );
    expect(replay).toBeInstanceOf(InvalidGrantError);
    expect(await refusedOnMcp(base, rotated.access_token)).toBe(401);
    expect((await connections(owner)).some((c) => c.client_id === client.client_id)).toBe(false);
  });

  it("when a code is exchanged with a wrong PKCE verifier, then invalid_grant; used twice, invalid_grant and its tokens revoked", async () => {
    const client = await register();
    const { requestId, codeVerifier, state } = await authorize(client);
    const code = await approve(owner, requestId, owner.appId, state);
    const exchange = (verifier: string) =>
      exchangeAuthorization(base, {
        metadata,
        clientInformation: client,
        authorizationCode: code,
        codeVerifier: verifier,
        redirectUri: REDIRECT,
      });
    expect(await rejection(exchange(`${codeVerifier.slice(0, -4)}AAAA`))).toBeInstanceOf(InvalidGrantError);
    const tokens: OAuthTokens = await exchange(codeVerifier);
    expect(await initialize(tokens.access_token)).toBe(200);
    const again = await rejection(exchange(codeVerifier));
    expect(again).toBeInstanceOf(InvalidGrantError);
    // OAuth 2.1 §4.1.3: what the code issued is revoked.
    expect(await refusedOnMcp(base, tokens.access_token)).toBe(401);
  });

  it("when the owner picks another tenant's app, then 400 on app_id and nothing is issued; denying sends access_denied", async () => {
    const stranger = await newDeveloper(stack, 0);
    const client = await register();
    const { requestId, state } = await authorize(client);
    const res = await owner.client.post(requestPath(requestId), { approve: true, app_id: stranger.appId });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ app_id: ["Choose one of your apps."] });
    const malformed = await owner.client.post(requestPath(requestId), { approve: "yes", app_id: "not-an-id" });
    expect(malformed.status).toBe(400);
    expect(Object.keys((await malformed.json()) as object).sort()).toEqual(["app_id", "approve"]);
    // Still pending, and nothing connected to either app.
    expect((await owner.client.get(requestPath(requestId))).status).toBe(200);
    expect((await connections(stranger)).length).toBe(0);
    const denied = await owner.client.post(requestPath(requestId), { approve: false });
    const back = new URL(((await denied.json()) as { redirect_to: string }).redirect_to);
    expect([back.searchParams.get("error"), back.searchParams.get("state"), back.searchParams.get("code")]).toEqual([
      "access_denied",
      state,
      null,
    ]);
    // Unknown requests, and requests without a session.
    expect((await owner.client.get(requestPath("x".repeat(32)))).status).toBe(404);
    expect((await fetch(`${base}${requestPath(requestId)}`)).status).toBe(401);
  });

  it("when the owner disconnects a host on the dashboard, then its token is refused on /mcp and it leaves the list", async () => {
    const { client, tokens } = await connect();
    expect(await initialize(tokens.access_token)).toBe(200);
    const connection = (await connections(owner)).find((c) => c.client_id === client.client_id)!;
    const stranger = await newDeveloper(stack, 0);
    expect((await stranger.client.request("DELETE", `/apps/api/v1/connections/${owner.appId}/${connection.id}/`)).status).toBe(
      404,
    );
    expect((await stranger.client.get(`/apps/api/v1/connections/${owner.appId}/`)).status).toBe(404);
    const res = await owner.client.request("DELETE", `/apps/api/v1/connections/${owner.appId}/${connection.id}/`);
    expect(res.status).toBe(204);
    expect(await refusedOnMcp(base, tokens.access_token)).toBe(401);
    expect((await connections(owner)).some((c) => c.id === connection.id)).toBe(false);
    expect(
      await rejection(refreshAuthorization(base, { metadata, clientInformation: client, refreshToken: tokens.refresh_token! })),
    ).toBeInstanceOf(InvalidGrantError);
  });

  it("when the host revokes its refresh token (RFC 7009), then the connection ends", async () => {
    const { client, tokens } = await connect();
    const res = await fetch(`${base}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: "refresh_token", client_id: client.client_id }),
    });
    expect(res.status).toBe(200);
    expect(await refusedOnMcp(base, tokens.access_token)).toBe(401);
  });

  it("when the access token is sent to the rest of the published API, then 403 oauth_token_route", async () => {
    const { tokens } = await connect();
    const res = await fetch(`${base}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "genui-pluto-0.1", messages: [{ role: "user", content: "a login form" }] }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("oauth_token_route");
  });

  it("when the app's subscription ends, then its hosts are disconnected and their tokens refused", async () => {
    const dev = await newDeveloper(stack, 0);
    const { tokens } = await connect(dev);
    expect(await initialize(tokens.access_token)).toBe(200);
    expect((await dev.client.post(`/billing/api/v1/subscription/${dev.subscriptionId}/cancel/`)).status).toBeLessThan(300);
    expect(
      await eventually(
        () => connections(dev),
        (list) => list.length === 0,
        60_000,
      ),
    ).toEqual([]);
    expect(await refusedOnMcp(base, tokens.access_token)).toBe(401);
  });

  it("when registration and token bodies are malformed, then RFC errors through the BFF, never a 500", async () => {
    const post = (path: string, body: string, type: string) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": type }, body });
    const cases: [Promise<Response>, number, string][] = [
      [post("/oauth/register", "{oops", "application/json"), 400, "invalid_client_metadata"],
      [post("/oauth/register", JSON.stringify({ redirect_uris: [] }), "application/json"), 400, "invalid_redirect_uri"],
      [
        post("/oauth/register", JSON.stringify({ redirect_uris: ["http://example.com/cb"] }), "application/json"),
        400,
        "invalid_redirect_uri",
      ],
      [
        post("/oauth/register", JSON.stringify({ redirect_uris: ["https://a.example/cb#x"] }), "application/json"),
        400,
        "invalid_redirect_uri",
      ],
      [
        post(
          "/oauth/register",
          JSON.stringify({ redirect_uris: ["https://a.example/cb"], client_name: "n".repeat(201) }),
          "application/json",
        ),
        400,
        "invalid_client_metadata",
      ],
      [
        post(
          "/oauth/register",
          JSON.stringify({ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }),
          "application/json",
        ),
        400,
        "invalid_redirect_uri",
      ],
      [
        post(
          "/oauth/register",
          JSON.stringify({ redirect_uris: ["https://a.example/cb"], pad: "p".repeat(17_000) }),
          "application/json",
        ),
        400,
        "invalid_client_metadata",
      ],
      [post("/oauth/token", "{oops", "application/json"), 400, "invalid_request"],
      [post("/oauth/token", "grant_type=authorization_code", "application/x-www-form-urlencoded"), 400, "invalid_request"],
      [
        post("/oauth/token", "grant_type=refresh_token&refresh_token=x&client_id=nobody", "application/x-www-form-urlencoded"),
        401,
        "invalid_client",
      ],
      [post("/oauth/revoke", "", "application/x-www-form-urlencoded"), 400, "invalid_request"],
    ];
    for (const [pending, status, error] of cases) {
      const res = await pending;
      expect({ status: res.status, error: ((await res.json()) as { error?: string }).error }).toEqual({ status, error });
    }
    // A form body reaches the token endpoint whole through the BFF: a real client, a real (if wrong) code.
    const client = await register();
    const res = await post(
      "/oauth/token",
      new URLSearchParams({
        grant_type: "authorization_code",
        code: "c0de",
        code_verifier: "v".repeat(43),
        client_id: client.client_id,
      }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "The authorization code is invalid, expired or already used." },
    });
  });
});
