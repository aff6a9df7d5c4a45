import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import {
  MessageBus,
  Metrics,
  connectMongo,
  connectNats,
  createLogger,
  createRedis,
  type Consumption,
  type Redis,
} from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { eventually, freshName, startTcpRelay, testInfra, type TcpRelay } from "@genui/testkit";
import { METERING_CONSUMER, handleGenerationCompleted } from "../src/events/generation-completed.handler";
import { loadCatalogue } from "../src/store/catalogue-file";
import { Holds } from "../src/store/holds.store";
import { WalletRepository, type LedgerEntry } from "../src/store/wallet.repository";
import { Wallets, holdIdFor, walletLock } from "../src/use-cases/wallets";

/**
 * Metering across two billing copies that share one durable consumer, on the real store, Redis and NATS: what the
 * 30-minute soak showed as charges missing, with their usage events delivered and never acknowledged.
 *
 * Before: a batch whose handling never finished (a Redis or store call that never answers: nothing the handler
 * awaits has a deadline) kept its events alive with "working" for ever, so JetStream never gave them to the other
 * copy; and a batch that failed because of one event handed every event back with one delay, so they came back
 * together and failed together again, for as long as that one kept failing.
 */
const logger = createLogger("metering-delivery-test", "silent");
const catalogue = loadCatalogue(path.resolve(__dirname, "../catalogue/plans.json"));
const plan = catalogue.defaultPlan;

interface Copy {
  conn: Connection;
  redis: Redis;
  repo: WalletRepository;
  wallets: Wallets;
  bus: MessageBus;
  metrics: Metrics;
  consumption?: Consumption;
}

describe("metering deliveries (two billing copies, real store, Redis and NATS)", () => {
  const db = freshName("billing_metering");
  const redisPrefix = `${freshName("m")}:`;
  let busPrefix: string;
  /** Redis behind a relay that can stop relaying: what is sent meanwhile is never answered, the connection open. */
  let redisRelay: TcpRelay;
  let generation: MessageBus;
  let a: Copy;
  let b: Copy;

  const copy = async (name: string, redisUrl: string): Promise<Copy> => {
    const conn = await connectMongo(testInfra().mongoUrl, db, logger);
    const redis = createRedis(redisUrl, name, logger);
    const repo = new WalletRepository(conn);
    await repo.init();
    const wallets = new Wallets(repo, logger, walletLock(redis, redisPrefix), new Holds(redis, redisPrefix));
    const metrics = new Metrics(name);
    const bus = new MessageBus(await connectNats(testInfra().natsUrl, name, logger), {
      prefix: busPrefix,
      source: "billing",
      logger,
      metrics,
    });
    return { conn, redis, repo, wallets, bus, metrics };
  };
  /** The metering consumer of a copy, with a batch deadline and an ack wait short enough for a test. */
  const meter = async (c: Copy) => {
    c.consumption = await handleGenerationCompleted(c.bus, c.wallets, catalogue, {
      logger,
      consumer: { handlerTimeoutMs: 2_000, ackWaitMs: 3_000, nakDelayMs: 200, nakDelayMaxMs: 1_000 },
    });
  };

  beforeEach(async () => {
    busPrefix = `${freshName()}.`;
    redisRelay = await startTcpRelay(testInfra().redisUrl);
    generation = new MessageBus(await connectNats(testInfra().natsUrl, "generation", logger), {
      prefix: busPrefix,
      source: "generation",
      logger,
    });
    await generation.ensureStream("GENERATION");
    a = await copy("billing-a", redisRelay.url);
    b = await copy("billing-b", testInfra().redisUrl);
  });
  afterEach(async () => {
    for (const c of [a, b]) {
      if (!c) continue;
      await c.consumption?.stop();
      c.redis.disconnect();
      await c.bus.close();
    }
    await redisRelay?.close();
    const jsm = await generation.nc.jetstreamManager();
    await jsm.streams.delete(generation.streamName("GENERATION")).catch(() => undefined);
    await generation.close();
    await b.conn
      .useDb(`${db}_ledger`)
      .dropDatabase()
      .catch(() => undefined);
    await b.conn.dropDatabase().catch(() => undefined);
    for (const c of [a, b]) await c?.conn.close();
  });

  /** A user with $50 and one authorised request per id; resolves the completions to publish. */
  const requests = async (userId: string, n: number) => {
    await b.wallets.apply(userId, `credit:${userId}`, 50_000_000, "top_up");
    const ids = Array.from({ length: n }, () => randomUUID());
    for (const id of ids) expect((await b.wallets.authorize(userId, id, 100_000)).authorized).toBe(true);
    return ids.map((requestId) => ({
      requestId,
      userId,
      appId: "app-1",
      model: plan.id,
      inputTokens: 1_000n,
      outputTokens: 500n,
      finishReason: "stop",
      holdId: holdIdFor(requestId),
    }));
  };
  const publish = (completions: { requestId: string }[]) =>
    Promise.all(completions.map((c) => generation.publish(EVENTS.generationCompleted, c, { eventId: c.requestId })));
  /** The usage entries of these requests in the ledger. */
  const charged = async (ids: string[]) =>
    b.repo.ledger
      .find({ _id: { $in: ids.map((id) => `usage:${id}`) } })
      .lean<LedgerEntry[]>()
      .exec();
  const consumerInfo = async () => {
    const jsm = await generation.nc.jetstreamManager();
    return jsm.consumers.info(generation.streamName("GENERATION"), METERING_CONSUMER);
  };

  it("when one copy's Redis stops answering while it holds usage events, then the other copy charges every one once and none stays unacknowledged", async () => {
    const completions = [...(await requests(randomUUID(), 6)), ...(await requests(randomUUID(), 6))];
    const ids = completions.map((c) => c.requestId);
    // Copy A's Redis goes silent (no error, no answer), then A takes every event: its handler waits for ever.
    redisRelay.freeze();
    await meter(a);
    await publish(completions);
    const taken = await eventually(consumerInfo, (i) => i.num_ack_pending === ids.length);
    expect(taken.num_ack_pending).toBe(ids.length);
    // Copy B is healthy. Before, A told JetStream "working" about its events for ever: B never saw one.
    await meter(b);
    const entries = await eventually(
      () => charged(ids),
      (e) => e.length === ids.length,
      60_000,
    );
    expect(entries.map((e) => e.reference).sort()).toEqual([...ids].sort());
    const settled = await eventually(consumerInfo, (i) => i.num_ack_pending === 0 && i.num_pending === 0);
    expect({ ackPending: settled.num_ack_pending, pending: settled.num_pending }).toEqual({ ackPending: 0, pending: 0 });
    // A gave its batches up (counted), and every wallet is its ledger's sum: each request charged once.
    const timeouts = (await a.metrics.registry.getSingleMetric("nats_messages_handled_total")!.get()).values
      .filter((v) => v.labels.outcome === "timeout")
      .reduce((n, v) => n + v.value, 0);
    expect(timeouts).toBeGreaterThan(0);
    for (const userId of new Set(completions.map((c) => c.userId)))
      expect(await b.wallets.reconcile(userId)).toMatchObject({ ok: true });
  }, 90_000);

  it("when one wallet's holds cannot be read, then the other usage of its batch is charged, and its own once they can", async () => {
    const good = [
      ...(await requests(randomUUID(), 2)),
      ...(await requests(randomUUID(), 2)),
      ...(await requests(randomUUID(), 1)),
    ];
    const [broken] = await requests(randomUUID(), 1);
    // The broken request's hold record is not a hash any more: pricing its usage fails (WRONGTYPE) every time.
    const grantKey = `${redisPrefix}wallet:{${broken!.userId}}:grant:${broken!.holdId}`;
    await b.redis.set(grantKey, "not a hold");
    // All six wait in the stream before the consumer starts: one batch.
    await publish([...good, broken!]);
    await meter(b);
    const goodIds = good.map((c) => c.requestId);
    const entries = await eventually(
      () => charged(goodIds),
      (e) => e.length === goodIds.length,
      45_000,
    );
    expect(entries.map((e) => e.reference).sort()).toEqual([...goodIds].sort());
    expect(await charged([broken!.requestId])).toEqual([]);
    // Once it can be read again (no hold record at all: nothing was held, nothing is debited), it is charged too.
    await b.redis.del(grantKey);
    const late = await eventually(
      () => charged([broken!.requestId]),
      (e) => e.length === 1,
      45_000,
    );
    expect(late).toMatchObject([{ reference: broken!.requestId, source: "usage" }]);
    expect((await eventually(consumerInfo, (i) => i.num_ack_pending === 0)).num_ack_pending).toBe(0);
  }, 120_000);
});
