import type { StatusTable } from "@genui/chassis";
import type { BillingErrorCode } from "../domain/errors";

/** billing's error codes as HTTP statuses: the one place this edge decides them. */
export const HTTP_STATUS: StatusTable<BillingErrorCode> = {
  "BILLING.INVALID_AMOUNT": 400,
  "BILLING.ORDER_NOT_FOUND": 404,
  "BILLING.CAPTURE_REFUSED": 422,
  "BILLING.AMOUNT_MISMATCH": 409,
  "BILLING.PROVIDER_TIMEOUT": 504,
  "BILLING.PROVIDER_REJECTED": 502,
  "BILLING.PROVIDER_UNAVAILABLE": 502,
  "BILLING.ORDER_RATE_LIMITED": 429,
  // A state to resolve (pay an order or let it expire), not a rate to wait out: docs/decisions.md.
  "BILLING.TOO_MANY_OPEN_ORDERS": 409,
  "BILLING.ORDER_BUSY": 429,
};
