/** Which upstream service answers a proxied route. */
export type Upstream = "identity" | "apps" | "billing" | "generation";

/** One proxied route: exact method and a path pattern (`:param` matches one segment). */
export interface ProxiedRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  upstream: Upstream;
  /** A signed-in session is required; without one the BFF answers 401 itself. */
  auth: boolean;
  /** false: exempt from the CSRF check (server-to-server callers such as payment webhooks, which sign their bodies). */
  csrf?: false;
}

/**
 * The explicit allow-list of routes the browser may reach through the BFF. Nothing else is proxied: no wildcard
 * forwarding, so an internal route of a service can never be reached from outside by accident. (Sign-in, sign-up and
 * logout are the BFF's own routes.)
 */
export const PROXIED_ROUTES: readonly ProxiedRoute[] = [
  { method: "GET", path: "/accounts/api/v1/me/", upstream: "identity", auth: true },
  { method: "POST", path: "/contact/api/v1/create/", upstream: "identity", auth: false },
  { method: "GET", path: "/billing/api/v1/modals/list", upstream: "billing", auth: false },
  { method: "GET", path: "/billing/api/v1/balance", upstream: "billing", auth: true },
  { method: "POST", path: "/billing/api/v1/subscription/:id/cancel/", upstream: "billing", auth: true },
  { method: "GET", path: "/billing/api/v1/currency/", upstream: "billing", auth: true },
  { method: "POST", path: "/billing/api/v1/currency/", upstream: "billing", auth: true },
  { method: "POST", path: "/billing/api/v1/currency/exchange-rate/", upstream: "billing", auth: true },
  { method: "POST", path: "/billing/api/v1/orders/create/", upstream: "billing", auth: true },
  { method: "POST", path: "/billing/api/v1/orders/paypal/:orderId/capture/", upstream: "billing", auth: true },
  { method: "GET", path: "/billing/api/v1/orders/cashfree/:orderId/", upstream: "billing", auth: true },
  { method: "POST", path: "/billing/api/v1/webhooks/cashfree/", upstream: "billing", auth: false, csrf: false },
  { method: "GET", path: "/apps/api/v1/list/", upstream: "apps", auth: true },
  { method: "POST", path: "/apps/api/v1/create/", upstream: "apps", auth: true },
  { method: "DELETE", path: "/apps/api/v1/delete/:appId/", upstream: "apps", auth: true },
  { method: "POST", path: "/apps/api/v1/rotate-key/:appId/", upstream: "apps", auth: true },
  { method: "POST", path: "/apps/api/v1/rotate-publishable-key/:appId/", upstream: "apps", auth: true },
  { method: "PATCH", path: "/apps/api/v1/update/:appId/", upstream: "apps", auth: true },
  { method: "GET", path: "/apps/api/v1/templates/:appId/", upstream: "apps", auth: true },
  { method: "POST", path: "/apps/api/v1/templates/:appId/create/", upstream: "apps", auth: true },
  { method: "GET", path: "/apps/api/v1/templates/:appId/retrieve/:templateId/", upstream: "apps", auth: true },
  { method: "PATCH", path: "/apps/api/v1/templates/:appId/update/:templateId/", upstream: "apps", auth: true },
  { method: "DELETE", path: "/apps/api/v1/templates/:appId/delete/:templateId/", upstream: "apps", auth: true },
  { method: "POST", path: "/apps/api/v1/auth-chat/completions", upstream: "generation", auth: true },
  { method: "POST", path: "/apps/api/v1/auth-retrieve/", upstream: "generation", auth: true },
  { method: "GET", path: "/apps/api/v1/chat/models/", upstream: "generation", auth: false },
];

/** A route path (`:param` matches one segment, everything else literally, trailing slash included) as a RegExp. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`);

const compiled = PROXIED_ROUTES.map((r) => ({
  ...r,
  regex: pathPattern(r.path),
}));

/** The allow-listed route for a request, if any. Paths are matched exactly (trailing slash included). */
export function matchRoute(method: string, pathname: string): ProxiedRoute | undefined {
  return compiled.find((r) => r.method === method && r.regex.test(pathname));
}
