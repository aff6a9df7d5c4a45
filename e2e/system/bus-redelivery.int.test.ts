import { randomUUID } from "node:crypto";
import { AckPolicy } from "nats";
import { MessageBus, Metrics, connectNats, createLogger, type Consumption } from "@genui/chassis";
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
  let nc: Awaited<ReturnType<typeof connectNats>>;
  let prefix: string;
  let consumption: Consumption | undefined;

  beforeEach(async () => {
    prefix = `rd${randomUUID().slice(0, 8)}.`;
    nc = await connectNats(testInfra().natsUrl, "bus-redelivery", logger);
    bus = new MessageBus(nc, {
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

  const until = async (ok: () => boolean, ms: number, refresh?: () => Promise<void>) => {
    const end = Date.now() + ms;
    for (;;) {
      await refresh?.();
      if (ok() || Date.now() >= end) return;
      await new Promise((r) => setTimeout(r, 100));
    }
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
    // One more event starts a linger of 60 s; stopping the consumer ends it (afterEach would otherwise hang, and this
    // test's 30-s cap ends it first). The consumer has pulled the event and holds it before it is stopped.
    await publish(1);
    const jsm = await nc.jetstreamManager();
    const pending = async () => (await jsm.consumers.info(bus.streamName("GENERATION"), "full-batches")).num_ack_pending;
    let held = 0;
    await until(
      () => held === 1,
      10_000,
      async () => void (held = await pending()),
    );
    expect(held).toBe(1);
    await consumption.stop();
    consumption = undefined;
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

  it("when one copy's batch never finishes, then its events are handed back within the batch deadline and the other copy handles every one", async () => {
    // What the soak showed as "delivered, never acknowledged": a batch whose handling never settles (a store or Redis
    // call that never answers) kept its events alive with "working" for ever, so JetStream never gave them to the
    // other copy. `metering-delivery.int.test.ts` (billing) plays the same with a frozen Redis under the real handler.
    const stuck = new MessageBus(await connectNats(testInfra().natsUrl, "bus-redelivery-stuck", logger), {
      prefix,
      source: "billing",
      logger,
    });
    const options = { ackWaitMs: 3_000, handlerTimeoutMs: 2_000, lingerMs: 50, nakDelayMs: 100, nakDelayMaxMs: 500 };
    const takenByStuck = new Set<string>();
    const handled = new Set<string>();
    try {
      const hung = await stuck.consumeBatch(
        EVENTS.generationCompleted,
        "hung-copy",
        async (events) => {
          for (const e of events) takenByStuck.add(e.payload.requestId);
          return new Promise<never>(() => undefined);
        },
        options,
      );
      await publish(12);
      // The stuck copy takes what is waiting before the healthy one starts: the test proves nothing otherwise.
      await until(() => takenByStuck.size > 0, 10_000);
      expect(takenByStuck.size).toBeGreaterThan(0);
      consumption = await bus.consumeBatch(
        EVENTS.generationCompleted,
        "hung-copy",
        async (events) => {
          for (const e of events) handled.add(e.payload.requestId);
          return events.map(() => "ack" as const);
        },
        options,
      );
      await until(() => handled.size === 12, 45_000);
      expect(handled.size).toBe(12);
      const jsm = await bus.nc.jetstreamManager();
      let pending = -1;
      await until(
        () => pending === 0,
        10_000,
        async () => {
          pending = (await jsm.consumers.info(bus.streamName("GENERATION"), "hung-copy")).num_ack_pending;
        },
      );
      expect(pending).toBe(0);
      // The copy whose handler hangs still stops: its worker is not waiting on the abandoned batch.
      await hung.stop();
    } finally {
      await stuck.nc.close();
    }
  }, 90_000);

  it("when a batch fails because of one of its events, then the others are not held back with it", async () => {
    // A throw hands the whole batch back; with one delay for all (their delivery counts are equal) they came back
    // together, were lingered into one batch again and failed again, for ever: a single event that keeps failing kept
    // every event that first failed with it from being handled.
    await publish(5);
    await bus.publish(EVENTS.generationCompleted, { requestId: "r-bad", userId: "u", model: "genui-pluto-0.1" });
    const handled = new Set<string>();
    let failures = 0;
    consumption = await bus.consumeBatch(
      EVENTS.generationCompleted,
      "shared-fate",
      async (events) => {
        if (events.some((e) => e.payload.requestId === "r-bad")) {
          failures += 1;
          throw new Error("one event the store refuses");
        }
        for (const e of events) handled.add(e.payload.requestId);
        return events.map(() => "ack" as const);
      },
      { lingerMs: 250, nakDelayMs: 500, nakDelayMaxMs: 2_000 },
    );
    await until(() => handled.size === 5, 45_000);
    expect([...handled].sort()).toEqual(["r-0", "r-1", "r-2", "r-3", "r-4"]);
    expect(failures).toBeGreaterThan(0);
  }, 60_000);

  it("when JetStream gives up on an event or a handler terminates one, then two copies count each once", async () => {
    const metrics = [new Metrics("copy-a"), new Metrics("copy-b")];
    const copies = await Promise.all(
      metrics.map(
        async (m, i) =>
          new MessageBus(await connectNats(testInfra().natsUrl, `bus-redelivery-${i}`, logger), {
            prefix,
            source: "billing",
            logger,
            metrics: m,
          }),
      ),
    );
    const total = async (name: string) => {
      let n = 0;
      for (const m of metrics) for (const v of (await m.registry.getSingleMetric(name)!.get()).values) n += v.value;
      return n;
    };
    const consumptions: Consumption[] = [];
    try {
      for (const copy of copies)
        consumptions.push(
          await copy.consumeBatch(
            EVENTS.generationCompleted,
            "gives-up",
            async (events) => {
              if (events.some((e) => e.payload.requestId === "r-0")) throw new Error("never works");
              return events.map((e) => (e.payload.requestId === "r-1" ? ("term" as const) : ("ack" as const)));
            },
            { maxDeliver: 2, nakDelayMs: 1, nakDelayMaxMs: 1 },
          ),
        );
      await publish(2);
      let given = 0;
      let terminated = 0;
      await until(
        () => given >= 1 && terminated >= 1,
        45_000,
        async () => {
          given = await total("nats_consumer_max_deliveries_total");
          terminated = await total("nats_messages_terminated_total");
        },
      );
      await Promise.all(copies.map((c) => c.flush()));
      expect({ given: await total("nats_consumer_max_deliveries_total"), terminated }).toEqual({ given: 1, terminated: 1 });
      const labels = async (m: Metrics, name: string) =>
        (await m.registry.getSingleMetric(name)!.get()).values.filter((v) => v.value > 0).map((v) => v.labels);
      expect((await Promise.all(metrics.map((m) => labels(m, "nats_consumer_max_deliveries_total")))).flat()).toEqual([
        { stream: "GENERATION", consumer: "gives-up" },
      ]);
      expect((await Promise.all(metrics.map((m) => labels(m, "nats_messages_terminated_total")))).flat()).toEqual([
        { subject: "generation.completed", consumer: "gives-up", reason: "poison" },
      ]);
    } finally {
      for (const c of consumptions) await c.stop();
      for (const c of copies) await c.close();
    }
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
