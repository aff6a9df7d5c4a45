import { Metrics, createLogger, type MessageBus, type Redis } from "@genui/chassis";
import { GenerationChunkSchema } from "@genui/contracts";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { Job } from "bullmq";
import { answerContent } from "../../http/openai-wire";
import { GenerationMetrics } from "../../metrics";
import type { Chunk, GenerationJob } from "../../domain/messages";
import type { StoredCompletion } from "../../domain/stored-completions";
import { CompletionKeeper } from "../../use-cases/stored-completions";
import { ProviderError, type GenerateRequest, type Provider, type ProviderEvent } from "../providers/provider";
import { GenerationProcessor } from "./generation-processor";

/**
 * Stored completions on the worker's side: a finished answer of a job that asks for it is kept (before the client hears
 * its end), an error or a cancel keeps nothing, and a store that fails or hangs never fails or holds up the answer.
 * The store is a recorder; the processor, the sandbox and the keeper are the real ones.
 */
describe("keeping a job's finished answer", () => {
  const evaluator = createNodeEvaluator({ timeoutMs: 10_000 });
  afterAll(() => evaluator.dispose());

  type Store = { keep(c: StoredCompletion): Promise<void> };

  function harness(provider: Provider, store: Store, opts: { cancelled?: boolean; waitMs?: number } = {}) {
    const chunks: Chunk[] = [];
    /** How many chunks had gone out when each completion was handed to the store. */
    const chunksAtKeep: number[] = [];
    const bus = {
      subject: (s: string) => s,
      signal: (_def: unknown, _key: string, value: unknown) =>
        chunks.push(GenerationChunkSchema.parse(JSON.parse(JSON.stringify(value)))),
      listenAll: () => ({ unsubscribe: () => undefined }),
      flush: async () => undefined,
      publish: async (_def: unknown, _payload: unknown, ctx: { eventId?: string }) => ({
        eventId: ctx.eventId ?? "",
        seq: 1,
        duplicate: false,
      }),
    } as unknown as MessageBus;
    const keys = new Map<string, string>();
    const redis = {
      mget: async (...ks: string[]) => ks.map((k) => (k.includes(":cancel:") && opts.cancelled ? "1" : (keys.get(k) ?? null))),
      set: async (k: string, v: string) => void keys.set(k, v),
    } as unknown as Redis;
    const logger = createLogger("test", "silent");
    const recording: Store = {
      keep: (c) => {
        chunksAtKeep.push(chunks.length);
        return store.keep(c);
      },
    };
    const processor = new GenerationProcessor({
      bus,
      redis,
      provider,
      evaluator,
      metrics: new GenerationMetrics(new Metrics("test")),
      logger,
      keyPrefix: "",
      partialIntervalMs: 0,
      completions: new CompletionKeeper(recording, 30, logger, opts.waitMs),
    });
    return { processor, chunks, chunksAtKeep };
  }

  const job = (extra: Partial<GenerationJob> = {}): Job<GenerationJob> =>
    ({
      data: {
        requestId: "0f8fad5b-d9cb-469f-a165-70867728950e",
        kind: "generate",
        userId: "owner-1",
        appId: "app-1",
        model: "genui-pluto-0.1",
        messages: [{ role: "user", content: "A greeting" }],
        thinking: true,
        internet: false,
        maxOutputTokens: 1000,
        holdId: "hold-1",
        partials: true,
        enqueuedAt: 1_767_225_600_500,
        store: {
          metadata: { topic: "greeting" },
          messages: [
            { role: "developer", content: "Be brief." },
            { role: "user", content: "A greeting", name: "ana" },
          ],
        },
        ...extra,
      },
      attemptsStarted: 1,
      opts: { attempts: 1 },
    }) as unknown as Job<GenerationJob>;

  const scripted = (pieces: string[], opts: { reasoning?: string; failure?: ProviderError } = {}): Provider => ({
    name: "scripted",
    async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
      if (opts.reasoning) yield { type: "reasoning", text: opts.reasoning };
      for (const text of pieces) {
        if (req.signal.aborted) break;
        yield { type: "code", text };
      }
      if (opts.failure) throw opts.failure;
      yield { type: "usage", inputTokens: 9, outputTokens: pieces.length };
    },
  });

  const kept: StoredCompletion[] = [];
  const memory: Store = { keep: async (c) => void kept.push(c) };
  beforeEach(() => (kept.length = 0));

  it("when a job that asks for it finishes, then its completion is kept before the answer's end goes out, as the API answers it", async () => {
    const { processor, chunks, chunksAtKeep } = harness(scripted(['heading("Hi")'], { reasoning: "A heading will do." }), memory);
    expect(await processor.process(job())).toBe("stop");
    const done = chunks.at(-1)!;
    expect(done.type).toBe("done");
    expect(kept).toHaveLength(1);
    // Kept while the done chunk had not gone out yet: a read right after the answer finds it.
    expect(chunks.slice(0, chunksAtKeep[0]).some((c) => c.type === "done")).toBe(false);
    const c = kept[0]!;
    expect(c).toMatchObject({
      id: "chatcmpl-0f8fad5bd9cb469fa16570867728950e",
      appId: "app-1",
      ownerId: "owner-1",
      model: "genui-pluto-0.1",
      createdMs: 1_767_225_600_500,
      finishReason: "stop",
      usage: { inputTokens: 9, outputTokens: 1 },
      metadata: { topic: "greeting" },
      reasoning: "A heading will do.",
      messages: [
        { role: "developer", content: "Be brief." },
        { role: "user", content: "A greeting", name: "ana" },
      ],
    });
    expect(done.type === "done" && c.content).toBe(done.type === "done" && answerContent(done.code, done.json));
    const days = (c.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("when the signed-in chat's job asks for it, then it is kept in its user's partition, with or without an app", async () => {
    // Each job on a worker of its own (one request id: a worker runs it once).
    const run = async (extra: Partial<GenerationJob>) =>
      harness(scripted(['heading("Hi")']), memory).processor.process(job(extra));
    const store = { metadata: { conversation: "c-1" }, messages: [{ role: "user" as const, content: "A greeting" }] };
    expect(await run({ userId: "user-7", appId: "", store: { ...store, partition: "user:user-7" } })).toBe("stop");
    // A chat about one of the user's apps still keeps it the user's, never the app's.
    expect(await run({ userId: "user-7", store: { ...store, partition: "user:user-7" } })).toBe("stop");
    expect(kept.map((c) => [c.appId, c.ownerId, c.metadata])).toEqual([
      ["user:user-7", "user-7", { conversation: "c-1" }],
      ["user:user-7", "user-7", { conversation: "c-1" }],
    ]);
    // Without a partition and without an app there is nobody to keep it for.
    expect(await run({ appId: "", store })).toBe("stop");
    expect(kept).toHaveLength(2);
  });

  it("when the job does not ask for it, then nothing is kept", async () => {
    const { processor } = harness(scripted(['heading("Hi")']), memory);
    const plain = job();
    delete plain.data.store;
    expect(await processor.process(plain)).toBe("stop");
    expect(kept).toEqual([]);
  });

  it("when the answer fails or is cancelled, then nothing is kept", async () => {
    const failing = harness(
      scripted(['heading("Hi")'], { failure: new ProviderError("upstream down", "upstream_error", false) }),
      memory,
    );
    expect(await failing.processor.process(job())).toBe("error");
    expect(failing.chunks.at(-1)).toMatchObject({ type: "error" });
    const cancelled = harness(scripted(['heading("Hi")']), memory, { cancelled: true });
    expect(await cancelled.processor.process(job())).toBe("cancelled");
    expect(kept).toEqual([]);
  });

  it("when the store fails, then the answer still ends as it would have", async () => {
    const broken: Store = { keep: async () => Promise.reject(new Error("store down")) };
    const { processor, chunks } = harness(scripted(['heading("Hi")']), broken);
    expect(await processor.process(job())).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({ type: "done", finishReason: "stop" });
  });

  it("when the store does not answer, then the answer's end goes out after the keeper's wait, not the store's", async () => {
    let release: () => void = () => undefined;
    const hanging: Store = { keep: () => new Promise<void>((resolve) => (release = resolve)) };
    const { processor, chunks } = harness(scripted(['heading("Hi")']), hanging, { waitMs: 50 });
    expect(await processor.process(job())).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({ type: "done" });
    release();
  });
});
