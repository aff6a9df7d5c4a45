import type { Redis } from "@genui/chassis";
import type { RequestHandler } from "express";

declare module "express-session" {
  interface SessionData {
    /** The user's session epoch when this session was made; sessions below the user's current epoch are dead. */
    userEpoch?: number;
  }
}

// Sets the stored epoch to max(stored, given) and answers it. Every sign-in renews the key's lifetime to a session's:
// a session is made only at a sign-in, so no session can outlive the epoch it is checked against.
const RAISE = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = math.max(c, tonumber(ARGV[1]))
if n > 0 then redis.call('SET', KEYS[1], n, 'EX', ARGV[2]) end
return n`;

/**
 * Per-user session epochs in Redis, shared by every BFF instance. identity owns the epoch (it raises it when every
 * session of a user must end, e.g. when Google proves the e-mail of a password account) and tells it with each
 * sign-in; the BFF raises its copy to that value and records it in the new session. A session whose recorded epoch
 * is below the user's current one is ended on its next request, on any instance.
 */
export class SessionEpochs {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(userId: string) {
    return `${this.prefix}${userId}`;
  }

  async current(userId: string): Promise<number> {
    return Number((await this.redis.get(this.key(userId))) ?? 0) || 0;
  }

  /** Raises the user's epoch to at least `epoch` (never lowers it); resolves the epoch now in force. */
  async raise(userId: string, epoch: number): Promise<number> {
    return Number(await this.redis.eval(RAISE, 1, this.key(userId), String(epoch), String(this.ttlSeconds)));
  }
}

/** After passport.session(): a signed-in request whose session predates its user's epoch loses the session. */
export function enforceSessionEpoch(epochs: SessionEpochs): RequestHandler {
  return async (req, _res, next) => {
    if (!req.user || !req.session) return next();
    if ((req.session.userEpoch ?? 0) >= (await epochs.current(req.user.id))) return next();
    req.user = undefined;
    // Destroyed in Redis: the cookie now names no session, so this and every later request is signed out.
    req.session.destroy((err?: unknown) => next(err));
  };
}
