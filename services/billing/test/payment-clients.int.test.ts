import { signCashfreeWebhook, startPaymentEmulator, type PaymentEmulator } from "@genui/sims";
import { CashfreeClient } from "../src/clients/cashfree";
import { PayPalClient } from "../src/clients/paypal";
import { ProviderError } from "../src/clients/provider-error";

const PAYPAL = { clientId: "pp-client-id", clientSecret: "pp-client-secret" };
const CASHFREE = { clientId: "cf-client-id", clientSecret: "cf-client-secret" };

/** Resolves to the ProviderError `promise` rejects with (fails the test when it resolves or throws something else). */
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}_${Date.now()}_${++seq}`;

describe("payment provider clients against the emulator", () => {
  let emu: PaymentEmulator;

  beforeAll(async () => {
    emu = await startPaymentEmulator({ paypal: PAYPAL, cashfree: CASHFREE });
  });
  afterAll(async () => {
    await emu.close();
  });

  const paypal = (overrides: Partial<ConstructorParameters<typeof PayPalClient>[0]> = {}) =>
    new PayPalClient({ baseUrl: emu.paypalBaseUrl, ...PAYPAL, timeoutMs: 5_000, ...overrides });
  const cashfree = (overrides: Partial<ConstructorParameters<typeof CashfreeClient>[0]> = {}) =>
    new CashfreeClient({ baseUrl: emu.cashfreeBaseUrl, ...CASHFREE, apiVersion: "2023-08-01", timeoutMs: 5_000, ...overrides });

  const tokenCalls = () => emu.calls("paypal").filter((c) => c.path === "/paypal/v1/oauth2/token").length;
  const createInput = (requestId = unique("req"), amount = "10.00") => ({
    requestId,
    amount,
    currency: "USD" as const,
    referenceId: unique("ord"),
    customId: "user-42",
    description: "GenUI credits: $10.00",
  });

  // --- PayPal ---

  it("when several PayPal calls are made, then one token is fetched and reused (Basic auth, form body)", async () => {
    const client = paypal();
    const before = tokenCalls();
    const order = await client.createOrder(createInput());
    await client.getOrder(order.id);
    await Promise.all([client.getOrder(order.id), client.getOrder(order.id)]);
    expect(tokenCalls() - before).toBe(1);

    const token = emu
      .calls("paypal")
      .filter((c) => c.path === "/paypal/v1/oauth2/token")
      .at(-1)!;
    expect(token.method).toBe("POST");
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PAYPAL.clientId}:${PAYPAL.clientSecret}`).toString("base64")}`,
    );
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token.body).toEqual({ grant_type: "client_credentials" });
  });

  it("when an order is created, then it is CREATED with its approve link, amount and the idempotency headers", async () => {
    const input = createInput(unique("create"), "12.34");
    const order = await paypal().createOrder(input);
    expect(order).toMatchObject({ status: "CREATED", purchaseAmount: { currency_code: "USD", value: "12.34" } });
    expect(order.approveUrl).toBe(`${emu.url}/paypal/checkoutnow?token=${order.id}`);
    expect(order.capture).toBeUndefined();

    const call = emu
      .calls("paypal")
      .find((c) => c.path === "/paypal/v2/checkout/orders" && c.headers["paypal-request-id"] === input.requestId)!;
    expect(call.headers).toMatchObject({ prefer: "return=representation", "content-type": "application/json" });
    expect(call.headers.authorization).toMatch(/^Bearer /);
    expect(call.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: input.referenceId,
          custom_id: "user-42",
          description: "GenUI credits: $10.00",
          amount: { currency_code: "USD", value: "12.34" },
        },
      ],
    });

    const again = await paypal().createOrder(input);
    expect(again.id).toBe(order.id);
  });

  it("when an API call answers 401, then the client drops its token, fetches a new one and retries the call once", async () => {
    const client = paypal();
    const order = await client.createOrder(createInput());
    const before = tokenCalls();
    emu.failNext("paypal", 401);
    const got = await client.getOrder(order.id);
    expect(got.id).toBe(order.id);
    expect(tokenCalls() - before).toBe(1);

    const gets = emu.calls("paypal").filter((c) => c.path === `/paypal/v2/checkout/orders/${order.id}`);
    expect(gets).toHaveLength(2);
    expect(gets[0]!.headers.authorization).not.toBe(gets[1]!.headers.authorization);
    // The fresh token is cached in turn.
    await client.getOrder(order.id);
    expect(tokenCalls() - before).toBe(1);
  });

  it("when the retried call answers 401 again, then auth and no further retry", async () => {
    let apiCalls = 0;
    const fake: typeof fetch = async (input) => {
      if (String(input).endsWith("/v1/oauth2/token")) {
        return Response.json({ access_token: `tok-${Math.random()}`, token_type: "Bearer", expires_in: 32400 });
      }
      apiCalls += 1;
      return Response.json({ name: "AUTHENTICATION_FAILURE", message: "Authentication failed", details: [] }, { status: 401 });
    };
    const err = await providerError(paypal({ fetch: fake }).getOrder("ABC"));
    expect(err).toMatchObject({ provider: "paypal", kind: "auth", status: 401 });
    expect(apiCalls).toBe(2);
  });

  it("when an order is created, approved and captured, then it is COMPLETED with the captured amount", async () => {
    const client = paypal();
    const order = await client.createOrder(createInput(undefined, "10.00"));
    emu.approvePaypal(order.id);
    expect((await client.getOrder(order.id)).status).toBe("APPROVED");

    const captured = await client.captureOrder(order.id, unique("cap"));
    expect(captured.status).toBe("COMPLETED");
    expect(captured.capture).toEqual({
      id: expect.any(String),
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "10.00" },
    });
    const call = emu.calls("paypal").find((c) => c.path === `/paypal/v2/checkout/orders/${order.id}/capture`)!;
    expect(call.headers).toMatchObject({ prefer: "return=representation", "content-type": "application/json" });
    expect(call.headers["paypal-request-id"]).toMatch(/^cap_/);
  });

  it("when a captured order is captured again with another request id, then the COMPLETED order is answered", async () => {
    const client = paypal();
    const order = await client.createOrder(createInput(undefined, "7.50"));
    emu.approvePaypal(order.id);
    const first = await client.captureOrder(order.id, unique("cap"));
    const second = await client.captureOrder(order.id, unique("cap"));
    expect(second.status).toBe("COMPLETED");
    expect(second.capture).toEqual(first.capture);
    expect(second.purchaseAmount).toEqual({ currency_code: "USD", value: "7.50" });
  });

  it("when an order is captured before the buyer approved it, then rejected with issue ORDER_NOT_APPROVED", async () => {
    const client = paypal();
    const order = await client.createOrder(createInput());
    const err = await providerError(client.captureOrder(order.id, unique("cap")));
    expect(err).toMatchObject({ provider: "paypal", kind: "rejected", status: 422, issue: "ORDER_NOT_APPROVED" });
    expect(err.message).toMatch(/not yet approved/);
  });

  it("when an unknown order is read, then rejected with issue INVALID_RESOURCE_ID", async () => {
    const err = await providerError(paypal().getOrder("NOSUCHORDER000000"));
    expect(err).toMatchObject({ kind: "rejected", status: 404, issue: "INVALID_RESOURCE_ID" });
  });

  it("when PayPal answers 500 or 429, then unavailable", async () => {
    const client = paypal();
    const order = await client.createOrder(createInput());
    emu.failNext("paypal", 500);
    expect(await providerError(client.getOrder(order.id))).toMatchObject({
      provider: "paypal",
      kind: "unavailable",
      status: 500,
    });
    emu.failNext("paypal", 429);
    expect(await providerError(client.getOrder(order.id))).toMatchObject({ kind: "unavailable", status: 429 });
    expect((await client.getOrder(order.id)).id).toBe(order.id);
  });

  it("when PayPal answers slower than timeoutMs, then timeout", async () => {
    const client = paypal({ timeoutMs: 200 });
    const order = await client.createOrder(createInput());
    emu.delayNext("paypal", 1_000);
    const started = Date.now();
    const err = await providerError(client.getOrder(order.id));
    expect(err).toMatchObject({ provider: "paypal", kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("when PayPal cannot be reached, then unavailable", async () => {
    const err = await providerError(paypal({ baseUrl: "http://127.0.0.1:1" }).getOrder("X"));
    expect(err).toMatchObject({ provider: "paypal", kind: "unavailable" });
  });

  it("when the client secret is wrong, then auth, and the secret is not in the message", async () => {
    const err = await providerError(paypal({ clientSecret: "wrong-secret-value" }).createOrder(createInput()));
    expect(err).toMatchObject({ provider: "paypal", kind: "auth", status: 401 });
    expect(err.message).not.toContain("wrong-secret-value");
  });

  it("when PayPal answers 2xx without an order id, then unavailable with a clear message", async () => {
    const fake: typeof fetch = async (input) =>
      String(input).endsWith("/v1/oauth2/token")
        ? Response.json({ access_token: "tok", expires_in: 32400 })
        : Response.json({ status: "CREATED" }, { status: 201 });
    const err = await providerError(paypal({ fetch: fake }).createOrder(createInput()));
    expect(err).toMatchObject({ kind: "unavailable", status: 201 });
    expect(err.message).toMatch(/without an order id/);
  });

  // --- Cashfree ---

  const cfInput = (orderId = unique("ord"), amount = 499.5) => ({
    orderId,
    amount,
    currency: "INR" as const,
    customerId: "user_42",
    customerPhone: "9999999999",
    customerEmail: "a@example.com",
    returnUrl: "https://app.example/dashboard?order_id={order_id}",
    notifyUrl: "https://app.example/billing/api/v1/webhooks/cashfree/",
    expiresAt: new Date(Date.now() + 3_600_000),
    note: "GenUI credits: $6.00",
    tags: { plan: "topup" },
  });

  it("when a Cashfree order is created, then it is ACTIVE with a payment session, and the request carries the API headers", async () => {
    const input = cfInput();
    const order = await cashfree().createOrder(input);
    expect(order).toMatchObject({ orderId: input.orderId, status: "ACTIVE", amount: 499.5, currency: "INR" });
    expect(order.cfOrderId).toMatch(/^\d+$/);
    expect(order.paymentSessionId).toMatch(/^session_/);

    const call = emu
      .calls("cashfree")
      .find((c) => c.method === "POST" && (c.body as { order_id?: string }).order_id === input.orderId)!;
    expect(call.path).toBe("/cashfree/pg/orders");
    expect(call.headers).toMatchObject({
      "x-client-id": CASHFREE.clientId,
      "x-client-secret": CASHFREE.clientSecret,
      "x-api-version": "2023-08-01",
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(call.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call.body).toEqual({
      order_id: input.orderId,
      order_amount: 499.5,
      order_currency: "INR",
      customer_details: { customer_id: "user_42", customer_phone: "9999999999", customer_email: "a@example.com" },
      order_meta: { return_url: input.returnUrl, notify_url: input.notifyUrl },
      order_expiry_time: input.expiresAt.toISOString(),
      order_note: "GenUI credits: $6.00",
      order_tags: { plan: "topup" },
    });
  });

  it("when a Cashfree order is created twice with the same id, then the second answers the existing order", async () => {
    const client = cashfree();
    const input = cfInput();
    const first = await client.createOrder(input);
    const second = await client.createOrder(input);
    expect(second).toMatchObject({
      orderId: first.orderId,
      cfOrderId: first.cfOrderId,
      paymentSessionId: first.paymentSessionId,
    });
    const ids = emu
      .calls("cashfree")
      .filter((c) => c.path === "/cashfree/pg/orders" || c.path === `/cashfree/pg/orders/${input.orderId}`)
      .map((c) => c.headers["x-request-id"]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("when the existing order with that id has another amount, then rejected order_already_exists", async () => {
    const client = cashfree();
    const input = cfInput();
    await client.createOrder(input);
    const err = await providerError(client.createOrder({ ...input, amount: 100 }));
    expect(err).toMatchObject({ provider: "cashfree", kind: "rejected", status: 409, issue: "order_already_exists" });
  });

  it("when a Cashfree order is paid, then getOrder answers PAID", async () => {
    const client = cashfree();
    // No notify_url: the emulator would otherwise send the webhook off this machine.
    const order = await client.createOrder({ ...cfInput(undefined, 250), notifyUrl: undefined });
    await emu.payCashfree(order.orderId);
    expect(await client.getOrder(order.orderId)).toMatchObject({ orderId: order.orderId, status: "PAID", amount: 250 });
  });

  it("when an unknown Cashfree order is read, then rejected with issue order_not_found", async () => {
    const err = await providerError(cashfree().getOrder("no_such_order"));
    expect(err).toMatchObject({ provider: "cashfree", kind: "rejected", status: 404, issue: "order_not_found" });
    expect(err.message).toBe("order not found for this merchant");
  });

  it("when Cashfree rejects the input, then rejected with Cashfree's code and message", async () => {
    const err = await providerError(cashfree().createOrder({ ...cfInput(), customerPhone: "12" }));
    expect(err).toMatchObject({ kind: "rejected", status: 400, issue: "customer_details.customer_phone_invalid" });
  });

  it("when the Cashfree credentials are wrong, then auth without the secret in the message", async () => {
    const err = await providerError(cashfree({ clientSecret: "wrong-cf-secret" }).getOrder("whatever"));
    expect(err).toMatchObject({ provider: "cashfree", kind: "auth", status: 401 });
    expect(err.message).not.toContain("wrong-cf-secret");
  });

  it("when Cashfree answers 503 or is slower than timeoutMs, then unavailable or timeout", async () => {
    const client = cashfree({ timeoutMs: 200 });
    emu.failNext("cashfree", 503);
    expect(await providerError(client.createOrder(cfInput()))).toMatchObject({
      kind: "unavailable",
      status: 503,
      issue: "internal_error",
    });
    emu.delayNext("cashfree", 1_000);
    expect(await providerError(client.getOrder("whatever"))).toMatchObject({ provider: "cashfree", kind: "timeout" });
  });

  it("when Cashfree answers 200 without an order_status, then unavailable", async () => {
    const fake: typeof fetch = async () => Response.json({ order_id: "x", cf_order_id: "1" });
    const err = await providerError(cashfree({ fetch: fake }).getOrder("x"));
    expect(err).toMatchObject({ kind: "unavailable", status: 200 });
    expect(err.message).toMatch(/order_status/);
  });

  // --- Webhook signatures ---

  describe("verifyWebhook", () => {
    const secret = CASHFREE.clientSecret;
    const raw = JSON.stringify({ type: "PAYMENT_SUCCESS_WEBHOOK", data: { order: { order_id: "order_1" } } });
    const now = Date.now();
    const ts = String(now);

    it("when the signature matches and the timestamp is fresh, then true", () => {
      expect(CashfreeClient.verifyWebhook(secret, raw, ts, signCashfreeWebhook(secret, ts, raw))).toBe(true);
    });

    it("when the timestamp is in seconds, then it is accepted too", () => {
      const seconds = String(Math.floor(now / 1000));
      expect(CashfreeClient.verifyWebhook(secret, raw, seconds, signCashfreeWebhook(secret, seconds, raw), { now })).toBe(true);
    });

    it("when the body was tampered with, then false", () => {
      const sig = signCashfreeWebhook(secret, ts, raw);
      expect(CashfreeClient.verifyWebhook(secret, raw.replace("order_1", "order_2"), ts, sig)).toBe(false);
    });

    it("when it was signed with another secret, then false", () => {
      expect(CashfreeClient.verifyWebhook(secret, raw, ts, signCashfreeWebhook("other-secret", ts, raw))).toBe(false);
    });

    it("when the timestamp is outside the tolerance, then false", () => {
      const stale = String(now - 6 * 60_000);
      const sig = signCashfreeWebhook(secret, stale, raw);
      expect(CashfreeClient.verifyWebhook(secret, raw, stale, sig, { now })).toBe(false);
      expect(CashfreeClient.verifyWebhook(secret, raw, stale, sig, { now, toleranceMs: 10 * 60_000 })).toBe(true);
      const future = String(now + 6 * 60_000);
      expect(CashfreeClient.verifyWebhook(secret, raw, future, signCashfreeWebhook(secret, future, raw), { now })).toBe(false);
    });

    it("when a header is missing or the timestamp is not a number, then false", () => {
      const sig = signCashfreeWebhook(secret, ts, raw);
      expect(CashfreeClient.verifyWebhook(secret, raw, undefined, sig)).toBe(false);
      expect(CashfreeClient.verifyWebhook(secret, raw, ts, undefined)).toBe(false);
      expect(CashfreeClient.verifyWebhook(secret, raw, "", sig)).toBe(false);
      expect(CashfreeClient.verifyWebhook("", raw, ts, signCashfreeWebhook("", ts, raw))).toBe(false);
      expect(CashfreeClient.verifyWebhook(secret, raw, "abc", signCashfreeWebhook(secret, "abc", raw))).toBe(false);
    });
  });
});
