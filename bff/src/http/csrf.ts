import { BFF_ERRORS, bffError } from "../errors";
import { doubleCsrf } from "csrf-csrf";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sessionSide } from "./allow-list";

/** Development and tests: a plain name (plain-HTTP loopback cannot hold a `__Host-` cookie). */
export const CSRF_COOKIE = "csrftoken";
/** Production: `__Host-` makes the browser refuse the cookie unless Secure, Path=/ and host-only (no subdomain tossing). */
export const CSRF_COOKIE_PRODUCTION = "__Host-csrftoken";
export const CSRF_HEADER = "x-csrftoken";

/** All cookies of a request, parsed without a parser dependency (malformed values are skipped). */
export function parseCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // not a cookie we could have set
    }
  }
  return out;
}

export const isSecureRequest = (req: Request, mode: "auto" | "true" | "false") =>
  mode === "auto" ? req.secure : mode === "true";

export interface CsrfOptions {
  /** Keys the token's HMAC (the session secret). */
  secret: string;
  production: boolean;
  cookieSecure: "auto" | "true" | "false";
}

export interface Csrf {
  cookieName: string;
  /** GET /get-csrf/: sets the token cookie (an existing one valid for this session is kept). */
  getCsrf: RequestHandler;
  /** Unsafe methods must carry X-CSRFToken equal to the cookie, and the token must belong to this session. */
  requireCsrf: RequestHandler;
  /** A fresh token for the request's current session (after sign-in, sign-out). */
  rotate: (req: Request, res: Response) => void;
}

const SAFE_METHODS = ["GET", "HEAD", "OPTIONS", "TRACE"];

/**
 * Double submit bound to the session (csrf-csrf): the token is `HMAC(secret, session id, random).random`, kept in a
 * cookie the SPA reads and echoes in X-CSRFToken. A signed-in session's token is worthless in any other session, and
 * sign-in and sign-out hand out a new one. Signed-out visitors (login, sign-up, contact) share the "no session"
 * binding: their token still has to be one the BFF signed.
 */
export function createCsrf(opts: CsrfOptions): Csrf {
  const cookieName = opts.production ? CSRF_COOKIE_PRODUCTION : CSRF_COOKIE;
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => opts.secret,
    getSessionIdentifier: (req) => (req.user && req.sessionID ? `s:${req.sessionID}` : "anonymous"),
    cookieName,
    cookieOptions: { httpOnly: false, sameSite: "lax", path: "/" },
    ignoredMethods: SAFE_METHODS as ("GET" | "HEAD" | "OPTIONS")[],
    getCsrfTokenFromRequest: (req) => req.header(CSRF_HEADER),
  });
  // csrf-csrf reads req.cookies (cookie-parser's shape).
  const withCookies = (req: Request) => {
    (req as Request & { cookies: Record<string, string> }).cookies = parseCookies(req);
    return req;
  };
  const issue = (req: Request, res: Response, overwrite: boolean) => {
    generateCsrfToken(withCookies(req), res, {
      overwrite,
      cookieOptions: {
        httpOnly: false,
        sameSite: "lax",
        path: "/",
        secure: opts.production || isSecureRequest(req, opts.cookieSecure),
        maxAge: 365 * 24 * 3600 * 1000,
      },
    });
  };

  return {
    cookieName,
    getCsrf: (req, res) => {
      issue(req, res, false);
      res.setHeader("cache-control", "no-store");
      res.json({ message: "CSRF cookie set." });
    },
    requireCsrf: (req: Request, res: Response, next: NextFunction) => {
      if (SAFE_METHODS.includes(req.method) || sessionSide.match(req.method, req.path)?.csrf === false) return next();
      const cookies = parseCookies(req);
      if (!cookies[cookieName] || !req.header(CSRF_HEADER))
        return next(bffError(BFF_ERRORS.CSRF, "CSRF Failed: CSRF token missing."));
      if (validateRequest(withCookies(req))) return next();
      // A token of another (or an expired) session: refuse, and hand out this session's token so the SPA can retry.
      issue(req, res, true);
      next(bffError(BFF_ERRORS.CSRF, "CSRF Failed: CSRF token incorrect."));
    },
    rotate: (req, res) => issue(req, res, true),
  };
}
