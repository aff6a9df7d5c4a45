import { HttpAgent, type BaseEvent } from "@ag-ui/client";
import { GENUI_CATALOG_ID, validateServerMessage, type A2uiServerMessage } from "@genui/a2ui";
import type { Appearance, PublishedAppearance } from "@genui/contracts/http";
import { catalogueEntry, resolveTheme, validateScreen, type ComponentNode, type Screen } from "@genui/ui-runtime";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import OpenAI from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";
import { productCard } from "../support/appearance";

/**
 * The app's look in generation, with the real stack through the BFF: a developer declares a ProductCard (role
 * product-card) and a brand theme through the signed-in API, and then every way of generating for the app follows
 * them — the official openai client's chat completion draws its products with the ProductCard (each carrying its
 * built-in fallback), retrieve repairs an undeclared prop to the fallback, renderers read the theme and the
 * components with the secret key or (from the app's origin) the publishable key, revalidating by ETag, MCP results
 * and A2UI surfaces carry the theme — while another app's key sees none of it, and a change of the theme is seen at
 * the next read (the event, not the cache's expiry: the cache is held far longer than this test waits).
 */

const API = "/apps/api/v1";
const MODEL = "genui-pluto-0.1";
const SHOP = "a shop selling ceramic mugs";

const THEME = {
  light: { primary: "#6d28d9", accent: "#be185d" },
  dark: { primary: "#c4b5fd" },
  radius: 8,
  density: "comfortable",
};

const PRODUCT_CARD = productCard();

/** Every node of a screen, depth first. */
const nodesOf = (nodes: readonly ComponentNode[] | undefined): ComponentNode[] =>
  (nodes ?? []).flatMap((n) => [n, ...nodesOf(n.content)]);
const appNodes = (screen: Screen) => nodesOf(screen.screen.v1).filter((n) => n.package === "app");

describe("the app's look in generation", () => {
  let stack: Stack;
  let dev: Developer;
  let other: Developer;

  beforeAll(async () => {
    // The API process keeps an app's look for 10 minutes here: only the change's event can make it read the new one
    // within the test's waits.
    stack = await startStack({ generation: { workers: 1, apiEnv: { GEN_APPEARANCE_CACHE_MS: "600000" } } });
    [dev, other] = await Promise.all([newDeveloper(stack), newDeveloper(stack)]);
    const declared = await dev.client.request("PUT", `${API}/appearance/${dev.appId}/components/ProductCard/`, {
      component: PRODUCT_CARD,
    });
    expect(declared.status).toBe(200);
    const themed = await dev.client.request("PUT", `${API}/appearance/${dev.appId}/theme/`, { theme: THEME });
    expect(themed.status).toBe(200);
    expect(((await themed.json()) as Appearance).version).toBe(2);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
  const appearance = (key: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.bff.url}${API}/appearance`, { headers: { authorization: `Bearer ${key}`, ...headers } });
  const retrieve = async (key: string, code: string) => {
    const res = await fetch(`${stack.bff.url}${API}/retrieve/`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { json: Screen }).json;
  };
  const shopScreen = async (key: string) => {
    const completion = await openai(key).chat.completions.create({ model: MODEL, messages: [{ role: "user", content: SHOP }] });
    return (JSON.parse(completion.choices[0]!.message.content!) as { json: Screen }).json;
  };
  const versionNow = async () => ((await (await appearance(dev.apiKey)).json()) as PublishedAppearance).version;

  it("when the official openai client asks for a shop, then its products are the app's ProductCard, each with its declared props and a built-in fallback", async () => {
    const screen = await shopScreen(dev.apiKey);
    expect(validateScreen(screen).ok).toBe(true);
    const cards = appNodes(screen);
    expect(cards.length).toBeGreaterThanOrEqual(3);
    for (const card of cards) {
      expect(card.component).toBe("ProductCard");
      expect(Object.keys(card.props ?? {}).every((k) => ["title", "price", "image", "badge"].includes(k))).toBe(true);
      expect(typeof card.props?.title).toBe("string");
      expect(typeof card.props?.price).toBe("number");
      expect(card.onPress).toEqual({ event: "add_to_cart", value: card.props?.title });
      // The fallback a renderer without the developer's component draws: one of ours, saying the same.
      expect(card.fallback).toMatchObject({ component: "card", value: card.props?.title });
      expect(catalogueEntry(card.fallback!.component)).toBeDefined();
      expect(nodesOf([card.fallback!]).every((n) => n.package === undefined)).toBe(true);
    }
  });

  it("when retrieve is sent code with a prop the component does not declare, then it comes back as the declared fallback; validate says why", async () => {
    const code = 'custom("ProductCard", {title: "Mug", price: 12, colour: "red"})';
    const [node] = (await retrieve(dev.apiKey, code)).screen.v1;
    expect(node).toMatchObject({ component: "card", value: "Mug" });
    expect(node!.package).toBeUndefined();
    expect(JSON.stringify(node)).not.toContain("colour");
    // The declared props only: kept, with the fallback attached.
    const [kept] = (await retrieve(dev.apiKey, 'custom("ProductCard", {title: "Mug", price: 12})')).screen.v1;
    expect(kept).toMatchObject({ component: "ProductCard", package: "app", props: { title: "Mug", price: 12 } });
    expect(kept!.fallback).toMatchObject({ component: "card", value: "Mug" });

    const validate = async (json: unknown) => {
      const res = await fetch(`${stack.bff.url}${API}/screens/validate`, {
        method: "POST",
        headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ json }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { valid: boolean; issues: unknown[]; repairs: string[]; repaired: Screen };
    };
    const screenOf = (props: Record<string, unknown>) => ({
      name: "Shop",
      screen: { v1: [{ name: "mug", component: "ProductCard", package: "app", props }] },
    });
    const bad = await validate(screenOf({ title: "Mug", price: 12, colour: "red" }));
    expect(bad.valid).toBe(false);
    expect(bad.issues).toEqual([{ path: "screen.v1[0].props.colour", message: '"colour" is not a declared prop' }]);
    expect(bad.repairs).toEqual([
      expect.stringMatching(/^screen\.v1\[0\]\.props: "colour" is not a declared prop.*shown as its fallback \(card\)$/),
    ]);
    expect(bad.repaired.screen.v1[0]).toMatchObject({ name: "mug", component: "card", value: "Mug" });
    const good = await validate(screenOf({ title: "Mug", price: 12 }));
    expect(good).toMatchObject({ valid: true, issues: [], repairs: [] });
    expect(good.repaired.screen.v1[0]).toMatchObject({ component: "ProductCard", fallback: { component: "card" } });
  });

  it("when a renderer reads the app's look, then the secret key from a server and the publishable key from the app's origin get it, revalidated by ETag; another origin is refused", async () => {
    const res = await appearance(dev.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    // A page reads the tag to revalidate with it.
    expect(res.headers.get("access-control-expose-headers")).toContain("etag");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const look = (await res.json()) as PublishedAppearance;
    expect(look).toEqual({
      object: "genui.appearance",
      version: look.version,
      theme: THEME,
      components: [{ name: "ProductCard", description: PRODUCT_CARD.description, props: PRODUCT_CARD.props, fallback: "card" }],
    });
    const etag = res.headers.get("etag")!;
    expect(etag).toBe(`"${dev.appId}.v${look.version}"`);
    const again = await appearance(dev.apiKey, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");

    const origin = new URL(dev.url).origin;
    const page = await appearance(dev.publishableKey, { origin });
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual(look);
    expect((await appearance(dev.publishableKey, { origin, "if-none-match": `W/${etag}` })).status).toBe(304);
    const elsewhere = await appearance(dev.publishableKey, { origin: "https://elsewhere.example.com" });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe("publishable_key_origin_mismatch");
    // A secret key from a page, and no key at all: refused too.
    const leaked = await appearance(dev.apiKey, { origin });
    expect(leaked.status).toBe(403);
    expect(((await leaked.json()) as { error: { code: string } }).error.code).toBe("secret_key_in_browser");
    expect((await fetch(`${stack.bff.url}${API}/appearance`)).status).toBe(401);
    // The browser's preflight for the publishable key's read.
    const preflight = await fetch(`${stack.bff.url}${API}/appearance`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("when another app's key is used, then it never sees this app's components or theme", async () => {
    const res = await appearance(other.apiKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ object: "genui.appearance", version: 0, theme: {}, components: [] });
    expect(res.headers.get("etag")).toBe(`"${other.appId}.v0"`);
    // Its shop is drawn with GenUI's cards; this app's component is not one of its own (a card of its props).
    const screen = await shopScreen(other.apiKey);
    expect(appNodes(screen)).toEqual([]);
    expect(JSON.stringify(screen)).not.toContain("ProductCard");
    const [node] = (await retrieve(other.apiKey, 'custom("ProductCard", {title: "Mug", price: 12})')).screen.v1;
    expect(node).toMatchObject({ component: "card", value: "Mug" });
    expect(node!.package).toBeUndefined();
    // Its MCP results carry its own (empty) look.
    const mcp = await connect(other.apiKey);
    try {
      const result = (await mcp.callTool({ name: "show_ui", arguments: { request: SHOP } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result._meta?.["genui/appearance"]).toEqual({ version: 0, theme: {} });
    } finally {
      await mcp.close();
    }
  });

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: "genui-test-host", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.bff.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  }

  it("when screens go to agent hosts, then MCP results, A2UI surfaces and AG-UI runs carry the app's theme", async () => {
    const version = await versionNow();
    const mcp = await connect(dev.apiKey);
    try {
      const result = (await mcp.callTool({ name: "show_ui", arguments: { request: SHOP } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result._meta?.["genui/appearance"]).toEqual({ version, theme: THEME });
      const json = (result.structuredContent as { json: Screen }).json;
      expect(appNodes(json).length).toBeGreaterThan(0);
      expect(appNodes(json).every((n) => n.fallback?.component === "card")).toBe(true);
    } finally {
      await mcp.close();
    }

    const res = await fetch(`${stack.bff.url}${API}/a2ui`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ request: SHOP }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/^event: error/m);
    const messages = parseEventStream(text).data.map((d) => JSON.parse(d) as A2uiServerMessage);
    for (const m of messages) expect({ m, ...validateServerMessage(m, GENUI_CATALOG_ID) }).toEqual({ m, ok: true });
    const create = messages.find((m) => "createSurface" in m) as Extract<A2uiServerMessage, { createSurface: unknown }>;
    expect(create.createSurface.theme).toEqual({
      agentDisplayName: "GenUI",
      primaryColor: resolveTheme(THEME as Parameters<typeof resolveTheme>[0]).light.primary,
      genui: { version, theme: THEME },
    });
    expect(create.createSurface.theme!.primaryColor).toBe("#6d28d9");
    // The products are drawn as their fallbacks (no A2UI catalog has the app's component).
    const components = messages.flatMap((m) => ("updateComponents" in m ? m.updateComponents.components : []));
    expect(components.some((c) => c.id.endsWith("_fallback") && c.component === "Card")).toBe(true);

    const agent = new HttpAgent({ url: `${stack.bff.url}${API}/ag-ui`, headers: { authorization: `Bearer ${dev.apiKey}` } });
    agent.addMessage({ id: "u-1", role: "user", content: SHOP });
    const events: BaseEvent[] = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) });
    const snapshot = events.find((e) => e.type === "STATE_SNAPSHOT") as unknown as { snapshot: Record<string, unknown> };
    expect(snapshot.snapshot.appearance).toEqual({ version, theme: THEME });
    expect((agent.state as { appearance: unknown }).appearance).toEqual({ version, theme: THEME });
  });

  it("when the owner changes the theme, then the next read of the look has the new version and theme (the change's event, not the cache's expiry)", async () => {
    const first = await appearance(dev.apiKey);
    const before = (await first.json()) as PublishedAppearance;
    const etag = first.headers.get("etag")!;
    const theme = { ...THEME, light: { primary: "#0f766e" }, radius: 2 };
    const changed = await dev.client.request("PUT", `${API}/appearance/${dev.appId}/theme/`, { theme, version: before.version });
    expect(changed.status).toBe(200);
    const after = await eventually(
      async () => (await (await appearance(dev.apiKey)).json()) as PublishedAppearance,
      (a) => a.version === before.version + 1,
      60_000,
    );
    expect(after).toMatchObject({ version: before.version + 1, theme });
    // The old tag no longer matches: the page gets the new look.
    const stale = await appearance(dev.apiKey, { "if-none-match": etag });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBe(`"${dev.appId}.v${before.version + 1}"`);
  });
});
