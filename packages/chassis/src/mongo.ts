import mongoose, { type Connection } from "mongoose";
import type { ReadinessCheck } from "./http";
import type { Logger } from "./logger";

/** One connection per service database (a service owns its database; no service reads another's). */
export async function connectMongo(url: string, dbName: string, logger: Logger): Promise<Connection> {
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
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
