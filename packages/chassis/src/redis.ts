import { Redis } from "ioredis";
import type { ReadinessCheck } from "./http";
import type { Logger } from "./logger";

export { Redis } from "ioredis";

export interface RedisOptions {
  /**
   * Auto-pipelining (default on). Off for a connection that BullMQ defines its scripts on: ioredis copies every script
   * of a client into each pipeline it makes, and an auto-pipelined client makes one in every turn that sends. With
   * BullMQ's 64 scripts a pipeline took 23.5 µs to make instead of 1.8, and the copies outlived the turn: 45 % of what
   * the API process kept past its young generation (docs/performance.md, "BullMQ's scripts off the API's client").
   */
  autoPipelining?: boolean;
}

/**
 * The project's one Redis client. `maxRetriesPerRequest: null` is what BullMQ requires of its connections and
 * suits sessions too: commands wait for a reconnect instead of failing at once. Auto-pipelining sends the commands
 * issued in one turn of the event loop in one write (in order, each answered as before; ioredis leaves transactions
 * and connection commands out): at 64 streams it took 5–6 % of the CPU per request across the BFF, the API, the
 * worker, billing and Redis (docs/performance.md, "Redis commands of one turn in one write").
 */
export function createRedis(url: string, name: string, logger: Logger, opts: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    enableAutoPipelining: opts.autoPipelining ?? true,
  });
  redis.on("error", (err: Error) => logger.warn({ err: err.message, redis: name }, "redis error"));
  return redis;
}

export function redisReadiness(redis: Redis): ReadinessCheck {
  return {
    name: "redis",
    check: async () => {
      const pong = await redis.ping();
      if (pong !== "PONG") throw new Error(`unexpected ping answer ${pong}`);
    },
  };
}
