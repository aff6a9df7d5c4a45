import { Schema, type Connection, type Model } from "mongoose";

export interface UserRecord {
  _id: string;
  /** Normalised: trimmed, lower-case. Unique. */
  email: string;
  name: string;
  /** argon2id encoded hash; absent for Google-only accounts. */
  passwordHash?: string;
  googleSub?: string;
  picture?: string;
  createdAt: Date;
  lastLoginAt?: Date;
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
  },
  { versionKey: false },
);
userSchema.index({ email: 1 }, { unique: true });

/** The public view of a user: what `me` answers. */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  picture: string | null;
}

export const toPublicUser = (u: UserRecord): PublicUser => ({
  id: u._id,
  email: u.email,
  name: u.name,
  picture: u.picture ?? null,
});

export class UserRepository {
  readonly model: Model<UserRecord>;

  constructor(conn: Connection) {
    this.model = conn.model<UserRecord>("User", userSchema, "users");
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.model.findById(id).lean<UserRecord>().exec();
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }).lean<UserRecord>().exec();
  }

  /** Inserts; resolves false when the e-mail is taken (unique index), leaving the stored user as it was. */
  async insert(user: UserRecord): Promise<boolean> {
    try {
      await this.model.create(user);
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }
}
