import { randomUUID } from "node:crypto";
import { unauthorized, validationFailed, type Logger, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { CredentialsRevokedReason, EVENTS, SignUpMethod } from "@genui/contracts";
import argon2 from "argon2";
import type { GoogleLoginInput, RegisterInput } from "../domain/validation";
import { GoogleRejectedError, GoogleUnavailableError, type GoogleProfile } from "../clients/google/userinfo";
import type { GoogleVerifier } from "../clients/google/verify";
import { toPublicUser, type PublicUser, type UserRecord, type UserRepository } from "../store/user.repository";
import { IDENTITY_ERRORS, identityError } from "../domain/errors";
import { hashToken, type SignupRepository } from "../store/signup.repository";
import { newSignupToken, type SignupMail } from "./signup-mail";

export const INVALID_CREDENTIALS = "Unable to log in with provided credentials.";
export const GOOGLE_REJECTED = "Google did not accept this sign-in. Please try again.";
export const GOOGLE_UNVERIFIED =
  "Google has not verified the email address of this Google account, so it cannot be used to sign in here.";
const EMAIL_TAKEN = "An account with this email already exists. Sign in with your email and password.";
export const LINK_INVALID = "This sign-up link has expired or has already been used. Sign in, or sign up again for a new link.";
export const SIGNUP_STARTED = "Check your inbox: we sent a link to finish creating your account.";

/** What a sign-up answers, whether or not the address already has an account. */
export interface SignupStarted {
  email: string;
  message: string;
  expiresInMinutes: number;
}

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
  /** Sign-up by e-mail; absent when no mail can go out (sign-up then answers 503). */
  signup?: { signups: SignupRepository; mail: SignupMail; linkTtlMinutes: number };
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

  /**
   * Sign-up by e-mail: the same answer, the same work (one argon2 hash, one lookup, one write) and the same mail
   * provider call in the background, whether or not the address has an account — nobody learns which addresses do.
   * A new address gets a link that creates the account (`confirmSignup`); one with an account gets a note saying so.
   */
  async register(input: RegisterInput): Promise<SignupStarted> {
    const signup = this.o.signup;
    if (!signup)
      throw identityError(
        IDENTITY_ERRORS.SIGNUP_UNAVAILABLE,
        "Sign-up by email is not available right now. Sign in with Google.",
      );
    const existing = await this.o.users.findByEmail(input.email);
    const passwordHash = await this.hash(input.password);
    const token = newSignupToken();
    const now = new Date();
    const id = randomUUID();
    await signup.signups.insert({
      _id: id,
      email: input.email,
      kind: existing ? "existing" : "new",
      name: input.name,
      ...(existing ? (existing.passwordHash ? {} : { googleOnly: true }) : { passwordHash }),
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + signup.linkTtlMinutes * 60_000),
      mailAttempts: 0,
      mailRetryAt: new Date(now.getTime() + 15_000),
    });
    signup.mail.sendSoon(id, token);
    return { email: input.email, message: SIGNUP_STARTED, expiresInMinutes: signup.linkTtlMinutes };
  }

  /**
   * Opens a sign-up link: creates the account the link's sign-up describes and signs it in. A link works once, until
   * it expires; once the account exists, every other link for that address stops working too.
   */
  async confirmSignup(token: string): Promise<SignIn> {
    const signup = this.o.signup;
    if (!signup)
      throw identityError(
        IDENTITY_ERRORS.SIGNUP_UNAVAILABLE,
        "Sign-up by email is not available right now. Sign in with Google.",
      );
    const s = await signup.signups.findByToken(token);
    if (!s || s.kind !== "new" || !s.passwordHash || s.expiresAt <= new Date()) throw validationFailed({ token: [LINK_INVALID] });
    const user: UserRecord = {
      _id: randomUUID(),
      email: s.email,
      name: s.name,
      passwordHash: s.passwordHash,
      createdAt: new Date(),
      lastLoginAt: new Date(),
    };
    // The event rides in the user's own document, so it cannot be lost between the insert and the publish.
    const created = await this.o.users.insert(user, [this.registered(user, SignUpMethod.PASSWORD)]);
    // Created now or by another link (or Google) before: either way no link for this address may create it again.
    await signup.signups.deleteForEmail(s.email);
    if (!created) throw validationFailed({ token: [LINK_INVALID] });
    this.o.outbox.flushSoon(user._id);
    return signIn(user);
  }

  /** An account with a password, created directly (the local platform's demo account; never from a request). */
  async createPasswordUser(input: RegisterInput): Promise<SignIn> {
    const user: UserRecord = {
      _id: randomUUID(),
      email: input.email,
      name: input.name,
      passwordHash: await this.hash(input.password),
      createdAt: new Date(),
      lastLoginAt: new Date(),
    };
    if (!(await this.o.users.insert(user, [this.registered(user, SignUpMethod.PASSWORD)])))
      throw validationFailed({ email: ["A user with this email already exists."] });
    this.o.outbox.flushSoon(user._id);
    return signIn(user);
  }

  /** Who am I: the signed user's public profile. A signed identity for a user that no longer exists is as good as none. */
  async me(userId: string): Promise<PublicUser> {
    const user = await this.o.users.publicProfile(userId);
    if (!user) throw unauthorized("User not found.");
    return user;
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
   * Linking a password account revokes its password and every session: the password may predate sign-up links (no
   * proof of the e-mail then) or have been set by whoever read that inbox once, so Google's proof wins
   * (docs/decisions.md).
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
      // The revocation's event rides in the same document update that removes the password, so apps is
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
