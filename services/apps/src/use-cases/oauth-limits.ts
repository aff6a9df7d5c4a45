import type { RateLimit } from "../domain/oauth";
import type { RateWindows } from "@genui/chassis";

/** The OAuth endpoints' budgets (config: OAUTH_REGISTER_RATE_PER_IP, OAUTH_AUTHORIZE_RATE_PER_IP, OAUTH_TOKEN_RATE). */
export interface OAuthRateLimits {
  registerPerAddress: RateLimit;
  authorizePerAddress: RateLimit;
  tokenPerClientAddress: RateLimit;
}

/**
 * The authorization server's rate limits, counted in Redis so every copy of apps shares them: registrations and
 * authorization requests per client address; token and revocation requests per client and address (a host that
 * refreshes for many users from its servers spends each client's budget, and nobody elsewhere can spend it for
 * them by naming its public client id). Each answers the seconds to wait, 0 when the request may go on.
 */
export class OAuthLimits {
  constructor(
    private readonly limiter: Pick<RateWindows, "hit">,
    private readonly limits: OAuthRateLimits,
  ) {}

  register(address: string): Promise<number> {
    return this.limiter.hit(`oauth:register:ip:${address}`, this.limits.registerPerAddress);
  }

  authorize(address: string): Promise<number> {
    return this.limiter.hit(`oauth:authorize:ip:${address}`, this.limits.authorizePerAddress);
  }

  token(clientId: string, address: string): Promise<number> {
    return this.limiter.hit(`oauth:token:client:${clientId}:ip:${address}`, this.limits.tokenPerClientAddress);
  }
}
