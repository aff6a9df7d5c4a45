import { randomUUID } from "node:crypto";
import { MessageBus, OutboxRelay, connectNats, createLogger, type ReceivedEvent } from "@genui/chassis";
import { COMMANDS, EVENTS, REPLY_ERRORS, type BalanceChangedSchema } from "@genui/contracts";
import { testInfra } from "@genui/testkit";
import { WalletRepository, type WalletRecord } from "../services/billing/src/store/wallet.repository";
import { Wallets, walletLock } from "../services/billing/src/wallets";
import { BrowserClient } from "./support/client";
import { eventually } from "./support/eventually";
import { startStack, type Stack } from "./support/stack";

describe("wallets, holds and metering", () => {
  let stack: Stack;
  let bus: MessageBus;
  let wallets: Wallets;
  const changes: ReceivedEvent<typeof BalanceChangedSchema>[] = [];
  const logger = createLogger("billing-test", "silent");

  beforeAll(async () => {
    stack = await startStack();
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "billing-test", logger), {
      prefix: stack.prefix,
      source: "generation",
      logger,
    });
    await bus.ensureStream("GENERATION");
    await bus.consume(EVENTS.balanceChanged, "observer-balance", async (e) => void changes.push(e));
    // The billing service's own ledger code on its own database, to put credits in (top-ups arrive later).
    const repo = new WalletRepository(stack.billing.ctx.mongo!);
    const billing = stack.billing.ctx;
    const lock = walletLock(billing.redis!, stack.prefix);
    const relay = new OutboxRelay<WalletRecord>(repo.wallets, billing.bus!, logger, lock);
    wallets = new Wallets(repo, billing.bus!, relay, logger, lock);
  });
  afterAll(async () => {
    await bus.close();
    await stack.stop();
  });

  const signUp = async () => {
    const c = new BrowserClient(stack.bff.url);
    const res = await c.post("/accounts/api/v1/register/", { email: `w-${randomUUID()}@genui.dev`, password: "password123" });
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

  it("when a user signs up, then a wallet with a zero dollar balance exists; logged out, 401", async () => {
    const { client, userId } = await signUp();
    await eventually(
      () => stack.billing.ctx.mongo!.collection("wallets").countDocuments({ _id: userId as never }),
      (n) => n === 1,
    );
    expect(await balanceOf(client)).toEqual({ balance: 0, currency: "USD" });
    expect((await new BrowserClient(stack.bff.url).get("/billing/api/v1/balance")).status).toBe(401);
  });

  it("when the same usage is published 10 times at once, then it is debited once and the ledger reconciles", async () => {
    const { client, userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 1_000_000, "adjustment");
    const requestId = randomUUID();
    await Promise.all(Array.from({ length: 10 }, () => completed(userId, requestId)));
    const after = await eventually(
      () => balanceOf(client),
      (b) => b.balance !== 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(after.balance).toBe((1_000_000 - COST) / 1_000_000);
    expect((await balanceOf(client)).balance).toBe((1_000_000 - COST) / 1_000_000);
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 1_000_000 - COST });
    const mine = await eventually(
      async () => changes.filter((c) => c.payload.userId === userId),
      (c) => c.length >= 2,
    );
    expect(mine.map((c) => Number(c.payload.deltaMicros)).sort((a, b) => a - b)).toEqual([-COST, 1_000_000]);
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
    const w = await wallets.get(userId);
    expect(w).toMatchObject({ balance: 45_000, available: 0, heldTotal: 45_000 });
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
    const w = await eventually(
      () => wallets.get(userId),
      (x) => x.balance !== 100_000,
    );
    expect(w).toMatchObject({ balance: 100_000 - COST, available: 100_000 - COST - 25_000, heldTotal: 25_000 });
    expect(await wallets.releaseExpired(new Date(Date.now() + 3_600_000), userId)).toBe(1);
    expect(await wallets.get(userId)).toMatchObject({ balance: 100_000 - COST, available: 100_000 - COST, heldTotal: 0 });
    expect(await wallets.reconcile(userId)).toMatchObject({ ok: true });
  });

  it("when usage names an unknown model or no user, then it is terminated and later usage is still debited", async () => {
    const { client, userId } = await signUp();
    await wallets.apply(userId, `test-credit:${userId}`, 1_000_000, "adjustment");
    await completed(userId, randomUUID(), { model: "no-such-model" });
    await completed("", randomUUID());
    await completed(userId, randomUUID());
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
});
