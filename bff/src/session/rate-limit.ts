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

/** Fixed-window counters in Redis, shared by every BFF instance. */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "rl:",
  ) {}

  /** Counts a hit; resolves the seconds to wait when over the limit, else 0. */
  async hit(key: string, limit: Limit): Promise<number> {
    const k = `${this.prefix}${key}`;
    const res = await this.redis.multi().incr(k).expire(k, limit.windowSeconds, "NX").ttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? limit.windowSeconds);
    return count > limit.max ? Math.max(1, ttl) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}${key}`);
  }
}

export const tooManyRequests = (what: string, retryAfter: number) =>
  bffError(BFF_ERRORS.RATE_LIMITED, `Too many ${what}. Try again in ${retryAfter} seconds.`, {
    retryAfterSeconds: retryAfter,
  });
