import { randomBytes } from "node:crypto";
import type { Logger } from "@genui/chassis";
import type { Mail, Mailer } from "../clients/mail/mailer";
import { hashToken, type SignupRecord, type SignupRepository } from "../store/signup.repository";

/** A sign-up link's token: 256 random bits, URL-safe. */
export const newSignupToken = (): string => randomBytes(32).toString("base64url");

/** The path of the SPA's page that finishes a sign-up; the token rides in the fragment (never sent to a server). */
export const CONFIRM_PATH = "/confirm-email";

export interface SignupMailOptions {
  signups: SignupRepository;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  /** How long the link works, in minutes (said in the mail). */
  linkTtlMinutes: number;
}

const htmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const duration = (minutes: number) =>
  minutes % 1_440 === 0
    ? `${minutes / 1_440 === 1 ? "24 hours" : `${minutes / 1_440} days`}`
    : minutes % 60 === 0
      ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
      : `${minutes} minutes`;

/** The wait before the sweep tries a mail again: 15 s, doubling, at most 10 minutes. */
const retryDelayMs = (attempts: number) => Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 600_000);

/**
 * The sign-up's mail: the link that creates a new account, or, to an address that already has one, a note saying so
 * (never a link). Sent right after the sign-up is stored and, should that fail or the process stop first, by the
 * sweep of any copy of identity — under the sign-up's lock, so one token goes out at most once. The sweep mints a
 * fresh token for a retry: only the mail ever holds one, the store keeps its hash.
 */
export class SignupMail {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(private readonly o: SignupMailOptions) {}

  link(token: string): string {
    return `${this.o.publicUrl.replace(/\/+$/, "")}${CONFIRM_PATH}#token=${token}`;
  }

  /** The message for one sign-up (`token`: its link's, for a new address). */
  compose(s: Pick<SignupRecord, "email" | "kind" | "name" | "googleOnly">, token: string): Mail {
    const base = this.o.publicUrl.replace(/\/+$/, "");
    const hello = s.name ? `Hi ${s.name},` : "Hi,";
    if (s.kind === "new") {
      const link = this.link(token);
      const ttl = duration(this.o.linkTtlMinutes);
      const text = [
        hello,
        "",
        "Open this link to confirm your email address and finish creating your GenUI account:",
        "",
        link,
        "",
        `The link works once, for ${ttl}. If you did not sign up for GenUI, ignore this email: no account is created without it.`,
      ].join("\n");
      const html = `<p>${htmlEscape(hello)}</p><p>Open this link to confirm your email address and finish creating your GenUI account:</p><p><a href="${htmlEscape(link)}">Confirm my email and sign in</a></p><p>The link works once, for ${ttl}. If you did not sign up for GenUI, ignore this email: no account is created without it.</p>`;
      return { to: s.email, subject: "Confirm your email to finish signing up for GenUI", text, html };
    }
    const how = s.googleOnly ? "with Google (the “Sign in with Google” button)" : "with your email and password";
    const login = `${base}/login`;
    const text = [
      "Hi,",
      "",
      "Someone, hopefully you, tried to create a GenUI account with this email address. It already has an account, so nothing was changed.",
      "",
      `Sign in ${how} at:`,
      "",
      login,
      "",
      "If this was not you, you can ignore this email.",
    ].join("\n");
    const html = `<p>Hi,</p><p>Someone, hopefully you, tried to create a GenUI account with this email address. It already has an account, so nothing was changed.</p><p>Sign in ${htmlEscape(how)} at <a href="${htmlEscape(login)}">${htmlEscape(login)}</a>.</p><p>If this was not you, you can ignore this email.</p>`;
    return { to: s.email, subject: "You already have a GenUI account", text, html };
  }

  /** Sends one sign-up's mail in the background (the sign-up's answer never waits for the provider). */
  sendSoon(id: string, token: string): void {
    this.deliver(id, token).catch((err: unknown) =>
      this.o.logger.warn({ err: (err as Error).message, signupId: id }, "sign-up mail not sent; the sweep will retry"),
    );
  }

  /** Sends the mail unless it went already or the sign-up expired; a token not stored (a retry) is replaced. */
  deliver(id: string, token?: string): Promise<void> {
    return this.o.signups.lock.run(id, async () => {
      const s = await this.o.signups.findById(id);
      const now = new Date();
      if (!s || s.mailSentAt || s.expiresAt <= now) return;
      let t = token;
      if (!t || hashToken(t) !== s.tokenHash) {
        t = newSignupToken();
        await this.o.signups.replaceToken(id, hashToken(t));
      }
      // The attempt is recorded first: should this process stop mid-send, the sweep tries again later.
      const attempts = (s.mailAttempts ?? 0) + 1;
      await this.o.signups.deferMail(id, attempts, new Date(now.getTime() + retryDelayMs(attempts)));
      await this.o.mailer.send(this.compose(s, t));
      await this.o.signups.markSent(id);
      this.o.logger.info({ signupId: id, kind: s.kind, attempts }, "sign-up mail sent");
    });
  }

  /** Sends what earlier attempts missed and forgets expired sign-ups. */
  async sweep(limit = 50): Promise<void> {
    const now = new Date();
    await this.o.signups.deleteExpired(now);
    for (const id of await this.o.signups.dueMail(now, limit))
      await this.deliver(id).catch((err: unknown) =>
        this.o.logger.warn({ err: (err as Error).message, signupId: id }, "sign-up mail retry failed"),
      );
  }

  start(intervalMs = 5_000): void {
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .catch((err: unknown) => this.o.logger.warn({ err }, "sign-up mail sweep failed"))
        .finally(() => (this.sweeping = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
    this.o.mailer.close();
  }
}
