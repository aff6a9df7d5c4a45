import {
  BASIC_CATALOG_ID,
  GENUI_CATALOG_ID,
  genuiCatalog,
  screenMessages,
  validateClientMessage,
  validateServerMessage,
  type A2uiComponent,
  type A2uiServerMessage,
} from "@genui/a2ui";
import { A2UI_ROUTES } from "@genui/contracts/http";
import type { Screen } from "@genui/ui-runtime";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

/**
 * The A2UI endpoint through the BFF with the real stack: every message it streams is checked against the official
 * A2UI v0.9 schemas (vendored) and the surface's catalog, the screen is the one the OpenAI-compatible endpoint answers
 * for the same request, a renderer's action gets the next screen on the same surface, and every refusal is a clear
 * error in the published API's shape with nothing charged.
 */

const MODEL = "genui-pluto-0.1";
const A2UI = "/apps/api/v1/a2ui";
const EXAMPLE = A2UI_ROUTES.find((r) => r.id === "generation.a2ui")!.example;

/** A renderer's view of a surface: components by id, the data model. */
class Surface {
  components = new Map<string, A2uiComponent>();
  data: Record<string, unknown> = {};
  apply(messages: A2uiServerMessage[]): this {
    for (const m of messages) {
      if ("updateComponents" in m) for (const c of m.updateComponents.components) this.components.set(c.id, c);
      if ("updateDataModel" in m) {
        const keys = (m.updateDataModel.path ?? "/").split("/").filter(Boolean);
        let at = this.data;
        for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
        if (!keys.length) this.data = m.updateDataModel.value as Record<string, unknown>;
        else if (m.updateDataModel.value === undefined) delete at[keys.at(-1)!];
        else at[keys.at(-1)!] = m.updateDataModel.value;
      }
    }
    return this;
  }
  read(p: string): unknown {
    return p
      .split("/")
      .filter(Boolean)
      .reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], this.data);
  }
  /** The tree reachable from root (what a renderer draws). */
  tree(id = "root"): unknown {
    const c = this.components.get(id);
    if (!c) throw new Error(`'${id}' is referenced but was never sent`);
    const refs = [
      ...(Array.isArray(c.children) ? (c.children as string[]) : []),
      ...(typeof c.child === "string" ? [c.child] : []),
      ...(Array.isArray(c.tabs) ? (c.tabs as { child: string }[]).map((t) => t.child) : []),
      ...(Array.isArray(c.sections) ? (c.sections as { child: string }[]).map((t) => t.child) : []),
    ];
    return { ...c, refs: refs.map((r) => this.tree(r)) };
  }
  /** The action message a renderer sends when the Button `id` is pressed (its context resolved). */
  press(id: string, surfaceId: string) {
    const event = (this.components.get(id)!.action as { event: { name: string; context: Record<string, unknown> } }).event;
    const context = Object.fromEntries(
      Object.entries(event.context).map(([k, v]) => [
        k,
        typeof v === "object" && v && "path" in v ? this.read(String(v.path)) : v,
      ]),
    );
    return {
      version: "v0.9",
      action: { name: event.name, surfaceId, sourceComponentId: id, timestamp: new Date().toISOString(), context },
    };
  }
}

describe("the A2UI endpoint", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const post = (body: unknown, key = dev.apiKey, raw?: string) =>
    fetch(`${stack.bff.url}${A2UI}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: raw ?? JSON.stringify(body),
    });

  /** Reads a stream: every message (each checked against the official schemas), and the error event if any. */
  async function stream(res: Response, catalogId = GENUI_CATALOG_ID) {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await res.text();
    expect(text).not.toMatch(/^event: error/m);
    const messages = parseEventStream(text).data.map((d) => JSON.parse(d) as A2uiServerMessage);
    for (const m of messages) expect({ message: m, ...validateServerMessage(m, catalogId) }).toEqual({ message: m, ok: true });
    return { messages, bytes: Buffer.byteLength(text) };
  }

  /** A refusal in the published API's error shape: its status, code and param; answers its message. */
  const refused = async (res: Response, status: number, code: string, param?: string | null) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { message: string; code: string; param: string | null } };
    expect(body.error).toMatchObject({ code, ...(param !== undefined ? { param } : {}) });
    expect(body.error.message.length).toBeGreaterThan(10);
    return body.error.message;
  };

  async function balanceOf(d: Developer): Promise<number> {
    const res = await d.client.get("/billing/api/v1/balance");
    return Math.round(((await res.json()) as { balance: number }).balance * 1_000_000);
  }

  /** The same request as an OpenAI-compatible chat completion: its screen and its cost. */
  async function completion(request: string): Promise<{ json: Screen; cost: number }> {
    const res = await fetch(`${stack.bff.url}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: request }] }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      choices: { message: { content: string } }[];
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    return {
      json: (JSON.parse(body.choices[0]!.message.content) as { json: Screen }).json,
      cost: Math.ceil(body.usage.prompt_tokens * 0.5) + body.usage.completion_tokens * 2,
    };
  }

  it("when the documented example is sent, then the surface streams valid A2UI messages and ends as the OpenAI endpoint's screen, billed the same", async () => {
    const request = (EXAMPLE as { request: string }).request;
    const before = await balanceOf(dev);
    const chat = await completion(request);
    const afterChat = await eventually(
      () => balanceOf(dev),
      (b) => b === before - chat.cost,
    );
    expect(afterChat).toBe(before - chat.cost);

    const { messages } = await stream(await post(EXAMPLE));
    const [create] = messages;
    expect(create).toEqual({
      version: "v0.9",
      createSurface: {
        surfaceId: expect.stringMatching(/^srf_[A-Za-z0-9_-]{22}$/),
        catalogId: GENUI_CATALOG_ID,
        // The app's look (none set: GenUI's own primary colour, version 0).
        theme: { agentDisplayName: "GenUI", primaryColor: "#1d4ed8", genui: { version: 0, theme: {} } },
        sendDataModel: true,
      },
    });
    const surfaceId = (create as { createSurface: { surfaceId: string } }).createSurface.surfaceId;
    expect(messages.filter((m) => "createSurface" in m)).toHaveLength(1);
    expect(
      messages.every((m) =>
        Object.values(m).some((b) => typeof b === "object" && (b as { surfaceId?: string }).surfaceId === surfaceId),
      ),
    ).toBe(true);
    expect(messages.filter((m) => "updateComponents" in m).length).toBeGreaterThanOrEqual(1);
    const surface = new Surface().apply(messages);
    const screenId = surface.read("/genui/screen");
    expect(screenId).toMatch(/^scr_/);
    // The same screen as the chat completion, translated.
    const expected = new Surface().apply(screenMessages(chat.json, { surfaceId, screenId: String(screenId) }));
    expect(surface.tree()).toEqual(expected.tree());
    expect(surface.read("/inputs")).toEqual(expected.read("/inputs"));
    expect(
      await eventually(
        () => balanceOf(dev),
        (b) => b === afterChat - chat.cost,
      ),
    ).toBe(afterChat - chat.cost);
  });

  it("when the renderer sends the button's action back, then the same surface gets the next screen as changes", async () => {
    const { messages } = await stream(await post({ request: "A contact form with name, email and message" }));
    const surfaceId = (messages[0] as { createSurface: { surfaceId: string } }).createSurface.surfaceId;
    const surface = new Surface().apply(messages);
    const before = JSON.stringify(surface.tree());
    const button = [...surface.components.values()].find((c) => c.component === "Button" && "event" in (c.action as object))!;
    expect(button).toBeDefined();
    // The user types into every text field, then presses.
    for (const [name, v] of Object.entries(surface.read("/inputs") as Record<string, unknown>))
      if (typeof v === "string")
        (surface.data.inputs as Record<string, unknown>)[name] = name === "email" ? "ada@example.com" : "Ada Lovelace";
    const action = surface.press(button.id, surfaceId);
    expect(validateClientMessage(action)).toEqual({ ok: true });
    const next = await stream(await post({ messages: [action] }));
    expect(next.messages.some((m) => "createSurface" in m)).toBe(false);
    surface.apply(next.messages);
    expect(JSON.stringify(surface.tree())).not.toEqual(before);
    expect(surface.read("/genui/screen")).not.toEqual(action.action.context["genui.screen"]);
    expect(surface.read("/genui/screen")).toMatch(/^scr_/);
  });

  it("when another app presses a button of this app's surface, then 400 as for an unknown screen, nothing generated or charged", async () => {
    const { messages } = await stream(await post({ request: "A contact form with name, email and message" }));
    const surfaceId = (messages[0] as { createSurface: { surfaceId: string } }).createSurface.surfaceId;
    const surface = new Surface().apply(messages);
    const button = [...surface.components.values()].find((c) => c.component === "Button" && "event" in (c.action as object))!;
    // The renderer's own action, its context naming this app's screen, sent with another app's key.
    const action = surface.press(button.id, surfaceId);
    const stranger = await newDeveloper(stack);
    const before = await balanceOf(stranger);
    expect(
      await refused(await post({ messages: [action] }, stranger.apiKey), 400, "invalid_value", "messages[0].action.context"),
    ).toMatch(/unknown or has expired/);
    expect(await balanceOf(stranger)).toBe(before);
  });

  it("when the basic catalog is asked for, then every message validates against the official basic catalog", async () => {
    const { messages } = await stream(
      await post({ request: "A sales dashboard with revenue charts and KPI stats", catalog_id: BASIC_CATALOG_ID }),
      BASIC_CATALOG_ID,
    );
    expect(messages[0]).toMatchObject({ createSurface: { catalogId: BASIC_CATALOG_ID } });
  });

  it("when the catalog is fetched without a key, then it is our catalog, served at the address that is its id", async () => {
    const res = await fetch(`${stack.bff.url}/apps/api/v1/a2ui/catalog.json`);
    expect(res.status).toBe(200);
    const catalog = (await res.json()) as { catalogId: string; components: Record<string, unknown> };
    expect(catalog).toEqual(genuiCatalog());
    expect(new URL(catalog.catalogId).pathname).toBe("/apps/api/v1/a2ui/catalog.json");
  });

  describe("refusals: a clear error in the published API's shape, nothing charged", () => {
    it("when the catalog is unknown, the client message malformed, the body oversized, the screen unknown, then 400/413", async () => {
      // An app of its own: no charge of an earlier test's generation can land while this one reads the balance.
      const fresh = await newDeveloper(stack);
      const p = (body: unknown, raw?: string) => post(body, fresh.apiKey, raw);
      const before = await balanceOf(fresh);
      expect(
        await refused(
          await p({ request: "A form", catalog_id: "https://example.com/catalog.json" }),
          400,
          "invalid_value",
          "catalog_id",
        ),
      ).toMatch(/Unknown catalog 'https:\/\/example.com\/catalog.json'/);
      expect(
        await refused(await p({ messages: [{ version: "v0.9", action: { name: "x" } }] }), 400, "invalid_value", "messages[0]"),
      ).toMatch(/not an A2UI v0.9 client message/);
      await refused(await p({}), 400, "missing_required_parameter", "request");
      await refused(await p({ request: "A form", colour: "red" }), 400, "invalid_value", "colour");
      await refused(await p(undefined, "{not json"), 400, "invalid_json");
      await refused(await p({ request: "x".repeat(1_100_000) }), 413, "request_too_large");
      const action = {
        version: "v0.9",
        action: {
          name: "send",
          surfaceId: "srf_AAAAAAAAAAAAAAAAAAAAAA",
          sourceComponentId: "send",
          timestamp: new Date().toISOString(),
          context: { "genui.screen": "scr_AAAAAAAAAAAAAAAAAAAAAA" },
        },
      };
      expect(await refused(await p({ messages: [action] }), 400, "invalid_value", "messages[0].action.context")).toMatch(
        /unknown or has expired/,
      );
      await refused(
        await p({ request: "A form", surface_id: "srf_AAAAAAAAAAAAAAAAAAAAAA" }),
        400,
        "invalid_value",
        "metadata.a2uiClientDataModel",
      );
      expect(await balanceOf(fresh)).toBe(before);
    });

    it("when the app's owner has no balance, then 402 comes before any message and nothing is charged", async () => {
      const broke = await newDeveloper(stack, 0);
      const res = await post({ request: "A pricing table" }, broke.apiKey);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      await refused(res, 402, "insufficient_quota");
      expect(await balanceOf(broke)).toBe(0);
    });

    it("when the key is missing or wrong, then 401", async () => {
      await refused(await post({ request: "A form" }, "sk-wrong"), 401, "invalid_api_key");
    });
  });
});
