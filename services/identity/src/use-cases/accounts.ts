import { randomUUID } from "node:crypto";
import { validationFailed, type Logger, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { CredentialsRevokedReason, EVENTS, SignUpMethod } from "@genui/contracts";
import argon2 from "argon2";
import type { GoogleLoginInput, RegisterInput } from "../domain/validation";
import { GoogleRejectedError, GoogleUnavailableError, type GoogleProfile } from "../clients/google/userinfo";
import type { GoogleVerifier } from "../clients/google/verify";
import { toPublicUser, type PublicUser, type UserRecord, type UserRepository } from "../store/user.repository";
import { IDENTITY_ERRORS, identityError } from "../domain/errors";

export const INVALID_CREDENTIALS = "Unable to log in with provided credentials.";
export const GOOGLE_REJECTED = "Google did not accept this sign-in. Please try again.";
export const GOOGLE_UNVERIFIED =
  "Google has not verified the email address of this Google account, so it cannot be used to sign in here.";
const EMAIL_TAKEN = "An account with this email already exists. Sign in with your email and password.";

/** A signed-in user and the session epoch the BFF records in the session it makes (older epochs are dead). */
export interface SignIn {
  user: PublicUser;
  sessionEpoch: number;
}

const signIn = (u: UserRecord): SignIn => ({ user: toPublicUser(u), sessionEpoch: u.sessionEpoch ?? 0 });

export interface AccountsOptions {
  users: UserRepository;
  bus: MessageBus;
  outbox: OutboxRelay<UserRecord>;
  logger: Logger;
  google: GoogleVerifier;
  argon2: { memoryCost: number; timeCost: number };
}

/** The identity use cases: sign-up, password and Google sign-in, who am I. */
export class Accounts {
  private dummyHash?: Promise<string>;

  constructor(private readonly o: AccountsOptions) {}

  private hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.o.argon2.memoryCost,
      timeCost: this.o.argon2.timeCost,
    });
  }

  private registered(user: UserRecord, method: SignUpMethod) {
    return this.o.bus.envelope(EVENTS.userRegistered, { userId: user._id, email: user.email, name: user.name, method });
  }

  async register(input: RegisterInput): Promise<SignIn> {
    if (await this.o.users.findByEmail(input.email))
      throw validationFailed({ email: ["A user with this email already exists."] });
    const user: UserRecord = {
      _id: randomUUID(),
      email: input.email,
      name: input.name,
      passwordHash: await this.hash(input.password),
      createdAt: new Date(),
      lastLoginAt: new Date(),
    };
    // The event rides in the user's own document, so it cannot be lost between the insert and the publish.
    if (!(await this.o.users.insert(user, [this.registered(user, SignUpMethod.PASSWORD)])))
      throw validationFailed({ email: ["A user with this email already exists."] });
    this.o.outbox.flushSoon(user._id);
    return signIn(user);
  }

  /** Checks a password; an unknown e-mail costs the same time as a wrong password and gets the same answer. */
  async verifyPassword(email: string, password: string): Promise<SignIn> {
    const user = await this.o.users.findByEmail(email);
    if (!user?.passwordHash) {
      await argon2.verify(await (this.dummyHash ??= this.hash(randomUUID())), password).catch(() => false);
      throw validationFailed({ non_field_errors: [INVALID_CREDENTIALS] });
    }
    const ok = await argon2.verify(user.passwordHash, password).catch(() => false);
    if (!ok) throw validationFailed({ non_field_errors: [INVALID_CREDENTIALS] });
    await this.o.users.touchLogin(user._id);
    return signIn(user);
  }

  /**
   * Google sign-in (the token verified as Google specifies, see GoogleVerifier): the token's owner by Google subject;
   * else, only for an e-mail Google has verified, the account with that e-mail (linked) or a new account.
   * Linking a password account revokes its password and every session: nobody proved that e-mail when the password
   * was set, so it may be an attacker's pre-registration of the Google user's address (docs/decisions.md).
   */
  async googleLogin(input: GoogleLoginInput): Promise<SignIn> {
    let profile: GoogleProfile;
    try {
      profile =
        input.kind === "credential"
          ? await this.o.google.verifyIdToken(input.token)
          : await this.o.google.verifyAccessToken(input.token);
    } catch (err) {
      if (err instanceof GoogleRejectedError) {
        this.o.logger.info({ reason: err.message, kind: input.kind }, "google sign-in refused");
        throw validationFailed({ [input.kind]: [GOOGLE_REJECTED] });
      }
      if (err instanceof GoogleUnavailableError) {
        this.o.logger.warn({ err: err.message }, "google verification unavailable");
        throw identityError(
          IDENTITY_ERRORS.GOOGLE_UNAVAILABLE,
          "Google sign-in is unavailable right now. Please try again later.",
        );
      }
      throw err;
    }
    const known = await this.o.users.findByGoogleSub(profile.sub);
    if (known) {
      await this.o.users.touchLogin(known._id);
      return signIn(known);
    }
    if (!profile.email) throw validationFailed({ [input.kind]: ["Google did not share an email address for this account."] });
    const email = profile.email.trim().toLowerCase();
    const byEmail = await this.o.users.findByEmail(email);
    if (byEmail) {
      if (!profile.emailVerified || byEmail.googleSub) throw validationFailed({ non_field_errors: [EMAIL_TAKEN] });
      const revoke = byEmail.passwordHash !== undefined;
      // The revocation's event rides in the same document update that removes the password, so apps-templates is
      // told for certain to replace every API key whoever held that password could have copied.
      const events = revoke
        ? [
            this.o.bus.envelope(EVENTS.userCredentialsRevoked, {
              userId: byEmail._id,
              reason: CredentialsRevokedReason.EMAIL_PROVEN_BY_GOOGLE,
            }),
          ]
        : [];
      const linked = await this.o.users.linkGoogle(byEmail._id, profile.sub, profile, events, revoke);
      if (!linked) throw validationFailed({ non_field_errors: [EMAIL_TAKEN] });
      if (revoke) {
        this.o.outbox.flushSoon(linked._id);
        this.o.logger.warn(
          { userId: linked._id, sessionEpoch: linked.sessionEpoch },
          "google proved the e-mail of a password account: password, sessions and API keys revoked",
        );
      }
      return signIn(linked);
    }
    // A new account claims the e-mail: only one Google has verified.
    if (!profile.emailVerified) throw validationFailed({ non_field_errors: [GOOGLE_UNVERIFIED] });
    const user: UserRecord = {
      _id: randomUUID(),
      email,
      name: profile.name ?? "",
      googleSub: profile.sub,
      ...(profile.picture ? { picture: profile.picture } : {}),
      createdAt: new Date(),
      lastLoginAt: new Date(),
    };
    if (!(await this.o.users.insert(user, [this.registered(user, SignUpMethod.GOOGLE)]))) {
      // A concurrent first sign-in of the same Google user won the insert.
      const winner = await this.o.users.findByGoogleSub(profile.sub);
      if (winner) return signIn(winner);
      throw validationFailed({ non_field_errors: [EMAIL_TAKEN] });
    }
    this.o.outbox.flushSoon(user._id);
    return signIn(user);
  }
}
