import { requestIdsOf, validationFailed, type Handlers } from "@genui/chassis";
import { BFF_ERRORS, bffError } from "../errors";
import { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import passport from "passport";
import { Strategy as CustomStrategy } from "passport-custom";
import { Strategy as LocalStrategy } from "passport-local";
import type { IdentityClient, SignedInUser } from "../identity/identity-client";
import { RateLimiter, tooManyRequests, type Limit } from "../session/rate-limit";
import type { SessionEpochs } from "../session/session-epochs";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // The session holds only the user id; identity is asked for the rest.
    interface User {
      id: string;
    }
  }
}

export interface AuthLimits {
  loginPerIp: Limit;
  loginPerEmail: Limit;
  signupPerIp: Limit;
  /** Sign-ups naming one address (whatever the sender): bounds the mail anyone can make an inbox receive. */
  signupPerEmail: Limit;
}

/** passport with a local strategy (identity verifies the password) and a Google access-token strategy. */
export function configurePassport(identity: IdentityClient): passport.PassportStatic {
  const p = new passport.Passport();
  p.use(
    "local",
    new LocalStrategy(
      { usernameField: "email", passwordField: "password", session: true, passReqToCallback: true },
      (req, email, password, done) => {
        identity.verifyPassword(email, password, requestIdsOf(req.res!)).then(
          (user) => done(null, user),
          (err: unknown) => done(err),
        );
      },
    ),
  );
  p.use(
    "google-token",
    new CustomStrategy((req, done) => {
      const body = (req.body ?? {}) as { access_token?: unknown; credential?: unknown };
      identity.googleLogin({ access_token: body.access_token, credential: body.credential }, requestIdsOf(req.res!)).then(
        (user) => done(null, user),
        (err: unknown) => done(err),
      );
    }),
  );
  p.serializeUser((user, done) => done(null, user.id));
  p.deserializeUser((id: string, done) => done(null, { id }));
  return p as unknown as passport.PassportStatic;
}

const REQUIRED = "This field is required.";

/** The BFF's own account routes: sign-in (password, Google), sign-up and its confirmation, logout. */
type AuthIds = "bff.loginPassword" | "bff.loginGoogle" | "bff.register" | "bff.confirmSignup" | "bff.logout";

export function authHandlers(
  p: passport.PassportStatic,
  identity: IdentityClient,
  limiter: RateLimiter,
  limits: AuthLimits,
  json: RequestHandler,
  epochs: SessionEpochs,
  /** Hands out a CSRF token for the request's new session (or none): the old token dies with the old session. */
  rotateCsrf: (req: Request, res: Response) => void = () => undefined,
): Pick<Handlers<"bff">, AuthIds> {
  const limit = async (key: string, l: Limit, what: string) => {
    const wait = await limiter.hit(key, l);
    if (wait > 0) throw tooManyRequests(what, wait);
  };

  /**
   * Establishes the session for `user`: passport regenerates the session id first (no fixation). The user's epoch is
   * raised to identity's (ending older sessions) and the session records identity's value, not the raised one: a
   * sign-in identity answered before a revocation makes a session that is already dead. The CSRF token is replaced
   * with one bound to the new session. Answers the user as the browser sees it.
   */
  const logIn = async (req: Request, res: Response, signedIn: SignedInUser) => {
    const { sessionEpoch, ...user } = signedIn;
    await epochs.raise(user.id, sessionEpoch);
    await new Promise<void>((resolve, reject) => req.logIn({ ...user }, (err?: unknown) => (err ? reject(err) : resolve())));
    req.session.userEpoch = sessionEpoch;
    rotateCsrf(req, res);
    return user;
  };

  const authenticate = (strategy: string, req: Request, res: Response, next: NextFunction) =>
    new Promise<SignedInUser>((resolve, reject) => {
      p.authenticate(strategy, { session: false }, (err: unknown, user: SignedInUser | false, info?: { message?: string }) => {
        if (err) return reject(err);
        if (!user) {
          // passport-local stops before identity when a field is missing.
          const body = (req.body ?? {}) as Record<string, unknown>;
          const fields: Record<string, string[]> = {};
          for (const f of ["email", "password"])
            if (body[f] === undefined || body[f] === null || body[f] === "") fields[f] = [REQUIRED];
          return reject(
            Object.keys(fields).length ? validationFailed(fields) : bffError(BFF_ERRORS.LOGIN, info?.message ?? "Login failed."),
          );
        }
        resolve(user);
      })(req, res, next);
    });

  return {
    "bff.loginPassword": [
      json,
      async (req: Request, res: Response, next: NextFunction) => {
        const email = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : "";
        await limit(`login:ip:${req.ip}`, limits.loginPerIp, "login attempts");
        if (email) await limit(`login:email:${email}`, limits.loginPerEmail, "login attempts for this account");
        const user = await logIn(req, res, await authenticate("local", req, res, next));
        if (email) await limiter.reset(`login:email:${email}`);
        res.json(user);
      },
    ],

    "bff.loginGoogle": [
      json,
      async (req: Request, res: Response, next: NextFunction) => {
        await limit(`login:ip:${req.ip}`, limits.loginPerIp, "login attempts");
        const user = await logIn(req, res, await authenticate("google-token", req, res, next));
        res.json(user);
      },
    ],

    // Sign-up answers 202 whether or not the address has an account (identity mails the next step); the per-address
    // limit counts every sign-up naming it, so its 429 says nothing about whether an account exists either.
    "bff.register": [
      json,
      async (req: Request, res: Response) => {
        const email = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : "";
        await limit(`signup:ip:${req.ip}`, limits.signupPerIp, "sign-ups from this address");
        if (email) await limit(`signup:email:${email}`, limits.signupPerEmail, "sign-ups for this email address");
        res.status(202).json(await identity.register(req.body, requestIdsOf(res)));
      },
    ],

    // The mailed link's page sends its token here: the account is created and signed in.
    "bff.confirmSignup": [
      json,
      async (req: Request, res: Response) => {
        await limit(`login:ip:${req.ip}`, limits.loginPerIp, "sign-in attempts");
        const user = await logIn(req, res, await identity.confirmSignup(req.body?.token, requestIdsOf(res)));
        res.status(201).json(user);
      },
    ],

    "bff.logout": (req: Request, res: Response, next: NextFunction) => {
      const done = () => {
        res.clearCookie("sessionid", { path: "/" });
        rotateCsrf(req, res);
        res.json({ message: "Logged out." });
      };
      if (!req.session) return done();
      // passport regenerates (destroying the old id in Redis); then the fresh one goes too.
      req.logout((err?: unknown) => {
        if (err) return next(err);
        req.session.destroy((err2?: unknown) => (err2 ? next(err2) : done()));
      });
    },
  };
}
