import { type Connection, type Model } from "mongoose";
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
/** The public view of a user: what `me` answers. */
export interface PublicUser {
    id: string;
    email: string;
    name: string;
    picture: string | null;
}
export declare const toPublicUser: (u: UserRecord) => PublicUser;
export declare class UserRepository {
    readonly model: Model<UserRecord>;
    constructor(conn: Connection);
    init(): Promise<void>;
    findById(id: string): Promise<UserRecord | null>;
    findByEmail(email: string): Promise<UserRecord | null>;
    /** Inserts; resolves false when the e-mail is taken (unique index), leaving the stored user as it was. */
    insert(user: UserRecord): Promise<boolean>;
}
//# sourceMappingURL=user.repository.d.ts.map