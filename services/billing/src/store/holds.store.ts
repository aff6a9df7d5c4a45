import type { Redis } from "@genui/chassis";

/**
 * Balance holds, in Redis: the hot path of every generation request. Each wallet has a mirror of its balance (the
 * store's balance and its version; the store stays the source of truth) next to its live holds, and one Lua script
 * checks `balance − holds ≥ amount` and places the hold atomically, so concurrent authorisations can never overdraw.
 *
 * Keys (P = REDIS_KEY_PREFIX): `P wallet:{id}` hash { b: balance, v: version, h: held total };
 * `P wallet:{id}:amt` hash hold id → amount; `P wallet:{id}:exp` sorted set hold id by expiry (ms);
 * `P wallet:{id}:grant:<hold id>` hash { g: amount granted, c: amount captured by usage }, kept a day past the hold
 * (usage is clamped to what was granted, also when it arrives after the hold expired).
 * Expired holds are dropped by the next script that touches the wallet.
 */

// Drops expired holds of the wallet (shared prologue of the scripts).
const EXPIRE = `
local function expire(now)
  local gone = redis.call("zrangebyscore", KEYS[3], "-inf", now)
  for _, id in ipairs(gone) do
    local a = tonumber(redis.call("hget", KEYS[2], id) or "0")
    redis.call("hincrby", KEYS[1], "h", -a)
    redis.call("hdel", KEYS[2], id)
    redis.call("zrem", KEYS[3], id)
  end
end
`;

// ARGV: holdId, amount, now, expiresAt, grantTtlMs. → { 1|0|-1, held, available }; -1: no mirror (load the wallet
// first). KEYS[4] is the hold's grant record. One hold per hold id, ever: a repeat while it lives is that hold, and a
// repeat after it was settled by its usage (or expired) is answered from its grant record without placing another
// (a request asked again after a lost reply must never reserve, nor be charged, twice).
const AUTHORIZE = `${EXPIRE}
if redis.call("exists", KEYS[1]) == 0 then return { -1, 0, 0 } end
expire(ARGV[3])
local b = tonumber(redis.call("hget", KEYS[1], "b") or "0")
local h = tonumber(redis.call("hget", KEYS[1], "h") or "0")
local existing = redis.call("hget", KEYS[2], ARGV[1])
if existing then return { 1, tonumber(existing), b - h } end
local granted = redis.call("hget", KEYS[4], "g")
if granted then return { 1, tonumber(granted), b - h } end
local amount = tonumber(ARGV[2])
if b - h < amount then return { 0, 0, b - h } end
redis.call("hset", KEYS[2], ARGV[1], amount)
redis.call("zadd", KEYS[3], ARGV[4], ARGV[1])
redis.call("hincrby", KEYS[1], "h", amount)
if redis.call("hexists", KEYS[4], "g") == 0 then
  redis.call("hset", KEYS[4], "g", amount)
  redis.call("pexpire", KEYS[4], ARGV[5])
end
return { 1, amount, b - h - amount }
`;

// Usage settling a hold: how much of `cost` may be debited. ARGV: holdId, cost, now, expiresAt.
// → { status, allowed, granted }; status -1: no mirror (load the wallet first); granted -1: no hold was ever placed.
// The debit is at most the hold's amount. A live hold already reserves it; a hold that expired before its usage came
// no longer does, so the debit is then also at most what is available now, and that much is reserved again under the
// same hold id (released when the debit is carried). The first answer is remembered: a redelivered event gets the
// same amount, and nothing is reserved twice.
const CAPTURE = `${EXPIRE}
if redis.call("exists", KEYS[1]) == 0 then return { -1, 0, 0 } end
expire(ARGV[3])
local g = redis.call("hmget", KEYS[4], "g", "c")
local granted = tonumber(g[1] or "-1")
if g[2] then return { 1, tonumber(g[2]), granted } end
local cost = math.max(0, tonumber(ARGV[2]))
local live = redis.call("hget", KEYS[2], ARGV[1])
local allowed = 0
if live then
  allowed = math.min(cost, tonumber(live))
elseif granted >= 0 then
  local b = tonumber(redis.call("hget", KEYS[1], "b") or "0")
  local h = tonumber(redis.call("hget", KEYS[1], "h") or "0")
  allowed = math.max(0, math.min(cost, granted, b - h))
  if allowed > 0 then
    redis.call("hset", KEYS[2], ARGV[1], allowed)
    redis.call("zadd", KEYS[3], ARGV[4], ARGV[1])
    redis.call("hincrby", KEYS[1], "h", allowed)
  end
end
if granted >= 0 then redis.call("hset", KEYS[4], "c", allowed) end
return { 1, allowed, granted }
`;

// ARGV: balance, version, now, holdId... → sets the mirror when the version is newer (or it is missing) and releases
// the named holds. Returns the number of holds released.
const SYNC = `${EXPIRE}
local v = tonumber(redis.call("hget", KEYS[1], "v") or "-1")
if v < tonumber(ARGV[2]) then
  redis.call("hset", KEYS[1], "b", ARGV[1], "v", ARGV[2])
  if redis.call("hexists", KEYS[1], "h") == 0 then redis.call("hset", KEYS[1], "h", 0) end
end
expire(ARGV[3])
local released = 0
for i = 4, #ARGV do
  local a = redis.call("hget", KEYS[2], ARGV[i])
  if a then
    redis.call("hincrby", KEYS[1], "h", -tonumber(a))
    redis.call("hdel", KEYS[2], ARGV[i])
    redis.call("zrem", KEYS[3], ARGV[i])
    released = released + 1
  end
end
return released
`;

// ARGV: now. → { balance, version, held, count } after dropping expired holds; version -1 when no mirror.
const INSPECT = `${EXPIRE}
if redis.call("exists", KEYS[1]) == 0 then return { 0, -1, 0, 0 } end
expire(ARGV[1])
return { tonumber(redis.call("hget", KEYS[1], "b") or "0"), tonumber(redis.call("hget", KEYS[1], "v") or "0"),
  tonumber(redis.call("hget", KEYS[1], "h") or "0"), redis.call("hlen", KEYS[2]) }
`;

/** How long a hold's grant record outlives the hold (late usage is still clamped to it). */
const GRANT_RETENTION_MS = 24 * 3_600_000;

type HoldRedis = Redis & {
  genuiAuthorize(k1: string, k2: string, k3: string, k4: string, ...args: (string | number)[]): Promise<[number, number, number]>;
  genuiCapture(k1: string, k2: string, k3: string, k4: string, ...args: (string | number)[]): Promise<[number, number, number]>;
  genuiSync(k1: string, k2: string, k3: string, ...args: (string | number)[]): Promise<number>;
  genuiInspect(k1: string, k2: string, k3: string, now: number): Promise<[number, number, number, number]>;
};

export interface HoldResult {
  /** 1 placed (or already there), 0 insufficient, -1 the wallet has no mirror yet. */
  status: 1 | 0 | -1;
  held: number;
  available: number;
}

export interface CaptureResult {
  /** 1 answered, -1 the wallet has no mirror yet. */
  status: 1 | -1;
  /** What may be debited: the cost, clamped to the hold (and, for an expired hold, to what is available now). */
  allowed: number;
  /** The amount the hold was granted; -1 when no hold was ever placed under this id (or its record is gone). */
  granted: number;
}

export interface HoldState {
  balance: number;
  /** -1 when the wallet has no mirror. */
  version: number;
  held: number;
  holds: number;
}

export class Holds {
  private readonly redis: HoldRedis;

  constructor(
    redis: Redis,
    private readonly prefix = "",
  ) {
    this.redis = redis as HoldRedis;
    if (!("genuiAuthorize" in redis)) {
      redis.defineCommand("genuiAuthorize", { numberOfKeys: 4, lua: AUTHORIZE });
      redis.defineCommand("genuiCapture", { numberOfKeys: 4, lua: CAPTURE });
      redis.defineCommand("genuiSync", { numberOfKeys: 3, lua: SYNC });
      redis.defineCommand("genuiInspect", { numberOfKeys: 3, lua: INSPECT });
    }
  }

  private keys(walletId: string): [string, string, string] {
    const base = `${this.prefix}wallet:{${walletId}}`;
    return [base, `${base}:amt`, `${base}:exp`];
  }

  /** The hold's grant record: in the wallet's hash slot, so the scripts may touch it with the wallet's keys. */
  private grantKey(walletId: string, holdId: string): string {
    return `${this.prefix}wallet:{${walletId}}:grant:${holdId}`;
  }

  async place(walletId: string, holdId: string, amount: number, ttlMs: number, now = Date.now()): Promise<HoldResult> {
    const [status, held, available] = await this.redis.genuiAuthorize(
      ...this.keys(walletId),
      this.grantKey(walletId, holdId),
      holdId,
      amount,
      now,
      now + ttlMs,
      ttlMs + GRANT_RETENTION_MS,
    );
    return { status: status as 1 | 0 | -1, held, available };
  }

  /** How much of `cost` the usage of hold `holdId` may debit (see CAPTURE); idempotent per hold. */
  async capture(walletId: string, holdId: string, cost: number, ttlMs: number, now = Date.now()): Promise<CaptureResult> {
    const [status, allowed, granted] = await this.redis.genuiCapture(
      ...this.keys(walletId),
      this.grantKey(walletId, holdId),
      holdId,
      cost,
      now,
      now + ttlMs,
    );
    return { status: status as 1 | -1, allowed, granted };
  }

  /** Brings the mirror up to `version` and releases `holdIds`; returns how many holds were released. */
  sync(walletId: string, balance: number, version: number, holdIds: string[] = [], now = Date.now()): Promise<number> {
    return this.redis.genuiSync(...this.keys(walletId), balance, version, now, ...holdIds);
  }

  async inspect(walletId: string, now = Date.now()): Promise<HoldState> {
    const [balance, version, held, holds] = await this.redis.genuiInspect(...this.keys(walletId), now);
    return { balance, version, held, holds };
  }
}
