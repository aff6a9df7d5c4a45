import { randomUUID } from "node:crypto";
import { MessageBus, connectNats, createLogger } from "@genui/chassis";
import { COMMANDS, EVENTS, REPLY_ERRORS } from "@genui/contracts";
import { TEST_IDENTITY_SECRET, testInfra } from "@genui/testkit";
import { WalletRepository } from "../../services/billing/src/store/wallet.repository";
import { Holds } from "../../services/billing/src/store/holds.store";
import { Wallets, walletLock } from "../../services/billing/src/use-cases/wallets";
import { loadBillingConfig } from "../../services/billing/src/config";
import { runReconcile } from "../../services/billing/src/jobs/reconcile";
import { BrowserClient } from "../support/client";
import { eventually } from "../support/eventually";
import { signUp as confirmedSignUp } from "../support/signup";
import { startStack, type Stack } from "../support/stack";

describe("wallets, holds and metering", () => {
  let stack: Stack;
  let bus: MessageBus;
  let wallets: Wallets;
  let holds: Holds;
  const logger = createLogger("billing-test", "silent");

  beforeAll(async () => {
    stack = await startStack();
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "billing-test", logger), {
      prefix: stack.prefix,
      source: "generation",
      logger,
    });
    await bus.ensureStream("GENERATION");
    // The billing service's own ledger code on its own database, to put credits in (top-ups arrive later).
    const repo = new WalletRepository(stack.billing.ctx.mongo!);
    const billing = stack.billing.ctx;
    const lock = walletLock(billing.redis!, stack.prefix);
    holds = new Holds(billing.redis!, stack.prefix);
    wallets = new Wallets(repo, logger, lock, holds);
  });
  afterAll(async () => {
    await bus.close();
    await stack.stop();
  });

  const signUp = async () => {
    const c = new BrowserClient(stack.bff.url);
    const res = await confirmedSignUp(c, { email: `w-${randomUUID()}@genui.dev`, password: "password123" });
    expect(res.status).toBe(201);
    return { client: c, userId: ((await res.json()) as { id: string }).id };
  };
  const balanceOf = async (c: BrowserClient) =>
    (await (await c.get("/billing/api/v1/balance")).json()) as { balance: number; currency: string };
  const completed = (
    userId: string,
    requestId: string,
    extra: Partial<{ model: string; inputTokens: bigint; outputTokens: bigint; holdId: string }> = {},
  ) =>
    bus.publish(EVENTS.generationCompleted, {
      requestId,
      userId,
      model: "genui-pluto-0.1",
      inputTokens: 1_000n,
      outputTokens: 2_000n,
      finishReason: "stop",
      ...extra,
    });
  // genui-pluto-0.1: $0.50 / 1M input, $2.00 / 1M output → 1,000 in + 2,000 out = 500 + 4,000 micro-dollars.
  const COST = 4_500;
  // Usage is debited up to its request's hold (the generation API places it before a request runs): 10,000 µ$ here.
  const authorize = async (userId: string, requestId: string) =>
    expect(
      await bus.request(COMMANDS.authorizeBalance, {
        requestId,
        userId,
        model: "genui-pluto-0.1",
        maxInputTokens: 4_000n,
        maxOutputTokens: 4_000n,
      }),
    ).toMatchObject({ authorized: true });

  it("when a user signs up, then a wallet with a zero dollar balance exists; logged out, 401", async () => {
    const { client, userId } = await signUp();
    await eventually(
      () => stack.billing.ctx.mongo!.collection("wallets").countDocuments({ _id: userId as never }),
      (n) => n === 1,
    );
    expect(await balanceOf(client)).toEqual({ balance: 0, currency: "USD" });
    expect((await new BrowserClient(stack.bff.url).get("/billing/api/v1/balance")).status).toBe(401);
  });

  it("when metering's consumer is asked, then it never gives up on a usage event (a charge given up on is lost)", async () => {
    const jsm = await bus.nc.jetstreamManager();
    const info = await eventually(
      () => jsm.consumers.info(bus.streamName("GENERATION"), "billing-metering").catch(() => undefined),
      (i) => i !== undefined,
    );
    expect(info!.config.max_deliver).toBe(-1);
  });

  it("when the same usage is published 10 times at once, then it is debited once and the ledger reconciles", async () => {
    const { client, userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 1_000_000, "adjustment");
    const requestId = randomUUID();
    await authorize(userId, requestId);
    await Promise.all(Array.from({ length: 10 }, () => completed(userId, requestId)));
    const after = await eventually(
      () => balanceOf(client),
      (b) => b.balance !== 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(after.balance).toBe((1_000_000 - COST) / 1_000_000);
    expect((await balanceOf(client)).balance).toBe((1_000_000 - COST) / 1_000_000);
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 1_000_000 - COST });
    // One credit and one debit in the ledger, however often the usage arrived.
    const entries = await new WalletRepository(stack.billing.ctx.mongo!).ledger.find({ userId }).lean().exec();
    expect(entries.map((e) => Number(e.amount)).sort((a, b) => a - b)).toEqual([-COST, 1_000_000]);
  });

  it("when 50 authorisations race for a small balance, then exactly as many as it covers succeed and nothing overdraws", async () => {
    const { userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 45_000, "adjustment");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        bus.request(
          COMMANDS.authorizeBalance,
          { requestId: randomUUID(), userId, model: "genui-pluto-0.1", maxInputTokens: 1_000n, maxOutputTokens: 2_000n },
          { timeoutMs: 10_000 },
        ),
      ),
    );
    expect(results.filter((r) => r.authorized)).toHaveLength(10);
    expect(results.filter((r) => !r.authorized).every((r) => r.reason === "insufficient")).toBe(true);
    expect(await wallets.get(userId)).toMatchObject({ balance: 45_000 });
    expect(await wallets.holdsOf(userId)).toEqual({ held: 45_000, available: 0, holds: 10 });
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true });
  });

  it("when usage settles a hold, then the debit and the release happen together; an abandoned hold expires", async () => {
    const { userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 100_000, "adjustment");
    const ask = (requestId: string) =>
      bus.request(COMMANDS.authorizeBalance, {
        requestId,
        userId,
        model: "genui-pluto-0.1",
        maxInputTokens: 10_000n,
        maxOutputTokens: 10_000n,
      });
    const settled = randomUUID();
    const hold = await ask(settled);
    expect(hold).toMatchObject({ authorized: true, heldMicros: 25_000n, availableMicros: 75_000n });
    expect(await ask(settled)).toMatchObject({ authorized: true, holdId: hold.holdId, availableMicros: 75_000n });
    await ask(randomUUID());
    await completed(userId, settled, { holdId: hold.holdId });
    await eventually(
      () => wallets.get(userId),
      (x) => x.balance !== 100_000,
    );
    expect(await wallets.holdsOf(userId)).toEqual({ held: 25_000, available: 100_000 - COST - 25_000, holds: 1 });
    // An hour later the other hold has expired: inspecting the wallet then drops it.
    expect(await holds.inspect(userId, Date.now() + 3_600_000)).toMatchObject({ held: 0, holds: 0 });
    expect(await wallets.holdsOf(userId)).toEqual({ held: 0, available: 100_000 - COST, holds: 0 });
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 100_000 - COST });
  });

  it("when a usage event claims more than its hold, then the debit is clamped to the hold and the wallet never goes below zero", async () => {
    const { client, userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 4_500, "adjustment");
    const requestId = randomUUID();
    // The hold covers 1,000 input and 2,000 output tokens: 4,500 micro-dollars, the whole balance.
    const hold = await bus.request(COMMANDS.authorizeBalance, {
      requestId,
      userId,
      model: "genui-pluto-0.1",
      maxInputTokens: 1_000n,
      maxOutputTokens: 2_000n,
    });
    expect(hold).toMatchObject({ authorized: true, heldMicros: 4_500n });
    // The request's passes (or a misbehaving upstream) report ten times what was held.
    await completed(userId, requestId, { holdId: hold.holdId, inputTokens: 10_000n, outputTokens: 20_000n });
    await eventually(
      () => new WalletRepository(stack.billing.ctx.mongo!).ledger.findById(`usage:${requestId}`).lean(),
      (e) => !!e,
    );
    // The ledger entry is written before the wallet it moves: wait for the wallet (a debit past the hold would show
    // as a negative balance here and fail below).
    const after = await eventually(
      () => balanceOf(client),
      (b) => b.balance <= 0,
    );
    expect(after.balance).toBe(0);
    expect(await wallets.holdsOf(userId)).toEqual({ held: 0, available: 0, holds: 0 });
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 0 });
    // The entry keeps what was held and what the usage would have cost; operators see the clamp in /metrics.
    expect(await new WalletRepository(stack.billing.ctx.mongo!).ledger.findById(`usage:${requestId}`).lean()).toMatchObject({
      amount: -4_500,
      held: 4_500,
      cost: 45_000,
    });
    // Counted by the copy of billing that metered it (in replica mode, either): every copy's /metrics together.
    const metrics = (
      await Promise.all(stack.copies.billing.map(async (copy) => (await fetch(`${copy.url}/metrics`)).text()))
    ).join("\n");
    expect(metrics).toMatch(/billing_usage_clamped_total\{reason="over_hold"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/billing_usage_clamped_micros_total\{reason="over_hold"[^}]*\} [1-9]/);
  });

  it("when usage arrives for a request that never held anything, then nothing is debited", async () => {
    const { client, userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 100_000, "adjustment");
    const requestId = randomUUID();
    await completed(userId, requestId);
    await eventually(
      () => new WalletRepository(stack.billing.ctx.mongo!).ledger.findById(`usage:${requestId}`).lean(),
      (e) => !!e,
    );
    expect((await balanceOf(client)).balance).toBe(0.1);
    // The entry is written before its batch is applied to the wallet and the holds' mirror: wait for the ledger to
    // prove the balance (a clean-clone run read the mirror one version behind), then nothing was debited.
    const proven = await eventually(
      () => wallets.reconcile(userId),
      (r) => r.ok,
    );
    expect(proven).toMatchObject({ ok: true, balance: 100_000 });
  });

  it("when usage names an unknown model or no user, then it is terminated and later usage is still debited", async () => {
    const { client, userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 1_000_000, "adjustment");
    await completed(userId, randomUUID(), { model: "no-such-model" });
    await completed("", randomUUID());
    const later = randomUUID();
    await authorize(userId, later);
    await completed(userId, later);
    expect(
      (
        await eventually(
          () => balanceOf(client),
          (b) => b.balance < 1,
        )
      ).balance,
    ).toBe((1_000_000 - COST) / 1_000_000);
    const jsm = await bus.nc.jetstreamManager();
    const info = await eventually(
      () => jsm.consumers.info(bus.streamName("GENERATION"), "billing-metering"),
      (i) => i.num_ack_pending === 0,
    );
    expect(info.num_ack_pending).toBe(0);
  });

  it("when authorisation names an unknown model, then INVALID_REQUEST", async () => {
    await expect(bus.request(COMMANDS.authorizeBalance, { requestId: "r", userId: "u", model: "nope" })).rejects.toMatchObject({
      code: REPLY_ERRORS.INVALID_REQUEST,
    });
  });

  it("when a ledger key is applied twice, then the second is refused and the balance counts it once", async () => {
    const { userId } = await signUp();
    expect(await wallets.apply(userId, "once-key", 7_000, "adjustment")).toBe(true);
    expect(await wallets.apply(userId, "once-key", 7_000, "adjustment")).toBe(false);
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 7_000 });
  });

  it("when a balance passes 2^31 micro-dollars ($2,147.48), then it keeps counting (the store wrapped a 32-bit $inc)", async () => {
    // A top-up-heavy account crosses it; the soak's did, and its balance read −$1,835 against a ledger of $2,459.
    const { client, userId } = await signUp();
    for (let i = 0; i < 3; i++) expect(await wallets.apply(userId, `big-${i}-${userId}`, 1_000_000_000, "adjustment")).toBe(true);
    expect(await wallets.apply(userId, `small-${userId}`, -7, "adjustment")).toBe(true);
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 2_999_999_993 });
    expect((await balanceOf(client)).balance).toBeCloseTo(2_999.999993, 6);
  });

  it("when ledger batches were interrupted (entries written; or carried but not finished), then the sweep finishes each once", async () => {
    const { userId } = await signUp();
    const repo = new WalletRepository(stack.billing.ctx.mongo!);
    const old = new Date(Date.now() - 60_000);
    // Stopped after step 2: one of its two entries was written.
    const open = `open-${userId}`;
    await repo.batches.create({ _id: open, state: "open", keys: [`a:${userId}`, `b:${userId}`], createdAt: old, updatedAt: old });
    await repo.ledger.create({ _id: `a:${userId}`, userId, amount: 5_000, source: "adjustment", batch: open, createdAt: old });
    // Stopped after step 4: the wallet already carries it, the batch document is still there.
    const carried = `carried-${userId}`;
    const sums = [{ userId, amount: 3_000, count: 1, holdIds: [], sources: ["adjustment" as const] }];
    await repo.batches.create({
      _id: carried,
      state: "recorded",
      keys: [`c:${userId}`],
      wallets: sums,
      createdAt: old,
      updatedAt: old,
    });
    await repo.ledger.create({ _id: `c:${userId}`, userId, amount: 3_000, source: "adjustment", batch: carried, createdAt: old });
    await wallets.ensure(userId);
    await repo.wallets.updateOne(
      { _id: userId },
      { $inc: { balance: 3_000, version: 1 }, $set: { [`applied.${carried}`]: true } },
    );
    expect(await wallets.reconcile(userId)).toMatchObject({ balance: 3_000, ledgerSum: 3_000 });
    // The service's own sweep races this one: the wallet guard and lock keep it to one application each.
    await wallets.recover(1_000);
    await wallets.recover(1_000);
    expect(await wallets.get(userId)).toMatchObject({ balance: 8_000 });
    expect(await repo.batches.countDocuments({ _id: { $in: [open, carried] } })).toBe(0);
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 8_000, ledgerSum: 8_000 });
    expect(await wallets.apply(userId, `b:${userId}`, 1_000, "adjustment")).toBe(true);
    expect(await wallets.apply(userId, `a:${userId}`, 5_000, "adjustment")).toBe(false);
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 9_000 });
  });

  it("when every wallet is reconciled in one pass, then all agree; a tampered balance is reported", async () => {
    const { userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 30_000, "adjustment");
    const clean = await wallets.reconcileAll();
    expect(clean.mismatches).toEqual([]);
    expect(clean.wallets).toBeGreaterThan(3);
    await stack.billing.ctx.mongo!.collection("wallets").updateOne({ _id: userId as never }, { $inc: { balance: 1 } });
    expect((await wallets.reconcileAll()).mismatches).toEqual([
      expect.objectContaining({ userId, balance: 30_001, ledgerSum: 30_000 }),
    ]);
    await stack.billing.ctx.mongo!.collection("wallets").updateOne({ _id: userId as never }, { $inc: { balance: -1 } });
  });

  it("when the reconciliation job runs (main.js reconcile), then it prints each mismatch and answers exit code 1; clean, 0", async () => {
    const { userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 20_000, "adjustment");
    const config = loadBillingConfig({
      LOG_LEVEL: "silent",
      INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      MONGO_URL: testInfra().mongoUrl,
      MONGO_DB: stack.billing.ctx.mongo!.name,
      NATS_URL: testInfra().natsUrl,
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: stack.prefix,
    });
    const run = async () => {
      let text = "";
      const code = await runReconcile(config, { write: (chunk: string) => ((text += chunk), true) } as NodeJS.WritableStream);
      return { code, text };
    };
    const clean = await run();
    expect(clean.code).toBe(0);
    expect(clean.text).toMatch(/ wallets, \d+ ledger entries, 0 mismatches, 0 debits over their hold, 0 wallets below zero\n$/);
    await stack.billing.ctx.mongo!.collection("wallets").updateOne({ _id: userId as never }, { $inc: { balance: 7 } });
    const tampered = await run();
    expect(tampered.code).toBe(1);
    expect(tampered.text).toContain(`MISMATCH wallet ${userId}: balance 20007, ledger 20000`);
    await stack.billing.ctx.mongo!.collection("wallets").updateOne({ _id: userId as never }, { $inc: { balance: -7 } });
  });
});
