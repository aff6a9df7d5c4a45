import type { Redis } from "@genui/chassis";

/** At most `max` hits per `windowSeconds`. */
export interface RateLimit {
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

type HitRedis = Redis & { genuiOrderRateHit(key: string, max: number, windowSeconds: number): Promise<number> };

/**
 * A fixed-window counter per user in Redis, shared by every billing process (one script call: the increment, the
 * expiry and the answer are one atomic step, so concurrent requests on any copy never slip past the limit).
 */
export class OrderRateStore {
  private readonly redis: HitRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    readonly limit: RateLimit,
  ) {
    this.redis = redis as HitRedis;
    if (!("genuiOrderRateHit" in redis)) redis.defineCommand("genuiOrderRateHit", { numberOfKeys: 1, lua: HIT });
  }

  /** Counts one request of `userId`: 0 under the limit, else the seconds until its window ends. */
  async hit(userId: string): Promise<number> {
    const key = `${this.prefix}rl:topup-order:${userId}`;
    return Number(await this.redis.genuiOrderRateHit(key, this.limit.max, this.limit.windowSeconds));
  }
}
