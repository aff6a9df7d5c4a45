import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  COMMANDS,
  EVENTS,
  EventEnvelopeSchema,
  REPLY_ERRORS,
  ReplySchema,
  SignUpMethod,
  UserRegisteredSchema,
} from "@genui/contracts";
import { freshName, testInfra } from "@genui/testkit";
import mongoose, { type Connection } from "mongoose";
import { z } from "zod";
import type { SignalDef } from "@genui/contracts";
import { MessageBus, PoisonMessageError, RemoteError, ReplyFailure, connectNats, type ReceivedEvent } from "../src/nats";
import { ProcessedEvents } from "../src/idempotency";
import { createLogger } from "../src/logger";
import { runWithContext } from "../src/context";

const logger = createLogger("bus-test", "silent");
type Registered = ReceivedEvent<typeof UserRegisteredSchema>;

/** Polls until `fn` is true or the time is up. */
async function eventually(fn: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition not met in time");
}

describe("the message bus on real NATS", () => {
  let bus: MessageBus;

  beforeEach(async () => {
    const nc = await connectNats(testInfra().natsUrl, "bus-test", logger);
    bus = new MessageBus(nc, { prefix: `${freshName()}.`, source: "bus-test", logger });
    await bus.ensureStream("IDENTITY");
  });
  afterEach(async () => {
    const jsm = await bus.nc.jetstreamManager();
    await jsm.streams.delete(bus.streamName("IDENTITY"));
    await bus.close();
  });

  it("when an event is published, then a durable consumer receives the typed payload in its envelope", async () => {
    const got: Registered[] = [];
    await bus.consume(EVENTS.userRegistered, "billing-wallets", async (e) => {
      got.push(e);
    });
    const published = await runWithContext({ requestId: "req-9", correlationId: "corr-9" }, () =>
      bus.publish(EVENTS.userRegistered, { userId: "u1", email: "a@b.dev", name: "A", method: SignUpMethod.PASSWORD }),
    );
    await eventually(() => got.length === 1);
    expect(got[0]).toMatchObject({
      eventId: published.eventId,
      correlationId: "corr-9",
      causationId: "req-9",
      source: "bus-test",
      deliveryCount: 1,
      payload: { userId: "u1", email: "a@b.dev", method: SignUpMethod.PASSWORD },
    });
  });

  it("when the same event id is published twice, then it is stored and delivered once", async () => {
    const first = await bus.publish(EVENTS.userRegistered, { userId: "u2" }, { eventId: "fixed-id" });
    const second = await bus.publish(EVENTS.userRegistered, { userId: "u2" }, { eventId: "fixed-id" });
    expect([first.duplicate, second.duplicate]).toEqual([false, true]);
    const got: string[] = [];
    await bus.consume(EVENTS.userRegistered, "once", async (e) => {
      got.push(e.eventId);
    });
    await eventually(() => got.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual(["fixed-id"]);
  });

  it("when a handler fails transiently, then the event is redelivered and handled", async () => {
    const deliveries: number[] = [];
    await bus.consume(
      EVENTS.userRegistered,
      "flaky",
      async (e) => {
        deliveries.push(e.deliveryCount);
        if (e.deliveryCount === 1) throw new Error("database briefly away");
      },
      { nakDelayMs: 50 },
    );
    await bus.publish(EVENTS.userRegistered, { userId: "u3" });
    await eventually(() => deliveries.length === 2);
    expect(deliveries).toEqual([1, 2]);
  });

  it("when a message is undecodable or the handler calls it poison, then it is terminated, never redelivered, and later events still flow", async () => {
    const handled: string[] = [];
    await bus.consume(
      EVENTS.userRegistered,
      "poison",
      async (e) => {
        handled.push(e.payload.userId);
        if (e.payload.userId === "bad") throw new PoisonMessageError("user id is not valid");
      },
      { nakDelayMs: 50 },
    );
    // Not an envelope at all.
    await bus.js.publish(bus.subject(EVENTS.userRegistered.subject), new TextEncoder().encode("\xff\xff garbage"));
    // An envelope whose payload type is some other message.
    const wrongType = create(EventEnvelopeSchema, {
      eventId: "wrong-type",
      payloadType: "genui.other.v1.Thing",
      payload: toBinary(UserRegisteredSchema, create(UserRegisteredSchema, { userId: "wrong-type" })),
    });
    await bus.js.publish(bus.subject(EVENTS.userRegistered.subject), toBinary(EventEnvelopeSchema, wrongType));
    await bus.publish(EVENTS.userRegistered, { userId: "bad" });
    await bus.publish(EVENTS.userRegistered, { userId: "good" });
    await eventually(() => handled.includes("good"));
    await new Promise((r) => setTimeout(r, 400));
    expect(handled).toEqual(["bad", "good"]);
    const jsm = await bus.nc.jetstreamManager();
    const info = await jsm.consumers.info(bus.streamName("IDENTITY"), "poison");
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
  });

  it("when an event is redelivered after it was handled, then ProcessedEvents skips it", async () => {
    const conn: Connection = await mongoose.createConnection(testInfra().mongoUrl, { dbName: freshName("idem") }).asPromise();
    try {
      const processed = new ProcessedEvents(conn);
      let effects = 0;
      const handler = (e: Registered) => processed.once("wallets", e.eventId, async () => void effects++);
      const event = { eventId: "e-1" } as Registered;
      expect(await handler(event)).toBe(true);
      expect(await handler(event)).toBe(false);
      expect(effects).toBe(1);
    } finally {
      await conn.dropDatabase();
      await conn.close();
    }
  });

  it("when the owner asks for stream replicas, then the server is asked for them: one server keeps 1 and refuses 3", async () => {
    const jsm = await bus.nc.jetstreamManager();
    expect((await jsm.streams.info(bus.streamName("IDENTITY"))).config.num_replicas).toBe(1);
    const nc2 = await connectNats(testInfra().natsUrl, "bus-test-2", logger);
    const clustered = new MessageBus(nc2, { prefix: `${freshName()}.`, source: "bus-test", logger, streamReplicas: 3 });
    try {
      // The test server is a single node: a clustered setting reaches it and is refused, not silently dropped.
      await expect(clustered.ensureStream("IDENTITY")).rejects.toThrow(/replicas/i);
    } finally {
      await jsm.streams.delete(clustered.streamName("IDENTITY")).catch(() => undefined);
      await clustered.close();
    }
  });

  it("when a consumer starts before the stream's owner created it, then it attaches once the stream exists and gets what was stored", async () => {
    const nc2 = await connectNats(testInfra().natsUrl, "bus-test-2", logger);
    const early = new MessageBus(nc2, { prefix: `${freshName()}.`, source: "bus-test", logger });
    try {
      const got: string[] = [];
      const consumption = await early.consume(EVENTS.userRegistered, "early-bird", async (e) => {
        got.push(e.payload.userId);
      });
      await early.ensureStream("IDENTITY");
      await early.publish(EVENTS.userRegistered, { userId: "u-late" });
      await eventually(() => got.length === 1);
      expect(got).toEqual(["u-late"]);
      await consumption.stop();
    } finally {
      const jsm = await early.nc.jetstreamManager();
      await jsm.streams.delete(early.streamName("IDENTITY")).catch(() => undefined);
      await early.close();
    }
  });

  it("when events are watched on two connections, then both hear each one typed, and a message that is not its contract is skipped", async () => {
    const nc2 = await connectNats(testInfra().natsUrl, "bus-test-2", logger);
    const other = new MessageBus(nc2, { prefix: bus.subject(""), source: "bus-test", logger });
    try {
      const heard: string[] = [];
      bus.watch([EVENTS.userRegistered], (e) => heard.push(`a:${e.payload.userId}`));
      other.watch([EVENTS.userRegistered], (e) => heard.push(`b:${e.payload.userId}`));
      await Promise.all([bus.flush(), other.flush()]);
      bus.nc.publish(bus.subject(EVENTS.userRegistered.subject), new Uint8Array([1, 2, 3]));
      await bus.publish(EVENTS.userRegistered, { userId: "u7" });
      await eventually(() => heard.length === 2);
      expect(heard.sort()).toEqual(["a:u7", "b:u7"]);
    } finally {
      await other.close();
    }
  });

  it("when a signal is sent for a key, then its listeners get the validated value and a malformed one is dropped", async () => {
    const ping: SignalDef<{ n: number }> = { subject: (key) => `test.ping.${key}`, schema: z.object({ n: z.number() }) };
    const got: number[] = [];
    const sub = bus.listen(ping, "k1", (v) => got.push(v.n));
    bus.listen(ping, "k2", (v) => got.push(-v.n));
    await bus.flush();
    bus.nc.publish(bus.subject(ping.subject("k1")), JSON.stringify({ n: "not a number" }));
    bus.nc.publish(bus.subject(ping.subject("k1")), "{broken");
    bus.signal(ping, "k1", { n: 1 });
    bus.signal(ping, "k2", { n: 2 });
    // Already encoded (sent as is, validated by the listener like any other): one that fits, one that does not.
    bus.signalJson(ping, "k1", JSON.stringify({ n: 4 }));
    bus.signalJson(ping, "k1", JSON.stringify({ n: "four" }));
    await eventually(() => got.length === 3);
    expect(got.sort()).toEqual([-2, 1, 4]);
    sub.unsubscribe();
    bus.signal(ping, "k1", { n: 3 });
    await bus.flush();
    await new Promise((r) => setTimeout(r, 50));
    expect(got).not.toContain(3);
  });

  it("when signals are sent for many keys, then one listener for all of them gets each validated value with its key, and nothing of another kind", async () => {
    const ping: SignalDef<{ n: number }> = { subject: (key) => `test.ping.${key}`, schema: z.object({ n: z.number() }) };
    const pong: SignalDef<{ n: number }> = { subject: (key) => `test.pong.${key}`, schema: z.object({ n: z.number() }) };
    const got: [string, number][] = [];
    const sub = bus.listenAll(ping, (key, v) => got.push([key, v.n]));
    await bus.flush();
    bus.signal(ping, "k1", { n: 1 });
    bus.nc.publish(bus.subject(ping.subject("k1")), JSON.stringify({ n: "not a number" }));
    bus.signal(pong, "k1", { n: 99 });
    bus.signal(ping, "k2", { n: 2 });
    bus.signalJson(ping, "req.with.dots", JSON.stringify({ n: 3 }));
    // The last one sent: once it is heard, every signal before it has been (one connection, in order).
    bus.signal(ping, "last", { n: 4 });
    await eventually(() => got.some(([key]) => key === "last"));
    expect(got).toEqual([
      ["k1", 1],
      ["k2", 2],
      ["req.with.dots", 3],
      ["last", 4],
    ]);
    sub.unsubscribe();
  });

  it("when a command is asked, then the typed answer, the responder's error code, or NO_RESPONDERS comes back", async () => {
    bus.serve(COMMANDS.verifyKey, async (req) => {
      if (req.keyHash === "gk_known") return { appId: "app-1", ownerId: "u1", status: "active", websiteUrl: "https://a.dev" };
      throw new ReplyFailure(REPLY_ERRORS.KEY_NOT_FOUND, "unknown API key");
    });
    await bus.nc.flush();
    await expect(bus.request(COMMANDS.verifyKey, { keyHash: "gk_known" })).resolves.toMatchObject({
      appId: "app-1",
      status: "active",
    });
    await expect(bus.request(COMMANDS.verifyKey, { keyHash: "gk_unknown" })).rejects.toMatchObject({
      code: REPLY_ERRORS.KEY_NOT_FOUND,
    });
    await expect(bus.request(COMMANDS.authorizeBalance, { requestId: "r1" }, { retry: false })).rejects.toEqual(
      new RemoteError(REPLY_ERRORS.NO_RESPONDERS, "no service answers billing.balance.authorize"),
    );
    // Asked again until the bound: still nobody, so the same error, after more than one try.
    await expect(bus.request(COMMANDS.authorizeBalance, { requestId: "r1" }, { retryWithinMs: 300 })).rejects.toEqual(
      new RemoteError(REPLY_ERRORS.NO_RESPONDERS, "no service answers billing.balance.authorize"),
    );
  });

  it("when a responder takes longer than the request's timeout, then the request fails with TIMEOUT, told by its code (the connection makes no stack per request)", async () => {
    // Heard but never answered.
    const silent = bus.nc.subscribe(bus.subject(COMMANDS.authorizeBalance.subject));
    await bus.nc.flush();
    try {
      await expect(bus.request(COMMANDS.authorizeBalance, { requestId: "r1" }, { retry: false, timeoutMs: 200 })).rejects.toEqual(
        new RemoteError(REPLY_ERRORS.TIMEOUT, `${COMMANDS.authorizeBalance.subject} did not answer in time`),
      );
    } finally {
      silent.unsubscribe();
    }
    // nats.js's async traces (two Errors made per request and per JetStream publish) are off: connectNats.
    expect((bus.nc as unknown as { options: { noAsyncTraces?: boolean } }).options.noAsyncTraces).toBe(true);
  });

  it("when a request is not a decodable message, then the responder answers INVALID_REQUEST", async () => {
    bus.serve(COMMANDS.verifyKey, async () => ({ appId: "never" }));
    await bus.nc.flush();
    const raw = await bus.nc.request(bus.subject(COMMANDS.verifyKey.subject), new Uint8Array([0xff, 0xff, 0xff]), {
      timeout: 2_000,
    });
    const reply = fromBinary(ReplySchema, raw.data);
    expect(reply.result.case).toBe("error");
    expect(reply.result.value).toMatchObject({ code: REPLY_ERRORS.INVALID_REQUEST });
    // A well-formed request still works afterwards.
    await expect(bus.request(COMMANDS.verifyKey, { keyHash: "k" })).resolves.toMatchObject({ appId: "never" });
  });
});
