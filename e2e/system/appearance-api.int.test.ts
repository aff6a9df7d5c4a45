import { randomUUID } from "node:crypto";
import { MessageBus, RemoteError, connectNats, createLogger } from "@genui/chassis";
import { COMMANDS, EVENTS, REPLY_ERRORS } from "@genui/contracts";
import type { Appearance } from "@genui/contracts/http";
import { testInfra } from "@genui/testkit";
import type { BrowserClient } from "../support/client";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";
import { productCard } from "../support/appearance";

const THEME = {
  light: { primary: "#6d28d9", accent: "#be185d" },
  dark: { primary: "#c4b5fd" },
  radius: 8,
  density: "comfortable",
  fonts: { body: '"Inter", system-ui, sans-serif', stylesheet: "https://fonts.example.com/inter.css" },
};

/**
 * An app's look through the BFF with a signed-in developer (the dashboard's and the signed-in API's routes, answered
 * by apps): the theme and the developer's own components set, replaced and removed with rising versions; every bad
 * input refused with a clear field error or message and nothing stored; generation reads the look over the bus.
 */
describe("app appearance through the signed-in API", () => {
  let stack: Stack;
  let dev: Developer;
  let other: Developer;
  let bus: MessageBus;
  const changed: { appId: string; version: bigint }[] = [];

  beforeAll(async () => {
    stack = await startStack();
    [dev, other] = await Promise.all([newDeveloper(stack, 0), newDeveloper(stack, 0)]);
    const logger = createLogger("appearance-test", "silent");
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "generation", logger), {
      prefix: stack.prefix,
      source: "generation",
      logger,
    });
    await bus.consume(EVENTS.appAppearanceChanged, "observer-appearance", async (e) => {
      changed.push({ appId: e.payload.appId, version: e.payload.version });
    });
  });
  afterAll(async () => {
    await bus?.close();
    await stack?.stop();
  });

  const base = (appId: string) => `/apps/api/v1/appearance/${appId}/`;
  const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
  const look = async (c: BrowserClient, appId = dev.appId) => answer(await c.get(base(appId)));
  const putTheme = async (c: BrowserClient, body: unknown, appId = dev.appId) =>
    answer(await c.request("PUT", `${base(appId)}theme/`, body));
  const putComponent = async (c: BrowserClient, name: string, body: unknown, appId = dev.appId) =>
    answer(await c.request("PUT", `${base(appId)}components/${name}/`, body));
  const deleteComponent = async (c: BrowserClient, name: string, appId = dev.appId) =>
    answer(await c.request("DELETE", `${base(appId)}components/${name}/`));

  it("when the app's look was never set, then version 0 with an empty theme and no components", async () => {
    const fresh = await newDeveloper(stack, 0);
    expect(await look(fresh.client, fresh.appId)).toEqual({
      status: 200,
      body: { app_id: fresh.appId, version: 0, theme: {}, components: [], updated_at: null },
    });
  });

  it("when a theme is set and a component declared, replaced and removed, then each reads back and the version rises by 1", async () => {
    const themed = await putTheme(dev.client, { theme: THEME });
    expect(themed).toEqual({
      status: 200,
      body: { app_id: dev.appId, version: 1, theme: THEME, components: [], updated_at: expect.any(String) },
    });
    expect(await look(dev.client)).toEqual(themed);

    const declared = await putComponent(dev.client, "ProductCard", { component: productCard(), version: 1 });
    expect(declared).toEqual({
      status: 200,
      body: expect.objectContaining({ version: 2, theme: THEME, components: [productCard()] }),
    });
    expect(await look(dev.client)).toEqual(declared);

    const replacement = productCard({ description: "A product card with a photo.", fallback: "stat" });
    const replaced = await putComponent(dev.client, "ProductCard", { component: replacement });
    expect(replaced.body).toMatchObject({ version: 3, components: [replacement] });
    const second = productCard({ name: "PlanTier", role: undefined });
    delete (second as Record<string, unknown>).role;
    expect((await putComponent(dev.client, "PlanTier", { component: second })).body).toMatchObject({
      version: 4,
      components: [replacement, second],
    });

    const removed = await deleteComponent(dev.client, "ProductCard");
    expect(removed).toEqual({ status: 200, body: expect.objectContaining({ version: 5, theme: THEME, components: [second] }) });
    expect(await look(dev.client)).toEqual(removed);
    expect(Date.parse((removed.body as Appearance).updated_at!)).toBeGreaterThanOrEqual(
      Date.parse((themed.body as Appearance).updated_at!),
    );
    expect(await deleteComponent(dev.client, "ProductCard")).toEqual({
      status: 404,
      body: { message: 'This app has no component "ProductCard".', code: "COMMON.NOT_FOUND" },
    });

    // Each change was published once, in order.
    const seen = await eventually(
      async () => changed.filter((e) => e.appId === dev.appId).map((e) => Number(e.version)),
      (v) => v.length >= 5,
      60_000,
    );
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("when generation asks for the look over the bus, then it gets what the owner set", async () => {
    const current = (await look(dev.client)).body as Appearance;
    expect(current.version).toBeGreaterThan(0);
    const reply = await bus.request(COMMANDS.getAppearance, { appId: dev.appId });
    expect({
      version: reply.version,
      theme: JSON.parse(reply.themeJson) as unknown,
      components: JSON.parse(reply.componentsJson) as unknown,
    }).toEqual({ version: BigInt(current.version), theme: current.theme, components: current.components });
    const refused = await bus.request(COMMANDS.getAppearance, { appId: dev.appId, ownerId: other.userId }).then(
      () => "answered",
      (err: unknown) => (err instanceof RemoteError ? err.code : String(err)),
    );
    expect(refused).toBe(REPLY_ERRORS.APP_NOT_FOUND);
  });

  it("when the input is bad, then a clear field error or message and the stored look is unchanged", async () => {
    await putTheme(dev.client, { theme: THEME });
    await putComponent(dev.client, "ProductCard", { component: productCard() });
    const before = await look(dev.client);
    const version = (before.body as Appearance).version;
    const [unreadable, invalidSchema, clash, oversized, mismatch, stale, notObject, notJson, noTheme, badVersion] = [
      await putTheme(dev.client, { theme: { light: { primary: "#ffd700" } } }),
      await putComponent(dev.client, "PriceTag", {
        component: productCard({
          name: "PriceTag",
          role: undefined,
          props: { type: "object", properties: { a: { type: "nope" } } },
          example: {},
        }),
      }),
      await putComponent(dev.client, "Card", { component: productCard({ name: "Card" }) }),
      await putComponent(dev.client, "BigCard", {
        component: productCard({
          name: "BigCard",
          role: undefined,
          props: { type: "object", properties: { title: { type: "string", description: "x".repeat(17_000) } } },
          example: { title: "A" },
        }),
      }),
      await putComponent(dev.client, "ProductCard", { component: productCard({ name: "OtherCard" }) }),
      await putTheme(dev.client, { theme: {}, version: version - 1 }),
      await putTheme(dev.client, [{ theme: {} }]),
      await putTheme(dev.client, '"blue"'),
      await putTheme(dev.client, { light: { primary: "#6d28d9" } }),
      await putComponent(dev.client, "ProductCard", { component: productCard(), version: "latest" }),
    ];
    // Every readable-contrast pair the yellow breaks (on the background, on cards …), each with its ratio.
    expect(unreadable.status).toBe(400);
    const contrast = unreadable.body as Record<string, string[]>;
    expect(Object.keys(contrast)).toEqual(["theme.light.primary"]);
    expect(contrast["theme.light.primary"]!.length).toBeGreaterThan(0);
    for (const message of contrast["theme.light.primary"]!)
      expect(message).toMatch(/^In light mode, .*\(#ffd700\) on .* has a contrast of 1\.\d\d:1; WCAG AA needs 4\.5:1\.$/);
    expect(invalidSchema).toEqual({ status: 400, body: { props: [expect.stringMatching(/^Not a valid JSON Schema: /)] } });
    expect(clash).toEqual({
      status: 400,
      body: { name: ['"Card" is the name of a GenUI component; choose another (e.g. MyCard).'] },
    });
    expect(oversized).toEqual({
      status: 400,
      body: { non_field_errors: [expect.stringMatching(/^The declaration is 17,\d{3} bytes; at most 16,384\.$/)] },
    });
    expect(mismatch).toEqual({
      status: 400,
      body: { name: ['The declaration\'s name ("OtherCard") must be the component\'s name in the address ("ProductCard").'] },
    });
    expect(stale).toEqual({
      status: 409,
      body: {
        message: `The appearance changed since you loaded it (version ${version}); reload and apply again.`,
        code: "APPS.APPEARANCE_CHANGED",
      },
    });
    expect(notObject).toEqual({
      status: 400,
      body: { non_field_errors: ['The body must be a JSON object: { "theme": { … }, "version": 3 }.'] },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ message: expect.any(String) });
    expect(noTheme).toEqual({ status: 400, body: { theme: ["This field is required."] } });
    expect(badVersion).toEqual({ status: 400, body: { version: ["A valid integer is required."] } });
    expect(await look(dev.client)).toEqual(before);
  });

  it("when another tenant's app, an unknown app or a malformed id is named, then 404 and nothing changes", async () => {
    const before = await look(dev.client);
    const notFound = { status: 404, body: { message: "Not found.", code: "COMMON.NOT_FOUND" } };
    expect(await look(other.client, dev.appId)).toEqual(notFound);
    expect(await putTheme(other.client, { theme: { radius: 0 } }, dev.appId)).toEqual(notFound);
    expect(await putTheme(other.client, { theme: { light: { primary: "#ffd700" } } }, dev.appId)).toEqual(notFound);
    expect(await putComponent(other.client, "ProductCard", { component: productCard() }, dev.appId)).toEqual(notFound);
    expect(await deleteComponent(other.client, "ProductCard", dev.appId)).toEqual(notFound);
    expect(await look(dev.client, randomUUID())).toEqual(notFound);
    expect(await putTheme(dev.client, { theme: {} }, "not-an-id")).toEqual({
      status: 404,
      body: expect.objectContaining({ message: "Not found." }),
    });
    expect(await look(dev.client)).toEqual(before);
    // The other tenant's own app is untouched too.
    expect((await look(other.client, other.appId)).body).toMatchObject({ version: 0, theme: {}, components: [] });
  });
});
