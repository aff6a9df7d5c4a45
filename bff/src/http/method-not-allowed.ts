import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sessionSide } from "./allow-list";

/**
 * A path of the signed-in API called with a method it does not have is 405 with `Allow` (as the route table lists
 * them), not the SPA's page, a 404 or a CSRF refusal. Mounted before the CSRF check.
 */
export function methodNotAllowed(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (sessionSide.match(req.method, req.path)) return next();
    const allowed = sessionSide.methodsOn(req.path);
    if (!allowed.length) return next();
    res.setHeader("allow", allowed.join(", "));
    res.status(405).json({ message: `Method "${req.method}" not allowed.`, code: "BFF.METHOD_NOT_ALLOWED" });
  };
}
