import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";

/**
 * Headers for every answer of the BFF: nosniff, a referrer policy, HSTS when the request came over HTTPS (directly or
 * from a trusted proxy; over plain HTTP it would be meaningless). No framing or resource policy here: the iframe page
 * and the embed loader are meant to be used by any site (screens.ts gives them their own policy).
 */
export function edgeHeaders(): RequestHandler {
  const base = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 3600, includeSubDomains: true });
  return (req: Request, res: Response, next: NextFunction) => {
    base(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (req.secure) return hsts(req, res, next);
      next();
    });
  };
}

/** The browser-side providers (GET /get-config/): their scripts, frames, calls and checkout forms are allowed. */
export interface ProviderUrls {
  GOOGLE_SCRIPT_URL: string;
  PAYPAL_SDK_URL: string;
  CASHFREE_SDK_URL: string;
}

/** Hosts a real provider's SDK loads beyond the script's own origin (their documented CSP lists). */
const PROVIDER_HOSTS: { suffix: string; sources: string[] }[] = [
  { suffix: "paypal.com", sources: ["https://*.paypal.com", "https://*.paypalobjects.com"] },
  { suffix: "cashfree.com", sources: ["https://*.cashfree.com"] },
];

/** The sources a provider URL needs: its origin (the local stand-ins: their loopback origin) and its known hosts. */
export function providerSources(urls: ProviderUrls): string[] {
  const out = new Set<string>();
  for (const raw of [urls.GOOGLE_SCRIPT_URL, urls.PAYPAL_SDK_URL, urls.CASHFREE_SDK_URL]) {
    const u = new URL(raw);
    out.add(u.origin);
    for (const p of PROVIDER_HOSTS)
      if (u.hostname === p.suffix || u.hostname.endsWith(`.${p.suffix}`)) p.sources.forEach((s) => out.add(s));
  }
  return [...out];
}

/** `'sha256-…'` of every inline `<script>` of a page (the theme script that runs before the first paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
    if (m[1]) hashes.push(`'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`);
  return hashes;
}

/** Where generated screens may embed video from (the iframe page allows the same). */
const VIDEO_FRAMES = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * The SPA's policy: its own scripts and the inline theme script by hash (no 'unsafe-inline' for scripts),
 * WebAssembly for the QuickJS sandbox worker ('wasm-unsafe-eval'), workers of its own origin (Monaco, the sandbox),
 * styled-components' inline styles, images and media over https (generated screens), the providers' scripts, frames
 * and calls, the API on its own origin; nobody frames it, no plugins, no foreign <base>.
 */
export function spaCsp(providers: string[], scriptHashes: string[]): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...providers],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'", ...providers],
    "img-src": ["'self'", "data:", "blob:", "https:", ...providers],
    "media-src": ["'self'", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...providers],
    "frame-src": ["'self'", ...VIDEO_FRAMES, ...providers],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "form-action": ["'self'", ...providers],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
  };
}

/**
 * Headers of the SPA's HTML (index.html for every client-side route): the CSP above, X-Frame-Options DENY for old
 * browsers, and an opener policy that keeps the providers' sign-in and checkout popups working. The inline scripts'
 * hashes are read from the built index.html (again when a rebuild changes it).
 */
export function spaPageHeaders(indexFile: string, providers: ProviderUrls): RequestHandler {
  const sources = providerSources(providers);
  let cached: { mtimeMs: number; handler: RequestHandler } | undefined;
  const handlerFor = (): RequestHandler => {
    let mtimeMs = -1;
    let hashes: string[] = [];
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
      if (cached?.mtimeMs === mtimeMs) return cached.handler;
      hashes = inlineScriptHashes(readFileSync(indexFile, "utf8"));
    } catch {
      // not built yet: the page answers 503 anyway
    }
    const handler = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: spaCsp(sources, hashes) },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      crossOriginResourcePolicy: { policy: "same-origin" },
      strictTransportSecurity: false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    cached = { mtimeMs, handler };
    return handler;
  };
  return (req, res, next) => handlerFor()(req, res, next);
}
