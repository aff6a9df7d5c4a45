import { randomBytes, timingSafeEqual } from "node:crypto";
import { forbidden } from "@genui/chassis";
import type { NextFunction, Request, Response } from "express";
import { matchRoute } from "./allow-list";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Reads one cookie without a parser dependency. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const isSecureRequest = (req: Request, mode: "auto" | "true" | "false") =>
  mode === "auto" ? req.secure : mode === "true";

/**
 * GET /get-csrf/: sets `csrftoken` (readable by the SPA, which echoes it in X-CSRFToken). An existing
 * well-formed token is kept, so parallel tabs do not invalidate each other.
 */
export function getCsrf(cookieSecure: "auto" | "true" | "false") {
  return (req: Request, res: Response) => {
    const existing = readCookie(req, CSRF_COOKIE);
    const token = existing && TOKEN_PATTERN.test(existing) ? existing : randomBytes(32).toString("base64url");
    res.cookie(CSRF_COOKIE, token, {
      httpOnly: false,
      sameSite: "lax",
      secure: isSecureRequest(req, cookieSecure),
      path: "/",
      maxAge: 365 * 24 * 3600 * 1000,
    });
    res.setHeader("cache-control", "no-store");
    res.json({ message: "CSRF cookie set." });
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/** Unsafe methods must carry X-CSRFToken equal to the csrftoken cookie (double submit). */
export function requireCsrf(req: Request, _res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || matchRoute(req.method, req.path)?.csrf === false) return next();
  const cookie = readCookie(req, CSRF_COOKIE);
  const header = req.header(CSRF_HEADER);
  if (!cookie || !header) return next(forbidden("CSRF Failed: CSRF token missing.", "BFF.CSRF"));
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return next(forbidden("CSRF Failed: CSRF token incorrect.", "BFF.CSRF"));
  next();
}
