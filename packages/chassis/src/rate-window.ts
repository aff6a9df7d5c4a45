import type { Redis } from "./redis";

/** At most `max` hits per `windowSeconds`. */
export interface RateWindow {
  max: number;
  windowSeconds: number;
}

// KEYS[1]: the counter; ARGV: max, window seconds. → 0 under the limit, else the seconds until the window ends.
// A counter without an expiry (never left so, but a key written by hand could be) gets the window's.
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

type HitRedis = Redis & { genuiRateWindowHit(key: string, max: number, windowSeconds: number): Promise<number> };

/**
 * Fixed-window counters in Redis, shared by every copy of a service: one script call per hit (the increment, the
 * expiry and the answer are one atomic step, so concurrent requests on any copy never slip past the limit). Used for
 * billing's top-up orders per user and apps' OAuth endpoints per address and client.
 */
export class RateWindows {
  private readonly redis: HitRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = redis as HitRedis;
    if (!("genuiRateWindowHit" in redis)) redis.defineCommand("genuiRateWindowHit", { numberOfKeys: 1, lua: HIT });
  }

  /** Counts a hit on `key`: 0 under the limit, else the seconds until its window ends. */
  async hit(key: string, limit: RateWindow): Promise<number> {
    return Number(await this.redis.genuiRateWindowHit(`${this.prefix}${key}`, limit.max, limit.windowSeconds));
  }
}
