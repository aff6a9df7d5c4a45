import type { Logger, Redis } from "@genui/chassis";
import type { ClassLimits, Refusal, Slot, Tenant, WorkClass } from "../domain/capacity";

// One round trip, atomic across every API process: expired places are dropped (a crashed process's), the caller's and
// the owner's places are counted, then the window's counter; only an admitted request takes places and counts.
// Time is Redis's, so the processes' clocks need not agree.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[6])
for i = 2, 3 do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[i + 1]) then return {i, 0} end
end
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
if n > tonumber(ARGV[1]) then return {1, ttl} end
for i = 2, 3 do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[5])
  if redis.call('PTTL', KEYS[i]) < lease then redis.call('PEXPIRE', KEYS[i], lease) end
end
return {0, 0}
`;

// Pushes the lease of places still held (XX: a place released meanwhile is not brought back).
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], 'XX', now + lease, ARGV[i + 1])
  if redis.call('PTTL', KEYS[i]) < lease then redis.call('PEXPIRE', KEYS[i], lease) end
end
return 0
`;

// Gives the places back: one command for both sets.
const RELEASE = `
for i = 1, #KEYS do redis.call('ZREM', KEYS[i], ARGV[1]) end
return 0
`;

/** The scripts as commands of the client: sent by their hash (EVALSHA), not as a script body on every request. */
type CapacityRedis = Redis & {
  genuiCapacityAcquire(...args: (string | number)[]): Promise<[number, number]>;
  genuiCapacityRenew(...args: (string | number)[]): Promise<number>;
  genuiCapacityRelease(...args: (string | number)[]): Promise<number>;
};

export interface CapacityOptions {
  redis: Redis;
  logger: Logger;
  /** REDIS_KEY_PREFIX. */
  prefix: string;
  /** How long a place lasts without renewal: the longest a crashed process can keep one. */
  leaseMs: number;
  limits: Record<WorkClass, ClassLimits>;
}

/**
 * Per-tenant rate and concurrency limits in Redis, shared by every copy of the API process (no counter lives in a
 * process). A request takes a place in its caller's set and in its owner's set (sorted sets scored by lease expiry);
 * one timer per process renews the leases of the places it holds, and releasing removes them.
 */
export class Capacity {
  /** Places this process holds: member → the sets it is in. */
  private readonly held = new Map<string, string[]>();
  private timer?: NodeJS.Timeout;
  private readonly redis: CapacityRedis;

  constructor(private readonly opts: CapacityOptions) {
    const redis = opts.redis;
    this.redis = redis as CapacityRedis;
    if (!("genuiCapacityAcquire" in redis)) {
      // numberOfKeys is given per call (the renewal's varies).
      redis.defineCommand("genuiCapacityAcquire", { lua: ACQUIRE });
      redis.defineCommand("genuiCapacityRenew", { lua: RENEW });
      redis.defineCommand("genuiCapacityRelease", { lua: RELEASE });
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.opts.leaseMs / 3)));
    this.timer.unref();
  }

  /** Stops renewing and gives back every place this process holds. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    const pipe = this.opts.redis.pipeline();
    for (const [member, keys] of this.held) for (const k of keys) pipe.zrem(k, member);
    this.held.clear();
    await pipe.exec().catch(() => undefined);
  }

  private key(cls: WorkClass, kind: string, id: string): string {
    return `${this.opts.prefix}gen:cap:${cls}:${kind}:${id}`;
  }

  /** Takes a place for request `member`, or says why not. Throws when Redis cannot answer. */
  async acquire(cls: WorkClass, tenant: Tenant, member: string): Promise<Slot | Refusal> {
    const l = this.opts.limits[cls];
    const keys = [
      this.key(cls, "rate", tenant.bucket),
      this.key(cls, "open", tenant.bucket),
      this.key(cls, "share", tenant.owner),
    ];
    const [code, ttl] = await this.redis.genuiCapacityAcquire(
      3,
      ...keys,
      l.rate.max,
      l.rate.windowSeconds,
      l.concurrency,
      l.share,
      member,
      this.opts.leaseMs,
    );
    if (code === 1) return { kind: "rate", limit: l.rate, retryAfter: Math.max(1, ttl) };
    if (code === 2) return { kind: "concurrency", limit: l.concurrency };
    if (code === 3) return { kind: "share", limit: l.share };
    const sets = keys.slice(1);
    this.held.set(member, sets);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(member);
        try {
          await this.redis.genuiCapacityRelease(2, sets[0]!, sets[1]!, member);
        } catch (err) {
          // The lease runs out on its own.
          this.opts.logger.warn({ err }, "a capacity place was not released; its lease will end it");
        }
      },
    };
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const pairs: [string, string][] = [];
    for (const [member, keys] of this.held) for (const k of keys) pairs.push([k, member]);
    for (let i = 0; i < pairs.length; i += 500) {
      const batch = pairs.slice(i, i + 500);
      try {
        await this.redis.genuiCapacityRenew(
          batch.length,
          ...batch.map((p) => p[0]),
          this.opts.leaseMs,
          ...batch.map((p) => p[1]),
        );
      } catch (err) {
        this.opts.logger.warn({ err }, "capacity leases not renewed");
      }
    }
  }
}
