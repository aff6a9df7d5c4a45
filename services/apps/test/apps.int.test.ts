import { randomUUID } from "node:crypto";
import { RemoteError } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { KeySealer, generateApiKey, hashApiKey } from "../src/domain/api-key";
import { BLANK, INVALID_URL } from "../src/domain/url";
import { SEALING_SECRET, eventually, impatientLock, rejection, startHarness, type Copy, type Harness } from "./harness";
import { keyHash, keyKindOf } from "@genui/contracts/keys";

/** The app use cases (create, list, delete, key rotations, spend cap) and apps.keys.verify on the real store. */
describe("apps (real store, Redis and NATS, two copies)", () => {
  let h: Harness;
  let a: Copy;
  let b: Copy;

  beforeAll(async () => {
    h = await startHarness({ maxApps: 3 });
    [a, b] = h.copies as [Copy, Copy];
  });
  afterAll(async () => {
    await h?.stop();
  });

  const newOwner = () => randomUUID();
  /** What apps.keys.verify answers for `apiKey`: the owner, or the reply's error code. */
  const verify = (apiKey: string) =>
    h.caller.request(COMMANDS.verifyKey, { keyHash: keyHash(apiKey), kind: keyKindOf(apiKey) ?? "" }).then(
      (owner) => owner,
      (err: unknown) => (err instanceof RemoteError ? err.code : Promise.reject(err)),
    );
  const eventsOf = (subject: string, appId: string) => h.events.filter((e) => e.subject === subject && e.payload.appId === appId);
  const waitForEvents = (subject: string, appId: string, n: number) =>
    eventually(
      () => eventsOf(subject, appId),
      (list) => list.length >= n,
    );

  describe("creating and listing", () => {
    it("when an app is created, then it is pending with both keys, its URL normalised, and apps.app.created published", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "  Shop.Example.com/store/  ");
      expect(app).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: "https://shop.example.com/store",
        api_key: expect.stringMatching(/^gk_live_[A-Za-z0-9_-]{43}$/),
        publishable_key: expect.stringMatching(/^gk_pub_[A-Za-z0-9_-]{43}$/),
        allowed_origin: "https://shop.example.com",
        daily_spend_cap: "1.00",
        store_completions: false,
        status: "pending",
        subscription_id: null,
        created_at: expect.any(String),
      });
      // The store keeps the keys' hashes and sealed copies, never the keys.
      const stored = await a.appRepo.model.findById(app.id).lean().exec();
      expect(stored).toMatchObject({ ownerId, keyHash: hashApiKey(app.api_key), pubKeyHash: hashApiKey(app.publishable_key!) });
      expect(JSON.stringify(stored)).not.toContain(app.api_key.slice(8));
      expect(new KeySealer(SEALING_SECRET).open(stored!.keySealed, app.id)).toBe(app.api_key);

      const [created] = await waitForEvents("apps.app.created", app.id, 1);
      expect(created?.payload).toMatchObject({ appId: app.id, ownerId, url: app.url, status: "pending" });
      const drained = await eventually(
        () => a.appRepo.model.findById(app.id).lean().exec(),
        (d) => d?.outboxPending === 0,
      );
      expect(drained?.outboxPending).toBe(0);
      // The other copy lists it at once (it has not cached this owner yet).
      expect((await b.apps.list(ownerId, 1, 10)).results).toEqual([app]);
    });

    it("when the URL is blank or not a website, then the url field says why and nothing is stored", async () => {
      const ownerId = newOwner();
      for (const [input, message] of [
        ["   ", BLANK],
        ["ftp://example.com", INVALID_URL],
        ["https://nodot", INVALID_URL],
      ] as const) {
        const err = await rejection(a.apps.create(ownerId, input));
        expect([err.code, err.fields]).toEqual(["COMMON.VALIDATION", { url: [message] }]);
      }
      expect(await a.appRepo.countLive(ownerId)).toBe(0);
    });

    it("when the owner registers a website twice, then the second is refused; another owner, or after deletion, may", async () => {
      const ownerId = newOwner();
      const first = await a.apps.create(ownerId, "https://twice.example.com");
      const err = await rejection(b.apps.create(ownerId, "twice.example.com/"));
      expect([err.code, err.fields]).toEqual(["COMMON.VALIDATION", { url: ["You already have an app for this website."] }]);
      expect((await a.apps.create(newOwner(), "https://twice.example.com")).url).toBe("https://twice.example.com");
      await a.apps.delete(ownerId, first.id);
      const again = await b.apps.create(ownerId, "https://twice.example.com");
      expect(again.id).not.toBe(first.id);
      expect((await a.apps.list(ownerId, 1, 10)).results.map((x) => x.id)).toEqual([again.id]);
    });

    it("when an owner lists apps, then only theirs come, newest first, a page at a time, with the count and the limit", async () => {
      const ownerId = newOwner();
      const made = [];
      for (const host of ["one", "two", "three"]) made.push(await a.apps.create(ownerId, `https://${host}.example.com`));
      await a.apps.create(newOwner(), "https://someone-else.example.com");
      const p1 = await b.apps.list(ownerId, 1, 2);
      const p2 = await b.apps.list(ownerId, 2, 2);
      expect([p1.count, p1.limit, p2.count]).toEqual([3, h.maxApps, 3]);
      const listed = [...p1.results, ...p2.results];
      expect(listed.map((x) => x.id).sort()).toEqual(made.map((x) => x.id).sort());
      const times = listed.map((x) => Date.parse(x.created_at));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect((await b.apps.list(ownerId, 3, 2)).results).toEqual([]);
    });

    it("when a subscription activates an app, then the list shows it active with its subscription", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://active.example.com");
      expect((await a.apps.list(ownerId, 1, 10)).results[0]?.status).toBe("pending");
      expect(await a.appRepo.setStatus(app.id, "active", new Date(Date.now() + 1_000), "sub-1")).toBe(true);
      expect((await a.apps.list(ownerId, 1, 10)).results[0]).toMatchObject({ status: "active", subscription_id: "sub-1" });
    });
  });

  describe("the per-owner quota", () => {
    it("when the owner has as many live apps as allowed, then another is refused on url until one is deleted", async () => {
      const ownerId = newOwner();
      const made = [];
      for (let i = 0; i < h.maxApps; i++) made.push(await a.apps.create(ownerId, `https://q${i}.example.com`));
      const err = await rejection(b.apps.create(ownerId, "https://one-more.example.com"));
      expect([err.code, err.fields]).toEqual([
        "APPS.APP_LIMIT_REACHED",
        { url: ["You have reached the limit of 3 apps. Delete an app to create another."] },
      ]);
      await b.apps.delete(ownerId, made[0]!.id);
      expect((await a.apps.create(ownerId, "https://one-more.example.com")).url).toBe("https://one-more.example.com");
      expect(await a.appRepo.countLive(ownerId)).toBe(h.maxApps);
    });

    it("when many creates of one owner run at once in both copies, then exactly the quota is created", async () => {
      const ownerId = newOwner();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 9 }, (_, i) => (i % 2 ? a : b).apps.create(ownerId, `https://burst${i}.example.com`)),
      );
      const refused = outcomes.filter((o) => o.status === "rejected").map((o) => (o.reason as { code?: string }).code);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(h.maxApps);
      expect(refused).toEqual(Array(9 - h.maxApps).fill("APPS.APP_LIMIT_REACHED"));
      expect(await a.appRepo.countLive(ownerId)).toBe(h.maxApps);
    });

    it("when another copy holds the owner's quota too long, then the create answers QUOTA_BUSY (retry) and stores nothing", async () => {
      const ownerId = newOwner();
      const held = `${h.redisKeyPrefix}lock:owner-apps:${ownerId}`;
      await a.redis.set(held, "another-copy", "PX", 15_000);
      const impatient = a.appsWithQuotaLock(impatientLock(a, h.redisKeyPrefix, "owner-apps", 200));
      const err = await rejection(impatient.create(ownerId, "https://busy.example.com"));
      expect([err.code, err.details?.retryAfterSeconds]).toEqual(["APPS.QUOTA_BUSY", 2]);
      expect(await a.appRepo.countLive(ownerId)).toBe(0);
      await a.redis.del(held);
      expect((await impatient.create(ownerId, "https://busy.example.com")).url).toBe("https://busy.example.com");
    });
  });

  describe("deleting", () => {
    it("when an app is deleted, then it leaves the list, its keys stop verifying and apps.app.deleted is published", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://gone.example.com");
      expect(await verify(app.api_key)).toMatchObject({ appId: app.id, ownerId, kind: "secret" });
      await b.apps.delete(ownerId, app.id);
      expect((await b.apps.list(ownerId, 1, 10)).results).toEqual([]);
      // Copy A, which answers the command, held the key in memory: the deletion's event makes it let go.
      expect(
        await eventually(
          () => verify(app.api_key),
          (r) => r === REPLY_ERRORS.KEY_NOT_FOUND,
        ),
      ).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
      expect(await verify(app.publishable_key!)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
      expect(
        (
          await eventually(
            () => a.apps.list(ownerId, 1, 10),
            (l) => l.count === 0,
          )
        ).results,
      ).toEqual([]);
      const [deleted] = await waitForEvents("apps.app.deleted", app.id, 1);
      expect(deleted?.payload).toMatchObject({ appId: app.id, ownerId });
      expect((await rejection(a.apps.delete(ownerId, app.id))).code).toBe("COMMON.NOT_FOUND");
    });

    it("when the app is another owner's or missing, then not found; when it has an active subscription, then APP_ACTIVE", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://kept.example.com");
      expect((await rejection(a.apps.delete(newOwner(), app.id))).code).toBe("COMMON.NOT_FOUND");
      expect((await rejection(a.apps.delete(ownerId, randomUUID()))).code).toBe("COMMON.NOT_FOUND");
      await a.appRepo.setStatus(app.id, "active", new Date(Date.now() + 1_000), "sub-2");
      const err = await rejection(b.apps.delete(ownerId, app.id));
      expect([err.code, err.message]).toEqual([
        "APPS.APP_ACTIVE",
        "An app with an active subscription cannot be deleted. Cancel the subscription first.",
      ]);
      expect((await a.apps.list(ownerId, 1, 10)).results.map((x) => x.id)).toEqual([app.id]);
      expect(await verify(app.api_key)).toMatchObject({ appId: app.id, status: "active" });
    });
  });

  describe("keys", () => {
    it("when keys are asked about, then a live key answers its app; a malformed or unknown one KEY_NOT_FOUND", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://keys.example.com/app");
      expect(await verify(app.api_key)).toMatchObject({
        appId: app.id,
        ownerId,
        status: "pending",
        websiteUrl: "https://keys.example.com/app",
        kind: "secret",
        allowedOrigin: "https://keys.example.com",
        dailySpendCapMicros: 1_000_000n,
      });
      expect(await verify(app.publishable_key!)).toMatchObject({ appId: app.id, kind: "publishable" });
      for (const key of ["", "sk-not-ours", `${app.api_key}x`, generateApiKey()])
        expect(await verify(key)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
    });

    it("when the secret key is rotated, then only the new one verifies, the publishable key stays, and key_rotated says which", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://rotate.example.com");
      expect(await verify(app.api_key)).toMatchObject({ appId: app.id });
      const rotated = await b.apps.rotateKey(ownerId, app.id);
      expect(rotated.api_key).not.toBe(app.api_key);
      expect(rotated.publishable_key).toBe(app.publishable_key);
      // Copy A, which answers the command, held the old key in memory: the key_rotated event makes it let go.
      expect(
        await eventually(
          () => verify(app.api_key),
          (r) => r === REPLY_ERRORS.KEY_NOT_FOUND,
        ),
      ).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
      expect(await verify(rotated.api_key)).toMatchObject({ appId: app.id, kind: "secret" });
      expect((await b.apps.list(ownerId, 1, 10)).results[0]?.api_key).toBe(rotated.api_key);
      const [event] = await waitForEvents("apps.app.key_rotated", app.id, 1);
      expect(event?.payload).toMatchObject({ appId: app.id, ownerId, kind: "secret" });

      const pub = await a.apps.rotatePublishableKey(ownerId, app.id);
      expect([pub.api_key === rotated.api_key, pub.publishable_key === app.publishable_key]).toEqual([true, false]);
      expect(await verify(app.publishable_key!)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
      expect(await verify(pub.publishable_key!)).toMatchObject({ appId: app.id, kind: "publishable" });
      expect((await waitForEvents("apps.app.key_rotated", app.id, 2)).map((e) => e.payload.kind)).toEqual([
        "secret",
        "publishable",
      ]);
      expect((await rejection(a.apps.rotateKey(newOwner(), app.id))).code).toBe("COMMON.NOT_FOUND");
    });

    it("when the owner's credentials are revoked, then every key of every app is replaced once, caused by the revocation", async () => {
      const ownerId = newOwner();
      const before = [
        await a.apps.create(ownerId, "https://r1.example.com"),
        await a.apps.create(ownerId, "https://r2.example.com"),
      ];
      const revocation = { eventId: randomUUID(), correlationId: randomUUID() };
      expect(await a.apps.revokeAllKeys(ownerId, revocation)).toBe(4);
      // A redelivery of the same revocation, in the other copy: nothing more is replaced.
      expect(await b.apps.revokeAllKeys(ownerId, revocation)).toBe(0);
      for (const app of before) {
        expect(await verify(app.api_key)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
        expect(await verify(app.publishable_key!)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
        const rotations = await waitForEvents("apps.app.key_rotated", app.id, 2);
        expect(rotations.map((e) => [e.payload.kind, e.causationId, e.correlationId]).sort()).toEqual([
          ["publishable", revocation.eventId, revocation.correlationId],
          ["secret", revocation.eventId, revocation.correlationId],
        ]);
      }
      const after = (await a.apps.list(ownerId, 1, 10)).results;
      for (const app of after) expect(await verify(app.api_key)).toMatchObject({ appId: app.id, ownerId });
      expect(await a.apps.revokeAllKeys(ownerId, { eventId: randomUUID(), correlationId: randomUUID() })).toBe(4);
    });

    it("when an app from before publishable keys is listed or migrated, then it gets one publishable key, once", async () => {
      const ownerId = newOwner();
      const sealer = new KeySealer(SEALING_SECRET);
      const legacy = async (host: string) => {
        const id = randomUUID();
        const key = generateApiKey();
        const now = new Date();
        const url = `https://${host}.example.com`;
        expect(
          await a.appRepo.insert(
            {
              _id: id,
              ownerId,
              url,
              urlKey: url,
              status: "pending",
              statusAt: now,
              keyHash: hashApiKey(key),
              keySealed: sealer.seal(key, id),
              createdAt: now,
              updatedAt: now,
            },
            [],
          ),
        ).toBe(true);
        return id;
      };
      const listedId = await legacy("old-listed");
      const [listed] = (await a.apps.list(ownerId, 1, 10)).results;
      expect(listed).toMatchObject({ id: listedId, publishable_key: expect.stringMatching(/^gk_pub_/), daily_spend_cap: "1.00" });
      expect(await verify(listed!.publishable_key!)).toMatchObject({ appId: listedId, kind: "publishable" });

      const migratedId = await legacy("old-migrated");
      // Both copies migrate at once (each does at start-up): the app ends with one key, the one both copies show.
      await Promise.all([a.apps.migratePublishableKeys(), b.apps.migratePublishableKeys()]);
      const stored = await a.appRepo.findOwned(ownerId, migratedId);
      expect(stored?.pubKeyHash).toMatch(/^[0-9a-f]{64}$/);
      const view = (await b.apps.list(ownerId, 1, 10)).results.find((x) => x.id === migratedId)!;
      expect(hashApiKey(view.publishable_key!)).toBe(stored?.pubKeyHash);
      expect((await a.apps.list(ownerId, 1, 10)).results.find((x) => x.id === listedId)?.publishable_key).toBe(
        listed!.publishable_key,
      );
      expect(await a.apps.migratePublishableKeys()).toBe(0);
    });
  });

  describe("the daily spend cap", () => {
    it("when the owner sets the cap, then the app shows it, the publishable key answers it and spend_cap_changed is published", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://cap.example.com");
      expect(await verify(app.publishable_key!)).toMatchObject({ dailySpendCapMicros: 1_000_000n });
      const capped = await b.apps.setDailySpendCap(ownerId, app.id, 2_500_000);
      expect(capped).toMatchObject({ id: app.id, daily_spend_cap: "2.50", api_key: app.api_key });
      // Copy A held the old cap in memory: the spend_cap_changed event makes it read the new one.
      const answered = await eventually(
        () => verify(app.publishable_key!),
        (r) => typeof r === "object" && r.dailySpendCapMicros === 2_500_000n,
      );
      expect(answered).toMatchObject({ appId: app.id, dailySpendCapMicros: 2_500_000n });
      expect((await b.apps.list(ownerId, 1, 10)).results[0]?.daily_spend_cap).toBe("2.50");
      const [event] = await waitForEvents("apps.app.spend_cap_changed", app.id, 1);
      expect(event?.payload).toMatchObject({ appId: app.id, ownerId, dailySpendCapMicros: 2_500_000n });
      expect((await b.apps.setDailySpendCap(ownerId, app.id, 0)).daily_spend_cap).toBe("0.00");
      expect((await rejection(a.apps.setDailySpendCap(newOwner(), app.id, 5))).code).toBe("COMMON.NOT_FOUND");
    });
  });

  describe("the stored completions setting", () => {
    it("when the owner turns it on, then the app shows it, its keys answer it, settings_changed is published and the cap stays", async () => {
      const ownerId = newOwner();
      const app = await a.apps.create(ownerId, "https://stored.example.com");
      expect(app.store_completions).toBe(false);
      expect(await verify(app.api_key)).toMatchObject({ storeCompletions: false });
      const on = await b.apps.update(ownerId, app.id, { storeCompletions: true });
      expect(on).toMatchObject({ id: app.id, store_completions: true, daily_spend_cap: "1.00" });
      // Copy A held the old answer in memory: the settings_changed event makes it read the new one.
      const answered = await eventually(
        () => verify(app.api_key),
        (r) => typeof r === "object" && r.storeCompletions === true,
      );
      expect(answered).toMatchObject({ appId: app.id, storeCompletions: true });
      const [event] = await waitForEvents("apps.app.settings_changed", app.id, 1);
      expect(event?.payload).toMatchObject({ appId: app.id, ownerId, storeCompletions: true });
      // Both at once: each its own event; the setting goes back off.
      const both = await b.apps.update(ownerId, app.id, { storeCompletions: false, dailySpendCapMicros: 3_000_000 });
      expect(both).toMatchObject({ store_completions: false, daily_spend_cap: "3.00" });
      expect((await b.apps.list(ownerId, 1, 10)).results[0]?.store_completions).toBe(false);
      expect((await rejection(a.apps.update(newOwner(), app.id, { storeCompletions: true }))).code).toBe("COMMON.NOT_FOUND");
    });
  });
});
