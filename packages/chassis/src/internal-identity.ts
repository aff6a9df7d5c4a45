import { createHmac, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { unauthorized } from "./errors";

/** Header carrying the user identity the BFF forwards to services. */
export const IDENTITY_HEADER = "x-genui-identity";

/** The signed claims: who the user is, for how long the statement holds. */
export interface IdentityClaims {
  /** User id. */
  sub: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
}

const VERSION = "v1";
const CLOCK_SKEW_SECONDS = 30;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
const mac = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest();

/** Signs `sub` for `ttlSeconds`: `v1.<claims>.<hmac-sha256>`. */
export function signIdentity(sub: string, secret: string, ttlSeconds = 60, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64(JSON.stringify({ sub, iat, exp: iat + ttlSeconds } satisfies IdentityClaims));
  return `${VERSION}.${body}.${b64(mac(secret, `${VERSION}.${body}`))}`;
}

export class IdentityError extends Error {}

/** Verifies a token from signIdentity; throws IdentityError when it is malformed, forged or expired. */
export function verifyIdentity(token: string, secret: string, now = Date.now()): IdentityClaims {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) throw new IdentityError("malformed identity");
  const [, body, sig] = parts as [string, string, string];
  const expected = mac(secret, `${VERSION}.${body}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new IdentityError("bad signature");
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw new IdentityError("malformed identity");
  }
  if (!isClaims(claims)) throw new IdentityError("malformed identity");
  const nowS = Math.floor(now / 1000);
  if (claims.exp <= nowS) throw new IdentityError("identity expired");
  if (claims.iat > nowS + CLOCK_SKEW_SECONDS) throw new IdentityError("identity issued in the future");
  return claims;
}

function isClaims(v: unknown): v is IdentityClaims {
  if (typeof v !== "object" || v === null) return false;
  const c = v as Record<string, unknown>;
  return typeof c.sub === "string" && c.sub.length > 0 && Number.isInteger(c.iat) && Number.isInteger(c.exp);
}

declare module "express-serve-static-core" {
  interface Request {
    /** The verified user identity forwarded by the BFF, when present. */
    identity?: IdentityClaims;
  }
}

/**
 * Reads the forwarded identity. Absent: the request is anonymous. Present but unsigned, forged or expired: 401,
 * never silently anonymous.
 */
export function identityMiddleware(secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = req.header(IDENTITY_HEADER);
    if (token === undefined) return next();
    try {
      req.identity = verifyIdentity(token, secret);
      next();
    } catch {
      next(unauthorized("Invalid or expired identity."));
    }
  };
}

/** Route guard: 401 unless a verified identity came with the request. */
export function requireIdentity(req: Request, _res: Response, next: NextFunction) {
  if (!req.identity) return next(unauthorized());
  next();
}

/** The verified user id of a guarded route. */
export function userId(req: Request): string {
  if (!req.identity) throw unauthorized();
  return req.identity.sub;
}

/** Header carrying a calling service's signed name, for internal routes no browser may reach. */
export const SERVICE_HEADER = "x-genui-service";

/** Signs a service's own name (e.g. "bff") for an internal call. */
export const signService = (service: string, secret: string, ttlSeconds = 60): string =>
  signIdentity(`service:${service}`, secret, ttlSeconds);

/** Route guard for internal routes: only the named services, with a valid signature, get through (401 otherwise). */
export function requireService(secret: string, allowed: string[]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = req.header(SERVICE_HEADER);
    try {
      const claims = token ? verifyIdentity(token, secret) : undefined;
      if (claims && allowed.map((s) => `service:${s}`).includes(claims.sub)) return next();
    } catch {
      // fall through
    }
    next(unauthorized("This route is internal."));
  };
}
