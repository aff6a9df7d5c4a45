import type { Redis } from "@genui/chassis";
import type { RateLimit } from "../domain/oauth";

// KEYS[1]: the counter; ARGV: max, window seconds. → 0 under the limit, else the seconds until the window ends.
const HIT = `
local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("TTL", KEYS[1])
if ttl < 0 then
  redis.call("EXPIRE", KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
if count > tonumber(ARGV[1]) then return math.max(1, ttl) end
return 0
`;

type LimiterRedis = Redis & { genuiAppsRateHit(key: string, max: number, windowSeconds: number): Promise<number> };

/**
 * Fixed-window counters in Redis, shared by every copy of apps (the OAuth endpoints' per-address and per-client
 * budgets): one script call per hit.
 */
export class RateLimiter {
  private readonly redis: LimiterRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = redis as LimiterRedis;
    if (!("genuiAppsRateHit" in redis)) redis.defineCommand("genuiAppsRateHit", { numberOfKeys: 1, lua: HIT });
  }

  /** Counts a hit; resolves the seconds to wait when over the limit, else 0. */
  async hit(key: string, limit: RateLimit): Promise<number> {
    return Number(await this.redis.genuiAppsRateHit(`${this.prefix}${key}`, limit.max, limit.windowSeconds));
  }
}
