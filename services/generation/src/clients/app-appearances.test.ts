import { createLogger, RemoteError, type Logger, type MessageBus } from "@genui/chassis";
import { EVENTS, REPLY_ERRORS } from "@genui/contracts";
import type { AppComponent } from "@genui/ui-runtime";
import { watchAppChanges } from "../events/app-changes.watcher";
import { AppAppearances } from "./app-appearances";

const PRODUCT: AppComponent = {
  name: "ProductCard",
  description: "One product.",
  props: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
  example: { title: "Mug" },
  fallback: "card",
};

/** apps' answers to `apps.appearance.get`, as the bus returns them; `gate` holds an answer back until released. */
function fakeApps() {
  const stored = new Map<string, { ownerId: string; version: bigint; themeJson: string; componentsJson: string }>();
  let down = false;
  let gate: Promise<void> | undefined;
  const asked: string[] = [];
  const bus = {
    request: async (_cmd: unknown, req: { appId: string; ownerId: string }) => {
      asked.push(req.appId);
      if (down) throw new RemoteError(REPLY_ERRORS.NO_RESPONDERS, "no responders");
      const answer = stored.get(req.appId);
      if (!answer || answer.ownerId !== req.ownerId) throw new RemoteError(REPLY_ERRORS.APP_NOT_FOUND, "no such app");
      const copy = { ...answer };
      if (gate) await gate;
      return copy;
    },
  } as unknown as MessageBus;
  return {
    bus,
    asked,
    set: (appId: string, ownerId: string, version: number, theme: string, components: string) =>
      stored.set(appId, { ownerId, version: BigInt(version), themeJson: theme, componentsJson: components }),
    down: (d: boolean) => void (down = d),
    hold: () => {
      let release!: () => void;
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const recordingLogger = () => {
  const warnings: string[] = [];
  const logger = createLogger("test", "silent");
  return {
    warnings,
    logger: Object.assign(Object.create(logger) as Logger, { warn: (_o: unknown, m: string) => void warnings.push(m) }),
  };
};

describe("the apps' looks as generation reads them", () => {
  it("when apps answers, then the theme and components are parsed, kept for the next request, and asked again after a change is heard", async () => {
    const apps = fakeApps();
    apps.set("app-1", "owner-1", 3, JSON.stringify({ light: { primary: "#6d28d9" } }), JSON.stringify([PRODUCT]));
    const looks = new AppAppearances(apps.bus, createLogger("test", "silent"));
    expect(await looks.get("app-1", "owner-1")).toEqual({
      version: 3,
      theme: { light: { primary: "#6d28d9" } },
      components: [PRODUCT],
    });
    await looks.get("app-1", "owner-1");
    expect(apps.asked).toEqual(["app-1"]);
    apps.set("app-1", "owner-1", 4, "{}", "[]");
    looks.forget("app-1");
    expect(await looks.get("app-1", "owner-1")).toEqual({ version: 4, theme: {}, components: [] });
    expect(apps.asked).toEqual(["app-1", "app-1"]);
  });

  it("when another owner asks for the app, then nothing remembered is answered: apps refuses them", async () => {
    const apps = fakeApps();
    apps.set("app-1", "owner-1", 1, "{}", JSON.stringify([PRODUCT]));
    const looks = new AppAppearances(apps.bus, createLogger("test", "silent"));
    await looks.get("app-1", "owner-1");
    await expect(looks.get("app-1", "owner-2")).rejects.toMatchObject({ code: REPLY_ERRORS.APP_NOT_FOUND });
    expect(await looks.current("app-1", "owner-2")).toBeUndefined();
  });

  it("when a change is heard while a read is under way, then that read answers its request but is not kept", async () => {
    const apps = fakeApps();
    apps.set("app-1", "owner-1", 1, "{}", "[]");
    const looks = new AppAppearances(apps.bus, createLogger("test", "silent"));
    const release = apps.hold();
    const reading = looks.get("app-1", "owner-1");
    await Promise.resolve();
    apps.set("app-1", "owner-1", 2, "{}", "[]");
    looks.forget("app-1");
    release();
    expect((await reading).version).toBe(1);
    expect((await looks.get("app-1", "owner-1")).version).toBe(2);
  });

  it("when a burst of requests finds no look kept, then apps is asked once for them all; another owner or a change heard meanwhile asks apart", async () => {
    const apps = fakeApps();
    apps.set("app-1", "owner-1", 1, "{}", JSON.stringify([PRODUCT]));
    const looks = new AppAppearances(apps.bus, createLogger("test", "silent"));
    const release = apps.hold();
    const burst = Array.from({ length: 300 }, () => looks.get("app-1", "owner-1"));
    // Another owner shares nothing with them (apps refuses it on its own).
    const stranger = looks.get("app-1", "owner-2");
    await Promise.resolve();
    expect(apps.asked).toEqual(["app-1", "app-1"]);
    release();
    expect((await Promise.all(burst)).every((a) => a.version === 1 && a.components.length === 1)).toBe(true);
    await expect(stranger).rejects.toMatchObject({ code: REPLY_ERRORS.APP_NOT_FOUND });
    // A change heard while a read is under way: later asks do not join it.
    looks.forget("app-1");
    const again = apps.hold();
    const before = looks.get("app-1", "owner-1");
    await Promise.resolve();
    apps.set("app-1", "owner-1", 2, "{}", "[]");
    looks.forget("app-1");
    const after = looks.get("app-1", "owner-1");
    again();
    expect((await before).version).toBe(1);
    expect((await after).version).toBe(2);
    expect(apps.asked).toHaveLength(4);
  });

  it("when what apps stored does not parse, then that part is left out and logged, never a failed request", async () => {
    const apps = fakeApps();
    const { warnings, logger } = recordingLogger();
    const looks = new AppAppearances(apps.bus, logger);
    apps.set("a", "o", 2, "{not json", JSON.stringify([PRODUCT, { name: "lower", description: "x" }]));
    expect(await looks.get("a", "o")).toEqual({ version: 2, theme: {}, components: [PRODUCT] });
    apps.set("b", "o", 2, JSON.stringify({ light: { primary: "blue" } }), '{"not": "a list"}');
    expect(await looks.get("b", "o")).toEqual({ version: 2, theme: {}, components: [] });
    expect(warnings).toEqual([
      "the app's stored theme is not valid; left out",
      "the app's stored component is not valid; left out",
      "the app's stored theme is not valid; left out",
      "the app's stored list of components is not valid; left out",
    ]);
  });

  it("when apps does not answer, then a generation goes on without the look (logged) while a reader's get fails", async () => {
    const apps = fakeApps();
    const { warnings, logger } = recordingLogger();
    const looks = new AppAppearances(apps.bus, logger);
    apps.down(true);
    expect(await looks.current("app-1", "owner-1")).toBeUndefined();
    expect(warnings).toEqual(["the app's appearance is not available; answering without its components and theme"]);
    await expect(looks.get("app-1", "owner-1")).rejects.toMatchObject({ code: REPLY_ERRORS.NO_RESPONDERS });
    // A request without an app has no look, and apps is not asked.
    expect(await looks.current("", "owner-1")).toBeUndefined();
    expect(apps.asked).toEqual(["app-1", "app-1"]);
  });

  it("when the app's look changes or the app is deleted, then every API process forgets it; other events leave it", async () => {
    const apps = fakeApps();
    apps.set("app-1", "owner-1", 1, "{}", "[]");
    const looks = new AppAppearances(apps.bus, createLogger("test", "silent"));
    let handler: ((e: { subject: string; source: string; occurredAt: Date; payload: { appId: string } }) => void) | undefined;
    const bus = { watch: (_events: unknown, h: typeof handler) => ((handler = h), []) } as unknown as MessageBus;
    const invalidated: string[] = [];
    watchAppChanges(bus, { invalidate: (appId) => void invalidated.push(appId) }, { appearances: looks });
    const event = (subject: string) =>
      handler!({ subject: `test.${subject}`, source: "apps", occurredAt: new Date(), payload: { appId: "app-1" } });
    await looks.get("app-1", "owner-1");
    event(EVENTS.appKeyRotated.subject);
    await looks.get("app-1", "owner-1");
    expect(apps.asked).toHaveLength(1);
    event(EVENTS.appAppearanceChanged.subject);
    await looks.get("app-1", "owner-1");
    expect(apps.asked).toHaveLength(2);
    event(EVENTS.appDeleted.subject);
    await looks.get("app-1", "owner-1");
    expect(apps.asked).toHaveLength(3);
    expect(invalidated).toEqual(["app-1", "app-1", "app-1"]);
  });
});
