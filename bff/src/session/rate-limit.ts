import { RateWindows, type Redis } from "@genui/chassis";
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

// KEYS: counters, checked in order; ARGV: per key its mode ("hit" or "peek"), max and window seconds. A "hit" counts
// like RateWindows' hit and stops the request over its max; a "peek" counts nothing and stops it when the counter (counted
// elsewhere) has reached its max. → { 0, 0 } when every one lets it through, else { the 1-based index of the one that
// stopped it, the seconds until its window ends }; the counters after that one are not touched.
const CHECK = `
for i, key in ipairs(KEYS) do
  local mode = ARGV[3 * i - 2]
  local max = tonumber(ARGV[3 * i - 1])
  local window = tonumber(ARGV[3 * i])
  local count
  if mode == "hit" then
    count = redis.call("INCR", key)
  else
    count = tonumber(redis.call("GET", key) or "0")
  end
  if count > 0 then
    local ttl = redis.call("TTL", key)
    if ttl < 0 then
      redis.call("EXPIRE", key, window)
      ttl = window
    end
    if (mode == "hit" and count > max) or (mode ~= "hit" and count >= max) then return { i, math.max(1, ttl) } end
  end
end
return { 0, 0 }
`;

/** One counter of a `check`: `hit` counts this request; `peek` only reads a counter that `hit` calls feed elsewhere. */
export interface LimitCheck {
  key: string;
  limit: Limit;
  mode: "hit" | "peek";
}

type LimiterRedis = Redis & {
  genuiRateCheck(...args: (string | number)[]): Promise<[number, number]>;
};

/**
 * Fixed-window counters in Redis, shared by every BFF instance. A hit is one script call (one round trip, one
 * command): every published API request makes one, and a MULTI of INCR, EXPIRE and TTL cost the BFF three times the
 * CPU (docs/performance.md).
 */
export class RateLimiter {
  private readonly redis: LimiterRedis;
  private readonly windows: RateWindows;

  constructor(
    redis: Redis,
    private readonly prefix = "rl:",
  ) {
    this.redis = redis as LimiterRedis;
    this.windows = new RateWindows(redis, prefix);
    if (!("genuiRateCheck" in redis)) redis.defineCommand("genuiRateCheck", { lua: CHECK });
  }

  /** Counts a hit (one script call: chassis's RateWindows); resolves the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: Limit): Promise<number> {
    return this.windows.hit(key, limit);
  }

  /**
   * Several limits of one request in one script call (one round trip), in order: resolves undefined when every one
   * lets it through, else the check that stopped it and the seconds to wait. The checks after it count nothing.
   */
  async check<C extends LimitCheck>(checks: readonly C[]): Promise<{ check: C; retryAfter: number } | undefined> {
    if (checks.length === 0) return undefined;
    const args = checks.flatMap((c) => [c.mode, c.limit.max, c.limit.windowSeconds]);
    const [index, wait] = await this.redis.genuiRateCheck(checks.length, ...checks.map((c) => `${this.prefix}${c.key}`), ...args);
    return index > 0 ? { check: checks[index - 1]!, retryAfter: Number(wait) } : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}${key}`);
  }
}

export const tooManyRequests = (what: string, retryAfter: number) =>
  bffError(BFF_ERRORS.RATE_LIMITED, `Too many ${what}. Try again in ${retryAfter} seconds.`, {
    retryAfterSeconds: retryAfter,
  });
