import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Connection } from "mongoose";
import { Events, type NatsConnection } from "nats";
import { MessageBus, RemoteError, connectMongo, connectNats, createLogger, createRedis, type Redis } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { eventually, freshName, testInfra, freeLoopbackPort as freePort } from "@genui/testkit";
import { serveAuthorizeBalance } from "../src/commands/authorize-balance.command";
import { loadCatalogue } from "../src/store/catalogue-file";
import { Holds } from "../src/store/holds.store";
import { WalletRepository } from "../src/store/wallet.repository";
import { Wallets, holdIdFor, walletLock, type Posting } from "../src/use-cases/wallets";

/**
 * The balance hold across a restart of NATS: a NATS server of this test's own (the shared test server is never
 * restarted), stopped and started again while generation asks billing for a hold. The request made while the server
 * is down is answered once it is back; asked twice under one request id, the hold is placed and charged once.
 */
const logger = createLogger("hold-ride-through-test", "silent");

/** nats-server from the PATH, as deploy/local/infra.sh installs it (core NATS only: request/reply needs no JetStream). */
class OwnNatsServer {
  private child?: ChildProcess;
  constructor(
    readonly port: number,
    private readonly monitor: number,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (spawnSync("nats-server", ["--version"]).error)
      throw new Error("nats-server is not on the PATH (deploy/local/infra.sh installs it: apt-get install nats-server)");
    this.child = spawn("nats-server", ["-a", "127.0.0.1", "-p", String(this.port), "-m", String(this.monitor)], {
      stdio: "ignore",
    });
    const healthy = await eventually(
      () =>
        fetch(`http://127.0.0.1:${this.monitor}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      (ok) => ok,
      60_000,
    );
    if (!healthy) throw new Error("the test's nats-server did not become healthy");
  }

  /** SIGTERM, as `infra.sh restart nats` does; resolves once the process has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

/** Resolves at the connection's next status event of `type` (listening from now on). */
function next(nc: NatsConnection, type: Events): Promise<void> {
  return (async () => {
    for await (const s of nc.status()) if (s.type === type) return;
  })();
}

describe("the balance hold across a restart of NATS (own nats-server, real store and Redis)", () => {
  const db = freshName("billing_ride");
  const prefix = `${freshName("r")}:`;
  const catalogue = loadCatalogue(path.resolve(__dirname, "../catalogue/plans.json"));
  let server: OwnNatsServer;
  let conn: Connection;
  let redis: Redis;
  let wallets: Wallets;
  let billing: MessageBus;
  let generation: MessageBus;

  beforeAll(async () => {
    server = new OwnNatsServer(await freePort(), await freePort());
    await server.start();
    conn = await connectMongo(testInfra().mongoUrl, db, logger);
    redis = createRedis(testInfra().redisUrl, "billing-ride", logger);
    const repo = new WalletRepository(conn);
    await repo.init();
    wallets = new Wallets(repo, logger, walletLock(redis, prefix), new Holds(redis, prefix));
    // Two processes: billing answering the hold, generation asking for it; each its own connection.
    const subjects = `${freshName()}.`;
    billing = new MessageBus(await connectNats(server.url, "billing", logger), { prefix: subjects, source: "billing", logger });
    serveAuthorizeBalance(billing, wallets, catalogue);
    generation = new MessageBus(await connectNats(server.url, "generation", logger), {
      prefix: subjects,
      source: "generation",
      logger,
      requestRetryMs: 30_000,
    });
  });
  afterAll(async () => {
    await generation?.close().catch(() => undefined);
    await billing?.close().catch(() => undefined);
    await server?.stop();
    await conn
      ?.useDb(`${db}_ledger`)
      .dropDatabase()
      .catch(() => undefined);
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
    await redis?.quit();
  });

  const credit = async (userId: string, micros: number) =>
    expect(await wallets.apply(userId, `credit:${randomUUID()}`, micros, "top_up")).toBe(true);
  const authorize = (userId: string, requestId: string, opts: { retry?: boolean; timeoutMs?: number } = {}) =>
    generation.request(
      COMMANDS.authorizeBalance,
      {
        requestId,
        userId,
        appId: "app-ride",
        model: catalogue.defaultPlan.id,
        maxInputTokens: 1_000n,
        maxOutputTokens: 1_000n,
      },
      { timeoutMs: opts.timeoutMs ?? 2_000, ...(opts.retry === undefined ? {} : { retry: opts.retry }) },
    );
  /** What metering records for the request's usage (generation-completed.handler.ts): capture, then the posting. */
  const meter = async (userId: string, requestId: string, cost: number) => {
    const holdId = holdIdFor(requestId);
    const charge = await wallets.capture(userId, holdId, cost);
    const posting: Posting = {
      key: `usage:${requestId}`,
      userId,
      amount: charge.debit > 0 ? -charge.debit : 0,
      source: "usage",
      reference: requestId,
      holdId,
      held: charge.held,
      cost,
    };
    await wallets.post([posting]);
  };

  it("when NATS restarts while a hold is asked for (twice, one request id), then both are answered after the reconnect with one hold, charged once", async () => {
    const userId = randomUUID();
    await credit(userId, 50_000_000);
    const before = await authorize(userId, randomUUID());
    expect(before.authorized).toBe(true);

    const requestId = randomUUID();
    const down = Promise.all([next(generation.nc, Events.Disconnect), next(billing.nc, Events.Disconnect)]);
    const back = Promise.all([next(generation.nc, Events.Reconnect), next(billing.nc, Events.Reconnect)]);
    await server.stop();
    await down;

    // Asked while the server is down: the request waits for the reconnect, and a repeat (the same request id, as a
    // requester asking again after a lost reply) is asked at the same time. A command not safe to repeat is not
    // sent again: it ends with its own timeout.
    const settled: string[] = [];
    const first = authorize(userId, requestId).finally(() => settled.push("first"));
    const repeat = authorize(userId, requestId).finally(() => settled.push("repeat"));
    const once = authorize(userId, randomUUID(), { retry: false, timeoutMs: 500 }).catch((e: unknown) => e);
    expect(await once).toBeInstanceOf(RemoteError);
    expect(((await once) as RemoteError).code).toBe(REPLY_ERRORS.TIMEOUT);
    expect(settled).toEqual([]);

    await server.start();
    await back;
    const [a, b] = await Promise.all([first, repeat]);
    expect(a).toMatchObject({ authorized: true, holdId: holdIdFor(requestId) });
    expect(b).toMatchObject({ authorized: true, holdId: holdIdFor(requestId), heldMicros: a.heldMicros });
    expect(a.heldMicros).toBeGreaterThan(0n);

    // Asked again once more after the restart: still the one hold (two holds live: the one before and this one).
    expect(await authorize(userId, requestId)).toMatchObject({ holdId: holdIdFor(requestId), heldMicros: a.heldMicros });
    const holds = await wallets.holdsOf(userId);
    expect(holds).toEqual({
      held: Number(before.heldMicros + a.heldMicros),
      available: 50_000_000 - Number(before.heldMicros + a.heldMicros),
      holds: 2,
    });

    // Its usage is charged once, and a repeat of the hold after that places nothing new.
    await meter(userId, requestId, 1_234);
    expect(await authorize(userId, requestId)).toMatchObject({ authorized: true, holdId: holdIdFor(requestId) });
    expect(await wallets.holdsOf(userId)).toEqual({
      held: Number(before.heldMicros),
      available: 50_000_000 - 1_234 - Number(before.heldMicros),
      holds: 1,
    });
    expect((await wallets.get(userId)).balance).toBe(50_000_000 - 1_234);
    expect((await wallets.reconcile(userId)).ok).toBe(true);
  });
});
