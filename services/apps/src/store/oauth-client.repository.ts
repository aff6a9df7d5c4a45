import { Schema, type Connection, type Model } from "mongoose";
import type { ClientMetadata } from "../domain/oauth";

/** An agent host registered as an OAuth client (RFC 7591): its metadata and, for a confidential client, its secret's hash. */
export interface OAuthClientRecord {
  /** The client_id (a UUID). */
  _id: string;
  metadata: ClientMetadata;
  /** SHA-256 of the client secret (confidential clients); the secret itself is shown once, in the registration's answer. */
  secretHash?: string;
  /** Epoch seconds; 0: the secret does not expire. */
  secretExpiresAt?: number;
  /** Epoch seconds (RFC 7591 `client_id_issued_at`). */
  issuedAt: number;
  createdAt: Date;
}

const clientSchema = new Schema<OAuthClientRecord>(
  {
    _id: { type: String, required: true },
    metadata: { type: Object, required: true },
    secretHash: { type: String },
    secretExpiresAt: { type: Number },
    issuedAt: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

/** Registered clients: written once, read on every authorization and token request. */
export class OAuthClientRepository {
  readonly model: Model<OAuthClientRecord>;

  constructor(conn: Connection) {
    this.model =
      (conn.models.OAuthClient as Model<OAuthClientRecord> | undefined) ??
      conn.model<OAuthClientRecord>("OAuthClient", clientSchema, "oauth_clients");
  }

  init() {
    return this.model.init();
  }

  async insert(client: OAuthClientRecord): Promise<void> {
    await this.model.create(client);
  }

  find(clientId: string): Promise<OAuthClientRecord | null> {
    return this.model.findById(clientId).lean<OAuthClientRecord>().exec();
  }
}
