import { AppError } from "@genui/chassis";
import { keyHash } from "@genui/contracts/keys";
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { appRecord, memoryOAuth } from "./oauth.test-support";

const OWNER = "owner-1";
const APP = "11111111-1111-4111-8111-111111111111";
const PENDING_APP = "22222222-2222-4222-8222-222222222222";
const OTHER_APP = "33333333-3333-4333-8333-333333333333";
const REDIRECT = "http://127.0.0.1:5000/callback";

/** The error a promise rejects with: an OAuth error's code, an AppError's code and fields, or the error. */
async function refusal(p: Promise<unknown>): Promise<{ code: string; fields?: unknown; message: string }> {
  const err = await p.then(
    () => {
      throw new Error("expected a refusal, but it succeeded");
    },
    (e: unknown) => e,
  );
  if (err instanceof OAuthError) return { code: err.errorCode, message: err.message };
  if (err instanceof AppError) return { code: err.code, fields: err.fields, message: err.message };
  throw err;
}

function setup() {
  const m = memoryOAuth({
    apps: [
      appRecord({ _id: APP, ownerId: OWNER }),
      appRecord({ _id: PENDING_APP, ownerId: OWNER, status: "pending" }),
      appRecord({ _id: OTHER_APP, ownerId: "owner-2" }),
    ],
  });
  const register = (over: Record<string, unknown> = {}) =>
    m.oauth.register({
      client_id: `client-${Math.random()}`,
      client_id_issued_at: 1_700_000_000,
      redirect_uris: [REDIRECT],
      client_name: "Test Host",
      token_endpoint_auth_method: "none",
      ...over,
    } as OAuthClientInformationFull);
  /** A pending request of `client`, answered with the request id. */
  const ask = async (client: OAuthClientInformationFull, state = "st-1") => {
    const consent = new URL(
      await m.oauth.startAuthorization(client, { redirectUri: REDIRECT, codeChallenge: "challenge-1", state }),
    );
    expect(consent.origin + consent.pathname).toBe("https://genui.example/oauth/consent");
    return consent.searchParams.get("request")!;
  };
  /** Approves a fresh request of `client` for the app, answered with the code. */
  const approved = async (client: OAuthClientInformationFull, appId = APP) => {
    const { redirect_to } = await m.oauth.decide(OWNER, await ask(client), { approve: true, app_id: appId });
    return new URL(redirect_to).searchParams.get("code")!;
  };
  const connected = async (client: OAuthClientInformationFull) => m.oauth.exchangeCode(client, await approved(client), REDIRECT);
  return { ...m, register, ask, approved, connected };
}

describe("registering an agent host", () => {
  it("when a confidential client registers, then its secret is answered once and only the secret's hash is stored", async () => {
    const { oauth, register, clients } = setup();
    const client = await register({
      client_id: "c-1",
      client_secret: "s3cret",
      token_endpoint_auth_method: "client_secret_post",
    });
    expect(client).toMatchObject({
      client_id: "c-1",
      client_secret: "s3cret",
      client_secret_expires_at: 0,
      client_name: "Test Host",
    });
    expect(clients.get("c-1")).toMatchObject({ secretHash: keyHash("s3cret") });
    expect(JSON.stringify(clients.get("c-1"))).not.toContain("s3cret");
    // What the SDK's handlers read back never holds it.
    expect(await oauth.client("c-1")).not.toHaveProperty("client_secret");
    expect(await oauth.authenticate("c-1", "s3cret")).toBe("ok");
    expect(await oauth.authenticate("c-1", "wrong")).toBe("refused");
    expect(await oauth.authenticate("c-1", undefined)).toBe("refused");
    expect(await oauth.authenticate("nobody", "s3cret")).toBe("unknown");
  });

  it("when a registration is refused, then with RFC 7591's error codes and nothing stored", async () => {
    const { register, clients } = setup();
    expect(await refusal(register({ redirect_uris: ["http://evil.example/cb"] }))).toMatchObject({
      code: "invalid_redirect_uri",
    });
    expect(await refusal(register({ client_name: "n".repeat(201) }))).toMatchObject({ code: "invalid_client_metadata" });
    expect(clients.size).toBe(0);
  });
});

describe("the owner's consent", () => {
  it("when the request is shown, then the host's name, where it is sent back and what it may do", async () => {
    const { oauth, register, ask } = setup();
    const id = await ask(await register());
    expect(await oauth.pending(id)).toEqual({
      id,
      client_id: expect.any(String),
      client_name: "Test Host",
      client_uri: null,
      redirect_uri: REDIRECT,
      redirect_host: "http://127.0.0.1:5000",
      scopes: ["genui:screens"],
      resource: "https://genui.example/mcp",
      expires_at: expect.any(String),
    });
    expect(await refusal(oauth.pending("unknown-request-id-000"))).toMatchObject({ code: "COMMON.NOT_FOUND" });
  });

  it("when the authorization names another resource than the MCP server, then invalid_target and nothing is held", async () => {
    const { oauth, register, requests } = setup();
    const client = await register();
    const refused = oauth.startAuthorization(client, {
      redirectUri: REDIRECT,
      codeChallenge: "c",
      resource: new URL("https://evil.example/mcp"),
    });
    expect(await refusal(refused)).toMatchObject({ code: "invalid_target" });
    expect(requests.size).toBe(0);
  });

  it("when the owner picks another tenant's app, a pending one or none, then a field error on app_id and the request stays open", async () => {
    const { oauth, register, ask, codes } = setup();
    const id = await ask(await register());
    expect(await refusal(oauth.decide(OWNER, id, { approve: true, app_id: OTHER_APP }))).toMatchObject({
      code: "COMMON.VALIDATION",
      fields: { app_id: ["Choose one of your apps."] },
    });
    expect(await refusal(oauth.decide(OWNER, id, { approve: true, app_id: PENDING_APP }))).toMatchObject({
      fields: { app_id: [expect.stringMatching(/is pending: only an active app/)] },
    });
    expect(await refusal(oauth.decide(OWNER, id, { approve: true }))).toMatchObject({
      fields: { app_id: ["Choose the app the host may use."] },
    });
    expect(codes.size).toBe(0);
    // Still there to be answered.
    expect((await oauth.pending(id)).id).toBe(id);
  });

  it("when the owner allows, then the browser goes back with a code, the state and iss; the request cannot be decided again", async () => {
    const { oauth, register, ask, codes } = setup();
    const id = await ask(await register(), "xyz");
    const { redirect_to } = await oauth.decide(OWNER, id, { approve: true, app_id: APP });
    const back = new URL(redirect_to);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("xyz");
    expect(back.searchParams.get("iss")).toBe("https://genui.example");
    expect(codes.get(keyHash(back.searchParams.get("code")!))).toMatchObject({
      appId: APP,
      ownerId: OWNER,
      codeChallenge: "challenge-1",
    });
    expect(await refusal(oauth.decide(OWNER, id, { approve: false }))).toMatchObject({ code: "COMMON.NOT_FOUND" });
    expect(await refusal(oauth.pending(id))).toMatchObject({ code: "COMMON.NOT_FOUND" });
  });

  it("when the owner denies, then the browser goes back with access_denied and no code exists", async () => {
    const { oauth, register, ask, codes } = setup();
    const back = new URL((await oauth.decide(OWNER, await ask(await register(), "s-9"), { approve: false })).redirect_to);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("s-9");
    expect(back.searchParams.get("code")).toBeNull();
    expect(codes.size).toBe(0);
  });

  it("when the app already has as many hosts as allowed, then the consent says so on app_id", async () => {
    const m = memoryOAuth({ apps: [appRecord({ _id: APP, ownerId: OWNER })], maxConnections: 1 });
    const client = await m.oauth.register({
      client_id: "c",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    } as never);
    const first = new URL(
      await m.oauth.startAuthorization(client, { redirectUri: REDIRECT, codeChallenge: "x" }),
    ).searchParams.get("request")!;
    const code = new URL((await m.oauth.decide(OWNER, first, { approve: true, app_id: APP })).redirect_to).searchParams.get(
      "code",
    )!;
    await m.oauth.exchangeCode(client, code);
    const second = new URL(
      await m.oauth.startAuthorization(client, { redirectUri: REDIRECT, codeChallenge: "x" }),
    ).searchParams.get("request")!;
    expect(await refusal(m.oauth.decide(OWNER, second, { approve: true, app_id: APP }))).toMatchObject({
      fields: { app_id: [expect.stringMatching(/already has 1 connected hosts/)] },
    });
  });
});

describe("authorization codes", () => {
  it("when a code is exchanged, then the connection is made with an access and a refresh token, stored as hashes", async () => {
    const { oauth, register, approved, connections, tokens } = setup();
    const client = await register();
    const code = await approved(client);
    expect(await oauth.challengeFor(client, code)).toBe("challenge-1");
    const answer = await oauth.exchangeCode(client, code, REDIRECT, new URL("https://genui.example/mcp"));
    expect(answer).toEqual({
      access_token: expect.stringMatching(/^gk_oat_[A-Za-z0-9_-]{43}$/),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^gk_ort_[A-Za-z0-9_-]{43}$/),
      scope: "genui:screens",
    });
    expect([...connections.values()]).toEqual([
      expect.objectContaining({
        appId: APP,
        ownerId: OWNER,
        clientId: client.client_id,
        clientName: "Test Host",
        redirectHost: "http://127.0.0.1:5000",
      }),
    ]);
    expect([...tokens.keys()].sort()).toEqual([keyHash(answer.access_token), keyHash(answer.refresh_token!)].sort());
    expect(JSON.stringify([...tokens.values()])).not.toContain(answer.access_token);
  });

  it("when a code is used a second time, then invalid_grant, and the tokens the first use made are revoked", async () => {
    const { oauth, register, approved, connections, tokens, events } = setup();
    const client = await register();
    const code = await approved(client);
    const first = await oauth.exchangeCode(client, code, REDIRECT);
    expect(await oauth.keyOwner(keyHash(first.access_token))).toMatchObject({ appId: APP, kind: "oauth" });
    // The SDK asks for the challenge first: the replay is caught there already.
    expect(await refusal(oauth.challengeFor(client, code))).toMatchObject({ code: "invalid_grant" });
    expect(await refusal(oauth.exchangeCode(client, code, REDIRECT))).toMatchObject({ code: "invalid_grant" });
    expect([...connections.values()][0]!.revokedAt).toBeInstanceOf(Date);
    expect(tokens.size).toBe(0);
    expect(await oauth.keyOwner(keyHash(first.access_token))).toBeUndefined();
    expect(events).toContainEqual({ appId: APP, payload: { appId: APP, ownerId: OWNER, kind: "oauth" } });
  });

  it("when another client, another redirect URI or another resource presents a code, then it is refused", async () => {
    const { oauth, register, approved } = setup();
    const client = await register();
    const thief = await register();
    expect(await refusal(oauth.challengeFor(thief, await approved(client)))).toMatchObject({ code: "invalid_grant" });
    expect(await refusal(oauth.exchangeCode(client, await approved(client), "http://127.0.0.1:5000/other"))).toMatchObject({
      code: "invalid_grant",
    });
    expect(
      await refusal(oauth.exchangeCode(client, await approved(client), REDIRECT, new URL("https://x.example/mcp"))),
    ).toMatchObject({
      code: "invalid_target",
    });
  });

  it("when the app stopped being active between consent and exchange, then the code is refused", async () => {
    const { oauth, register, approved, apps } = setup();
    const client = await register();
    const code = await approved(client);
    apps.find((a) => a._id === APP)!.status = "cancelled";
    expect(await refusal(oauth.exchangeCode(client, code, REDIRECT))).toMatchObject({ code: "invalid_grant" });
  });
});

describe("refresh tokens", () => {
  it("when a refresh token is used, then new tokens come, the old refresh token is gone and the old access token still works", async () => {
    const { oauth, register, connected, tokens } = setup();
    const client = await register();
    const first = await connected(client);
    const second = await oauth.refresh(client, first.refresh_token!);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(tokens.has(keyHash(first.refresh_token!))).toBe(false);
    expect(await oauth.keyOwner(keyHash(second.access_token))).toMatchObject({ appId: APP });
    expect(await oauth.keyOwner(keyHash(first.access_token))).toMatchObject({ appId: APP });
    const third = await oauth.refresh(client, second.refresh_token!, ["genui:screens"], new URL("https://genui.example/mcp/"));
    expect(third.scope).toBe("genui:screens");
  });

  it("when a used refresh token is presented again, then invalid_grant and the whole connection is revoked", async () => {
    const { oauth, register, connected, connections } = setup();
    const client = await register();
    const first = await connected(client);
    const second = await oauth.refresh(client, first.refresh_token!);
    expect(await refusal(oauth.refresh(client, first.refresh_token!))).toMatchObject({ code: "invalid_grant" });
    expect([...connections.values()][0]!.revokedAt).toBeInstanceOf(Date);
    expect(await refusal(oauth.refresh(client, second.refresh_token!))).toMatchObject({ code: "invalid_grant" });
    expect(await oauth.keyOwner(keyHash(second.access_token))).toBeUndefined();
  });

  it("when two refreshes of one token race, then exactly one gets tokens", async () => {
    const { oauth, register, connected } = setup();
    const client = await register();
    const first = await connected(client);
    const outcomes = await Promise.allSettled([
      oauth.refresh(client, first.refresh_token!),
      oauth.refresh(client, first.refresh_token!),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("when another client, a broader scope, another resource or something else is presented, then it is refused", async () => {
    const { oauth, register, connected } = setup();
    const client = await register();
    const other = await register();
    const t = await connected(client);
    expect(await refusal(oauth.refresh(other, t.refresh_token!))).toMatchObject({ code: "invalid_grant" });
    expect(await refusal(oauth.refresh(client, t.refresh_token!, ["admin"]))).toMatchObject({ code: "invalid_scope" });
    expect(await refusal(oauth.refresh(client, t.refresh_token!, undefined, new URL("https://x.example/")))).toMatchObject({
      code: "invalid_target",
    });
    expect(await refusal(oauth.refresh(client, t.access_token))).toMatchObject({ code: "invalid_grant" });
    // None of those used it up.
    expect((await oauth.refresh(client, t.refresh_token!)).token_type).toBe("Bearer");
  });
});

describe("connected hosts and revocation", () => {
  it("when the owner lists and disconnects a host, then it leaves the list and its tokens stop at once (every cache told)", async () => {
    const { oauth, register, connected, events, invalidated } = setup();
    const t = await connected(await register());
    const [listed] = await oauth.connections(OWNER, APP);
    expect(listed).toMatchObject({ client_name: "Test Host", redirect_host: "http://127.0.0.1:5000", last_used_at: null });
    // Another owner sees neither the list nor the host.
    expect(await refusal(oauth.connections("owner-2", APP))).toMatchObject({ code: "COMMON.NOT_FOUND" });
    expect(await refusal(oauth.disconnect("owner-2", APP, listed!.id))).toMatchObject({ code: "COMMON.NOT_FOUND" });
    expect(await refusal(oauth.disconnect("owner-2", OTHER_APP, listed!.id))).toMatchObject({ code: "COMMON.NOT_FOUND" });
    await oauth.disconnect(OWNER, APP, listed!.id);
    expect(await oauth.connections(OWNER, APP)).toEqual([]);
    expect(await oauth.keyOwner(keyHash(t.access_token))).toBeUndefined();
    expect(invalidated).toContain(APP);
    expect(events).toEqual([{ appId: APP, payload: { appId: APP, ownerId: OWNER, kind: "oauth" } }]);
    expect(await refusal(oauth.disconnect(OWNER, APP, listed!.id))).toMatchObject({ code: "COMMON.NOT_FOUND" });
  });

  it("when the host revokes its refresh token (RFC 7009), then the connection ends; an access token alone stops alone", async () => {
    const { oauth, register, connected } = setup();
    const client = await register();
    const a = await connected(client);
    const b = await connected(client);
    await oauth.revokeToken(client, a.access_token);
    expect(await oauth.keyOwner(keyHash(a.access_token))).toBeUndefined();
    expect((await oauth.refresh(client, a.refresh_token!)).token_type).toBe("Bearer");
    // Another client's revocation of b's token changes nothing.
    await oauth.revokeToken(await register(), b.refresh_token!);
    expect(await oauth.connections(OWNER, APP)).toHaveLength(2);
    await oauth.revokeToken(client, b.refresh_token!);
    expect(await oauth.connections(OWNER, APP)).toHaveLength(1);
    expect(await oauth.keyOwner(keyHash(b.access_token))).toBeUndefined();
    await oauth.revokeToken(client, "not-a-token");
  });

  it("when the app leaves active or is deleted, or the owner's credentials are revoked, then its hosts are disconnected", async () => {
    const { oauth, register, connected, apps } = setup();
    const client = await register();
    const t = await connected(client);
    // Still active (a cancellation undone meanwhile): nothing happens.
    expect(await oauth.appLeftActive(APP)).toBe(0);
    apps.find((a) => a._id === APP)!.status = "cancelled";
    expect(await oauth.appLeftActive(APP)).toBe(1);
    expect(await oauth.keyOwner(keyHash(t.access_token))).toBeUndefined();
    apps.find((a) => a._id === APP)!.status = "active";
    await connected(client);
    expect(await oauth.ownerCredentialsRevoked(OWNER)).toBe(1);
    await connected(client);
    expect(await oauth.appGone(APP)).toBe(1);
    expect(await oauth.connections(OWNER, APP)).toEqual([]);
  });

  it("when an access token is verified, then the owner's app with the token's expiry and connection, and the host marked used", async () => {
    const { oauth, register, connected, connections } = setup();
    const t = await connected(await register());
    const owner = await oauth.keyOwner(keyHash(t.access_token));
    const connection = [...connections.values()][0]!;
    expect(owner).toMatchObject({ appId: APP, ownerId: OWNER, status: "active", kind: "oauth", connectionId: connection._id });
    expect(owner!.expiresAtMs).toBeGreaterThan(Date.now() + 3_500_000);
    await new Promise((r) => setImmediate(r));
    expect(connection.lastUsedAt).toBeInstanceOf(Date);
    // The refresh token is no access token.
    expect(await oauth.keyOwner(keyHash(t.refresh_token!))).toBeUndefined();
  });
});
