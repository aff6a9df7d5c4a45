import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import OpenAI from "openai";
import { validateScreen } from "@genui/ui-runtime";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";

/**
 * The MCP server at /mcp through the BFF, driven by the official MCP TypeScript SDK's own client over its Streamable
 * HTTP transport, as an agent host does: tools listed with their MCP Apps metadata, `show_ui` answering a screen that
 * is billed exactly like a chat completion, the UI resource read, a user's action answered with the next screen, and
 * every refusal in the protocol's shape with nothing charged.
 */

type Shown = { screen_id: string; version: number; json: unknown; code: string; summary: string };

async function connect(stack: Stack, key: string | undefined): Promise<Client> {
  const client = new Client({ name: "genui-test-host", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.bff.url}/mcp`), {
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
  });
  await client.connect(transport);
  return client;
}

const structured = (r: unknown): Shown => (r as CallToolResult).structuredContent as Shown;
const text = (r: unknown): string => ((r as CallToolResult).content[0] as { text: string }).text;

async function balanceOf(dev: Developer): Promise<number> {
  const res = await dev.client.get("/billing/api/v1/balance");
  expect(res.status).toBe(200);
  return Math.round(((await res.json()) as { balance: number }).balance * 1_000_000);
}

/** A JSON-RPC POST to /mcp as raw HTTP (for what no client would send). */
const post = (stack: Stack, body: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.bff.url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  });

describe("the MCP server, through the official MCP client", () => {
  let stack: Stack;
  let dev: Developer;
  let mcp: Client;

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack);
    mcp = await connect(stack, dev.apiKey);
  }, 300_000);
  afterAll(async () => {
    await mcp?.close();
    await stack?.stop();
  });

  it("when a host connects, then it speaks the current protocol and lists show_ui for the model and screen_action for the app only", async () => {
    expect(mcp.getServerVersion()).toMatchObject({ name: "genui", title: "GenUI" });
    expect(mcp.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(mcp.getInstructions()).toMatch(/show_ui/);
    const { tools } = await mcp.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(["screen_action", "show_ui"]);
    const show = byName.show_ui!;
    expect(show._meta).toEqual({
      ui: { resourceUri: "ui://genui/screen.html", visibility: ["model", "app"] },
      "ui/resourceUri": "ui://genui/screen.html",
    });
    expect(Object.keys(show.inputSchema.properties ?? {}).sort()).toEqual(["data", "request", "screen_id"]);
    expect(show.inputSchema.required).toEqual(["request"]);
    expect(Object.keys(show.outputSchema?.properties ?? {}).sort()).toEqual(["code", "json", "screen_id", "summary", "version"]);
    expect(show.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    expect(byName.screen_action!._meta).toMatchObject({ ui: { resourceUri: "ui://genui/screen.html", visibility: ["app"] } });
  });

  it("when show_ui is called, then the screen comes back valid with its id, a summary for the model, and the bill of the same chat completion", async () => {
    const request = "A signup form with name, email and a Sign up button";
    // The same request as a chat completion with the official openai client: its usage is what show_ui must cost.
    const openai = new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}/apps/api/v1`, maxRetries: 0 });
    const before = await balanceOf(dev);
    const completion = await openai.chat.completions.create({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: request }],
    });
    const usage = completion.usage!;
    const cost = Math.ceil(usage.prompt_tokens * 0.5) + usage.completion_tokens * 2;
    expect(cost).toBeGreaterThan(0);
    const afterChat = await eventually(
      () => balanceOf(dev),
      (b) => b === before - cost,
    );
    expect(afterChat).toBe(before - cost);

    const result = await mcp.callTool({ name: "show_ui", arguments: { request } });
    expect(result.isError).toBeFalsy();
    const s = structured(result);
    expect(s.screen_id).toMatch(/^scr_[A-Za-z0-9_-]{22}$/);
    expect(s.version).toBe(1);
    expect(validateScreen(s.json).ok).toBe(true);
    expect(s.json).toEqual(JSON.parse(completion.choices[0]!.message.content!).json);
    expect(s.code).toMatch(/\w/);
    expect(text(result)).toBe(s.summary);
    expect(s.summary).toMatch(/Fields: .*email/i);
    expect(s.summary).toContain(s.screen_id);
    expect(
      await eventually(
        () => balanceOf(dev),
        (b) => b === afterChat - cost,
      ),
    ).toBe(afterChat - cost);
  });

  it("when the UI resource is read, then it is one self-contained MCP App page with an empty network policy", async () => {
    const { resources } = await mcp.listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: "ui://genui/screen.html", mimeType: "text/html;profile=mcp-app" }),
    ]);
    const read = await mcp.readResource({ uri: "ui://genui/screen.html" });
    const [content] = read.contents as { uri: string; mimeType: string; text: string; _meta: Record<string, unknown> }[];
    expect(content!.mimeType).toBe("text/html;profile=mcp-app");
    expect(content!._meta).toEqual({
      ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: false },
    });
    expect(content!.text).toMatch(/^<!doctype html>/i);
    // Nothing is loaded from anywhere: no script, stylesheet or module by URL.
    expect(content!.text).not.toMatch(/<script[^>]+\bsrc=/i);
    expect(content!.text).not.toMatch(/<link[^>]+rel="?(stylesheet|modulepreload)/i);
  });

  it("when the user presses a button on a screen, then screen_action answers the next screen, which names its parent's conversation", async () => {
    const first = structured(
      await mcp.callTool({ name: "show_ui", arguments: { request: "A newsletter signup form with an email field" } }),
    );
    const next = await mcp.callTool({
      name: "screen_action",
      arguments: {
        screen_id: first.screen_id,
        actions: [
          { type: "onChangeText", component: { name: "email", value: "ada@example.com" } },
          { type: "onPress", component: { name: "submit", value: "submit" } },
        ],
      },
    });
    expect(next.isError).toBeFalsy();
    const s = structured(next);
    expect(s.version).toBe(2);
    expect(s.screen_id).not.toBe(first.screen_id);
    expect(validateScreen(s.json).ok).toBe(true);
    expect(s.json).not.toEqual(first.json);
    expect(text(next)).toMatch(/^The user: Entered “ada@example.com” in Email\. Submitted\. The user now sees/);
  });

  it("when show_ui is given an earlier screen_id, then that screen is changed (the next version); with data, the data is shown", async () => {
    const data = {
      rows: [
        { planet: "Mercury", moons: 0 },
        { planet: "Jupiter", moons: 95 },
      ],
    };
    const first = structured(
      await mcp.callTool({ name: "show_ui", arguments: { request: "A table of planets and their moons", data } }),
    );
    expect(JSON.stringify(first.json)).toContain("Jupiter");
    const edited = structured(
      await mcp.callTool({ name: "show_ui", arguments: { request: "Add a bar chart of the moons", screen_id: first.screen_id } }),
    );
    expect(edited.version).toBe(2);
    expect(validateScreen(edited.json).ok).toBe(true);
  });

  it("when a screen id is unknown or another app's, then the tool answers an error the model can read and nothing is charged", async () => {
    const other = await newDeveloper(stack);
    const theirs = await connect(stack, other.apiKey);
    const theirScreen = structured(await theirs.callTool({ name: "show_ui", arguments: { request: "A login form" } }));
    // A developer who has not generated anything: its balance is exactly its credit, before and after.
    const mine = await newDeveloper(stack);
    const c = await connect(stack, mine.apiKey);
    for (const screen_id of [theirScreen.screen_id, "scr_AAAAAAAAAAAAAAAAAAAAAA", "not-an-id"]) {
      const r = await c.callTool({
        name: "screen_action",
        arguments: { screen_id, actions: [{ type: "onPress", component: { name: "x" } }] },
      });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/No screen .* for this app/);
      expect(r._meta).toMatchObject({ "genui/error": { status: 400, param: "screen_id" } });
    }
    expect(await balanceOf(mine)).toBe(1_000_000);
    await Promise.all([theirs.close(), c.close()]);
  });

  it("when an app is deleted, then its screens are deleted with it", async () => {
    const leaving = await newDeveloper(stack);
    const c = await connect(stack, leaving.apiKey);
    structured(await c.callTool({ name: "show_ui", arguments: { request: "A to-do list" } }));
    await c.close();
    const redis = stack.generation!.ctx.redis!;
    const screensOf = async () => (await redis.keys(`${stack.prefix}mcp:screen:${leaving.appId}:*`)).length;
    expect(await screensOf()).toBe(1);
    // An active app's subscription is cancelled first (apps refuses to delete it before), then the app goes.
    expect((await leaving.client.post(`/billing/api/v1/subscription/${leaving.subscriptionId}/cancel/`)).status).toBe(200);
    const deleted = await eventually(
      async () => (await leaving.client.request("DELETE", `/apps/api/v1/delete/${leaving.appId}/`)).status,
      (status) => status === 204,
    );
    expect(deleted).toBe(204);
    expect(await eventually(screensOf, (n) => n === 0)).toBe(0);
  });

  it("when the app's owner has no balance, then show_ui answers insufficient_quota as a tool error and nothing is charged", async () => {
    const broke = await newDeveloper(stack, 0);
    const c = await connect(stack, broke.apiKey);
    const r = await c.callTool({ name: "show_ui", arguments: { request: "A pricing table" } });
    expect(r.isError).toBe(true);
    expect(r._meta).toMatchObject({ "genui/error": { status: 402, code: "insufficient_quota" } });
    expect(text(r)).toMatch(/insufficient_quota/);
    expect(await balanceOf(broke)).toBe(0);
    await c.close();
  });

  it("when a tool is unknown or its input is wrong or oversized, then the answer is the protocol's error", async () => {
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        (v) => v as CallToolResult,
        (e: unknown) => e,
      );
    for (const call of [
      mcp.callTool({ name: "no_such_tool", arguments: {} }),
      mcp.callTool({ name: "show_ui", arguments: {} }),
      mcp.callTool({ name: "show_ui", arguments: { request: "x".repeat(8_001) } }),
      mcp.callTool({ name: "screen_action", arguments: { screen_id: "scr_AAAAAAAAAAAAAAAAAAAAAA", actions: [] } }),
    ]) {
      const r = await refusal(call);
      // The SDK answers an unknown tool or invalid arguments as a JSON-RPC error or an isError result: either is
      // MCP's own shape, never a result that looks like success.
      if (r instanceof McpError) expect(r.code).toBe(-32602);
      else expect((r as CallToolResult).isError).toBe(true);
    }
    const big = await mcp.callTool({ name: "show_ui", arguments: { request: "A table", data: { blob: "x".repeat(70_000) } } });
    expect(big.isError).toBe(true);
    expect(big._meta).toMatchObject({ "genui/error": { status: 400, param: "data" } });
  });

  it("when the body is not JSON-RPC, too large, or the key is missing or wrong, then HTTP and JSON-RPC say so (401 with the challenge)", async () => {
    const auth = { authorization: `Bearer ${dev.apiKey}` };
    const bad = await post(stack, "{not json", auth);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    const huge = await post(
      stack,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(1_100_000) } }),
      auth,
    );
    expect([413]).toContain(huge.status);
    const notRpc = await post(stack, JSON.stringify({ hello: "world" }), auth);
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toMatchObject({ jsonrpc: "2.0", error: { code: expect.any(Number) } });

    const init = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const none = await post(stack, init);
    expect(none.status).toBe(401);
    const challenge = none.headers.get("www-authenticate")!;
    expect(challenge).toBe(
      `Bearer resource_metadata="${stack.bff.url}/.well-known/oauth-protected-resource/mcp", scope="genui:screens"`,
    );
    expect(await none.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32001 } });
    const wrong = await post(stack, init, { authorization: `Bearer gk_live_${"A".repeat(43)}` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(
      /^Bearer resource_metadata="[^"]+", scope="genui:screens", error="invalid_token"/,
    );
    const publishable = await post(stack, init, {
      authorization: `Bearer ${dev.publishableKey}`,
      origin: new URL(dev.url).origin,
    });
    expect(publishable.status).toBe(403);

    // The official client without a key fails to connect with the same 401.
    await expect(connect(stack, undefined)).rejects.toThrow(/You didn't provide an API key/);

    // GET and DELETE: this server keeps no MCP session (405 with Allow, as the transport spec lets a server answer).
    const get = await fetch(`${stack.bff.url}/mcp`, { headers: { accept: "text/event-stream", ...auth } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toMatch(/POST/);
  });

  it("when the protected-resource metadata is read, then it names this resource and its authorization server", async () => {
    const res = await fetch(`${stack.bff.url}/.well-known/oauth-protected-resource/mcp`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      resource: `${stack.bff.url}/mcp`,
      authorization_servers: [stack.bff.url],
      scopes_supported: ["genui:screens"],
      bearer_methods_supported: ["header"],
      resource_name: "GenUI",
      resource_documentation: `${stack.bff.url}/docs`,
    });
  });
});
