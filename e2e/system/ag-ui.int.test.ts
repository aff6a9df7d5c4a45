import { HttpAgent, type AgentSubscriber, type BaseEvent, type Message } from "@ag-ui/client";
import { EventSchemas } from "@ag-ui/core/schemas";
import { decode } from "@ag-ui/proto";
import OpenAI from "openai";
import { validateScreen } from "@genui/ui-runtime";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

/**
 * GenUI as an AG-UI agent (`POST /apps/api/v1/ag-ui`) through the BFF, driven by @ag-ui/client's HttpAgent as a
 * CopilotKit-style frontend's runtime does: every event is one of AG-UI's (checked with @ag-ui/core's schemas), the
 * state the agent ends with is the screen of the same chat completion and costs exactly as much, a frontend tool is
 * called with the screen, an action on the screen answers the next one, and every refusal is clear and uncharged.
 */

const API = "/apps/api/v1";
const MODEL = "genui-pluto-0.1";
const CONTACT = "A contact form with name, email and message";

type Screen = { screen: { v1: { name: string; component: string; content?: unknown[] }[] } };
type RunState = { screen: Screen; code: string; screen_id?: string };
type ToolCalls = { toolCalls?: { id: string; function: { name: string; arguments: string } }[] };

async function balanceOf(dev: Developer): Promise<number> {
  const res = await dev.client.get("/billing/api/v1/balance");
  expect(res.status).toBe(200);
  return Math.round(((await res.json()) as { balance: number }).balance * 1_000_000);
}

/** The default model's price of a usage (micro-dollars): $0.50 / $2 per million input / output tokens. */
const priced = (u: { prompt_tokens: number; completion_tokens: number }) =>
  Math.ceil(u.prompt_tokens * 0.5) + u.completion_tokens * 2;

const agentFor = (stack: Stack, key: string | undefined, initialState?: unknown) =>
  new HttpAgent({
    url: `${stack.bff.url}${API}/ag-ui`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(initialState !== undefined ? { initialState } : {}),
  });

let ids = 0;
const userMessage = (content: string): Message => ({ id: `u-${++ids}`, role: "user", content });

/** Runs the agent once: the events it applied (each checked against AG-UI's schemas), and its RUN_ERROR if any. */
async function run(agent: HttpAgent, params: Parameters<HttpAgent["runAgent"]>[0] = {}) {
  const events: BaseEvent[] = [];
  let runError: { message: string; code?: string; metadata?: Record<string, unknown> } | undefined;
  const subscriber: AgentSubscriber = {
    onEvent: ({ event }) => void events.push(event),
    onRunErrorEvent: ({ event }) => void (runError = event as typeof runError),
  };
  await agent.runAgent(params, subscriber);
  for (const e of events) expect([e.type, EventSchemas.safeParse(e).error?.message]).toEqual([e.type, undefined]);
  return { events, types: events.map((e) => e.type), runError, state: agent.state as RunState };
}

/** Every node of a screen, depth first. */
function nodesOf(nodes: unknown[] | undefined): { name: string; component: string }[] {
  return (nodes ?? []).flatMap((n) => {
    const node = n as { name: string; component: string; content?: unknown[] };
    return [node, ...nodesOf(node.content)];
  });
}

/** A raw POST to the route (for what no client would send). */
const post = (stack: Stack, body: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.bff.url}${API}/ag-ui`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("GenUI as an AG-UI agent, through @ag-ui/client's HttpAgent", () => {
  let stack: Stack;
  let dev: Developer;
  let openai: OpenAI;

  beforeAll(async () => {
    // The offline generator at a model's pace (400 tokens/s): the screen exists before it is done, so it streams.
    stack = await startStack({ generation: { workers: 1, workerEnv: { OFFLINE_TOKENS_PER_SECOND: "400" } } });
    dev = await newDeveloper(stack);
    openai = new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("when another app's run names this app's screen_id, then that screen's conversation is not continued (a new screen, its own bill)", async () => {
    const secret = `ORDER-${Date.now().toString(36).toUpperCase()}`;
    const mine = agentFor(stack, dev.apiKey);
    mine.addMessage(userMessage(`A table of my orders: ${secret} (shipped), ${secret}-B (pending)`));
    const shown = await run(mine);
    expect(JSON.stringify(shown.state.screen)).toContain(secret);
    const stranger = await newDeveloper(stack);
    // The stranger's run claims this app's screen id, with an action and no code of its own.
    const theirs = agentFor(stack, stranger.apiKey, { screen_id: shown.state.screen_id });
    theirs.addMessage(userMessage(JSON.stringify({ type: "onPress", component: { name: "row_1" } })));
    const r = await run(theirs);
    expect(r.runError).toBeUndefined();
    expect(r.state.screen_id).toMatch(/^scr_/);
    expect(r.state.screen_id).not.toBe(shown.state.screen_id);
    expect(JSON.stringify(r.state)).not.toContain(secret);
    // Billed to the stranger alone.
    expect(
      await eventually(
        () => balanceOf(stranger),
        (b) => b < 1_000_000,
      ),
    ).toBeLessThan(1_000_000);
  });

  it("when a run asks for a screen, then every event is AG-UI's, the agent's state is the chat completion's screen, and it costs exactly as much", async () => {
    const before = await balanceOf(dev);
    const completion = await openai.chat.completions.create({ model: MODEL, messages: [{ role: "user", content: CONTACT }] });
    const cost = priced(completion.usage!);
    expect(cost).toBeGreaterThan(0);
    const afterChat = await eventually(
      () => balanceOf(dev),
      (b) => b === before - cost,
    );
    expect(afterChat).toBe(before - cost);

    const agent = agentFor(stack, dev.apiKey);
    agent.addMessage(userMessage(CONTACT));
    const r = await run(agent);
    expect(r.runError).toBeUndefined();
    // RUN_STARTED, the screen as a snapshot and patches, the assistant's message, RUN_FINISHED.
    expect(r.types[0]).toBe("RUN_STARTED");
    expect(r.types[1]).toBe("STATE_SNAPSHOT");
    expect(r.types.slice(-4)).toEqual(["TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);
    // The screen grew while it was generated: patches after the snapshot, the first one a smaller screen than the last.
    const deltas = r.types.slice(2, -4);
    expect(deltas.length).toBeGreaterThan(0);
    expect(new Set(deltas)).toEqual(new Set(["STATE_DELTA"]));
    const snapshot = (r.events[1] as unknown as { snapshot: RunState }).snapshot;
    expect(snapshot.screen_id).toBeUndefined();
    expect(JSON.stringify(snapshot.screen).length).toBeLessThan(JSON.stringify(r.state.screen).length);
    expect(r.state.screen).toEqual(JSON.parse(completion.choices[0]!.message.content!).json);
    expect(validateScreen(r.state.screen).ok).toBe(true);
    expect(r.state.code).toMatch(/\w/);
    expect(r.state.screen_id).toMatch(/^scr_[A-Za-z0-9_-]{22}$/);
    const finished = r.events.at(-1) as unknown as { usage: { inputTokens: number; outputTokens: number }[]; result: unknown };
    expect(finished.usage[0]).toMatchObject({
      inputTokens: completion.usage!.prompt_tokens,
      outputTokens: completion.usage!.completion_tokens,
    });
    expect(finished.result).toEqual({ screen_id: r.state.screen_id });
    const reply = agent.messages.at(-1)!;
    expect(reply.role).toBe("assistant");
    expect(reply.content).toMatch(/^A screen is shown to the user\. The user now sees the screen .*Fields: .*Email/);
    expect(
      await eventually(
        () => balanceOf(dev),
        (b) => b === afterChat - cost,
      ),
    ).toBe(afterChat - cost);
  });

  it("when the run offers a frontend tool, then it is called with the screen (checked against its parameters), and the run after its result is uncharged", async () => {
    const agent = agentFor(stack, dev.apiKey);
    agent.addMessage(userMessage("A newsletter signup form with an email field"));
    const parameters = {
      type: "object",
      properties: { screen: { type: "object", required: ["screen"] }, screen_id: { type: "string" } },
      required: ["screen"],
      additionalProperties: false,
    };
    const r = await run(agent, {
      tools: [
        { name: "render_screen", description: "Shows a GenUI screen", parameters },
        { name: "show_card", description: "Shows a card", parameters: { type: "object", properties: { screen: {} } } },
      ],
    });
    expect(r.runError).toBeUndefined();
    expect(r.types.slice(-7)).toEqual([
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "RUN_FINISHED",
    ]);
    const reply = agent.messages.at(-1) as Message & ToolCalls;
    const call = reply.toolCalls![0]!;
    expect(call.function.name).toBe("render_screen");
    expect(JSON.parse(call.function.arguments)).toEqual({ screen: r.state.screen, screen_id: r.state.screen_id });
    expect(r.events.at(-1)).toMatchObject({ outcome: { type: "success", pendingToolCallIds: [call.id] } });

    // `render_tool` names another of the run's tools.
    const other = agentFor(stack, dev.apiKey);
    other.addMessage(userMessage("A to-do list"));
    const named = await run(other, {
      tools: [{ name: "show_card", description: "Shows a card", parameters: { type: "object", properties: { screen: {} } } }],
      forwardedProps: { genui: { render_tool: "show_card" } },
    });
    const card = (other.messages.at(-1) as Message & ToolCalls).toolCalls![0]!;
    expect(card.function.name).toBe("show_card");
    expect(JSON.parse(card.function.arguments)).toEqual({ screen: named.state.screen });

    // The frontend answers the call and runs the agent again (as CopilotKit does): nothing new to answer, nothing
    // charged (the same thread, run with a key whose balance is exactly its credit).
    const quiet = await newDeveloper(stack);
    const thread = new HttpAgent({
      url: `${stack.bff.url}${API}/ag-ui`,
      headers: { authorization: `Bearer ${quiet.apiKey}` },
      initialMessages: [...agent.messages, { id: "tool-1", role: "tool", toolCallId: call.id, content: "rendered" }],
      initialState: agent.state,
    });
    const again = await run(thread);
    expect(again.types).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(again.state).toEqual(r.state);
    expect(await balanceOf(quiet)).toBe(1_000_000);
  });

  it("when the user acts on the screen, then the next run answers the next screen and says what the user did", async () => {
    const agent = agentFor(stack, dev.apiKey);
    agent.addMessage(userMessage(CONTACT));
    const first = await run(agent);
    const fields = nodesOf(first.state.screen.screen.v1);
    const email = fields.find((n) => n.component === "textInput" && /mail/i.test(n.name));
    const button = fields.find((n) => n.component === "button");
    expect([email?.name, button?.name]).toEqual([expect.any(String), expect.any(String)]);
    // The action as the chat page sends it: one user message per event, typed values first, then the press.
    agent.addMessage(
      userMessage(JSON.stringify({ type: "onChangeText", component: { name: email!.name, value: "ada@example.com" } })),
    );
    agent.addMessage(userMessage(JSON.stringify({ type: "onPress", component: { name: button!.name } })));
    const next = await run(agent);
    expect(next.runError).toBeUndefined();
    expect(next.types[1]).toBe("STATE_SNAPSHOT");
    expect(validateScreen(next.state.screen).ok).toBe(true);
    expect(next.state.screen).not.toEqual(first.state.screen);
    expect(next.state.screen_id).toMatch(/^scr_/);
    expect(next.state.screen_id).not.toBe(first.state.screen_id);
    expect(agent.messages.at(-1)!.content).toMatch(/^The user: Entered “ada@example\.com” in .*\. The user now sees/);

    // The screen's store forgotten (an expired screen): the state's code carries the conversation on.
    const stateless = agentFor(stack, dev.apiKey, { ...first.state, screen_id: "scr_AAAAAAAAAAAAAAAAAAAAAA", theme: "dark" });
    stateless.addMessage(userMessage(CONTACT));
    stateless.addMessage({ id: "a-1", role: "assistant", content: "A screen is shown." });
    stateless.addMessage(userMessage("Add a phone number field"));
    const edited = await run(stateless);
    expect(edited.runError).toBeUndefined();
    expect(validateScreen(edited.state.screen).ok).toBe(true);
    // The client's own state fields are kept.
    expect((edited.state as unknown as { theme: string }).theme).toBe("dark");
    expect(stateless.messages.at(-1)!.content).toMatch(/^The screen was updated\./);
  });

  it("when the owner has no balance, the render tool is unknown or there is nothing to answer from, then one RUN_ERROR says so and nothing is charged", async () => {
    const broke = await newDeveloper(stack, 0);
    const poor = agentFor(stack, broke.apiKey);
    poor.addMessage(userMessage("A pricing table"));
    const r = await run(poor);
    expect(r.types).toEqual(["RUN_ERROR"]);
    expect(r.runError).toMatchObject({ code: "insufficient_quota", metadata: { genui: { status: 402 } } });
    expect(r.runError!.message).toMatch(/\w/);
    expect(await balanceOf(broke)).toBe(0);

    const mine = await newDeveloper(stack);
    const unknownTool = agentFor(stack, mine.apiKey);
    unknownTool.addMessage(userMessage("A pricing table"));
    const t = await run(unknownTool, { forwardedProps: { genui: { render_tool: "render_html" } } });
    expect(t.runError).toMatchObject({
      code: "invalid_value",
      message: "'forwardedProps.genui.render_tool' names 'render_html', which is not one of the run's tools.",
      metadata: { genui: { status: 400, param: "forwardedProps.genui.render_tool" } },
    });
    const needsHtml = await run(unknownTool, {
      tools: [{ name: "render_screen", description: "x", parameters: { type: "object", required: ["html"] } }],
    });
    expect(needsHtml.runError?.message).toMatch(/requires 'html', which GenUI does not give/);
    const noUser = agentFor(stack, mine.apiKey);
    noUser.addMessage({ id: "s", role: "system", content: "Be brief." });
    const n = await run(noUser);
    expect(n.runError).toMatchObject({ code: "missing_required_parameter", metadata: { genui: { param: "messages" } } });
    expect(await balanceOf(mine)).toBe(1_000_000);
  });

  it("when the body is not a RunAgentInput, too large, has an unknown GenUI option, or the key is missing, then the API's error shape says so and nothing is charged", async () => {
    const mine = await newDeveloper(stack);
    const auth = { authorization: `Bearer ${mine.apiKey}` };
    const expectError = async (res: Response, status: number, error: Record<string, unknown>) => {
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body.error).sort()).toEqual(["code", "message", "param", "type"]);
      expect(body.error).toMatchObject({ message: expect.stringMatching(/\w/), type: "invalid_request_error", ...error });
    };
    await expectError(await post(stack, "{not json", auth), 400, { code: "invalid_json", param: null });
    await expectError(await post(stack, JSON.stringify({ runId: "r", messages: [] }), auth), 400, {
      code: "missing_required_parameter",
      param: "threadId",
      message: "Missing required parameter: 'threadId'.",
    });
    await expectError(
      await post(
        stack,
        JSON.stringify({ threadId: "t", runId: "r", messages: [{ id: "1", role: "robot", content: "hi" }] }),
        auth,
      ),
      400,
      { code: "invalid_value", param: "messages[0].role" },
    );
    await expectError(
      await post(
        stack,
        JSON.stringify({
          threadId: "t",
          runId: "r",
          messages: [{ id: "1", role: "user", content: "hi" }],
          forwardedProps: { genui: { modle: MODEL } },
        }),
        auth,
      ),
      400,
      { code: "invalid_value", param: "forwardedProps.genui.modle" },
    );
    const huge = JSON.stringify({
      threadId: "t",
      runId: "r",
      messages: [{ id: "1", role: "user", content: "x".repeat(1_100_000) }],
    });
    await expectError(await post(stack, huge, auth), 413, { code: "request_too_large", param: null });
    // AG-UI's own objects are open: an unknown field is accepted and ignored (this thread has nothing new to answer).
    const open = await post(
      stack,
      JSON.stringify({
        threadId: "t",
        runId: "r",
        messages: [
          { id: "1", role: "user", content: "hi", extra: true },
          { id: "2", role: "assistant", content: "Shown." },
        ],
        somethingNew: { a: 1 },
      }),
      auth,
    );
    expect(open.status).toBe(200);
    expect(parseEventStream(await open.text()).data.map((d) => (JSON.parse(d) as BaseEvent).type)).toEqual([
      "RUN_STARTED",
      "RUN_FINISHED",
    ]);

    // The official client without a key: the run fails with the HTTP status and the error body.
    const keyless = agentFor(stack, undefined);
    keyless.addMessage(userMessage("A form"));
    const failed = await keyless.runAgent().then(
      () => undefined,
      (e: unknown) => e as { status?: number; payload?: { error: { code: string } } },
    );
    expect(failed?.status).toBe(401);
    expect(failed?.payload?.error.code).toBe("missing_api_key");
    expect(await balanceOf(mine)).toBe(1_000_000);
  });

  it("when the document's example is posted as it is, then it is answered 200 with a run; with Accept for protobuf, the same run comes as frames", async () => {
    const doc = (await (await fetch(`${stack.bff.url}${API}/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
    };
    const example = doc.paths["/ag-ui"]!.post.requestBody.content["application/json"]!.example;
    expect(example).toBeDefined();
    const auth = { authorization: `Bearer ${dev.apiKey}` };
    const res = await post(stack, JSON.stringify(example), auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = parseEventStream(await res.text()).data.map((d) => JSON.parse(d) as BaseEvent);
    for (const e of events) expect(EventSchemas.safeParse(e).success).toBe(true);
    expect(events[0]!.type).toBe("RUN_STARTED");
    expect(events.at(-1)!.type).toBe("RUN_FINISHED");

    const proto = await post(stack, JSON.stringify(example), { ...auth, accept: "application/vnd.ag-ui.event+proto" });
    expect(proto.status).toBe(200);
    expect(proto.headers.get("content-type")).toBe("application/vnd.ag-ui.event+proto");
    const bytes = new Uint8Array(await proto.arrayBuffer());
    const frames: BaseEvent[] = [];
    for (let at = 0; at < bytes.length;) {
      const length = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, false);
      frames.push(decode(bytes.subarray(at + 4, at + 4 + length)));
      at += 4 + length;
    }
    // The same kinds of event in the same order; how many STATE_DELTAs a run streams depends on the pace of generation
    // (each is the change since the last screen sent), so runs of them count once.
    const kinds = (list: BaseEvent[]) =>
      list.map((e) => e.type).filter((t, i, all) => !(t === "STATE_DELTA" && all[i - 1] === t));
    expect(kinds(frames)).toEqual(kinds(events));
    const snapshot = frames.find((f) => f.type === "STATE_SNAPSHOT") as unknown as { snapshot: { screen: unknown } };
    expect(snapshot.snapshot.screen).toBeDefined();
  });
});
