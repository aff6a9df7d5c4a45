import { routesOf, type OperationIdOf, type Server } from "@genui/contracts/http";
import { Router, type ErrorRequestHandler, type RequestHandler } from "express";

/** One step of a route: a handler, a middleware, or an error handler for the route's own errors. */
export type RouteStep = RequestHandler | ErrorRequestHandler;

/** A server's table of handlers: one (or a chain) per operation id of its rows in the route table, no more, no less. */
export type Handlers<S extends Server> = Record<OperationIdOf<S>, RouteStep | readonly RouteStep[]>;

/**
 * The rows of `server` in the route table (@genui/contracts/http) mounted on a router, each with its handler. Throws
 * at once — a server with such a table does not start — when a row has no handler or a handler names no row of this
 * server, so the table and the code cannot drift. `only`: mount these ids alone (a server that must put some of its
 * routes before a middleware and others after it builds one router per group from the same table).
 */
export function operationRouter<S extends Server>(server: S, handlers: Handlers<S>, only?: readonly OperationIdOf<S>[]): Router {
  const rows = routesOf(server);
  const declared = new Set(rows.map((r) => r.id));
  const given = Object.keys(handlers);
  const missing = rows.filter((r) => !given.includes(r.id)).map((r) => r.id);
  const unknown = given.filter((id) => !declared.has(id));
  if (missing.length || unknown.length)
    throw new Error(
      `${server}'s handlers do not match the route table (proto/src/http/routes.ts):` +
        (missing.length ? ` no handler for ${missing.join(", ")};` : "") +
        (unknown.length ? ` no row for ${unknown.join(", ")};` : ""),
    );
  const router = Router();
  const wanted = only ? new Set<string>(only) : undefined;
  for (const row of rows) {
    if (wanted && !wanted.has(row.id)) continue;
    const chain = [(handlers as Record<string, RouteStep | readonly RouteStep[]>)[row.id]!].flat();
    const method = row.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    router[method](row.path, ...chain);
  }
  return router;
}
