import { spawn, type ChildProcess } from "node:child_process";
import diagnostics from "node:diagnostics_channel";
import net from "node:net";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { eventually, freeLoopbackPort as freePort, startTcpRelay, type TcpRelay } from "@genui/testkit";
import type { Connection, Model } from "mongoose";
import { createLogger } from "../src/logger";
import { connectMongo, mongooseLib } from "../src/mongo";

/**
 * The store across a restart, on a FerretDB of this test's own (the shared test store is never restarted): what
 * services ask of the store while it is away is answered once it is back, reads and writes alike, since nothing of
 * them had reached it (docs/operations.md, the fault campaign's "restart ferretdb"); and what is asked the moment the
 * store ends a pooled connection (behind a relay that ends them one at a time) is answered too.
 */
const logger = createLogger("store-restart-test", "silent");
const repo = path.resolve(__dirname, "../../..");

/** The FerretDB deploy/local/infra.sh builds (its version, in its tools folder). */
function ferretdbBinary(): string {
  const version = /^FERRETDB_VERSION="([^"]+)"/m.exec(readFileSync(path.join(repo, "deploy/local/infra.sh"), "utf8"))?.[1];
  const tools =
    process.env.GENUI_TOOLS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "genui/tools");
  const bin = path.join(tools, "ferretdb", version ?? "", "ferretdb");
  if (!version || !existsSync(bin)) throw new Error(`FerretDB is not built at ${bin}: run deploy/local/infra.sh install`);
  return bin;
}

/** FerretDB on SQLite files in a folder of its own, stopped and started again on the same data. */
class OwnStore {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(path.join(tmpdir(), "genui-store-restart-"));
  constructor(
    private readonly port: number,
    private readonly debugPort: number,
  ) {}

  get url(): string {
    return `mongodb://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      ferretdbBinary(),
      [
        "--handler=sqlite",
        `--sqlite-url=file:${this.dir}/`,
        `--listen-addr=127.0.0.1:${this.port}`,
        `--debug-addr=127.0.0.1:${this.debugPort}`,
        `--state-dir=${this.dir}`,
        "--telemetry=disable",
        "--log-level=error",
      ],
      { stdio: "ignore" },
    );
    const ready = await eventually(
      () =>
        fetch(`http://127.0.0.1:${this.debugPort}/debug/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      (ok) => ok,
      60_000,
    );
    if (!ready) throw new Error("the test's FerretDB did not become ready");
  }

  /** SIGTERM, as `infra.sh restart ferretdb` does; resolves once the process has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

interface Thing {
  _id: string;
  n: number;
}

describe("the store across a restart (own FerretDB)", () => {
  let store: OwnStore;
  let conns: Connection[] = [];
  let things: Model<Thing>[] = [];

  beforeAll(async () => {
    store = new OwnStore(await freePort(), await freePort());
    await store.start();
    // Two "processes", each with its own connection, as two copies of a service.
    for (let i = 0; i < 2; i++) {
      const conn = await connectMongo(store.url, "ride", logger);
      conns.push(conn);
      things.push(conn.model<Thing>("Thing", new (mongooseLib().Schema)<Thing>({ _id: String, n: Number })));
    }
    await things[0]!.create([
      { _id: "kept-0", n: 10 },
      { _id: "kept-1", n: 20 },
    ]);
  });
  afterAll(async () => {
    for (const c of conns) await c.close().catch(() => undefined);
    conns = [];
    things = [];
    await store?.stop();
    store?.remove();
  });

  it("when the store restarts, then reads and writes asked while it was away are answered once it is back, each once", async () => {
    // Every connection has used the store (its pool holds a connection the restart will close).
    for (const t of things) expect(await t.findById("kept-0").lean()).toMatchObject({ n: 10 });
    // Each driver tells when it has found the store away (its monitor): from then on it waits for the store.
    const noticed = new Set<number>();
    conns.forEach((c, i) =>
      c.getClient().on("serverDescriptionChanged", (ev) => {
        if (ev.newDescription.type === "Unknown") noticed.add(i);
      }),
    );
    await store.stop();

    // Each copy reads and writes its own documents (the local store does not isolate concurrent updates of one).
    const asked = things.flatMap((t, i) => [
      t.findById(`kept-${i}`).lean(),
      t.find({ _id: { $in: ["kept-0", "kept-1"] } }).lean(),
      t.countDocuments({}),
      t.create({ _id: `new-${i}`, n: i }),
      t.updateOne({ _id: `kept-${i}` }, { $inc: { n: 1 } }),
    ]);
    const outcomes = Promise.allSettled(asked);
    // The store stays away until every driver has noticed (what an operation asked meanwhile met so far: refused
    // connections), then comes back.
    expect(
      await eventually(
        () => noticed.size,
        (n) => n === conns.length,
        60_000,
      ),
    ).toBe(conns.length);
    await store.start();
    const settled = await outcomes;
    const failed = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => String(s.reason));
    expect(failed).toEqual([]);

    // The writes happened once each: two new documents, and each counter moved by its one increment.
    expect(await things[1]!.find({}).sort({ _id: 1 }).lean()).toEqual([
      { _id: "kept-0", n: 11, __v: 0 },
      { _id: "kept-1", n: 21, __v: 0 },
      { _id: "new-0", n: 0, __v: 0 },
      { _id: "new-1", n: 1, __v: 0 },
    ]);
  });
});

describe("the store ending the connections a pool holds (own FerretDB behind a relay)", () => {
  let store: OwnStore;
  let relay: TcpRelay;
  let conn: Connection;
  let things: Model<Thing>;
  /** Every socket this process opens to the relay: the driver's pool and monitor connections. */
  const sockets: net.Socket[] = [];
  const onSocket = (message: unknown) => {
    const socket = (message as { socket: net.Socket }).socket;
    socket.once("connect", () => {
      if (socket.remotePort === relay.port) sockets.push(socket);
    });
  };

  beforeAll(async () => {
    const port = await freePort();
    store = new OwnStore(port, await freePort());
    await store.start();
    relay = await startTcpRelay(store.url);
    diagnostics.subscribe("net.client.socket", onSocket);
    conn = await connectMongo(relay.url, "ends", logger);
    things = conn.model<Thing>("Thing", new (mongooseLib().Schema)<Thing>({ _id: String, n: Number }));
    await things.create([{ _id: "kept", n: 0 }]);
  });
  afterAll(async () => {
    diagnostics.unsubscribe("net.client.socket", onSocket);
    await conn?.close().catch(() => undefined);
    await relay?.close();
    await store?.stop();
    store?.remove();
  });

  it("when the store ends a connection, then what is asked as the end arrives is answered, writes once", async () => {
    // Several connections in the pool, each idle now.
    await Promise.all(Array.from({ length: 6 }, () => things.findById("kept").lean()));
    const pooled = sockets.filter((s) => !s.destroyed);
    expect(pooled.length).toBeGreaterThanOrEqual(2);

    // The store ends one connection at a time (a FIN: a store shutting down, a balancer, an idle timeout), and the
    // moment its socket reads the end, a read and two writes are asked: they reach the driver while the ended
    // connection is still in its pool. (Each waits for the last to be answered: an operation in flight on a connection
    // that then ends is another matter — a read is repeated, a write's outcome is unknown.)
    const settled: PromiseSettledResult<unknown>[] = [];
    for (const [i, socket] of pooled.entries()) {
      const asked = new Promise<PromiseSettledResult<unknown>[]>((done) =>
        socket.once("end", () => {
          done(
            Promise.allSettled([
              things.findById("kept").lean(),
              things.create({ _id: `new-${i}`, n: i }),
              things.updateOne({ _id: "kept" }, { $inc: { n: 1 } }),
            ]),
          );
        }),
      );
      expect(relay.end(socket.localPort!)).toBe(true);
      settled.push(...(await asked));
    }
    const failed = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => String(s.reason));
    expect(failed).toEqual([]);
    // Each write happened once.
    expect(await things.findById("kept").lean()).toMatchObject({ n: pooled.length });
    expect(await things.countDocuments({ _id: /^new-/ })).toBe(pooled.length);
  });
});
