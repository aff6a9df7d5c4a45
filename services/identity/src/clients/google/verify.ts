import { OAuth2Client, type TokenPayload } from "google-auth-library";
import { GoogleRejectedError, GoogleUnavailableError, fetchGoogleProfile, type GoogleProfile } from "./userinfo";

export interface GoogleVerifierOptions {
  /** The OAuth client id tokens must be issued to; empty: nothing is accepted (503). */
  clientId: string;
  tokeninfoUrl: string;
  certsUrl: string;
  userinfoUrl: string;
  timeoutMs?: number;
}

/** Scopes that let a token read the e-mail address (Google reports the URL form; "email" is its short name). */
const EMAIL_SCOPES = new Set(["email", "https://www.googleapis.com/auth/userinfo.email"]);

const isTrue = (v: unknown) => v === true || v === "true";

/**
 * HTTP status of a failed call made by google-auth-library's transport (gaxios); undefined when `err` did not come
 * from the transport (a token that failed verification), 0 when no answer came at all.
 */
function transportStatus(err: unknown): number | undefined {
  if (!(err instanceof Error) || !("config" in err)) return undefined;
  const status = (err as { status?: unknown }).status;
  return typeof status === "number" ? status : 0;
}

/**
 * Checks Google sign-in tokens the way Google specifies, with Google's own library (google-auth-library):
 * - an access token (what the SPA's token client sends) through the tokeninfo endpoint: issued to our client id
 *   (`aud`, and `azp` when present), not expired, granted the email scope, and a verified e-mail; then userinfo for
 *   the display name and picture of the same subject;
 * - an ID token (Google Identity Services' `credential`) with `verifyIdToken`: RS256 signature against Google's
 *   published certificates, `iss` Google's, `aud` our client id, `iat`/`exp`.
 * Whether the e-mail is verified is returned for the caller to decide (a known Google subject signs in without it).
 * The endpoints are configurable only so the local platform and tests can use the stand-in; production uses Google's.
 */
export class GoogleVerifier {
  private readonly client: OAuth2Client;

  constructor(private readonly o: GoogleVerifierOptions) {
    this.client = new OAuth2Client({
      ...(o.clientId ? { clientId: o.clientId } : {}),
      endpoints: { tokenInfoUrl: o.tokeninfoUrl, oauth2FederatedSignonPemCertsUrl: o.certsUrl },
      // Node's own fetch (gaxios would otherwise load node-fetch) with a bounded wait.
      transporterOptions: { fetchImplementation: fetch, timeout: o.timeoutMs ?? 5_000 },
    });
  }

  private requireClientId(): string {
    if (!this.o.clientId) throw new GoogleUnavailableError("GOOGLE_CLIENT_ID is not configured");
    return this.o.clientId;
  }

  async verifyAccessToken(accessToken: string): Promise<GoogleProfile> {
    const clientId = this.requireClientId();
    let info;
    try {
      info = await this.client.getTokenInfo(accessToken);
    } catch (err) {
      const status = transportStatus(err);
      // Google answers 400 invalid_token for tokens it did not issue or that expired.
      if (status !== undefined && status >= 400 && status < 500) throw new GoogleRejectedError(`tokeninfo answered ${status}`);
      throw new GoogleUnavailableError(`tokeninfo failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (info.aud !== clientId || (info.azp !== undefined && info.azp !== clientId))
      throw new GoogleRejectedError(`access token issued to another client (aud ${info.aud}, azp ${info.azp ?? "-"})`);
    if (!(info.expiry_date > Date.now())) throw new GoogleRejectedError("access token expired");
    if (!info.scopes.some((s) => EMAIL_SCOPES.has(s))) throw new GoogleRejectedError("access token lacks the email scope");
    if (!info.sub || !info.email) throw new GoogleRejectedError("tokeninfo named no subject or e-mail");
    const profile = await fetchGoogleProfile(this.o.userinfoUrl, accessToken, this.o.timeoutMs);
    if (profile.sub !== info.sub) throw new GoogleRejectedError("userinfo and tokeninfo disagree on the subject");
    return {
      sub: info.sub,
      email: info.email,
      emailVerified: isTrue(info.email_verified),
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.picture ? { picture: profile.picture } : {}),
    };
  }

  async verifyIdToken(idToken: string): Promise<GoogleProfile> {
    const clientId = this.requireClientId();
    let payload: TokenPayload | undefined;
    try {
      payload = (await this.client.verifyIdToken({ idToken, audience: clientId })).getPayload();
    } catch (err) {
      // Fetching the certificates failed: Google is unreachable, not the token bad.
      if (transportStatus(err) !== undefined)
        throw new GoogleUnavailableError(`certificates failed: ${err instanceof Error ? err.message : String(err)}`);
      // Only the reason: the library's messages go on to quote the token and its claims.
      throw new GoogleRejectedError(`ID token refused: ${err instanceof Error ? err.message.split(/[:,]/)[0] : "unknown"}`);
    }
    if (!payload?.sub || !payload.email) throw new GoogleRejectedError("ID token names no subject or e-mail");
    return {
      sub: payload.sub,
      email: payload.email,
      emailVerified: isTrue(payload.email_verified),
      ...(payload.name ? { name: payload.name } : {}),
      ...(payload.picture ? { picture: payload.picture } : {}),
    };
  }
}
