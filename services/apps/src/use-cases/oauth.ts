import { randomUUID, timingSafeEqual } from "node:crypto";
import {
  TtlCache,
  notFound,
  validationFailed,
  type DocumentLock,
  type Logger,
  type MessageBus,
  type OutboxRelay,
} from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { OAUTH_CONSENT_PAGE, pathOf, type ConsentBody, type Connection, type PendingAuthorization } from "@genui/contracts/http";
import { keyHash, looksLikeOAuthAccessToken, looksLikeOAuthRefreshToken, type KeyOwner } from "@genui/contracts/keys";
import {
  CustomOAuthError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { z } from "zod";
import {
  CODE_TTL_SECONDS,
  GRANT_TYPES,
  REQUEST_TTL_SECONDS,
  RESPONSE_TYPES,
  TOKEN_ENDPOINT_AUTH_METHODS,
  USED_CODE_MEMORY_SECONDS,
  authorizationResponse,
  checkRegistration,
  grantedScopes,
  hostName,
  issuerOf,
  mcpResourceOf,
  newAccessToken,
  newAuthorizationCode,
  newRefreshToken,
  newRequestId,
  redirectHost,
  resourceMatches,
  scopesWithin,
  type ClientMetadataInput,
  type OAuthLifetimes,
} from "../domain/oauth";
import { isId } from "../domain/validation";
import type { AppRecord, AppRepository } from "../store/app.repository";
import { ownerOfApp, type KeyDirectory } from "../store/key-directory";
import type { OAuthClientRecord, OAuthClientRepository } from "../store/oauth-client.repository";
import type { OAuthFlowStore } from "../store/oauth-flow.store";
import type { ConnectionRecord, GrantRepository, TokenRecord } from "../store/oauth-grant.repository";

/** What the use case needs of the stores (the repositories; in-memory stand-ins in the unit tests). */
export interface OAuthStores {
  clients: Pick<OAuthClientRepository, "insert" | "find">;
  grants: Pick<
    GrantRepository,
    | "insertConnection"
    | "findConnection"
    | "findToken"
    | "liveConnections"
    | "countLive"
    | "unrevoked"
    | "markRevoked"
    | "deleteTokensOf"
    | "deleteToken"
    | "rotate"
    | "touch"
  > & { lock: DocumentLock };
  flows: Pick<
    OAuthFlowStore,
    | "putRequest"
    | "request"
    | "takeRequest"
    | "putCode"
    | "peekCode"
    | "takeCode"
    | "rememberUsedCode"
    | "connectionOfUsedCode"
    | "claimRefresh"
    | "connectionOfUsedRefresh"
  >;
  apps: Pick<AppRepository, "findOwned" | "findLive" | "recordEvents">;
}

/** How the use case tells every cache of a key that it changed: the app's outbox, the bus, this copy's directory. */
export interface OAuthAnnouncer {
  bus: Pick<MessageBus, "envelope">;
  outbox: Pick<OutboxRelay<AppRecord>, "flushSoon">;
  keys: Pick<KeyDirectory, "invalidate" | "issued">;
}

export interface OAuthSettings {
  /** The platform's public URL (PUBLIC_URL): the issuer, and the origin of the endpoints and the consent page. */
  publicUrl: string;
  lifetimes: OAuthLifetimes;
  /** Connected hosts per app (OAUTH_MAX_CONNECTIONS_PER_APP). */
  maxConnectionsPerApp: number;
}

export type ConnectionView = z.infer<typeof Connection>;
export type PendingView = z.infer<typeof PendingAuthorization>;
export type Consent = z.infer<typeof ConsentBody>;

/** A registered client as the SDK's handlers read it: never its secret (the token endpoint checks that first). */
export type PublicClient = OAuthClientInformationFull;

/** What an authorization asks, as the SDK's authorize handler validated it (client, redirect URI, PKCE). */
export interface AuthorizationAsk {
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  scopes?: string[];
  resource?: URL;
}

const GONE_REQUEST =
  "This authorization request has expired or was already answered. Start connecting again from the agent host.";
const BAD_CODE = "The authorization code is invalid, expired or already used.";
const BAD_REFRESH = "The refresh token is invalid, expired, revoked or already used.";
/** How often a connection's "last used" is written at most (per copy): every MCP call would be too often. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The OAuth 2.1 authorization server that connects an agent host to one app (the MCP authorization flow): client
 * registration (RFC 7591), the authorization request held for the owner's consent, authorization codes (single use,
 * PKCE S256, bound to client, redirect URI and resource), tokens (keys of kind "oauth": only their hashes are
 * stored) with rotating refresh tokens, revocation (RFC 7009), and the owner's list of connected hosts.
 *
 * Anything that may happen once is taken atomically in Redis (the request, the code: GETDEL; a refresh token: SET NX);
 * a connection and its tokens change under the connection's lock. Whenever tokens stop working the app's key_rotated
 * event (kind "oauth") goes through its outbox: every copy of apps and of the generation API forgets them at once.
 */
export class OAuthServer {
  readonly issuer: string;
  /** The MCP server's URL: the one resource tokens are issued for (RFC 8707). */
  readonly resource: string;
  private readonly touched = new TtlCache<string, true>(TOUCH_EVERY_MS, 100_000);

  constructor(
    private readonly s: OAuthStores,
    private readonly announce: OAuthAnnouncer,
    private readonly settings: OAuthSettings,
    private readonly logger?: Logger,
  ) {
    this.issuer = issuerOf(settings.publicUrl);
    this.resource = mcpResourceOf(settings.publicUrl);
  }

  /** The authorization server's metadata (RFC 8414): every endpoint on the public URL. */
  metadata(): OAuthMetadata {
    const at = (id: Parameters<typeof pathOf>[0]) => `${this.issuer}${pathOf(id)}`;
    return {
      issuer: this.issuer,
      authorization_endpoint: at("apps.oauthAuthorize"),
      token_endpoint: at("apps.oauthToken"),
      registration_endpoint: at("apps.oauthRegister"),
      revocation_endpoint: at("apps.oauthRevoke"),
      scopes_supported: grantedScopes(),
      response_types_supported: [...RESPONSE_TYPES],
      response_modes_supported: ["query"],
      grant_types_supported: [...GRANT_TYPES],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
      revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
      service_documentation: `${this.issuer}/docs`,
      // RFC 9207: the authorization response names its issuer.
      authorization_response_iss_parameter_supported: true,
    };
  }

  // ---- Clients ----

  /**
   * Registers a client (the SDK's handler has parsed the body and made the id and, unless it is public, a secret).
   * The secret is answered once and stored as its hash. Refusals are RFC 7591's errors.
   */
  async register(info: OAuthClientInformationFull): Promise<OAuthClientInformationFull> {
    const checked = checkRegistration(info as ClientMetadataInput);
    if (!checked.ok)
      throw checked.error === "invalid_redirect_uri"
        ? new CustomOAuthError("invalid_redirect_uri", checked.description)
        : new InvalidClientMetadataError(checked.description);
    const { metadata } = checked;
    const secret = metadata.token_endpoint_auth_method === "none" ? undefined : info.client_secret;
    const issuedAt = info.client_id_issued_at ?? Math.floor(Date.now() / 1000);
    const record: OAuthClientRecord = {
      _id: info.client_id,
      metadata,
      issuedAt,
      createdAt: new Date(issuedAt * 1000),
      ...(secret ? { secretHash: keyHash(secret), secretExpiresAt: info.client_secret_expires_at ?? 0 } : {}),
    };
    await this.s.clients.insert(record);
    return {
      ...metadata,
      client_id: record._id,
      client_id_issued_at: issuedAt,
      ...(secret ? { client_secret: secret, client_secret_expires_at: record.secretExpiresAt ?? 0 } : {}),
    };
  }

  /** A registered client without its secret (what the SDK's handlers see), or undefined. */
  async client(clientId: string): Promise<PublicClient | undefined> {
    const record = await this.s.clients.find(clientId);
    if (!record) return undefined;
    return { ...record.metadata, client_id: record._id, client_id_issued_at: record.issuedAt };
  }

  /**
   * Client authentication at the token and revocation endpoints (RFC 6749 §2.3): a confidential client's secret must
   * match its hash and be unexpired; a public client has none to show.
   */
  async authenticate(clientId: string, secret: string | undefined): Promise<"ok" | "unknown" | "refused"> {
    const record = await this.s.clients.find(clientId);
    if (!record) return "unknown";
    if (!record.secretHash) return "ok";
    if (!secret) return "refused";
    const a = Buffer.from(keyHash(secret), "hex");
    const b = Buffer.from(record.secretHash, "hex");
    if (a.length !== b.length || !timingSafeEqual(a, b)) return "refused";
    if (record.secretExpiresAt && record.secretExpiresAt < Math.floor(Date.now() / 1000)) return "refused";
    return "ok";
  }

  // ---- The authorization request and the owner's consent ----

  /**
   * Holds an authorization request for the owner's decision (REQUEST_TTL_SECONDS) and answers where to send the
   * browser: the consent page with the request's id. A `resource` other than the MCP server is invalid_target.
   */
  async startAuthorization(client: PublicClient, ask: AuthorizationAsk): Promise<string> {
    if (ask.resource && !resourceMatches(ask.resource.href, this.resource))
      throw new InvalidTargetError(`This server issues tokens for ${this.resource} only.`);
    const id = newRequestId();
    await this.s.flows.putRequest(
      id,
      {
        clientId: client.client_id,
        clientName: hostName(client.client_name, ask.redirectUri),
        clientUri: client.client_uri ?? null,
        redirectUri: ask.redirectUri,
        codeChallenge: ask.codeChallenge,
        ...(ask.state !== undefined ? { state: ask.state } : {}),
        scopes: grantedScopes(),
        resource: this.resource,
        expiresAt: Date.now() + REQUEST_TTL_SECONDS * 1000,
      },
      REQUEST_TTL_SECONDS,
    );
    const consent = new URL(`${this.issuer}${OAUTH_CONSENT_PAGE}`);
    consent.searchParams.set("request", id);
    return consent.href;
  }

  /** What the consent page shows of a pending request (404 when unknown, expired or decided). */
  async pending(requestId: string): Promise<PendingView> {
    const r = await this.s.flows.request(requestId);
    if (!r) throw notFound(GONE_REQUEST);
    return {
      id: requestId,
      client_id: r.clientId,
      client_name: r.clientName,
      client_uri: r.clientUri,
      redirect_uri: r.redirectUri,
      redirect_host: redirectHost(r.redirectUri),
      scopes: r.scopes,
      resource: r.resource,
      expires_at: new Date(r.expiresAt).toISOString(),
    };
  }

  /**
   * The signed-in owner's decision. Approving names one of the caller's active apps (anything else is a field error
   * on `app_id` and nothing is issued, the request stays open); the request is then taken (a decided request cannot
   * be decided again) and the browser is sent back with a code, or with `access_denied`.
   */
  async decide(ownerId: string, requestId: string, consent: Consent): Promise<{ redirect_to: string }> {
    if (!(await this.s.flows.request(requestId))) throw notFound(GONE_REQUEST);
    let app: AppRecord | undefined;
    if (consent.approve) app = await this.approvable(ownerId, consent.app_id);
    const request = await this.s.flows.takeRequest(requestId);
    if (!request) throw notFound(GONE_REQUEST);
    if (!app)
      return {
        redirect_to: authorizationResponse(
          request.redirectUri,
          { error: "access_denied", error_description: "The owner did not allow the connection." },
          request.state,
          this.issuer,
        ),
      };
    const code = newAuthorizationCode();
    await this.s.flows.putCode(
      keyHash(code),
      {
        clientId: request.clientId,
        clientName: request.clientName,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scopes: request.scopes,
        resource: request.resource,
        appId: app._id,
        ownerId,
      },
      CODE_TTL_SECONDS,
    );
    return { redirect_to: authorizationResponse(request.redirectUri, { code }, request.state, this.issuer) };
  }

  /** The app an approval names, if the caller may connect a host to it (else a field error on `app_id`). */
  private async approvable(ownerId: string, appId: string | undefined): Promise<AppRecord> {
    if (!appId) throw validationFailed({ app_id: ["Choose the app the host may use."] });
    const app = isId(appId) ? await this.s.apps.findOwned(ownerId, appId) : null;
    if (!app) throw validationFailed({ app_id: ["Choose one of your apps."] });
    if (app.status !== "active")
      throw validationFailed({
        app_id: [`${app.url} is ${app.status}: only an active app (with a subscription) can be connected to an agent host.`],
      });
    const max = this.settings.maxConnectionsPerApp;
    if ((await this.s.grants.countLive(app._id, new Date())) >= max)
      throw validationFailed({
        app_id: [`${app.url} already has ${max} connected hosts: disconnect one on the dashboard first.`],
      });
    return app;
  }

  // ---- The token endpoint ----

  /** The PKCE challenge of a code (the SDK checks the verifier against it before the exchange). */
  async challengeFor(client: PublicClient, code: string): Promise<string> {
    const hash = keyHash(code);
    const grant = await this.s.flows.peekCode(hash);
    if (!grant) {
      await this.codeReplayed(hash);
      throw new InvalidGrantError(BAD_CODE);
    }
    if (grant.clientId !== client.client_id) throw new InvalidGrantError(BAD_CODE);
    return grant.codeChallenge;
  }

  /**
   * Exchanges a code (its PKCE verifier already checked) for the connection's first tokens. The code is taken
   * atomically: a second exchange fails, and revokes what the first one issued (OAuth 2.1 §4.1.3).
   */
  async exchangeCode(client: PublicClient, code: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    const hash = keyHash(code);
    const grant = await this.s.flows.takeCode(hash);
    if (!grant) {
      await this.codeReplayed(hash);
      throw new InvalidGrantError(BAD_CODE);
    }
    if (grant.clientId !== client.client_id) throw new InvalidGrantError(BAD_CODE);
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri)
      throw new InvalidGrantError("redirect_uri is not the one the authorization was requested with.");
    if (resource && !resourceMatches(resource.href, grant.resource))
      throw new InvalidTargetError(`The code was issued for ${grant.resource}.`);
    const app = await this.s.apps.findOwned(grant.ownerId, grant.appId);
    if (!app || app.status !== "active") throw new InvalidGrantError("The app the owner chose is no longer active.");
    const now = new Date();
    const connection: ConnectionRecord = {
      _id: randomUUID(),
      appId: app._id,
      ownerId: app.ownerId,
      clientId: client.client_id,
      clientName: grant.clientName,
      redirectHost: redirectHost(grant.redirectUri),
      scopes: grant.scopes,
      resource: grant.resource,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.lifetimes.refreshSeconds * 1000),
    };
    const { records, answer } = this.tokensFor(connection, now);
    await this.s.grants.insertConnection(connection, records);
    await this.s.flows.rememberUsedCode(hash, connection._id, USED_CODE_MEMORY_SECONDS);
    this.announce.keys.issued(answer.access_token);
    return answer;
  }

  /** A code presented after it was used: the connection it made is revoked. */
  private async codeReplayed(codeHash: string): Promise<void> {
    const connectionId = await this.s.flows.connectionOfUsedCode(codeHash);
    if (connectionId) {
      this.logger?.warn({ connectionId }, "authorization code used twice: its connection is revoked");
      await this.revokeConnection(connectionId);
    }
  }

  /**
   * Rotates a refresh token: one use (claimed atomically), a new access and refresh token, the old one gone. A refresh
   * token presented again revokes the whole connection (OAuth 2.0 Security BCP §4.14.2): the legitimate host and
   * whoever copied the token can no longer both hold it.
   */
  async refresh(client: PublicClient, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    if (!looksLikeOAuthRefreshToken(refreshToken)) throw new InvalidGrantError(BAD_REFRESH);
    const hash = keyHash(refreshToken);
    const now = new Date();
    const token = await this.s.grants.findToken(hash, "refresh");
    if (!token) {
      const replayed = await this.s.flows.connectionOfUsedRefresh(hash);
      if (replayed) {
        this.logger?.warn({ connectionId: replayed }, "refresh token used twice: its connection is revoked");
        await this.revokeConnection(replayed);
      }
      throw new InvalidGrantError(BAD_REFRESH);
    }
    if (token.clientId !== client.client_id || token.expiresAt.getTime() <= now.getTime())
      throw new InvalidGrantError(BAD_REFRESH);
    const known = await this.s.grants.findConnection(token.connectionId);
    if (!known || known.revokedAt) throw new InvalidGrantError(BAD_REFRESH);
    if (!scopesWithin(scopes, known.scopes))
      throw new InvalidScopeError(`The connection was granted ${known.scopes.join(" ")} only.`);
    if (resource && !resourceMatches(resource.href, known.resource))
      throw new InvalidTargetError(`The connection's tokens are for ${known.resource}.`);
    const left = Math.ceil((token.expiresAt.getTime() - now.getTime()) / 1000);
    if (!(await this.s.flows.claimRefresh(hash, token.connectionId, left))) {
      this.logger?.warn({ connectionId: token.connectionId }, "refresh token used twice: its connection is revoked");
      await this.revokeConnection(token.connectionId);
      throw new InvalidGrantError(BAD_REFRESH);
    }
    const outcome = await this.s.grants.lock.run(token.connectionId, async () => {
      const connection = await this.s.grants.findConnection(token.connectionId);
      if (!connection || connection.revokedAt) return "revoked" as const;
      const app = await this.s.apps.findOwned(connection.ownerId, connection.appId);
      if (!app || app.status !== "active") return "inactive" as const;
      const { records, answer } = this.tokensFor(connection, now);
      const expiresAt = new Date(now.getTime() + this.settings.lifetimes.refreshSeconds * 1000);
      await this.s.grants.rotate(connection._id, hash, records, now, expiresAt);
      return answer;
    });
    if (outcome === "inactive") await this.revokeConnection(token.connectionId);
    if (typeof outcome === "string") throw new InvalidGrantError(BAD_REFRESH);
    this.announce.keys.issued(outcome.access_token);
    return outcome;
  }

  /** New tokens of a connection: the records to store (hashes only) and the token answer. */
  private tokensFor(
    connection: ConnectionRecord,
    now: Date,
  ): { records: TokenRecord[]; answer: OAuthTokens & { refresh_token: string } } {
    const access = newAccessToken();
    const refresh = newRefreshToken();
    const { accessSeconds, refreshSeconds } = this.settings.lifetimes;
    const common = { connectionId: connection._id, appId: connection.appId, clientId: connection.clientId, createdAt: now };
    return {
      records: [
        { _id: keyHash(access), kind: "access", expiresAt: new Date(now.getTime() + accessSeconds * 1000), ...common },
        { _id: keyHash(refresh), kind: "refresh", expiresAt: new Date(now.getTime() + refreshSeconds * 1000), ...common },
      ],
      answer: {
        access_token: access,
        token_type: "Bearer",
        expires_in: accessSeconds,
        refresh_token: refresh,
        scope: connection.scopes.join(" "),
      },
    };
  }

  /**
   * RFC 7009: a refresh token revokes its connection (every token of it); an access token stops alone. A token of
   * another client, or none at all, changes nothing (and is answered like a success).
   */
  async revokeToken(client: PublicClient, token: string, hint?: string): Promise<void> {
    const kinds = looksLikeOAuthAccessToken(token)
      ? (["access"] as const)
      : looksLikeOAuthRefreshToken(token)
        ? (["refresh"] as const)
        : [];
    void hint; // The token's own prefix says what it is.
    const hash = keyHash(token);
    for (const kind of kinds) {
      const record = await this.s.grants.findToken(hash, kind);
      if (!record || record.clientId !== client.client_id) continue;
      if (kind === "refresh") {
        await this.revokeConnection(record.connectionId);
        continue;
      }
      const connection = await this.s.grants.findConnection(record.connectionId);
      if (await this.s.grants.deleteToken(hash)) await this.tokensStopped(record.appId, connection?.ownerId ?? "");
    }
  }

  /** An access token's facts for the SDK's bearer middleware (not used by /mcp, which asks apps.keys.verify). */
  async accessTokenInfo(token: string): Promise<AuthInfo> {
    const owner = looksLikeOAuthAccessToken(token) ? await this.keyOwner(keyHash(token)) : undefined;
    if (!owner || owner.status !== "active") throw new InvalidTokenError("The access token is invalid, expired or revoked.");
    const connection = await this.s.grants.findConnection(owner.connectionId);
    return {
      token,
      clientId: connection?.clientId ?? "",
      scopes: connection?.scopes ?? [],
      expiresAt: Math.floor(owner.expiresAtMs / 1000),
      resource: new URL(this.resource),
      extra: { appId: owner.appId, connectionId: owner.connectionId },
    };
  }

  // ---- apps.keys.verify ----

  /**
   * Whose access token has this hash (the key directory asks on a miss): the app's owner info with the token's expiry
   * and connection. An expired token, a revoked connection or a deleted app is nobody's. Marks the connection used.
   */
  async keyOwner(hash: string): Promise<KeyOwner | undefined> {
    const token = await this.s.grants.findToken(hash, "access");
    if (!token || token.expiresAt.getTime() <= Date.now()) return undefined;
    const connection = await this.s.grants.findConnection(token.connectionId);
    if (!connection || connection.revokedAt) return undefined;
    const app = await this.s.apps.findOwned(connection.ownerId, connection.appId);
    if (!app) return undefined;
    this.touchSoon(connection._id);
    return ownerOfApp(app, "oauth", { expiresAtMs: token.expiresAt.getTime(), connectionId: connection._id });
  }

  /** Writes the connection's "last used" in the background, at most once a minute (per copy). */
  private touchSoon(connectionId: string): void {
    if (this.touched.get(connectionId)) return;
    this.touched.set(connectionId, true);
    void this.s.grants.lock
      .run(connectionId, () => this.s.grants.touch(connectionId, new Date()))
      .catch((err: unknown) => this.logger?.warn({ err, connectionId }, "could not mark the connection used"));
  }

  // ---- The owner's side: connected hosts ----

  /** The agent hosts connected to one of the owner's apps, newest first (404 for another owner's app). */
  async connections(ownerId: string, appId: string): Promise<ConnectionView[]> {
    await this.ownedApp(ownerId, appId);
    const rows = await this.s.grants.liveConnections(appId, new Date(), this.settings.maxConnectionsPerApp);
    return rows.map((c) => ({
      id: c._id,
      client_id: c.clientId,
      client_name: c.clientName,
      redirect_host: c.redirectHost,
      scopes: c.scopes,
      created_at: c.createdAt.toISOString(),
      last_used_at: c.lastUsedAt ? c.lastUsedAt.toISOString() : null,
    }));
  }

  /** Disconnects a host from one of the owner's apps: its tokens stop working at once (404 if not theirs). */
  async disconnect(ownerId: string, appId: string, connectionId: string): Promise<void> {
    await this.ownedApp(ownerId, appId);
    const connection = await this.s.grants.findConnection(connectionId);
    if (!connection || connection.appId !== appId || connection.revokedAt) throw notFound();
    await this.revokeConnection(connectionId);
  }

  private async ownedApp(ownerId: string, appId: string): Promise<AppRecord> {
    const app = isId(appId) ? await this.s.apps.findOwned(ownerId, appId) : null;
    if (!app) throw notFound();
    return app;
  }

  /** The app is gone (deleted): every host connected to it is disconnected. Returns how many. */
  async appGone(appId: string): Promise<number> {
    return this.revokeAll({ appId });
  }

  /** billing ended the app's subscription: unless it is active again, every host connected to it is disconnected. */
  async appLeftActive(appId: string): Promise<number> {
    const app = await this.s.apps.findLive(appId);
    if (app?.status === "active") return 0;
    return this.revokeAll({ appId });
  }

  /** The owner's credentials were revoked (whoever held them may have connected a host): every connection goes. */
  async ownerCredentialsRevoked(ownerId: string): Promise<number> {
    return this.revokeAll({ ownerId });
  }

  private async revokeAll(filter: { appId: string } | { ownerId: string }): Promise<number> {
    const connections = await this.s.grants.unrevoked(filter);
    for (const c of connections) await this.revokeConnection(c._id, false);
    for (const app of new Map(connections.map((c) => [c.appId, c.ownerId]))) await this.tokensStopped(...app);
    return connections.length;
  }

  /**
   * Revokes a connection: marked revoked, its tokens dropped (under its lock, so no refresh hands out new ones), then
   * every cache told. Idempotent: a second call drops anything a crash left behind.
   */
  async revokeConnection(connectionId: string, announce = true): Promise<boolean> {
    const connection = await this.s.grants.lock.run(connectionId, async () => {
      const c = await this.s.grants.findConnection(connectionId);
      if (!c) return undefined;
      if (!c.revokedAt) await this.s.grants.markRevoked(connectionId, new Date());
      await this.s.grants.deleteTokensOf(connectionId);
      return c;
    });
    if (!connection) return false;
    if (announce) await this.tokensStopped(connection.appId, connection.ownerId);
    return true;
  }

  /**
   * Tokens of the app stopped working: the app's key_rotated event (kind "oauth") through its outbox, so every copy of
   * apps and of the generation API drops what it remembers of the app's keys; this copy's directory at once.
   */
  private async tokensStopped(appId: string, ownerId: string): Promise<void> {
    this.announce.keys.invalidate(appId);
    const event = this.announce.bus.envelope(EVENTS.appKeyRotated, { appId, ownerId, kind: "oauth" });
    if (await this.s.apps.recordEvents(appId, [event])) this.announce.outbox.flushSoon(appId);
  }
}
