import { randomUUID } from "node:crypto";
import { createLogger } from "@genui/chassis";
import { QUEUES } from "@genui/contracts";
import { Queue } from "bullmq";
import { signCashfreeWebhook, startPaymentEmulator, type PaymentEmulator } from "@genui/sims";
import { Holds } from "../../services/billing/src/store/holds.store";
import { WalletRepository } from "../../services/billing/src/store/wallet.repository";
import { Wallets, walletLock } from "../../services/billing/src/use-cases/wallets";
import { BrowserClient } from "../support/client";
import { eventually } from "../support/eventually";
import { signUp as confirmedSignUp } from "../support/signup";
import { startStack, type Stack } from "../support/stack";

const CREDS = {
  paypal: { clientId: "pp-test-client", clientSecret: "pp-test-secret" },
  cashfree: { clientId: "cf-test-client", clientSecret: "cf-test-secret" },
};

describe("top-ups with PayPal and Cashfree", () => {
  let emu: PaymentEmulator;
  let stack: Stack;
  const logger = createLogger("topups-test", "silent");

  beforeAll(async () => {
    emu = await startPaymentEmulator(CREDS);
    stack = await startStack({
      billingEnv: {
        PAYPAL_BASE_URL: emu.paypalBaseUrl,
        PAYPAL_CLIENT_ID: CREDS.paypal.clientId,
        PAYPAL_CLIENT_SECRET: CREDS.paypal.clientSecret,
        CASHFREE_BASE_URL: emu.cashfreeBaseUrl,
        CASHFREE_CLIENT_ID: CREDS.cashfree.clientId,
        CASHFREE_CLIENT_SECRET: CREDS.cashfree.clientSecret,
        PAYMENT_PROVIDER_TIMEOUT_MS: "1500",
        ORDER_POLL_DELAY_MS: "300",
        ORDER_POLL_MAX_DELAY_MS: "1000",
      },
    });
  });
  afterAll(async () => {
    await stack.stop();
    await emu.close();
  });

  const signUp = async (currency?: "USD" | "INR") => {
    const c = new BrowserClient(stack.bff.url);
    const res = await confirmedSignUp(c, { email: `t-${randomUUID()}@genui.dev`, password: "password123" });
    expect(res.status).toBe(201);
    const userId = ((await res.json()) as { id: string }).id;
    if (currency) expect((await c.post("/billing/api/v1/currency/", { currency })).status).toBe(200);
    return { client: c, userId };
  };
  const balanceOf = async (c: BrowserClient) =>
    ((await (await c.get("/billing/api/v1/balance")).json()) as { balance: number }).balance;
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  const wallets = () => {
    const b = stack.billing.ctx;
    return new Wallets(
      new WalletRepository(b.mongo!),
      logger,
      walletLock(b.redis!, stack.prefix),
      new Holds(b.redis!, stack.prefix),
    );
  };
  /** The top-up credits recorded in the ledger for an order (one, ever, however many paths learn of the payment). */
  const topUpCredits = (ref: { orderId?: string; userId?: string }) =>
    new WalletRepository(stack.billing.ctx.mongo!).ledger
      .find({
        source: "top_up",
        ...(ref.orderId ? { reference: ref.orderId } : {}),
        ...(ref.userId ? { userId: ref.userId } : {}),
      })
      .lean()
      .exec();

  it("when a user asks for a quote, then USD by default and INR at the configured rate once chosen; bad amounts are 400", async () => {
    const { client } = await signUp();
    expect(await json(await client.post("/billing/api/v1/currency/exchange-rate/", { amount: 25 }))).toEqual({
      status: 200,
      body: {
        amount: 25,
        currency: "USD",
        debug: true,
        paypal_client_id: CREDS.paypal.clientId,
        rate: 1,
        rate_date: "2026-11-01",
      },
    });
    expect((await json(await client.post("/billing/api/v1/currency/", { currency: "EUR" }))).status).toBe(400);
    await client.post("/billing/api/v1/currency/", { currency: "INR" });
    expect(await json(await client.get("/billing/api/v1/currency/"))).toMatchObject({ body: { currency: "INR" } });
    expect((await json(await client.post("/billing/api/v1/currency/exchange-rate/", { amount: "25.5" }))).body).toMatchObject({
      amount: 2154.75,
      currency: "INR",
      rate: 84.5,
    });
    expect(await json(await client.post("/billing/api/v1/currency/exchange-rate/", { amount: "abc" }))).toMatchObject({
      status: 400,
      body: { amount: ["Amount must be a number."], error: "Amount must be a number." },
    });
    expect((await new BrowserClient(stack.bff.url).post("/billing/api/v1/currency/exchange-rate/", { amount: 10 })).status).toBe(
      401,
    );
  });

  it("when an order has a bad amount, then 400 with field errors and the error the SPA reads; nothing is created", async () => {
    const { client, userId } = await signUp();
    const before = emu.calls().length;
    for (const [amount, message] of [
      ["ten", "Amount must be a number."],
      [0, "Amount must be greater than zero."],
      [-5, "Amount must be greater than zero."],
      [9.99, "Minimum top-up is $10."],
      [5_000.01, "Maximum top-up is $5000."],
      [10.005, "Amount can have at most two decimals."],
      [undefined, "Enter an amount in US dollars."],
    ] as const)
      expect(await json(await client.post("/billing/api/v1/orders/create/", { amount }))).toMatchObject({
        status: 400,
        body: { amount: [message], error: message },
      });
    expect(emu.calls().length).toBe(before);
    expect(await stack.billing.ctx.mongo!.collection("orders").countDocuments({ userId })).toBe(0);
  });

  it("when a PayPal order is approved and captured (also twice at once, and again), then the wallet is credited once", async () => {
    const { client, userId } = await signUp();
    const created = await json(await client.post("/billing/api/v1/orders/create/", { amount: 25 }));
    expect(created.status).toBe(201);
    const id = created.body.paypal_order_id as string;
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    const capture = () => client.post(`/billing/api/v1/orders/paypal/${id}/capture/`, {});
    expect(await json(await capture())).toMatchObject({ status: 422, body: { error: "The payment was not approved." } });
    emu.approvePaypal(id);
    const results = await Promise.all(Array.from({ length: 8 }, () => capture().then(json)));
    expect(results.every((r) => r.status === 200 && r.body.status === "COMPLETED")).toBe(true);
    expect(await json(await capture())).toEqual({ status: 200, body: { status: "COMPLETED" } });
    expect(await balanceOf(client)).toBe(25);
    await new Promise((r) => setTimeout(r, 300));
    const credits = await topUpCredits({ userId });
    expect(credits.map((e) => ({ key: e._id, amount: e.amount }))).toEqual([{ key: `topup:paypal:${id}`, amount: 25_000_000 }]);
    expect(await stack.billing.ctx.mongo!.collection("orders").findOne({ userId })).toMatchObject({
      status: "paid",
      payMinor: 2_500,
      payCurrency: "USD",
    });
    expect(await wallets().reconcile(userId)).toMatchObject({ ok: true, balance: 25_000_000 });
    // Someone else's order, or one that does not exist, is not found.
    const other = await signUp();
    expect((await other.client.post(`/billing/api/v1/orders/paypal/${id}/capture/`, {})).status).toBe(404);
    expect((await client.post(`/billing/api/v1/orders/paypal/NOSUCHORDER000000/capture/`, {})).status).toBe(404);
    // Every capture attempt is the same capture to PayPal: one PayPal-Request-Id for the order.
    const captures = emu.calls("paypal").filter((c) => c.method === "POST" && c.path.endsWith(`/${id}/capture`));
    expect(captures.length).toBeGreaterThan(1);
    expect(new Set(captures.map((c) => c.headers["paypal-request-id"])).size).toBe(1);
  });

  it("when the same amount is asked for while an order is being captured, then a new order is made (the one being paid is not handed out again)", async () => {
    const { client } = await signUp();
    const first = await json(await client.post("/billing/api/v1/orders/create/", { amount: 10 }));
    expect(first.status).toBe(201);
    const id = first.body.paypal_order_id as string;
    // Before anyone pays it, an identical request gets the same order (a second tab, a double click).
    expect(await json(await client.post("/billing/api/v1/orders/create/", { amount: 10 }))).toEqual({
      status: 200,
      body: first.body,
    });
    emu.approvePaypal(id);
    // PayPal is slow to answer the capture: the buyer's payment is under way while a second top-up is asked for (well
    // inside this stack's provider timeout, 1.5 s; had the capture ended first, a paid order is not handed out either).
    emu.delayNext("paypal", 500, 1);
    const capture = client.post(`/billing/api/v1/orders/paypal/${id}/capture/`, {}).then(json);
    const capturing = () => emu.calls("paypal").some((c) => c.method === "POST" && c.path.endsWith(`/${id}/capture`));
    expect(await eventually(capturing, Boolean)).toBe(true);
    const second = await json(await client.post("/billing/api/v1/orders/create/", { amount: 10 }));
    expect(second.status).toBe(201);
    expect(second.body.paypal_order_id).not.toBe(id);
    expect(await capture).toEqual({ status: 200, body: { status: "COMPLETED" } });
    // The new order is the buyer's to pay: approved and captured, it credits its own $10.
    emu.approvePaypal(second.body.paypal_order_id as string);
    expect(
      await json(await client.post(`/billing/api/v1/orders/paypal/${second.body.paypal_order_id as string}/capture/`, {})),
    ).toEqual({ status: 200, body: { status: "COMPLETED" } });
    expect(await balanceOf(client)).toBe(20);
  });

  it("when the buyer approved a PayPal order but the capture's answer was lost, or the capture never came, then the poll credits it once", async () => {
    // The capture reached PayPal, but its answer came too late for billing (504 to the browser): PayPal has the money.
    const lost = await signUp();
    const first = (await json(await lost.client.post("/billing/api/v1/orders/create/", { amount: 10 }))).body
      .paypal_order_id as string;
    emu.approvePaypal(first);
    emu.delayNext("paypal", 3_000, 1);
    expect((await lost.client.post(`/billing/api/v1/orders/paypal/${first}/capture/`, {})).status).toBe(504);
    // The buyer approved, then closed the tab: the capture call never comes.
    const gone = await signUp();
    const second = (await json(await gone.client.post("/billing/api/v1/orders/create/", { amount: 12 }))).body
      .paypal_order_id as string;
    emu.approvePaypal(second);
    for (const [who, id, dollars] of [
      [lost, first, 10],
      [gone, second, 12],
    ] as const) {
      const credits = await eventually(
        () => topUpCredits({ userId: who.userId }),
        (c) => c.length > 0,
        20_000,
      );
      expect(credits.map((e) => ({ key: e._id, amount: e.amount }))).toEqual([
        { key: `topup:paypal:${id}`, amount: dollars * 1_000_000 },
      ]);
      // The entry is written before the wallet carries it (docs/decisions.md, ledger batches): the balance follows.
      expect(
        await eventually(
          () => balanceOf(who.client),
          (b) => b === dollars,
          10_000,
        ),
      ).toBe(dollars);
      expect(await wallets().reconcile(who.userId)).toMatchObject({ ok: true, balance: dollars * 1_000_000 });
    }
    // One capture each at PayPal, however many paths asked.
    for (const id of [first, second]) {
      const captures = emu.calls("paypal").filter((c) => c.method === "POST" && c.path.endsWith(`/${id}/capture`));
      expect(new Set(captures.map((c) => c.headers["paypal-request-id"])).size).toBe(1);
    }
  });

  it("when PayPal fails or is slow, then a clear 502 / 504 and the order is not left half made", async () => {
    const { client, userId } = await signUp();
    emu.failNext("paypal", 500, 2);
    const failed = await json(await client.post("/billing/api/v1/orders/create/", { amount: 10 }));
    expect(failed).toMatchObject({ status: 502, body: { error: "PayPal is unavailable right now. Please try again." } });
    emu.delayNext("paypal", 3_000, 2);
    const slow = await json(await client.post("/billing/api/v1/orders/create/", { amount: 10 }));
    expect(slow).toMatchObject({ status: 504, body: { error: "PayPal did not answer in time. Please try again." } });
    expect(await balanceOf(client)).toBe(0);
    const orders = await stack.billing.ctx.mongo!.collection("orders").find({ userId }).toArray();
    expect(orders.map((o) => o.status)).toEqual(["failed", "failed"]);
  });

  it("when a Cashfree order is paid, then the webhook, the status call and the poll race and credit it once", async () => {
    const { client, userId } = await signUp("INR");
    const created = await json(await client.post("/billing/api/v1/orders/create/", { amount: 12 }));
    expect(created.status).toBe(201);
    const orderId = created.body.cashfree_order_id as string;
    expect(created.body).toMatchObject({ order_id: orderId, payment_session_id: expect.stringMatching(/^session_/) });
    expect(await json(await client.get(`/billing/api/v1/orders/cashfree/${orderId}/`))).toEqual({
      status: 200,
      body: { order_status: "ACTIVE" },
    });
    const order = emu
      .calls("cashfree")
      .find((c) => c.method === "POST" && (c.body as { order_id?: string }).order_id === orderId);
    expect(order?.body).toMatchObject({ order_amount: 1014, order_currency: "INR" });
    await emu.payCashfree(orderId);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => client.get(`/billing/api/v1/orders/cashfree/${orderId}/`).then(json)),
    );
    expect(statuses.every((s) => s.body.order_status === "PAID")).toBe(true);
    expect(await balanceOf(client)).toBe(12);
    // The order's poll is over (dropped when the order was paid, or ended by its own run finding it paid): no path is
    // left that could credit it again.
    const polls = new Queue(QUEUES.billingOrderPoll.name, {
      connection: stack.billing.ctx.redis!,
      prefix: `${stack.prefix}bull`,
    });
    try {
      const over = async () => {
        const job = await polls.getJob(orderId);
        return !job || (await job.isCompleted()) || (await job.isFailed());
      };
      expect(await eventually(over, Boolean, 20_000)).toBe(true);
    } finally {
      await polls.close();
    }
    expect(await topUpCredits({ orderId })).toHaveLength(1);
    expect(await balanceOf(client)).toBe(12);
    expect(await wallets().reconcile(userId)).toMatchObject({ ok: true, balance: 12_000_000 });
    expect((await (await signUp()).client.get(`/billing/api/v1/orders/cashfree/${orderId}/`)).status).toBe(404);
  });

  it("when a webhook's signature is wrong, then 401 and nothing is credited; a valid one without an order is ignored", async () => {
    const { client } = await signUp("INR");
    const created = await json(await client.post("/billing/api/v1/orders/create/", { amount: 10 }));
    const orderId = created.body.cashfree_order_id as string;
    const raw = JSON.stringify({ data: { order: { order_id: orderId } }, type: "PAYMENT_SUCCESS_WEBHOOK" });
    const ts = String(Date.now());
    const post = (signature: string, body = raw, timestamp = ts) =>
      fetch(`${stack.bff.url}/billing/api/v1/webhooks/cashfree/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-webhook-timestamp": timestamp, "x-webhook-signature": signature },
        body,
      });
    expect((await post(signCashfreeWebhook("not-the-secret", ts, raw))).status).toBe(401);
    expect(
      (await post(signCashfreeWebhook(CREDS.cashfree.clientSecret, ts, raw), raw.replace("PAYMENT_SUCCESS", "PAYMENT_FAILED")))
        .status,
    ).toBe(401);
    expect((await post("")).status).toBe(401);
    // Correctly signed, but Cashfree says the order is not paid: checked with Cashfree, nothing credited.
    expect((await post(signCashfreeWebhook(CREDS.cashfree.clientSecret, ts, raw))).status).toBe(200);
    expect(await balanceOf(client)).toBe(0);
    const unknown = JSON.stringify({ data: { order: { order_id: "ord_nope" } } });
    expect((await post(signCashfreeWebhook(CREDS.cashfree.clientSecret, ts, unknown), unknown)).status).toBe(200);
  });

  it("when billing is down while the payment happens, then its polling job survives the restart and credits once", async () => {
    const { client } = await signUp("INR");
    const created = await json(await client.post("/billing/api/v1/orders/create/", { amount: 15 }));
    const orderId = created.body.cashfree_order_id as string;
    await stack.stopBilling();
    // The webhook reaches the BFF but not billing; only the poll can notice the payment.
    await emu.payCashfree(orderId);
    await stack.startBilling();
    expect(
      await eventually(
        () => balanceOf(client),
        (b) => b === 15,
        20_000,
      ),
    ).toBe(15);
    expect(await topUpCredits({ orderId })).toHaveLength(1);
  });
});
