import { Redis } from "ioredis";
import type { ReadinessCheck } from "./http";
import type { Logger } from "./logger";

export { Redis } from "ioredis";

/**
 * The project's one Redis client. `maxRetriesPerRequest: null` is what BullMQ requires of its connections and
 * suits sessions too: commands wait for a reconnect instead of failing at once.
 */
export function createRedis(url: string, name: string, logger: Logger): Redis {
  const redis = new Redis(url, { connectionName: name, maxRetriesPerRequest: null, enableReadyCheck: true });
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
