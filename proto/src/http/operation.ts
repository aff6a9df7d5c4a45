import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call a route, and how the BFF lets the call through:
 * - `session`: a signed-in session (the BFF answers 401 without one), CSRF on unsafe methods;
 * - `open`: anyone, through the session stack (a session is passed on when there is one), CSRF on unsafe methods
 *   unless the row says `csrf: false`;
 * - `key`: the published API — a bearer API key, no session and no CSRF, callable from any origin (CORS);
 * - `internal`: never reachable from outside; one process calls another (the BFF's calls to identity).
 */
export type Door = "session" | "open" | "key" | "internal";

/** The process that answers a route: one of the services, or the BFF itself. */
export type Upstream = "identity" | "apps" | "billing" | "generation";
export type Server = Upstream | "bff";

/**
 * The rate-limit budget a route is counted against: `key` the API key's (counted by generation's admission,
 * GEN_RATE_PER_TENANT and the others; at the edge, a route that needs a key also counts its address's failed key
 * lookups), and at the edge (`bff/src/config.ts`) `contact` messages per address, `login` and `signup` sign-in and
 * sign-up attempts per address and per e-mail.
 */
export type RateBucket = "key" | "contact" | "login" | "signup";

export interface HttpAnswer {
  description: string;
  /** No schema: no body (204). */
  schema?: z.ZodType;
  /** Other media types of the answer (e.g. `text/event-stream`), each with its schema. */
  alternatives?: Record<string, z.ZodType>;
  /** Response headers as OpenAPI header objects. */
  headers?: Record<string, Record<string, unknown>>;
}

/**
 * One route of the platform: who answers it and who may call it, its path parameters, query, headers, JSON body and
 * its answers. The BFF's proxy, its 405s, the published API's checks and both OpenAPI documents are derived from
 * these rows; each server mounts its handlers by `id` (`mountOperations` in @genui/chassis), which refuses a row
 * without a handler and a handler without a row. What the edge adds (401 without a session, 403 without the CSRF
 * token, 413, 429, 502) is added by the edge's document generator from `door`, `csrf` and `rate`.
 */
export interface HttpOperation {
  /** `<server>.<name>`: the handler's name in the server's table of handlers. */
  id: string;
  method: HttpMethod;
  /** Express-style path (`:param` matches one segment; everything else, the trailing slash included, literally). */
  path: string;
  door: Door;
  /** Who answers: the BFF proxies to that service, or answers itself (`bff`). */
  server: Server;
  /** `false`: exempt from the CSRF check (server-to-server callers such as payment webhooks, which sign their bodies). */
  csrf?: false;
  /**
   * `true`: callable cross-origin from any page without cookies (CORS `*`, preflight answered at the edge): the OAuth
   * endpoints and metadata documents a browser-based MCP host fetches. Rows with the door `key` always are.
   */
  cors?: true;
  rate?: RateBucket;
  /** `false`: left out of the OpenAPI documents (the session's own plumbing, documents and schemas themselves). */
  documented?: false;
  summary: string;
  tag: "accounts" | "contact" | "apps" | "templates" | "billing" | "chat" | "published" | "platform";
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (read as {}). */
  bodyOptional?: true;
  /** A request body that works as it is (the document's `example`; a test sends it). */
  example?: unknown;
  /** Longer text for the document (markdown). */
  description?: string;
  responses: Record<number, HttpAnswer>;
}

/** A route path (`:param` matches one segment, everything else literally, trailing slash included) as a RegExp. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`);

/** A set of rows, matched against requests: the row of a method and path, and the methods a path has. */
export function routeMatcher(rows: readonly HttpOperation[]) {
  const compiled = rows.map((r) => ({ row: r, regex: pathPattern(r.path) }));
  return {
    /** The row for a request, if any. Paths are matched exactly (trailing slash included). */
    match: (method: string, pathname: string): HttpOperation | undefined =>
      compiled.find((c) => c.row.method === method && c.regex.test(pathname))?.row,
    /** The methods the rows declare on a path ([] when the path is none of theirs). */
    methodsOn: (pathname: string): HttpOperation["method"][] => [
      ...new Set(compiled.filter((c) => c.regex.test(pathname)).map((c) => c.row.method)),
    ],
  };
}

/** `/x/:id/` as OpenAPI's `/x/{id}/`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");
