import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import { MessageBus, connectMongo, connectNats, createLogger, createRedis, type Redis } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { testInfra } from "@genui/testkit";
import { hashApiKey } from "../../services/apps/src/domain/api-key";
import { serveVerifyKey } from "../../services/apps/src/commands/verify-key.command";
import { watchAppChanges } from "../../services/apps/src/events/app-changes.watcher";
import { KeyVerifier } from "../../services/generation/src/clients/key-verifier";
import { watchAppChanges as watchAppChangesInGeneration } from "../../services/generation/src/events/app-changes.watcher";
import { AppRepository, appLock } from "../../services/apps/src/store/app.repository";
import { KeyDirectory } from "../../services/apps/src/store/key-directory";
import { OwnerAppsCache } from "../../services/apps/src/store/owner-apps-cache";
import { StatusChanges } from "../../services/apps/src/store/status-changes";
import { AppCaches } from "../../services/apps/src/use-cases/app-caches";
import { eventually } from "../support/eventually";
import { keyHash } from "@genui/contracts/keys";

/**
 * Two copies of apps on one store: billing's subscription event reaches copy A's watcher at once, but it is
 * copy B's consumer that writes it. Copy A, asked in between, reads the app from the store as it still is — and must
 * not keep that, or the dashboard shows a pending app and the key answers "pending" for a minute after activation
 * (seen as a CI failure: "the app did not become active within 40 s" with a second copy running).
 */
/** An app as a copy's repository stores it, with its status set at `at`. */
const insertApp = (
  repo: AppRepository,
  a: { appId: string; ownerId: string; apiKey: string; url: string; status: "pending" | "active"; at: Date },
) =>
  repo.insert(
    {
      _id: a.appId,
      ownerId: a.ownerId,
      url: a.url,
      urlKey: a.url,
      status: a.status,
      statusAt: a.at,
      keyHash: hashApiKey(a.apiKey),
      keySealed: "sealed",
      createdAt: a.at,
      updatedAt: a.at,
    },
    [],
  );

describe("app caches with two copies of apps", () => {
  const logger = createLogger("app-caches-copies", "silent");
  const prefix = `cc${randomUUID().slice(0, 8)}`;
  const db = `genui_cache_copies_${randomUUID().slice(0, 8)}`;
  let connA: Connection, connB: Connection;
  let busA: MessageBus, billing: MessageBus, generation: MessageBus;
  const stops: (() => void)[] = [];
  let unwatch: () => void;
  let redisA: Redis, redisB: Redis;

  beforeAll(async () => {
    connA = await connectMongo(testInfra().mongoUrl, db, logger);
    connB = await connectMongo(testInfra().mongoUrl, db, logger);
    redisA = createRedis(testInfra().redisUrl, "copy-a", logger);
    redisB = createRedis(testInfra().redisUrl, "copy-b", logger);
    busA = new MessageBus(await connectNats(testInfra().natsUrl, "copy-a", logger), { prefix, source: "apps", logger });
    billing = new MessageBus(await connectNats(testInfra().natsUrl, "billing", logger), { prefix, source: "billing", logger });
    generation = new MessageBus(await connectNats(testInfra().natsUrl, "generation", logger), {
      prefix,
      source: "generation",
      logger,
    });
    await billing.ensureStream("BILLING");
  });
  afterAll(async () => {
    unwatch?.();
    stops.forEach((stop) => stop());
    await generation?.close();
    await busA?.close();
    await billing?.close();
    await connA?.dropDatabase().catch(() => undefined);
    await connA?.close();
    await connB?.close();
    await redisA?.quit();
    await redisB?.quit();
  });

  it("when copy A is asked between hearing billing's activation and copy B writing it, then A answers the written status right after, not the one it read", async () => {
    const repoA = new AppRepository(connA, appLock(redisA, { REDIS_KEY_PREFIX: `${prefix}:` }));
    const repoB = new AppRepository(connB, appLock(redisB, { REDIS_KEY_PREFIX: `${prefix}:` }));
    await repoA.init();
    const changes = new StatusChanges();
    const keys = new KeyDirectory(repoA, changes);
    const lists = new OwnerAppsCache(repoA, changes);
    unwatch = watchAppChanges(busA, new AppCaches(keys, lists, changes));

    const ownerId = randomUUID();
    const appId = randomUUID();
    const apiKey = `gk_live_${"k".repeat(43)}`;
    const created = new Date(Date.now() - 60_000);
    expect(
      await insertApp(repoA, { appId, ownerId, apiKey, url: "https://copies.example.com", status: "pending", at: created }),
    ).toBe(true);
    // Copy A has the pending app cached, as the dashboard and the key check left it.
    expect((await lists.all(ownerId)).map((a) => a.status)).toEqual(["pending"]);
    expect((await keys.verify(keyHash(apiKey), "secret"))?.status).toBe("pending");

    // billing activates; copy A's watcher hears it (copy B's consumer has not written it yet).
    const at = new Date();
    await billing.publish(
      EVENTS.subscriptionActivated,
      { subscriptionId: "sub_1", appId, ownerId, planId: "free" },
      { occurredAt: at },
    );
    await eventually(
      async () => changes.behindRecord({ _id: appId, statusAt: created }),
      (heard) => heard,
    );
    // Asked now, copy A reads the store as it still is.
    expect((await lists.all(ownerId)).map((a) => a.status)).toEqual(["pending"]);
    expect((await keys.verify(keyHash(apiKey), "secret"))?.status).toBe("pending");

    // Copy B writes the activation.
    expect(await repoB.setStatus(appId, "active", at, "sub_1")).toBe(true);
    // Copy A answers it at once: what it read in between was not kept.
    expect((await lists.all(ownerId)).map((a) => a.status)).toEqual(["active"]);
    expect((await keys.verify(keyHash(apiKey), "secret"))?.status).toBe("active");
    // …and caches again once the store has caught up (a second read is served from memory).
    await connB.collection("apps").updateOne({ _id: appId as never }, { $set: { status: "cancelled" } });
    expect((await lists.all(ownerId)).map((a) => a.status)).toEqual(["active"]);
    expect((await keys.verify(keyHash(apiKey), "secret"))?.status).toBe("active");
  });

  it("when generation's copy is asked between hearing billing's cancellation and apps writing it, then the key is refused right after, not for 5 s", async () => {
    const repoA = new AppRepository(connA, appLock(redisA, { REDIS_KEY_PREFIX: `${prefix}:` }));
    const repoB = new AppRepository(connB, appLock(redisB, { REDIS_KEY_PREFIX: `${prefix}:` }));
    await repoA.init();
    const changes = new StatusChanges();
    const keys = new KeyDirectory(repoA, changes);
    const lists = new OwnerAppsCache(repoA, changes);
    const caches = new AppCaches(keys, lists, changes);
    stops.push(watchAppChanges(busA, caches));
    const served = serveVerifyKey(busA, caches);
    stops.push(() => served.unsubscribe());
    // The generation API's copy: its own memory of key answers, refreshed by the events it hears.
    const verifier = new KeyVerifier(generation);
    const watching = watchAppChangesInGeneration(generation, verifier);
    stops.push(() => watching.stop());
    await generation.flush();
    await busA.flush();

    const ownerId = randomUUID();
    const appId = randomUUID();
    const apiKey = `gk_live_${"c".repeat(43)}`;
    const activated = new Date(Date.now() - 60_000);
    expect(
      await insertApp(repoA, { appId, ownerId, apiKey, url: "https://leaving.example.com", status: "active", at: activated }),
    ).toBe(true);
    expect(await verifier.verify(apiKey)).toMatchObject({ appId, status: "active", statusAtMs: activated.getTime() });

    // billing cancels; both processes hear it before apps' consumer writes it.
    const at = new Date();
    await billing.publish(EVENTS.subscriptionCancelled, { subscriptionId: "sub_2", appId, ownerId }, { occurredAt: at });
    await eventually(
      async () => changes.behindRecord({ _id: appId, statusAt: activated }),
      (heard) => heard,
    );
    // Asked now, the store still says active: this request passes (the cancellation is not written anywhere yet).
    expect((await verifier.verify(apiKey))?.status).toBe("active");

    // apps writes the cancellation: the very next request is refused.
    expect(await repoB.setStatus(appId, "cancelled", at, "sub_2")).toBe(true);
    expect(await verifier.verify(apiKey)).toMatchObject({ status: "cancelled", statusAtMs: at.getTime() });
  });
});
