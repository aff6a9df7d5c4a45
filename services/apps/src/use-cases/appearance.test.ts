import { KeyedMutex, LockTimeoutError } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { APP_COMPONENT_LIMITS } from "@genui/ui-runtime/appearance";
import { MAX_APPEARANCE_BYTES } from "../domain/appearance";
import { appearanceFromStore, appearanceToStore, type StoredAppearance } from "../store/app.repository";
import { Appearances, type AppearanceStore } from "./appearance";

const OWNER = "owner-1";
const APP = "app-1";

/**
 * The app repository's look in memory, with its contract: a change runs under the app's lock on the look read under
 * it, a refusal thrown by the change writes nothing, and what is written goes through the stored form (JSON text for
 * the declarations). The repository itself is tested against the real store (test/appearance.int.test.ts).
 */
function memoryStore(apps = [{ id: APP, ownerId: OWNER }]) {
  const looks = new Map<string, StoredAppearance>();
  const events: { subject: string; payload: Record<string, unknown> }[] = [];
  const lock = new KeyedMutex();
  const appearanceOf: AppearanceStore["appearanceOf"] = async (id, ownerId) => {
    if (!apps.some((a) => a.id === id && (ownerId === undefined || a.ownerId === ownerId))) return null;
    const stored = looks.get(id);
    return stored ? { appearance: appearanceFromStore(structuredClone(stored)) } : {};
  };
  const store: AppearanceStore = {
    appearanceOf,
    changeAppearance: (ownerId, id, change) =>
      lock.run(id, async () => {
        const found = await appearanceOf(id, ownerId);
        if (!found) return "missing" as const;
        const next = change(found.appearance);
        looks.set(id, appearanceToStore(next.appearance));
        return { appearance: next.appearance };
      }),
  };
  const bus = {
    envelope: (def: { subject: string }, payload: unknown) => {
      events.push({ subject: def.subject, payload: { ...(payload as object) } });
      return { eventId: `e${events.length}`, subject: def.subject, data: new Uint8Array() };
    },
  };
  const flushed: string[] = [];
  const outbox = { flushSoon: (id: string) => void flushed.push(id) };
  return { store, looks, events, flushed, appearances: new Appearances(store, bus as never, outbox) };
}

const product = (over: Record<string, unknown> = {}) => ({
  name: "ProductCard",
  description: "One product with its photo, price and an Add to cart button.",
  props: {
    type: "object",
    properties: { title: { type: "string" }, price: { type: "number" }, image: { type: "string" } },
    required: ["title", "price"],
    additionalProperties: false,
  },
  example: { title: "Ceramic mug", price: 14 },
  fallback: "card",
  role: { name: "product-card" },
  ...over,
});

/** A valid declaration of about `bytes` bytes (its bulk in a prop's description). */
const bulky = (name: string, bytes: number) =>
  product({
    name,
    role: undefined,
    props: { type: "object", properties: { title: { type: "string", description: "x".repeat(bytes) } } },
    example: { title: "A" },
  });

/** The error a promise rejects with (fails the test when it resolves). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal, but the change was accepted");
    },
    (err: { code?: string; message?: string; fields?: Record<string, string[]> }) => err,
  );

describe("an app's look", () => {
  it("when it was never set, then version 0, an empty theme, no components and no update time", async () => {
    const { appearances } = memoryStore();
    expect(await appearances.get(OWNER, APP)).toEqual({ app_id: APP, version: 0, theme: {}, components: [], updated_at: null });
    expect(await appearances.forGeneration(APP)).toEqual({ version: 0, theme: {}, components: [] });
  });

  it("when the theme and components change, then each change raises the version by 1 and carries its event", async () => {
    const { appearances, events, flushed } = memoryStore();
    const themed = await appearances.updateTheme(OWNER, APP, { theme: { light: { primary: "#6d28d9" }, radius: 8 } });
    expect(themed).toMatchObject({ version: 1, theme: { light: { primary: "#6d28d9" }, radius: 8 }, components: [] });
    expect(Date.parse(themed.updated_at!)).not.toBeNaN();
    const declared = await appearances.putComponent(OWNER, APP, "ProductCard", { component: product(), version: 1 });
    expect(declared).toMatchObject({ version: 2, theme: themed.theme, components: [product()] });
    const replaced = await appearances.putComponent(OWNER, APP, "ProductCard", {
      component: product({ description: "A product." }),
    });
    expect(replaced.components).toEqual([product({ description: "A product." })]);
    const removed = await appearances.deleteComponent(OWNER, APP, "ProductCard");
    expect(removed).toMatchObject({ version: 4, components: [], theme: themed.theme });
    expect(events).toEqual(
      [1, 2, 3, 4].map((v) => ({
        subject: EVENTS.appAppearanceChanged.subject,
        payload: { appId: APP, ownerId: OWNER, version: BigInt(v) },
      })),
    );
    expect(flushed).toEqual([APP, APP, APP, APP]);
    expect(await appearances.get(OWNER, APP)).toEqual(removed);
  });

  it("when the declaration leaves out its name, then it takes the name in the address", async () => {
    const { appearances } = memoryStore();
    const { name: _name, ...nameless } = product();
    void _name;
    expect((await appearances.putComponent(OWNER, APP, "ProductCard", { component: nameless })).components).toEqual([product()]);
  });

  it("when components are declared, then they keep their order and a replacement keeps its place", async () => {
    const { appearances } = memoryStore();
    for (const name of ["FirstCard", "SecondCard", "ThirdCard"])
      await appearances.putComponent(OWNER, APP, name, { component: product({ name }) });
    const after = await appearances.putComponent(OWNER, APP, "SecondCard", {
      component: product({ name: "SecondCard", fallback: "stat" }),
    });
    expect(after.components.map((c) => [c.name, c.fallback])).toEqual([
      ["FirstCard", "card"],
      ["SecondCard", "stat"],
      ["ThirdCard", "card"],
    ]);
  });
});

describe("refusals: a clear error and nothing stored", () => {
  /** A look with a theme and one component, and what was stored of it. */
  async function withLook() {
    const m = memoryStore();
    await m.appearances.updateTheme(OWNER, APP, { theme: { light: { primary: "#6d28d9" } } });
    await m.appearances.putComponent(OWNER, APP, "ProductCard", { component: product() });
    return { ...m, before: structuredClone(m.looks.get(APP)), eventsBefore: m.events.length };
  }
  const unchanged = (m: Awaited<ReturnType<typeof withLook>>) => {
    expect(m.looks.get(APP)).toEqual(m.before);
    expect(m.events).toHaveLength(m.eventsBefore);
  };

  it("when the theme's text would be unreadable, then field errors under theme.…", async () => {
    const m = await withLook();
    const err = await refusal(m.appearances.updateTheme(OWNER, APP, { theme: { light: { primary: "#ffd700" } } }));
    expect(err.code).toBe("COMMON.VALIDATION");
    expect(Object.keys(err.fields!)).toEqual(["theme.light.primary"]);
    expect(err.fields!["theme.light.primary"]![0]).toMatch(/contrast of 1\.\d+:1; WCAG AA needs 4\.5:1/);
    unchanged(m);
  });

  it("when the theme is not a theme (a wrong token, an unknown one, not an object), then the field says why", async () => {
    const m = await withLook();
    expect((await refusal(m.appearances.updateTheme(OWNER, APP, { theme: { radius: 99 } }))).fields).toEqual({
      "theme.radius": ["Whole pixels from 0 to 24."],
    });
    expect((await refusal(m.appearances.updateTheme(OWNER, APP, { theme: { light: { brand: "#000000" } } }))).fields).toEqual({
      "theme.light.brand": ["Not a theme token."],
    });
    expect(Object.keys((await refusal(m.appearances.updateTheme(OWNER, APP, { theme: "blue" }))).fields!)).toEqual(["theme"]);
    unchanged(m);
  });

  it("when a declaration's props are not a valid JSON Schema, then a field error on props", async () => {
    const m = await withLook();
    const err = await refusal(
      m.appearances.putComponent(OWNER, APP, "PriceTag", {
        component: product({
          name: "PriceTag",
          role: undefined,
          props: { type: "object", properties: { a: { type: "nope" } } },
          example: {},
        }),
      }),
    );
    expect(err.code).toBe("COMMON.VALIDATION");
    expect(Object.keys(err.fields!)).toEqual(["props"]);
    expect(err.fields!.props![0]).toMatch(/^Not a valid JSON Schema/);
    unchanged(m);
  });

  it("when a name clashes with one of ours or differs from the address, then a field error on name", async () => {
    const m = await withLook();
    const clash = await refusal(m.appearances.putComponent(OWNER, APP, "Card", { component: product({ name: "Card" }) }));
    expect(clash.fields).toEqual({ name: ['"Card" is the name of a GenUI component; choose another (e.g. MyCard).'] });
    const moved = await refusal(
      m.appearances.putComponent(OWNER, APP, "ProductCard", { component: product({ name: "OtherCard" }) }),
    );
    expect(moved.fields).toEqual({
      name: ['The declaration\'s name ("OtherCard") must be the component\'s name in the address ("ProductCard").'],
    });
    const cased = await refusal(
      m.appearances.putComponent(OWNER, APP, "Productcard", { component: product({ name: "Productcard" }) }),
    );
    expect(cased.fields!.name![0]).toMatch(/differs only in letter case/);
    unchanged(m);
  });

  it("when a declaration has fields it should not, then non_field_errors name them (a form has no place for them)", async () => {
    const m = await withLook();
    const err = await refusal(
      m.appearances.putComponent(OWNER, APP, "ProductCard", {
        component: { ...product(), colour: "red", role: { name: "product-card", extra: 1 } },
      }),
    );
    expect(err.fields).toEqual({
      non_field_errors: ['"colour": Not a field of a component declaration.'],
      "role.extra": ["Not a field of a component declaration."],
    });
    unchanged(m);
  });

  it("when a declaration is over 16 KB, then non_field_errors say how big it is", async () => {
    const m = await withLook();
    const err = await refusal(m.appearances.putComponent(OWNER, APP, "BigCard", { component: bulky("BigCard", 17_000) }));
    expect(err.fields).toEqual({
      non_field_errors: [expect.stringMatching(/^The declaration is 17,\d{3} bytes; at most 16,384\.$/)],
    });
    unchanged(m);
  });

  it("when the app has as many components as allowed, then a new one is refused but a replacement is not", async () => {
    const m = memoryStore();
    for (let i = 0; i < APP_COMPONENT_LIMITS.perApp; i++)
      await m.appearances.putComponent(OWNER, APP, `Widget${i}`, { component: product({ name: `Widget${i}` }) });
    const err = await refusal(m.appearances.putComponent(OWNER, APP, "OneMore", { component: product({ name: "OneMore" }) }));
    expect(err.fields).toEqual({
      non_field_errors: [
        `This app has reached the limit of ${APP_COMPONENT_LIMITS.perApp} components. Delete a component to declare another.`,
      ],
    });
    const replaced = await m.appearances.putComponent(OWNER, APP, "Widget3", {
      component: product({ name: "Widget3", fallback: "stat" }),
    });
    expect(replaced.components).toHaveLength(APP_COMPONENT_LIMITS.perApp);
    expect(replaced.version).toBe(APP_COMPONENT_LIMITS.perApp + 1);
  });

  it("when the look as a whole would pass 256 KB, then the declaration that would pass it is refused", async () => {
    const m = memoryStore();
    let err: Awaited<ReturnType<typeof refusal>> | undefined;
    for (let n = 0; n < APP_COMPONENT_LIMITS.perApp && !err; n++)
      err = await m.appearances.putComponent(OWNER, APP, `Bulky${n}`, { component: bulky(`Bulky${n}`, 15_500) }).then(
        () => undefined,
        (e: Awaited<ReturnType<typeof refusal>>) => e,
      );
    expect(err?.fields).toEqual({
      non_field_errors: [
        expect.stringMatching(/^The app's theme and components would take 2\d\d,\d{3} bytes as JSON; at most 262,144\./),
      ],
    });
    // Refused for its size, not the count: fewer than the limit are stored, within the bound.
    const stored = appearanceFromStore(m.looks.get(APP)!);
    expect(stored.components.length).toBeLessThan(APP_COMPONENT_LIMITS.perApp);
    const bytes = Buffer.byteLength(JSON.stringify({ theme: stored.theme, components: stored.components }));
    expect(bytes).toBeLessThanOrEqual(MAX_APPEARANCE_BYTES);
    expect(bytes + 15_500).toBeGreaterThan(MAX_APPEARANCE_BYTES);
  });

  it("when the version sent is not the current one, then APPEARANCE_CHANGED naming the current version", async () => {
    const m = await withLook();
    const err = await refusal(m.appearances.updateTheme(OWNER, APP, { theme: {}, version: 1 }));
    expect([err.code, err.message]).toEqual([
      "APPS.APPEARANCE_CHANGED",
      "The appearance changed since you loaded it (version 2); reload and apply again.",
    ]);
    expect(
      (await refusal(m.appearances.putComponent(OWNER, APP, "ProductCard", { component: product(), version: 3 }))).code,
    ).toBe("APPS.APPEARANCE_CHANGED");
    expect((await refusal(m.appearances.deleteComponent(OWNER, APP, "ProductCard", 0))).code).toBe("APPS.APPEARANCE_CHANGED");
    unchanged(m);
    expect((await m.appearances.updateTheme(OWNER, APP, { theme: {}, version: 2 })).version).toBe(3);
  });

  it("when the app is another owner's or missing, then a 404 whatever the body", async () => {
    const m = await withLook();
    for (const p of [
      m.appearances.get("owner-2", APP),
      m.appearances.updateTheme("owner-2", APP, { theme: {} }),
      m.appearances.updateTheme("owner-2", APP, { theme: { light: { primary: "#ffd700" } } }),
      m.appearances.putComponent("owner-2", APP, "ProductCard", { component: product() }),
      m.appearances.deleteComponent("owner-2", APP, "ProductCard"),
      m.appearances.get(OWNER, "app-2"),
    ])
      expect((await refusal(p)).code).toBe("COMMON.NOT_FOUND");
    expect(await m.appearances.forGeneration(APP, "owner-2")).toBeNull();
    unchanged(m);
  });

  it("when a component to delete is not declared, then a 404 naming it", async () => {
    const m = await withLook();
    const err = await refusal(m.appearances.deleteComponent(OWNER, APP, "PriceTag"));
    expect([err.code, err.message]).toEqual(["COMMON.NOT_FOUND", 'This app has no component "PriceTag".']);
    unchanged(m);
  });

  it("when the app's lock cannot be had in time, then APPEARANCE_BUSY with a retry delay", async () => {
    const m = memoryStore();
    const busy = new Appearances(
      { ...m.store, changeAppearance: () => Promise.reject(new LockTimeoutError("lock app-1 not acquired in 10 ms")) },
      { envelope: () => ({ eventId: "e", subject: "s", data: new Uint8Array() }) },
      { flushSoon: () => undefined },
    );
    const err = (await refusal(busy.updateTheme(OWNER, APP, { theme: {} }))) as {
      code?: string;
      details?: { retryAfterSeconds?: number };
    };
    expect([err.code, err.details?.retryAfterSeconds]).toEqual(["APPS.APPEARANCE_BUSY", 2]);
  });

  it("when a write lost to a newer one, then it is made again on the newer look, or refused as stale when a version was sent", async () => {
    const m = memoryStore();
    let conflicts = 1;
    const racing: AppearanceStore = {
      ...m.store,
      changeAppearance: async (ownerId, id, change) => {
        if (conflicts-- > 0) {
          // Another copy's change lands between this one's read and its write.
          await m.store.changeAppearance(ownerId, id, (cur) => ({
            appearance: { version: (cur?.version ?? 0) + 1, theme: { radius: 4 }, components: [], updatedAt: new Date() },
            events: [],
          }));
          return "conflict";
        }
        return m.store.changeAppearance(ownerId, id, change);
      },
    };
    const envelope = () => ({ eventId: "e", subject: "s", data: new Uint8Array() });
    const appearances = new Appearances(racing, { envelope }, { flushSoon: () => undefined });
    expect(await appearances.putComponent(OWNER, APP, "ProductCard", { component: product() })).toMatchObject({
      version: 2,
      theme: { radius: 4 },
      components: [product()],
    });
    conflicts = 1;
    const err = await refusal(appearances.updateTheme(OWNER, APP, { theme: {}, version: 2 }));
    expect([err.code, err.message]).toEqual([
      "APPS.APPEARANCE_CHANGED",
      "The appearance changed since you loaded it (version 3); reload and apply again.",
    ]);
  });
});
