import { MessageBus, Metrics, connectNats, createLogger, createRedis, type Redis } from "@genui/chassis";
import { SIGNALS } from "@genui/contracts";
import { freshName, testInfra } from "@genui/testkit";
import { Queue, Worker, type Job } from "bullmq";
import { Redis as IORedis } from "ioredis";
import { GENERATION_ERRORS } from "../src/domain/errors";
import { openAIError } from "../src/http/errors";
import { GenerationMetrics } from "../src/metrics";
import type { Chunk, GenerationJob } from "../src/domain/messages";
import { RelayedAnswer, type RelayEvent } from "../src/transport/answer-relay";
import { answerEventsKey } from "../src/store/job-keys";
import { DONE } from "./chunks";

/**
 * The relay against a stand-in worker that publishes exactly the chunks a test wants (real Redis queue, real NATS),
 * so loss, duplication, gaps and retried attempts are checked chunk by chunk.
 */
describe("relaying a worker's chunks", () => {
  const logger = createLogger("relay-test", "silent");
  const prefix = `${freshName()}.`;
  const queueName = freshName("gen");
  let bus: MessageBus;
  let redis: Redis;
  let queue: Queue<GenerationJob>;
  let unstarted: Queue<GenerationJob>;
  let worker: Worker<GenerationJob>;
  let connections: IORedis[];
  let script: (
    job: Job<GenerationJob>,
    publish: (c: Partial<Chunk> & { type: Chunk["type"] }, attempt?: number, seq?: number) => void,
  ) => Promise<void>;
  const metrics = new GenerationMetrics(new Metrics("relay-test"));

  beforeAll(async () => {
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "relay-test", logger), { prefix, source: "generation", logger });
    redis = createRedis(testInfra().redisUrl, "relay-test", logger);
    connections = [0, 1].map(() => new IORedis(testInfra().redisUrl, { maxRetriesPerRequest: null }));
    queue = new Queue<GenerationJob>(queueName, { connection: connections[0]!, prefix: `${prefix}bull` });
    unstarted = new Queue<GenerationJob>(`${queueName}-unstarted`, { connection: connections[0]!, prefix: `${prefix}bull` });
    worker = new Worker<GenerationJob>(
      queueName,
      async (job) => {
        let seq = 0;
        await script(job, (c, attempt = 1, s) => {
          const chunk = { attempt, seq: s ?? seq++, ts: Date.now(), ...c };
          bus.signal(SIGNALS.generationChunk, job.data.requestId, chunk as Chunk);
        });
      },
      { connection: connections[1]!, prefix: `${prefix}bull`, concurrency: 256, drainDelay: 5 },
    );
    await worker.waitUntilReady();
  });
  afterAll(async () => {
    await worker.close();
    for (const q of [queue, unstarted]) {
      await q.obliterate({ force: true });
      await q.close();
    }
    for (const c of connections) await c.quit();
    await redis.quit();
    await bus.close();
  });

  const job = (i: number): GenerationJob => ({
    requestId: `${freshName("req")}-${i}`,
    kind: "generate",
    userId: "u",
    appId: "",
    model: "genui-pluto-0.1",
    messages: [{ role: "user", content: "x" }],
    thinking: false,
    internet: false,
    maxOutputTokens: 100,
    holdId: "",
    partials: true,
    enqueuedAt: Date.now(),
  });
  /** The relay of job `j`; `kept`: a resumable answer's (its chunks also kept in the answer's Redis Stream). */
  const relay = (j: GenerationJob, opts: { keepAliveMs?: number; kept?: boolean; bus?: MessageBus } = {}) =>
    new RelayedAnswer(
      {
        bus: opts.bus ?? bus,
        redis,
        queue,
        unstarted,
        metrics,
        logger,
        keyPrefix: prefix,
        attempts: 1,
        requestTimeoutMs: 30_000,
        keepAliveMs: opts.keepAliveMs ?? 5_000,
        ...(opts.kept ? { events: { key: answerEventsKey(prefix, j.requestId), ttlMs: 60_000 } } : {}),
      },
      j,
    );
  const collect = async (a: RelayedAnswer) => {
    const out: RelayEvent[] = [];
    for await (const e of a) out.push(e);
    return out;
  };
  const done = DONE;

  it("when 200 answers of 20 chunks are relayed at once, then each arrives complete, in order, exactly once", async () => {
    script = async (_job, publish) => {
      for (let k = 0; k < 20; k++) {
        publish({ type: "delta", code: String(k) });
        if (k % 5 === 4) await new Promise((r) => setTimeout(r, 1));
      }
      publish(done);
    };
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const a = relay(job(i));
        await a.start();
        return collect(a);
      }),
    );
    for (const events of answers) {
      const codes = events.filter((e) => e.type === "delta").map((e) => (e as { code: string }).code);
      expect(codes).toEqual(Array.from({ length: 20 }, (_, k) => String(k)));
      expect(events.at(-1)!.type).toBe("done");
    }
  });

  it("when a chunk is delivered twice, then the client sees it once", async () => {
    script = async (_job, publish) => {
      publish({ type: "delta", code: "a" }, 1, 0);
      publish({ type: "delta", code: "a" }, 1, 0);
      publish({ type: "delta", code: "b" }, 1, 1);
      publish({ ...done }, 1, 2);
    };
    const events = await collect(await started(job(1)));
    expect(events.map((e) => e.type)).toEqual(["delta", "delta", "done"]);
  });

  it("when a chunk goes missing, then the stream ends with a clear error instead of a silent hole", async () => {
    script = async (_job, publish) => {
      publish({ type: "delta", code: "a" }, 1, 0);
      publish({ type: "delta", code: "c" }, 1, 2);
      publish({ ...done }, 1, 3);
    };
    const events = await collect(await started(job(2)));
    expect(events.map((e) => e.type)).toEqual(["delta", "error"]);
    const error = (events[1] as { error: { code: string; message: string } }).error;
    // As the client sees it.
    expect(openAIError(error.code, error.message)).toMatchObject({
      status: 502,
      body: { error: { code: "stream_interrupted" } },
    });
  });

  it("when a retried job starts a new attempt, then its chunks take over from the earlier attempt's", async () => {
    script = async (_job, publish) => {
      publish({ type: "delta", code: "first-0" }, 1, 0);
      publish({ type: "delta", code: "first-1" }, 1, 1);
      publish({ type: "delta", code: "second-0" }, 2, 0);
      // A late chunk of the dead attempt is ignored.
      publish({ type: "delta", code: "first-2" }, 1, 2);
      publish({ ...done }, 2, 1);
    };
    const events = await collect(await started(job(3)));
    expect(events.map((e) => (e.type === "delta" ? e.code : e.type))).toEqual(["first-0", "first-1", "second-0", "done"]);
  });

  it("when the answer goes quiet, then keep-alives are sent; when its job has failed, then the stream ends with an error", async () => {
    script = async () => {
      await new Promise((r) => setTimeout(r, 300));
      throw new Error("worker blew up");
    };
    const a = relay(job(4), { keepAliveMs: 200 });
    await a.start();
    const events = await collect(a);
    expect(events.some((e) => e.type === "keepalive")).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: GENERATION_ERRORS.GENERATION_FAILED } });
  });

  /** The stand-in worker's chunk: kept first (always), then published unless the bus is to lose it. */
  const keep = async (requestId: string, chunk: Chunk) =>
    void (await redis.xadd(answerEventsKey(prefix, requestId), "*", "c", JSON.stringify(chunk)));

  it("when the bus loses chunks of a resumable answer, then the relay takes them from the kept ones: complete, in order, no error", async () => {
    script = async (j) => {
      const chunks: Chunk[] = [
        ...Array.from({ length: 10 }, (_, k) => ({ type: "delta", text: `p${k}`, attempt: 1, seq: k, ts: Date.now() }) as Chunk),
        { ...done, attempt: 1, seq: 10, ts: Date.now() },
      ];
      for (const c of chunks) {
        await keep(j.data.requestId, c);
        // 3 and 4 never reach the API process (published while the bus was away).
        if (c.seq !== 3 && c.seq !== 4) bus.signal(SIGNALS.generationChunk, j.data.requestId, c);
      }
    };
    const a = relay(job(21), { kept: true });
    await a.start();
    const events = await collect(a);
    expect(events.filter((e) => e.type !== "keepalive").map((e) => (e as Chunk).seq)).toEqual([...Array(11).keys()]);
    expect(events.at(-1)).toMatchObject({ type: "done" });
  });

  it("when the bus loses the end of a resumable answer, then the quiet check finds it among the kept ones", async () => {
    script = async (j) => {
      for (let k = 0; k < 4; k++) {
        const c = (k < 3 ? { type: "delta", text: `p${k}` } : done) as Chunk;
        const chunk = { ...c, attempt: 1, seq: k, ts: Date.now() } as Chunk;
        await keep(j.data.requestId, chunk);
        // The last one (done) is lost on the bus; the job then completes.
        if (k < 3) bus.signal(SIGNALS.generationChunk, j.data.requestId, chunk);
      }
    };
    const a = relay(job(22), { kept: true, keepAliveMs: 200 });
    await a.start();
    const events = await collect(a);
    expect(events.at(-1)).toMatchObject({ type: "done", seq: 3 });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
  });

  it("when a chunk is missing from the bus and from the kept ones, then the stream still ends with the clear error", async () => {
    script = async (j) => {
      for (const k of [0, 1, 3]) {
        const chunk = { type: "delta", text: `p${k}`, attempt: 1, seq: k, ts: Date.now() } as Chunk;
        await keep(j.data.requestId, chunk);
        bus.signal(SIGNALS.generationChunk, j.data.requestId, chunk);
      }
    };
    const a = relay(job(23), { kept: true });
    await a.start();
    const events = await collect(a);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: GENERATION_ERRORS.STREAM_INTERRUPTED } });
  });

  it("when the subscription is made while the request is still being admitted, then the job started later loses no chunk", async () => {
    script = async (_job, publish) => {
      for (let k = 0; k < 5; k++) publish({ type: "delta", code: String(k) });
      publish(done);
    };
    const a = relay(job(7));
    await a.listen();
    // As the admission does: the hold is asked meanwhile; start awaits the same flush and enqueues.
    await a.start();
    const events = await collect(a);
    expect(events.filter((e) => e.type === "delta").map((e) => (e as { code: string }).code)).toEqual(["0", "1", "2", "3", "4"]);
    expect(events.at(-1)!.type).toBe("done");
  });

  it("when 200 subscriptions are confirmed by the reply to a request sent after them, then their jobs start with no flush and lose no chunk", async () => {
    // As the admission does: subscribe, ask the hold on the same connection (here a stand-in responder on a connection
    // of its own), and take its reply as the server's word that the subscription is in place. The chunks come from
    // a third connection, as a worker's do.
    const responder = new MessageBus(await connectNats(testInfra().natsUrl, "relay-test-responder", logger), {
      prefix,
      source: "billing",
      logger,
    });
    const workerBus = new MessageBus(await connectNats(testInfra().natsUrl, "relay-test-worker", logger), {
      prefix,
      source: "generation",
      logger,
    });
    const holdSubject = `${prefix}${freshName("hold")}`;
    responder.nc.subscribe(holdSubject, { callback: (_err, m) => m.respond(new Uint8Array([1])) });
    await responder.flush();
    const flush = jest.spyOn(bus, "flush");
    try {
      script = async (j, _publish) => {
        for (let k = 0; k < 5; k++)
          workerBus.signal(SIGNALS.generationChunk, j.data.requestId, {
            type: "delta",
            code: String(k),
            attempt: 1,
            seq: k,
            ts: Date.now(),
          } as Chunk);
        workerBus.signal(SIGNALS.generationChunk, j.data.requestId, { ...done, attempt: 1, seq: 5, ts: Date.now() } as Chunk);
      };
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const a = relay(job(100 + i));
          a.subscribe();
          await bus.nc.request(holdSubject, new Uint8Array(0), { timeout: 10_000 });
          a.confirm();
          await a.start();
          return collect(a);
        }),
      );
      expect(flush).not.toHaveBeenCalled();
      for (const events of answers) {
        expect(events.filter((e) => e.type === "delta").map((e) => (e as { code: string }).code)).toEqual([
          "0",
          "1",
          "2",
          "3",
          "4",
        ]);
        expect(events.at(-1)!.type).toBe("done");
      }
      // Without the reply's word, start makes sure with a flush of its own.
      const b = relay(job(400));
      b.subscribe();
      await b.start();
      expect(flush).toHaveBeenCalledTimes(1);
      expect((await collect(b)).at(-1)!.type).toBe("done");
    } finally {
      flush.mockRestore();
      await workerBus.close();
      await responder.close();
    }
  });

  it("when a request is refused after its subscription was made, then abandoning it ends the answer and nothing reaches it", async () => {
    const j = job(8);
    const a = relay(j);
    await a.listen();
    a.abandon();
    bus.signal(SIGNALS.generationChunk, j.requestId, {
      type: "delta",
      code: "late",
      attempt: 1,
      seq: 0,
      ts: Date.now(),
    } as Chunk);
    await bus.flush();
    expect(await collect(a)).toEqual([]);
  });

  it("when the bus is closed, then listening fails as a rejected promise, never a throw past the admission", async () => {
    const closed = new MessageBus(await connectNats(testInfra().natsUrl, "relay-test-closed", logger), {
      prefix,
      source: "generation",
      logger,
    });
    await closed.close();
    const a = relay(job(9), { bus: closed });
    let listening: Promise<void> | undefined;
    expect(() => (listening = a.listen())).not.toThrow();
    await expect(listening).rejects.toThrow();
    await expect(a.start()).rejects.toThrow();
  });

  async function started(j: GenerationJob) {
    const a = relay(j);
    await a.start();
    return a;
  }
});
