import { isGatewayPage } from "./gateway-page";

describe("isGatewayPage", () => {
  it("when a load balancer answers for a service with no copy up (HAProxy's 503 page), then it is a gateway page", () => {
    expect(isGatewayPage(503, "text/html")).toBe(true);
    expect(isGatewayPage(502, undefined)).toBe(true);
    expect(isGatewayPage(504, "text/html; charset=utf-8")).toBe(true);
  });

  it("when the service itself answers an error in JSON (its 503 at capacity, its 502), then it is the service's answer", () => {
    expect(isGatewayPage(503, "application/json; charset=utf-8")).toBe(false);
    expect(isGatewayPage(502, "application/json")).toBe(false);
  });

  it("when the status is not a gateway error, then it is the service's answer whatever its type", () => {
    expect(isGatewayPage(500, "text/html")).toBe(false);
    expect(isGatewayPage(200, "text/event-stream")).toBe(false);
  });
});
