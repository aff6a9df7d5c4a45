/** The per-tenant limits of generation: pure rules and types (the Redis side is store/capacity.ts). */
import { keyBucket, keyHash } from "@genui/contracts/keys";

/** "N/seconds": at most N admitted requests per fixed window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export function parseRateLimit(spec: string): RateLimit {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`"${spec}" is not a rate limit like 120/60`);
  return { max: Number(m[1]), windowSeconds: Number(m[2]) };
}

/** Generations (a model call, billed) and evaluations (code alone in a worker's sandbox, not billed) count apart. */
export type WorkClass = "generate" | "evaluate";

export interface ClassLimits {
  /** Admitted requests per window, per caller (a signed-in user, or one API key). */
  rate: RateLimit;
  /** Requests open at once (queued or streaming), per caller. */
  concurrency: number;
  /** Requests open at once per paying user across all their keys and the signed-in routes: their queue share. */
  share: number;
}

/** Whose limits a request counts against: the caller's bucket, and the paying user's queue share. */
export interface Tenant {
  /** `user:<id>` (signed-in routes) or `key:<hash>` (published routes). */
  bucket: string;
  /** The user who pays (the signed-in user, or the app's owner). */
  owner: string;
  /** How the caller is named in an error message. */
  label: "account" | "API key";
}

export type Refusal =
  | { kind: "rate"; limit: RateLimit; retryAfter: number }
  | { kind: "concurrency"; limit: number }
  | { kind: "share"; limit: number };

/** A held place: released when the request ends; renewed while it lasts, so a dead process's places expire. */
export interface Slot {
  release(): Promise<void>;
}

export const tenantOfUser = (userId: string): Tenant => ({ bucket: `user:${userId}`, owner: userId, label: "account" });

/** Keys are bucketed by a hash (the key itself never becomes a Redis key name). */
export const tenantOfKey = (apiKey: string, ownerId: string): Tenant => ({
  bucket: `key:${keyBucket(keyHash(apiKey))}`,
  owner: ownerId,
  label: "API key",
});

export const isRefusal = (r: Slot | Refusal): r is Refusal => "kind" in r;
