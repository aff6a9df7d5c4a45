import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { signCashfreeWebhook, startPaymentEmulator, type PaymentEmulator } from "../src/payments/payment-emulator";

const PAYPAL = { clientId: "pp-client-id", clientSecret: "pp-client-secret" };
const CASHFREE = { clientId: "cf-client-id", clientSecret: "cf-client-secret" };

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
}

describe("payment emulator", () => {
  let emu: PaymentEmulator;
  let hookServer: http.Server;
  let hookUrl: string;
  const webhooks: ReceivedWebhook[] = [];

  beforeAll(async () => {
    emu = await startPaymentEmulator({ paypal: PAYPAL, cashfree: CASHFREE });
    hookServer = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        webhooks.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/webhooks/cashfree`;
  });
  afterAll(async () => {
    await emu.close();
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  });

  // --- PayPal helpers ---

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
  const tokenRequest = (authorization: string) =>
    fetch(`${emu.paypalBaseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
  const paypalToken = async (): Promise<string> => {
    const res = await tokenRequest(basic(PAYPAL.clientId, PAYPAL.clientSecret));
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const paypal = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${emu.paypalBaseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await paypalToken()}`, "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const orderBody = (value = "12.34", currency_code = "USD") => ({
    intent: "CAPTURE",
    purchase_units: [{ reference_id: "topup-1", custom_id: "wallet-42", amount: { currency_code, value } }],
  });
  interface PaypalOrderJson {
    id: string;
    status: string;
    links: { href: string; rel: string; method: string }[];
  }
  const createPaypalOrder = async (value = "12.34", requestId?: string): Promise<PaypalOrderJson> => {
    const res = await paypal(
      "POST",
      "/v2/checkout/orders",
      orderBody(value),
      requestId ? { "PayPal-Request-Id": requestId } : {},
    );
    expect(res.status).toBe(201);
    return (await res.json()) as PaypalOrderJson;
  };
  const capture = (id: string, requestId: string) =>
    paypal("POST", `/v2/checkout/orders/${id}/capture`, {}, { "PayPal-Request-Id": requestId });

  // --- Cashfree helpers ---

  const cfHeaders = {
    "x-client-id": CASHFREE.clientId,
    "x-client-secret": CASHFREE.clientSecret,
    "x-api-version": "2023-08-01",
    "content-type": "application/json",
  };
  const cashfree = (method: string, path: string, body?: unknown, headers: Record<string, string> = cfHeaders) =>
    fetch(`${emu.cashfreeBaseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const cfOrderBody = (extra: Record<string, unknown> = {}) => ({
    order_amount: 499.5,
    order_currency: "INR",
    customer_details: { customer_id: "user_42", customer_phone: "9999999999", customer_email: "a@example.com" },
    order_meta: { return_url: "https://app.example/billing/return?order_id={order_id}", notify_url: hookUrl },
    ...extra,
  });
  interface CashfreeOrderJson {
    cf_order_id: string;
    order_id: string;
    order_status: string;
    order_amount: number;
    payment_session_id: string;
  }
  const createCashfreeOrder = async (extra: Record<string, unknown> = {}): Promise<CashfreeOrderJson> => {
    const res = await cashfree("POST", "/orders", cfOrderBody(extra));
    expect(res.status).toBe(200);
    return (await res.json()) as CashfreeOrderJson;
  };
  const cashfreeStatus = async (orderId: string) =>
    ((await (await cashfree("GET", `/orders/${orderId}`)).json()) as CashfreeOrderJson).order_status;

  // --- PayPal ---

  it("when the token endpoint gets the right client credentials, then it issues a bearer token that API calls accept", async () => {
    const res = await tokenRequest(basic(PAYPAL.clientId, PAYPAL.clientSecret));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: "Bearer", app_id: "APP-EMU", expires_in: 32400 });
    expect(body.access_token).toEqual(expect.any(String));
    const order = await fetch(`${emu.paypalBaseUrl}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${String(body.access_token)}`, "content-type": "application/json" },
      body: JSON.stringify(orderBody()),
    });
    expect(order.status).toBe(201);
  });

  it("when the token endpoint gets wrong credentials, then 401 invalid_client; and an API call without a token, then 401", async () => {
    const res = await tokenRequest(basic(PAYPAL.clientId, "wrong"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "invalid_client", error_description: "Client Authentication failed" });
    const api = await fetch(`${emu.paypalBaseUrl}/v2/checkout/orders/ABC`, { headers: { authorization: "Bearer nope" } });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ name: "AUTHENTICATION_FAILURE", details: [] });
  });

  it("when an order is created, approved on the checkout page and captured, then it is COMPLETED with the amount", async () => {
    const order = await createPaypalOrder("12.34");
    expect(order).toMatchObject({ status: "CREATED", intent: "CAPTURE" });
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
    const approve = order.links.find((l) => l.rel === "approve")!;
    expect(approve.href).toBe(`${emu.url}/paypal/checkoutnow?token=${order.id}`);

    const pageRes = await fetch(approve.href);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await pageRes.text();
    expect(html).toContain("<title>PayPal checkout (local emulator)</title>");
    expect(html).toContain("12.34 USD");
    expect(html).toContain("Approve payment");

    const approved = await fetch(`${emu.url}/paypal/checkoutnow/${order.id}/approve`, { method: "POST" });
    expect(approved.status).toBe(200);
    const approvedHtml = await approved.text();
    expect(approvedHtml).toContain("Payment approved");
    expect(approvedHtml).toContain("window.opener && window.opener.postMessage");
    expect(approvedHtml).toContain(`"orderId":"${order.id}","status":"APPROVED"`);
    expect(((await (await paypal("GET", `/v2/checkout/orders/${order.id}`)).json()) as PaypalOrderJson).status).toBe("APPROVED");

    const captured = await capture(order.id, "capture-1");
    expect(captured.status).toBe(201);
    expect(await captured.json()).toMatchObject({
      id: order.id,
      status: "COMPLETED",
      purchase_units: [
        {
          reference_id: "topup-1",
          payments: {
            captures: [{ status: "COMPLETED", amount: { currency_code: "USD", value: "12.34" }, final_capture: true }],
          },
        },
      ],
    });
  });

  it("when an order is captured before the buyer approved it, then 422 ORDER_NOT_APPROVED", async () => {
    const order = await createPaypalOrder();
    const res = await capture(order.id, "early");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] });
  });

  it("when a captured order is captured again, then the same request id replays the body and another answers ORDER_ALREADY_CAPTURED", async () => {
    const order = await createPaypalOrder("5.00");
    emu.approvePaypal(order.id);
    const [first, concurrent] = await Promise.all([capture(order.id, "cap-a"), capture(order.id, "cap-b")]);
    expect([first.status, concurrent.status]).toEqual([201, 422]);
    const firstBody: unknown = await first.json();
    expect(await concurrent.json()).toMatchObject({ details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });

    const replay = await capture(order.id, "cap-a");
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(firstBody);
    const other = await capture(order.id, "cap-c");
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
  });

  it("when an order is created twice with the same PayPal-Request-Id, then both answers carry the same order", async () => {
    const a = await createPaypalOrder("7.00", "create-once");
    const b = await createPaypalOrder("7.00", "create-once");
    const c = await createPaypalOrder("7.00", "create-other");
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });

  it("when the buyer declines on the checkout page, then the page says so and capture answers INSTRUMENT_DECLINED", async () => {
    const order = await createPaypalOrder();
    const res = await fetch(`${emu.url}/paypal/checkoutnow/${order.id}/decline`, { method: "POST" });
    const html = await res.text();
    expect(html).toContain("Payment declined");
    expect(html).toContain(`"status":"DECLINED"`);
    const captured = await capture(order.id, "after-decline");
    expect(captured.status).toBe(422);
    expect(await captured.json()).toMatchObject({ details: [{ issue: "INSTRUMENT_DECLINED" }] });
    expect(() => emu.approvePaypal(order.id)).toThrow(/declined/);
  });

  it("when an order has a bad amount or currency, then 400 INVALID_PARAMETER_VALUE or 422 CURRENCY_NOT_SUPPORTED", async () => {
    for (const value of ["0.00", "1.234", "-1", "abc"]) {
      const res = await paypal("POST", "/v2/checkout/orders", orderBody(value));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        name: "INVALID_REQUEST",
        details: [{ field: "/purchase_units/0/amount/value", issue: "INVALID_PARAMETER_VALUE" }],
      });
    }
    const eur = await paypal("POST", "/v2/checkout/orders", orderBody("1.00", "EUR"));
    expect(eur.status).toBe(422);
    expect(await eur.json()).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "CURRENCY_NOT_SUPPORTED" }] });
    const unknown = await paypal("GET", "/v2/checkout/orders/NOSUCHORDER000000");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
  });

  it("when a body is malformed JSON or over 100 KB, then 400 or 413", async () => {
    const malformed = await fetch(`${emu.paypalBaseUrl}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${await paypalToken()}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ name: "INVALID_REQUEST", details: [{ issue: "MALFORMED_REQUEST_JSON" }] });
    const big = await cashfree("POST", "/orders", { order_note: "x".repeat(120 * 1024) });
    expect(big.status).toBe(413);
  });

  // --- Cashfree ---

  it("when a Cashfree call lacks the right credentials or the API version, then 401 or 400", async () => {
    const wrong = await cashfree("POST", "/orders", cfOrderBody(), { ...cfHeaders, "x-client-secret": "wrong" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      message: "authentication Failed",
      code: "request_failed",
      type: "authentication_error",
    });
    const { "x-api-version": _omit, ...noVersion } = cfHeaders;
    const unversioned = await cashfree("POST", "/orders", cfOrderBody(), noVersion);
    expect(unversioned.status).toBe(400);
    expect(await unversioned.json()).toEqual({
      message: "x-api-version missing in the header",
      code: "request_failed",
      type: "invalid_request_error",
    });
  });

  it("when a Cashfree order is invalid or its id is taken, then 400 naming the field or 409 order_already_exists", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ order_amount: 0.5 }, "order_amount_invalid"],
      [{ order_amount: 10.123 }, "order_amount_invalid"],
      [{ order_currency: "USD" }, "order_currency_invalid"],
      [{ customer_details: { customer_id: "u1" } }, "customer_details.customer_phone_missing"],
      [{ customer_details: { customer_phone: "9999999999" } }, "customer_details.customer_id_missing"],
    ];
    for (const [extra, code] of cases) {
      const res = await cashfree("POST", "/orders", cfOrderBody(extra));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code, type: "invalid_request_error" });
    }
    const id = `dup_${Date.now()}`;
    await createCashfreeOrder({ order_id: id });
    const dup = await cashfree("POST", "/orders", cfOrderBody({ order_id: id }));
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({
      message: "order with same id is already present",
      code: "order_already_exists",
      type: "invalid_request_error",
    });
    const missing = await cashfree("GET", "/orders/no_such_order");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "order_not_found" });
  });

  it("when a Cashfree order is paid, then a signed PAYMENT_SUCCESS_WEBHOOK reaches notify_url and the order reads PAID", async () => {
    const order = await createCashfreeOrder({ order_tags: { plan: "pro" } });
    expect(order).toMatchObject({ order_status: "ACTIVE", order_amount: 499.5 });
    expect(order.order_id).toMatch(/^order_/);
    expect(order.cf_order_id).toMatch(/^\d+$/);
    expect(order.payment_session_id).toMatch(/^session_.{40,}$/);
    expect(await cashfreeStatus(order.order_id)).toBe("ACTIVE");

    const page = await fetch(`${emu.url}/cashfree/checkout/${order.payment_session_id}`);
    const html = await page.text();
    expect(html).toContain("<title>Cashfree checkout (local emulator)</title>");
    expect(html).toContain("499.50 INR");

    const before = webhooks.length;
    await emu.payCashfree(order.order_id);
    expect(webhooks).toHaveLength(before + 1);
    const hook = webhooks[before]!;
    const timestamp = String(hook.headers["x-webhook-timestamp"]);
    expect(hook.headers["x-webhook-version"]).toBe("2023-08-01");
    expect(hook.headers["x-webhook-signature"]).toBe(signCashfreeWebhook(CASHFREE.clientSecret, timestamp, hook.raw));
    expect(JSON.parse(hook.raw)).toMatchObject({
      type: "PAYMENT_SUCCESS_WEBHOOK",
      data: {
        order: { order_id: order.order_id, order_amount: 499.5, order_currency: "INR", order_tags: { plan: "pro" } },
        payment: { payment_status: "SUCCESS", payment_amount: 499.5, payment_currency: "INR", payment_group: "upi" },
        customer_details: { customer_id: "user_42", customer_phone: "9999999999" },
      },
    });
    expect(await cashfreeStatus(order.order_id)).toBe("PAID");
    expect(() => emu.expireCashfree(order.order_id)).toThrow(/PAID/);
  });

  it("when the merchant never answers the webhook, then the checkout page still answers at the webhook's deadline, garbage collected meanwhile", async () => {
    // The page waits for the delivery. Its deadline must survive a collection: AbortSignal.any with
    // AbortSignal.timeout loses it in Node 20 (nodejs/node#57736), and then the page never answers.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const own = await startPaymentEmulator({ paypal: PAYPAL, cashfree: CASHFREE, webhookTimeoutMs: 300 });
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const collecting = setInterval(gc, 20);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const created = await fetch(`${own.cashfreeBaseUrl}/orders`, {
        method: "POST",
        headers: cfHeaders,
        body: JSON.stringify(
          cfOrderBody({
            order_meta: { notify_url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/webhooks/cashfree` },
          }),
        ),
      });
      const order = (await created.json()) as CashfreeOrderJson;
      let cap: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        fetch(`${own.url}/cashfree/checkout/${order.payment_session_id}/pay`, { method: "POST" }).then(async (r) => ({
          status: r.status,
          html: await r.text(),
        })),
        new Promise<"pending">((r) => (cap = setTimeout(() => r("pending"), 20_000))),
      ]);
      clearTimeout(cap);
      expect(answered).toMatchObject({ status: 200, html: expect.stringContaining("Payment successful") });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/webhook for .* failed: .*no answer in 300 ms/));
    } finally {
      clearInterval(collecting);
      warn.mockRestore();
      await own.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("when a payment fails on the checkout page, then a FAILED webhook arrives, the order stays ACTIVE and can still be paid", async () => {
    const order = await createCashfreeOrder();
    const before = webhooks.length;
    const failed = await fetch(`${emu.url}/cashfree/checkout/${order.payment_session_id}/fail`, { method: "POST" });
    const html = await failed.text();
    expect(html).toContain("Payment failed");
    expect(html).toContain(`"provider":"cashfree","orderId":"${order.order_id}","status":"FAILED"`);
    expect(html).toContain(`https://app.example/billing/return?order_id=${order.order_id}`);
    expect(JSON.parse(webhooks[before]!.raw)).toMatchObject({
      type: "PAYMENT_FAILED_WEBHOOK",
      data: { payment: { payment_status: "FAILED" } },
    });
    expect(await cashfreeStatus(order.order_id)).toBe("ACTIVE");
    const payments = (await (await cashfree("GET", `/orders/${order.order_id}/payments`)).json()) as unknown[];
    expect(payments).toMatchObject([{ payment_status: "FAILED" }]);

    const paid = await fetch(`${emu.url}/cashfree/checkout/${order.payment_session_id}/pay`, { method: "POST" });
    expect(await paid.text()).toContain(`"status":"PAID"`);
    expect(await cashfreeStatus(order.order_id)).toBe("PAID");
  });

  it("when an order is expired, or its expiry time passes, then it reads EXPIRED and cannot be paid", async () => {
    const order = await createCashfreeOrder();
    emu.expireCashfree(order.order_id);
    expect(await cashfreeStatus(order.order_id)).toBe("EXPIRED");
    await expect(emu.payCashfree(order.order_id)).rejects.toThrow(/EXPIRED/);

    const short = await createCashfreeOrder({ order_expiry_time: new Date(Date.now() + 300).toISOString() });
    expect(await cashfreeStatus(short.order_id)).toBe("ACTIVE");
    await new Promise((r) => setTimeout(r, 400));
    expect(await cashfreeStatus(short.order_id)).toBe("EXPIRED");
  });

  // --- Browser SDK stand-ins ---

  /** Runs a browser script in a bare context with the given `window` (and `document.currentScript.src`). */
  const runScript = (js: string, win: Record<string, unknown>, src?: string) => {
    const ctx = vm.createContext({
      window: win,
      document: { currentScript: src === undefined ? null : { src, getAttribute: () => null } },
      URL,
      URLSearchParams,
      console,
      setTimeout: (fn: () => void) => fn(),
    });
    vm.runInContext(js, ctx);
  };
  /** Runs a page's inline scripts against a fake window; answers the messages it posted (as plain JSON). */
  const pageMessages = (html: string, win: { opener?: unknown; parent?: unknown; close?: () => void }) => {
    const posted: { to: "opener" | "parent"; message: unknown; target: string }[] = [];
    const w: Record<string, unknown> = { ...win, close: win.close ?? (() => undefined) };
    const poster = (to: "opener" | "parent") => ({
      postMessage: (message: unknown, target: string) =>
        posted.push({ to, message: JSON.parse(JSON.stringify(message)), target }),
    });
    if (win.opener) w.opener = poster("opener");
    if (win.parent) w.parent = poster("parent");
    for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) runScript(m[1]!, w);
    return posted;
  };
  const expectScriptHeaders = (res: Response) => {
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("cache-control")).toContain("no-cache");
  };

  it("when the PayPal SDK is asked for with the emulator's client id and USD, then an uncached any-origin script defines window.paypal.Buttons", async () => {
    const before = emu.calls("paypal").length;
    const src = `${emu.url}/paypal/sdk/js?client-id=${PAYPAL.clientId}&currency=USD&components=buttons`;
    const res = await fetch(src);
    expect(res.status).toBe(200);
    expectScriptHeaders(res);
    const win: Record<string, unknown> = {};
    runScript(await res.text(), win, src);
    const paypal = win.paypal as {
      version: string;
      FUNDING: Record<string, string>;
      Buttons(o: Record<string, unknown>): { isEligible(): boolean; render(c: unknown): Promise<void>; close(): Promise<void> };
    };
    expect(paypal.version).toBe("5.0.0-genui-emulator");
    expect(paypal.FUNDING.PAYPAL).toBe("paypal");
    const buttons = paypal.Buttons({ createOrder: () => Promise.resolve("X"), style: { layout: "vertical", color: "gold" } });
    expect(buttons.isEligible()).toBe(true);
    expect(paypal.Buttons({ fundingSource: "venmo" }).isEligible()).toBe(false);
    await expect(buttons.close()).resolves.toBeUndefined();
    // Scripts are not PayPal API calls: not logged, and fault injection does not touch them.
    expect(emu.calls("paypal")).toHaveLength(before);
  });

  it("when the PayPal SDK is asked for without a client id, with an unknown one, or in another currency, then 400 with a script that throws", async () => {
    const cases: [string, string][] = [
      ["currency=USD", "SDK Validation error: 'Expected client-id to be passed'"],
      [
        "client-id=someone-else&currency=USD",
        "SDK Validation error: 'client-id not recognized for either production or sandbox: someone-else'",
      ],
      [`client-id=${PAYPAL.clientId}&currency=EUR`, "SDK Validation error: 'Invalid query value for currency: EUR'"],
      [
        `client-id=${PAYPAL.clientId}&components=hosted-fields`,
        "SDK Validation error: 'Invalid query value for components: hosted-fields",
      ],
    ];
    for (const [query, message] of cases) {
      const res = await fetch(`${emu.url}/paypal/sdk/js?${query}`);
      expect(res.status).toBe(400);
      expectScriptHeaders(res);
      const win: Record<string, unknown> = {};
      const body = await res.text();
      let thrown: unknown;
      try {
        runScript(body, win);
      } catch (err) {
        thrown = err;
      }
      expect(String((thrown as { message?: unknown } | undefined)?.message)).toContain(message);
      expect(win.paypal).toBeUndefined();
    }
  });

  it("when Cashfree.js is loaded, then Cashfree({ mode }) accepts sandbox or production only and a missing session resolves an error", async () => {
    const src = `${emu.url}/cashfree/js/v3/cashfree.js`;
    const res = await fetch(src);
    expect(res.status).toBe(200);
    expectScriptHeaders(res);
    const win: Record<string, unknown> = {};
    runScript(await res.text(), win, src);
    type CheckoutResult = { error?: { message: string; code: string; type: string } };
    const Cashfree = win.Cashfree as (o: { mode: string }) => { checkout(o: Record<string, unknown>): Promise<CheckoutResult> };
    expect(() => Cashfree({ mode: "test" })).toThrow("Cashfree: mode must be 'sandbox' or 'production'");
    const result = await Cashfree({ mode: "sandbox" }).checkout({ redirectTarget: "_modal" });
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      error: { message: "paymentSessionId is invalid", code: "payment_session_id_invalid", type: "invalid_request_error" },
    });
    expect(typeof Cashfree({ mode: "production" }).checkout).toBe("function");
  });

  it("when the SDK opens the PayPal checkout as a popup, then its forms keep popup=1 and the decision is posted to the opener, which it then closes", async () => {
    const approved = await createPaypalOrder("20.00");
    const html = await (await fetch(`${emu.url}/paypal/checkoutnow?token=${approved.id}&popup=1`)).text();
    expect(html).toContain(`action="checkoutnow/${approved.id}/approve?popup=1"`);
    expect(html).toContain(`action="checkoutnow/${approved.id}/decline?popup=1"`);

    const approve = await fetch(`${emu.url}/paypal/checkoutnow/${approved.id}/approve?popup=1`, { method: "POST" });
    expect(approve.status).toBe(200);
    let closed = false;
    const posted = pageMessages(await approve.text(), { opener: true, close: () => (closed = true) });
    const order = (await (await paypal("GET", `/v2/checkout/orders/${approved.id}`)).json()) as { payer: { payer_id: string } };
    expect(posted).toContainEqual({
      to: "opener",
      target: "*",
      message: { source: "genui-paypal-emulator", token: approved.id, status: "approved", payerID: order.payer.payer_id },
    });
    expect(closed).toBe(true);

    const declined = await createPaypalOrder("20.00");
    const decline = await fetch(`${emu.url}/paypal/checkoutnow/${declined.id}/decline?popup=1`, { method: "POST" });
    const declinedPosts = pageMessages(await decline.text(), { opener: true });
    expect(declinedPosts).toContainEqual({
      to: "opener",
      target: "*",
      message: {
        source: "genui-paypal-emulator",
        token: declined.id,
        status: "declined",
        payerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
      },
    });

    // Without popup=1 (a full-page checkout) only the older generic message is posted.
    const plain = await createPaypalOrder("20.00");
    const plainHtml = await (await fetch(`${emu.url}/paypal/checkoutnow/${plain.id}/approve`, { method: "POST" })).text();
    expect(pageMessages(plainHtml, { opener: true }).map((p) => (p.message as { source: string }).source)).toEqual([
      "genui-payment-emulator",
    ]);
  });

  it("when the SDK frames the Cashfree checkout (embedded=1), then any origin may frame it and pay, fail or an unknown session is posted to the parent", async () => {
    const order = await createCashfreeOrder();
    const pageRes = await fetch(`${emu.url}/cashfree/checkout/${order.payment_session_id}?embedded=1`);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get("x-frame-options")).toBeNull();
    expect(pageRes.headers.get("content-security-policy")).not.toContain("frame-ancestors");
    const html = await pageRes.text();
    expect(html).toContain(`action="${order.payment_session_id}/pay?embedded=1"`);
    expect(html).toContain(`action="${order.payment_session_id}/fail?embedded=1"`);

    const failed = await fetch(`${emu.url}/cashfree/checkout/${order.payment_session_id}/fail?embedded=1`, { method: "POST" });
    expect(pageMessages(await failed.text(), { parent: true })).toContainEqual({
      to: "parent",
      target: "*",
      message: {
        source: "genui-cashfree-emulator",
        session: order.payment_session_id,
        status: "failed",
        order_id: order.order_id,
      },
    });
    const paid = await fetch(`${emu.url}/cashfree/checkout/${order.payment_session_id}/pay?embedded=1`, { method: "POST" });
    expect(pageMessages(await paid.text(), { parent: true })).toContainEqual({
      to: "parent",
      target: "*",
      message: { source: "genui-cashfree-emulator", session: order.payment_session_id, status: "paid", order_id: order.order_id },
    });
    expect(await cashfreeStatus(order.order_id)).toBe("PAID");

    const unknown = await fetch(`${emu.url}/cashfree/checkout/session_nope?embedded=1`);
    expect(unknown.status).toBe(404);
    expect(pageMessages(await unknown.text(), { parent: true })).toEqual([
      { to: "parent", target: "*", message: { source: "genui-cashfree-emulator", session: "session_nope", status: "invalid" } },
    ]);
  });

  // --- Fault injection, controls, call log ---

  it("when failNext is set, then the next calls answer that status with the provider's error body, then calls succeed again", async () => {
    emu.failNext("cashfree", 503, 2);
    for (let i = 0; i < 2; i++) {
      const res = await cashfree("POST", "/orders", cfOrderBody());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: "internal error", code: "internal_error", type: "api_error" });
    }
    await createCashfreeOrder();

    emu.failNext("paypal", 500);
    const token = await tokenRequest(basic(PAYPAL.clientId, PAYPAL.clientSecret));
    expect(token.status).toBe(500);
    expect(await token.json()).toEqual({
      name: "INTERNAL_SERVER_ERROR",
      message: "An internal server error has occurred.",
      details: [],
    });
    expect((await tokenRequest(basic(PAYPAL.clientId, PAYPAL.clientSecret))).status).toBe(200);
  });

  it("when delayNext is set, then the next call waits long enough for a client timeout and the one after is prompt", async () => {
    emu.delayNext("cashfree", 600);
    await expect(
      fetch(`${emu.cashfreeBaseUrl}/orders/whatever`, { headers: cfHeaders, signal: AbortSignal.timeout(150) }),
    ).rejects.toThrow();
    const started = Date.now();
    expect((await cashfree("GET", "/orders/whatever")).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("when the HTTP controls are used, then they drive orders like the methods do, and calls() logs the API calls", async () => {
    expect(await (await fetch(`${emu.url}/__emulator/healthz`)).json()).toEqual({ ok: true });
    expect((await fetch(`${emu.url}/healthz`)).status).toBe(200);

    const pp = await createPaypalOrder("3.00");
    const approve = await fetch(`${emu.url}/__emulator/paypal/orders/${pp.id}/approve`, { method: "POST" });
    expect(await approve.json()).toEqual({ ok: true, status: "APPROVED" });
    expect((await capture(pp.id, "via-control")).status).toBe(201);

    const cf = await createCashfreeOrder();
    const pay = await fetch(`${emu.url}/__emulator/cashfree/orders/${cf.order_id}/pay`, { method: "POST" });
    expect(await pay.json()).toEqual({ ok: true, status: "PAID" });
    const unknown = await fetch(`${emu.url}/__emulator/cashfree/orders/nope/expire`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect((await fetch(`${emu.url}/no/such/route`)).status).toBe(404);

    const logged = emu.calls("paypal").filter((c) => c.path === `/paypal/v2/checkout/orders/${pp.id}/capture`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ method: "POST", body: {}, headers: { "paypal-request-id": "via-control" } });
    expect(emu.calls("cashfree").every((c) => c.path.startsWith("/cashfree/pg/"))).toBe(true);
    expect(emu.calls().length).toBe(emu.calls("paypal").length + emu.calls("cashfree").length);
  });
});
