import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { FakeAnswer, FakeOpenAI } from "@genui/testkit";
import { streamText } from "ai";
import OpenAI from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { readEventStream } from "../support/sse";
import type { Stack } from "../support/stack";
import { startUpstreamStack } from "../support/upstream-stack";

const MODEL = "genui-pluto-0.1";
const API = "/apps/api/v1";

/** UI code that runs, with what JSON escaping must get right: quotes, backslashes, newlines, tabs, BMP and astral characters. */
const TRICKY = [
  'screen("Naïve \\"café\\" ☕", {theme: "auto"})',
  'heading("Emoji 😀🎉 and 𝄞 — \\\\ backslash")',
  'text("line\\nbreak\\ttab \\u2028 </script> «ok»")',
  'button("Go 🚀", {onPress: "go"})',
].join("\n");

/** Code that does not run (an undefined function): the worker asks the model once to repair it. */
const BROKEN = 'screen("Broken")\nheading("Almost 😀")\nnoSuchComponent("x")';
const REPAIRED = 'screen("Fixed")\nheading("Repaired 😀 \\"quoted\\"")\ntext("done")';

interface Chunk {
  choices: { delta: { content?: string | null }; finish_reason: string | null }[];
}

/**
 * The published API's streamed content with a scripted upstream (real sockets, real SSE framing): the pieces add up
 * to the non-streaming content even when the upstream splits escapes' sources, surrogate pairs and the repair pass's
 * code anywhere, as read by the official Node client and by the Vercel AI SDK (a framework that accumulates streams).
 */
describe("streamed content pieces of the published API, with a scripted upstream", () => {
  let fake: FakeOpenAI;
  let stack: Stack;
  let dev: Developer;
  let client: OpenAI;
  /** The content-encoding of each response the client received (its fetch accepts gzip). */
  const encodings: (string | null)[] = [];

  beforeAll(async () => {
    ({ stack, fake } = await startUpstreamStack({ workerEnv: { GEN_DELTA_INTERVAL_MS: "0" } }));
    dev = await newDeveloper(stack, 10_000_000);
    client = new OpenAI({
      baseURL: `${stack.bff.url}${API}`,
      apiKey: dev.apiKey,
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        encodings.push(res.headers.get("content-encoding"));
        return res;
      },
    });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await stack.stop();
    await fake.close();
  });

  const messages = [{ role: "user" as const, content: "A screen" }];
  /** Every UTF-16 unit its own upstream chunk (surrogate pairs split), a little apart so they go out as separate pieces. */
  const byUnit = (content: string): FakeAnswer => ({ content, chunks: content.length, delayMs: 1 });
  const nonStreaming = async (...answers: FakeAnswer[]) => {
    fake.script(...answers);
    return (await client.chat.completions.create({ model: MODEL, messages })).choices[0]!.message.content!;
  };
  const streamedPieces = async (...answers: FakeAnswer[]) => {
    fake.script(...answers);
    const res = await fetch(`${stack.bff.url}${API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages, stream: true }),
    });
    expect(res.status).toBe(200);
    const events = await readEventStream(res);
    expect(events.done).toBe(true);
    return (events.json as Chunk[]).flatMap((c) => (c.choices[0]?.delta.content ? [c.choices[0].delta.content] : []));
  };

  it("when code with quotes, backslashes, newlines and astral characters arrives split anywhere, then the pieces add up to the non-streaming content", async () => {
    const whole = await nonStreaming({ content: TRICKY });
    expect(JSON.parse(whole)).toMatchObject({ code: TRICKY });
    const pieces = await streamedPieces(byUnit(TRICKY));
    // Many pieces (the code as it came), none of them splitting an escape or a surrogate pair.
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of pieces) expect(p).not.toMatch(/[\ud800-\udbff]$|^[\udc00-\udfff]/);
    expect(pieces.join("")).toBe(whole);

    fake.script(byUnit(TRICKY));
    encodings.length = 0;
    const runner = client.chat.completions.stream({ model: MODEL, messages });
    expect(await runner.finalContent()).toBe(whole);
    // The event stream came gzip-compressed, as the client accepts it, and was decoded piece by piece.
    expect(encodings).toEqual(["gzip"]);
  });

  it("when the first code does not run, then the repair pass's code streams as repaired_code and the pieces add up to the non-streaming content", async () => {
    const whole = await nonStreaming({ content: BROKEN }, { content: REPAIRED });
    const doc = JSON.parse(whole) as { code: string; repaired_code: string; json: { screen: { v1: unknown[] } } };
    expect(Object.keys(doc)).toEqual(["code", "repaired_code", "json"]);
    expect(doc).toMatchObject({ code: BROKEN, repaired_code: REPAIRED });
    expect(doc.json.screen.v1.length).toBeGreaterThan(0);

    const pieces = await streamedPieces(byUnit(BROKEN), byUnit(REPAIRED));
    expect(pieces.join("")).toBe(whole);
    expect(pieces.some((p) => p.includes('","repaired_code":"'))).toBe(true);

    fake.script(byUnit(BROKEN), byUnit(REPAIRED));
    const final = await client.chat.completions.stream({ model: MODEL, messages }).finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe(whole);
  });

  it("when the Vercel AI SDK streams an answer, then its accumulated text is the non-streaming content", async () => {
    const whole = await nonStreaming({ content: TRICKY });
    const genui = createOpenAICompatible({ name: "genui", baseURL: `${stack.bff.url}${API}`, apiKey: dev.apiKey });
    fake.script(byUnit(TRICKY));
    const result = streamText({ model: genui.chatModel(MODEL), prompt: "A screen" });
    const parts: string[] = [];
    for await (const part of result.textStream) parts.push(part);
    expect(parts.length).toBeGreaterThan(1);
    expect(await result.text).toBe(whole);
    expect(JSON.parse(await result.text)).toMatchObject({ code: TRICKY, json: { screen: { v1: expect.any(Array) } } });
  });
});
