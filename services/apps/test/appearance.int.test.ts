import { randomUUID } from "node:crypto";
import { RemoteError } from "@genui/chassis";
import { COMMANDS, EVENTS, REPLY_ERRORS } from "@genui/contracts";
import { eventually, rejection, startHarness, type Copy, type Harness } from "./harness";

const product = (name = "ProductCard", over: Record<string, unknown> = {}) => ({
  name,
  description: "One product with its photo, price and an Add to cart button.",
  props: {
    type: "object",
    properties: { title: { type: "string" }, price: { type: "number" } },
    required: ["title", "price"],
    additionalProperties: false,
  },
  example: { title: "Ceramic mug", price: 14 },
  fallback: "card",
  ...over,
});

/**
 * An app's look (theme and the developer's own components) on the real store, Redis and NATS with two copies of
 * apps: what is stored reads back exactly, concurrent changes from both copies all land with distinct versions, each
 * change's event is published once, and generation reads the look with apps.appearance.get.
 */
describe("app appearance (real store, Redis and NATS, two copies)", () => {
  let h: Harness;
  let a: Copy;
  let b: Copy;

  beforeAll(async () => {
    h = await startHarness();
    [a, b] = h.copies as [Copy, Copy];
  });
  afterAll(async () => {
    await h?.stop();
  });

  const newApp = async () => {
    const ownerId = randomUUID();
    const app = await a.apps.create(ownerId, `https://${randomUUID().slice(0, 8)}.example.com`);
    return { ownerId, appId: app.id };
  };
  /** What generation gets for an app's look, parsed, or the reply's error code. */
  const fromBus = (req: { appId?: string; ownerId?: string }) =>
    h.caller.request(COMMANDS.getAppearance, req).then(
      (r) => ({
        version: r.version,
        theme: JSON.parse(r.themeJson) as unknown,
        components: JSON.parse(r.componentsJson) as unknown,
      }),
      (err: unknown) => (err instanceof RemoteError ? err.code : Promise.reject(err)),
    );
  const versionsSeen = (appId: string) =>
    h.events
      .filter((e) => e.subject === EVENTS.appAppearanceChanged.subject && e.payload.appId === appId)
      .map((e) => Number(e.payload.version as bigint))
      .sort((x, y) => x - y);
  const storedDoc = (appId: string) => a.appRepo.model.findById(appId).lean().exec();

  it("when a theme and a component with $defs, $ref and a dotted prop name are set, then both copies read them back exactly", async () => {
    const { ownerId, appId } = await newApp();
    const theme = {
      light: { primary: "#6d28d9", accent: "#be185d" },
      dark: { primary: "#c4b5fd" },
      radius: 8,
      density: "comfortable" as const,
    };
    const themed = await a.appearances.updateTheme(ownerId, appId, { theme });
    expect(themed).toEqual({ app_id: appId, version: 1, theme, components: [], updated_at: expect.any(String) });
    const tricky = product("PriceTag", {
      props: {
        type: "object",
        $defs: { money: { type: "number", minimum: 0 } },
        properties: { "price.amount": { $ref: "#/$defs/money" }, label: { type: "string" } },
        required: ["price.amount"],
        additionalProperties: false,
      },
      example: { "price.amount": 9.5, label: "Sale" },
      fallback: "stat",
    });
    const declared = await b.appearances.putComponent(ownerId, appId, "PriceTag", { component: tricky, version: 1 });
    expect(declared).toMatchObject({ version: 2, theme, components: [tricky] });
    expect(await a.appearances.get(ownerId, appId)).toEqual(declared);
    expect(await b.appearances.get(ownerId, appId)).toEqual(declared);
    // The app's other reads (key directory, owners' lists) do not load the look.
    expect(await a.appRepo.findOwned(ownerId, appId)).not.toHaveProperty("appearance");
    await eventually(
      async () => versionsSeen(appId),
      (v) => v.length >= 2,
      60_000,
    );
    expect(versionsSeen(appId)).toEqual([1, 2]);
  });

  it("when both copies make many changes at once, then every one lands with its own version and its event", async () => {
    const { ownerId, appId } = await newApp();
    const names = Array.from({ length: 12 }, (_, i) => `Widget${i}`);
    const views = await Promise.all(
      names.map((name, i) => (i % 2 ? b : a).appearances.putComponent(ownerId, appId, name, { component: product(name) })),
    );
    expect(views.map((v) => v.version).sort((x, y) => x - y)).toEqual(names.map((_, i) => i + 1));
    const final = await b.appearances.get(ownerId, appId);
    expect(final.version).toBe(names.length);
    expect(final.components.map((c) => c.name).sort()).toEqual([...names].sort());
    // A theme change and a component change at once, from either copy: both kept.
    const [t, c] = await Promise.all([
      a.appearances.updateTheme(ownerId, appId, { theme: { radius: 4 } }),
      b.appearances.deleteComponent(ownerId, appId, "Widget0"),
    ]);
    expect([t.version, c.version].sort()).toEqual([13, 14]);
    const after = await a.appearances.get(ownerId, appId);
    expect(after).toMatchObject({ version: 14, theme: { radius: 4 } });
    expect(after.components).toHaveLength(11);
    await eventually(
      async () => versionsSeen(appId),
      (v) => v.length >= 14,
      60_000,
    );
    expect(versionsSeen(appId)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    // Every event left the app's outbox.
    expect(
      await eventually(
        async () => (await storedDoc(appId))?.outboxPending ?? 0,
        (n) => n === 0,
        60_000,
      ),
    ).toBe(0);
  });

  it("when both copies send the same version at once, then one lands and the other is refused as stale", async () => {
    const { ownerId, appId } = await newApp();
    const outcomes = await Promise.allSettled([
      a.appearances.updateTheme(ownerId, appId, { theme: { radius: 2 }, version: 0 }),
      b.appearances.updateTheme(ownerId, appId, { theme: { radius: 20 }, version: 0 }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      code: "APPS.APPEARANCE_CHANGED",
      message: "The appearance changed since you loaded it (version 1); reload and apply again.",
    });
    expect((await a.appearances.get(ownerId, appId)).version).toBe(1);
  });

  it("when a change is refused, then the stored document is as it was and no event is queued", async () => {
    const { ownerId, appId } = await newApp();
    await a.appearances.putComponent(ownerId, appId, "ProductCard", { component: product() });
    const before = await storedDoc(appId);
    const refusals = [
      await rejection(a.appearances.updateTheme(ownerId, appId, { theme: { light: { primary: "#ffd700" } } })),
      await rejection(b.appearances.putComponent(ownerId, appId, "Card", { component: product("Card") })),
      await rejection(a.appearances.putComponent(ownerId, appId, "ProductCard", { component: product(), version: 0 })),
      await rejection(b.appearances.updateTheme(randomUUID(), appId, { theme: {} })),
    ];
    expect(refusals.map((r) => r.code)).toEqual([
      "COMMON.VALIDATION",
      "COMMON.VALIDATION",
      "APPS.APPEARANCE_CHANGED",
      "COMMON.NOT_FOUND",
    ]);
    const after = await storedDoc(appId);
    expect(after?.appearance).toEqual(before?.appearance);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    const queued = (d: typeof after) => Object.keys((d?.outbox as object | undefined) ?? {});
    expect(queued(after).filter((id) => !queued(before).includes(id))).toEqual([]);
  });

  it("when generation asks for the look, then it gets the version and the theme and components as JSON", async () => {
    const { ownerId, appId } = await newApp();
    expect(await fromBus({ appId, ownerId })).toEqual({ version: 0n, theme: {}, components: [] });
    await a.appearances.updateTheme(ownerId, appId, { theme: { light: { primary: "#6d28d9" } } });
    await b.appearances.putComponent(ownerId, appId, "ProductCard", { component: product() });
    const look = { version: 2n, theme: { light: { primary: "#6d28d9" } }, components: [product()] };
    expect(await fromBus({ appId, ownerId })).toEqual(look);
    // A key's caller names the app without an owner: the same answer.
    expect(await fromBus({ appId })).toEqual(look);
    expect(await fromBus({ appId, ownerId: randomUUID() })).toBe(REPLY_ERRORS.APP_NOT_FOUND);
    expect(await fromBus({ appId: randomUUID() })).toBe(REPLY_ERRORS.APP_NOT_FOUND);
    expect(await fromBus({ ownerId })).toBe(REPLY_ERRORS.APP_NOT_FOUND);
  });

  it("when the app is deleted, then its look goes with it", async () => {
    const { ownerId, appId } = await newApp();
    await a.appearances.putComponent(ownerId, appId, "ProductCard", { component: product() });
    await b.apps.delete(ownerId, appId);
    expect(await storedDoc(appId)).not.toHaveProperty("appearance");
    expect(await fromBus({ appId })).toBe(REPLY_ERRORS.APP_NOT_FOUND);
    expect((await rejection(a.appearances.get(ownerId, appId))).code).toBe("COMMON.NOT_FOUND");
  });
});
