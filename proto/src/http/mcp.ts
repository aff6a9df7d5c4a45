import { z } from "zod";
import { Id } from "./apps";
import { BadRequest, MessageError } from "./errors";
import type { HttpAnswer, HttpOperation } from "./operation";

/**
 * The MCP server (`/mcp`, Streamable HTTP, stateless) and the OAuth 2.1 authorization server that lets an agent host
 * connect to one app with its owner's consent (RFC 8414 metadata, RFC 7591 registration, authorization code + PKCE,
 * RFC 7009 revocation, RFC 9728 protected-resource metadata), as the MCP authorization spec (2025-11-25) asks.
 */

/** The scope an access token carries: generate and act on screens for the app the owner chose. */
export const MCP_SCOPE = "genui:screens";
/** The MCP endpoint's path, and its protected-resource metadata document's (RFC 9728, path inserted). */
export const MCP_PATH = "/mcp";
export const MCP_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource/mcp";
/** The SPA page where a signed-in owner approves a host (`?request=<id>`). */
export const OAUTH_CONSENT_PAGE = "/oauth/consent";

/** One JSON-RPC 2.0 message (request, notification or response) or a batch of them. */
const JsonRpcMessage = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number().int()]).optional(),
    method: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    result: z.unknown().optional(),
    error: z.unknown().optional(),
  })
  .meta({ id: "JsonRpcMessage", description: "A JSON-RPC 2.0 message (MCP 2025-11-25)." });
export const McpRequestBody = z.union([JsonRpcMessage, z.array(JsonRpcMessage)]);

const JsonRpcError = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
  })
  .meta({ id: "JsonRpcError", description: "A JSON-RPC error (-32700 parse error, -32600 invalid request, …)." });

/** One server-sent event of an answer: `event: message` with a JSON-RPC message (the answer, or a notification before it). */
const McpEvent = z
  .object({
    event: z.literal("message").optional(),
    id: z.string().optional(),
    data: z.string().meta({ description: "A JSON-RPC message.", contentMediaType: "application/json" }),
  })
  .meta({ id: "McpEvent", description: "One server-sent event of an MCP answer." });

/** RFC 6750's challenge on a refused MCP request: where the resource's metadata is, and why. */
const wwwAuthenticate = {
  "WWW-Authenticate": {
    description:
      'Bearer resource_metadata="<origin>/.well-known/oauth-protected-resource/mcp", scope="genui:screens", and ' +
      '`error="invalid_token"` when a token was sent but is unknown, expired or revoked.',
    required: true,
    schema: { type: "string" },
  },
};
const OAuthError = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .meta({ id: "OAuthError", description: "An OAuth 2.1 error (RFC 6749 §5.2)." });
const oauthError = (description: string): HttpAnswer => ({ description, schema: OAuthError });

export const ProtectedResourceMetadata = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string().optional(),
    resource_documentation: z.string().optional(),
  })
  .meta({ id: "ProtectedResourceMetadata", description: "RFC 9728 protected-resource metadata." });

export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string().optional(),
    revocation_endpoint: z.string().optional(),
    scopes_supported: z.array(z.string()).optional(),
    response_types_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()).optional(),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  })
  .loose()
  .meta({ id: "AuthorizationServerMetadata", description: "RFC 8414 authorization server metadata." });

export const ClientRegistration = z
  .object({
    redirect_uris: z.array(z.string()).min(1),
    client_name: z.string().optional(),
    client_uri: z.string().optional(),
    logo_uri: z.string().optional(),
    grant_types: z.array(z.string()).optional(),
    response_types: z.array(z.string()).optional(),
    token_endpoint_auth_method: z.string().optional(),
    scope: z.string().optional(),
  })
  .loose()
  .meta({ id: "ClientRegistration", description: "RFC 7591 client metadata." });
export const RegisteredClient = ClientRegistration.extend({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_secret: z.string().optional(),
  client_secret_expires_at: z.number().int().optional(),
}).meta({ id: "RegisteredClient", description: "RFC 7591 client information." });

export const TokenRequest = z
  .object({
    grant_type: z.enum(["authorization_code", "refresh_token"]),
    code: z.string().optional(),
    code_verifier: z.string().optional(),
    redirect_uri: z.string().optional(),
    refresh_token: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    resource: z.string().optional(),
  })
  .meta({ id: "TokenRequest", description: "application/x-www-form-urlencoded" });
export const TokenAnswer = z
  .object({
    access_token: z.string().meta({ description: "gk_oat_…: opens /mcp for the chosen app until it expires." }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string().meta({ description: "gk_ort_…: one use; each refresh hands out a new one." }),
    scope: z.string(),
  })
  .meta({ id: "TokenAnswer" });
export const RevokeRequest = z
  .object({ token: z.string(), token_type_hint: z.string().optional(), client_id: z.string().optional() })
  .meta({ id: "RevokeRequest", description: "application/x-www-form-urlencoded (RFC 7009)" });

export const OAuthRequestId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** What the consent page shows of a pending authorization request. */
export const PendingAuthorization = z
  .object({
    id: OAuthRequestId,
    client_id: z.string(),
    client_name: z.string(),
    client_uri: z.string().nullable(),
    redirect_uri: z.string(),
    redirect_host: z.string().meta({ description: "Where the host will be sent back (scheme://host[:port])." }),
    scopes: z.array(z.string()),
    resource: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({ id: "PendingAuthorization" });
export const ConsentBody = z
  .object({
    approve: z.boolean(),
    app_id: Id.optional().meta({ description: "Required to approve: one of the caller's active apps." }),
  })
  .meta({ id: "ConsentBody" });
export const ConsentAnswer = z
  .object({ redirect_to: z.string().meta({ description: "The host's redirect URI with `code` (or `error`) and `state`." }) })
  .meta({ id: "ConsentAnswer" });

/** An agent host connected to an app (one grant: the tokens it holds). */
export const Connection = z
  .object({
    id: z.string(),
    client_id: z.string(),
    client_name: z.string(),
    redirect_host: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: "Connection" });
export const ConnectionList = z.array(Connection).meta({ id: "ConnectionList" });

const invalid: HttpAnswer = { description: "Invalid input.", schema: BadRequest };
const notFound: HttpAnswer = { description: "Not found (or not the caller's).", schema: MessageError };

/** The published MCP endpoint (generation answers it; the edge treats it like the rest of the published API). */
export const MCP_ROUTES = [
  {
    id: "generation.mcp",
    method: "POST",
    path: MCP_PATH,
    door: "key",
    server: "generation",
    rate: "key",
    tag: "published",
    summary: "The MCP server (Streamable HTTP, stateless): show_ui and the screens' actions, answered as MCP Apps",
    description:
      "JSON-RPC 2.0 over MCP's Streamable HTTP transport (protocol 2025-11-25; `Accept: application/json, " +
      "text/event-stream`). Authorised by the app's secret key or an OAuth access token (`Authorization: Bearer …`). " +
      "Tools: `show_ui` (plain language → a screen, billed like a chat completion) and the app-only `screen_action`; " +
      "resource `ui://genui/screen.html` (`text/html;profile=mcp-app`) renders their results in the host. GET and " +
      "DELETE answer 405: the server keeps no MCP session.",
    body: McpRequestBody,
    responses: {
      200: {
        description: "The JSON-RPC answer, as one JSON object or a stream of events ending with it.",
        schema: z.unknown(),
        alternatives: { "text/event-stream": McpEvent },
      },
      202: { description: "Notifications or responses accepted (no body)." },
      400: { description: "Not JSON-RPC (a JSON-RPC error).", schema: JsonRpcError },
      401: {
        description: "No, an unknown, an expired or a revoked key or token.",
        schema: JsonRpcError,
        headers: wwwAuthenticate,
      },
      403: { description: "A key that may not open the MCP server (a publishable key, an inactive app).", schema: JsonRpcError },
      406: { description: "The Accept header does not take JSON and event streams.", schema: JsonRpcError },
      413: { description: "The request body is larger than the limit (1 MB).", schema: JsonRpcError },
      415: { description: "Not application/json.", schema: JsonRpcError },
      429: {
        description: "Too many requests from this address (the edge's limit, in the published API's error shape).",
        schema: z.object({ error: z.object({ message: z.string(), type: z.string(), param: z.null(), code: z.string() }) }),
        headers: {
          "Retry-After": { description: "Seconds to wait.", required: true, schema: { type: "string", pattern: "^[0-9]+$" } },
        },
      },
      503: { description: "A dependency is down (key verification): retry shortly.", schema: JsonRpcError },
    },
  },
  {
    id: "generation.mcpResourceMetadata",
    method: "GET",
    path: MCP_RESOURCE_METADATA_PATH,
    door: "open",
    cors: true,
    server: "generation",
    tag: "published",
    summary: "The MCP server's protected-resource metadata (RFC 9728): where its tokens come from",
    responses: { 200: { description: "The metadata.", schema: ProtectedResourceMetadata } },
  },
] as const satisfies readonly HttpOperation[];

/** The authorization server (apps answers it: apps and their keys live there) and the owner's side of it. */
export const OAUTH_ROUTES = [
  {
    id: "apps.oauthMetadata",
    method: "GET",
    path: "/.well-known/oauth-authorization-server",
    door: "open",
    cors: true,
    server: "apps",
    tag: "published",
    summary: "The authorization server's metadata (RFC 8414)",
    responses: { 200: { description: "The metadata.", schema: AuthorizationServerMetadata } },
  },
  {
    id: "apps.oauthRegister",
    method: "POST",
    cors: true,
    path: "/oauth/register",
    door: "open",
    csrf: false,
    server: "apps",
    tag: "published",
    summary: "Registers an agent host as an OAuth client (RFC 7591 dynamic client registration)",
    body: ClientRegistration,
    responses: {
      201: { description: "Registered.", schema: RegisteredClient },
      400: oauthError("invalid_client_metadata or invalid_redirect_uri."),
      429: oauthError("Too many registrations from this address."),
    },
  },
  {
    id: "apps.oauthAuthorize",
    method: "GET",
    path: "/oauth/authorize",
    door: "open",
    server: "apps",
    tag: "published",
    summary: "Starts an authorization (code + PKCE S256): sends the browser to the consent page",
    query: z.object({
      response_type: z.literal("code"),
      client_id: z.string(),
      redirect_uri: z.string(),
      code_challenge: z.string(),
      code_challenge_method: z.literal("S256"),
      state: z.string().optional(),
      scope: z.string().optional(),
      resource: z.string().optional(),
    }),
    responses: {
      302: { description: "To the consent page (or back to the client with an `error`)." },
      400: oauthError("Unknown client or a redirect URI it did not register (never redirected)."),
      429: oauthError("Too many authorizations from this address."),
    },
  },
  {
    id: "apps.oauthToken",
    method: "POST",
    cors: true,
    path: "/oauth/token",
    door: "open",
    csrf: false,
    server: "apps",
    tag: "published",
    summary: "Exchanges an authorization code (with its PKCE verifier) or a refresh token for tokens",
    body: TokenRequest,
    responses: {
      200: { description: "Tokens.", schema: TokenAnswer },
      400: oauthError("invalid_grant, invalid_request or unsupported_grant_type."),
      401: oauthError("invalid_client."),
      413: oauthError("The request body is too large."),
      429: oauthError("Too many token requests from this client and address."),
    },
  },
  {
    id: "apps.oauthRevoke",
    method: "POST",
    cors: true,
    path: "/oauth/revoke",
    door: "open",
    csrf: false,
    server: "apps",
    tag: "published",
    summary: "Revokes an access or refresh token (RFC 7009)",
    body: RevokeRequest,
    responses: {
      200: { description: "Revoked (or was not valid)." },
      400: oauthError("invalid_request, or invalid_client for a client that did not authenticate with HTTP Basic."),
      401: oauthError("invalid_client (HTTP Basic authentication failed)."),
      429: oauthError("Too many revocations from this client and address."),
    },
  },
  {
    id: "apps.oauthRequest",
    method: "GET",
    path: "/apps/api/v1/oauth/requests/:requestId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "A pending authorization request, for the consent page",
    params: z.object({ requestId: OAuthRequestId }),
    responses: { 200: { description: "The request.", schema: PendingAuthorization }, 404: notFound },
  },
  {
    id: "apps.oauthDecide",
    method: "POST",
    path: "/apps/api/v1/oauth/requests/:requestId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "Approves (for one of the caller's active apps) or denies a pending authorization request",
    params: z.object({ requestId: OAuthRequestId }),
    body: ConsentBody,
    responses: { 200: { description: "Where to send the browser.", schema: ConsentAnswer }, 400: invalid, 404: notFound },
  },
  {
    id: "apps.listConnections",
    method: "GET",
    path: "/apps/api/v1/connections/:appId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "The agent hosts connected to an app",
    params: z.object({ appId: Id }),
    responses: { 200: { description: "The connections.", schema: ConnectionList }, 404: notFound },
  },
  {
    id: "apps.revokeConnection",
    method: "DELETE",
    path: "/apps/api/v1/connections/:appId/:connectionId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "Disconnects an agent host: its tokens stop working at once",
    params: z.object({ appId: Id, connectionId: z.string() }),
    responses: { 204: { description: "Disconnected." }, 404: notFound },
  },
] as const satisfies readonly HttpOperation[];
