import { matchRoute } from "./allow-list";

describe("proxy allow-list", () => {
  it("when the exact method and path are listed, then the route is proxied to its upstream", () => {
    expect(matchRoute("GET", "/accounts/api/v1/me/")?.upstream).toBe("identity");
  });

  it("when a path has parameters, then one segment matches each and no more", () => {
    expect(matchRoute("PATCH", "/apps/api/v1/templates/a1/update/t1/")?.upstream).toBe("apps");
    expect(matchRoute("PATCH", "/apps/api/v1/templates/a1/x/update/t1/")).toBeUndefined();
    expect(matchRoute("DELETE", "/apps/api/v1/delete/a1/")?.auth).toBe(true);
  });

  it("when the method, a suffix or a traversal differs, then nothing is proxied", () => {
    expect(matchRoute("POST", "/accounts/api/v1/me/")).toBeUndefined();
    expect(matchRoute("GET", "/accounts/api/v1/me/extra")).toBeUndefined();
    expect(matchRoute("GET", "/accounts/api/v1/me")).toBeUndefined();
    expect(matchRoute("GET", "/accounts/api/v1/internal/verify-password/")).toBeUndefined();
  });
});
