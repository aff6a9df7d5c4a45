import { AppError, type ErrorDetails, type StatusTable } from "@genui/chassis";

/** The BFF's own error codes (besides the COMMON ones and those identity answers with). */
export const BFF_ERRORS = {
  /** Sign-in refused by passport without field errors. */
  LOGIN: "BFF.LOGIN",
  CSRF: "BFF.CSRF",
  RATE_LIMITED: "BFF.RATE_LIMITED",
  /** An upstream service failed or could not be reached. */
  UPSTREAM: "BFF.UPSTREAM",
  /** An upstream service said it cannot serve now (its 503). */
  UPSTREAM_UNAVAILABLE: "BFF.UPSTREAM_UNAVAILABLE",
} as const;
export type BffErrorCode = (typeof BFF_ERRORS)[keyof typeof BFF_ERRORS];

export const bffError = (code: BffErrorCode, message: string, details?: ErrorDetails) => new AppError(code, message, details);

/** The BFF's codes, and identity's that reach the browser through it, as HTTP statuses: decided here only. */
export const HTTP_STATUS: StatusTable<BffErrorCode | "IDENTITY.GOOGLE_UNAVAILABLE"> = {
  "BFF.LOGIN": 400,
  "BFF.CSRF": 403,
  "BFF.RATE_LIMITED": 429,
  "BFF.UPSTREAM": 502,
  "BFF.UPSTREAM_UNAVAILABLE": 503,
  "IDENTITY.GOOGLE_UNAVAILABLE": 503,
};
