import { createHash } from "node:crypto";
import { DistributedLock, type DocumentLock, type Redis } from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

/**
 * A sign-up by e-mail waiting for its link to be opened. Every sign-up writes one, whether the address is new
 * (`kind: "new"`, with the password's hash: opening the link creates the account) or already has an account
 * (`kind: "existing"`: its mail says so and carries no link), so the two answers cost the same and look the same.
 * The document is also its mail's outbox: `mailSentAt` is set once the provider accepted the message.
 */
export interface SignupRecord {
  _id: string;
  email: string;
  kind: "new" | "existing";
  name: string;
  /** argon2id hash of the chosen password (new addresses only). */
  passwordHash?: string;
  /** Whether the existing account can sign in with Google only (its mail says so). */
  googleOnly?: boolean;
  /** SHA-256 of the link's token (the token itself is only ever in the mail). */
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  mailSentAt?: Date;
  mailAttempts: number;
  /** When the sweep may try the mail again (after a failed or an unfinished attempt). */
  mailRetryAt: Date;
}

const signupSchema = new Schema<SignupRecord>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, index: true },
    kind: { type: String, required: true, enum: ["new", "existing"] },
    name: { type: String, default: "" },
    passwordHash: { type: String },
    googleOnly: { type: Boolean },
    tokenHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
    mailSentAt: { type: Date },
    mailAttempts: { type: Number, default: 0 },
    mailRetryAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);
signupSchema.index({ tokenHash: 1 }, { unique: true });

export const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/** The lock on sign-up documents every copy of identity takes (the mail is sent under it, at most once per token). */
export const signupLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:signup:`);

export class SignupRepository {
  readonly model: Model<SignupRecord>;

  constructor(
    conn: Connection,
    readonly lock: DocumentLock,
  ) {
    this.model =
      (conn.models.Signup as Model<SignupRecord> | undefined) ?? conn.model<SignupRecord>("Signup", signupSchema, "signups");
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  async insert(record: SignupRecord): Promise<void> {
    await this.model.create(record);
  }

  findById(id: string): Promise<SignupRecord | null> {
    return this.model.findById(id).lean<SignupRecord>().exec();
  }

  findByToken(token: string): Promise<SignupRecord | null> {
    return this.model
      .findOne({ tokenHash: hashToken(token) })
      .lean<SignupRecord>()
      .exec();
  }

  /** A new token for a mail not sent yet (the old one was never delivered): call under the document's lock. */
  async replaceToken(id: string, tokenHash: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { tokenHash } }).exec();
  }

  /** The provider accepted the mail: call under the document's lock. */
  async markSent(id: string, at = new Date()): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { mailSentAt: at } }).exec();
  }

  /** An attempt failed (or was begun): the sweep tries again at `retryAt`. Call under the document's lock. */
  async deferMail(id: string, attempts: number, retryAt: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { mailAttempts: attempts, mailRetryAt: retryAt } }).exec();
  }

  /** Mails due: not sent, not expired, their retry time passed. */
  async dueMail(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ mailSentAt: { $exists: false }, mailRetryAt: { $lte: now }, expiresAt: { $gt: now } })
      .select({ _id: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }

  async delete(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id }).exec();
  }

  /** Every sign-up of an address (its account now exists: no other link may create it again). */
  async deleteForEmail(email: string): Promise<void> {
    await this.model.deleteMany({ email }).exec();
  }

  async deleteExpired(now: Date): Promise<number> {
    const r = await this.model.deleteMany({ expiresAt: { $lte: now } }).exec();
    return r.deletedCount ?? 0;
  }
}
