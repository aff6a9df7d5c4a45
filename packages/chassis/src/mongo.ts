import type { Socket } from "node:net";
import path from "node:path";
import type { Connection } from "mongoose";
import type { ReadinessCheck } from "./http";
import { isOutage } from "./errors";
import type { Logger } from "./logger";

let loaded: typeof import("mongoose") | undefined;
/**
 * mongoose, loaded by the first call: a process without a store (the BFF) never loads it, which keeps about 17 MiB
 * out of its resident memory (docs/performance.md, "Memory"); a module that only may need it loads nothing.
 */
export function mongooseLib(): typeof import("mongoose") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (loaded ??= require("mongoose") as typeof import("mongoose"));
}

/**
 * The driver's settings that ride through a restart of the store (the fault campaign's "restart ferretdb",
 * docs/operations.md). While the store is away, an operation that needs a new connection is refused one: the driver
 * labels that an overload (nothing was sent, so a repeat is safe, writes included) and by default tries twice more
 * within a few hundred ms, while its monitor, polling every 10 s, rarely notices a restart of a second or two — such
 * operations failed (503). Here the monitor looks every second, so the store is soon known to be away and operations
 * (new ones, and those repeats) wait in server selection for it to come back (up to `serverSelectionTimeoutMS`;
 * mongoose holds new ones meanwhile), and a refused one is tried up to 6 more times (random pauses doubling from
 * 200 ms), which spans the monitor's second with near certainty. An operation whose connection closes in flight is
 * repeated by the driver when it is a read; a write then fails, its outcome unknown.
 */
export const STORE_RIDE_THROUGH = {
  serverSelectionTimeoutMS: 5_000,
  heartbeatFrequencyMS: 1_000,
  maxAdaptiveRetries: 6,
} as const;

interface DriverConnection {
  onClose(): void;
}
type DriverConnectionClass = new (stream: Socket, options: unknown) => DriverConnection;
let endingConnection: DriverConnectionClass | undefined;

/**
 * The driver's connection, closed the moment the store ends it (the driver's own extension point, `connectionType`).
 * The driver closes a connection when its socket closes, but Node closes a socket whose peer ended it only after its
 * own end has been written, an event-loop turn later: in between, the pool still hands the connection out, and the
 * command written to it fails at once with Node's "This socket has been ended by the other party" — an error the
 * driver passes on as it is, not as a network error, so it was neither repeated nor waited out: reads and writes asked
 * as FerretDB shut down failed (packages/chassis/test/store-restart.int.test.ts). Closed on the end, the connection
 * is gone before anything is written to it; the command takes a new one (refused while the store is away: repeated,
 * as above). The driver is mongoose's own copy.
 */
export function connectionEndingWithStore(): DriverConnectionClass {
  if (endingConnection) return endingConnection;
  const driver = path.dirname(
    require.resolve("mongodb/package.json", { paths: [path.dirname(require.resolve("mongoose/package.json"))] }),
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the driver's connection class is internal
  const { Connection: DriverConnection } = require(path.join(driver, "lib/cmap/connection")) as {
    Connection: DriverConnectionClass;
  };
  if (typeof DriverConnection?.prototype?.onClose !== "function")
    throw new Error(`the store driver at ${driver} has no Connection.onClose: connectionEndingWithStore needs a look`);
  endingConnection = class EndingConnection extends DriverConnection {
    constructor(stream: Socket, options: unknown) {
      super(stream, options);
      stream.once("end", () => this.onClose());
    }
  };
  return endingConnection;
}

/** One connection per service database (a service owns its database; no service reads another's). */
export async function connectMongo(url: string, dbName: string, logger: Logger): Promise<Connection> {
  const conn = mongooseLib().createConnection(url, {
    dbName,
    ...STORE_RIDE_THROUGH,
    // @ts-expect-error -- the driver's option for its connection class, left out of its public types
    connectionType: connectionEndingWithStore(),
    autoIndex: true,
    autoCreate: true,
  });
  conn.on("disconnected", () => logger.warn({ db: dbName }, "mongo disconnected"));
  conn.on("reconnected", () => logger.info({ db: dbName }, "mongo reconnected"));
  await conn.asPromise();
  return conn;
}

export function mongoReadiness(conn: Connection): ReadinessCheck {
  return {
    name: "mongo",
    check: async () => {
      if (!conn.db) throw new Error("not connected");
      await conn.db.command({ ping: 1 });
    },
  };
}

export interface StoreWatchOptions {
  /** This process's own connection: does it answer? */
  ping: () => Promise<unknown>;
  /** A fresh connection to the same store: is the store itself up? */
  probe: () => Promise<unknown>;
  /** Called once when the own connection has failed this long while a fresh one works. */
  onStuck: () => void;
  logger: Logger;
  intervalMs?: number;
  stuckAfterMs?: number;
}

/**
 * A watchdog for a client that does not come back after its store restarted. Seen with FerretDB restarts under
 * load (the fault campaign, docs/operations.md): now and then one process's driver kept failing every operation with
 * the server selection error of a connection closed by the restart, held no connection to the store and never tried
 * again, while every other process had reconnected within seconds. When the own connection has failed with such an
 * outage error (`isOutage`: a slow answer is not one — a busy store is slow for everyone) for `stuckAfterMs` and a
 * fresh connection answers, the process is unwell, not the store: `onStuck` (the service exits and its supervisor
 * starts it again, like a failing liveness probe). Nothing happens while the store is down or merely slow.
 */
export function watchStore(opts: StoreWatchOptions): () => void {
  const interval = opts.intervalMs ?? 5_000;
  const stuckAfter = opts.stuckAfterMs ?? 30_000;
  let failingSince: number | undefined;
  let fired = false;
  let busy = false;
  const tick = async () => {
    if (busy || fired) return;
    busy = true;
    try {
      await opts.ping();
      failingSince = undefined;
    } catch (err) {
      if (!isOutage(err)) {
        failingSince = undefined;
        return;
      }
      failingSince ??= Date.now();
      if (Date.now() - failingSince >= stuckAfter) {
        const storeUp = await opts.probe().then(
          () => true,
          () => false,
        );
        if (storeUp && !fired) {
          fired = true;
          opts.logger.fatal(
            { err, failingForMs: Date.now() - failingSince },
            "the store answers a new connection but not this process's: restarting",
          );
          opts.onStuck();
        }
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), interval);
  timer.unref();
  return () => clearInterval(timer);
}

/** `watchStore` for a mongoose connection: the driver's own ping (its errors say why); the probe is a new client. */
export function watchMongo(conn: Connection, url: string, logger: Logger, onStuck: () => void): () => void {
  return watchStore({
    logger,
    onStuck,
    ping: () => {
      if (!conn.db) return Promise.reject(new Error("not connected"));
      return conn.db.command({ ping: 1 });
    },
    probe: async () => {
      const client = new (mongooseLib().mongo.MongoClient)(url, { serverSelectionTimeoutMS: 3_000, maxPoolSize: 1 });
      try {
        await client.db("admin").command({ ping: 1 });
      } finally {
        await client.close().catch(() => undefined);
      }
    },
  });
}
