import { DistributedLock, type DocumentLock, type Redis } from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

/**
 * A connection: the owner's grant of one app to one agent host (an OAuth client), what the dashboard lists and
 * disconnects. Its tokens are keys (kind "oauth"): only their hashes are stored, each naming its connection.
 */
export interface ConnectionRecord {
  _id: string;
  appId: string;
  ownerId: string;
  clientId: string;
  /** The host's name when it was connected (its registered name, else its redirect host). */
  clientName: string;
  /** Where the host was sent back (scheme://host[:port]). */
  redirectHost: string;
  scopes: string[];
  /** The resource the tokens are for (the MCP server's URL). */
  resource: string;
  createdAt: Date;
  /** The last refresh or MCP call (at most once a minute per copy); absent until the first. */
  lastUsedAt?: Date;
  /** When the refresh token now held expires: past it, the host must be connected again. */
  expiresAt: Date;
  /** Disconnected (the dashboard, a revoked refresh token, a replayed one, the app leaving "active"). */
  revokedAt?: Date;
}

export type TokenKind = "access" | "refresh";

/** One token of a connection: its hash (keyHash, the lookup key), kind and expiry. */
export interface TokenRecord {
  /** keyHash(token): SHA-256, hex. */
  _id: string;
  kind: TokenKind;
  connectionId: string;
  appId: string;
  clientId: string;
  expiresAt: Date;
  createdAt: Date;
}

const connectionSchema = new Schema<ConnectionRecord>(
  {
    _id: { type: String, required: true },
    appId: { type: String, required: true },
    ownerId: { type: String, required: true },
    clientId: { type: String, required: true },
    clientName: { type: String, required: true },
    redirectHost: { type: String, required: true },
    scopes: { type: [String], required: true },
    resource: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date },
  },
  { versionKey: false },
);
connectionSchema.index({ appId: 1, createdAt: -1 });
connectionSchema.index({ ownerId: 1 });

const tokenSchema = new Schema<TokenRecord>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: ["access", "refresh"] },
    connectionId: { type: String, required: true },
    appId: { type: String, required: true },
    clientId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
tokenSchema.index({ connectionId: 1 });

const LIVE = { revokedAt: { $exists: false } };

/**
 * The lock on a connection every copy of apps takes to change it or its tokens: a refresh (rotation), a
 * disconnection and the "last used" mark never interleave (the local store does not isolate concurrent updates of
 * one document, and a refresh must not hand out tokens for a connection being revoked).
 */
export const connectionLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:oauth-connection:`);

/** Connections and their tokens. Every write of a connection runs under `lock` (held by the caller: `inLock`). */
export class GrantRepository {
  readonly connections: Model<ConnectionRecord>;
  readonly tokens: Model<TokenRecord>;

  constructor(
    conn: Connection,
    readonly lock: DocumentLock,
  ) {
    this.connections =
      (conn.models.OAuthConnection as Model<ConnectionRecord> | undefined) ??
      conn.model<ConnectionRecord>("OAuthConnection", connectionSchema, "oauth_connections");
    this.tokens =
      (conn.models.OAuthToken as Model<TokenRecord> | undefined) ??
      conn.model<TokenRecord>("OAuthToken", tokenSchema, "oauth_tokens");
  }

  async init() {
    await Promise.all([this.connections.init(), this.tokens.init()]);
  }

  /** A new connection with its first tokens (the connection first: a token never names a missing connection). */
  async insertConnection(connection: ConnectionRecord, tokens: TokenRecord[]): Promise<void> {
    await this.connections.create(connection);
    await this.tokens.insertMany(tokens);
  }

  findConnection(id: string): Promise<ConnectionRecord | null> {
    return this.connections.findById(id).lean<ConnectionRecord>().exec();
  }

  /** A token by hash and kind (expired or not: the caller decides). */
  findToken(hash: string, kind: TokenKind): Promise<TokenRecord | null> {
    return this.tokens.findOne({ _id: hash, kind }).lean<TokenRecord>().exec();
  }

  /** An app's connections that still hold a usable refresh token, newest first. */
  liveConnections(appId: string, now: Date, limit: number): Promise<ConnectionRecord[]> {
    return this.connections
      .find({ appId, ...LIVE, expiresAt: { $gt: now } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<ConnectionRecord[]>()
      .exec();
  }

  countLive(appId: string, now: Date): Promise<number> {
    return this.connections.countDocuments({ appId, ...LIVE, expiresAt: { $gt: now } }).exec();
  }

  /** The ids of the connections not revoked yet of an app, or of all apps of an owner. */
  async unrevoked(
    filter: { appId: string } | { ownerId: string },
  ): Promise<Pick<ConnectionRecord, "_id" | "appId" | "ownerId">[]> {
    return this.connections
      .find({ ...filter, ...LIVE })
      .select({ _id: 1, appId: 1, ownerId: 1 })
      .lean<Pick<ConnectionRecord, "_id" | "appId" | "ownerId">[]>()
      .exec();
  }

  /** Marks the connection revoked (under its lock); false when it already was (or is missing). */
  async markRevoked(id: string, at: Date): Promise<boolean> {
    const res = await this.connections.updateOne({ _id: id, ...LIVE }, { $set: { revokedAt: at } }).exec();
    return res.modifiedCount === 1;
  }

  /** Drops every token of a connection. */
  async deleteTokensOf(connectionId: string): Promise<void> {
    await this.tokens.deleteMany({ connectionId }).exec();
  }

  /** Drops one token; true when it was there. */
  async deleteToken(hash: string): Promise<boolean> {
    const res = await this.tokens.deleteOne({ _id: hash }).exec();
    return res.deletedCount === 1;
  }

  /** After a refresh (under the lock): the old refresh token and expired tokens go, the new ones come. */
  async rotate(connectionId: string, used: string, fresh: TokenRecord[], now: Date, expiresAt: Date): Promise<void> {
    await this.tokens.deleteMany({ $or: [{ _id: used }, { connectionId, expiresAt: { $lte: now } }] }).exec();
    await this.tokens.insertMany(fresh);
    await this.connections.updateOne({ _id: connectionId, ...LIVE }, { $set: { expiresAt, lastUsedAt: now } }).exec();
  }

  /** The "last used" mark (under the lock). */
  async touch(connectionId: string, at: Date): Promise<void> {
    await this.connections.updateOne({ _id: connectionId, ...LIVE }, { $set: { lastUsedAt: at } }).exec();
  }
}
