import type { User } from "@genui/contracts/http";
import {
  DistributedLock,
  type DocumentLock,
  type Redis,
  TtlCache,
  outboxInsert,
  outboxSchemaFields,
  outboxUpdate,
  type OutboxFields,
  type SealedEvent,
} from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

export interface UserRecord extends OutboxFields {
  _id: string;
  /** Normalised: trimmed, lower-case. Unique. */
  email: string;
  name: string;
  /** argon2id encoded hash; absent for Google-only accounts. */
  passwordHash?: string;
  /** Google's stable subject id, once the account signed in with Google. Unique when present. */
  googleSub?: string;
  picture?: string;
  createdAt: Date;
  lastLoginAt?: Date;
  /**
   * Raised when every session of the user must end (the BFF refuses sessions made at a lower epoch); absent = 0.
   */
  sessionEpoch?: number;
}

const userSchema = new Schema<UserRecord>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, default: "" },
    passwordHash: { type: String },
    googleSub: { type: String },
    picture: { type: String },
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date },
    sessionEpoch: { type: Number },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ googleSub: 1 }, { unique: true, sparse: true });

/** The public view of a user: what `me` and the sign-in calls answer. */
/** What `GET /accounts/api/v1/me/` answers: the contract's User. */
export type PublicUser = User;

export const toPublicUser = (u: UserRecord): PublicUser => ({
  id: u._id,
  email: u.email,
  name: u.name,
  picture: u.picture ?? null,
});

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

/** The lock on user documents every copy of identity takes. */
export const userLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:user:`);

export class UserRepository {
  readonly model: Model<UserRecord>;
  /**
   * `me` runs on every page load: public profiles are cached briefly. This process drops an entry on its own writes;
   * another instance's write shows within the TTL.
   */
  private readonly profiles = new TtlCache<string, PublicUser>(15_000, 50_000);
  /**
   * Every update of a user document runs under its id, and the outbox relay takes the same lock. It must hold across every copy
   * of the service (a DistributedLock): the local store does not isolate concurrent updates of one document.
   */
  readonly lock: DocumentLock;

  constructor(conn: Connection, lock: DocumentLock) {
    this.lock = lock;
    this.model = (conn.models.User as Model<UserRecord> | undefined) ?? conn.model<UserRecord>("User", userSchema, "users");
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  /** The public profile, from the cache when fresh. */
  async publicProfile(id: string): Promise<PublicUser | null> {
    const cached = this.profiles.get(id);
    if (cached) return cached;
    const user = await this.findById(id);
    if (!user) return null;
    const profile = toPublicUser(user);
    this.profiles.set(id, profile);
    return profile;
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.model.findById(id).select({ outbox: 0 }).lean<UserRecord>().exec();
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }).select({ outbox: 0 }).lean<UserRecord>().exec();
  }

  findByGoogleSub(sub: string): Promise<UserRecord | null> {
    return this.model.findOne({ googleSub: sub }).select({ outbox: 0 }).lean<UserRecord>().exec();
  }

  /**
   * Inserts the user with its events in the same document (the outbox); resolves false when the e-mail or Google
   * subject is taken, leaving the stored user as it was.
   */
  async insert(user: UserRecord, events: SealedEvent[] = []): Promise<boolean> {
    try {
      await this.model.create({ ...user, ...(events.length ? outboxInsert(events) : {}) });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async touchLogin(id: string, at = new Date()): Promise<void> {
    await this.lock.run(id, () => this.model.updateOne({ _id: id }, { $set: { lastLoginAt: at } }).exec());
  }

  /**
   * Links a Google subject to an existing account that has none yet (single-document guard: never overwrites a
   * different subject). With `revokePassword` the password goes and the session epoch rises, in the same update, so
   * whoever set that password (and every session made so far) is shut out. Resolves the updated user, or null when
   * the guard failed.
   */
  linkGoogle(
    id: string,
    sub: string,
    profile: { picture?: string; name?: string },
    events: SealedEvent[] = [],
    revokePassword = false,
  ) {
    const set: Record<string, unknown> = { googleSub: sub, lastLoginAt: new Date() };
    if (profile.picture) set.picture = profile.picture;
    const update: Record<string, unknown> = { $set: set };
    const inc: Record<string, number> = {};
    if (events.length) {
      const o = outboxUpdate(events);
      update.$set = { ...set, ...o.$set };
      Object.assign(inc, o.$inc);
    }
    if (revokePassword) {
      update.$unset = { passwordHash: "" };
      inc.sessionEpoch = 1;
    }
    if (Object.keys(inc).length) update.$inc = inc;
    this.profiles.delete(id);
    // No projection here: the Mongo-wire store does not support one on findAndModify.
    return this.lock.run(id, () =>
      this.model
        .findOneAndUpdate({ _id: id, googleSub: { $exists: false } }, update, { returnDocument: "after" })
        .lean<UserRecord>()
        .exec(),
    );
  }
}
