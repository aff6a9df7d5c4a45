import { execFileSync } from "node:child_process";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import mongoose, { Schema, type Connection } from "mongoose";
import { AckPolicy, DeliverPolicy, StorageType, connect, type NatsConnection } from "nats";
import { freshName, testInfra } from "../src";

// These prove the local infrastructure is the real thing (a Mongo-wire store, Redis, NATS JetStream, k6) with the
// exact operations the services rely on.

describe("the Mongo-wire store through mongoose", () => {
  let conn: Connection;
  interface Wallet {
    owner: string;
    balance: number;
    holds: number;
  }
  const walletSchema = new Schema<Wallet>({ owner: { type: String, required: true }, balance: Number, holds: Number });
  walletSchema.index({ owner: 1 }, { unique: true });

  beforeAll(async () => {
    conn = await mongoose.createConnection(testInfra().mongoUrl, { dbName: freshName("infra") }).asPromise();
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it("when documents are created, then they can be found by field", async () => {
    const Wallets = conn.model<Wallet>("WalletFind", walletSchema);
    await Wallets.init();
    await Wallets.create({ owner: "alice", balance: 100, holds: 0 });
    const found = await Wallets.findOne({ owner: "alice" }).lean();
    expect(found).toMatchObject({ owner: "alice", balance: 100 });
  });

  it("when a second document repeats a unique field, then the unique index rejects it and the first is unchanged", async () => {
    const Wallets = conn.model<Wallet>("WalletUnique", walletSchema);
    await Wallets.init();
    await Wallets.create({ owner: "bob", balance: 5, holds: 0 });
    await expect(Wallets.create({ owner: "bob", balance: 999, holds: 0 })).rejects.toMatchObject({ code: 11000 });
    expect(await Wallets.countDocuments({ owner: "bob" })).toBe(1);
    expect((await Wallets.findOne({ owner: "bob" }).lean())?.balance).toBe(5);
  });

  it("when findOneAndUpdate uses $inc with a guard, then it applies only while the guard holds", async () => {
    const Wallets = conn.model<Wallet>("WalletGuard", walletSchema);
    await Wallets.init();
    await Wallets.create({ owner: "carol", balance: 10, holds: 0 });
    const debit = (amount: number) =>
      Wallets.findOneAndUpdate(
        { owner: "carol", balance: { $gte: amount } },
        { $inc: { balance: -amount } },
        { returnDocument: "after" },
      ).lean();
    expect((await debit(7))?.balance).toBe(3);
    expect(await debit(7)).toBeNull();
    expect((await Wallets.findOne({ owner: "carol" }).lean())?.balance).toBe(3);
  });
});

describe("BullMQ on Redis", () => {
  it("when a job is added, then a worker completes it and its result is stored", async () => {
    const connections = [0, 1, 2].map(() => new Redis(testInfra().redisUrl, { maxRetriesPerRequest: null }));
    const [forQueue, forEvents, forWorker] = connections as [Redis, Redis, Redis];
    const name = freshName("q");
    const queue = new Queue(name, { connection: forQueue });
    const events = new QueueEvents(name, { connection: forEvents });
    const worker = new Worker(name, async (job) => ({ doubled: (job.data as { n: number }).n * 2 }), { connection: forWorker });
    try {
      await events.waitUntilReady();
      const job = await queue.add("double", { n: 21 });
      const result = await job.waitUntilFinished(events, 10_000);
      expect(result).toEqual({ doubled: 42 });
      expect(await queue.getJobCounts("completed")).toEqual({ completed: 1 });
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await Promise.all(connections.map((c) => c.quit()));
    }
  });
});

describe("NATS JetStream", () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: testInfra().natsUrl });
  });
  afterAll(async () => {
    await nc.drain();
  });

  it("when the same Nats-Msg-Id is published twice, then the stream stores it once and a durable consumer gets it once", async () => {
    const jsm = await nc.jetstreamManager();
    const js = nc.jetstream();
    const stream = freshName("S");
    const subject = `${stream}.events`;
    await jsm.streams.add({ name: stream, subjects: [subject], storage: StorageType.File });
    try {
      const first = await js.publish(subject, new TextEncoder().encode("hello"), { msgID: "event-1" });
      const second = await js.publish(subject, new TextEncoder().encode("hello"), { msgID: "event-1" });
      expect(first.duplicate).toBe(false);
      expect(second.duplicate).toBe(true);
      expect((await jsm.streams.info(stream)).state.messages).toBe(1);

      await jsm.consumers.add(stream, {
        durable_name: "reader",
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
      });
      const consumer = await js.consumers.get(stream, "reader");
      const batch = await consumer.fetch({ max_messages: 10, expires: 1_000 });
      const got: string[] = [];
      for await (const m of batch) {
        got.push(new TextDecoder().decode(m.data));
        m.ack();
      }
      expect(got).toEqual(["hello"]);
      const again = await consumer.fetch({ max_messages: 10, expires: 1_000 });
      let more = 0;
      for await (const m of again) {
        more++;
        m.ack();
      }
      expect(more).toBe(0);
    } finally {
      await jsm.streams.delete(stream);
    }
  });
});

describe("k6", () => {
  it("when asked for its version, then the pinned build answers", () => {
    const bin = process.env.K6_BIN ?? "k6";
    expect(execFileSync(bin, ["version"], { encoding: "utf8" })).toMatch(/^k6 v1\.8\.1/);
  });
});
