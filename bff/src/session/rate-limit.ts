import type { Redis } from "@genui/chassis";
import { BFF_ERRORS, bffError } from "../errors";

/** "N/seconds", e.g. "10/900": at most N hits per window. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export function parseLimit(spec: string): Limit {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`"${spec}" is not a rate limit like 10/900`);
  return { max: Number(m[1]), windowSeconds: Number(m[2]) };
}

// KEYS[1]: the counter; ARGV: max, window seconds. → 0 under the limit, else the seconds until the window ends.
// A counter without an expiry (none is ever left so, but a key written by hand could be) gets the window's.
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

type LimiterRedis = Redis & { genuiRateHit(key: string, max: number, windowSeconds: number): Promise<number> };

/**
 * Fixed-window counters in Redis, shared by every BFF instance. A hit is one script call (one round trip, one
 * command): every published API request makes one, and a MULTI of INCR, EXPIRE and TTL cost the BFF three times the
 * CPU (docs/performance.md).
 */
export class RateLimiter {
  private readonly redis: LimiterRedis;

  constructor(
    redis: Redis,
    private readonly prefix = "rl:",
  ) {
    this.redis = redis as LimiterRedis;
    if (!("genuiRateHit" in redis)) redis.defineCommand("genuiRateHit", { numberOfKeys: 1, lua: HIT });
  }

  /** Counts a hit; resolves the seconds to wait when over the limit, else 0. */
  async hit(key: string, limit: Limit): Promise<number> {
    return Number(await this.redis.genuiRateHit(`${this.prefix}${key}`, limit.max, limit.windowSeconds));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}${key}`);
  }
}

export const tooManyRequests = (what: string, retryAfter: number) =>
  bffError(BFF_ERRORS.RATE_LIMITED, `Too many ${what}. Try again in ${retryAfter} seconds.`, {
    retryAfterSeconds: retryAfter,
  });
