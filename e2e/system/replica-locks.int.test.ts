import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import {
  DistributedLock,
  MessageBus,
  OutboxRelay,
  connectMongo,
  connectNats,
  createLogger,
  createRedis,
  type Redis,
} from "@genui/chassis";
import { EVENTS, SignUpMethod } from "@genui/contracts";
import { eventually, testInfra } from "@genui/testkit";
import { AppRepository, appLock } from "../../services/apps/src/store/app.repository";
import { TemplateRepository, templateLock } from "../../services/apps/src/store/template.repository";
import {
  SubscriptionRepository,
  subscriptionLock,
  type SubscriptionRecord,
} from "../../services/billing/src/store/subscription.repository";
import { UserRepository, userLock } from "../../services/identity/src/store/user.repository";

/**
 * Two copies of identity, apps and billing writing the same documents at the same moment, on the local store
 * (FerretDB, which rewrites a whole document on every update without isolating concurrent ones). Each copy has its own
 * store connection, its own Redis connection and its own lock objects — nothing in common but the store and Redis, as
 * two processes — built by the same lock factories the services use. Every write each copy made must be there after.
 * With the per-process locks they had before, the same runs lost writes on this store (see docs/decisions.md).
 */
const ROUNDS = 25;

interface Copy {
  conn: Connection;
  redis: Redis;
  bus: MessageBus;
}

describe("two copies of each service writing one document at once", () => {
  const logger = createLogger("replica-locks", "silent");
  const prefix = `rl${randomUUID().slice(0, 8)}`;
  const db = `genui_replica_locks_${randomUUID().slice(0, 8)}`;
  const config = { REDIS_KEY_PREFIX: `${prefix}:` };
  let a: Copy, b: Copy;

  const copy = async (name: string): Promise<Copy> => ({
    conn: await connectMongo(testInfra().mongoUrl, db, logger),
    redis: createRedis(testInfra().redisUrl, name, logger),
    bus: new MessageBus(await connectNats(testInfra().natsUrl, name, logger), { prefix: `${prefix}.`, source: name, logger }),
  });

  beforeAll(async () => {
    a = await copy("copy-a");
    b = await copy("copy-b");
    await a.bus.ensureStream("IDENTITY");
    await a.bus.ensureStream("APPS");
    await a.bus.ensureStream("BILLING");
  });
  afterAll(async () => {
    await a?.conn.dropDatabase().catch(() => undefined);
    const jsm = await a?.bus.nc.jetstreamManager();
    for (const s of ["IDENTITY", "APPS", "BILLING"]) await jsm?.streams.delete(a.bus.streamName(s)).catch(() => undefined);
    for (const c of [a, b]) {
      await c?.bus.close();
      await c?.redis.quit();
      await c?.conn.close();
    }
  });

  const ids = (kind: string) => Array.from({ length: ROUNDS }, (_, i) => `${kind}-${prefix}-${i}`);

  it("when copy A links Google to users while copy B records their sign-ins, then every link and its event is kept", async () => {
    const [usersA, usersB] = [a, b].map((c) => new UserRepository(c.conn, userLock(c.redis, config)));
    await usersA!.init();
    const userIds = ids("user");
    for (const id of userIds)
      await usersA!.insert({ _id: id, email: `${id}@copies.example.com`, name: id, createdAt: new Date() });
    await Promise.all(
      userIds.flatMap((id) => [
        usersA!.linkGoogle(id, `sub-${id}`, { picture: `https://pics.example.com/${id}.png` }, [
          a.bus.envelope(EVENTS.userRegistered, {
            userId: id,
            email: `${id}@copies.example.com`,
            name: id,
            method: SignUpMethod.GOOGLE,
          }),
        ]),
        usersB!.touchLogin(id),
        usersB!.touchLogin(id),
        usersB!.touchLogin(id),
      ]),
    );
    const stored = await usersA!.model.find({ _id: { $in: userIds } }).lean();
    const lost = stored.filter(
      (u) => u.googleSub !== `sub-${u._id}` || u.outboxPending !== 1 || Object.keys(u.outbox ?? {}).length !== 1,
    );
    expect(lost.map((u) => u._id)).toEqual([]);
    expect(stored.every((u) => u.lastLoginAt)).toBe(true);
  });

  it("when copy A sets apps' spend caps while copy B activates them and re-seals their keys, then cap, status, key and event are all kept", async () => {
    const [appsA, appsB] = [a, b].map((c) => new AppRepository(c.conn, appLock(c.redis, config)));
    await appsA!.init();
    const appIds = ids("app");
    const created = new Date(Date.now() - 60_000);
    for (const id of appIds)
      await appsA!.insert(
        {
          _id: id,
          ownerId: "owner",
          url: `https://${id}.example.com`,
          urlKey: `https://${id}.example.com`,
          status: "pending",
          statusAt: created,
          keyHash: `hash-${id}`,
          keySealed: "sealed-old",
          createdAt: created,
          updatedAt: created,
        },
        [],
      );
    const at = new Date();
    await Promise.all(
      appIds.flatMap((id, i) => [
        appsA!.setDailySpendCap("owner", id, 1_000 + i, [
          a.bus.envelope(EVENTS.appCreated, { appId: id, ownerId: "owner", url: `https://${id}.example.com`, status: "pending" }),
        ]),
        appsB!.setStatus(id, "active", at, `sub_${id}`),
        appsB!.reseal(id, "keySealed", "sealed-old", "sealed-new"),
      ]),
    );
    const stored = await appsA!.model.find({ _id: { $in: appIds } }).lean();
    const lost = stored.filter(
      (app) =>
        app.dailySpendCapMicros !== 1_000 + appIds.indexOf(app._id) ||
        app.status !== "active" ||
        app.keySealed !== "sealed-new" ||
        app.outboxPending !== 1,
    );
    expect(lost.map((app) => app._id)).toEqual([]);
  });

  it("when copy A renames templates while copy B saves their code, then both edits are kept", async () => {
    const [tA, tB] = [a, b].map((c) => new TemplateRepository(c.conn, templateLock(c.redis, config)));
    await tA!.init();
    const templateIds = ids("template");
    const now = new Date();
    for (const id of templateIds)
      await tA!.create({
        _id: id,
        appId: "app",
        ownerId: "owner",
        name: "Draft",
        description: "",
        code: 'screen("Old")',
        status: "draft",
        createdAt: now,
        updatedAt: now,
      });
    await Promise.all(
      templateIds.flatMap((id) => [
        tA!.update("app", id, { name: `Name ${id}` }),
        tB!.update("app", id, { code: `screen("${id}")` }),
      ]),
    );
    const stored = await tA!.model.find({ _id: { $in: templateIds } }).lean();
    const lost = stored.filter((t) => t.name !== `Name ${t._id}` || t.code !== `screen("${t._id}")`);
    expect(lost.map((t) => t._id)).toEqual([]);
  });

  it("when copy A cancels subscriptions while copy B's outbox relay publishes their activation, then the cancellation and its pending event are kept", async () => {
    const [subsA, subsB] = [a, b].map((c) => new SubscriptionRepository(c.conn, subscriptionLock(c.redis, config)));
    await subsA!.init();
    const relayB = new OutboxRelay<SubscriptionRecord>(subsB!.model, b.bus, logger, subsB!.lock);
    const subIds = ids("sub");
    for (const id of subIds)
      await subsA!.create({ _id: id, appId: id, ownerId: "owner", planId: "free", status: "active", createdAt: new Date() }, [
        a.bus.envelope(
          EVENTS.subscriptionActivated,
          { subscriptionId: id, appId: id, ownerId: "owner", planId: "free" },
          { eventId: `activated:${id}` },
        ),
      ]);
    const cancelled = await Promise.all(
      subIds.flatMap((id) => [
        subsA!.cancel(id, [
          a.bus.envelope(
            EVENTS.subscriptionCancelled,
            { subscriptionId: id, appId: id, ownerId: "owner", reason: "cancelled by owner" },
            { eventId: `cancelled:${id}` },
          ),
        ]),
        relayB.flush(id).then(() => true),
      ]),
    );
    expect(cancelled.every(Boolean)).toBe(true);
    // Whatever B's relay found when it ran, A's relay sends the rest: both events of every subscription go out once.
    const relayA = new OutboxRelay<SubscriptionRecord>(subsA!.model, a.bus, logger, subsA!.lock);
    for (const id of subIds) await relayA.flush(id);
    const stored = await subsA!.model.find({ _id: { $in: subIds } }).lean();
    const lost = stored.filter(
      (s) => s.status !== "cancelled" || !s.cancelledAt || s.outboxPending !== 0 || Object.keys(s.outbox ?? {}).length !== 0,
    );
    const jsm = await a.bus.nc.jetstreamManager();
    expect((await jsm.streams.info(a.bus.streamName("BILLING"))).state.messages).toBe(2 * ROUNDS);
    expect(lost.map((s) => s._id)).toEqual([]);
  });

  it("when copy A's work under a lock outlasts the lock's expiry, then copy B still waits for it to finish", async () => {
    // A short expiry stands for a store that answers slowly (the wallets' lock expires after 15 s). 1.5 s, renewed every
    // 0.5 s: a loaded CI machine ran timers 200 ms late, which a 300-ms expiry did not survive.
    const lockA = new DistributedLock(a.redis, `${prefix}:slow:`, 1_500, 15_000);
    const lockB = new DistributedLock(b.redis, `${prefix}:slow:`, 1_500, 15_000);
    const log: string[] = [];
    const work = (lock: DistributedLock, name: string, ms: number) =>
      lock.run("doc", async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
      });
    const first = work(lockA, "a", 4_000);
    // Copy A holds the lock before B asks for it.
    expect(await eventually(() => log.includes("start a"), Boolean, 10_000)).toBe(true);
    await Promise.all([first, work(lockB, "b", 10)]);
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
  });
});
