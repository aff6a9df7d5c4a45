import { Metrics, createLogger, type MessageBus, type Redis } from "@genui/chassis";
import { GenerationChunkSchema } from "@genui/contracts";
import { validateScreen, type AppComponent, type Screen } from "@genui/ui-runtime";
import { createNodeEvaluator, createThreadedEvaluator, type ScreenEvaluator, type UiCodeEvaluator } from "@genui/ui-runtime/node";
import type { Job } from "bullmq";
import { GENERATION_ERRORS } from "../../domain/errors";
import { GenerationMetrics } from "../../metrics";
import { ProviderError, type GenerateRequest, type Provider, type ProviderEvent } from "../providers/provider";
import { ChunkPublisher, GenerationProcessor } from "./generation-processor";
import type { Chunk, GenerationJob } from "../../domain/messages";

/** The worker's processor with its I/O replaced by recorders: what reaches the client and billing is asserted. */
describe("processing a generation job", () => {
  // A generous deadline: these tests are about what is sent, not the time limit (a busy machine must not trip it).
  const real = createNodeEvaluator({ timeoutMs: 10_000 });
  afterAll(() => real.dispose());

  function harness(
    provider: Provider,
    opts: {
      cancelled?: boolean;
      evaluator?: ScreenEvaluator;
      snapshotByteFactor?: number;
      deltaIntervalMs?: number;
      /** Publishes of the usage that fail first (NATS restarting), each as nats.js fails it. */
      busDown?: number;
      store?: Map<string, string>;
    } = {},
  ) {
    const chunks: Chunk[] = [];
    const flushedAt: number[] = [];
    let failing = opts.busDown ?? 0;
    const chunksBeforeUsage: number[] = [];
    const completions: { payload: Record<string, unknown>; eventId?: string }[] = [];
    const bus = {
      subject: (s: string) => s,
      // What the API process would receive: the chunk through JSON and its contract.
      signal: (_def: unknown, _key: string, value: unknown) =>
        chunks.push(GenerationChunkSchema.parse(JSON.parse(JSON.stringify(value)))),
      listenAll: () => ({ unsubscribe: () => undefined }),
      // The chunks sent when the processor makes sure the server has them (before its job is marked completed).
      flush: async () => void flushedAt.push(chunks.length),
      publish: async (_def: unknown, payload: Record<string, unknown>, ctx: { eventId?: string }) => {
        if (failing > 0) {
          failing--;
          throw Object.assign(new Error("TIMEOUT"), { code: "TIMEOUT" });
        }
        chunksBeforeUsage.push(chunks.length);
        completions.push({ payload, ...(ctx.eventId ? { eventId: ctx.eventId } : {}) });
        return { eventId: ctx.eventId ?? "", seq: 1, duplicate: false };
      },
    } as unknown as MessageBus;
    // Redis as the processor uses it: its keys in a map shared through `opts.store` (another worker's attempt).
    const store = opts.store ?? new Map<string, string>();
    const redis = {
      mget: async (...keys: string[]) =>
        keys.map((k) => (k.includes(":cancel:") && opts.cancelled ? "1" : (store.get(k) ?? null))),
      set: async (k: string, v: string) => {
        store.set(k, v);
        return "OK";
      },
    } as unknown as Redis;
    const metrics = new GenerationMetrics(new Metrics("test"));
    const processor = new GenerationProcessor({
      bus,
      redis,
      provider,
      evaluator: opts.evaluator ?? real,
      metrics,
      logger: createLogger("test", "silent"),
      keyPrefix: "",
      partialIntervalMs: 0,
      ...(opts.snapshotByteFactor !== undefined ? { snapshotByteFactor: opts.snapshotByteFactor } : {}),
      ...(opts.deltaIntervalMs !== undefined ? { deltaIntervalMs: opts.deltaIntervalMs } : {}),
    });
    return { processor, chunks, completions, metrics, chunksBeforeUsage, flushedAt };
  }

  const job = (attemptsStarted = 1, attempts = 2, extra: Partial<GenerationJob> = {}): Job<GenerationJob> =>
    ({
      data: {
        requestId: "req-1",
        kind: "generate",
        userId: "user-1",
        appId: "app-1",
        model: "genui-pluto-0.1",
        messages: [{ role: "user", content: "hello" }],
        thinking: false,
        internet: false,
        maxOutputTokens: 1000,
        holdId: "hold-1",
        partials: true,
        enqueuedAt: Date.now(),
        ...extra,
      },
      attemptsStarted,
      opts: { attempts },
    }) as unknown as Job<GenerationJob>;

  const scripted = (pieces: string[], failure?: ProviderError): Provider => ({
    name: "scripted",
    async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
      let produced = 0;
      for (const text of pieces) {
        if (req.signal.aborted) break;
        produced++;
        yield { type: "code", text };
      }
      if (failure) throw failure;
      yield { type: "usage", inputTokens: 7, outputTokens: produced };
    },
  });

  /** The processor over a bus and Redis made by the test itself, answering two lines of code through the real sandbox. */
  const processorOver = (bus: MessageBus, redis: Redis) =>
    new GenerationProcessor({
      bus,
      redis,
      provider: scripted(['heading("Hi")\n', 'text("a")']),
      evaluator: real,
      metrics: new GenerationMetrics(new Metrics("test")),
      logger: createLogger("test", "silent"),
      keyPrefix: "",
      partialIntervalMs: 0,
    });

  /** A provider that answers once `open()` is called; `asked` resolves when the call has been made. */
  const gated = (pieces: string[]) => {
    let open!: () => void;
    let asked!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const called = new Promise<void>((r) => (asked = r));
    const provider: Provider = {
      name: "gated",
      async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
        asked();
        await gate;
        yield* scripted(pieces).generate(req);
      },
    };
    return { provider, open: () => open(), called };
  };

  it("given the published API's code deltas, when the upstream is asked, then the start waits and goes with the answer's first piece", async () => {
    const { provider, open, called } = gated(['heading("Hi")\n', 'text("a")']);
    const { processor, chunks } = harness(provider);
    const running = processor.process(job());
    await called;
    // The upstream has not answered: nothing was sent on the start's account.
    expect(chunks).toEqual([]);
    open();
    expect(await running).toBe("stop");
    expect(chunks.map((c) => [c.seq, c.type])).toEqual([
      [0, "start"],
      [1, "delta"],
      [2, "done"],
    ]);
  });

  it("given the signed-in chat's snapshots or paced deltas, when the upstream is asked, then the start has already gone", async () => {
    for (const extra of [{ snapshots: true }, { chatDeltas: true }]) {
      const { provider, open, called } = gated(['heading("Hi")\n', 'text("a")']);
      const { processor, chunks } = harness(provider);
      const running = processor.process(job(1, 2, extra));
      await called;
      expect(chunks.map((c) => c.type)).toEqual(["start"]);
      open();
      expect(await running).toBe("stop");
      expect(chunks[0]).toMatchObject({ type: "start", seq: 0 });
      expect(chunks.at(-1)!.type).toBe("done");
    }
  });

  it("when the provider answers, then the client gets the validated screen and billing one completion keyed by the request", async () => {
    const { processor, chunks, completions, flushedAt } = harness(scripted(['heading("Hi")\n', 'button("Go", {onPress: "go"})']));
    expect(await processor.process(job())).toBe("stop");
    // The bus is flushed when the process's first job starts (the cancels' subscription is at the server before the
    // job reads its cancel flag), then after the last chunk (the done one): the job completes only when the server
    // has it.
    expect(flushedAt).toEqual([0, chunks.length]);
    expect(chunks[0]).toMatchObject({ type: "start", attempt: 1, seq: 0 });
    const done = chunks.at(-1)!;
    expect(done).toMatchObject({ type: "done", finishReason: "stop", usage: { inputTokens: 7, outputTokens: 2 } });
    expect(done.type === "done" && (done.json as Screen | null)?.screen.v1.map((c) => c.component)).toEqual([
      "heading",
      "button",
    ]);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    expect(completions).toEqual([
      {
        eventId: "req-1",
        payload: expect.objectContaining({
          requestId: "req-1",
          inputTokens: 7n,
          outputTokens: 2n,
          finishReason: "stop",
          holdId: "hold-1",
        }),
      },
    ]);
  });

  it("when the bus cannot take the usage for a while (NATS restarting), then it is published once it can, before the client hears the answer is done", async () => {
    const { processor, chunks, completions, chunksBeforeUsage } = harness(scripted(['heading("Hi")']), { busDown: 2 });
    expect(await processor.process(job())).toBe("stop");
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ eventId: "req-1", payload: { outputTokens: 1n } });
    // The done chunk went out after the usage was acknowledged, never before.
    expect(chunks.slice(0, chunksBeforeUsage[0]).some((c) => c.type === "done")).toBe(false);
    expect(chunks.at(-1)).toMatchObject({ type: "done" });
  });

  it("when the output limit cuts the code mid-component, then the client gets the screen so far with finish_reason length, billed", async () => {
    const { processor, chunks, completions } = harness(scripted(['heading("Hi")\n', 'button("Go", {onPr']));
    const cut = job();
    cut.data.maxOutputTokens = 2;
    expect(await processor.process(cut)).toBe("length");
    const done = chunks.at(-1)!;
    expect(done).toMatchObject({ type: "done", finishReason: "length", usage: { outputTokens: 2 } });
    // The prefix is closed where it was cut: the button as far as it was written.
    expect(done.type === "done" && (done.json as Screen | null)?.screen.v1.map((c) => c.component)).toEqual([
      "heading",
      "button",
    ]);
    expect(completions[0]!.payload).toMatchObject({ outputTokens: 2n, finishReason: "length" });
  });

  it("when the code so far draws nothing yet, then no screen chunk is sent: the first one already has a component", async () => {
    let published: { type: string; json?: unknown }[] = [];
    const paced: Provider = {
      name: "paced",
      async *generate(): AsyncIterable<ProviderEvent> {
        for (const text of ['screen("Shop")\n', 'heading("Hi")\n', 'text("a")\n', 'text("b")']) {
          yield { type: "code", text };
          // Give the worker its turn: after the heading, wait until it has sent a screen (at most 20 s, so a
          // processor that never sends one fails instead of hanging), so a busy machine — the sandbox's first session
          // can take seconds to start there — cannot fold the whole answer into one batch (which rightly sends no
          // intermediate screen).
          const until = Date.now() + (text.startsWith("heading") ? 20_000 : 30);
          do await new Promise((r) => setTimeout(r, 10));
          while (Date.now() < until && !published.some((c) => c.type === "delta" && c.json));
        }
        yield { type: "usage", inputTokens: 7, outputTokens: 4 };
      },
    };
    const { processor, chunks } = harness(paced);
    published = chunks;
    expect(await processor.process(job(1, 2, { snapshots: true }))).toBe("stop");
    const screens = chunks.flatMap((c) => (c.type === "delta" && c.json ? [c.json as Screen] : []));
    expect(screens.length).toBeGreaterThan(0);
    expect(screens.every((j) => j.screen.v1.length > 0)).toBe(true);
    expect(screens[0]!.screen.v1[0]).toMatchObject({ component: "heading" });
  });

  it("when the upstream fails transiently before the last attempt, then the job is retried and nothing is billed yet", async () => {
    const { processor, completions } = harness(
      scripted(['text("a")'], new ProviderError("upstream down", "upstream_error", true)),
    );
    await expect(processor.process(job(1, 2, { snapshots: true }))).rejects.toThrow("upstream down");
    expect(completions).toEqual([]);
    const quiet = harness(scripted([], new ProviderError("upstream down", "upstream_error", true)));
    await expect(quiet.processor.process(job(1, 2))).rejects.toThrow("upstream down");
  });

  it("when a delta stream fails transiently after its code went out, then it ends with an error instead of starting the client's text again", async () => {
    const { processor, chunks } = harness(scripted(['text("a")'], new ProviderError("upstream down", "upstream_error", true)));
    expect(await processor.process(job(1, 2))).toBe("error");
    expect(chunks.find((c) => c.type === "delta")).toMatchObject({ text: 'text("a")' });
    expect(chunks.at(-1)).toMatchObject({ type: "error", error: { code: GENERATION_ERRORS.UPSTREAM_ERROR } });
  });

  it("when a stream asks for deltas, then the code goes out as pieces adding up to the final code and only the final code is evaluated", async () => {
    const evaluate = jest.fn((code: string) => real.evaluate(code));
    const prefix = jest.fn((code: string) => real.evaluatePrefix(code));
    const stream = jest.fn(() => real.stream());
    const evaluator = { evaluate, evaluatePrefix: prefix, stream, dispose: () => undefined } as unknown as UiCodeEvaluator;
    const pieces = ['heading("Hi 😀")\n', 'text("a \\"quoted\\" one")\n', 'button("Go", {onPress: "go"})'];
    const paced: Provider = {
      name: "paced",
      async *generate(): AsyncIterable<ProviderEvent> {
        for (const text of pieces) {
          yield { type: "code", text };
          await new Promise((r) => setTimeout(r, 5));
        }
        yield { type: "usage", inputTokens: 7, outputTokens: 3 };
      },
    };
    const { processor, chunks } = harness(paced, { evaluator });
    expect(await processor.process(job())).toBe("stop");
    const deltas = chunks.flatMap((c) => (c.type === "delta" ? [c] : []));
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.every((c) => c.json === undefined && c.code === undefined)).toBe(true);
    const done = chunks.at(-1)!;
    expect(done.type === "done" && done.code).toBe(pieces.join(""));
    // All of the code went out as deltas before the final evaluation: the answer's last chunk adds only the screen.
    expect(deltas.map((c) => c.text).join("")).toBe(pieces.join(""));
    expect(evaluate).toHaveBeenCalledTimes(1);
    expect(prefix).not.toHaveBeenCalled();
    expect(stream).not.toHaveBeenCalled();
  });

  it("when the signed-in chat asks for deltas, then its code goes out at the chat's snapshot pace, not the published API's delta interval", async () => {
    const pieces = ['screen("A", [\n', '  heading("One"),\n', '  text("two"),\n', '  button("Go", {onPress: "go"}),\n', "]);\n"];
    const deltasOf = (chunks: Chunk[]) => chunks.flatMap((c) => (c.type === "delta" && c.text ? [c.text] : []));
    // The provider sends a piece once the processor has published what it was due to publish of the one before (the
    // first piece at once; with `everyPiece`, each one): the order of the test, not a race against the machine's load.
    const paced = (sent: () => Chunk[], everyPiece: boolean): Provider => ({
      name: "paced",
      async *generate(): AsyncIterable<ProviderEvent> {
        for (const [i, text] of pieces.entries()) {
          yield { type: "code", text };
          const due = everyPiece || i === 0 ? i + 1 : 1;
          for (
            let waited = 0;
            deltasOf(sent()).join("").length < pieces.slice(0, due).join("").length && waited < 10_000;
            waited += 5
          )
            await new Promise((r) => setTimeout(r, 5));
        }
        yield { type: "usage", inputTokens: 7, outputTokens: 5 };
      },
    });
    // A delta interval far longer than the answer: the published API's stream sends the first piece, the rest at the end.
    let publishedChunks: Chunk[] = [];
    const published = harness(
      paced(() => publishedChunks, false),
      { deltaIntervalMs: 60_000 },
    );
    publishedChunks = published.chunks;
    expect(await published.processor.process(job())).toBe("stop");
    expect(deltasOf(published.chunks)).toEqual([pieces[0], pieces.slice(1).join("")]);
    // The chat's deltas follow the snapshot interval (0 here): every piece as it comes.
    let chatChunks: Chunk[] = [];
    const chat = harness(
      paced(() => chatChunks, true),
      { deltaIntervalMs: 60_000 },
    );
    chatChunks = chat.chunks;
    expect(await chat.processor.process(job(1, 2, { chatDeltas: true }))).toBe("stop");
    expect(deltasOf(chat.chunks)).toEqual(pieces);
  });

  it("when snapshots would add up to more than the byte factor, then they stop and the final screen still comes", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `text("line ${i}")\n`);
    const paced: Provider = {
      name: "paced",
      async *generate(): AsyncIterable<ProviderEvent> {
        for (const text of lines) {
          yield { type: "code", text };
          await new Promise((r) => setTimeout(r, 3));
        }
        yield { type: "usage", inputTokens: 7, outputTokens: 40 };
      },
    };
    const { processor, chunks } = harness(paced, { snapshotByteFactor: 3 });
    expect(await processor.process(job(1, 2, { snapshots: true }))).toBe("stop");
    const sizes = chunks.flatMap((c) =>
      c.type === "delta" && c.json ? [JSON.stringify({ code: c.code, json: c.json }).length] : [],
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3 * sizes.at(-1)!);
    const done = chunks.at(-1)!;
    expect(done.type === "done" && (done.json as Screen | null)?.screen.v1).toHaveLength(40);
  });

  it("when the upstream fails on the last attempt, then the client gets a 502 and the request costs nothing", async () => {
    const { processor, chunks, completions } = harness(
      scripted(['text("a")'], new ProviderError("upstream down", "upstream_error", true)),
    );
    expect(await processor.process(job(2, 2))).toBe("error");
    expect(chunks.at(-1)).toMatchObject({ type: "error", attempt: 2, error: { code: GENERATION_ERRORS.UPSTREAM_ERROR } });
    expect(completions[0]!.payload).toMatchObject({ inputTokens: 0n, outputTokens: 0n, finishReason: "error" });
  });

  it("when the upstream fails, retried or not, then each failure is counted by its code for the upstream alert", async () => {
    const { processor, metrics } = harness(scripted(['text("a")'], new ProviderError("too slow", "upstream_timeout", true)));
    await expect(processor.process(job(1, 2, { snapshots: true }))).rejects.toThrow("too slow");
    expect(await processor.process(job(2, 2, { snapshots: true }))).toBe("error");
    const counted = await metrics.upstreamFailures.get();
    expect(counted.values).toEqual([expect.objectContaining({ labels: { code: "upstream_timeout" }, value: 2 })]);
  });

  it("when the request was cancelled before the worker took it, then nothing is answered and the completion says cancelled", async () => {
    const { processor, chunks, completions } = harness(scripted(['text("a")', 'text("b")']), { cancelled: true });
    expect(await processor.process(job())).toBe("cancelled");
    expect(chunks.filter((c) => c.type === "done" || c.type === "error")).toEqual([]);
    expect(completions[0]!.payload).toMatchObject({ finishReason: "cancelled", outputTokens: 0n });
  });

  it("when the sandbox itself cannot run, then that request fails cleanly, the sandbox is not closed, and the next request is answered", async () => {
    let broken = true;
    const dispose = jest.fn();
    const evaluator = {
      evaluate: async (code: string) => {
        if (broken) {
          broken = false;
          throw new Error("RuntimeError: table index is out of bounds");
        }
        return real.evaluate(code);
      },
      evaluatePrefix: (code: string) => real.evaluatePrefix(code),
      stream: () => real.stream(),
      dispose,
    } as unknown as UiCodeEvaluator;
    const first = harness(scripted(['text("a")']), { evaluator });
    expect(await first.processor.process(job(2, 2))).toBe("error");
    expect(first.chunks.at(-1)).toMatchObject({ type: "error", error: { code: GENERATION_ERRORS.INVALID_MODEL_OUTPUT } });
    // The threaded sandbox replaces a broken thread itself; closing it would stop every later evaluation.
    expect(dispose).not.toHaveBeenCalled();
    const second = harness(scripted(['text("b")']), { evaluator });
    expect(await second.processor.process(job())).toBe("stop");
    expect(second.chunks.at(-1)).toMatchObject({ type: "done", finishReason: "stop" });
  });

  it("when the built-in generator's final code is stopped at the deadline by a loaded machine, then it is evaluated once more and the answer stands; a model's code is not", async () => {
    const slowOnce = () => {
      let slow = true;
      return {
        evaluate: async (code: string) => {
          if (slow) {
            slow = false;
            return { ok: false, error: { kind: "timeout", message: "code ran past its time limit of 100 ms and was stopped" } };
          }
          return real.evaluate(code);
        },
        evaluatePrefix: (code: string) => real.evaluatePrefix(code),
        stream: () => real.stream(),
        dispose: () => undefined,
      } as unknown as UiCodeEvaluator;
    };
    const own = harness({ ...scripted(['heading("Hi")\n']), ownCode: true }, { evaluator: slowOnce() });
    expect(await own.processor.process(job())).toBe("stop");
    expect(own.chunks.at(-1)).toMatchObject({ type: "done", finishReason: "stop" });
    const model = harness(scripted(['heading("Hi")\n']), { evaluator: slowOnce() });
    expect(await model.processor.process(job())).toBe("error");
    expect(model.chunks.at(-1)).toMatchObject({ type: "error", error: { code: GENERATION_ERRORS.INVALID_MODEL_OUTPUT } });
  });

  describe("the app's own components", () => {
    const PRODUCT: AppComponent = {
      name: "ProductCard",
      description: "One product with its price.",
      props: {
        type: "object",
        properties: { title: { type: "string" }, price: { type: "number" } },
        required: ["title", "price"],
      },
      example: { title: "Mug", price: 12 },
      fallback: "card",
      role: { name: "product-card" },
    };
    const appearance = { version: 4, components: [PRODUCT] };
    const GOOD = 'custom("ProductCard", {name: "mug", title: "Mug", price: 12, onPress: "buy"})\n';
    const BAD = 'custom("ProductCard", {name: "jug", title: "Jug", price: 20, colour: "red"})\n';
    const appNodes = (screen: Screen) => screen.screen.v1.filter((n) => n.package === "app");

    it("when the model answers with them, then it sees them in its request, a declared one keeps its fallback and a mis-propped one is repaired to it after the model is asked once", async () => {
      const seen: GenerateRequest[] = [];
      const asked: string[][] = [];
      const provider: Provider = {
        name: "scripted",
        async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
          seen.push(req);
          yield { type: "code", text: GOOD + BAD };
          yield { type: "usage", inputTokens: 7, outputTokens: 2 };
        },
        // The model repeats its mistake: what is answered is the repair of it.
        async *repair(_req: GenerateRequest, code: string, errors: string[]): AsyncIterable<ProviderEvent> {
          asked.push(errors);
          yield { type: "code", text: code };
          yield { type: "usage", inputTokens: 14, outputTokens: 4 };
        },
      };
      const { processor, chunks } = harness(provider);
      expect(await processor.process(job(1, 2, { partials: false, appearance }))).toBe("stop");
      expect(seen[0]!.components).toEqual([PRODUCT]);
      expect(asked).toEqual([[expect.stringMatching(/^screen\.v1\[1\]\.props\.colour: "colour" is not a declared prop/)]]);
      const done = chunks.at(-1)!;
      if (done.type !== "done") throw new Error(`not done: ${JSON.stringify(done)}`);
      const screen = done.json as Screen;
      expect(validateScreen(screen).ok).toBe(true);
      expect(screen.screen.v1[0]).toMatchObject({ name: "mug", component: "ProductCard", package: "app", onPress: "buy" });
      expect(screen.screen.v1[0]!.fallback).toMatchObject({ component: "card", value: "Mug" });
      // The undeclared prop: replaced by the declared fallback, in place, with what it could keep.
      expect(screen.screen.v1[1]).toMatchObject({ name: "jug", component: "card", value: "Jug" });
      expect(screen.screen.v1[1]!.package).toBeUndefined();
    });

    it("when the screen streams as snapshots, then every snapshot is checked too: no app node leaves without its fallback", async () => {
      let published: Chunk[] = [];
      const paced: Provider = {
        name: "paced",
        async *generate(): AsyncIterable<ProviderEvent> {
          for (const text of ['heading("Shop")\n', GOOD, BAD, 'text("end")']) {
            yield { type: "code", text };
            const until = Date.now() + (text === BAD ? 20_000 : 30);
            do await new Promise((r) => setTimeout(r, 10));
            while (
              Date.now() < until &&
              !published.some((c) => c.type === "delta" && JSON.stringify(c.json ?? "").includes("Jug"))
            );
          }
          yield { type: "usage", inputTokens: 7, outputTokens: 4 };
        },
      };
      const { processor, chunks } = harness(paced);
      published = chunks;
      expect(await processor.process(job(1, 2, { snapshots: true, appearance }))).toBe("stop");
      const screens = chunks.flatMap((c) => (c.type === "delta" && c.json ? [c.json as Screen] : []));
      expect(screens.some((j) => JSON.stringify(j).includes("Jug"))).toBe(true);
      for (const j of screens) {
        for (const n of appNodes(j)) expect(n).toMatchObject({ name: "mug", fallback: { component: "card" } });
        expect(j.screen.v1.find((n) => n.name === "jug")?.component ?? "card").toBe("card");
      }
    });

    it("when code alone is evaluated for the app, then it is checked against its components; without its look they pass unchecked", async () => {
      const code = GOOD + 'custom("Banner", {title: "Sale"})\n';
      const evaluate = (extra: Partial<GenerationJob>) =>
        job(1, 2, { kind: "evaluate", code, model: "", messages: [], ...extra });
      const checked = harness(scripted([]));
      expect(await checked.processor.process(evaluate({ appearance }))).toBe("stop");
      const done = checked.chunks.at(-1)!;
      const screen = (done.type === "done" ? done.json : undefined) as Screen;
      expect(screen.screen.v1[0]).toMatchObject({ component: "ProductCard", fallback: { component: "card" } });
      // Not one of the app's: a card of its props.
      expect(screen.screen.v1[1]).toMatchObject({ component: "card", value: "Sale" });
      const unchecked = harness(scripted([]));
      expect(await unchecked.processor.process(evaluate({}))).toBe("stop");
      const plain = unchecked.chunks.at(-1)!;
      expect((plain.type === "done" ? (plain.json as Screen) : undefined)?.screen.v1[1]).toMatchObject({
        component: "Banner",
        package: "app",
      });
    });
  });

  describe("code the sandbox had to stop", () => {
    // Threads the process stops: a built-in running in C past the deadline never yields to QuickJS's interrupt.
    let threaded: ReturnType<typeof createThreadedEvaluator>;
    beforeAll(() => {
      threaded = createThreadedEvaluator({ timeoutMs: 100, threads: 1 });
    });
    afterAll(() => threaded.dispose());
    const LONG_SEARCH = 'var t="a".repeat(40000)+"c"; var s="a".repeat(80000)+"b"; text(String(s.indexOf(t)))';
    const evaluation = (code: string, attemptsStarted = 1) => {
      const j = job(attemptsStarted, 2, { kind: "evaluate", code, model: "", messages: [] });
      return j;
    };

    it("when a code-only evaluation runs a built-in past its deadline, then it is answered with the time-limit error, its sandbox time is reported, and a later attempt of the job answers the same without running it", async () => {
      const store = new Map<string, string>();
      const first = harness(scripted([]), { evaluator: threaded, store });
      expect(await first.processor.process(evaluation(LONG_SEARCH))).toBe("invalid-code");
      const error = first.chunks.at(-1)!;
      expect(error).toMatchObject({
        type: "error",
        error: {
          code: GENERATION_ERRORS.INVALID_CODE,
          message: "The code did not run: code ran past its time limit of 100 ms and was stopped",
        },
      });
      expect(error.type === "error" && error.sandboxMs).toBeGreaterThanOrEqual(100);
      expect(threaded.stops).toBe(1);

      // The same job handed to another worker (its lock expired, or it was retried): nothing runs again.
      const evaluate = jest.fn((code: string) => threaded.evaluate(code));
      const again = harness(scripted([]), {
        evaluator: { ...threaded, evaluate, evaluatePrefix: evaluate, stream: () => threaded.stream(), dispose: () => undefined },
        store,
      });
      expect(await again.processor.process(evaluation(LONG_SEARCH, 2))).toBe("invalid-code");
      expect(again.chunks.at(-1)).toMatchObject({ type: "error", error: { code: GENERATION_ERRORS.INVALID_CODE } });
      expect(evaluate).not.toHaveBeenCalled();
      expect(threaded.stops).toBe(1);
    });

    it("when a generation's final code was stopped and the job runs again, then it fails without calling the model, and its usage says nothing was generated", async () => {
      const store = new Map<string, string>();
      const first = harness(scripted([LONG_SEARCH]), { evaluator: threaded, store });
      expect(await first.processor.process(job(1, 2))).toBe("error");
      expect([...store.keys()].some((k) => k.includes("sandbox-stopped"))).toBe(true);
      // Its worker died after the stop and before its usage was published: the job is handed on.
      for (const k of [...store.keys()]) if (k.includes(":done:")) store.delete(k);
      const provider = scripted(['text("never")']);
      const generate = jest.spyOn(provider, "generate");
      const again = harness(provider, { evaluator: threaded, store });
      expect(await again.processor.process(job(2, 2))).toBe("error");
      expect(generate).not.toHaveBeenCalled();
      expect(again.completions[0]!.payload).toMatchObject({ outputTokens: 0n, finishReason: "error" });
    });

    it("when a code-only evaluation succeeds, then its answer reports the sandbox time it used", async () => {
      const h = harness(scripted([]), { evaluator: threaded });
      expect(await h.processor.process(evaluation('text("hi")'))).toBe("stop");
      const done = h.chunks.at(-1)!;
      expect(done.type === "done" && done.sandboxMs).toBeGreaterThan(0);
    });
  });

  it("when cancels arrive, then the running job's stops it and another request's changes nothing, all heard on one subscription made before the first job read its cancel flag", async () => {
    const order: string[] = [];
    let hear: ((requestId: string, reason: string) => void) | undefined;
    const bus = {
      subject: (s: string) => s,
      signal: () => undefined,
      signalJson: () => undefined,
      listenAll: (_def: unknown, handler: (requestId: string, reason: string) => void) => {
        order.push("subscribe");
        hear = handler;
        return { unsubscribe: () => undefined };
      },
      flush: async () => void order.push("flush"),
      publish: async (_def: unknown, _payload: unknown, ctx: { eventId?: string }) => ({
        eventId: ctx.eventId ?? "",
        seq: 1,
        duplicate: false,
      }),
    } as unknown as MessageBus;
    const redis = {
      mget: async (...keys: string[]) => {
        order.push("read flags");
        return keys.map(() => null);
      },
      set: async () => "OK",
    } as unknown as Redis;
    // Each job's provider answers one piece, then waits until the test lets it go on or its job is cancelled.
    const gates: (() => void)[] = [];
    let opened!: () => void;
    let next = new Promise<void>((r) => (opened = r));
    const provider: Provider = {
      name: "waiting",
      async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
        yield { type: "code", text: 'text("a")\n' };
        let go!: () => void;
        const going = new Promise<void>((r) => (go = r));
        gates.push(go);
        opened();
        await Promise.race([going, new Promise((r) => req.signal.addEventListener("abort", r))]);
        if (!req.signal.aborted) yield { type: "code", text: 'text("b")' };
        yield { type: "usage", inputTokens: 1, outputTokens: 1 };
      },
    };
    const processor = new GenerationProcessor({
      bus,
      redis,
      provider,
      evaluator: real,
      metrics: new GenerationMetrics(new Metrics("test")),
      logger: createLogger("test", "silent"),
      keyPrefix: "",
      partialIntervalMs: 0,
    });
    const first = processor.process(job(1, 2, { requestId: "req-1" }));
    await next;
    next = new Promise<void>((r) => (opened = r));
    const second = processor.process(job(1, 2, { requestId: "req-2" }));
    await next;
    hear!("req-elsewhere", "client");
    hear!("req-1", "client");
    expect(await first).toBe("cancelled");
    gates[1]!();
    expect(await second).toBe("stop");
    expect(order.filter((o) => o === "subscribe")).toHaveLength(1);
    expect(order.slice(0, 3)).toEqual(["subscribe", "flush", "read flags"]);
  });

  describe("a resumable answer's kept chunks", () => {
    /**
     * Redis as the publisher uses it, recording each round trip: the commands issued in one synchronous run (the
     * chassis's client auto-pipelines them into one write). A round trip's answers wait until the test releases it,
     * so what the bus got meanwhile can be asserted.
     */
    function keptHarness(ttlMs = 300_000) {
      const trips: string[][] = [];
      const waiting: (() => void)[] = [];
      const live: Chunk[] = [];
      let turn: { commands: string[]; answered: Promise<void> } | undefined;
      const command = (what: string): Promise<number> => {
        if (!turn) {
          let answer!: () => void;
          const t = { commands: [] as string[], answered: new Promise<void>((r) => (answer = r)) };
          turn = t;
          trips.push(t.commands);
          waiting.push(answer);
          queueMicrotask(() => {
            if (turn === t) turn = undefined;
          });
        }
        turn.commands.push(what);
        return turn.answered.then(() => 1);
      };
      const redis = {
        xadd: (_key: string, ...args: string[]) => command(`xadd ${(JSON.parse(args.at(-1)!) as Chunk).seq}`),
        pexpire: (_key: string, ms: number) => command(`pexpire ${ms}`),
        set: (key: string) => command(`set ${key}`),
      } as unknown as Redis;
      const bus = {
        signalJson: (_def: unknown, _key: string, json: string) => void live.push(JSON.parse(json) as Chunk),
      } as unknown as MessageBus;
      const out = new ChunkPublisher(bus, "req-1", 1, {
        redis,
        key: "gen:answer:req-1",
        ttlMs,
        maxPieces: 100,
        logger: createLogger("test", "silent"),
      });
      // Lets every append asked for so far answer (each in turn: the next one starts once the one before is out).
      const release = async () => {
        for (let i = 0; i < 100 && (waiting.length > 0 || i < 3); i++) {
          waiting.splice(0).forEach((r) => r());
          await new Promise((r) => setImmediate(r));
        }
      };
      // The attempt's end (its last round trip, when it has one, answered like the others).
      const end = async () => {
        const ending = out.end();
        await release();
        await ending;
      };
      return { out, trips, live, release, end };
    }

    it("when chunks are published in one turn, then they are appended in one round trip and each reaches the bus only after it is kept", async () => {
      const { out, trips, live, release } = keptHarness();
      out.publish({ type: "start" });
      out.publish({ type: "delta", text: "a" });
      out.publish({ type: "delta", text: "b" });
      await new Promise((r) => setImmediate(r));
      expect(trips).toEqual([["xadd 0", "xadd 1", "xadd 2", "pexpire 300000"]]);
      // Not kept yet: nothing is live (a resume could otherwise miss what the live stream sent).
      expect(live).toEqual([]);
      // Published while that append is under way: the next round trip takes them together, after it.
      out.publish({ type: "delta", text: "c" });
      out.publish({ type: "delta", text: "d" });
      await release();
      expect(trips).toEqual([
        ["xadd 0", "xadd 1", "xadd 2", "pexpire 300000"],
        ["xadd 3", "xadd 4"],
      ]);
      expect(live.map((c) => c.seq)).toEqual([0, 1, 2, 3, 4]);
    });

    it("when the start waits for the next chunk, then it is kept and published with it, in its round trip, numbered 0", async () => {
      const { out, trips, live, release } = keptHarness();
      out.startWithNext();
      await release();
      // Nothing yet: no round trip and nothing live until the answer's first piece.
      expect(trips).toEqual([]);
      expect(live).toEqual([]);
      out.publish({ type: "delta", text: "a" });
      await release();
      expect(trips).toEqual([["xadd 0", "xadd 1", "pexpire 300000"]]);
      expect(live.map((c) => [c.seq, c.type])).toEqual([
        [0, "start"],
        [1, "delta"],
      ]);
      out.publish({ type: "delta", text: "b" });
      await release();
      expect(live.map((c) => c.type)).toEqual(["start", "delta", "delta"]);
      // An attempt that ends before any piece (cancelled while the upstream was asked) sends no start at all.
      const quiet = keptHarness();
      quiet.out.startWithNext();
      await quiet.end();
      expect(quiet.live).toEqual([]);
      expect(quiet.trips).toEqual([]);
    });

    it("when an answer streams to its end, then its expiry is set with its first append and with its done chunk, not with every append", async () => {
      const { out, trips, live, release, end } = keptHarness();
      out.publish({ type: "start" });
      await release();
      out.publish({ type: "delta", text: "a" });
      await release();
      out.publish({ type: "delta", text: "b" });
      await release();
      out.publish({ type: "done", code: "ab", json: null, finishReason: "stop", usage: { inputTokens: 1, outputTokens: 2 } });
      await release();
      await end();
      expect(trips).toEqual([["xadd 0", "pexpire 300000"], ["xadd 1"], ["xadd 2"], ["xadd 3", "pexpire 300000"]]);
      expect(live.map((c) => c.type)).toEqual(["start", "delta", "delta", "done"]);
    });

    it("when an answer stops without its end (cancelled), then its expiry is set from the moment it stopped", async () => {
      const { out, trips, release, end } = keptHarness();
      out.publish({ type: "start" });
      await release();
      out.publish({ type: "delta", text: "a" });
      await release();
      await end();
      expect(trips).toEqual([["xadd 0", "pexpire 300000"], ["xadd 1"], ["pexpire 300000"]]);
    });

    it("when the job is marked done, then the mark goes with the answer's next append, or at its end when none follows", async () => {
      const { out, trips, live, release, end } = keptHarness();
      expect(out.keeps).toBe(true);
      out.publish({ type: "start" });
      await release();
      out.mark("gen:done:req-1", "1", 60);
      out.publish({ type: "error", error: { code: GENERATION_ERRORS.INTERNAL, message: "x" } });
      await release();
      await end();
      expect(trips).toEqual([
        ["xadd 0", "pexpire 300000"],
        ["set gen:done:req-1", "xadd 1", "pexpire 300000"],
      ]);
      expect(live.map((c) => c.type)).toEqual(["start", "error"]);
      const stopped = keptHarness();
      stopped.out.publish({ type: "start" });
      await stopped.release();
      stopped.out.mark("gen:done:req-1", "1", 60);
      await stopped.end();
      expect(stopped.trips).toEqual([
        ["xadd 0", "pexpire 300000"],
        ["set gen:done:req-1", "pexpire 300000"],
      ]);
    });

    it("when a good part of the TTL passes while the answer is written, then its expiry is set again (the stream never expires under it)", async () => {
      const { out, trips, release } = keptHarness(10_000);
      let now = Date.now();
      const clock = jest.spyOn(Date, "now").mockImplementation(() => now);
      try {
        out.publish({ type: "start" });
        await release();
        now += 500;
        out.publish({ type: "delta", text: "a" });
        await release();
        now += 1_000;
        out.publish({ type: "delta", text: "b" });
        await release();
        expect(trips).toEqual([["xadd 0", "pexpire 10000"], ["xadd 1"], ["xadd 2", "pexpire 10000"]]);
      } finally {
        clock.mockRestore();
      }
    });

    it("when a generation is resumable, then the processor keeps every chunk it publishes, in order, before publishing it", async () => {
      const kept: number[] = [];
      const live: { seq: number; kept: number }[] = [];
      // The done mark: when it was set (how many chunks were kept by then), and by which round trip.
      const marked: { kept: number; alone: boolean }[] = [];
      // The commands of one synchronous run are one round trip (auto-pipelined), answered once it is kept.
      let turn: { seqs: number[]; marks: number; answered: Promise<void> } | undefined;
      const command = (apply: (t: { seqs: number[]; marks: number }) => void): Promise<unknown> => {
        if (!turn) {
          let answer!: () => void;
          const t = { seqs: [] as number[], marks: 0, answered: new Promise<void>((r) => (answer = r)) };
          turn = t;
          queueMicrotask(() => {
            turn = undefined;
            if (t.marks) marked.push({ kept: kept.length, alone: t.seqs.length === 0 });
            kept.push(...t.seqs);
            answer();
          });
        }
        apply(turn);
        return turn.answered.then(() => 1);
      };
      const redis = {
        mget: async (...keys: string[]) => keys.map(() => null),
        xadd: (...args: string[]) => command((t) => t.seqs.push((JSON.parse(args.at(-1)!) as Chunk).seq)),
        pexpire: () => command(() => undefined),
        set: (key: string) => {
          expect(key).toBe("gen:done:req-1");
          return command((t) => t.marks++);
        },
      } as unknown as Redis;
      const bus = {
        subject: (s: string) => s,
        signalJson: (_def: unknown, _key: string, json: string) =>
          void live.push({ seq: (JSON.parse(json) as Chunk).seq, kept: kept.length }),
        listenAll: () => ({ unsubscribe: () => undefined }),
        flush: async () => undefined,
        publish: async (_def: unknown, _payload: unknown, ctx: { eventId?: string }) => ({
          eventId: ctx.eventId ?? "",
          seq: 1,
          duplicate: false,
        }),
      } as unknown as MessageBus;
      const processor = processorOver(bus, redis);
      expect(await processor.process(job(1, 2, { resumable: true }))).toBe("stop");
      expect(live.length).toBeGreaterThanOrEqual(3);
      expect(kept).toEqual(live.map((_, i) => i));
      // Each chunk was in the stream when it went out live.
      expect(live.every((c) => c.kept > c.seq)).toBe(true);
      // The job was marked done once, in the round trip of its last chunk (the done one), before it went out.
      expect(marked).toEqual([{ kept: live.length - 1, alone: false }]);
      expect(live.at(-1)).toMatchObject({ kept: live.length });
    });

    it("when the answer's last chunk goes out, then the job's end on NATS (no more cancels, the flush) follows it in the same turn", async () => {
      for (const resumable of [true, false]) {
        // What reaches NATS in order; "write" marks where nats.js writes what was queued (a microtask after a publish).
        const sent: string[] = [];
        let queued = false;
        const queue = (what: string) => {
          sent.push(what);
          if (!queued) {
            queued = true;
            queueMicrotask(() => {
              queued = false;
              sent.push("write");
            });
          }
        };
        const redis = {
          mget: async (...keys: string[]) => keys.map(() => null),
          set: async () => "OK",
          xadd: async () => "1-0",
          pexpire: async () => 1,
        } as unknown as Redis;
        const bus = {
          subject: (s: string) => s,
          signal: (_def: unknown, _key: string, value: Chunk) => queue(value.type),
          signalJson: (_def: unknown, _key: string, json: string) => queue((JSON.parse(json) as Chunk).type),
          listenAll: () => {
            queue("subscribe to every cancel");
            return { unsubscribe: () => queue("unsubscribe") };
          },
          flush: async () => queue("flush"),
          publish: async (_def: unknown, _payload: unknown, ctx: { eventId?: string }) => {
            queue("usage");
            return { eventId: ctx.eventId ?? "", seq: 1, duplicate: false };
          },
        } as unknown as MessageBus;
        const processor = processorOver(bus, redis);
        expect(await processor.process(job(1, 2, { resumable }))).toBe("stop");
        await new Promise((r) => setImmediate(r));
        expect(sent.slice(-3)).toEqual(["done", "flush", "write"]);
        // The job's end leaves the process's one subscription to cancels in place: nothing to unsubscribe on NATS.
        expect(sent.slice(0, 3)).toEqual(["subscribe to every cancel", "flush", "write"]);
        expect(sent.filter((s) => s === "unsubscribe" || s === "flush")).toEqual(["flush", "flush"]);
      }
    });
  });
});
