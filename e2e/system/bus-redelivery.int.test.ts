import { randomUUID } from "node:crypto";
import { AckPolicy } from "nats";
import { MessageBus, connectNats, createLogger, type Consumption } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { testInfra } from "@genui/testkit";

/**
 * Batch consumers on a real NATS: a backlog waiting behind a slow batch must not outlive the ack wait. Before, every
 * message pulled but not yet handled was delivered again once its ack wait passed, each round counting towards
 * `max_deliver` — in the 30-minute soak six usage events were given up on that way (delivered, never acknowledged,
 * never charged). And the metering consumer, whose events are charges, never gives up on one.
 */
describe("batch consumers and redelivery", () => {
  const logger = createLogger("bus-redelivery", "silent");
  let bus: MessageBus;
  let prefix: string;
  let consumption: Consumption | undefined;

  beforeEach(async () => {
    prefix = `rd${randomUUID().slice(0, 8)}.`;
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "bus-redelivery", logger), {
      prefix,
      source: "generation",
      logger,
    });
    await bus.ensureStream("GENERATION");
  });
  afterEach(async () => {
    await consumption?.stop();
    consumption = undefined;
    await bus.close();
  });

  const until = async (ok: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  };
  const publish = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        bus.publish(EVENTS.generationCompleted, {
          requestId: `r-${i}`,
          userId: "u",
          model: "genui-pluto-0.1",
          inputTokens: 1n,
          outputTokens: 1n,
          finishReason: "stop",
        }),
      ),
    );

  it("when events trickle in during the linger, then they are handled in one batch, and a full batch does not wait it out", async () => {
    const batches: number[] = [];
    /** A consumer that acknowledges every event and notes each batch's size. */
    const counting = (durable: string, options: { maxBatch: number; lingerMs: number }) =>
      bus.consumeBatch(
        EVENTS.generationCompleted,
        durable,
        async (events) => {
          batches.push(events.length);
          return events.map(() => "ack" as const);
        },
        options,
      );
    consumption = await counting("lingering", { maxBatch: 6, lingerMs: 1_500 });
    // One event, then three more 300 ms later: all inside the first one's linger.
    await publish(1);
    await new Promise((r) => setTimeout(r, 300));
    await publish(3);
    await until(() => batches.length === 1, 10_000);
    expect(batches).toEqual([4]);
    // A second consumer reads the same four stored events with a batch of four: the batch is full, so it is handled
    // at once instead of after its 60-s linger.
    await consumption.stop();
    batches.length = 0;
    consumption = await counting("full-batches", { maxBatch: 4, lingerMs: 60_000 });
    await until(() => batches.length === 1, 10_000);
    expect(batches).toEqual([4]);
    // One more event starts a linger of 60 s; stopping the consumer ends it (afterEach would otherwise hang).
    await publish(1);
    await new Promise((r) => setTimeout(r, 300));
    const stopping = Date.now();
    await consumption.stop();
    consumption = undefined;
    expect(Date.now() - stopping).toBeLessThan(10_000);
  }, 30_000);

  it("when each batch takes three ack waits and a backlog waits behind it, then every event is delivered once", async () => {
    await publish(40);
    const deliveries = new Map<string, number[]>();
    consumption = await bus.consumeBatch(
      EVENTS.generationCompleted,
      "slow-batches",
      async (events) => {
        for (const e of events)
          deliveries.set(e.payload.requestId, [...(deliveries.get(e.payload.requestId) ?? []), e.deliveryCount]);
        await new Promise((r) => setTimeout(r, 3_000));
        return events.map(() => "ack" as const);
      },
      { ackWaitMs: 1_000, maxBatch: 10, maxDeliver: 5 },
    );
    await until(() => deliveries.size === 40, 30_000);
    expect(deliveries.size).toBe(40);
    // A moment more for any late redelivery to show up.
    await new Promise((r) => setTimeout(r, 2_000));
    const repeated = [...deliveries].filter(([, counts]) => counts.length > 1 || counts[0] !== 1);
    expect(repeated).toEqual([]);
  }, 60_000);

  it("when a consumer had a max_deliver, then attaching it with -1 lifts it, and a usage event failing 25 times is still handled", async () => {
    // As a deployment before this change left the metering consumer: at most 20 deliveries.
    const jsm = await bus.nc.jetstreamManager();
    const stream = bus.streamName("GENERATION");
    const name = "metering-like";
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      filter_subject: bus.subject(EVENTS.generationCompleted.subject),
      max_deliver: 20,
    });
    await publish(1);
    let attempts = 0;
    let handled = false;
    consumption = await bus.consumeBatch(
      EVENTS.generationCompleted,
      name,
      async (events) => {
        attempts += 1;
        if (attempts <= 25) throw new Error("store unavailable");
        handled = true;
        return events.map(() => "ack" as const);
      },
      { maxDeliver: -1, nakDelayMs: 1, nakDelayMaxMs: 50, ackWaitMs: 2_000 },
    );
    expect((await jsm.consumers.info(stream, name)).config.max_deliver).toBe(-1);
    await until(() => handled, 30_000);
    expect(handled).toBe(true);
    expect(attempts).toBe(26);
  }, 60_000);
});
