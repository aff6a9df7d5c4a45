import type { Redis } from "@genui/chassis";
import { utcDay } from "../domain/access";
import { dailySpendCapReached, publishableRateLimited } from "../domain/errors";

// KEYS: the day's counter. ARGV: amount, cap, ttl seconds. → {1, spent} reserved, or {0, spent} over the cap.
const RESERVE = `
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
local amount = tonumber(ARGV[1])
if spent + amount > tonumber(ARGV[2]) then return {0, spent} end
spent = redis.call('INCRBY', KEYS[1], amount)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return {1, spent}`;

/** A reservation against one app's day: corrected to the real cost once it is known, or released. */
export interface SpendReservation {
  key: string;
  micros: number;
}

/**
 * The publishable keys' own limits, in Redis so every API process shares them: a fixed-window request budget per
 * key, and the owner's daily spend cap. The cap is enforced by reserving each request's most possible cost (the
 * same bound billing holds) with one Lua script that checks and adds atomically, so a concurrent burst can never
 * reserve past the cap; the reservation is corrected to the real cost when the answer ends.
 */
export class PublishableLimits {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly rate: { max: number; windowSeconds: number },
  ) {}

  /** Counts a request of the app's publishable key; throws 429 with Retry-After past the budget. */
  async hit(appId: string): Promise<void> {
    const k = `${this.prefix}pubkey:rate:${appId}`;
    const res = await this.redis.multi().incr(k).expire(k, this.rate.windowSeconds, "NX").ttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? this.rate.windowSeconds);
    if (count > this.rate.max) throw publishableRateLimited(Math.max(1, ttl));
  }

  /** Reserves `micros` of today's cap; throws `daily_spend_cap_reached` when it does not fit. */
  async reserve(appId: string, capMicros: number, micros: number, now = Date.now()): Promise<SpendReservation> {
    const { day, secondsLeft } = utcDay(now);
    const key = `${this.prefix}pubkey:spent:${appId}:${day}`;
    // The counter outlives its day by a day, so a late correction finds it.
    const [ok] = (await this.redis.eval(RESERVE, 1, key, micros, capMicros, secondsLeft + 86_400)) as [number, number];
    if (ok !== 1) throw dailySpendCapReached(secondsLeft);
    return { key, micros };
  }

  /** Corrects a reservation to what the request really cost. */
  async settle(r: SpendReservation, realMicros: number): Promise<void> {
    if (realMicros !== r.micros) await this.redis.incrby(r.key, realMicros - r.micros);
  }

  /** Gives a reservation back (the request never ran). */
  async release(r: SpendReservation): Promise<void> {
    await this.settle(r, 0);
  }
}
