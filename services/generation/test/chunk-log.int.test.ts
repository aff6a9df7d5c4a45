import { MessageBus, connectNats, createLogger, createRedis, type Redis } from "@genui/chassis";
import { SIGNALS } from "@genui/contracts";
import { freshName, socketWritesDuring, testInfra } from "@genui/testkit";
import type { Chunk } from "../src/domain/messages";
import { ChunkPublisher } from "../src/worker/jobs/generation-processor";
import { DONE } from "./chunks";

/**
 * A resumable answer's chunks kept in its Redis Stream by the worker's publisher, against real Redis and NATS, with
 * the worker's own client (the chassis's, auto-pipelined): what several answers append in one turn leaves in one
 * write, and each answer's stream, mark and expiry come out as if it had been alone.
 */
describe("the worker's chunk log", () => {
  const logger = createLogger("chunk-log-test", "silent");
  const prefix = `${freshName()}.`;
  let redis: Redis;
  let bus: MessageBus;
  beforeAll(async () => {
    redis = createRedis(testInfra().redisUrl, "chunk-log-test", logger);
    await redis.ping();
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "chunk-log-test", logger), {
      prefix,
      source: "generation-worker",
      logger,
    });
  });
  afterAll(async () => {
    await bus.close();
    await redis.quit();
  });

  /** Answer `id`'s publisher, and the chunks its listener receives on NATS (resolved at its done chunk). */
  async function answer(id: string, warnings: string[] = []) {
    const received: Chunk[] = [];
    let ended!: () => void;
    const over = new Promise<void>((r) => (ended = r));
    const sub = bus.listen(SIGNALS.generationChunk, id, (c: Chunk) => {
      received.push(c);
      if (c.type === "done") ended();
    });
    await bus.flush();
    const warn = { ...logger, warn: (_o: unknown, msg: string) => void warnings.push(msg) } as typeof logger;
    const out = new ChunkPublisher(bus, id, 1, {
      redis,
      key: `${prefix}gen:answer:${id}`,
      ttlMs: 60_000,
      maxPieces: 1_000,
      logger: warn,
    });
    return { out, received, over: over.then(() => sub.unsubscribe()) };
  }
  const done = DONE;
  const kept = async (id: string): Promise<Chunk[]> =>
    (await redis.xrange(`${prefix}gen:answer:${id}`, "-", "+")).map(([, fields]) => JSON.parse(fields[1]!) as Chunk);

  it("when eight answers publish in one turn, then their appends leave in one write and each stream holds its own chunks, mark and expiry", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => freshName(`ans${i}`));
    const answers = await Promise.all(ids.map((id) => answer(id)));
    const writes = await socketWritesDuring(redis, async () => {
      for (const [i, a] of answers.entries()) {
        a.out.publish({ type: "start" });
        a.out.publish({ type: "delta", text: `piece of ${i}` });
        a.out.mark(`${prefix}gen:done:${ids[i]}`, "1", 60);
        a.out.publish(done);
      }
      await Promise.all(answers.map((a) => a.over));
    });
    expect(writes).toBe(1);
    for (const [i, a] of answers.entries()) {
      expect(a.received.map((c) => [c.seq, c.type])).toEqual([
        [0, "start"],
        [1, "delta"],
        [2, "done"],
      ]);
      expect(await kept(ids[i]!)).toEqual(a.received);
      expect(await redis.get(`${prefix}gen:done:${ids[i]}`)).toBe("1");
      const ttl = await redis.pttl(`${prefix}gen:answer:${ids[i]}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it("when one answer's append fails in a shared write, then only it is reported and its chunks still go out live; the others are kept", async () => {
    const [bad, good] = [freshName("bad"), freshName("good")];
    // A stream's key holding a string: Redis refuses the XADD (WRONGTYPE), and only that command.
    await redis.set(`${prefix}gen:answer:${bad}`, "not a stream");
    const badWarnings: string[] = [];
    const goodWarnings: string[] = [];
    const [b, g] = [await answer(bad, badWarnings), await answer(good, goodWarnings)];
    const writes = await socketWritesDuring(redis, async () => {
      b.out.publish({ type: "start" });
      g.out.publish({ type: "start" });
      b.out.publish(done);
      g.out.publish(done);
      await Promise.all([b.over, g.over]);
    });
    expect(writes).toBe(1);
    expect(b.received.map((c) => c.type)).toEqual(["start", "done"]);
    expect(badWarnings).toContain("answer piece not kept for resuming");
    expect(goodWarnings).toEqual([]);
    expect(await kept(good)).toEqual(g.received);
    await redis.del(`${prefix}gen:answer:${bad}`, `${prefix}gen:answer:${good}`);
  });
});
