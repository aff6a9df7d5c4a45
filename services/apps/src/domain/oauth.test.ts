import { looksLikeOAuthAccessToken, looksLikeOAuthRefreshToken } from "@genui/contracts/keys";
import {
  authorizationResponse,
  checkRegistration,
  hostName,
  issuerOf,
  mcpResourceOf,
  newAccessToken,
  newRefreshToken,
  newRequestId,
  redirectHost,
  redirectUriProblem,
  resourceMatches,
  scopesWithin,
} from "./oauth";

describe("redirect URIs a host may register", () => {
  it("when the URI is https, or plain http on a loopback host (any port, RFC 8252), then it is accepted", () => {
    for (const uri of [
      "https://claude.ai/api/mcp/auth_callback",
      "https://vscode.dev/redirect?x=1",
      "http://127.0.0.1:33418/callback",
      "http://localhost:6274/oauth/callback",
      "http://[::1]:8080/cb",
      "http://LOCALHOST/cb",
    ])
      expect([uri, redirectUriProblem(uri)]).toEqual([uri, undefined]);
  });

  it("when the URI is plain http elsewhere, another scheme, relative, has a fragment or credentials, then it says why", () => {
    expect(redirectUriProblem("http://example.com/cb")).toMatch(/plain http on a host other than 127\.0\.0\.1/);
    expect(redirectUriProblem("http://127.0.0.2/cb")).toMatch(/plain http/);
    expect(redirectUriProblem("http://localhost.evil.com/cb")).toMatch(/plain http/);
    expect(redirectUriProblem("cursor://anysphere.cursor-retrieval/oauth/callback")).toMatch(/scheme cursor: only https/);
    expect(redirectUriProblem("javascript:alert(1)")).toMatch(/scheme javascript/);
    expect(redirectUriProblem("/callback")).toMatch(/not an absolute URI/);
    expect(redirectUriProblem("https://app.example/cb#frag")).toMatch(/has a fragment/);
    expect(redirectUriProblem("https://app.example/cb#")).toMatch(/has a fragment/);
    expect(redirectUriProblem("https://user:pw@app.example/cb")).toMatch(/carries credentials/);
    expect(redirectUriProblem("")).toMatch(/non-empty string/);
    expect(redirectUriProblem(42)).toMatch(/non-empty string/);
    expect(redirectUriProblem(`https://app.example/${"a".repeat(2100)}`)).toMatch(/at most 2048 characters/);
  });
});

describe("a client registration (RFC 7591)", () => {
  const ok = { redirect_uris: ["https://host.example/cb"] };

  it("when only redirect URIs are given, then the defaults are registered: code, both grants, the secret in the body", () => {
    expect(checkRegistration(ok)).toEqual({
      ok: true,
      metadata: {
        redirect_uris: ["https://host.example/cb"],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    });
  });

  it("when a public host names itself, then its name (trimmed), address and method are kept; Basic becomes the body", () => {
    const r = checkRegistration({
      ...ok,
      client_name: "  Claude  ",
      client_uri: "https://claude.ai",
      token_endpoint_auth_method: "none",
      scope: "genui:screens",
    });
    expect(r).toMatchObject({
      ok: true,
      metadata: {
        client_name: "Claude",
        client_uri: "https://claude.ai",
        token_endpoint_auth_method: "none",
        scope: "genui:screens",
      },
    });
    expect(checkRegistration({ ...ok, token_endpoint_auth_method: "client_secret_basic" })).toMatchObject({
      ok: true,
      metadata: { token_endpoint_auth_method: "client_secret_post" },
    });
  });

  it("when the redirect URIs are missing, too many or one is refused, then invalid_redirect_uri says which", () => {
    expect(checkRegistration({})).toMatchObject({ ok: false, error: "invalid_redirect_uri" });
    expect(checkRegistration({ redirect_uris: [] })).toMatchObject({ ok: false, error: "invalid_redirect_uri" });
    expect(checkRegistration({ redirect_uris: "https://a.example/cb" })).toMatchObject({
      ok: false,
      error: "invalid_redirect_uri",
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `https://a.example/cb${i}`);
    expect(checkRegistration({ redirect_uris: eleven })).toEqual({
      ok: false,
      error: "invalid_redirect_uri",
      description: "At most 10 redirect URIs may be registered.",
    });
    expect(checkRegistration({ redirect_uris: ["https://a.example/cb", "http://evil.example/cb"] })).toMatchObject({
      ok: false,
      error: "invalid_redirect_uri",
      description: expect.stringContaining("http://evil.example/cb"),
    });
  });

  it("when the metadata is too long, badly typed or asks for what this server does not do, then invalid_client_metadata", () => {
    const refused = (extra: Record<string, unknown>) => {
      const r = checkRegistration({ ...ok, ...extra });
      return r.ok ? "accepted" : `${r.error}: ${r.description}`;
    };
    expect(refused({ client_name: "x".repeat(201) })).toBe(
      "invalid_client_metadata: client_name must be at most 200 characters.",
    );
    expect(refused({ client_name: "x".repeat(200) })).toBe("accepted");
    expect(refused({ client_name: "Evil\u0000Host" })).toMatch(/control characters/);
    expect(refused({ client_name: 7 })).toMatch(/client_name must be a string/);
    expect(refused({ client_uri: "javascript:alert(1)" })).toMatch(/client_uri must be an http\(s\) URL/);
    expect(refused({ logo_uri: "ftp://x.example/logo.png" })).toMatch(/logo_uri must be an http\(s\) URL/);
    expect(refused({ grant_types: ["client_credentials"] })).toMatch(
      /grant_types may only hold authorization_code, refresh_token/,
    );
    expect(refused({ grant_types: ["refresh_token"] })).toMatch(/must include authorization_code/);
    expect(refused({ response_types: ["token"] })).toMatch(/response_types may only hold code/);
    expect(refused({ token_endpoint_auth_method: "private_key_jwt" })).toMatch(/token_endpoint_auth_method must be one of none/);
    expect(refused({ contacts: Array.from({ length: 11 }, () => "a@b.example") })).toMatch(/contacts/);
    expect(refused({ scope: "s".repeat(1001) })).toMatch(/scope must be at most 1000/);
  });
});

describe("the flow's addresses and values", () => {
  it("when the public URL has a trailing slash, then the issuer has none and the resource is its /mcp", () => {
    expect(issuerOf("https://genui.example/")).toBe("https://genui.example");
    expect(mcpResourceOf("https://genui.example/")).toBe("https://genui.example/mcp");
  });

  it("when a resource parameter is compared, then only the MCP server's URL matches (a trailing slash aside)", () => {
    const mcp = "https://genui.example/mcp";
    expect(resourceMatches("https://genui.example/mcp", mcp)).toBe(true);
    expect(resourceMatches("https://genui.example/mcp/", mcp)).toBe(true);
    expect(resourceMatches("https://GENUI.example/mcp", mcp)).toBe(true);
    expect(resourceMatches("https://genui.example/", mcp)).toBe(false);
    expect(resourceMatches("https://evil.example/mcp", mcp)).toBe(false);
    expect(resourceMatches("http://genui.example/mcp", mcp)).toBe(false);
    expect(resourceMatches("https://genui.example/mcp?x=1", mcp)).toBe(false);
    expect(resourceMatches("https://genui.example/mcp#x", mcp)).toBe(false);
    expect(resourceMatches("not a url", mcp)).toBe(false);
  });

  it("when the owner decides, then the host's redirect URI (its query kept) carries the code or error, the state and iss", () => {
    const approved = new URL(
      authorizationResponse("http://127.0.0.1:5000/cb?keep=1", { code: "abc" }, "s t", "https://genui.example"),
    );
    expect(Object.fromEntries(approved.searchParams)).toEqual({
      keep: "1",
      code: "abc",
      state: "s t",
      iss: "https://genui.example",
    });
    expect(approved.origin + approved.pathname).toBe("http://127.0.0.1:5000/cb");
    const denied = new URL(
      authorizationResponse("https://h.example/cb", { error: "access_denied" }, undefined, "https://genui.example"),
    );
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: "access_denied", iss: "https://genui.example" });
  });

  it("when tokens are made, then they have the key home's shapes and never repeat", () => {
    const access = newAccessToken();
    const refresh = newRefreshToken();
    expect(looksLikeOAuthAccessToken(access)).toBe(true);
    expect(looksLikeOAuthRefreshToken(refresh)).toBe(true);
    expect(looksLikeOAuthAccessToken(refresh)).toBe(false);
    expect(new Set(Array.from({ length: 100 }, newAccessToken)).size).toBe(100);
    expect(newRequestId()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("when a host is shown, then by its name or else the host it is sent back to", () => {
    expect(redirectHost("http://127.0.0.1:5000/cb?x=1")).toBe("http://127.0.0.1:5000");
    expect(hostName(" Claude ", "https://claude.ai/cb")).toBe("Claude");
    expect(hostName(undefined, "https://claude.ai/cb")).toBe("claude.ai");
    expect(scopesWithin(undefined, ["genui:screens"])).toBe(true);
    expect(scopesWithin(["genui:screens"], ["genui:screens"])).toBe(true);
    expect(scopesWithin(["admin"], ["genui:screens"])).toBe(false);
  });
});
