import { identityKeyring, operationRouter, OutboxRelay, startService, type Logger, type RunningService } from "@genui/chassis";
import { Accounts } from "./use-cases/accounts";
import { mailLinkBase, type IdentityConfig } from "./config";
import { seedDemoUser } from "./use-cases/demo-seed";
import { accountHandlers } from "./http/accounts.routes";
import { contactHandlers } from "./http/contact.routes";
import { GoogleVerifier } from "./clients/google/verify";
import { ContactRepository } from "./store/contact.repository";
import { UserRepository, userLock, type UserRecord } from "./store/user.repository";
import { HTTP_STATUS } from "./http/errors";
import { smtpMailer } from "./clients/mail/mailer";
import { SignupRepository, signupLock } from "./store/signup.repository";
import { SignupMail } from "./use-cases/signup-mail";
import { Contacts } from "./use-cases/contacts";

/** Starts the identity service in this process (main.ts and the integration tests both use it). */
export function startIdentity(config: IdentityConfig, logger?: Logger): Promise<RunningService> {
  return startService({
    service: "identity",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT, errorStatus: HTTP_STATUS },
    logLevel: config.LOG_LEVEL,
    heapGrowingPercent: config.HEAP_GROWING_PERCENT,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: identityKeyring(config),
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX, streamReplicas: config.NATS_STREAM_REPLICAS },
    // Locks on user documents that hold across every copy of identity.
    redis: { url: config.REDIS_URL },
    setup: async (ctx) => {
      const users = new UserRepository(ctx.mongo!, userLock(ctx.redis!, config));
      await users.init();
      await ctx.bus!.ensureStream("IDENTITY");
      const outbox = new OutboxRelay<UserRecord>(users.model, ctx.bus!, ctx.logger, users.lock);
      outbox.start();
      ctx.shutdown.add("workers", "outbox relay", () => outbox.stop());
      let signup: { signups: SignupRepository; mail: SignupMail; linkTtlMinutes: number } | undefined;
      if (config.SMTP_URL) {
        const signups = new SignupRepository(ctx.mongo!, signupLock(ctx.redis!, config));
        await signups.init();
        const mail = new SignupMail({
          signups,
          mailer: smtpMailer(config.SMTP_URL, config.MAIL_FROM),
          publicUrl: mailLinkBase(config),
          logger: ctx.logger,
          linkTtlMinutes: config.SIGNUP_LINK_TTL_MINUTES,
        });
        mail.start();
        ctx.shutdown.add("workers", "sign-up mail", () => mail.stop());
        signup = { signups, mail, linkTtlMinutes: config.SIGNUP_LINK_TTL_MINUTES };
      } else ctx.logger.warn("SMTP_URL is not set: sign-up by email answers 503 (Google sign-in still works)");
      const accounts = new Accounts({
        ...(signup ? { signup } : {}),
        users,
        bus: ctx.bus!,
        outbox,
        logger: ctx.logger,
        google: new GoogleVerifier({
          clientId: config.GOOGLE_CLIENT_ID,
          tokeninfoUrl: config.GOOGLE_TOKENINFO_URL,
          certsUrl: config.GOOGLE_CERTS_URL,
          userinfoUrl: config.GOOGLE_USERINFO_URL,
        }),
        argon2: { memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_ITERATIONS },
      });
      if (config.DEMO_EMAIL && config.DEMO_PASSWORD)
        await seedDemoUser(accounts, users, config.DEMO_EMAIL, config.DEMO_PASSWORD, ctx.logger);
      ctx.app.use(
        operationRouter("identity", {
          ...accountHandlers(accounts, identityKeyring(config)),
          ...contactHandlers(new Contacts(new ContactRepository(ctx.mongo!))),
        }),
      );
    },
  });
}
