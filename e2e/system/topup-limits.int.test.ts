import { randomUUID } from "node:crypto";
import { DistributedLock, IDENTITY_HEADER, signIdentity } from "@genui/chassis";
import { QUEUES } from "@genui/contracts";
import { TEST_IDENTITY_SECRET, testInfra } from "@genui/testkit";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { BrowserClient } from "../support/client";
import { eventually } from "../support/eventually";
import { signUp as confirmedSignUp } from "../support/signup";
import { startStack, type Stack } from "../support/stack";

/**
 * Attacks on top-up orders through two copies of billing (behind the load balancer, and each copy called directly):
 * a flood of order requests, a burst past the cap of open orders, a burst of one identical request, and orders left
 * unpaid past their deadline. Every order made is a real order at the payment stand-ins (sims/) and a polling job.
 */
const MAX_OPEN = 5;
const RATE = { max: 25, windowSeconds: 600 };
/** The poll jobs still to run (a closed order's job is dropped or has ended). */
const PENDING_STATES = new Set(["delayed", "waiting", "active", "prioritized", "waiting-children"]);

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

describe("limits on top-up orders, with two copies of billing", () => {
  let stack: Stack;
  let redis: Redis;
  let pollQueue: Queue;

  beforeAll(async () => {
    stack = await startStack({
      replicas: 2,
      payments: true,
      billingEnv: {
        TOPUP_ORDER_RATE_PER_USER: `${RATE.max}/${RATE.windowSeconds}`,
        TOPUP_MAX_OPEN_ORDERS: String(MAX_OPEN),
        ORDER_POLL_DELAY_MS: "300",
        ORDER_POLL_MAX_DELAY_MS: "1000",
        PAYMENT_PROVIDER_TIMEOUT_MS: "5000",
      },
    });
    redis = new Redis(testInfra().redisUrl, { maxRetriesPerRequest: null });
    pollQueue = new Queue(QUEUES.billingOrderPoll.name, { connection: redis, prefix: `${stack.prefix}bull` });
  });
  afterAll(async () => {
    await pollQueue?.close();
    redis?.disconnect();
    await stack?.stop();
  });

  const orders = () => stack.billing.ctx.mongo!.collection<{ _id: string; status: string; expiresAt: Date }>("orders");
  const emu = () => stack.payments!;

  /** A signed-up user (through the BFF, as the SPA does) paying in `currency`. */
  const signUp = async (currency: "USD" | "INR" = "USD") => {
    const client = new BrowserClient(stack.bff.url);
    const res = await confirmedSignUp(client, {
      email: `l-${randomUUID()}@genui.dev`,
      password: "password123",
    });
    expect(res.status).toBe(201);
    const userId = ((await res.json()) as { id: string }).id;
    expect((await client.post("/billing/api/v1/currency/", { currency })).status).toBe(200);
    return { client, userId };
  };
  const answer = async (res: Response): Promise<Answer> => ({
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as Record<string, unknown>,
  });
  /** Asks copy `copy` of billing itself (as the BFF would, with the user's signed identity) for an order. */
  const createAt = (copy: number, userId: string, amount: number) =>
    fetch(`${stack.copies.billing[copy]!.url}/billing/api/v1/orders/create/`, {
      method: "POST",
      headers: { "content-type": "application/json", [IDENTITY_HEADER]: signIdentity(userId, TEST_IDENTITY_SECRET) },
      body: JSON.stringify({ amount }),
    }).then(answer);
  /** `n` order requests at once, alternating between the two copies; `amount(i)` is the i-th request's amount. */
  const burst = (userId: string, n: number, amount: (i: number) => number) =>
    Promise.all(Array.from({ length: n }, (_, i) => createAt(i % 2, userId, amount(i))));
  /** The orders the payment providers were asked to create for the user. */
  const providerOrders = (userId: string) =>
    emu()
      .calls()
      .filter((c) => c.method === "POST" && /\/(v2\/checkout\/orders|pg\/orders)$/.test(c.path))
      .filter((c) => JSON.stringify(c.body).includes(userId));
  /** The user's orders whose polling job is still to run. */
  const pendingPolls = async (userId: string) => {
    const ids = (await orders().find({ userId }).toArray()).map((o) => o._id);
    const states = await Promise.all(ids.map((id) => pollQueue.getJobState(id)));
    return ids.filter((_, i) => PENDING_STATES.has(states[i]!));
  };
  /** Moves the user's open orders' deadline into the past, as if they had been left unpaid that long. */
  const ageOpenOrders = async (userId: string) => {
    const lock = new DistributedLock(stack.billing.ctx.redis!, `${stack.prefix}lock:order:`);
    const open = await orders()
      .find({ userId, status: { $in: ["creating", "created"] } })
      .toArray();
    for (const o of open)
      await lock.run(o._id, () => orders().updateOne({ _id: o._id }, { $set: { expiresAt: new Date(Date.now() - 1_000) } }));
    return open.map((o) => o._id);
  };

  it("when one user floods order requests through the BFF, then past the budget each is 429 with Retry-After and the error the top-up dialog shows", async () => {
    const { client, userId } = await signUp();
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.post("/billing/api/v1/orders/create/", { amount: 10 + i }).then(answer)),
    );
    const limited = flood.filter((a) => a.status === 429);
    expect(limited).toHaveLength(40 - RATE.max);
    for (const a of limited) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(RATE.windowSeconds);
      expect(a.body).toMatchObject({
        code: "BILLING.ORDER_RATE_LIMITED",
        error: expect.stringMatching(
          /^Too many top-up orders: at most 25 every 10 minutes\. Try again in \d+ (seconds?|minutes)\.$/,
        ),
      });
      expect(a.body.message).toBe(a.body.error);
    }
    // The rest met the cap of open orders: no more orders than it exist, here or at the provider.
    expect(flood.filter((a) => a.status === 201)).toHaveLength(MAX_OPEN);
    expect(await orders().countDocuments({ userId })).toBe(MAX_OPEN);
    expect(providerOrders(userId)).toHaveLength(MAX_OPEN);
    // The window is the user's on every copy.
    expect((await createAt(0, userId, 10)).status).toBe(429);
    expect((await createAt(1, userId, 10)).status).toBe(429);
  });

  it("when 20 different orders are asked for at once from both copies, then at most the cap exist and the rest are 409 saying how many are open", async () => {
    const { client, userId } = await signUp("USD");
    const results = await burst(userId, 20, (i) => 10 + i);
    const created = results.filter((a) => a.status === 201);
    const refused = results.filter((a) => a.status === 409);
    expect(created).toHaveLength(MAX_OPEN);
    expect(refused).toHaveLength(20 - MAX_OPEN);
    for (const a of refused) {
      expect(a.body).toMatchObject({
        code: "BILLING.TOO_MANY_OPEN_ORDERS",
        open_orders: MAX_OPEN,
        max_open_orders: MAX_OPEN,
        error: expect.stringMatching(
          /^You have 5 unpaid top-up orders open; at most 5 may be open at once\. Complete the payment of one of them, or try again in \d+ minutes?, when the oldest one expires\.$/,
        ),
      });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(await orders().countDocuments({ userId })).toBe(MAX_OPEN);
    expect(providerOrders(userId)).toHaveLength(MAX_OPEN);
    // The poller's work is bounded by the cap: one job per open order.
    expect((await pendingPolls(userId)).length).toBeLessThanOrEqual(MAX_OPEN);

    // Paying one frees its place at once, and its poll is dropped.
    const paid = created[0]!.body.paypal_order_id as string;
    emu().approvePaypal(paid);
    expect((await client.post(`/billing/api/v1/orders/paypal/${paid}/capture/`, {})).status).toBe(200);
    const next = await createAt(1, userId, 99);
    expect(next.status).toBe(201);
    expect(await orders().countDocuments({ userId, status: "created" })).toBe(MAX_OPEN);
    // (A poll that was running when the order was paid ends by itself on seeing it paid.)
    expect(
      (
        await eventually(
          () => pendingPolls(userId),
          (p) => p.length <= MAX_OPEN,
          20_000,
        )
      ).length,
    ).toBeLessThanOrEqual(MAX_OPEN);
  });

  it("when the same order is asked for 20 times at once from both copies, then exactly one order exists and every answer carries its ids", async () => {
    for (const currency of ["USD", "INR"] as const) {
      const { userId } = await signUp(currency);
      const results = await burst(userId, 20, () => 25);
      expect(results.map((a) => a.status).sort((a, b) => a - b)).toEqual([...Array<number>(19).fill(200), 201]);
      const first = results.find((a) => a.status === 201)!.body;
      if (currency === "USD") expect(first).toEqual({ paypal_order_id: expect.stringMatching(/^[A-Z0-9]{17}$/) });
      else
        expect(first).toEqual({
          payment_session_id: expect.stringMatching(/^session_/),
          cashfree_order_id: expect.stringMatching(/^ord_/),
          order_id: first.cashfree_order_id,
        });
      for (const a of results) expect(a.body).toEqual(first);
      expect(await orders().countDocuments({ userId })).toBe(1);
      expect(providerOrders(userId)).toHaveLength(1);
      // Another amount is another order.
      expect((await createAt(0, userId, 26)).status).toBe(201);
      expect(await orders().countDocuments({ userId })).toBe(2);
    }
  });

  it("when one copy is capturing an order and the same amount is asked of the other copy, then the other makes a new order", async () => {
    const { userId } = await signUp();
    const first = await createAt(0, userId, 10);
    expect(first.status).toBe(201);
    const id = first.body.paypal_order_id as string;
    emu().approvePaypal(id);
    // PayPal holds the capture asked of copy 0 while copy 1 is asked for the same amount.
    emu().delayNext("paypal", 1_000, 1);
    const capture = fetch(`${stack.copies.billing[0]!.url}/billing/api/v1/orders/paypal/${id}/capture/`, {
      method: "POST",
      headers: { [IDENTITY_HEADER]: signIdentity(userId, TEST_IDENTITY_SECRET) },
    }).then(answer);
    const capturing = () =>
      emu()
        .calls("paypal")
        .some((c) => c.method === "POST" && c.path.endsWith(`/${id}/capture`));
    expect(await eventually(capturing, Boolean)).toBe(true);
    const second = await createAt(1, userId, 10);
    expect(second.status).toBe(201);
    expect(second.body.paypal_order_id).not.toBe(id);
    expect((await capture).body).toEqual({ status: "COMPLETED" });
    expect(await orders().countDocuments({ userId })).toBe(2);
  });

  it("when a user's open orders stay unpaid past their deadline, then they stop being polled, stop counting, and new orders can be made", async () => {
    const { userId } = await signUp("INR");
    const first = await burst(userId, MAX_OPEN, (i) => 10 + i);
    expect(first.map((a) => a.status)).toEqual(Array<number>(MAX_OPEN).fill(201));
    expect((await createAt(0, userId, 50)).status).toBe(409);

    // Past the deadline they no longer count, whether or not their poll has come round yet.
    const aged = await ageOpenOrders(userId);
    expect(aged).toHaveLength(MAX_OPEN);
    expect((await createAt(1, userId, 50)).status).toBe(201);
    const states = await orders()
      .find({ _id: { $in: aged } })
      .toArray();
    expect(states.map((o) => o.status)).toEqual(Array<string>(MAX_OPEN).fill("expired"));
    expect(
      await eventually(
        () => pendingPolls(userId),
        (p) => p.length === 1,
        20_000,
      ),
    ).toHaveLength(1);

    // An order left alone past its deadline: its next poll closes it and polling it ends.
    const [last] = await ageOpenOrders(userId);
    expect(
      await eventually(
        async () => (await orders().findOne({ _id: last! }))?.status,
        (s) => s === "expired",
        20_000,
      ),
    ).toBe("expired");
    expect(
      await eventually(
        () => pendingPolls(userId),
        (p) => p.length === 0,
        20_000,
      ),
    ).toEqual([]);
    expect((await createAt(0, userId, 50)).status).toBe(201);
  });
});
