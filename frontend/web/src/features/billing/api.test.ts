/**
 * @jest-environment node
 */
/// <reference types="jest" />
// Node's environment: the platform's fetch Response; the CSRF cookie is read from a stand-in document.
import { capturePaypal, captureStillProcessing, createOrder } from "./api";

/** Answers every call with `status` and `body` (JSON), as billing does through the BFF. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: string[] = [];
  globalThis.fetch = ((input: string | URL | Request) => {
    calls.push(String(input));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } }),
    );
  }) as typeof fetch;
  return calls;
}

const realFetch = globalThis.fetch;
beforeAll(() => {
  (globalThis as { document?: unknown }).document = { cookie: "csrftoken=test-token" };
});
afterAll(() => {
  globalThis.fetch = realFetch;
  delete (globalThis as { document?: unknown }).document;
});

describe("the order-create wrapper (the Add Balance dialog shows what it throws)", () => {
  it("when billing answers 429 for too many order requests, then the thrown message is the server's error", async () => {
    const error = "Too many top-up orders: at most 10 every 10 minutes. Try again in 10 minutes.";
    const calls = answer(429, { error, message: error, code: "BILLING.ORDER_RATE_LIMITED" }, { "retry-after": "598" });
    await expect(createOrder(25)).rejects.toThrow(error);
    expect(calls).toEqual(["/billing/api/v1/orders/create/"]);
  });

  it("when billing answers 409 for too many open orders, then the thrown message says how many and what to do", async () => {
    const error =
      "You have 5 unpaid top-up orders open; at most 5 may be open at once. Complete the payment of one of them, or try again in 44 minutes, when the oldest one expires.";
    answer(409, { error, message: error, code: "BILLING.TOO_MANY_OPEN_ORDERS", open_orders: 5, max_open_orders: 5 });
    await expect(createOrder(25)).rejects.toThrow(error);
  });

  it("when billing hands out an open identical order again (200), then it is the order", async () => {
    answer(200, { paypal_order_id: "5O190127TN364715T" });
    await expect(createOrder(25)).resolves.toEqual({ paypal_order_id: "5O190127TN364715T" });
  });
});

describe("a PayPal capture that failed after the buyer approved (the dialog's notice)", () => {
  const failure = (status: number, body: unknown) => {
    answer(status, body);
    return capturePaypal("5O190127TN364715T").then(
      () => undefined,
      (err: unknown) => err,
    );
  };

  it("when billing answers an outage (502 PayPal unavailable, 503, 504), then the purchase is still processing", async () => {
    expect(
      captureStillProcessing(await failure(502, { code: "BILLING.PROVIDER_UNAVAILABLE", error: "PayPal is unavailable" })),
    ).toBe(true);
    expect(captureStillProcessing(await failure(503, { code: "COMMON.UNAVAILABLE", error: "Service unavailable." }))).toBe(true);
    expect(captureStillProcessing(await failure(504, { code: "BILLING.PROVIDER_TIMEOUT", error: "PayPal did not answer" }))).toBe(
      true,
    );
  });

  it("when the server was not reached, then the purchase is still processing", async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch;
    const err = await capturePaypal("5O190127TN364715T").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    expect(captureStillProcessing(err)).toBe(true);
  });

  it("when billing refuses the capture (not approved, declined, a mismatch), then it is declined", async () => {
    expect(
      captureStillProcessing(await failure(422, { code: "BILLING.CAPTURE_REFUSED", error: "The payment was not approved." })),
    ).toBe(false);
    expect(captureStillProcessing(await failure(404, { code: "BILLING.ORDER_NOT_FOUND", error: "Order not found." }))).toBe(
      false,
    );
    expect(captureStillProcessing(new Error("not an answer"))).toBe(false);
  });
});
