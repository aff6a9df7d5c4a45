import { PROXIED_ROUTES, matchRoute } from "./allow-list";

describe("proxy allow-list", () => {
  it("when the exact method and path are listed, then the route is proxied to its upstream", () => {
    expect(matchRoute("GET", "/accounts/api/v1/me/")?.server).toBe("identity");
  });

  it("when a path has parameters, then one segment matches each and no more", () => {
    expect(matchRoute("PATCH", "/apps/api/v1/templates/a1/update/t1/")?.server).toBe("apps");
    expect(matchRoute("PATCH", "/apps/api/v1/templates/a1/x/update/t1/")).toBeUndefined();
    expect(matchRoute("DELETE", "/apps/api/v1/delete/a1/")?.door).toBe("session");
  });

  it("when the method, a suffix or a traversal differs, then nothing is proxied", () => {
    expect(matchRoute("POST", "/accounts/api/v1/me/")).toBeUndefined();
    expect(matchRoute("GET", "/accounts/api/v1/me/extra")).toBeUndefined();
    expect(matchRoute("GET", "/accounts/api/v1/me")).toBeUndefined();
    expect(matchRoute("GET", "/accounts/api/v1/internal/verify-password/")).toBeUndefined();
  });

  it("when a route is called server to server (a signed webhook, OAuth's client endpoints), then it alone skips the CSRF check", () => {
    expect(matchRoute("POST", "/billing/api/v1/webhooks/cashfree/")).toMatchObject({ door: "open", csrf: false });
    expect(matchRoute("POST", "/billing/api/v1/orders/create/")?.csrf).toBeUndefined();
    // The OAuth endpoints an agent host calls with no session: its registration, its tokens and their revocation
    // (none acts on a signed-in session; the consent itself is a session route, CSRF-checked).
    expect(PROXIED_ROUTES.filter((r) => r.csrf === false).map((r) => r.path)).toEqual([
      "/billing/api/v1/webhooks/cashfree/",
      "/oauth/register",
      "/oauth/token",
      "/oauth/revoke",
    ]);
    expect(matchRoute("POST", "/apps/api/v1/oauth/requests/abcdefghijklmnop/")).toMatchObject({ door: "session" });
    expect(matchRoute("POST", "/apps/api/v1/oauth/requests/abcdefghijklmnop/")?.csrf).toBeUndefined();
  });
});
