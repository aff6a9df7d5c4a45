import { AppError, type ErrorDetails } from "@genui/chassis";

/** identity's error codes (besides the COMMON ones); statuses are the edge's business (`http/errors.ts`). */
export const IDENTITY_ERRORS = {
  GOOGLE_UNAVAILABLE: "IDENTITY.GOOGLE_UNAVAILABLE",
  SIGNUP_UNAVAILABLE: "IDENTITY.SIGNUP_UNAVAILABLE",
} as const;
export type IdentityErrorCode = (typeof IDENTITY_ERRORS)[keyof typeof IDENTITY_ERRORS];

export const identityError = (code: IdentityErrorCode, message: string, details?: ErrorDetails) =>
  new AppError(code, message, details);
