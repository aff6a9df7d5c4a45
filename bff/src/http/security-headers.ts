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

/**
 * The `sandbox` directive of every document showing generated UI (the iframe page, its gallery and playground): the
 * document gets an opaque origin even when a page frames it without a `sandbox` attribute, or it is opened on its
 * own, so it can read nobody's cookies or storage and no same-origin page can reach into it. Scripts run; popups
 * only so that a screen's `navigate` action and markdown links can open a tab (a framing page's own `sandbox`
 * attribute narrows this further: `<GenUI>` allows scripts only). No forms, same-origin, top navigation or modals.
 */
export const FRAME_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

/** Where generated screens may embed video from (the SPA allows the same). */
const SCREEN_VIDEO_FRAMES = "https://www.youtube-nocookie.com https://player.vimeo.com";

/**
 * The policy of the documents showing generated UI. All: scripts and styles only from their own server (the screen
 * page also takes an app theme's font style sheet and fonts over https, `fonts.stylesheet`), no
 * fetch/XHR/WebSocket but to it (`connect-src 'self'`), images and media over https (what screens show), frames only
 * for YouTube and Vimeo embeds, no forms, plugins or base tag, and the `sandbox` above. The documents that evaluate
 * UI code (`iframe`: streaming mode; `playground`) add exactly what the QuickJS sandbox needs: WebAssembly
 * compilation ('wasm-unsafe-eval') and a worker from a blob: URL the document makes itself (an opaque origin has no
 * same-origin URL to start one from). The gallery evaluates nothing. Any site may frame the iframe page and the
 * gallery (that is their purpose; the iframe page talks only to the origin its host names in `?origin=`); the
 * playground only its own origin.
 */
export function framePolicy(kind: "iframe" | "gallery" | "playground"): string {
  const evaluates = kind !== "gallery";
  return [
    "default-src 'none'",
    evaluates ? "script-src 'self' 'wasm-unsafe-eval'" : "script-src 'self'",
    // The screen page loads an app theme's font style sheet (fonts.stylesheet: https only), and its fonts.
    kind === "iframe" ? "style-src 'self' 'unsafe-inline' https:" : "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "media-src https:",
    kind === "iframe" ? "font-src 'self' https:" : "font-src 'self'",
    "connect-src 'self'",
    ...(evaluates ? ["worker-src blob:"] : []),
    `frame-src ${SCREEN_VIDEO_FRAMES}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    kind === "playground" ? "frame-ancestors 'self'" : "frame-ancestors *",
    `sandbox ${FRAME_SANDBOX}`,
  ].join("; ");
}
