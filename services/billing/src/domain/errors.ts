import { AppError, type ErrorDetails } from "@genui/chassis";

/** billing's error codes (besides the COMMON ones); statuses are the edge's business (`http/errors.ts`). */
export const BILLING_ERRORS = {
  INVALID_AMOUNT: "BILLING.INVALID_AMOUNT",
  ORDER_NOT_FOUND: "BILLING.ORDER_NOT_FOUND",
  /** PayPal refused to capture (not approved, declined). */
  CAPTURE_REFUSED: "BILLING.CAPTURE_REFUSED",
  /** The provider took a different amount than the order's; support reviews it. */
  AMOUNT_MISMATCH: "BILLING.AMOUNT_MISMATCH",
  PROVIDER_TIMEOUT: "BILLING.PROVIDER_TIMEOUT",
  PROVIDER_REJECTED: "BILLING.PROVIDER_REJECTED",
  PROVIDER_UNAVAILABLE: "BILLING.PROVIDER_UNAVAILABLE",
} as const;
export type BillingErrorCode = (typeof BILLING_ERRORS)[keyof typeof BILLING_ERRORS];

export const billingError = (code: BillingErrorCode, message: string, details?: ErrorDetails) =>
  new AppError(code, message, details);
