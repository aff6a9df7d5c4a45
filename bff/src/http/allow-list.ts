import { ROUTES, proxiedRoutes, routeMatcher, type HttpOperation } from "@genui/contracts/http";

export type { Upstream } from "@genui/contracts/http";

/**
 * The explicit allow-list of routes the browser may reach through the BFF: the route table's rows with the door
 * `session` or `open` that a service answers (proto/src/http/routes.ts). Nothing else is proxied: no wildcard
 * forwarding, so an internal route of a service can never be reached from outside by accident. (Sign-in, sign-up and
 * logout are the BFF's own rows; the published API has its own door, published-api.ts.)
 */
export const PROXIED_ROUTES: readonly HttpOperation[] = proxiedRoutes();

const proxied = routeMatcher(PROXIED_ROUTES);

/** The allow-listed route for a request, if any. Paths are matched exactly (trailing slash included). */
export const matchRoute = (method: string, pathname: string): HttpOperation | undefined => proxied.match(method, pathname);

/** Every route behind the session stack — proxied or the BFF's own — for the 405s and the CSRF exemptions. */
export const sessionSide = routeMatcher(ROUTES.filter((r) => r.door === "session" || r.door === "open"));
