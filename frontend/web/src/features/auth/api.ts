import { api } from "../../lib/api-client";
import type { User } from "../../lib/session";

/** SPEC §7 Session: each answers the user ({ id, email, name, picture }). */
export const loginWithPassword = (email: string, password: string) =>
  api.post<User>("/accounts/api/v1/login-password/", { email, password });

export const loginWithGoogle = (accessToken: string) =>
  api.post<User>("/accounts/api/v1/login-google/", { access_token: accessToken });

/** Sign-up (not in SPEC; docs/decisions.md "Accounts"): signs the new account in. */
export const register = (email: string, password: string, name?: string) =>
  api.post<User>("/accounts/api/v1/register/", { email, password, ...(name ? { name } : {}) });

/** The scopes SPEC §1 names for the identity provider. */
export const GOOGLE_SCOPES = "openid profile email";
