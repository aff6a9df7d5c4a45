import type { Redis } from "@genui/chassis";
import session, { type SessionData } from "express-session";

/**
 * express-session's store in Redis through ioredis (the project's one Redis client). A session lives for the
 * cookie's lifetime from its last save; `destroy` removes it server-side, so a stolen cookie dies at logout.
 */
export class RedisSessionStore extends session.Store {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "sess:",
    private readonly defaultTtlSeconds = 14 * 24 * 3600,
  ) {
    super();
  }

  private key(sid: string) {
    return `${this.prefix}${sid}`;
  }

  private ttl(sess: SessionData): number {
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined;
    return expires ? Math.max(1, Math.ceil((expires - Date.now()) / 1000)) : this.defaultTtlSeconds;
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    this.redis.get(this.key(sid)).then(
      (raw) => {
        if (!raw) return cb(null, null);
        try {
          cb(null, JSON.parse(raw) as SessionData);
        } catch {
          // A corrupt entry is no session, never a 500.
          cb(null, null);
        }
      },
      (err: unknown) => cb(err),
    );
  }

  override set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    this.redis.set(this.key(sid), JSON.stringify(sess), "EX", this.ttl(sess)).then(
      () => cb?.(),
      (err: unknown) => cb?.(err),
    );
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.redis.del(this.key(sid)).then(
      () => cb?.(),
      (err: unknown) => cb?.(err),
    );
  }
}
