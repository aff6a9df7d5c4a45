import http from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { startFakeOpenAI, type FakeOpenAI } from "@genui/testkit";
import OpenAI from "openai";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { OpenAIUpstreamProvider, type OpenAIUpstreamOptions } from "../src/worker/providers/openai-upstream";
import { ProviderError, type GenerateRequest, type ProviderEvent } from "../src/worker/providers/provider";
import { buildSystemPrompt, templatesSection } from "../src/worker/providers/system-prompt";
import { countChatTokens, countTokens } from "../src/worker/providers/tokens";
import { SearxngSearch } from "../src/worker/providers/web-search";

const API_KEY = "sk-test-upstream";
const CODE = `screen("Weather", {theme: "auto"})
heading("Paris today")
card("Now", [stat(18, {label: "°C"}), text("Light rain in the evening", {tone: "muted"})])
row([button("Refresh", {onPress: "refresh"})])`;

interface Collected {
  events: ProviderEvent[];
  code: string;
  reasoning: string;
  usage: { inputTokens: number; outputTokens: number } | undefined;
  error: unknown;
}

/** Runs a provider stream to its end; an error is returned, not thrown, so tests can look at what came before it. */
async function collect(stream: AsyncIterable<ProviderEvent>, onEvent?: (e: ProviderEvent) => void): Promise<Collected> {
  const out: Collected = { events: [], code: "", reasoning: "", usage: undefined, error: undefined };
  try {
    for await (const e of stream) {
      out.events.push(e);
      if (e.type === "code") out.code += e.text;
      else if (e.type === "reasoning") out.reasoning += e.text;
      else out.usage = { inputTokens: e.inputTokens, outputTokens: e.outputTokens };
      onEvent?.(e);
    }
  } catch (err) {
    out.error = err;
  }
  return out;
}

/** A SearXNG-compatible search endpoint: records the queries, answers fixed results (or a failure, or nothing). */
async function startSearch(): Promise<{
  url: string;
  queries: URLSearchParams[];
  fail: { status: number } | null;
  silent: boolean;
  close(): Promise<void>;
}> {
  const state = {
    url: "",
    queries: [] as URLSearchParams[],
    fail: null as { status: number } | null,
    silent: false,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname !== "/search") return void res.writeHead(404).end();
    state.queries.push(url.searchParams);
    if (state.fail) return void res.writeHead(state.fail.status).end("down");
    if (state.silent) return;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        query: url.searchParams.get("q"),
        results: [
          {
            title: "Paris weather",
            url: "https://weather.example/paris",
            content: "18 °C, light rain in the evening",
            engine: "x",
          },
          { title: "Not a web result", url: "javascript:alert(1)", content: "dropped" },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

describe("OpenAI-compatible upstream provider", () => {
  let fake: FakeOpenAI;
  let search: Awaited<ReturnType<typeof startSearch>>;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: API_KEY, models: ["upstream-model", "upstream-reasoner"] });
    search = await startSearch();
    // Loads the tokenizer's vocabulary once (over a second), so timings below measure the provider.
    countTokens("warm up");
  });
  afterEach(() => {
    fake.reset();
    search.queries.length = 0;
    search.fail = null;
    search.silent = false;
  });
  afterAll(async () => {
    await fake.close();
    await search.close();
  });

  // A generous silence limit (the tests of the limit set their own): on a loaded machine this process, which is both
  // the upstream and its client, may not run for seconds, and a call must not time out before it was even sent.
  const provider = (opts: Partial<OpenAIUpstreamOptions> = {}) =>
    new OpenAIUpstreamProvider({ baseURL: fake.url, apiKey: API_KEY, model: "upstream-model", timeoutMs: 30_000, ...opts });
  const request = (over: Partial<GenerateRequest> = {}): GenerateRequest => ({
    model: "genui-pluto-0.1",
    messages: [{ role: "user", content: "Show me the weather in Paris" }],
    thinking: false,
    internet: false,
    maxOutputTokens: 800,
    signal: new AbortController().signal,
    ...over,
  });
  const body = (i: number) => fake.requests[i]!.body!;

  it("when the upstream streams the answer in chunks, then the code is assembled exactly, after our system prompt, with the upstream's usage", async () => {
    fake.script({ content: CODE, chunks: 17, usage: { prompt_tokens: 3400, completion_tokens: 95 } });
    const history = [
      { role: "user" as const, content: "A weather card" },
      { role: "assistant" as const, content: `card("Weather")` },
      { role: "user" as const, content: "Show me the weather in Paris" },
    ];
    const r = await collect(provider().generate(request({ messages: history })));

    expect(r.error).toBeUndefined();
    expect(r.code).toBe(CODE);
    expect(r.events.filter((e) => e.type === "code").length).toBeGreaterThan(10);
    expect(r.events.at(-1)).toEqual({ type: "usage", inputTokens: 3400, outputTokens: 95 });
    expect(fake.requests).toHaveLength(1);
    const sent = body(0);
    expect(sent.messages![0]).toEqual({ role: "system", content: buildSystemPrompt() });
    expect(sent.messages!.slice(1)).toEqual(history);
    expect(sent).toMatchObject({
      model: "upstream-model",
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 800,
    });
    expect(sent.tools).toBeUndefined();
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it("when the app has published templates, then the system prompt carries them after the reference", async () => {
    fake.script({ content: CODE, chunks: 3 });
    const templates = [{ name: "Order status", description: "Where an order is", code: 'heading("Your order")' }];
    await collect(provider().generate(request({ templates })));
    const system = body(0).messages![0] as { content: string };
    expect(system.content).toBe(buildSystemPrompt() + templatesSection(templates));
    expect(system.content).toContain('### Order status — Where an order is\nheading("Your order")');
  });

  it("when the model wraps its code in a ```js fence, then the fence is dropped as it streams", async () => {
    fake.script({ content: "```js\n" + CODE + "\n```\nThis shows the weather.", chunks: 23 });
    const r = await collect(provider().generate(request()));
    expect(r.error).toBeUndefined();
    expect(r.code.trimEnd()).toBe(CODE);
  });

  it("when thinking is asked for, then reasoning is passed through and the reasoning model is used", async () => {
    fake.script({ reasoning: "The user wants a weather card.", reasoningChunks: 4, content: CODE, chunks: 5 });
    const r = await collect(provider({ reasoningModel: "upstream-reasoner" }).generate(request({ thinking: true })));
    expect(r.error).toBeUndefined();
    expect(r.reasoning).toBe("The user wants a weather card.");
    expect(r.code).toBe(CODE);
    // Reasoning comes before the code, as the upstream sent it.
    expect(r.events.findIndex((e) => e.type === "reasoning")).toBeLessThan(r.events.findIndex((e) => e.type === "code"));
    expect(body(0).model).toBe("upstream-reasoner");
  });

  it("when the upstream puts reasoning in a `reasoning` field, then it is passed through too", async () => {
    fake.script({ reasoning: "Thinking about rain.", reasoningField: "reasoning", content: CODE });
    const r = await collect(provider().generate(request({ thinking: true })));
    expect(r.reasoning).toBe("Thinking about rain.");
    expect(body(0).model).toBe("upstream-model");
  });

  it("when thinking is not asked for, then the upstream's reasoning is not passed on but still counted", async () => {
    fake.script({ reasoning: "Private thoughts.", content: CODE, usage: false });
    const r = await collect(provider({ reasoningModel: "upstream-reasoner" }).generate(request()));
    expect(r.events.some((e) => e.type === "reasoning")).toBe(false);
    expect(r.code).toBe(CODE);
    expect(body(0).model).toBe("upstream-model");
    expect(r.usage!.outputTokens).toBe(countTokens("Private thoughts." + CODE));
  });

  it("when the model calls web_search, then the search backend gets its query, the results go back as the tool's answer and the final code streams", async () => {
    fake.script(
      {
        toolCalls: [{ id: "call_w1", name: "web_search", arguments: JSON.stringify({ query: "weather Paris today" }) }],
        argumentChunks: 4,
        usage: { prompt_tokens: 3500, completion_tokens: 12 },
      },
      { content: CODE, chunks: 9, usage: { prompt_tokens: 3600, completion_tokens: 90 } },
    );
    const p = provider({ webSearch: new SearxngSearch({ baseURL: search.url, timeoutMs: 2_000 }) });
    const r = await collect(p.generate(request({ internet: true })));

    expect(r.error).toBeUndefined();
    expect(r.code).toBe(CODE);
    expect(search.queries.map((q) => [q.get("q"), q.get("format")])).toEqual([["weather Paris today", "json"]]);
    expect(fake.requests).toHaveLength(2);
    expect(body(0).messages![0]).toEqual({ role: "system", content: buildSystemPrompt({ webSearch: true }) });
    expect(body(0).tools!.map((t) => t.function.name)).toEqual(["web_search"]);
    expect(body(0).tool_choice).toBe("auto");
    const [assistant, tool] = body(1).messages!.slice(-2);
    expect(assistant).toMatchObject({
      role: "assistant",
      tool_calls: [
        { id: "call_w1", type: "function", function: { name: "web_search", arguments: '{"query":"weather Paris today"}' } },
      ],
    });
    expect(tool).toMatchObject({ role: "tool", tool_call_id: "call_w1" });
    expect(JSON.parse(tool!.content as string)).toEqual({
      results: [{ title: "Paris weather", url: "https://weather.example/paris", snippet: "18 °C, light rain in the evening" }],
    });
    // The second round's budget is what the first left.
    expect(body(1).max_completion_tokens).toBe(800 - 12);
    expect(r.usage).toEqual({ inputTokens: 3500 + 3600, outputTokens: 12 + 90 });
  });

  it("when the model keeps calling tools, then after maxToolRounds it is told to answer (tool_choice none)", async () => {
    const call = (q: string) => ({ toolCalls: [{ name: "web_search", arguments: JSON.stringify({ query: q }) }] });
    fake.script(call("one"), { ...call("two"), content: "" }, { content: CODE });
    const p = provider({ webSearch: new SearxngSearch({ baseURL: search.url }), maxToolRounds: 1 });
    const r = await collect(p.generate(request({ internet: true })));
    expect(r.error).toBeUndefined();
    expect(search.queries.map((q) => q.get("q"))).toEqual(["one"]);
    expect(fake.requests).toHaveLength(2);
    expect(body(1).tool_choice).toBe("none");
    // The model ignored tool_choice "none": its answer (no code) ends the request rather than looping.
    expect(r.code).toBe("");
  });

  it("when the search backend fails, then the model is told so and still answers", async () => {
    search.fail = { status: 502 };
    fake.script({ toolCalls: [{ id: "c1", name: "web_search", arguments: '{"query":"x"}' }] }, { content: CODE });
    const p = provider({ webSearch: new SearxngSearch({ baseURL: search.url }) });
    const r = await collect(p.generate(request({ internet: true })));
    expect(r.error).toBeUndefined();
    expect(r.code).toBe(CODE);
    expect(JSON.parse(body(1).messages!.at(-1)!.content as string)).toEqual({ error: "search failed: search answered 502" });
  });

  it("when the search backend never answers, then at its timeout the model is told the search failed and still answers, garbage collected meanwhile", async () => {
    // The collector runs every 20 ms while the search waits: a deadline held only weakly (AbortSignal.any with
    // AbortSignal.timeout, nodejs/node#57736) is collected and never comes, and this request never ends.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const collecting = setInterval(gc, 20);
    try {
      search.silent = true;
      fake.script({ toolCalls: [{ id: "c1", name: "web_search", arguments: '{"query":"x"}' }] }, { content: CODE });
      const p = provider({ webSearch: new SearxngSearch({ baseURL: search.url, timeoutMs: 300 }) });
      const r = await collect(p.generate(request({ internet: true })));
      expect(r.error).toBeUndefined();
      expect(r.code).toBe(CODE);
      expect(search.queries).toHaveLength(1);
      // A DOMException (TimeoutError) is an Error to Node; jest's context has Errors of its own, so the name shows too.
      expect(JSON.parse(body(1).messages!.at(-1)!.content as string)).toEqual({
        error: expect.stringMatching(/^search failed: (TimeoutError: )?The operation was aborted due to timeout$/),
      });
    } finally {
      clearInterval(collecting);
    }
  });

  it("when internet is allowed but no search backend is configured, then no tool is offered", async () => {
    fake.script({ content: CODE });
    const r = await collect(provider().generate(request({ internet: true })));
    expect(r.error).toBeUndefined();
    expect(body(0).tools).toBeUndefined();
    expect(body(0).messages![0]!.content).toBe(buildSystemPrompt());
  });

  it("when the answer does not evaluate, then repair() sends the bad code and the errors and streams the corrected code", async () => {
    const broken = `heading("Paris today")\ncard("Now", [stat(18, {label: "°C"})`;
    fake.script(
      { content: broken, chunks: 3 },
      { content: CODE, chunks: 4, usage: { prompt_tokens: 3700, completion_tokens: 80 } },
    );
    const p = provider();
    const req = request();
    const first = await collect(p.generate(req));
    expect(first.code).toBe(broken);

    const ev = createNodeEvaluator();
    try {
      const bad = await ev.evaluate(first.code);
      expect(bad.ok).toBe(false);
      const errors = bad.ok ? [] : [`${bad.error.kind}: ${bad.error.message}`];
      const fixed = await collect(p.repair!(req, first.code, errors));

      expect(fixed.error).toBeUndefined();
      expect(fixed.code).toBe(CODE);
      expect(fixed.usage).toEqual({ inputTokens: 3700, outputTokens: 80 });
      const sent = body(1).messages!;
      expect(sent[0]).toEqual({ role: "system", content: buildSystemPrompt() });
      expect(sent.slice(1, -2)).toEqual(req.messages);
      expect(sent.at(-2)).toEqual({ role: "assistant", content: broken });
      expect(sent.at(-1)!.role).toBe("user");
      expect(sent.at(-1)!.content).toContain(errors[0]);
      expect(sent.at(-1)!.content).toContain("complete corrected UI code only");
      expect(await ev.evaluate(fixed.code)).toMatchObject({ ok: true, issues: [] });
    } finally {
      ev.dispose();
    }
  });

  it.each([
    { status: 500, message: "The server had an error while processing your request.", code: "upstream_error", transient: true },
    { status: 503, message: "Service unavailable.", code: "upstream_error", transient: true },
    { status: 429, message: "Rate limit reached for requests.", code: "upstream_error", transient: true },
    { status: 400, message: "Invalid value for 'messages': too long.", code: "upstream_refused", transient: false },
    { status: 401, message: "Incorrect API key provided.", code: "upstream_refused", transient: false },
  ])(
    "when the upstream answers $status, then it is a ProviderError $code (transient: $transient) with the upstream's message",
    async ({ status, message, code, transient }) => {
      fake.script({ fail: { status, message } });
      const r = await collect(provider().generate(request()));
      expect(r.error).toBeInstanceOf(ProviderError);
      const err = r.error as ProviderError;
      expect({ code: err.code, transient: err.transient }).toEqual({ code, transient });
      expect(err.message).toContain(message);
      expect(err.message).toContain(String(status));
    },
  );

  it("when the upstream never answers, then after timeoutMs it is a transient upstream_timeout", async () => {
    fake.script({ hang: true });
    const started = Date.now();
    const r = await collect(provider({ timeoutMs: 300 }).generate(request()));
    expect(r.error).toBeInstanceOf(ProviderError);
    expect(r.error).toMatchObject({ code: "upstream_timeout", transient: true });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("when the upstream goes silent mid-stream, then after timeoutMs it is an upstream_timeout after the code so far", async () => {
    fake.script({ content: CODE, chunks: 10, hang: { afterChunks: 4 } });
    const r = await collect(provider({ timeoutMs: 300 }).generate(request()));
    expect(r.error).toMatchObject({ code: "upstream_timeout", transient: true });
    expect(r.code.length).toBeGreaterThan(0);
    expect(CODE.startsWith(r.code)).toBe(true);
  });

  it("when the connection is reset mid-stream, then it is a transient ProviderError after the code so far", async () => {
    fake.script({ content: CODE, chunks: 10, resetAfterChunks: 5 });
    const r = await collect(provider().generate(request()));
    expect(r.error).toBeInstanceOf(ProviderError);
    expect(r.error).toMatchObject({ code: "upstream_error", transient: true });
    expect(r.code.length).toBeGreaterThan(0);
    expect(CODE.startsWith(r.code)).toBe(true);
  });

  it("when nothing listens at the upstream's address, then it is a transient upstream_error", async () => {
    const closed = await startFakeOpenAI();
    const url = closed.url;
    await closed.close();
    const r = await collect(provider({ baseURL: url }).generate(request()));
    expect(r.error).toMatchObject({ code: "upstream_error", transient: true });
  });

  it("when the request is aborted mid-stream, then the stream stops promptly without an error and reports usage for what was produced", async () => {
    fake.script({ content: CODE, chunks: 40, delayMs: 50 });
    const ctl = new AbortController();
    let abortedAt = 0;
    const req = request({ signal: ctl.signal });
    const r = await collect(provider().generate(req), (e) => {
      if (e.type === "code" && !abortedAt) {
        abortedAt = Date.now();
        ctl.abort();
      }
    });
    const stoppedAfter = Date.now() - abortedAt;

    expect(r.error).toBeUndefined();
    // The whole answer would take 2 s (40 chunks, 50 ms apart).
    expect(stoppedAfter).toBeLessThan(500);
    expect(r.code.length).toBeLessThan(CODE.length);
    expect(r.events.at(-1)!.type).toBe("usage");
    expect(r.usage!.outputTokens).toBe(countTokens(r.code));
    expect(r.usage!.inputTokens).toBe(countChatTokens([{ role: "system", content: buildSystemPrompt() }, ...req.messages]));
  });

  it("when the request is aborted before it starts, then it ends at once with zero usage", async () => {
    const ctl = new AbortController();
    ctl.abort();
    const r = await collect(provider().generate(request({ signal: ctl.signal })));
    expect(r.error).toBeUndefined();
    expect(r.events).toEqual([{ type: "usage", inputTokens: 0, outputTokens: 0 }]);
    expect(fake.requests).toHaveLength(0);
  });

  it("when the upstream reports no usage, then the request and answer are counted with the tokenizer", async () => {
    fake.script({ content: CODE, chunks: 6, usage: false });
    const req = request();
    const r = await collect(provider().generate(req));
    expect(r.error).toBeUndefined();
    expect(r.usage).toEqual({
      inputTokens: countChatTokens([{ role: "system", content: buildSystemPrompt() }, ...req.messages]),
      outputTokens: countTokens(CODE),
    });
  });

  it("when the server is configured for older upstreams, then the limit goes in max_tokens", async () => {
    fake.script({ content: CODE });
    await collect(provider({ maxTokensField: "max_tokens" }).generate(request({ maxOutputTokens: 321 })));
    expect(body(0).max_tokens).toBe(321);
    expect(body(0).max_completion_tokens).toBeUndefined();
  });

  describe("the fake upstream itself", () => {
    const client = () => new OpenAI({ baseURL: fake.url, apiKey: API_KEY, maxRetries: 0 });

    it("when asked without streaming, then it answers one chat.completion with the tool calls and usage", async () => {
      fake.script({
        content: "",
        toolCalls: [{ id: "c9", name: "web_search", arguments: '{"query":"q"}' }],
        usage: { prompt_tokens: 7, completion_tokens: 3 },
      });
      const r = await client().chat.completions.create({ model: "upstream-model", messages: [{ role: "user", content: "hi" }] });
      expect(r).toMatchObject({
        object: "chat.completion",
        model: "upstream-model",
        choices: [
          {
            finish_reason: "tool_calls",
            message: {
              role: "assistant",
              content: null,
              tool_calls: [{ id: "c9", type: "function", function: { name: "web_search", arguments: '{"query":"q"}' } }],
            },
          },
        ],
        usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
      });
    });

    it("when models are listed or the key is wrong, then it answers as OpenAI does", async () => {
      const models = await client().models.list();
      expect(models.data.map((m) => m.id)).toEqual(["upstream-model", "upstream-reasoner"]);
      const wrong = new OpenAI({ baseURL: fake.url, apiKey: "sk-wrong", maxRetries: 0 });
      await expect(wrong.models.list()).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
    });

    it("when streaming, then the first delta carries the role, the last the finish reason, and usage comes in a chunk without choices", async () => {
      fake.script({ content: CODE, chunks: 3 });
      const chunks: ChatCompletionChunk[] = [];
      const stream = await client().chat.completions.create({
        model: "upstream-model",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const c of stream) chunks.push(c);
      expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
      expect(
        chunks.every((c) => c.object === "chat.completion.chunk" && c.id === chunks[0]!.id && c.model === "upstream-model"),
      ).toBe(true);
      expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe("stop");
      expect(chunks.at(-1)!.choices).toEqual([]);
      expect(chunks.at(-1)!.usage!.completion_tokens).toBeGreaterThan(0);
      expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe(CODE);
    });
  });
});
