import { randomUUID } from "node:crypto";
import { RemoteError } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { impatientLock, rejection, startHarness, type Copy, type Harness } from "./harness";

/** The template use cases (create, list, get, update, delete, the per-app quota) and apps.templates.list_published. */
describe("templates (real store, Redis and NATS, two copies)", () => {
  let h: Harness;
  let a: Copy;
  let b: Copy;

  beforeAll(async () => {
    h = await startHarness({ maxTemplates: 3 });
    [a, b] = h.copies as [Copy, Copy];
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A new owner's new app. */
  const newApp = async () => {
    const ownerId = randomUUID();
    const app = await a.apps.create(ownerId, `https://${randomUUID().slice(0, 8)}.example.com`);
    return { ownerId, appId: app.id };
  };
  /** What generation gets for an app's published templates: their names, or the reply's error code. */
  const published = (req: { appId?: string; ownerId?: string }) =>
    h.caller.request(COMMANDS.listPublishedTemplates, req).then(
      (r) => r.templates.map((t) => t.name),
      (err: unknown) => (err instanceof RemoteError ? err.code : Promise.reject(err)),
    );

  describe("one template's life", () => {
    it("when a template is created, then it is an empty draft of its app, read back by id and listed", async () => {
      const { ownerId, appId } = await newApp();
      const t = await a.templates.create(appId, ownerId);
      expect(t).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        app_id: appId,
        name: "",
        description: "",
        code: "",
        status: "draft",
        created_at: expect.any(String),
        updated_at: t.created_at,
      });
      expect(await b.templates.get(appId, t.id)).toEqual(t);
      expect(await b.templates.list(appId, 1, 10)).toEqual({ results: [t], count: 1, limit: h.maxTemplates });
      expect(await a.templateRepo.model.findById(t.id).lean().exec()).toMatchObject({ ownerId });
    });

    it("when a template is updated, then only the fields sent change; nothing sent changes nothing", async () => {
      const { ownerId, appId } = await newApp();
      const t = await a.templates.create(appId, ownerId);
      const named = await b.templates.update(appId, t.id, { name: "Pricing", description: undefined });
      expect(named).toMatchObject({ id: t.id, name: "Pricing", description: "", code: "", status: "draft" });
      expect(Date.parse(named.updated_at)).toBeGreaterThanOrEqual(Date.parse(t.updated_at));
      const full = await a.templates.update(appId, t.id, { description: "Three tiers", code: "<Card />", status: "publish" });
      expect(full).toMatchObject({ name: "Pricing", description: "Three tiers", code: "<Card />", status: "publish" });
      expect(await a.templates.update(appId, t.id, {})).toEqual(full);
      expect(await b.templates.get(appId, t.id)).toEqual(full);
    });

    it("when the edits of one template's fields come at once from both copies, then every field is kept", async () => {
      const { ownerId, appId } = await newApp();
      const t = await a.templates.create(appId, ownerId);
      const edits = [
        { name: "Checkout" },
        { description: "One page" },
        { code: "<Checkout />" },
        { status: "pause" as const },
        { name: "Checkout" },
        { description: "One page" },
      ];
      await Promise.all(edits.map((set, i) => (i % 2 ? a : b).templates.update(appId, t.id, set)));
      expect(await a.templates.get(appId, t.id)).toMatchObject({
        name: "Checkout",
        description: "One page",
        code: "<Checkout />",
        status: "pause",
      });
    });

    it("when a template is deleted, then it is gone, and a second delete is not found", async () => {
      const { ownerId, appId } = await newApp();
      const [keep, drop] = [await a.templates.create(appId, ownerId), await a.templates.create(appId, ownerId)];
      await b.templates.delete(appId, drop.id);
      expect((await rejection(a.templates.get(appId, drop.id))).code).toBe("COMMON.NOT_FOUND");
      expect((await rejection(a.templates.delete(appId, drop.id))).code).toBe("COMMON.NOT_FOUND");
      expect((await a.templates.list(appId, 1, 10)).results.map((x) => x.id)).toEqual([keep.id]);
    });

    it("when a template is named with another app, or does not exist, then get, update and delete are not found", async () => {
      const { ownerId, appId } = await newApp();
      const other = await newApp();
      const t = await a.templates.create(appId, ownerId);
      for (const [app, id] of [
        [other.appId, t.id],
        [appId, randomUUID()],
      ] as const) {
        expect((await rejection(a.templates.get(app, id))).code).toBe("COMMON.NOT_FOUND");
        expect((await rejection(a.templates.update(app, id, { name: "x" }))).code).toBe("COMMON.NOT_FOUND");
        expect((await rejection(a.templates.update(app, id, {}))).code).toBe("COMMON.NOT_FOUND");
        expect((await rejection(a.templates.delete(app, id))).code).toBe("COMMON.NOT_FOUND");
      }
      expect(await a.templates.get(appId, t.id)).toMatchObject({ name: "" });
    });
  });

  describe("listing", () => {
    it("when an app's templates are listed, then they come newest first, a page at a time, with the count and the limit", async () => {
      const { ownerId, appId } = await newApp();
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await a.templates.create(appId, ownerId));
      await a.templates.create((await newApp()).appId, ownerId);
      const p1 = await b.templates.list(appId, 1, 2);
      const p2 = await b.templates.list(appId, 2, 2);
      expect([p1.results.length, p1.count, p1.limit, p2.results.length, p2.count]).toEqual([2, 3, h.maxTemplates, 1, 3]);
      const listed = [...p1.results, ...p2.results];
      expect(listed.map((x) => x.id).sort()).toEqual(made.map((x) => x.id).sort());
      const times = listed.map((x) => Date.parse(x.created_at));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });
  });

  describe("the per-app quota", () => {
    it("when the app has as many templates as allowed, then another is refused with TEMPLATE_LIMIT_REACHED until one is deleted", async () => {
      const { ownerId, appId } = await newApp();
      const made = [];
      for (let i = 0; i < h.maxTemplates; i++) made.push(await a.templates.create(appId, ownerId));
      const err = await rejection(b.templates.create(appId, ownerId));
      expect([err.code, err.message]).toEqual([
        "APPS.TEMPLATE_LIMIT_REACHED",
        "This app has reached the limit of 3 templates. Delete a template to create another.",
      ]);
      // Another app of the same owner has its own quota.
      expect((await a.templates.create((await newApp()).appId, ownerId)).status).toBe("draft");
      await a.templates.delete(appId, made[0]!.id);
      expect((await b.templates.create(appId, ownerId)).app_id).toBe(appId);
      expect((await a.templates.list(appId, 1, 10)).count).toBe(h.maxTemplates);
    });

    it("when many creates of one app run at once in both copies, then exactly the quota is created", async () => {
      const { ownerId, appId } = await newApp();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).templates.create(appId, ownerId)),
      );
      const refused = outcomes.filter((o) => o.status === "rejected").map((o) => (o.reason as { code?: string }).code);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(h.maxTemplates);
      expect(refused).toEqual(Array(8 - h.maxTemplates).fill("APPS.TEMPLATE_LIMIT_REACHED"));
      expect(await a.templateRepo.count(appId)).toBe(h.maxTemplates);
    });

    it("when another copy holds the app's quota too long, then the create answers QUOTA_BUSY and stores nothing", async () => {
      const { ownerId, appId } = await newApp();
      const held = `${h.redisKeyPrefix}lock:app-templates:${appId}`;
      await a.redis.set(held, "another-copy", "PX", 15_000);
      const impatient = a.templatesWithQuotaLock(impatientLock(a, h.redisKeyPrefix, "app-templates", 200));
      const err = await rejection(impatient.create(appId, ownerId));
      expect([err.code, err.details?.retryAfterSeconds]).toEqual(["APPS.QUOTA_BUSY", 2]);
      expect(await a.templateRepo.count(appId)).toBe(0);
      await a.redis.del(held);
      expect((await impatient.create(appId, ownerId)).app_id).toBe(appId);
    });
  });

  describe("apps.templates.list_published", () => {
    it("when generation asks for an app's published templates, then the newest published ones come, at most five", async () => {
      const { ownerId, appId } = await newApp();
      // Written through the store with their times set, a second apart (the quota of 3 is the use case's, tested above).
      const base = Date.now() - 60_000;
      const statuses = {
        t1: "publish",
        t2: "publish",
        t3: "publish",
        t4: "publish",
        t5: "publish",
        t6: "publish",
        draft: "draft",
        paused: "pause",
      } as const;
      for (const [i, [name, status]] of Object.entries(statuses).entries()) {
        const at = new Date(base + i * 1_000);
        await a.templateRepo.create({
          _id: randomUUID(),
          appId,
          ownerId,
          name,
          description: "",
          code: `<${name} />`,
          status,
          createdAt: at,
          updatedAt: at,
        });
      }
      expect(await published({ appId, ownerId })).toEqual(["t6", "t5", "t4", "t3", "t2"]);
      // Publishing a draft makes it the newest.
      const draft = (await a.templates.list(appId, 1, 100)).results.find((t) => t.name === "draft")!;
      await b.templates.update(appId, draft.id, { status: "publish" });
      expect(await published({ appId, ownerId })).toEqual(["draft", "t6", "t5", "t4", "t3"]);
      // Without a signed-in owner (a published API key named the app): the same answer.
      expect(await published({ appId })).toEqual(["draft", "t6", "t5", "t4", "t3"]);
      const [first] = (await h.caller.request(COMMANDS.listPublishedTemplates, { appId })).templates;
      expect(first).toMatchObject({ id: draft.id, name: "draft", code: "<draft />", description: "" });
    });

    it("when the app is another user's or missing, then APP_NOT_FOUND; when no app is named, then none", async () => {
      const { ownerId, appId } = await newApp();
      const t = await a.templates.create(appId, ownerId);
      await a.templates.update(appId, t.id, { name: "mine", status: "publish" });
      expect(await published({ appId, ownerId })).toEqual(["mine"]);
      expect(await published({ appId, ownerId: randomUUID() })).toBe(REPLY_ERRORS.APP_NOT_FOUND);
      expect(await published({ appId: randomUUID(), ownerId })).toBe(REPLY_ERRORS.APP_NOT_FOUND);
      expect(await published({ ownerId })).toEqual([]);
      expect(await published({ appId: randomUUID() })).toEqual([]);
    });
  });
});
