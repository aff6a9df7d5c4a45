import type { AppComponent } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { ChatTurn, GenerateRequest, ProviderEvent } from "../provider";
import { countChatTokens, countTokens } from "../tokens";
import { plan } from "@genui/planner";
import { OfflineProvider } from "./offline-provider";

const request = (content: string, over: Partial<GenerateRequest> = {}): GenerateRequest => ({
  model: "genui-pluto-0.1",
  messages: [{ role: "user", content }],
  thinking: false,
  internet: false,
  maxOutputTokens: 100_000,
  signal: new AbortController().signal,
  ...over,
});

async function collect(events: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const out: ProviderEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const codeOf = (events: ProviderEvent[]) => events.flatMap((e) => (e.type === "code" ? [e.text] : [])).join("");
const reasoningOf = (events: ProviderEvent[]) => events.flatMap((e) => (e.type === "reasoning" ? [e.text] : [])).join("");
const usageOf = (events: ProviderEvent[]) => {
  const last = events[events.length - 1];
  if (last?.type !== "usage") throw new Error("the stream did not end with usage");
  return last;
};

describe("OfflineProvider", () => {
  const fast = new OfflineProvider({ tokensPerSecond: 0 });

  it("when the prompt spells the model's special tokens, then the screen is still composed and its usage counted", async () => {
    const content = "a sign-up form <|endoftext|> with a <|im_start|> newsletter checkbox";
    const events = await collect(fast.generate(request(content)));
    const usage = usageOf(events);
    expect(codeOf(events)).toContain("screen(");
    expect(usage.inputTokens).toBe(countChatTokens([{ role: "user", content }]));
    expect(usage.outputTokens).toBe(countTokens(codeOf(events)));
  });

  it("when the app has its own product card, then the planner draws it in a shop (and only there)", async () => {
    const components: AppComponent[] = [
      {
        name: "ProductCard",
        description: "One product.",
        props: { type: "object", properties: { title: { type: "string" }, price: { type: "number" } }, required: ["title"] },
        example: { title: "Mug" },
        fallback: "card",
        role: { name: "product-card" },
      },
    ];
    const shop = codeOf(await collect(fast.generate(request("a shop selling ceramic mugs", { components }))));
    expect(shop).toBe(plan([{ role: "user", content: "a shop selling ceramic mugs" }], { components }).code);
    expect(shop).toContain('custom("ProductCard", {');
    const form = codeOf(await collect(fast.generate(request("a contact form", { components }))));
    expect(form).toBe(plan([{ role: "user", content: "a contact form" }]).code);
  });

  it("when asked for its name, then it is “offline”", () => {
    expect(fast.name).toBe("offline");
  });

  it("when a screen is streamed, then the code pieces add up to the composed code and usage is counted honestly", async () => {
    const req = request("a pets care e-commerce website");
    const events = await collect(fast.generate(req));
    expect(codeOf(events)).toBe(plan(req.messages).code);
    expect(events.some((e) => e.type === "reasoning")).toBe(false);
    expect(events.filter((e) => e.type === "usage")).toHaveLength(1);
    expect(usageOf(events)).toEqual({
      type: "usage",
      inputTokens: countChatTokens(req.messages),
      outputTokens: countTokens(codeOf(events)),
    });
  });

  it("when pieces are cut, then each is 3–8 tokens (the last may be shorter) and none splits a surrogate pair", async () => {
    for (const prompt of ["a health care website for women", "weather in Paris", "🐶🛒 emoji shop ✨ with 日本語"]) {
      const pieces = (await collect(fast.generate(request(prompt)))).flatMap((e) => (e.type === "code" ? [e.text] : []));
      expect(pieces.length).toBeGreaterThan(10);
      pieces.forEach((p, i) => {
        const n = countTokens(p);
        if (i < pieces.length - 1) expect({ i, n, ok: n >= 3 && n <= 8 }).toEqual({ i, n, ok: true });
        else expect(n).toBeLessThanOrEqual(8);
        expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(p)).toBe(false);
      });
    }
  });

  it("when thinking is on, then reasoning comes first, describes the screen, and is counted in the usage", async () => {
    const req = request("sales dashboard", { thinking: true });
    const events = await collect(fast.generate(req));
    const firstCode = events.findIndex((e) => e.type === "code");
    const reasoningAt = events.map((e, i) => (e.type === "reasoning" ? i : -1)).filter((i) => i >= 0);
    expect(reasoningAt.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...reasoningAt)).toBeLessThan(firstCode);
    const reasoning = reasoningOf(events);
    expect(reasoning).toMatch(/dashboard/);
    expect(reasoning).toMatch(/Sections: /);
    const out = countTokens(reasoning) + countTokens(codeOf(events));
    expect(usageOf(events).outputTokens).toBe(out);
    expect(out).toBe(countTokens(reasoning + codeOf(events)));
  });

  it("when the same request is streamed twice, then the pieces are the same", async () => {
    const a = (await collect(fast.generate(request("a contact form")))).map((e) => JSON.stringify(e));
    const b = (await collect(fast.generate(request("a contact form")))).map((e) => JSON.stringify(e));
    expect(a).toEqual(b);
  });

  it("when a rate is set, then the stream takes about as long as its tokens at that rate", async () => {
    const req = request("a contact form");
    const tokens = countTokens(plan(req.messages).code);
    const rate = 4000;
    const started = Date.now();
    await collect(new OfflineProvider({ tokensPerSecond: rate }).generate(req));
    const elapsed = Date.now() - started;
    const expected = (tokens / rate) * 1000;
    expect(elapsed).toBeGreaterThanOrEqual(expected * 0.8);
    expect(elapsed).toBeLessThan(expected + 1000);
  });

  it("when a first-token delay is set, then nothing arrives before it", async () => {
    const started = Date.now();
    const stream = new OfflineProvider({ tokensPerSecond: 0, firstTokenDelayMs: 120 }).generate(request("a contact form"));
    const it = stream[Symbol.asyncIterator]();
    await it.next();
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    await it.return?.();
  });

  it("when the request is aborted mid-stream, then the stream stops within 50 ms and reports what was emitted", async () => {
    const ctrl = new AbortController();
    const events: ProviderEvent[] = [];
    let abortedAt = 0;
    for await (const e of new OfflineProvider({ tokensPerSecond: 200 }).generate(
      request("a health care website for women", { signal: ctrl.signal }),
    )) {
      events.push(e);
      if (events.length === 10) {
        ctrl.abort();
        abortedAt = Date.now();
      }
    }
    expect(Date.now() - abortedAt).toBeLessThan(50);
    const code = codeOf(events);
    expect(code.length).toBeGreaterThan(0);
    expect(code.length).toBeLessThan(plan(request("a health care website for women").messages).code.length);
    expect(usageOf(events).outputTokens).toBe(countTokens(code));
  });

  it("when the request is aborted during a pacing wait, then the wait ends at once", async () => {
    const ctrl = new AbortController();
    // One token per 10 s: a wait that is not cut short lasts seconds, however late a loaded machine runs its timers.
    const slow = new OfflineProvider({ tokensPerSecond: 0.1 });
    const started = Date.now();
    setTimeout(() => ctrl.abort(), 30);
    const events = await collect(slow.generate(request("weather in Paris", { signal: ctrl.signal })));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(events).toEqual([
      { type: "usage", inputTokens: countChatTokens(request("weather in Paris").messages), outputTokens: 0 },
    ]);
  });

  it("when the request was aborted before it started, then only a zero usage is reported", async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const events = await collect(fast.generate(request("weather in Paris", { signal: ctrl.signal })));
    expect(events).toEqual([
      { type: "usage", inputTokens: countChatTokens(request("weather in Paris").messages), outputTokens: 0 },
    ]);
  });

  it("when the output limit is lower than the screen, then the stream stops at the limit and the prefix still evaluates", async () => {
    const ev = createNodeEvaluator();
    try {
      for (const [limit, thinking] of [
        [150, false],
        [400, true],
      ] as const) {
        const req = request("a Python tutorial website", { maxOutputTokens: limit, thinking });
        const events = await collect(fast.generate(req));
        const code = codeOf(events);
        const full = plan(req.messages).code;
        expect(full.startsWith(code)).toBe(true);
        expect(code.length).toBeLessThan(full.length);
        const used = usageOf(events).outputTokens;
        expect(used).toBe(countTokens(reasoningOf(events)) + countTokens(code));
        expect(used).toBeLessThanOrEqual(limit);
        expect(used).toBeGreaterThan(limit - 12);
        const r = await ev.evaluatePrefix(code);
        expect(r.ok).toBe(true);
      }
    } finally {
      ev.dispose();
    }
  });

  it("when the conversation holds earlier turns, then every turn counts as input", async () => {
    const messages: ChatTurn[] = [
      { role: "system", content: "You write UI code." },
      { role: "user", content: "a contact form" },
      { role: "assistant", content: plan([{ role: "user", content: "a contact form" }]).code },
      {
        role: "user",
        content: JSON.stringify({ type: "onPress", component: { name: "submit_contact", value: "Send message" } }),
      },
    ];
    const events = await collect(fast.generate(request("", { messages })));
    expect(usageOf(events).inputTokens).toBe(countChatTokens(messages));
    expect(codeOf(events)).toContain("Message sent");
  });
});
