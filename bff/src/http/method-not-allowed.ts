import type { NextFunction, Request, RequestHandler, Response } from "express";
import { PROXIED_ROUTES, matchRoute, pathPattern } from "./allow-list";

const routes = PROXIED_ROUTES.map((r) => ({ method: r.method, regex: pathPattern(r.path) }));

/**
 * A path of the signed-in API called with a method it does not have is 405 with `Allow` (as the document at
 * /api/openapi.json lists them), not the SPA's page, a 404 or a CSRF refusal. Mounted before the CSRF check.
 */
export function methodNotAllowed(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (matchRoute(req.method, req.path)) return next();
    const allowed = [...new Set(routes.filter((r) => r.regex.test(req.path)).map((r) => r.method))];
    if (!allowed.length) return next();
    res.setHeader("allow", allowed.join(", "));
    res.status(405).json({ message: `Method "${req.method}" not allowed.`, code: "BFF.METHOD_NOT_ALLOWED" });
  };
}
