import { api } from "../../lib/api-client";
import type { User } from "../../lib/session";

/** SPEC §7 Session: each answers the user ({ id, email, name, picture }). */
export const loginWithPassword = (email: string, password: string) =>
  api.post<User>("/accounts/api/v1/login-password/", { email, password });

export const loginWithGoogle = (accessToken: string) =>
  api.post<User>("/accounts/api/v1/login-google/", { access_token: accessToken });

/** What a sign-up answers: the next step is in the inbox (the same answer whether or not the address has an account). */
export interface SignupStarted {
  email: string;
  message: string;
  /** How long the mailed link works. */
  expiresInMinutes: number;
}

/** Sign-up (not in SPEC; docs/decisions.md "Accounts"): mails a link that finishes it. */
export const register = (email: string, password: string, name?: string) =>
  api.post<SignupStarted>("/accounts/api/v1/register/", { email, password, ...(name ? { name } : {}) });

/** The mailed link's token: creates the account and signs it in. */
export const confirmSignup = (token: string) => api.post<User>("/accounts/api/v1/register/confirm/", { token });

/** The scopes SPEC §1 names for the identity provider. */
export const GOOGLE_SCOPES = "openid profile email";
