import { createHash, randomFillSync } from "node:crypto";
import type { Redis } from "@genui/chassis";
import { z } from "zod";
import { answerMetaKey, answerReaderKey, idempotencyKey } from "./job-keys";

/** What an Idempotency-Key names: nothing yet (this request takes it), a request starting, or a started answer. */
export type KeyClaim = { kind: "new" } | { kind: "starting" } | { kind: "started"; requestId: string };

const STARTING = "starting";

/**
 * Readers' tokens are cut from one pool of random bytes, refilled when used up: `randomBytes` per token asked the
 * system's generator once per request, 4 % of the API's samples at 64 streams (docs/performance.md, "Fewer writes
 * per answer").
 */
const TOKEN_BYTES = 9;
const tokenPool = Buffer.alloc(TOKEN_BYTES * 512);
let tokenAt = tokenPool.length;

/**
 * What a resume needs to know of a streamed answer besides its pieces: whose it is (the app, or the signed-in user),
 * and how its events are written (the same envelope — id, created, model — and layout as the first request's).
 */
export const AnswerStart = z.object({
  /** The route that opened it: "chat" (the published API) or "auth-chat" (the signed-in chat). */
  route: z.enum(["chat", "auth-chat"]),
  userId: z.string(),
  appId: z.string(),
  model: z.string(),
  /** The completion's `created` (seconds) and when the request began (ms): the envelope and the time limit. */
  created: z.number().int(),
  startedAt: z.number().int(),
  mode: z.enum(["deltas", "snapshots"]),
  includeUsage: z.boolean(),
});
export type AnswerStart = z.infer<typeof AnswerStart>;

/**
 * The resumable answers' bookkeeping in Redis, which every API copy shares: how each was opened (kept as long as its
 * pieces: the request's time limit plus GEN_RESUME_TTL_SECONDS) and which reader it goes to now — the last request to
 * open or resume it, so a connection that dropped stops the answer only if nobody resumed it since.
 */
export class AnswerLog {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** How long the bookkeeping lasts: the request's time limit plus the resume window, seconds. */
    private readonly ttlSeconds: number,
  ) {}

  /** A reader's token: one per request that opens or resumes an answer (9 random bytes, from the pool). */
  static reader(): string {
    if (tokenAt + TOKEN_BYTES > tokenPool.length) {
      randomFillSync(tokenPool);
      tokenAt = 0;
    }
    tokenAt += TOKEN_BYTES;
    return tokenPool.toString("base64url", tokenAt - TOKEN_BYTES, tokenAt);
  }

  /** Records how the answer was opened and that `reader` reads it. */
  async open(requestId: string, start: AnswerStart, reader: string): Promise<void> {
    // Two commands of the turn, not a pipeline of their own: auto-pipelining sends them with the other commands of the
    // turn (an explicit pipeline is written at once, on its own).
    await Promise.all([
      this.redis.set(answerMetaKey(this.prefix, requestId), JSON.stringify(start), "EX", this.ttlSeconds),
      this.redis.set(answerReaderKey(this.prefix, requestId), reader, "EX", this.ttlSeconds),
    ]);
  }

  /** How the answer was opened, or undefined (never resumable, expired, or not an answer of ours). */
  async start(requestId: string): Promise<AnswerStart | undefined> {
    const raw = await this.redis.get(answerMetaKey(this.prefix, requestId));
    if (!raw) return undefined;
    try {
      const parsed = AnswerStart.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** `reader` reads the answer from now on. */
  async claim(requestId: string, reader: string): Promise<void> {
    await this.redis.set(answerReaderKey(this.prefix, requestId), reader, "EX", this.ttlSeconds);
  }

  /** Whether `reader` is still the answer's reader (nobody resumed it since). */
  async isReader(requestId: string, reader: string): Promise<boolean> {
    return (await this.redis.get(answerReaderKey(this.prefix, requestId))) === reader;
  }

  private idem(scope: string, key: string): string {
    return idempotencyKey(this.prefix, createHash("sha256").update(`${scope}\n${key}`).digest("base64url"));
  }

  /**
   * Takes an Idempotency-Key for a request about to start (atomically: of two requests with one key, one takes it),
   * or says what it already names. `scope`: whose keys these are (an app, or a signed-in user).
   */
  async claimKey(scope: string, key: string): Promise<KeyClaim> {
    const k = this.idem(scope, key);
    // Long enough for the request to start; bound to its answer's id once it has.
    if (await this.redis.set(k, STARTING, "EX", 60, "NX")) return { kind: "new" };
    const v = await this.redis.get(k);
    if (v === null) return this.claimKey(scope, key);
    return v === STARTING ? { kind: "starting" } : { kind: "started", requestId: v };
  }

  /** The key now names the answer that started (for as long as the answer can be resumed). */
  async bindKey(scope: string, key: string, requestId: string): Promise<void> {
    await this.redis.set(this.idem(scope, key), requestId, "EX", this.ttlSeconds);
  }

  /** The request did not start (refused): the key is free again. */
  async releaseKey(scope: string, key: string): Promise<void> {
    await this.redis.del(this.idem(scope, key));
  }
}
