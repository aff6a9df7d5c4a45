import { existsSync } from "node:fs";
import path from "node:path";
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";

/** API prefixes never fall back to the SPA: an unknown API path is a JSON 404, not a page. */
const API_PREFIXES = ["/accounts/", "/contact/", "/apps/", "/billing/", "/get-csrf", "/get-config"];

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/**
 * Hashed assets built with `.br` / `.gz` twins (frontend/web/precompress.ts) go out pre-compressed to browsers that
 * accept it; anything else falls through to express.static.
 */
function precompressed(assetsDir: string) {
  const root = path.resolve(assetsDir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    const file = path.resolve(root, `.${decodeURIComponent(req.path)}`);
    if (!file.startsWith(root + path.sep)) return next();
    const accepts = String(req.headers["accept-encoding"] ?? "");
    for (const [enc, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!new RegExp(`\\b${enc}\\b`).test(accepts) || !existsSync(file + ext)) continue;
      res.setHeader("content-type", type);
      res.setHeader("content-encoding", enc);
      res.setHeader("vary", "Accept-Encoding");
      res.setHeader("cache-control", "public, max-age=31536000, immutable");
      res.sendFile(file + ext, { headers: { "content-type": type }, lastModified: true, cacheControl: false }, (err) => {
        if (err) next(err);
      });
      return;
    }
    next();
  };
}

/** Serves the built SPA: hashed assets cached long (before sessions: no Redis work for files), pages after. */
export const spaRoutes = {
  assets(staticDir: string): Router {
    const router = Router();
    router.use("/assets", precompressed(path.join(staticDir, "assets")));
    router.use(
      "/assets",
      express.static(path.join(staticDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false }),
    );
    // Other top-level files (favicon, media); API paths never touch the disk.
    const files = express.static(staticDir, { index: false, maxAge: "1h" });
    router.use((req, res, next) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
      files(req, res, next);
    });
    return router;
  },

  /** index.html for every client-side route, with the page's security headers (security-headers.ts). */
  pages(staticDir: string, pageHeaders?: RequestHandler): Router {
    const router = Router();
    const index = path.join(staticDir, "index.html");
    router.get(/.*/, (req, res, next) => {
      if (API_PREFIXES.some((p) => req.path.startsWith(p)) || !req.accepts("html")) return next();
      if (!existsSync(index)) {
        res.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
        return;
      }
      const send = () => {
        res.setHeader("cache-control", "no-cache");
        res.sendFile(index);
      };
      if (!pageHeaders) return send();
      pageHeaders(req, res, (err?: unknown) => (err ? next(err) : send()));
    });
    return router;
  },
};
