import type { Redis } from "@genui/chassis";
import { OpenAIError } from "../http/openai-error";
import { utcDay, type KeyOwner, type KeyUse } from "../domain/access";

export const secretKeyInBrowser = () =>
  new OpenAIError(
    403,
    "This is your app's secret key (gk_live_…) and it was sent from a web page (the request carries an Origin header). " +
      "Secret keys are for servers only: anyone who can read the page could spend your balance with it. In pages use " +
      "the app's publishable key (gk_pub_…, on your dashboard), which renders only from your app's own origin; if this " +
      "secret key was ever published, rotate it.",
    "permission_error",
    "secret_key_in_browser",
  );

export const publishableKeyOriginMismatch = (allowed: string, origin: string | undefined) =>
  new OpenAIError(
    403,
    `This publishable key (gk_pub_…) is accepted only from its app's origin, ${allowed}, and this request came ` +
      `${origin ? `from ${origin}` : "without an Origin header"}. Use it in pages of ${allowed}; servers use the app's secret key.`,
    "permission_error",
    "publishable_key_origin_mismatch",
  );

export const publishableKeyRoute = () =>
  new OpenAIError(
    403,
    "A publishable key (gk_pub_…) may only render screens in web pages (POST /apps/api/v1/retrieve/). Call chat " +
      "completions and the models list from your server with the app's secret key.",
    "permission_error",
    "publishable_key_route",
  );

export const publishableRateLimited = (retryAfter: number) =>
  new OpenAIError(
    429,
    `Rate limit reached for this publishable key. Try again in ${retryAfter} seconds.`,
    "requests",
    "rate_limit_exceeded",
    null,
    { "retry-after": String(retryAfter) },
  );

/** 429 (so pages back off) with `x-should-retry: false`: retrying before the next UTC day cannot help. */
export const dailySpendCapReached = (retryAfter: number) =>
  new OpenAIError(
    429,
    "This app's daily spend cap for its publishable key is reached: no more screens are generated from web pages " +
      "today (UTC). Screens from code still render. The app's owner can raise the cap on the dashboard.",
    "insufficient_quota",
    "daily_spend_cap_reached",
    null,
    { "retry-after": String(retryAfter), "x-should-retry": "false" },
  );

/**
 * Which key may be used how. Secret keys: anything, but never from a browser (a request carrying an Origin header:
 * browsers add it to cross-origin requests and to every POST; servers' HTTP clients do not). Publishable keys: only
 * retrieve, only from the app's own origin.
 */
export function checkKeyUse(owner: KeyOwner, origin: string | undefined, use: KeyUse): void {
  if (owner.kind === "secret") {
    if (origin !== undefined) throw secretKeyInBrowser();
    return;
  }
  if (use !== "retrieve") throw publishableKeyRoute();
  if (origin !== owner.allowedOrigin) throw publishableKeyOriginMismatch(owner.allowedOrigin, origin);
}

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
