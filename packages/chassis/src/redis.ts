import { Redis } from "ioredis";
import type { ReadinessCheck } from "./http";
import type { Logger } from "./logger";

export { Redis } from "ioredis";

/**
 * The project's one Redis client. `maxRetriesPerRequest: null` is what BullMQ requires of its connections and
 * suits sessions too: commands wait for a reconnect instead of failing at once. Auto-pipelining sends the commands
 * issued in one turn of the event loop in one write (in order, each answered as before; ioredis leaves transactions
 * and connection commands out): at 64 streams it took 5–6 % of the CPU per request across the BFF, the API, the
 * worker, billing and Redis (docs/performance.md, "Redis commands of one turn in one write").
 */
export function createRedis(url: string, name: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    enableAutoPipelining: true,
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
