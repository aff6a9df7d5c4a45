import { existsSync } from "node:fs";
import path from "node:path";
import express, { Router } from "express";

/** API prefixes never fall back to the SPA: an unknown API path is a JSON 404, not a page. */
const API_PREFIXES = ["/accounts/", "/contact/", "/apps/", "/billing/", "/get-csrf", "/get-config"];

/** Serves the built SPA: hashed assets cached long (before sessions: no Redis work for files), pages after. */
export const spaRoutes = {
  assets(staticDir: string): Router {
    const router = Router();
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

  /** index.html for every client-side route. */
  pages(staticDir: string): Router {
    const router = Router();
    const index = path.join(staticDir, "index.html");
    router.get(/.*/, (req, res, next) => {
      if (API_PREFIXES.some((p) => req.path.startsWith(p)) || !req.accepts("html")) return next();
      if (!existsSync(index)) {
        res.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
        return;
      }
      res.setHeader("cache-control", "no-cache");
      res.sendFile(index);
    });
    return router;
  },
};
