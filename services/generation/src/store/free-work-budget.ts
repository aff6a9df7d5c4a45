import type { Redis } from "@genui/chassis";
import type { RateLimit, Tenant } from "../domain/capacity";
import { sandboxTimeExceeded } from "../domain/errors";

// KEYS: the caller's and the paying account's counters (ms used this window). ARGV: the caller's budget, the account's.
// → 0 when both have time left, else the seconds until the spent window ends (the longer wait when both are spent).
const CHECK = `
local wait = 0
for i = 1, 2 do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[i]) then
    local ttl = redis.call('TTL', KEYS[i])
    if ttl < 1 then ttl = 1 end
    if ttl > wait then wait = ttl end
  end
end
return wait`;

// KEYS: both counters. ARGV: ms to add, window seconds. A counter's window starts with its first charge.
const CHARGE = `
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], ARGV[1])
  redis.call('EXPIRE', KEYS[i], ARGV[2], 'NX')
end
return 0`;

type BudgetRedis = Redis & {
  genuiFreeWorkCheck(a: string, b: string, maxA: number, maxB: number): Promise<number>;
  genuiFreeWorkCharge(a: string, b: string, ms: number, windowSeconds: number): Promise<number>;
};

/**
 * Sandbox time for work that costs the caller nothing (code-only evaluations: retrieve with code, auth-retrieve, the
 * template preview), counted in Redis across every API process. Each caller (a signed-in user, or one API key) has
 * `perCaller` milliseconds of sandbox time per window, and the paying account `perAccount` across all its keys and
 * its own session: code that makes the sandbox work to its limit on every call (each one stopped at the deadline)
 * runs out of free time quickly, while ordinary screens (a few ms each) never do. A request is admitted while time is
 * left and charged what the worker measured once its answer is in, so a burst admitted together can overshoot by at
 * most one evaluation each.
 */
export class FreeWorkBudget {
  private readonly redis: BudgetRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly perCaller: RateLimit,
    private readonly perAccount: RateLimit,
  ) {
    this.redis = redis as BudgetRedis;
    if (!("genuiFreeWorkCheck" in redis)) {
      redis.defineCommand("genuiFreeWorkCheck", { numberOfKeys: 2, lua: CHECK });
      redis.defineCommand("genuiFreeWorkCharge", { numberOfKeys: 2, lua: CHARGE });
    }
  }

  private keys(tenant: Tenant): [string, string] {
    return [`${this.prefix}gen:free-ms:${tenant.bucket}`, `${this.prefix}gen:free-ms:account:${tenant.owner}`];
  }

  /** Throws the 429 (with Retry-After) when the caller's or the account's free sandbox time is used up. */
  async admit(tenant: Tenant): Promise<void> {
    const [a, b] = this.keys(tenant);
    const wait = Number(await this.redis.genuiFreeWorkCheck(a, b, this.perCaller.max, this.perAccount.max));
    if (wait > 0) throw sandboxTimeExceeded(tenant.label, this.perCaller, wait);
  }

  /** Adds what an evaluation used (ms, rounded up) to the caller's and the account's time. */
  async charge(tenant: Tenant, ms: number): Promise<void> {
    if (!(ms > 0)) return;
    const [a, b] = this.keys(tenant);
    const windowSeconds = Math.max(this.perCaller.windowSeconds, this.perAccount.windowSeconds);
    await this.redis.genuiFreeWorkCharge(a, b, Math.ceil(ms), windowSeconds);
  }
}
