import { createHash } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { escapeHtml, htmlPage, listenDevServer, readBody, scriptJson, sendHtml, sendJson, sendScript } from "@genui/chassis";
import { GOOGLE_SIM_MESSAGE_SOURCE, gsiClientScript } from "./gsi-client";

/**
 * A stand-in for Google, for tests and the local platform only (nothing outside this machine is reachable):
 * - the userinfo endpoint `GET /v1/userinfo`. Access tokens are `fake-google.<base64url JSON profile>`, minted by
 *   `mintFakeGoogleToken`, so a test or the local sign-in page can play any Google user;
 * - a Google Identity Services script `GET /gsi/client` (see ./gsi-client.ts) whose token client opens
 * - a consent page `GET /o/oauth2/v2/auth?client_id=…&scope=…&response_type=token&popup=1` where a person picks a preset
 *   account or types a name and e-mail; the page mints the token and posts it to its opener.
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

export interface FakeGoogle {
  server: Server;
  /** `http://host:port` */
  url: string;
  userinfoUrl: string;
  /** The Google Identity Services stand-in, `${publicUrl}/gsi/client`. */
  gsiClientUrl: string;
  close: () => Promise<void>;
}

const PREFIX = "fake-google.";
/** What Google answers for a fresh implicit-flow token. */
const EXPIRES_IN = 3599;
const MAX_FORM = 16 * 1024;
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

export const mintFakeGoogleToken = (profile: FakeGoogleProfile): string =>
  PREFIX + Buffer.from(JSON.stringify(profile)).toString("base64url");

/** The stand-in's subject for an e-mail: stable, so signing in again as the same e-mail is the same Google user. */
export const fakeGoogleSubject = (email: string): string =>
  `sim-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16)}`;

/** The accounts the consent page offers with one click. */
export const FAKE_GOOGLE_ACCOUNTS: readonly { name: string; email: string; email_verified: boolean }[] = [
  { name: "Demo Google User", email: "google.user@genui.dev", email_verified: true },
  { name: "Unverified Google User", email: "unverified.user@genui.dev", email_verified: false },
];

function profileFor(token: string): FakeGoogleProfile | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(token.slice(PREFIX.length), "base64url").toString("utf8")) as FakeGoogleProfile;
    return typeof p.sub === "string" && p.sub ? p : undefined;
  } catch {
    return undefined;
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

async function decide(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  const accessToken = mintFakeGoogleToken(profile);
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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    const method = req.method ?? "GET";
    if (method === "GET" && path === "/v1/userinfo") {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const profile = token ? profileFor(token) : undefined;
      if (!profile) {
        return sendJson(
          res,
          401,
          { error: "invalid_request", error_description: "Invalid Credentials" },
          {
            "www-authenticate": 'Bearer error="invalid_token"',
          },
        );
      }
      return sendJson(res, 200, profile);
    }
    if (method === "GET" && path === "/gsi/client") return sendScript(res, 200, gsiClientScript({ publicUrl }));
    if (path === "/o/oauth2/v2/auth" && method === "GET") {
      const r = authRequest(url.searchParams);
      return typeof r === "string" ? sendPage(res, 400, errorPage(r)) : sendPage(res, 200, consentPage(r));
    }
    if (path === "/o/oauth2/v2/auth" && method === "POST") return decide(req, res);
    sendJson(res, 404, { error: "not_found" });
  }

  const { server, url: base } = await listenDevServer("Google stand-in", handle, port, host);
  publicUrl = (options.publicUrl ?? base).replace(/\/+$/, "");
  let closed: Promise<void> | undefined;
  return {
    server,
    url: base,
    userinfoUrl: `${base}/v1/userinfo`,
    gsiClientUrl: `${publicUrl}/gsi/client`,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
