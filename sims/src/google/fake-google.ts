import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { escapeHtml, htmlPage, listenDevServer, readBody, scriptJson, sendHtml, sendJson, sendScript } from "../http";
import { GOOGLE_SIM_MESSAGE_SOURCE, gsiClientScript } from "./gsi-client";

/**
 * A stand-in for Google, for tests and the local platform only (nothing outside this machine is reachable). It answers
 * like Google's own endpoints, so identity verifies its tokens with the same code (and library) as Google's:
 * - opaque access tokens, each remembered with the client id it was minted for, its scopes and expiry:
 *   `GET|POST /tokeninfo` (as https://oauth2.googleapis.com/tokeninfo: `aud`/`azp` = that client id, `sub`, `scope`,
 *   `exp`, `expires_in`, `email`, `email_verified` as strings; 400 invalid_token otherwise) and `GET /v1/userinfo`
 *   (as https://openidconnect.googleapis.com/v1/userinfo);
 * - ID tokens (RS256 JWTs, `iss` https://accounts.google.com, `aud` = the client id) signed with its own RSA key, whose
 *   public half it publishes at `GET /oauth2/v1/certs` (PEM, as https://www.googleapis.com/oauth2/v1/certs) and
 *   `GET /oauth2/v3/certs` (JWKS);
 * - a Google Identity Services script `GET /gsi/client` (see ./gsi-client.ts) whose token client opens
 * - a consent page `GET /o/oauth2/v2/auth?client_id=…&scope=…&response_type=token&popup=1` where a person picks a preset
 *   account or types a name and e-mail; the page mints a token for the client id that asked and posts it to its opener.
 * Tests mint tokens directly (`mintAccessToken`, `mintIdToken`), also for another client id or with broken claims.
 * Refuses to start in production.
 */
export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface FakeGoogleOptions {
  /** The base a browser reaches the stand-in at (used by /gsi/client when it cannot see its own URL); default its own. */
  publicUrl?: string;
}

export interface MintAccessTokenOptions {
  /** The OAuth client the token is issued to (`aud`/`azp` in tokeninfo). */
  clientId: string;
  /** Space-separated, as requested; default "openid profile email". */
  scope?: string;
  /** Seconds from now; default 3599 (what Google grants). */
  expiresIn?: number;
}

export interface MintIdTokenOptions {
  clientId: string;
  /** Overrides for tests: another issuer, a lifetime in the past, … */
  iss?: string;
  issuedAt?: number;
  expiresIn?: number;
  /** Leave `email_verified` out of the token entirely. */
  omitEmailVerified?: boolean;
}

export interface FakeGoogle {
  server: Server;
  /** `http://host:port` */
  url: string;
  userinfoUrl: string;
  /** Like https://oauth2.googleapis.com/tokeninfo */
  tokeninfoUrl: string;
  /** Like https://www.googleapis.com/oauth2/v1/certs (PEM public keys by key id). */
  certsUrl: string;
  /** Like https://www.googleapis.com/oauth2/v3/certs (JWKS). */
  jwksUrl: string;
  /** The Google Identity Services stand-in, `${publicUrl}/gsi/client`. */
  gsiClientUrl: string;
  /** An opaque access token for `profile`, issued to `options.clientId`. */
  mintAccessToken(profile: FakeGoogleProfile, options: MintAccessTokenOptions): string;
  /** A signed ID token (the GIS `credential`) for `profile`, audience `options.clientId`. */
  mintIdToken(profile: FakeGoogleProfile, options: MintIdTokenOptions): string;
  close: () => Promise<void>;
}

/** Google's issuer; the stand-in's ID tokens carry it (they verify only against the stand-in's own published keys). */
export const GOOGLE_ISSUER = "https://accounts.google.com";
const PREFIX = "fake-google.";
/** What Google answers for a fresh implicit-flow token. */
const EXPIRES_IN = 3599;
const MAX_FORM = 16 * 1024;
/** Remembered access tokens at most (oldest dropped first); the stand-in runs for one developer or one test run. */
const MAX_TOKENS = 20_000;
const DEFAULT_SCOPE = "openid profile email";
/** Google reports the short scope names by their full URLs. */
const SCOPE_URLS: Record<string, string> = {
  email: "https://www.googleapis.com/auth/userinfo.email",
  profile: "https://www.googleapis.com/auth/userinfo.profile",
};
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** The stand-in's subject for an e-mail: stable, so signing in again as the same e-mail is the same Google user. */
export const fakeGoogleSubject = (email: string): string =>
  `sim-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16)}`;

/** The accounts the consent page offers with one click. */
export const FAKE_GOOGLE_ACCOUNTS: readonly { name: string; email: string; email_verified: boolean }[] = [
  { name: "Demo Google User", email: "google.user@genui.dev", email_verified: true },
  { name: "Unverified Google User", email: "unverified.user@genui.dev", email_verified: false },
];

interface IssuedToken {
  profile: FakeGoogleProfile;
  clientId: string;
  scopes: string[];
  /** Epoch seconds. */
  exp: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** The stand-in's token authority: issued access tokens and the RSA key that signs ID tokens. */
class TokenAuthority {
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly kid = randomBytes(20).toString("hex");

  constructor() {
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  mintAccessToken(profile: FakeGoogleProfile, o: MintAccessTokenOptions): string {
    if (!o.clientId) throw new Error("mintAccessToken needs the client id the token is for");
    if (this.tokens.size >= MAX_TOKENS) {
      const now = nowSeconds();
      for (const [t, v] of this.tokens) if (v.exp <= now) this.tokens.delete(t);
      while (this.tokens.size >= MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
    }
    const token = PREFIX + randomBytes(32).toString("base64url");
    const scopes = (o.scope ?? DEFAULT_SCOPE).split(" ").filter(Boolean);
    this.tokens.set(token, {
      profile: { ...profile },
      clientId: o.clientId,
      scopes: scopes.map((s) => SCOPE_URLS[s] ?? s),
      exp: nowSeconds() + (o.expiresIn ?? EXPIRES_IN),
    });
    return token;
  }

  /** A live token's record; expired and unknown tokens are none. */
  lookup(token: string): IssuedToken | undefined {
    const t = this.tokens.get(token);
    if (t && t.exp <= nowSeconds()) {
      this.tokens.delete(token);
      return undefined;
    }
    return t;
  }

  mintIdToken(profile: FakeGoogleProfile, o: MintIdTokenOptions): string {
    const iat = o.issuedAt ?? nowSeconds();
    const claims: Record<string, unknown> = {
      iss: o.iss ?? GOOGLE_ISSUER,
      azp: o.clientId,
      aud: o.clientId,
      sub: profile.sub,
      email: profile.email,
      ...(o.omitEmailVerified ? {} : { email_verified: profile.email_verified }),
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.picture ? { picture: profile.picture } : {}),
      iat,
      exp: iat + (o.expiresIn ?? EXPIRES_IN),
      jti: randomBytes(16).toString("hex"),
    };
    const signed = `${b64url({ alg: "RS256", kid: this.kid, typ: "JWT" })}.${b64url(claims)}`;
    return `${signed}.${sign("RSA-SHA256", Buffer.from(signed), this.privateKey).toString("base64url")}`;
  }

  /** Google's tokeninfo answer for a live access token (all values strings, as Google sends them). */
  tokeninfo(t: IssuedToken): Record<string, string> {
    const hasEmail = t.scopes.includes(SCOPE_URLS.email!);
    return {
      azp: t.clientId,
      aud: t.clientId,
      sub: t.profile.sub,
      scope: t.scopes.join(" "),
      exp: String(t.exp),
      expires_in: String(Math.max(0, t.exp - nowSeconds())),
      ...(hasEmail ? { email: t.profile.email, email_verified: String(t.profile.email_verified) } : {}),
      access_type: "online",
    };
  }

  pemCerts(): Record<string, string> {
    return { [this.kid]: this.publicKey.export({ type: "spki", format: "pem" }).toString() };
  }

  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [{ ...this.publicKey.export({ format: "jwk" }), kid: this.kid, alg: "RS256", use: "sig" }] };
  }
}

const sendPage = (res: ServerResponse, status: number, html: string): void =>
  sendHtml(res, status, html, { "content-security-policy": CSP, "x-frame-options": "DENY" });

/** A form post of at most MAX_FORM bytes (a larger one is cut off: undefined). */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const raw = await readBody(req, MAX_FORM);
  return raw === undefined ? undefined : new URLSearchParams(raw.toString("utf8"));
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f4f9;color:#1f1f1f}
main{max-width:28rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:16px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1rem;margin:1.5rem 0 .5rem}
.note{font-size:.8rem;color:#7a4d00;background:#fff4d6;border-radius:6px;padding:.3rem .6rem;display:inline-block;margin:0 0 1rem}
.muted{color:#444746;font-size:.9rem}
ul{list-style:none;margin:0;padding:0}
li{margin:0 0 .5rem}
button{font:inherit;cursor:pointer;border-radius:20px;padding:.55rem 1.4rem;border:1px solid #0b57d0;background:#0b57d0;color:#fff}
button.account{display:block;width:100%;text-align:left;border-radius:12px;border:1px solid #c4c7c5;background:#fff;color:#1f1f1f;padding:.7rem 1rem}
button.account:hover{background:#f0f4f9}
button.secondary{background:#fff;color:#0b57d0}
button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.account .email{display:block;color:#444746;font-size:.9rem}
.account .tag{display:block;color:#146c2e;font-size:.8rem}
.account .tag.unverified{color:#8c1d18}
label{display:block;margin:.6rem 0 .2rem}
input[type=text],input[type=email]{font:inherit;width:100%;box-sizing:border-box;padding:.5rem .7rem;border:1px solid #747775;border-radius:8px}
input:focus-visible{outline:3px solid #0b57d0;outline-offset:1px}
.check{display:flex;gap:.5rem;align-items:center;margin:.8rem 0}
.check label{margin:0}
.error{color:#b3261e;margin:.3rem 0 0}
.row{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem}
textarea{width:100%;box-sizing:border-box;font:12px/1.4 ui-monospace,monospace}`;

const page = (title: string, body: string, script?: string): string =>
  htmlPage(title, STYLE, `<p class="note">Local stand-in &mdash; this is not Google</p>\n${body}`, script);

interface AuthRequest {
  clientId: string;
  scope: string;
  state: string;
  popup: boolean;
  loginHint: string;
}

const TITLE = "Sign in with Google (local stand-in)";

function hidden(r: AuthRequest): string {
  const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return (
    field("client_id", r.clientId) +
    field("scope", r.scope) +
    (r.state ? field("state", r.state) : "") +
    (r.popup ? field("popup", "1") : "")
  );
}

function consentPage(r: AuthRequest, form: { name?: string; email?: string; verified?: boolean; error?: string } = {}): string {
  const accounts = FAKE_GOOGLE_ACCOUNTS.map(
    (a, i) =>
      `<li><button type="submit" class="account" name="account" value="${i}">` +
      `<span class="name">${escapeHtml(a.name)}</span> <span class="email">${escapeHtml(a.email)}</span> ` +
      `<span class="tag${a.email_verified ? "" : " unverified"}">${a.email_verified ? "Email verified" : "Email not verified"}</span>` +
      `</button></li>`,
  ).join("");
  const email = form.email ?? r.loginHint;
  const invalid = form.error ? ` aria-invalid="true" aria-describedby="email-error"` : "";
  return page(
    TITLE,
    `<h1>${escapeHtml(TITLE)}</h1>
<p class="muted">to continue to <strong>${escapeHtml(r.clientId)}</strong>. Requested access: ${escapeHtml(r.scope || "(none)")}</p>
<h2 id="choose">Choose an account</h2>
<form method="post" action="auth">${hidden(r)}<input type="hidden" name="action" value="account">
<ul aria-labelledby="choose">${accounts}</ul>
</form>
<h2 id="another">Use another account</h2>
<form method="post" action="auth" aria-labelledby="another" novalidate>${hidden(r)}<input type="hidden" name="action" value="custom">
<label for="name">Name</label>
<input type="text" id="name" name="name" autocomplete="name" maxlength="150" value="${escapeHtml(form.name ?? "")}">
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${escapeHtml(email)}"${invalid}>
${form.error ? `<p class="error" id="email-error" role="alert">${escapeHtml(form.error)}</p>` : ""}
<div class="check"><input type="checkbox" id="email_verified" name="email_verified" value="1"${form.verified === false ? "" : " checked"}>
<label for="email_verified">Email verified</label></div>
<div class="row"><button type="submit">Continue</button></div>
</form>
<form method="post" action="auth">${hidden(r)}<input type="hidden" name="action" value="cancel">
<div class="row"><button type="submit" class="secondary">Cancel</button></div>
</form>`,
  );
}

const errorPage = (message: string): string =>
  page(
    "Sign in with Google (local stand-in): error",
    `<h1>Error 400: invalid_request</h1><p>${escapeHtml(message)}</p><p>You can close this window.</p>`,
  );

/** Posts to the opener (popup mode) and closes; without an opener the page just shows its text. */
const notifyOpener = (message: Record<string, unknown>): string =>
  `(function(){var m=${scriptJson({ source: GOOGLE_SIM_MESSAGE_SOURCE, ...message })};` +
  `if (window.opener) { try { window.opener.postMessage(m, "*"); } catch (e) {} setTimeout(function(){ window.close(); }, 100); }})();`;

function authRequest(params: URLSearchParams): AuthRequest | string {
  const clientId = params.get("client_id") ?? "";
  if (!clientId) return "Missing required parameter: client_id";
  const responseType = params.get("response_type");
  if (responseType !== null && responseType !== "token") {
    return `Unsupported response_type: ${responseType} (the local stand-in issues tokens only)`;
  }
  return {
    clientId,
    scope: params.get("scope") ?? "",
    state: params.get("state") ?? "",
    popup: params.get("popup") === "1",
    loginHint: params.get("login_hint") ?? "",
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function decide(req: IncomingMessage, res: ServerResponse, authority: TokenAuthority): Promise<void> {
  const form = await readForm(req);
  if (!form) return sendPage(res, 413, errorPage("The form is too large."));
  const r = authRequest(form);
  if (typeof r === "string") return sendPage(res, 400, errorPage(r));
  const state = r.state ? { state: r.state } : {};
  const action = form.get("action");
  if (action === "cancel") {
    const message = { error: "access_denied", error_description: "The user denied access.", ...state };
    return sendPage(res, 200, page(TITLE, `<h1>Sign-in cancelled</h1><p>You can close this window.</p>`, notifyOpener(message)));
  }
  let profile: FakeGoogleProfile;
  if (action === "account") {
    const account = FAKE_GOOGLE_ACCOUNTS[Number(form.get("account"))];
    if (!account) return sendPage(res, 400, errorPage("Unknown account."));
    profile = {
      sub: fakeGoogleSubject(account.email),
      email: account.email,
      email_verified: account.email_verified,
      name: account.name,
    };
  } else if (action === "custom") {
    const name = (form.get("name") ?? "").trim().slice(0, 150);
    const email = (form.get("email") ?? "").trim().toLowerCase();
    const verified = form.get("email_verified") === "1";
    if (!EMAIL.test(email) || email.length > 254) {
      return sendPage(res, 400, consentPage(r, { name, email, verified, error: "Enter a valid email address." }));
    }
    profile = { sub: fakeGoogleSubject(email), email, email_verified: verified, ...(name ? { name } : {}) };
  } else {
    return sendPage(res, 400, errorPage("Unknown action."));
  }
  // Issued to the client that asked (GIS passes its client_id), as Google does.
  const accessToken = authority.mintAccessToken(profile, { clientId: r.clientId, scope: r.scope });
  const message = { access_token: accessToken, token_type: "Bearer", expires_in: EXPIRES_IN, scope: r.scope, ...state };
  const who = profile.name ? `${profile.name} (${profile.email})` : profile.email;
  sendPage(
    res,
    200,
    page(
      TITLE,
      `<h1>Signed in</h1><p>Signed in as ${escapeHtml(who)}. You can close this window.</p>` +
        (r.popup
          ? ""
          : `<label for="token">Access token</label><textarea id="token" rows="6" readonly>${escapeHtml(accessToken)}</textarea>`),
      notifyOpener(message),
    ),
  );
}

export async function startFakeGoogle(port = 0, host = "127.0.0.1", options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  if (process.env.NODE_ENV === "production") throw new Error("the Google stand-in never runs in production");
  let publicUrl = "";
  const authority = new TokenAuthority();

  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];

  /** Google's tokeninfo takes `access_token` in the query or a form body, or a Bearer header (google-auth-library). */
  async function tokeninfo(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let token = url.searchParams.get("access_token") ?? bearer(req);
    if (req.method === "POST" && !token) token = (await readForm(req))?.get("access_token") ?? undefined;
    const issued = token ? authority.lookup(token) : undefined;
    if (!issued) return sendJson(res, 400, { error: "invalid_token", error_description: "Invalid Value" });
    sendJson(res, 200, authority.tokeninfo(issued));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    const method = req.method ?? "GET";
    if (method === "GET" && path === "/v1/userinfo") {
      const token = bearer(req);
      const issued = token ? authority.lookup(token) : undefined;
      if (!issued) {
        return sendJson(
          res,
          401,
          { error: "invalid_request", error_description: "Invalid Credentials" },
          {
            "www-authenticate": 'Bearer error="invalid_token"',
          },
        );
      }
      return sendJson(res, 200, issued.profile);
    }
    if ((method === "GET" || method === "POST") && path === "/tokeninfo") return tokeninfo(req, res, url);
    // Short max-age: a restarted stand-in has a new key, and verifiers cache certificates for max-age.
    if (method === "GET" && path === "/oauth2/v1/certs")
      return sendJson(res, 200, authority.pemCerts(), { "cache-control": "public, max-age=60" });
    if (method === "GET" && path === "/oauth2/v3/certs")
      return sendJson(res, 200, authority.jwks(), { "cache-control": "public, max-age=60" });
    if (method === "GET" && path === "/gsi/client") return sendScript(res, 200, gsiClientScript({ publicUrl }));
    if (path === "/o/oauth2/v2/auth" && method === "GET") {
      const r = authRequest(url.searchParams);
      return typeof r === "string" ? sendPage(res, 400, errorPage(r)) : sendPage(res, 200, consentPage(r));
    }
    if (path === "/o/oauth2/v2/auth" && method === "POST") return decide(req, res, authority);
    sendJson(res, 404, { error: "not_found" });
  }

  const { server, url: base } = await listenDevServer("Google stand-in", handle, port, host);
  publicUrl = (options.publicUrl ?? base).replace(/\/+$/, "");
  let closed: Promise<void> | undefined;
  return {
    server,
    url: base,
    userinfoUrl: `${base}/v1/userinfo`,
    tokeninfoUrl: `${base}/tokeninfo`,
    certsUrl: `${base}/oauth2/v1/certs`,
    jwksUrl: `${base}/oauth2/v3/certs`,
    gsiClientUrl: `${publicUrl}/gsi/client`,
    mintAccessToken: (profile, o) => authority.mintAccessToken(profile, o),
    mintIdToken: (profile, o) => authority.mintIdToken(profile, o),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
