import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import {
  MessageBus,
  Metrics,
  connectMongo,
  connectNats,
  createLogger,
  createRedis,
  isOutage,
  type Consumption,
  type Redis,
} from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { freshName, testInfra, eventually, startTcpRelay, type TcpRelay } from "@genui/testkit";
import { requestCost } from "../src/domain/pricing";
import { handleGenerationCompleted } from "../src/events/generation-completed.handler";
import { loadCatalogue } from "../src/store/catalogue-file";
import { WalletRepository, type LedgerEntry } from "../src/store/wallet.repository";
import { Holds } from "../src/store/holds.store";
import { Wallets, holdIdFor, walletLock, type Posting } from "../src/use-cases/wallets";

/**
 * The wallets and their ledger against the real store and Redis. Two "copies" of billing share one database and one
 * Redis key prefix, each with its own connections and objects, like two processes: every concurrent write below goes
 * through both, so only the wallets' own locks (Redis) can keep the balances right — the local store does not isolate
 * concurrent updates of one document.
 */
const logger = createLogger("wallets-test", "silent");

interface Copy {
  conn: Connection;
  redis: Redis;
  repo: WalletRepository;
  holds: Holds;
  wallets: Wallets;
}

describe("wallets and the ledger (real store and Redis, two copies)", () => {
  const db = freshName("billing_wallets");
  const prefix = `${freshName("w")}:`;
  const copies: Copy[] = [];
  let a: Copy;
  let b: Copy;

  beforeAll(async () => {
    for (const name of ["billing-a", "billing-b"]) {
      const conn = await connectMongo(testInfra().mongoUrl, db, logger);
      const redis = createRedis(testInfra().redisUrl, name, logger);
      const repo = new WalletRepository(conn);
      await repo.init();
      const holds = new Holds(redis, prefix);
      copies.push({ conn, redis, repo, holds, wallets: new Wallets(repo, logger, walletLock(redis, prefix), holds) });
    }
    [a, b] = copies as [Copy, Copy];
  });
  afterAll(async () => {
    await a?.conn
      .useDb(`${db}_ledger`)
      .dropDatabase()
      .catch(() => undefined);
    await a?.conn.dropDatabase().catch(() => undefined);
    for (const c of copies) {
      await c.conn.close();
      await c.redis.quit();
    }
  });

  const newUser = () => randomUUID();
  const wallet = (userId: string) => a.repo.wallets.findById(userId).lean().exec();
  const ledgerOf = (userId: string): Promise<LedgerEntry[]> =>
    a.repo.ledger.find({ userId }).sort({ _id: 1 }).lean<LedgerEntry[]>().exec();
  const credit = async (userId: string, micros: number) =>
    expect(await a.wallets.apply(userId, `credit:${randomUUID()}`, micros, "top_up")).toBe(true);
  /** What the metering handler records for one request's usage (see generation-completed.handler.ts). */
  const usage = async (w: Wallets, userId: string, requestId: string, cost: number) => {
    const holdId = holdIdFor(requestId);
    const charge = await w.capture(userId, holdId, cost);
    const posting: Posting = {
      key: `usage:${requestId}`,
      userId,
      amount: charge.debit > 0 ? -charge.debit : 0,
      source: "usage",
      reference: requestId,
      holdId,
      held: charge.held,
      cost,
    };
    const [recorded] = await w.post([posting]);
    return { charge, recorded };
  };

  describe("wallets and credits", () => {
    it("when a wallet is asked for by both copies at once, then one is made, empty, and read back by either", async () => {
      const userId = newUser();
      await Promise.all([a.wallets.ensure(userId), b.wallets.ensure(userId), a.wallets.get(userId), b.wallets.get(userId)]);
      expect(await a.repo.wallets.countDocuments({ _id: userId })).toBe(1);
      expect(await b.wallets.get(userId)).toMatchObject({ _id: userId, balance: 0, version: 0 });
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 0, available: 0, holds: 0 });
    });

    it("when a credit is applied, then the balance, version and ledger carry it once, and the ledger proves the balance", async () => {
      const userId = newUser();
      expect(await a.wallets.apply(userId, "topup:paypal:ORDER-1", 25_000_000, "top_up", "order-1")).toBe(true);
      expect(await wallet(userId)).toMatchObject({ balance: 25_000_000, version: 1 });
      expect(await ledgerOf(userId)).toEqual([
        expect.objectContaining({ _id: "topup:paypal:ORDER-1", amount: 25_000_000, source: "top_up", reference: "order-1" }),
      ]);
      expect(await a.repo.batches.countDocuments()).toBe(0);
      expect(await b.wallets.holdsOf(userId)).toEqual({ held: 0, available: 25_000_000, holds: 0 });
      expect(await b.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 25_000_000, ledgerSum: 25_000_000 });
    });

    it("when the same ledger key comes again (either copy, at once or later), then it is recorded and counted once", async () => {
      const userId = newUser();
      const tries = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).wallets.apply(userId, "demo-credit:once", 5_000_000, "adjustment")),
      );
      expect(tries.filter(Boolean)).toHaveLength(1);
      expect(await a.wallets.apply(userId, "demo-credit:once", 5_000_000, "adjustment")).toBe(false);
      expect(await wallet(userId)).toMatchObject({ balance: 5_000_000, version: 1 });
      expect(await ledgerOf(userId)).toHaveLength(1);
    });

    it("when a batch names a key twice, spans wallets and repeats an old key, then each new key counts once, per wallet", async () => {
      const [u1, u2] = [newUser(), newUser()];
      await credit(u1, 1_000);
      const old = (await ledgerOf(u1))[0]!._id;
      const answers = await b.wallets.post([
        { key: "k-1", userId: u1, amount: 300, source: "adjustment" },
        { key: "k-2", userId: u2, amount: 700, source: "adjustment" },
        { key: "k-1", userId: u1, amount: 300, source: "adjustment" },
        { key: old, userId: u1, amount: 1_000, source: "top_up" },
        { key: "k-3", userId: u2, amount: -200, source: "refund" },
      ]);
      expect(answers).toEqual([true, true, false, false, true]);
      expect(await wallet(u1)).toMatchObject({ balance: 1_300, version: 2 });
      expect(await wallet(u2)).toMatchObject({ balance: 500, version: 1 });
      const batchOf = (await ledgerOf(u2)).map((e) => e.batch);
      expect(new Set(batchOf).size).toBe(1);
      expect((await ledgerOf(u1)).find((e) => e._id === "k-1")?.batch).toBe(batchOf[0]);
      expect(await b.wallets.post([])).toEqual([]);
      for (const u of [u1, u2]) expect((await a.wallets.reconcile(u)).ok).toBe(true);
    });

    it("when the payment currency is set while credits land, then neither write is lost", async () => {
      const userId = newUser();
      await a.wallets.ensure(userId);
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          i % 3 === 2
            ? (i % 2 ? a : b).wallets.setPaymentCurrency(userId, "INR")
            : (i % 2 ? a : b).wallets.apply(userId, `c-${i}`, 1_000, "top_up"),
        ),
      );
      expect(await b.wallets.get(userId)).toMatchObject({ balance: 16_000, version: 16, paymentCurrency: "INR" });
    });
  });

  describe("concurrent debits of one wallet", () => {
    it("when many debits and credits of one wallet run at once in both copies, then none is lost or counted twice", async () => {
      const userId = newUser();
      await credit(userId, 1_000_000);
      const changes = Array.from({ length: 40 }, (_, i) => ({
        key: `usage:req-${i}`,
        amount: i % 4 === 3 ? 500 + i : -(1_000 + i),
      }));
      // Each change is sent by both copies at once, so every key is also raced by its own repeat.
      const answers = await Promise.all(
        changes.flatMap((c, i) => [
          (i % 2 ? a : b).wallets.apply(userId, c.key, c.amount, c.amount < 0 ? "usage" : "adjustment"),
          (i % 2 ? b : a).wallets.apply(userId, c.key, c.amount, c.amount < 0 ? "usage" : "adjustment"),
        ]),
      );
      expect(answers.filter(Boolean)).toHaveLength(changes.length);
      const expected = 1_000_000 + changes.reduce((s, c) => s + c.amount, 0);
      expect(await wallet(userId)).toMatchObject({ balance: expected, version: 1 + changes.length });
      expect(await ledgerOf(userId)).toHaveLength(1 + changes.length);
      expect(await a.repo.batches.countDocuments()).toBe(0);
      for (const c of [a, b])
        expect(await c.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: expected, mirror: expected });
    });

    it("when requests are authorised at once in both copies, then holds never exceed the balance", async () => {
      const userId = newUser();
      await credit(userId, 10_000);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).wallets.authorize(userId, `auth-${i}`, 1_000)),
      );
      expect(answers.filter((r) => r.authorized)).toHaveLength(10);
      expect(answers.filter((r) => !r.authorized).every((r) => r.reason === "insufficient" && r.holdId === "")).toBe(true);
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 10_000, available: 0, holds: 10 });
    });
  });

  describe("holds and metering", () => {
    it("when a request is authorised, then a hold is placed, a repeat of it is the same hold, and a larger one is refused", async () => {
      const userId = newUser();
      await credit(userId, 5_000);
      expect(await a.wallets.authorize(userId, "r1", 3_000)).toEqual({
        authorized: true,
        holdId: holdIdFor("r1"),
        heldMicros: 3_000,
        availableMicros: 2_000,
        reason: "",
      });
      expect(await b.wallets.authorize(userId, "r1", 3_000)).toMatchObject({ authorized: true, heldMicros: 3_000 });
      expect(await b.wallets.authorize(userId, "r2", 2_001)).toEqual({
        authorized: false,
        holdId: "",
        heldMicros: 0,
        availableMicros: 2_000,
        reason: "insufficient",
      });
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 3_000, available: 2_000, holds: 1 });
      // A wallet that never had money: refused, with nothing available (never a negative amount).
      expect(await a.wallets.authorize(newUser(), "r3", 1)).toMatchObject({ authorized: false, availableMicros: 0 });
    });

    it("when one request's hold is asked for many times at once in both copies, then one hold is placed and every answer is it", async () => {
      const userId = newUser();
      await credit(userId, 10_000);
      // A requester asking again after lost replies, with both copies answering: the same request id each time.
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).wallets.authorize(userId, "dup", 3_000)),
      );
      for (const r of answers) expect(r).toMatchObject({ authorized: true, holdId: holdIdFor("dup"), heldMicros: 3_000 });
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 3_000, available: 7_000, holds: 1 });
      // Charged once: the usage debits the one hold, and the repeats add nothing.
      expect((await usage(a.wallets, userId, "dup", 2_000)).charge).toEqual({ debit: 2_000, held: 3_000, cost: 2_000 });
      expect(await wallet(userId)).toMatchObject({ balance: 8_000 });
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 0, available: 8_000, holds: 0 });
    });

    it("when a request's hold is asked for again after its usage settled it, then no second hold is placed", async () => {
      const userId = newUser();
      await credit(userId, 10_000);
      expect(await a.wallets.authorize(userId, "late-repeat", 4_000)).toMatchObject({ authorized: true, heldMicros: 4_000 });
      await usage(a.wallets, userId, "late-repeat", 1_000);
      // A repeat that arrives after everything was settled (a reply lost on its way back): the same answer, no new hold.
      expect(await b.wallets.authorize(userId, "late-repeat", 4_000)).toMatchObject({
        authorized: true,
        holdId: holdIdFor("late-repeat"),
        heldMicros: 4_000,
      });
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 0, available: 9_000, holds: 0 });
      expect(await wallet(userId)).toMatchObject({ balance: 9_000 });
      expect((await a.wallets.reconcile(userId)).ok).toBe(true);
    });

    it("when a request's usage is metered, then its price is debited once, its hold released, and a repeat changes nothing", async () => {
      const userId = newUser();
      await credit(userId, 10_000);
      await a.wallets.authorize(userId, "m1", 4_000);
      const first = await usage(a.wallets, userId, "m1", 2_500);
      expect(first).toEqual({ charge: { debit: 2_500, held: 4_000, cost: 2_500 }, recorded: true });
      expect(await wallet(userId)).toMatchObject({ balance: 7_500, version: 2 });
      expect(await b.wallets.holdsOf(userId)).toEqual({ held: 0, available: 7_500, holds: 0 });

      // The same event again, in the other copy: the same charge, not recorded again.
      const again = await usage(b.wallets, userId, "m1", 2_500);
      expect(again).toEqual({ charge: { debit: 2_500, held: 4_000, cost: 2_500 }, recorded: false });
      expect(await wallet(userId)).toMatchObject({ balance: 7_500, version: 2 });
      expect(await ledgerOf(userId)).toContainEqual(
        expect.objectContaining({
          _id: "usage:m1",
          amount: -2_500,
          source: "usage",
          holdId: holdIdFor("m1"),
          held: 4_000,
          cost: 2_500,
        }),
      );
      expect((await a.wallets.reconcile(userId)).ok).toBe(true);
    });

    it("when usage costs more than its hold, or had no hold, then the debit is cut to the hold and the cut is counted", async () => {
      const metrics = new Metrics("billing");
      const counted = new Wallets(a.repo, logger, walletLock(a.redis, prefix), a.holds, undefined, metrics);
      const userId = newUser();
      await credit(userId, 10_000);
      await counted.authorize(userId, "over", 2_000);
      expect((await usage(counted, userId, "over", 6_000)).charge).toEqual({ debit: 2_000, held: 2_000, cost: 6_000 });
      expect((await usage(counted, userId, "none", 700)).charge).toEqual({ debit: 0, held: 0, cost: 700 });
      expect(await wallet(userId)).toMatchObject({ balance: 8_000 });
      expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 8_000, overHold: [] });

      const value = async (name: string, reason: string) =>
        (await metrics.registry.getSingleMetric(name)!.get()).values.find((v) => v.labels.reason === reason)?.value;
      expect(await value("billing_usage_clamped_total", "over_hold")).toBe(1);
      expect(await value("billing_usage_clamped_micros_total", "over_hold")).toBe(4_000);
      expect(await value("billing_usage_clamped_total", "no_hold")).toBe(1);
      expect(await value("billing_usage_clamped_micros_total", "no_hold")).toBe(700);
    });

    it("when a hold expired before its usage came, then the debit is also capped by what is available now", async () => {
      const userId = newUser();
      await credit(userId, 1_000);
      const shortLived = new Wallets(a.repo, logger, walletLock(a.redis, prefix), a.holds, 1);
      expect(await shortLived.authorize(userId, "late", 600)).toMatchObject({ authorized: true, heldMicros: 600 });
      // The hold lives 1 ms from when it was placed: wait until that has certainly passed.
      const placedBy = Date.now();
      while (Date.now() <= placedBy + 1) await new Promise((r) => setTimeout(r, 1));
      // The expired hold no longer reserves anything: another request may take 900 of the 1,000.
      expect(await a.wallets.authorize(userId, "other", 900)).toMatchObject({ authorized: true, availableMicros: 100 });
      expect((await usage(a.wallets, userId, "late", 500)).charge).toEqual({ debit: 100, held: 600, cost: 500 });
      expect(await wallet(userId)).toMatchObject({ balance: 900 });
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 900, available: 0, holds: 1 });
    });
  });

  describe("the metering consumer (generation.completed)", () => {
    let bus: MessageBus;
    let consumption: Consumption;
    const catalogue = loadCatalogue(path.resolve(__dirname, "../catalogue/plans.json"));

    beforeAll(async () => {
      bus = new MessageBus(await connectNats(testInfra().natsUrl, "wallets-test", logger), {
        prefix: `${freshName()}.`,
        source: "generation",
        logger,
      });
      await bus.ensureStream("GENERATION");
      consumption = await handleGenerationCompleted(bus, a.wallets, catalogue);
    });
    afterAll(async () => {
      await consumption?.stop();
      const jsm = await bus?.nc.jetstreamManager();
      await jsm?.streams.delete(bus.streamName("GENERATION")).catch(() => undefined);
      await bus?.close();
    });

    /** Waits until the metering consumer has answered every event up to stream sequence `seq`. */
    const handledUpTo = async (seq: number) => {
      const jsm = await bus.nc.jetstreamManager();
      const info = await eventually(
        () => jsm.consumers.info(bus.streamName("GENERATION"), "billing-metering"),
        (i) => i.ack_floor.stream_seq >= seq,
      );
      expect(info.ack_floor.stream_seq).toBeGreaterThanOrEqual(seq);
    };

    it("when one request's completion is published twice (two events), then its usage is debited once and its hold released", async () => {
      const userId = newUser();
      await credit(userId, 5_000_000);
      const plan = catalogue.defaultPlan;
      const requestId = randomUUID();
      expect((await a.wallets.authorize(userId, requestId, 2_000_000)).authorized).toBe(true);
      const completed = {
        requestId,
        userId,
        appId: "app-1",
        model: plan.id,
        inputTokens: 12_000n,
        outputTokens: 3_000n,
        finishReason: "stop",
        holdId: holdIdFor(requestId),
      };
      const cost = requestCost(12_000, 3_000, plan.prices.USD.input_text_cost, plan.prices.USD.output_text_cost);
      expect(cost).toBeGreaterThan(0);
      await bus.publish(EVENTS.generationCompleted, completed);
      const { seq } = await bus.publish(EVENTS.generationCompleted, completed);
      await handledUpTo(seq);

      expect(await wallet(userId)).toMatchObject({ balance: 5_000_000 - cost, version: 2 });
      expect((await ledgerOf(userId)).filter((e) => e.source === "usage")).toEqual([
        expect.objectContaining({ _id: `usage:${requestId}`, amount: -cost, held: 2_000_000, cost }),
      ]);
      expect(await a.wallets.holdsOf(userId)).toEqual({ held: 0, available: 5_000_000 - cost, holds: 0 });
    });

    it("when a completion names an unknown model, then it is dropped and nothing is debited", async () => {
      const userId = newUser();
      await credit(userId, 1_000);
      const { seq } = await bus.publish(EVENTS.generationCompleted, {
        requestId: randomUUID(),
        userId,
        model: "no-such-model",
        inputTokens: 1_000n,
        outputTokens: 1_000n,
      });
      await handledUpTo(seq);
      expect(await wallet(userId)).toMatchObject({ balance: 1_000, version: 1 });
      expect(await ledgerOf(userId)).toHaveLength(1);
    });
  });

  describe("recovery and reconciliation", () => {
    it("when a batch was left open by a crash, then the sweep of both copies finishes it once, and leaves young batches alone", async () => {
      const userId = newUser();
      await credit(userId, 1_000);
      const old = new Date(Date.now() - 120_000);
      const crashed = `crashed-${randomUUID()}`;
      const counted = (await ledgerOf(userId))[0]!._id;
      // Step 2 done for one key; the other candidate key belongs to another (finished) batch: it must not count again.
      await a.repo.batches.create({ _id: crashed, state: "open", keys: ["late-entry", counted], createdAt: old, updatedAt: old });
      await a.repo.ledger.create({
        _id: "late-entry",
        userId,
        amount: 250,
        source: "adjustment",
        batch: crashed,
        createdAt: old,
      });
      const young = `young-${randomUUID()}`;
      await a.repo.batches.create({ _id: young, state: "open", keys: [], createdAt: new Date(), updatedAt: new Date() });
      // Counted before the sweep: the ledger does not count an open batch's entries, and neither does the balance.
      expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 1_000, ledgerSum: 1_000 });

      const finished = await Promise.all([a.wallets.recover(30_000), b.wallets.recover(30_000)]);
      expect(finished[0]! + finished[1]!).toBe(1);
      expect(await a.wallets.recover(30_000)).toBe(0);
      expect(await wallet(userId)).toMatchObject({ balance: 1_250, version: 2 });
      expect(await a.repo.batches.exists({ _id: crashed })).toBeNull();
      expect(await a.repo.batches.exists({ _id: young })).not.toBeNull();
      expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 1_250, ledgerSum: 1_250 });
      await a.repo.batches.deleteOne({ _id: young });
    });

    describe("a store connection that closes as a credit's entry is written (the store restarting)", () => {
      // A third copy, whose store connections pass a relay that closes one of them at the ledger's insert.
      let relay: TcpRelay;
      let c: Copy;
      /** An insert command into the ledger collection (BSON: `insert: "ledger"`). */
      const ledgerInsert = (data: Buffer) => {
        const name = Buffer.from("ledger\0");
        const field = Buffer.concat([Buffer.from("\x02insert\0", "latin1"), Buffer.alloc(4), name]);
        field.writeInt32LE(name.length, 8);
        return data.includes(field);
      };
      beforeAll(async () => {
        relay = await startTcpRelay(testInfra().mongoUrl);
        const conn = await connectMongo(relay.url, db, logger);
        const redis = createRedis(testInfra().redisUrl, "billing-c", logger);
        const repo = new WalletRepository(conn);
        await repo.init();
        const holds = new Holds(redis, prefix);
        c = { conn, redis, repo, holds, wallets: new Wallets(repo, logger, walletLock(redis, prefix), holds) };
        copies.push(c);
      });
      afterAll(() => relay?.close());

      const topUp = 10_000_000;
      const sweepAll = async () => (await a.wallets.recover(0)) + (await b.wallets.recover(0));

      it("when the insert never reached the store, then the credit fails, nothing is carried, and its repeat credits once", async () => {
        const userId = newUser();
        const key = `topup:paypal:${randomUUID()}`;
        await c.wallets.ensure(userId);
        const cut = relay.cutNext(ledgerInsert, "unsent");
        const failed = await c.wallets.apply(userId, key, topUp, "top_up").then(
          () => undefined,
          (err: unknown) => err,
        );
        await cut;
        // An outage (503 with Retry-After at the edge), not a fault of the code.
        expect(failed).toBeDefined();
        expect(isOutage(failed)).toBe(true);
        expect(await ledgerOf(userId)).toEqual([]);
        expect(await wallet(userId)).toMatchObject({ balance: 0, version: 0 });
        expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 0, ledgerSum: 0 });

        // The sweep closes the batch the failure left open, with nothing in it; the payment's repeat (the order's
        // poll) records and credits it, once.
        expect(await a.repo.batches.exists({ keys: key })).not.toBeNull();
        expect(await sweepAll()).toBeGreaterThanOrEqual(1);
        expect(await a.repo.batches.exists({ keys: key })).toBeNull();
        expect(await wallet(userId)).toMatchObject({ balance: 0, version: 0 });
        expect(await c.wallets.apply(userId, key, topUp, "top_up")).toBe(true);
        expect(await b.wallets.apply(userId, key, topUp, "top_up")).toBe(false);
        expect(await wallet(userId)).toMatchObject({ balance: topUp, version: 1 });
        expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: topUp, ledgerSum: topUp });
      });

      it("when the store wrote the entry but its answer was lost, then the credit fails, and the sweep carries the entry once", async () => {
        const userId = newUser();
        const key = `topup:paypal:${randomUUID()}`;
        await c.wallets.ensure(userId);
        const cut = relay.cutNext(ledgerInsert, "unanswered");
        await expect(c.wallets.apply(userId, key, topUp, "top_up")).rejects.toThrow();
        await cut;
        // Written, in a batch still open: counted by neither the balance nor the ledger's proof of it.
        expect((await ledgerOf(userId)).map((e) => e._id)).toEqual([key]);
        expect(await wallet(userId)).toMatchObject({ balance: 0, version: 0 });
        expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: 0, ledgerSum: 0 });

        // The repeat finds the key recorded; the sweep finishes the open batch from what the store holds.
        expect(await c.wallets.apply(userId, key, topUp, "top_up")).toBe(false);
        expect(await wallet(userId)).toMatchObject({ balance: 0, version: 0 });
        expect(await a.repo.batches.exists({ keys: key })).not.toBeNull();
        expect(await sweepAll()).toBeGreaterThanOrEqual(1);
        expect(await a.repo.batches.exists({ keys: key })).toBeNull();
        expect(await sweepAll()).toBe(0);
        expect(await wallet(userId)).toMatchObject({ balance: topUp, version: 1 });
        expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: topUp, ledgerSum: topUp });
      });
    });

    it("when a balance disagrees with its ledger, a debit exceeds its hold or a wallet is below zero, then reconciliation says so", async () => {
      const [tampered, overHold, negative] = [newUser(), newUser(), newUser()];
      await credit(tampered, 1_000);
      await a.repo.wallets.updateOne({ _id: tampered }, { $inc: { balance: 5 } }).exec();
      await credit(overHold, 1_000);
      await a.wallets.post([{ key: `usage:${overHold}`, userId: overHold, amount: -300, source: "usage", held: 200, cost: 300 }]);
      await a.wallets.apply(negative, "debt", -10, "adjustment");

      expect(await a.wallets.reconcile(tampered)).toMatchObject({ ok: false, balance: 1_005, ledgerSum: 1_000 });
      expect(await a.wallets.reconcile(overHold)).toMatchObject({ ok: false, balance: 700, overHold: [`usage:${overHold}`] });
      expect(await a.wallets.reconcile(negative)).toMatchObject({ ok: false, balance: -10, ledgerSum: -10 });

      const all = await b.wallets.reconcileAll();
      expect(all.mismatches).toContainEqual({ userId: tampered, balance: 1_005, ledgerSum: 1_000, mirror: 1_000 });
      expect(all.overHold).toContainEqual({ key: `usage:${overHold}`, userId: overHold, debit: 300, held: 200 });
      expect(all.negative).toContainEqual({ userId: negative, balance: -10 });
      expect(all.mismatches.map((m) => m.userId)).not.toContain(overHold);
    });
  });
});
