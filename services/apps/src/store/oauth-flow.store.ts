import type { Redis } from "@genui/chassis";
import { z } from "zod";

/** An authorization request waiting for the owner's decision on the consent page. */
const PendingRequestSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  clientUri: z.string().nullable(),
  redirectUri: z.string(),
  codeChallenge: z.string(),
  state: z.string().optional(),
  scopes: z.array(z.string()),
  resource: z.string(),
  /** Epoch ms. */
  expiresAt: z.number(),
});
export type PendingRequest = z.infer<typeof PendingRequestSchema>;

/** What an authorization code stands for: the owner's approval of one app for one client, bound to its request. */
const CodeGrantSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  redirectUri: z.string(),
  codeChallenge: z.string(),
  scopes: z.array(z.string()),
  resource: z.string(),
  appId: z.string(),
  ownerId: z.string(),
});
export type CodeGrant = z.infer<typeof CodeGrantSchema>;

/**
 * The short-lived steps of the authorization flow, in Redis (every copy of apps sees them; they expire by themselves):
 * pending requests (by id), authorization codes (by their hash) and the marks of codes and refresh tokens already used.
 * Whatever may happen once is taken with one atomic command (GETDEL, SET NX): the local document store does not
 * isolate concurrent updates.
 */
export class OAuthFlowStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(kind: string, id: string) {
    return `${this.prefix}oauth:${kind}:${id}`;
  }

  async putRequest(id: string, request: PendingRequest, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key("request", id), JSON.stringify(request), "EX", ttlSeconds);
  }

  async request(id: string): Promise<PendingRequest | undefined> {
    return parse(PendingRequestSchema, await this.redis.get(this.key("request", id)));
  }

  /** Takes the request: only one decision ever gets it. */
  async takeRequest(id: string): Promise<PendingRequest | undefined> {
    return parse(PendingRequestSchema, await this.redis.getdel(this.key("request", id)));
  }

  async putCode(codeHash: string, grant: CodeGrant, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key("code", codeHash), JSON.stringify(grant), "EX", ttlSeconds);
  }

  /** Reads a code without using it (its PKCE challenge is checked first). */
  async peekCode(codeHash: string): Promise<CodeGrant | undefined> {
    return parse(CodeGrantSchema, await this.redis.get(this.key("code", codeHash)));
  }

  /** Takes the code: only one exchange ever gets it. */
  async takeCode(codeHash: string): Promise<CodeGrant | undefined> {
    return parse(CodeGrantSchema, await this.redis.getdel(this.key("code", codeHash)));
  }

  /** Remembers which connection a used code made (a second use revokes it). */
  async rememberUsedCode(codeHash: string, connectionId: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key("used-code", codeHash), connectionId, "EX", ttlSeconds);
  }

  async connectionOfUsedCode(codeHash: string): Promise<string | undefined> {
    return (await this.redis.get(this.key("used-code", codeHash))) ?? undefined;
  }

  /**
   * Claims a refresh token's one use: true for the first caller only, who rotates it. The mark stays (until the
   * token would have expired) so that a replay is recognised.
   */
  async claimRefresh(tokenHash: string, connectionId: string, ttlSeconds: number): Promise<boolean> {
    return (
      (await this.redis.set(this.key("used-refresh", tokenHash), connectionId, "EX", Math.max(1, ttlSeconds), "NX")) === "OK"
    );
  }

  async connectionOfUsedRefresh(tokenHash: string): Promise<string | undefined> {
    return (await this.redis.get(this.key("used-refresh", tokenHash))) ?? undefined;
  }
}

/** A stored value read back (anything else than this store wrote is as good as missing). */
function parse<T>(schema: z.ZodType<T>, raw: string | null): T | undefined {
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
