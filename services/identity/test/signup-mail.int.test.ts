import { createLogger, connectMongo, createRedis } from "@genui/chassis";
import { startMailSim, type MailSim } from "@genui/sims";
import { freshName, testInfra } from "@genui/testkit";
import type { Connection } from "mongoose";
import type { Redis } from "ioredis";
import { smtpMailer } from "../src/clients/mail/mailer";
import { SignupRepository, hashToken, signupLock, type SignupRecord } from "../src/store/signup.repository";
import { SignupMail, newSignupToken } from "../src/use-cases/signup-mail";

// The sign-up mail's delivery against a real SMTP server (the mail stand-in), a real store and Redis locks: every
// sign-up gets its mail exactly once across copies of identity, and a provider's outage only delays it.

const logger = createLogger("signup-mail", "silent");

describe("sign-up mail", () => {
  let mail: MailSim;
  let conn: Connection;
  let redis: Redis;
  const prefix = `${freshName()}:`;
  const copies: SignupMail[] = [];

  /** One copy of identity's mail relay (its own repository, mailer and lock client; the store and Redis shared). */
  const copy = () => {
    const signups = new SignupRepository(conn, signupLock(redis, { REDIS_KEY_PREFIX: prefix }));
    const relay = new SignupMail({
      signups,
      mailer: smtpMailer(mail.smtpUrl, "GenUI <no-reply@genui.dev>"),
      publicUrl: "https://genui.example",
      logger,
      linkTtlMinutes: 60,
    });
    copies.push(relay);
    return { signups, relay };
  };

  const signup = async (signups: SignupRepository, over: Partial<SignupRecord> = {}) => {
    const token = newSignupToken();
    const now = new Date();
    const record: SignupRecord = {
      _id: freshName("signup"),
      email: `${freshName("who")}@genui.dev`,
      kind: "new",
      name: "Kim",
      passwordHash: "$argon2id$v=19$m=8192,t=1,p=1$c2FsdA$aGFzaA",
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      mailAttempts: 0,
      mailRetryAt: new Date(now.getTime() + 15_000),
      ...over,
    };
    await signups.insert(record);
    return { record, token };
  };

  beforeAll(async () => {
    mail = await startMailSim();
    conn = await connectMongo(testInfra().mongoUrl, freshName("identity_mail"), logger);
    redis = createRedis(testInfra().redisUrl, "signup-mail-test", logger);
    await new SignupRepository(conn, signupLock(redis, { REDIS_KEY_PREFIX: prefix })).init();
  });
  afterAll(async () => {
    for (const c of copies) await c.stop();
    await conn.dropDatabase();
    await conn.close();
    redis.disconnect();
    await mail.close();
  });

  it("when a new address's mail is sent, then it carries the link whose token the store knows only by its hash", async () => {
    const { signups, relay } = copy();
    const { record, token } = await signup(signups);
    await relay.deliver(record._id, token);
    const [got] = mail.messages(record.email);
    expect(got).toMatchObject({ subject: "Confirm your email to finish signing up for GenUI", from: "no-reply@genui.dev" });
    expect(got!.links).toEqual([`https://genui.example/confirm-email#token=${token}`]);
    expect(got!.text).toContain("The link works once, for 1 hour.");
    const stored = await signups.findById(record._id);
    expect(stored).toMatchObject({ tokenHash: hashToken(token), mailAttempts: 1, mailSentAt: expect.any(Date) });
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("when an address already has an account, then its mail says so, names how to sign in, and has no link", async () => {
    const { signups, relay } = copy();
    const { record, token } = await signup(signups, { kind: "existing", googleOnly: true, passwordHash: undefined });
    await relay.deliver(record._id, token);
    const [got] = mail.messages(record.email);
    expect(got!.subject).toBe("You already have a GenUI account");
    expect(got!.text).toContain("Sign in with Google");
    expect(got!.links).toEqual(["https://genui.example/login"]);
  });

  it("when the provider refuses the first attempt, then the sign-up waits for the sweep, which sends it once with a fresh working token", async () => {
    const { signups, relay } = copy();
    const { record, token } = await signup(signups);
    mail.failNext(1);
    await expect(relay.deliver(record._id, token)).rejects.toThrow(/451/);
    expect(mail.messages(record.email)).toHaveLength(0);
    const failed = await signups.findById(record._id);
    expect(failed).toMatchObject({ mailAttempts: 1 });
    expect(failed!.mailSentAt).toBeUndefined();
    expect(failed!.mailRetryAt.getTime()).toBeGreaterThan(Date.now());
    // The retry falls due (as the clock would make it).
    await signups.model.updateOne({ _id: record._id }, { $set: { mailRetryAt: new Date(Date.now() - 1) } }).exec();
    await relay.sweep();
    const sent = mail.messages(record.email);
    expect(sent).toHaveLength(1);
    const fresh = new URL(sent[0]!.links[0]!).hash.replace("#token=", "");
    expect(fresh).not.toBe(token);
    expect((await signups.findByToken(fresh))?._id).toBe(record._id);
    expect(await signups.findByToken(token)).toBeNull();
    // Sent: later sweeps leave it alone.
    await signups.model.updateOne({ _id: record._id }, { $set: { mailRetryAt: new Date(Date.now() - 1) } }).exec();
    await relay.sweep();
    expect(mail.messages(record.email)).toHaveLength(1);
  });

  it("when two copies of identity send and sweep the same sign-up at once, then exactly one mail goes out", async () => {
    const a = copy();
    const b = copy();
    const pending = await Promise.all(
      Array.from({ length: 6 }, () => signup(a.signups, { mailRetryAt: new Date(Date.now() - 1) })),
    );
    await Promise.all([
      ...pending.map(({ record, token }) => a.relay.deliver(record._id, token)),
      a.relay.sweep(),
      b.relay.sweep(),
      ...pending.map(({ record }) => b.relay.deliver(record._id)),
    ]);
    for (const { record } of pending)
      expect({ to: record.email, mails: mail.messages(record.email).length }).toEqual({ to: record.email, mails: 1 });
  });

  it("when a sign-up has expired, then no mail goes out and the sweep forgets it", async () => {
    const { signups, relay } = copy();
    const { record, token } = await signup(signups, {
      expiresAt: new Date(Date.now() - 1),
      mailRetryAt: new Date(Date.now() - 1),
    });
    await relay.deliver(record._id, token);
    await relay.sweep();
    expect(mail.messages(record.email)).toHaveLength(0);
    expect(await signups.findById(record._id)).toBeNull();
  });
});
