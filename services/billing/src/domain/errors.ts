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
  /** Past the user's budget of order requests per window (TOPUP_ORDER_RATE_PER_USER). */
  ORDER_RATE_LIMITED: "BILLING.ORDER_RATE_LIMITED",
  /** The user holds TOPUP_MAX_OPEN_ORDERS unpaid orders already. */
  TOO_MANY_OPEN_ORDERS: "BILLING.TOO_MANY_OPEN_ORDERS",
  /** Another order of the same user was still being created when this one gave up waiting for it. */
  ORDER_BUSY: "BILLING.ORDER_BUSY",
} as const;
export type BillingErrorCode = (typeof BILLING_ERRORS)[keyof typeof BILLING_ERRORS];

export const billingError = (code: BillingErrorCode, message: string, details?: ErrorDetails) =>
  new AppError(code, message, details);

/** Past the cap of open orders: says how many are open, the cap, and when the oldest of them expires. */
export class TooManyOpenOrdersError extends AppError<BillingErrorCode> {
  constructor(
    readonly open: number,
    readonly max: number,
    retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      BILLING_ERRORS.TOO_MANY_OPEN_ORDERS,
      `You have ${open} unpaid top-up order${open === 1 ? "" : "s"} open; at most ${max} may be open at once. ` +
        `Complete the payment of ${open === 1 ? "it" : "one of them"}, or try again in ${minutes} minute${minutes === 1 ? "" : "s"}, ` +
        `when the oldest one expires.`,
      { retryAfterSeconds },
    );
  }
}
