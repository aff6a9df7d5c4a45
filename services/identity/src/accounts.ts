import { randomUUID } from "node:crypto";
import { AppError, validationFailed, type Logger, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { EVENTS, SignUpMethod } from "@genui/contracts";
import argon2 from "argon2";
import type { RegisterInput } from "./domain/validation";
import { GoogleRejectedError, GoogleUnavailableError, fetchGoogleProfile } from "./google/userinfo";
import { toPublicUser, type PublicUser, type UserRecord, type UserRepository } from "./store/user.repository";

export const INVALID_CREDENTIALS = "Unable to log in with provided credentials.";

export interface AccountsOptions {
  users: UserRepository;
  bus: MessageBus;
  outbox: OutboxRelay<UserRecord>;
  logger: Logger;
  googleUserinfoUrl: string;
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

  async register(input: RegisterInput): Promise<PublicUser> {
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
    return toPublicUser(user);
  }

  /** Checks a password; an unknown e-mail costs the same time as a wrong password and gets the same answer. */
  async verifyPassword(email: string, password: string): Promise<PublicUser> {
    const user = await this.o.users.findByEmail(email);
    if (!user?.passwordHash) {
      await argon2.verify(await (this.dummyHash ??= this.hash(randomUUID())), password).catch(() => false);
      throw validationFailed({ non_field_errors: [INVALID_CREDENTIALS] });
    }
    const ok = await argon2.verify(user.passwordHash, password).catch(() => false);
    if (!ok) throw validationFailed({ non_field_errors: [INVALID_CREDENTIALS] });
    await this.o.users.touchLogin(user._id);
    return toPublicUser(user);
  }

  /**
   * Google sign-in: the token's owner by Google subject; else an account with the same e-mail, linked only when
   * Google says the e-mail is verified; else a new account.
   */
  async googleLogin(accessToken: string): Promise<PublicUser> {
    let profile;
    try {
      profile = await fetchGoogleProfile(this.o.googleUserinfoUrl, accessToken);
    } catch (err) {
      if (err instanceof GoogleRejectedError)
        throw validationFailed({ access_token: ["Google did not accept this sign-in. Please try again."] });
      if (err instanceof GoogleUnavailableError) {
        this.o.logger.warn({ err: err.message }, "google userinfo unavailable");
        throw new AppError(
          "IDENTITY.GOOGLE_UNAVAILABLE",
          "Google sign-in is unavailable right now. Please try again later.",
          503,
        );
      }
      throw err;
    }
    const known = await this.o.users.findByGoogleSub(profile.sub);
    if (known) {
      await this.o.users.touchLogin(known._id);
      return toPublicUser(known);
    }
    if (!profile.email) throw validationFailed({ access_token: ["Google did not share an email address for this account."] });
    const email = profile.email.trim().toLowerCase();
    const byEmail = await this.o.users.findByEmail(email);
    if (byEmail) {
      if (!profile.emailVerified || byEmail.googleSub)
        throw validationFailed({
          non_field_errors: ["An account with this email already exists. Sign in with your email and password."],
        });
      const linked = await this.o.users.linkGoogle(byEmail._id, profile.sub, profile);
      if (!linked)
        throw validationFailed({
          non_field_errors: ["An account with this email already exists. Sign in with your email and password."],
        });
      return toPublicUser(linked);
    }
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
      if (winner) return toPublicUser(winner);
      throw validationFailed({
        non_field_errors: ["An account with this email already exists. Sign in with your email and password."],
      });
    }
    this.o.outbox.flushSoon(user._id);
    return toPublicUser(user);
  }
}
