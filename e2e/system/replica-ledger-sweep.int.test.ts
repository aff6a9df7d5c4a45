import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import { connectMongo, createLogger, createRedis, type Redis } from "@genui/chassis";
import { testInfra } from "@genui/testkit";
import { Holds } from "../../services/billing/src/store/holds.store";
import { WalletRepository } from "../../services/billing/src/store/wallet.repository";
import { Wallets, walletLock } from "../../services/billing/src/use-cases/wallets";

/**
 * Two billing processes finish the same interrupted ledger batches at once — every copy runs the sweep — while new
 * balance changes go on (which drop the markers of batches already settled). Seen in the fault campaign after a store
 * restart: both copies picked up the same batch; on the local store (FerretDB rewrites a whole document on update,
 * without isolation) one copy's update of the batch document brought it back after the other had deleted it, and the
 * next sweep carried it again once its marker had been dropped — balances above their ledgers. Each copy here has its
 * own store and Redis connections and its own objects, like a process; the wallet must end equal to its ledger.
 */
describe("two billing copies sweeping the same interrupted ledger batches", () => {
  const logger = createLogger("replica-ledger-sweep", "silent");
  const prefix = `ls${randomUUID().slice(0, 8)}:`;
  const db = `genui_ledger_sweep_${randomUUID().slice(0, 8)}`;
  const copies: { conn: Connection; redis: Redis; wallets: Wallets; repo: WalletRepository }[] = [];

  beforeAll(async () => {
    for (const name of ["billing-a", "billing-b"]) {
      const conn = await connectMongo(testInfra().mongoUrl, db, logger);
      const redis = createRedis(testInfra().redisUrl, name, logger);
      const repo = new WalletRepository(conn);
      await repo.init();
      copies.push({ conn, redis, repo, wallets: new Wallets(repo, logger, walletLock(redis, prefix), new Holds(redis, prefix)) });
    }
  });
  afterAll(async () => {
    await copies[0]?.conn
      .useDb(`${db}_ledger`)
      .dropDatabase()
      .catch(() => undefined);
    await copies[0]?.conn.dropDatabase().catch(() => undefined);
    for (const c of copies) {
      await c.conn.close();
      await c.redis.quit();
    }
  });

  it("when both copies sweep the same batches while the wallet keeps changing, then each batch counts once", async () => {
    const userId = randomUUID();
    const [a, b] = copies as [(typeof copies)[number], (typeof copies)[number]];
    await a.wallets.ensure(userId);
    const old = () => new Date(Date.now() - 120_000);
    let expected = 0;
    for (let round = 0; round < 12; round++) {
      // Three batches a crash stopped after step 3 (entries written and summed, the wallet not carrying them yet).
      for (let i = 0; i < 3; i++) {
        const batch = `crashed-${round}-${i}-${randomUUID().slice(0, 8)}`;
        const key = `k:${batch}`;
        await a.repo.ledger.create({ _id: key, userId, amount: 1_000, source: "adjustment", batch, createdAt: old() });
        await a.repo.batches.create({
          _id: batch,
          state: "recorded",
          keys: [key],
          wallets: [{ userId, amount: 1_000, count: 1, holdIds: [], sources: ["adjustment"] }],
          createdAt: old(),
          updatedAt: old(),
        });
        expected += 1_000;
      }
      // Both sweeps at once, twice, with new changes of the same wallet in between (they drop settled markers).
      await Promise.all([
        a.wallets.recover(1_000),
        b.wallets.recover(1_000),
        a.wallets.apply(userId, `live-a-${round}`, 10, "adjustment"),
        b.wallets.apply(userId, `live-b-${round}`, 10, "adjustment"),
      ]);
      await Promise.all([
        a.wallets.recover(1_000),
        b.wallets.recover(1_000),
        a.wallets.apply(userId, `live-c-${round}`, 10, "adjustment"),
      ]);
      expected += 30;
    }
    // Whatever is left is finished, then nothing is left.
    for (let i = 0; i < 3; i++) await Promise.all([a.wallets.recover(0), b.wallets.recover(0)]);
    expect(await a.repo.batches.countDocuments({})).toBe(0);
    expect(await a.wallets.reconcile(userId)).toMatchObject({ ok: true, balance: expected, ledgerSum: expected });
  });
});
