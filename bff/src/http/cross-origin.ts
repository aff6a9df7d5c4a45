import { ROUTES, pathPattern, type HttpOperation } from "@genui/contracts/http";
import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * The rows a page on any origin may call without cookies (`cors: true` in the route table): the OAuth endpoints and
 * metadata documents a browser-based MCP host (the MCP Inspector's page, a web agent) reads and posts to, and the A2UI
 * catalog a renderer fetches. They get
 * CORS `*` — never with credentials, so no session rides along — and their preflight is answered here, before the
 * session stack (which would refuse an OPTIONS it does not route). The published API's door does the same for its own
 * rows (published-api.ts).
 */
export const CROSS_ORIGIN_ROUTES: readonly HttpOperation[] = ROUTES.filter((r) => r.cors === true && r.door !== "key");

export function crossOrigin(rows: readonly HttpOperation[] = CROSS_ORIGIN_ROUTES): RequestHandler {
  const compiled = rows.map((r) => ({ row: r, regex: pathPattern(r.path) }));
  return (req: Request, res: Response, next: NextFunction) => {
    const matches = compiled.filter((c) => c.regex.test(req.path));
    if (matches.length === 0) return next();
    res.set({ "access-control-allow-origin": "*", "access-control-expose-headers": "www-authenticate, retry-after" });
    if (req.method !== "OPTIONS") return next();
    const methods = [...new Set(matches.map((m) => m.row.method))].join(", ");
    res.set({
      allow: `${methods}, OPTIONS`,
      "access-control-allow-methods": `${methods}, OPTIONS`,
      "access-control-allow-headers": req.header("access-control-request-headers") ?? "authorization, content-type",
      "access-control-max-age": "600",
    });
    res.status(204).end();
  };
}
