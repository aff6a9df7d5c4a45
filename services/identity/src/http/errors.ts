import type { StatusTable } from "@genui/chassis";
import type { IdentityErrorCode } from "../domain/errors";

/** identity's error codes as HTTP statuses: the one place this edge decides them. */
export const HTTP_STATUS: StatusTable<IdentityErrorCode> = {
  "IDENTITY.GOOGLE_UNAVAILABLE": 503,
  "IDENTITY.SIGNUP_UNAVAILABLE": 503,
};
