import { createHash, createHmac, timingSafeEqual } from "node:crypto";
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

/**
 * The secrets of the forwarded identity: `current` signs (and verifies); `accepted` only verify. A rotation without
 * downtime (docs/operations.md): every process first accepts the next secret, then signs with it while accepting the
 * previous one, then drops the previous one. A plain string is a keyring of one.
 */
export interface IdentityKeyring {
  current: string;
  accepted?: readonly string[];
}
export type IdentitySecret = string | IdentityKeyring;

/** The keyring a process's config gives: INTERNAL_IDENTITY_SECRET signs, INTERNAL_IDENTITY_ROTATION_SECRET verifies too. */
export const identityKeyring = (config: {
  INTERNAL_IDENTITY_SECRET: string;
  INTERNAL_IDENTITY_ROTATION_SECRET?: string | undefined;
}): IdentityKeyring => ({
  current: config.INTERNAL_IDENTITY_SECRET,
  accepted: config.INTERNAL_IDENTITY_ROTATION_SECRET ? [config.INTERNAL_IDENTITY_ROTATION_SECRET] : [],
});

/** A secret's key id: public, short, stable — names which secret signed a token without revealing it. */
export function identityKeyId(secret: string): string {
  let kid = keyIds.get(secret);
  if (kid === undefined) {
    kid = createHash("sha256").update(`genui-identity-kid:${secret}`).digest("base64url").slice(0, 8);
    keyIds.set(secret, kid);
  }
  return kid;
}
/** Key ids of the (one or two) secrets a process holds: computed once, not per request. */
const keyIds = new Map<string, string>();

const VERSION = "v2";
/** Tokens without a key id (signed before key ids existed): verified against every accepted secret. */
const LEGACY_VERSION = "v1";
const CLOCK_SKEW_SECONDS = 30;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
const mac = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest();
const ring = (s: IdentitySecret): IdentityKeyring => (typeof s === "string" ? { current: s } : s);

/** Signs `sub` for `ttlSeconds` with the current secret: `v2.<key id>.<claims>.<hmac-sha256>`. */
export function signIdentity(sub: string, secret: IdentitySecret, ttlSeconds = 60, now = Date.now()): string {
  const { current } = ring(secret);
  const iat = Math.floor(now / 1000);
  const body = b64(JSON.stringify({ sub, iat, exp: iat + ttlSeconds } satisfies IdentityClaims));
  const signed = `${VERSION}.${identityKeyId(current)}.${body}`;
  return `${signed}.${b64(mac(current, signed))}`;
}

export class IdentityError extends Error {}

const sameMac = (given: Buffer, expected: Buffer) => given.length === expected.length && timingSafeEqual(given, expected);

/**
 * Verifies a token from signIdentity against the keyring (the secret its key id names; a legacy `v1` token against
 * each accepted secret); throws IdentityError when it is malformed, signed by no accepted secret, or expired.
 */
export function verifyIdentity(token: string, secret: IdentitySecret, now = Date.now()): IdentityClaims {
  const keys = ring(secret);
  const all = [keys.current, ...(keys.accepted ?? [])];
  const parts = token.split(".");
  let body: string;
  if (parts.length === 4 && parts[0] === VERSION) {
    const [, kid, b, sig] = parts as [string, string, string, string];
    const key = all.find((k) => identityKeyId(k) === kid);
    if (!key || !sameMac(Buffer.from(sig, "base64url"), mac(key, `${VERSION}.${kid}.${b}`)))
      throw new IdentityError("bad signature");
    body = b;
  } else if (parts.length === 3 && parts[0] === LEGACY_VERSION) {
    const [, b, sig] = parts as [string, string, string];
    const given = Buffer.from(sig, "base64url");
    if (!all.some((k) => sameMac(given, mac(k, `${LEGACY_VERSION}.${b}`)))) throw new IdentityError("bad signature");
    body = b;
  } else {
    throw new IdentityError("malformed identity");
  }
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
export function identityMiddleware(secret: IdentitySecret) {
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
export const signService = (service: string, secret: IdentitySecret, ttlSeconds = 60): string =>
  signIdentity(`service:${service}`, secret, ttlSeconds);

/** Route guard for internal routes: only the named services, with a valid signature, get through (401 otherwise). */
export function requireService(secret: IdentitySecret, allowed: string[]) {
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
