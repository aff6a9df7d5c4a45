import { createHash } from "node:crypto";
import vm from "node:vm";
import { OAuth2Client } from "google-auth-library";
import {
  FAKE_GOOGLE_ACCOUNTS,
  GOOGLE_ISSUER,
  fakeGoogleSubject,
  startFakeGoogle,
  type FakeGoogle,
} from "../src/google/fake-google";

const SCOPE = "openid profile email";

describe("Google stand-in", () => {
  let google: FakeGoogle;

  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(async () => {
    await google.close();
  });

  const authUrl = (params: Record<string, string>) => `${google.url}/o/oauth2/v2/auth?${new URLSearchParams(params).toString()}`;
  const decide = (fields: Record<string, string>) =>
    fetch(`${google.url}/o/oauth2/v2/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "local-client", scope: SCOPE, popup: "1", ...fields }).toString(),
    });
  /** Runs a page's inline scripts against a fake opener; answers what was posted (as plain JSON) and whether it closed. */
  const runPage = (html: string) => {
    const posted: { message: Record<string, unknown>; target: string }[] = [];
    let closed = false;
    const win = {
      opener: {
        postMessage: (m: unknown, target: string) =>
          posted.push({ message: JSON.parse(JSON.stringify(m)) as Record<string, unknown>, target }),
      },
      close: () => (closed = true),
    };
    const ctx = vm.createContext({ window: win, setTimeout: (fn: () => void) => fn() });
    for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) vm.runInContext(m[1]!, ctx);
    return { posted, closed };
  };
  const userinfo = (token: string) => fetch(google.userinfoUrl, { headers: { authorization: `Bearer ${token}` } });

  it("when /gsi/client is loaded, then an uncached any-origin script defines google.accounts and initTokenClient needs a client_id", async () => {
    expect(google.gsiClientUrl).toBe(`${google.url}/gsi/client`);
    const res = await fetch(google.gsiClientUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toContain("no-store");

    let loaded = false;
    const win: Record<string, unknown> = { google: { maps: "kept" }, onGoogleLibraryLoad: () => (loaded = true) };
    const ctx = vm.createContext({
      window: win,
      document: { currentScript: { src: google.gsiClientUrl } },
      URL,
      URLSearchParams,
    });
    vm.runInContext(await res.text(), ctx);
    const g = win.google as {
      maps: string;
      accounts: {
        oauth2: {
          initTokenClient(c: Record<string, unknown>): { requestAccessToken(o?: Record<string, unknown>): void };
          hasGrantedAllScopes(r: { scope: string }, ...s: string[]): boolean;
        };
        id: { disableAutoSelect(): void; initialize(): void; prompt(): void };
      };
    };
    expect(g.maps).toBe("kept");
    expect(loaded).toBe(true);
    let thrown: unknown;
    try {
      g.accounts.oauth2.initTokenClient({ scope: SCOPE, callback: () => undefined });
    } catch (err) {
      thrown = err;
    }
    expect((thrown as { message?: string } | undefined)?.message).toBe("Missing required parameter client_id.");
    const client = g.accounts.oauth2.initTokenClient({ client_id: "local-client", scope: SCOPE, callback: () => undefined });
    expect(typeof client.requestAccessToken).toBe("function");
    expect(g.accounts.oauth2.hasGrantedAllScopes({ scope: SCOPE }, "email", "openid")).toBe(true);
    expect(g.accounts.oauth2.hasGrantedAllScopes({ scope: SCOPE }, "drive")).toBe(false);
    expect(() => {
      g.accounts.id.disableAutoSelect();
      g.accounts.id.initialize();
      g.accounts.id.prompt();
    }).not.toThrow();
  });

  it("when the consent page is opened, then it lists the preset accounts and a form, and refuses a request without client_id", async () => {
    const res = await fetch(authUrl({ client_id: "local-client", scope: SCOPE, response_type: "token", popup: "1" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain("<title>Sign in with Google (local stand-in)</title>");
    for (const a of FAKE_GOOGLE_ACCOUNTS) expect(html).toContain(a.email);
    expect(html).toContain("Demo Google User");
    expect(html).toContain(`<label for="email">Email</label>`);
    expect(html).toMatch(/<input type="checkbox" id="email_verified" name="email_verified" value="1" checked>/);
    expect(html).toContain(">Continue</button>");
    expect(html).toContain(">Cancel</button>");

    const missing = await fetch(authUrl({ scope: SCOPE, response_type: "token" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Missing required parameter: client_id");
    const code = await fetch(authUrl({ client_id: "local-client", scope: SCOPE, response_type: "code" }));
    expect(code.status).toBe(400);
  });

  it("when a preset account continues, then the opener gets a Bearer token that the userinfo endpoint accepts, with a stable subject", async () => {
    const res = await decide({ action: "account", account: "0", state: "s-1" });
    expect(res.status).toBe(200);
    const { posted, closed } = runPage(await res.text());
    expect(closed).toBe(true);
    expect(posted).toHaveLength(1);
    const { message, target } = posted[0]!;
    expect(target).toBe("*");
    expect(message).toEqual({
      source: "genui-google-sim",
      access_token: expect.stringMatching(/^fake-google\./),
      token_type: "Bearer",
      expires_in: 3599,
      scope: SCOPE,
      state: "s-1",
    });
    const sub = `sim-${createHash("sha256").update("google.user@genui.dev").digest("hex").slice(0, 16)}`;
    expect(fakeGoogleSubject(" Google.User@genui.dev ")).toBe(sub);
    const info = await userinfo(String(message.access_token));
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ sub, email: "google.user@genui.dev", email_verified: true, name: "Demo Google User" });
    // Issued to the client that asked for it.
    const tokeninfo = await fetch(`${google.tokeninfoUrl}?access_token=${String(message.access_token)}`);
    expect(await tokeninfo.json()).toMatchObject({ aud: "local-client", azp: "local-client", sub, email_verified: "true" });
  });

  it("when another account is typed in, then the token carries that name, e-mail and verified flag; a bad e-mail re-asks", async () => {
    const res = await decide({ action: "custom", name: " Ada Lovelace ", email: "Ada@Example.com" });
    const { posted } = runPage(await res.text());
    const token = String(posted[0]!.message.access_token);
    expect(await (await userinfo(token)).json()).toEqual({
      sub: fakeGoogleSubject("ada@example.com"),
      email: "ada@example.com",
      email_verified: false,
      name: "Ada Lovelace",
    });
    const verified = runPage(await (await decide({ action: "custom", email: "ada@example.com", email_verified: "1" })).text());
    expect(await (await userinfo(String(verified.posted[0]!.message.access_token))).json()).toEqual({
      sub: fakeGoogleSubject("ada@example.com"),
      email: "ada@example.com",
      email_verified: true,
    });

    const bad = await decide({ action: "custom", name: "X", email: "not-an-email" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(`role="alert">Enter a valid email address.`);
    expect(html).toContain(`aria-invalid="true" aria-describedby="email-error"`);
    expect(runPage(html).posted).toEqual([]);
  });

  it("when the person cancels, then the opener gets access_denied and the window closes", async () => {
    const { posted, closed } = runPage(await (await decide({ action: "cancel" })).text());
    expect(posted).toEqual([
      {
        target: "*",
        message: { source: "genui-google-sim", error: "access_denied", error_description: "The user denied access." },
      },
    ]);
    expect(closed).toBe(true);
  });

  it("when userinfo gets a minted token, then it answers the profile; any other token, 401 invalid_token", async () => {
    const profile = { sub: "g-1", email: "x@example.com", email_verified: true, name: "X" };
    expect(await (await userinfo(google.mintAccessToken(profile, { clientId: "local-client" }))).json()).toEqual(profile);
    const bad = await userinfo("ya29.real-looking");
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect((await fetch(`${google.url}/nope`)).status).toBe(404);
  });

  it("when tokeninfo is asked about a token it issued, then it answers like Google: the client it was minted for, scopes, expiry", async () => {
    const profile = { sub: "g-2", email: "y@example.com", email_verified: true };
    const token = google.mintAccessToken(profile, { clientId: "client-a" });
    const byQuery = await fetch(`${google.tokeninfoUrl}?access_token=${token}`);
    expect(byQuery.status).toBe(200);
    const info = (await byQuery.json()) as Record<string, string>;
    expect(info).toEqual({
      azp: "client-a",
      aud: "client-a",
      sub: "g-2",
      scope: "openid https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/userinfo.email",
      exp: expect.stringMatching(/^\d+$/),
      expires_in: expect.stringMatching(/^\d+$/),
      email: "y@example.com",
      email_verified: "true",
      access_type: "online",
    });
    // google-auth-library's getTokenInfo (POST with a Bearer header) reads the same answer.
    const client = new OAuth2Client({
      endpoints: { tokenInfoUrl: google.tokeninfoUrl },
      transporterOptions: { fetchImplementation: fetch },
    });
    expect(await client.getTokenInfo(token)).toMatchObject({
      aud: "client-a",
      azp: "client-a",
      sub: "g-2",
      email_verified: "true",
    });

    const other = google.mintAccessToken(profile, { clientId: "client-b", scope: "openid" });
    expect(await (await fetch(`${google.tokeninfoUrl}?access_token=${other}`)).json()).toMatchObject({ aud: "client-b" });
    expect(await (await fetch(`${google.tokeninfoUrl}?access_token=${other}`)).json()).not.toHaveProperty("email");
    const expired = google.mintAccessToken(profile, { clientId: "client-a", expiresIn: -1 });
    for (const t of [expired, "ya29.unknown"]) {
      const res = await fetch(`${google.tokeninfoUrl}?access_token=${t}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "invalid_token", error_description: "Invalid Value" });
    }
  });

  it("when an ID token is minted, then google-auth-library verifies it against the published certificates for its audience only", async () => {
    const profile = { sub: "g-3", email: "z@example.com", email_verified: true, name: "Zed" };
    const idToken = google.mintIdToken(profile, { clientId: "client-a" });
    const client = new OAuth2Client({
      endpoints: { oauth2FederatedSignonPemCertsUrl: google.certsUrl },
      transporterOptions: { fetchImplementation: fetch },
    });
    const payload = (await client.verifyIdToken({ idToken, audience: "client-a" })).getPayload();
    expect(payload).toMatchObject({
      iss: GOOGLE_ISSUER,
      aud: "client-a",
      azp: "client-a",
      sub: "g-3",
      email_verified: true,
      name: "Zed",
    });
    await expect(client.verifyIdToken({ idToken, audience: "client-b" })).rejects.toThrow(/Wrong recipient/);

    const jwks = (await (await fetch(google.jwksUrl)).json()) as { keys: { kid: string; kty: string; alg: string }[] };
    const certs = (await (await fetch(google.certsUrl)).json()) as Record<string, string>;
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: "RSA", alg: "RS256", kid: Object.keys(certs)[0] })]);
  });
});
