import { notFound, requireIdentity, userId, type Handlers, type RawBodyRequest } from "@genui/chassis";
import { ConsentBody, OAuthRequestId, pathOf, type OperationId } from "@genui/contracts/http";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest } from "@modelcontextprotocol/sdk/shared/auth.js";
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { REGISTRATION_LIMITS } from "../domain/oauth";
import type { OAuthServer } from "../use-cases/oauth";
import type { OAuthLimits } from "../use-cases/oauth-limits";

type OAuthIds =
  | "apps.oauthMetadata"
  | "apps.oauthRegister"
  | "apps.oauthAuthorize"
  | "apps.oauthToken"
  | "apps.oauthRevoke"
  | "apps.oauthRequest"
  | "apps.oauthDecide"
  | "apps.listConnections"
  | "apps.revokeConnection";

/**
 * The official MCP SDK's authorization-server handlers, backed by the OAuthServer use case: the SDK parses and
 * validates the protocol (client and redirect URI before any redirect, PKCE S256, grant types) and answers its errors;
 * the use case decides and stores. Client authentication is ours (the stored secret is a hash: `clientAuth`), so the
 * SDK sees clients without secrets.
 */
class AppsOAuthProvider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;

  constructor(private readonly oauth: OAuthServer) {
    this.clientsStore = {
      getClient: (clientId) => oauth.client(clientId),
      // The SDK's handler has made the client id (clientIdGeneration) and, for confidential clients, the secret.
      registerClient: (client) => oauth.register(client as OAuthClientInformationFull),
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    res.redirect(302, await this.oauth.startAuthorization(client, params));
  }

  challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string) {
    return this.oauth.challengeFor(client, code);
  }

  exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _verifier?: string,
    redirectUri?: string,
    resource?: URL,
  ) {
    return this.oauth.exchangeCode(client, code, redirectUri, resource);
  }

  exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL) {
    return this.oauth.refresh(client, refreshToken, scopes, resource);
  }

  verifyAccessToken(token: string) {
    return this.oauth.accessTokenInfo(token);
  }

  revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest) {
    return this.oauth.revokeToken(client, request.token, request.token_type_hint);
  }
}

/** An OAuth error answer (RFC 6749 §5.2). */
const oauthError = (res: Response, status: number, error: string, description: string) =>
  void res.status(status).set("cache-control", "no-store").json({ error, error_description: description });

/** The address the budgets count: the client's, as the BFF forwarded it (TRUST_PROXY). */
const address = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

const tooMany = (res: Response, wait: number, what: string) => {
  res.set("retry-after", String(wait));
  oauthError(res, 429, "too_many_requests", `Too many ${what}. Try again in ${wait} seconds.`);
};

/** Which OAuth error a body that cannot be read is, per endpoint (RFC 7591 for registration, RFC 6749 otherwise). */
const BODY_ERROR: Partial<Record<OperationId, string>> = {
  "apps.oauthRegister": "invalid_client_metadata",
  "apps.oauthToken": "invalid_request",
  "apps.oauthRevoke": "invalid_request",
};

/** A body parser's refusal as the endpoint's OAuth error; anything else passes on. */
function bodyRefusal(err: unknown, code: string, res: Response): boolean {
  const type = (err as { type?: string } | null)?.type;
  if (type === "entity.too.large") {
    oauthError(res, 413, code, "The request body is too large.");
    return true;
  }
  if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
    oauthError(res, 400, code, "The request body could not be read (malformed JSON or form data).");
    return true;
  }
  return false;
}

/**
 * The process's JSON parser runs before any route: its refusals on the OAuth endpoints are answered in their shape
 * (an error middleware of the app, mounted before the routes).
 */
export function oauthBodyErrors(): ErrorRequestHandler {
  const paths = new Map(Object.entries(BODY_ERROR).map(([id, code]) => [pathOf(id as OperationId), code]));
  return (err, req, res, next) => {
    const code = req.method === "POST" ? paths.get(req.path) : undefined;
    if (code && bodyRefusal(err, code, res)) return;
    next(err);
  };
}

/** The route's own parsers' refusals (the form body of the token and revocation endpoints). */
const bodyErrors =
  (code: string): ErrorRequestHandler =>
  (err, _req, res, next) => {
    if (!bodyRefusal(err, code, res)) next(err);
  };

/** `Authorization: Basic base64(client_id:client_secret)` (RFC 6749 §2.3.1, each part form-encoded). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) return undefined;
  try {
    return { id: decodeURIComponent(text.slice(0, colon)), secret: decodeURIComponent(text.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A request id from the path, or 404 (nothing else can exist). */
function requestIdOf(req: Request): string {
  const parsed = OAuthRequestId.safeParse(req.params.requestId);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

const param = (req: Request, name: string) => String(req.params[name] ?? "");

/** A session route: the signed identity first. */
const signedIn = (handler: RequestHandler): RequestHandler[] => [requireIdentity, handler];

/** The authorization server's rows of the route table and the owner's side of it (consent, connected hosts). */
export function oauthRoutes(oauth: OAuthServer, limits: OAuthLimits): Pick<Handlers<"apps">, OAuthIds> {
  const provider = new AppsOAuthProvider(oauth);
  // The SDK's handlers answer at their own root: each is mounted at its row's path. Their per-address limits (in
  // memory, per copy) are off: ours are in Redis, shared by every copy (use-cases/oauth-limits.ts).
  const at = (id: OperationId, handler: RequestHandler) => Router().use(pathOf(id), handler);
  const form = express.urlencoded({ extended: false, limit: `${REGISTRATION_LIMITS.bodyBytes}b`, parameterLimit: 100 });

  /**
   * Client authentication (RFC 6749 §2.3.1) before the SDK's token and revocation handlers: the secret, from the body
   * or HTTP Basic, is checked against its stored hash (invalid_client: `status`, and 401 whenever Basic was tried, as
   * §5.2 requires), then taken out of the body. Counts the client's budget from this address.
   */
  const clientAuth =
    (status: 400 | 401): RequestHandler =>
    async (req, res, next) => {
      const basic = basicCredentials(req.header("authorization"));
      const body: Record<string, unknown> = isRecord(req.body) ? req.body : {};
      if (basic) {
        body.client_id ??= basic.id;
        body.client_secret ??= basic.secret;
      }
      req.body = body;
      const clientId = body.client_id;
      // Missing: the SDK's handler answers invalid_request.
      if (typeof clientId !== "string" || clientId === "") return next();
      const wait = await limits.token(clientId, address(req));
      if (wait > 0) return tooMany(res, wait, "token requests from this client");
      const outcome = await oauth.authenticate(clientId, typeof body.client_secret === "string" ? body.client_secret : undefined);
      if (outcome !== "ok") {
        if (basic) res.set("www-authenticate", 'Basic realm="genui"');
        return oauthError(
          res,
          basic ? 401 : status,
          "invalid_client",
          outcome === "unknown"
            ? "Unknown client_id: register the client again."
            : "The client secret is missing, wrong or expired.",
        );
      }
      delete body.client_secret;
      next();
    };

  const perAddress =
    (count: (address: string) => Promise<number>, what: string): RequestHandler =>
    async (req, res, next) => {
      const wait = await count(address(req));
      if (wait > 0) return tooMany(res, wait, what);
      next();
    };

  /** RFC 7591 bodies are small: anything over REGISTRATION_LIMITS.bodyBytes is refused before it is looked at. */
  const registrationSize: RequestHandler = (req, res, next) => {
    const size = (req as RawBodyRequest).rawBody?.length ?? Number(req.header("content-length") ?? 0);
    if (size > REGISTRATION_LIMITS.bodyBytes)
      return oauthError(
        res,
        400,
        "invalid_client_metadata",
        `A registration must be at most ${REGISTRATION_LIMITS.bodyBytes / 1024} KB.`,
      );
    next();
  };

  return {
    "apps.oauthMetadata": at("apps.oauthMetadata", metadataHandler(oauth.metadata())),

    "apps.oauthRegister": [
      perAddress((a) => limits.register(a), "client registrations from this address"),
      registrationSize,
      at(
        "apps.oauthRegister",
        // Secrets do not expire (client_secret_expires_at 0): a host would otherwise lose its connections with it.
        clientRegistrationHandler({ clientsStore: provider.clientsStore, clientSecretExpirySeconds: 0, rateLimit: false }),
      ),
    ],

    "apps.oauthAuthorize": [
      perAddress((a) => limits.authorize(a), "authorization requests from this address"),
      at("apps.oauthAuthorize", authorizationHandler({ provider, rateLimit: false })),
    ],

    "apps.oauthToken": [
      form,
      clientAuth(401),
      at("apps.oauthToken", tokenHandler({ provider, rateLimit: false })),
      bodyErrors("invalid_request"),
    ],

    "apps.oauthRevoke": [
      form,
      // The revocation row answers 200 or 400 (RFC 7009 §2.2.1 leaves the status of invalid_client to RFC 6749).
      clientAuth(400),
      at("apps.oauthRevoke", revocationHandler({ provider, rateLimit: false })),
      bodyErrors("invalid_request"),
    ],

    // The consent page (the SPA): what is asked, and the owner's answer.
    "apps.oauthRequest": signedIn(async (req, res) => {
      res.set("cache-control", "no-store").json(await oauth.pending(requestIdOf(req)));
    }),

    "apps.oauthDecide": signedIn(async (req, res) => {
      const id = requestIdOf(req);
      const consent = ConsentBody.parse(req.body ?? {});
      res.set("cache-control", "no-store").json(await oauth.decide(userId(req), id, consent));
    }),

    // The dashboard: the hosts connected to an app, and disconnecting one.
    "apps.listConnections": signedIn(async (req, res) => {
      res.json(await oauth.connections(userId(req), param(req, "appId")));
    }),

    "apps.revokeConnection": signedIn(async (req, res) => {
      await oauth.disconnect(userId(req), param(req, "appId"), param(req, "connectionId"));
      res.status(204).end();
    }),
  };
}
