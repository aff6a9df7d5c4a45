import { randomBytes } from "node:crypto";
import { MCP_PATH, MCP_SCOPE } from "@genui/contracts/http";
import { OAUTH_ACCESS_TOKEN_PREFIX, OAUTH_REFRESH_TOKEN_PREFIX } from "@genui/contracts/keys";

/**
 * The rules of the OAuth 2.1 authorization server that connects an agent host to one app (the MCP authorization
 * flow): what a registration may say, where a host may be sent back, how long each step lives, what a token looks
 * like. No I/O: the use case (use-cases/oauth.ts) applies them.
 */

/** "N per window": a rate limit of the config. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** How long the tokens live (config: OAUTH_ACCESS_TOKEN_TTL_SECONDS, OAUTH_REFRESH_TOKEN_TTL_SECONDS). */
export interface OAuthLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

/** A pending authorization request waits this long for the owner's decision on the consent page. */
export const REQUEST_TTL_SECONDS = 600;
/** An authorization code is exchanged within this time, once. */
export const CODE_TTL_SECONDS = 300;
/** A used code is remembered this long: presented again, the tokens issued for it are revoked (OAuth 2.1 §4.1.3). */
export const USED_CODE_MEMORY_SECONDS = 900;

/** What a registration may hold (RFC 7591 bodies are small; these caps keep the store and the consent page sane). */
export const REGISTRATION_LIMITS = {
  bodyBytes: 16 * 1024,
  nameChars: 200,
  redirectUris: 10,
  uriChars: 2048,
  scopeChars: 1000,
  contacts: 10,
} as const;

/** How clients authenticate at the token endpoint: public clients (no secret) and the secret in the body. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ["none", "client_secret_post"] as const;
export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;
export const RESPONSE_TYPES = ["code"] as const;

/** Loopback hosts a native app may listen on with plain http (RFC 8252 §7.3; `localhost` as hosts use it). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname.toLowerCase());

/** C0/C1 control characters (and DEL): never part of a name shown to a user. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a redirect URI cannot be registered (https, or http on a loopback host; no fragment, no credentials). */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== "string" || uri.trim() === "") return "A redirect URI must be a non-empty string.";
  if (uri.length > REGISTRATION_LIMITS.uriChars)
    return `A redirect URI must be at most ${REGISTRATION_LIMITS.uriChars} characters.`;
  if (uri.includes("#")) return `${uri} has a fragment; redirect URIs may not (RFC 6749 §3.1.2).`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI.`;
  }
  if (url.username || url.password) return `${uri} carries credentials; redirect URIs may not.`;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === "http:")
    return `${uri} is plain http on a host other than 127.0.0.1, [::1] or localhost: use https (plain http only for loopback hosts).`;
  return `${uri} has the scheme ${url.protocol.replace(/:$/, "")}: only https (and http on a loopback host) are accepted.`;
}

/** The client metadata of a registration (RFC 7591 §2) as the server reads it. */
export interface ClientMetadataInput {
  redirect_uris?: unknown;
  client_name?: unknown;
  client_uri?: unknown;
  logo_uri?: unknown;
  tos_uri?: unknown;
  policy_uri?: unknown;
  grant_types?: unknown;
  response_types?: unknown;
  token_endpoint_auth_method?: unknown;
  scope?: unknown;
  contacts?: unknown;
  software_id?: unknown;
  software_version?: unknown;
}

/** What is registered: the metadata as the server will use it (RFC 7591 §3.2.1 lets it replace values). */
export interface ClientMetadata {
  redirect_uris: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  tos_uri?: string;
  policy_uri?: string;
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
  scope?: string;
  contacts?: string[];
  software_id?: string;
  software_version?: string;
}

export type RegistrationCheck =
  | { ok: true; metadata: ClientMetadata }
  | { ok: false; error: "invalid_redirect_uri" | "invalid_client_metadata"; description: string };

const bad = (description: string): RegistrationCheck => ({ ok: false, error: "invalid_client_metadata", description });

/** An optional short text field: trimmed, without control characters, at most `max` characters. */
function text(name: string, v: unknown, max: number): { value?: string; problem?: string } {
  if (v === undefined || v === null) return {};
  if (typeof v !== "string") return { problem: `${name} must be a string.` };
  const value = v.trim();
  if (value.length > max) return { problem: `${name} must be at most ${max} characters.` };
  if (CONTROL.test(value)) return { problem: `${name} may not contain control characters.` };
  return value ? { value } : {};
}

/** An optional web address shown or linked (client_uri, logo_uri, …): http(s) only. */
function webUrl(name: string, v: unknown): { value?: string; problem?: string } {
  if (v === undefined || v === null || v === "") return {};
  if (typeof v !== "string" || v.length > REGISTRATION_LIMITS.uriChars)
    return { problem: `${name} must be a URL of at most ${REGISTRATION_LIMITS.uriChars} characters.` };
  try {
    const url = new URL(v);
    if (url.protocol === "https:" || url.protocol === "http:") return { value: v };
  } catch {
    // reported below
  }
  return { problem: `${name} must be an http(s) URL.` };
}

/** A list of values from a closed set; `fallback` when absent. */
function subset(name: string, v: unknown, allowed: readonly string[], fallback: readonly string[]) {
  if (v === undefined || v === null) return { value: [...fallback] };
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) return { problem: `${name} must be a list of strings.` };
  const unknown = (v as string[]).filter((x) => !allowed.includes(x));
  if (unknown.length) return { problem: `${name} may only hold ${allowed.join(", ")} (not ${unknown.join(", ")}).` };
  return { value: [...new Set(v as string[])] };
}

/**
 * Checks a registration (RFC 7591): 1 to 10 redirect URIs that pass `redirectUriProblem` (invalid_redirect_uri), and
 * short, well-formed metadata (invalid_client_metadata). The token endpoint takes the secret in the body: a client
 * asking for HTTP Basic is registered for the body (the token endpoint accepts Basic too).
 */
export function checkRegistration(input: ClientMetadataInput): RegistrationCheck {
  const uris = input.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0)
    return { ok: false, error: "invalid_redirect_uri", description: "redirect_uris must list at least one redirect URI." };
  if (uris.length > REGISTRATION_LIMITS.redirectUris)
    return {
      ok: false,
      error: "invalid_redirect_uri",
      description: `At most ${REGISTRATION_LIMITS.redirectUris} redirect URIs may be registered.`,
    };
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return { ok: false, error: "invalid_redirect_uri", description: problem };
  }
  const fields = {
    client_name: text("client_name", input.client_name, REGISTRATION_LIMITS.nameChars),
    client_uri: webUrl("client_uri", input.client_uri),
    logo_uri: webUrl("logo_uri", input.logo_uri),
    tos_uri: webUrl("tos_uri", input.tos_uri),
    policy_uri: webUrl("policy_uri", input.policy_uri),
    scope: text("scope", input.scope, REGISTRATION_LIMITS.scopeChars),
    software_id: text("software_id", input.software_id, REGISTRATION_LIMITS.nameChars),
    software_version: text("software_version", input.software_version, REGISTRATION_LIMITS.nameChars),
  };
  for (const f of Object.values(fields)) if (f.problem) return bad(f.problem);
  const grants = subset("grant_types", input.grant_types, GRANT_TYPES, GRANT_TYPES);
  if (grants.problem) return bad(grants.problem);
  if (!grants.value!.includes("authorization_code")) return bad("grant_types must include authorization_code.");
  const responses = subset("response_types", input.response_types, RESPONSE_TYPES, RESPONSE_TYPES);
  if (responses.problem) return bad(responses.problem);
  const method = input.token_endpoint_auth_method ?? "client_secret_post";
  if (method !== "none" && method !== "client_secret_post" && method !== "client_secret_basic")
    return bad(`token_endpoint_auth_method must be one of ${TOKEN_ENDPOINT_AUTH_METHODS.join(", ")}.`);
  let contacts: string[] | undefined;
  if (input.contacts !== undefined && input.contacts !== null) {
    const c = input.contacts;
    if (!Array.isArray(c) || c.length > REGISTRATION_LIMITS.contacts || c.some((x) => typeof x !== "string" || x.length > 320))
      return bad(`contacts must be at most ${REGISTRATION_LIMITS.contacts} e-mail addresses.`);
    contacts = c as string[];
  }
  const metadata: ClientMetadata = {
    redirect_uris: [...new Set(uris as string[])],
    grant_types: grants.value!,
    response_types: responses.value!,
    token_endpoint_auth_method: method === "none" ? "none" : "client_secret_post",
    ...(contacts ? { contacts } : {}),
  };
  for (const [k, f] of Object.entries(fields))
    if (f.value !== undefined) (metadata as unknown as Record<string, string>)[k] = f.value;
  return { ok: true, metadata };
}

/** Where the host will be sent back, as the consent page and the dashboard show it (scheme://host[:port]). */
export const redirectHost = (redirectUri: string): string => new URL(redirectUri).origin;

/** The name a host goes by: its registered name, else the host it is sent back to. */
export const hostName = (clientName: string | undefined, redirectUri: string): string =>
  clientName?.trim() || new URL(redirectUri).host;

/** The authorization server's issuer: the platform's public URL without a trailing slash (RFC 8414 §2). */
export const issuerOf = (publicUrl: string): string => publicUrl.replace(/\/+$/, "");

/** The MCP server's resource URL, the one audience of our tokens (RFC 8707; the protected-resource metadata's). */
export const mcpResourceOf = (publicUrl: string): string => `${issuerOf(publicUrl)}${MCP_PATH}`;

/** Whether a `resource` parameter names the MCP server (a trailing slash and the host's letter case aside). */
export function resourceMatches(resource: string, expected: string): boolean {
  try {
    const a = new URL(resource);
    const b = new URL(expected);
    if (a.hash || a.search || a.username || a.password) return false;
    return a.origin === b.origin && a.pathname.replace(/\/+$/, "") === b.pathname.replace(/\/+$/, "");
  } catch {
    return false;
  }
}

/**
 * The scopes a grant carries: there is one, MCP_SCOPE, and every grant has it. Scopes a host asks for that this
 * server does not know (`offline_access`, …) are not granted, and the token answer's `scope` says what was.
 */
export const grantedScopes = (): string[] => [MCP_SCOPE];

/** Whether a refresh may ask for `requested` (a subset of what was granted; nothing asked: all of it). */
export const scopesWithin = (requested: readonly string[] | undefined, granted: readonly string[]): boolean =>
  !requested || requested.every((s) => granted.includes(s));

const random = () => randomBytes(32).toString("base64url");

/** gk_oat_…: an access token (43 characters of 256 random bits after the prefix, like every key of the platform). */
export const newAccessToken = (): string => OAUTH_ACCESS_TOKEN_PREFIX + random();
/** gk_ort_…: a refresh token. */
export const newRefreshToken = (): string => OAUTH_REFRESH_TOKEN_PREFIX + random();
/** An authorization code (256 random bits; only its hash is kept). */
export const newAuthorizationCode = (): string => random();
/** A pending request's id: in the consent page's address (`?request=`), 192 random bits. */
export const newRequestId = (): string => randomBytes(24).toString("base64url");

/**
 * The authorization response (RFC 6749 §4.1.2, RFC 9207's `iss`): the host's redirect URI (its own query kept) with
 * the code or the error, and the state it sent.
 */
export function authorizationResponse(
  redirectUri: string,
  answer: { code: string } | { error: string; error_description?: string },
  state: string | undefined,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(answer)) if (v !== undefined) url.searchParams.set(k, v);
  if (state !== undefined) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer);
  return url.href;
}
