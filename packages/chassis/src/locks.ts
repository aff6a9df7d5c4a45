import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

/** Serialises work per key (a document id); KeyedMutex within a process, DistributedLock across processes. */
export interface DocumentLock {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * Runs functions one at a time per key within this process (a queue per key, nothing shared across keys).
 * The local Mongo-wire store (FerretDB 1.24, SQLite) rewrites a whole document on every update without isolating
 * concurrent updates, so two concurrent updates of one document can lose one; every writer of a document takes
 * its lock. (With MongoDB this only costs a queue.)
 */
export class KeyedMutex implements DocumentLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

export class LockTimeoutError extends Error {}

/**
 * Serialises work on one key across every process: a per-process queue first (no busy waiting inside a process),
 * then a Redis lock (SET NX PX with a random token, released only by its holder). Needed because the local
 * Mongo-wire store does not apply concurrent updates of one document atomically (see docs/decisions.md); with
 * MongoDB it is a cheap safety net.
 */
export class DistributedLock implements DocumentLock {
  private readonly local = new KeyedMutex();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = 15_000,
    private readonly waitMs = 10_000,
  ) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const k = `${this.prefix}${key}`;
      const token = randomBytes(12).toString("hex");
      const deadline = Date.now() + this.waitMs;
      let delay = 2;
      while ((await this.redis.set(k, token, "PX", this.ttlMs, "NX")) !== "OK") {
        if (Date.now() > deadline) throw new LockTimeoutError(`lock ${key} not acquired in ${this.waitMs} ms`);
        await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
        delay = Math.min(delay * 2, 50);
      }
      // Held for as long as the work runs: the expiry is pushed back every third of it (a slow store must not let a
      // second process in while the first is still writing); it only frees the key of a process that died.
      const renew = setInterval(
        () => {
          this.redis.eval(EXTEND, 1, k, token, this.ttlMs).catch(() => undefined);
        },
        Math.max(50, Math.floor(this.ttlMs / 3)),
      );
      renew.unref();
      try {
        return await fn();
      } finally {
        clearInterval(renew);
        await this.redis.eval(RELEASE, 1, k, token).catch(() => undefined);
      }
    });
  }
}
