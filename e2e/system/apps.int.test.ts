import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { MessageBus, RemoteError, connectNats, createLogger, type ReceivedEvent } from "@genui/chassis";
import {
  COMMANDS,
  EVENTS,
  EventEnvelopeSchema,
  REPLY_ERRORS,
  SubscriptionActivatedSchema,
  type AppCreatedSchema,
} from "@genui/contracts";
import { testInfra } from "@genui/testkit";
import { BrowserClient } from "../support/client";
import { eventually } from "../support/eventually";
import { signUp as confirmedSignUp } from "../support/signup";
import { startStack, type Stack } from "../support/stack";
import type { AppRow, TemplateRow } from "../support/wire";
import { verifyKeyQuestion } from "@genui/contracts/keys";

describe("apps and templates through the BFF", () => {
  let stack: Stack;
  let bus: MessageBus;
  let nc: Awaited<ReturnType<typeof connectNats>>;
  let owner: BrowserClient;
  let other: BrowserClient;
  const created: ReceivedEvent<typeof AppCreatedSchema>[] = [];
  const deleted: string[] = [];
  let n = 0;

  const signUp = async (name: string) => {
    const c = new BrowserClient(stack.bff.url);
    const res = await confirmedSignUp(c, { email: `${name}-${Date.now()}@genui.dev`, password: "password123" });
    expect(res.status).toBe(201);
    return c;
  };
  const newApp = async (c = owner): Promise<AppRow> => {
    const res = await c.post("/apps/api/v1/create/", { url: `https://site${++n}.example.com/` });
    expect(res.status).toBe(201);
    return (await res.json()) as AppRow;
  };
  const appOf = async (c: BrowserClient, id: string) =>
    ((await (await c.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results.find((a) => a.id === id);
  /** Billing subscribes every new app to the default plan; wait for that to land. */
  const activated = (id: string, c = owner) =>
    eventually(
      () => appOf(c, id),
      (a) => a?.status === "active" && !!a.subscription_id,
    );
  const statusOf = async (c: BrowserClient, id: string) =>
    ((await (await c.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results.find((a) => a.id === id)?.status;
  const publishSubscription = (kind: "activated" | "cancelled", appId: string, occurredAt = new Date()) =>
    kind === "activated"
      ? bus.publish(EVENTS.subscriptionActivated, { subscriptionId: `sub-${appId}`, appId, ownerId: "x" }, { occurredAt })
      : bus.publish(EVENTS.subscriptionCancelled, { subscriptionId: `sub-${appId}`, appId, ownerId: "x" }, { occurredAt });

  beforeAll(async () => {
    stack = await startStack();
    const logger = createLogger("events", "silent");
    nc = await connectNats(testInfra().natsUrl, "events", logger);
    bus = new MessageBus(nc, {
      prefix: stack.prefix,
      source: "billing",
      logger,
    });
    await bus.ensureStream("BILLING");
    await bus.consume(EVENTS.appCreated, "observer-created", async (e) => void created.push(e));
    await bus.consume(EVENTS.appDeleted, "observer-deleted", async (e) => void deleted.push(e.payload.appId));
    owner = await signUp("owner");
    other = await signUp("other");
  });
  afterAll(async () => {
    await bus.close();
    await stack.stop();
  });

  describe("creating apps", () => {
    it("when a URL is registered, then a pending app with a fresh key exists and apps.app.created is published once", async () => {
      const res = await owner.post("/apps/api/v1/create/", { url: "  https://Shop.Example.com/ " });
      expect(res.status).toBe(201);
      const app = (await res.json()) as AppRow;
      expect(app).toMatchObject({ url: "https://shop.example.com", status: "pending" });
      expect(app.api_key).toMatch(/^gk_live_[A-Za-z0-9_-]{43}$/);
      await eventually(
        async () => created.filter((e) => e.payload.appId === app.id).length,
        (c) => c >= 1,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(created.filter((e) => e.payload.appId === app.id).map((e) => e.payload)).toEqual([
        expect.objectContaining({ url: "https://shop.example.com", status: "pending" }),
      ]);
      const stored = await stack.apps.ctx.mongo!.collection("apps").findOne({ _id: app.id as never });
      expect(JSON.stringify(stored)).not.toContain(app.api_key.slice(8));
    });

    it("when app_url is sent instead of url, then it works the same", async () => {
      const res = await owner.post("/apps/api/v1/create/", { app_url: "docs.example.com" });
      expect(res.status).toBe(201);
      expect(((await res.json()) as AppRow).url).toBe("https://docs.example.com");
    });

    it("when the URL is blank, missing, invalid, not a string or already registered, then a field error on url", async () => {
      const cases: [unknown, string][] = [
        [{ url: "   " }, "This field may not be blank."],
        [{}, "This field is required."],
        [{ url: "ftp://x.example.com" }, "Enter a valid URL."],
        [{ url: 42 }, "Not a valid string."],
        [{ url: "https://shop.example.com" }, "You already have an app for this website."],
      ];
      for (const [body, message] of cases) {
        const res = await owner.post("/apps/api/v1/create/", body);
        expect({ body, status: res.status, answer: await res.json() }).toEqual({ body, status: 400, answer: { url: [message] } });
      }
    });

    it("when another user registers the same website, then that is fine: URLs are unique per owner", async () => {
      expect((await other.post("/apps/api/v1/create/", { url: "https://shop.example.com" })).status).toBe(201);
    });
  });

  describe("listing", () => {
    it("when pages are asked for, then newest first, the true count, and an empty page past the end", async () => {
      const c = await signUp("pager");
      const made = [await newApp(c), await newApp(c), await newApp(c)];
      const first = (await (await c.get("/apps/api/v1/list/?page=1&page_size=2")).json()) as { results: AppRow[]; count: number };
      expect(first.count).toBe(3);
      expect(first.results.map((a) => a.id)).toEqual([made[2]!.id, made[1]!.id]);
      const second = (await (await c.get("/apps/api/v1/list/?page=2&page_size=2")).json()) as { results: AppRow[] };
      expect(second.results.map((a) => a.id)).toEqual([made[0]!.id]);
      expect(await (await c.get("/apps/api/v1/list/?page=9&page_size=2")).json()).toEqual({ results: [], count: 3, limit: 1000 });
      expect(((await (await c.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results).toHaveLength(3);
    });

    it("when page or page_size are not sensible numbers, then 400 naming the field", async () => {
      for (const [q, field] of [
        ["page=0", "page"],
        ["page=abc", "page"],
        ["page_size=0", "page_size"],
        ["page_size=101", "page_size"],
        ["page_size=2.5", "page_size"],
      ]) {
        const res = await owner.get(`/apps/api/v1/list/?${q}`);
        expect(res.status).toBe(400);
        expect(Object.keys((await res.json()) as object)).toEqual([field]);
      }
    });
  });

  describe("status, keys and deletion through events", () => {
    it("when an app is created, billing activates it; the owner cancels; then the key stops and deletion is allowed", async () => {
      const app = await newApp();
      const verify = () => bus.request(COMMANDS.verifyKey, verifyKeyQuestion(app.api_key));
      const active = await activated(app.id);
      expect(active).toMatchObject({ status: "active", subscription_id: `sub_${app.id}` });
      expect(await eventually(verify, (v) => v.status === "active")).toMatchObject({
        appId: app.id,
        status: "active",
        websiteUrl: app.url,
      });

      const refused = await owner.request("DELETE", `/apps/api/v1/delete/${app.id}/`);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        message: "An app with an active subscription cannot be deleted. Cancel the subscription first.",
      });

      expect((await other.post(`/billing/api/v1/subscription/${active!.subscription_id}/cancel/`)).status).toBe(404);
      // The cancellation's event continues the request's correlation (the client's, through the BFF) and names the
      // request as its cause.
      const cancellations = nc.subscribe(bus.subject(EVENTS.subscriptionCancelled.subject));
      const heard = (async () => {
        for await (const m of cancellations) {
          const envelope = fromBinary(EventEnvelopeSchema, m.data);
          if (envelope.eventId === `cancelled:${active!.subscription_id}`) return envelope;
        }
      })();
      await nc.flush();
      const cancel = await owner.request(
        "POST",
        `/billing/api/v1/subscription/${active!.subscription_id}/cancel/`,
        {},
        {
          "x-correlation-id": "corr-cancel-1",
        },
      );
      expect(cancel.status).toBe(200);
      const envelope = await heard;
      cancellations.unsubscribe();
      expect({ correlationId: envelope?.correlationId, causationId: envelope?.causationId }).toEqual({
        correlationId: "corr-cancel-1",
        causationId: cancel.headers.get("x-request-id"),
      });
      expect(await cancel.json()).toEqual({
        id: `sub_${app.id}`,
        app_id: app.id,
        plan_id: "genui-pluto-0.1",
        status: "cancelled",
      });
      expect(
        await eventually(
          () => statusOf(owner, app.id),
          (s) => s === "cancelled",
        ),
      ).toBe("cancelled");
      expect(await eventually(verify, (v) => v.status === "cancelled")).toMatchObject({ status: "cancelled" });

      const tpl = (await (await owner.post(`/apps/api/v1/templates/${app.id}/create/`)).json()) as TemplateRow;
      expect((await owner.request("DELETE", `/apps/api/v1/delete/${app.id}/`)).status).toBe(204);
      expect(await statusOf(owner, app.id)).toBeUndefined();
      await expect(verify()).rejects.toEqual(new RemoteError(REPLY_ERRORS.KEY_NOT_FOUND, "unknown API key"));
      await eventually(async () => deleted.includes(app.id), Boolean);
      expect(deleted.filter((d) => d === app.id)).toHaveLength(1);
      const left = await eventually(
        () => stack.apps.ctx.mongo!.collection("templates").countDocuments({ _id: tpl.id as never }),
        (c) => c === 0,
      );
      expect(left).toBe(0);
      // The website can be registered again.
      expect((await owner.post("/apps/api/v1/create/", { url: app.url })).status).toBe(201);
    });

    it("when an older event arrives after a newer one, then it does not undo it", async () => {
      const app = await newApp();
      await activated(app.id);
      const t = Date.now();
      await publishSubscription("cancelled", app.id, new Date(t));
      await eventually(
        () => statusOf(owner, app.id),
        (s) => s === "cancelled",
      );
      await publishSubscription("activated", app.id, new Date(t - 60_000));
      // apps has taken it (nothing left for its consumer, nothing unanswered) before the status is read.
      const jsm = await nc.jetstreamManager();
      const stream = bus.streamName("BILLING");
      const handled = await eventually(
        () => jsm.consumers.info(stream, "apps-subscription-activated"),
        (i) => i.num_pending === 0 && i.num_ack_pending === 0,
      );
      expect([handled.num_pending, handled.num_ack_pending]).toEqual([0, 0]);
      expect(await statusOf(owner, app.id)).toBe("cancelled");
    });

    it("when a poison message arrives, then it is terminated and later events are still applied", async () => {
      const app = await newApp();
      await activated(app.id);
      await publishSubscription("cancelled", app.id);
      await eventually(
        () => statusOf(owner, app.id),
        (s) => s === "cancelled",
      );
      const subject = bus.subject(EVENTS.subscriptionActivated.subject);
      await bus.js.publish(subject, new Uint8Array([1, 2, 3, 255]));
      const noAppId = create(EventEnvelopeSchema, {
        eventId: "poison-no-app",
        occurredAt: timestampFromDate(new Date()),
        payloadType: SubscriptionActivatedSchema.typeName,
        payload: toBinary(SubscriptionActivatedSchema, create(SubscriptionActivatedSchema, { subscriptionId: "s" })),
      });
      await bus.js.publish(subject, toBinary(EventEnvelopeSchema, noAppId));
      await publishSubscription("activated", app.id);
      expect(
        await eventually(
          () => statusOf(owner, app.id),
          (s) => s === "active",
        ),
      ).toBe("active");
      const jsm = await bus.nc.jetstreamManager();
      const info = await eventually(
        () => jsm.consumers.info(bus.streamName("BILLING"), "apps-subscription-activated"),
        (i) => i.num_ack_pending === 0,
      );
      expect(info.num_ack_pending).toBe(0);
    });

    it("when the key is rotated, then the old key stops working and the new one works", async () => {
      const app = await newApp();
      const res = await owner.post(`/apps/api/v1/rotate-key/${app.id}/`);
      expect(res.status).toBe(200);
      const rotated = (await res.json()) as AppRow;
      expect(rotated.api_key).not.toBe(app.api_key);
      await expect(bus.request(COMMANDS.verifyKey, verifyKeyQuestion(app.api_key))).rejects.toMatchObject({
        code: REPLY_ERRORS.KEY_NOT_FOUND,
      });
      expect(await bus.request(COMMANDS.verifyKey, verifyKeyQuestion(rotated.api_key))).toMatchObject({ appId: app.id });
      const listed = ((await (await owner.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results.find(
        (a) => a.id === app.id,
      );
      expect(listed?.api_key).toBe(rotated.api_key);
    });

    it("when a key is unknown or malformed, then KEY_NOT_FOUND", async () => {
      for (const apiKey of ["gk_live_" + "A".repeat(43), "sk-not-ours", ""])
        await expect(bus.request(COMMANDS.verifyKey, verifyKeyQuestion(apiKey))).rejects.toMatchObject({
          code: REPLY_ERRORS.KEY_NOT_FOUND,
        });
    });
  });

  describe("templates", () => {
    it("when a template is made, edited field by field, paused and published, then each answer shows it", async () => {
      const app = await newApp();
      const made = await owner.post(`/apps/api/v1/templates/${app.id}/create/`);
      expect(made.status).toBe(201);
      const t = (await made.json()) as TemplateRow;
      expect(t).toMatchObject({ app_id: app.id, name: "", description: "", code: "", status: "draft" });

      const patch = (body: unknown) => owner.request("PATCH", `/apps/api/v1/templates/${app.id}/update/${t.id}/`, body);
      expect(await (await patch({ name: "Pricing card", code: 'screen("Pricing")' })).json()).toMatchObject({
        name: "Pricing card",
        code: 'screen("Pricing")',
        status: "draft",
      });
      // Empty fields are "not sent": nothing is erased.
      expect(await (await patch({ name: "", description: "Shows plans", code: null })).json()).toMatchObject({
        name: "Pricing card",
        description: "Shows plans",
        code: 'screen("Pricing")',
      });
      expect(await (await patch({ status: "publish" })).json()).toMatchObject({ status: "publish" });
      expect(await (await patch({ status: "pause" })).json()).toMatchObject({ status: "pause" });
      const got = (await (await owner.get(`/apps/api/v1/templates/${app.id}/retrieve/${t.id}/`)).json()) as TemplateRow;
      expect(got).toMatchObject({ name: "Pricing card", description: "Shows plans", code: 'screen("Pricing")', status: "pause" });
      const list = (await (await owner.get(`/apps/api/v1/templates/${app.id}/?page=1&page_size=100`)).json()) as {
        results: TemplateRow[];
        count: number;
      };
      expect(list).toMatchObject({ count: 1, results: [expect.objectContaining({ id: t.id })] });
      expect((await owner.request("DELETE", `/apps/api/v1/templates/${app.id}/delete/${t.id}/`)).status).toBe(204);
      expect((await owner.get(`/apps/api/v1/templates/${app.id}/retrieve/${t.id}/`)).status).toBe(404);
    });

    it("when an update has a bad status, wrong types or oversized fields, then field errors and nothing changes", async () => {
      const app = await newApp();
      const t = (await (await owner.post(`/apps/api/v1/templates/${app.id}/create/`)).json()) as TemplateRow;
      const patch = (body: unknown) => owner.request("PATCH", `/apps/api/v1/templates/${app.id}/update/${t.id}/`, body);
      await patch({ name: "Keep me" });
      const cases: [unknown, Record<string, string[]>][] = [
        [{ status: "archived" }, { status: ["Not a valid choice: use one of draft, publish, pause."] }],
        [
          { name: 5, description: ["x"] },
          { name: ["Not a valid string."], description: ["Not a valid string."] },
        ],
        [{ name: "n".repeat(101) }, { name: ["Name must have at most 100 characters."] }],
        [{ code: "x".repeat(256 * 1024 + 1) }, { code: ["Code must be at most 256 KB."] }],
      ];
      for (const [body, answer] of cases) {
        const res = await patch(body);
        expect({ status: res.status, answer: await res.json() }).toEqual({ status: 400, answer });
      }
      expect((await patch("{broken")).status).toBe(400);
      expect((await patch({ code: "x".repeat(1_100_000) })).status).toBe(413);
      expect(await (await owner.get(`/apps/api/v1/templates/${app.id}/retrieve/${t.id}/`)).json()).toMatchObject({
        name: "Keep me",
        code: "",
        status: "draft",
      });
    });

    it("when ids are unknown or malformed, then 404", async () => {
      const app = await newApp();
      const unknown = "00000000-0000-4000-8000-000000000000";
      for (const path of [
        `/apps/api/v1/templates/${unknown}/`,
        `/apps/api/v1/templates/not-an-id/`,
        `/apps/api/v1/templates/${app.id}/retrieve/${unknown}/`,
        `/apps/api/v1/templates/${app.id}/retrieve/not-an-id/`,
      ])
        expect({ path, status: (await owner.get(path)).status }).toEqual({ path, status: 404 });
      expect((await owner.request("DELETE", `/apps/api/v1/delete/${unknown}/`)).status).toBe(404);
      expect((await owner.request("DELETE", `/apps/api/v1/delete/%24where/`)).status).toBe(404);
    });
  });

  describe("ownership: every route × owner, other user, logged out", () => {
    let app: AppRow;
    let tpl: TemplateRow;
    let subscriptionId: string;
    beforeAll(async () => {
      app = await newApp();
      tpl = (await (await owner.post(`/apps/api/v1/templates/${app.id}/create/`)).json()) as TemplateRow;
      subscriptionId = (await activated(app.id))!.subscription_id!;
    });

    const routes = (): [string, string, unknown?][] => [
      ["GET", `/apps/api/v1/templates/${app.id}/`],
      ["POST", `/apps/api/v1/templates/${app.id}/create/`, {}],
      ["GET", `/apps/api/v1/templates/${app.id}/retrieve/${tpl.id}/`],
      ["PATCH", `/apps/api/v1/templates/${app.id}/update/${tpl.id}/`, { name: "hijacked" }],
      ["POST", `/apps/api/v1/rotate-key/${app.id}/`, {}],
      ["DELETE", `/apps/api/v1/templates/${app.id}/delete/${tpl.id}/`],
      ["POST", `/billing/api/v1/subscription/${subscriptionId}/cancel/`, {}],
      ["DELETE", `/apps/api/v1/delete/${app.id}/`],
    ];

    it("when a logged-out visitor calls any route, then 401", async () => {
      const anon = new BrowserClient(stack.bff.url);
      for (const [method, path, body] of [
        ...routes(),
        ["GET", "/apps/api/v1/list/"],
        ["POST", "/apps/api/v1/create/", { url: "https://x.example.com" }],
      ] as [string, string, unknown?][])
        expect({ method, path, status: (await anon.request(method, path, body)).status }).toEqual({ method, path, status: 401 });
    });

    it("when another user calls any route on the owner's app, then 404 and nothing changes; the list never shows it", async () => {
      for (const [method, path, body] of routes())
        expect({ method, path, status: (await other.request(method, path, body)).status }).toEqual({ method, path, status: 404 });
      const theirs = ((await (await other.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results;
      expect(theirs.find((a) => a.id === app.id)).toBeUndefined();
      const got = (await (await owner.get(`/apps/api/v1/templates/${app.id}/retrieve/${tpl.id}/`)).json()) as TemplateRow;
      expect(got.name).toBe("");
      expect((await owner.get("/apps/api/v1/list/")).status).toBe(200);
    });

    it("when the owner calls every route, then each succeeds", async () => {
      const statuses = [];
      for (const [method, path, body] of routes()) {
        // Deletion waits for the cancellation to reach the app (it travels as an event).
        if (method === "DELETE" && path.startsWith("/apps/api/v1/delete/"))
          await eventually(
            () => statusOf(owner, app.id),
            (s) => s === "cancelled",
          );
        statuses.push((await owner.request(method, path, body)).status);
      }
      expect(statuses).toEqual([200, 201, 200, 200, 200, 204, 200, 204]);
    });
  });
});
