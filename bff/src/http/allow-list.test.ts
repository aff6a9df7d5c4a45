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

  it("when a route is a signed server-to-server callback, then it alone skips the CSRF check", () => {
    expect(matchRoute("POST", "/billing/api/v1/webhooks/cashfree/")).toMatchObject({ door: "open", csrf: false });
    expect(matchRoute("POST", "/billing/api/v1/orders/create/")?.csrf).toBeUndefined();
    expect(PROXIED_ROUTES.filter((r) => r.csrf === false).map((r) => r.path)).toEqual(["/billing/api/v1/webhooks/cashfree/"]);
  });
});
