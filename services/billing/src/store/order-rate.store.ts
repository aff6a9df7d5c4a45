import { RateWindows, type Redis } from "@genui/chassis";

/** At most `max` hits per `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * A fixed-window counter per user in Redis, shared by every billing process (chassis's RateWindows: one atomic script
 * call, so concurrent requests on any copy never slip past the limit).
 */
export class OrderRateStore {
  private readonly windows: RateWindows;

  constructor(
    redis: Redis,
    prefix: string,
    readonly limit: RateLimit,
  ) {
    this.windows = new RateWindows(redis, prefix);
  }

  /** Counts one request of `userId`: 0 under the limit, else the seconds until its window ends. */
  hit(userId: string): Promise<number> {
    return this.windows.hit(`rl:topup-order:${userId}`, this.limit);
  }
}
