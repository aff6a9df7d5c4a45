import useSWR from "swr";
import { ApiError, api } from "../../lib/api-client";

export interface Balance {
  balance: number;
  currency: string;
}

export interface Quote {
  amount: number;
  currency: "USD" | "INR";
  debug: boolean;
  paypal_client_id: string;
  rate?: number;
  rate_date?: string;
}

export interface PaypalOrder {
  paypal_order_id: string;
}

export interface CashfreeOrder {
  payment_session_id: string;
  cashfree_order_id: string;
  order_id?: string;
}

export const BALANCE_KEY = "billing/api/v1/balance";
export const CURRENCY_KEY = "billing/api/v1/currency/";

export const fetchBalance = () => api.get<Balance>(BALANCE_KEY);

/** The balance; failures are only logged (SPEC §8), so the card keeps "Loading..." or the last value. */
export function useBalance(enabled = true) {
  return useSWR<Balance>(enabled ? BALANCE_KEY : null, fetchBalance, {
    onError: (err) => console.error("balance fetch failed", err),
    shouldRetryOnError: false,
  });
}

export const fetchPayCurrency = () => api.get<{ currency: "USD" | "INR" }>(CURRENCY_KEY);
export function usePayCurrency(enabled = true) {
  return useSWR(enabled ? CURRENCY_KEY : null, fetchPayCurrency, { shouldRetryOnError: false });
}
export const setPayCurrency = (currency: "USD" | "INR") => api.post<{ currency: string }>(CURRENCY_KEY, { currency });

export const exchangeRate = (amount: number) => api.post<Quote>("billing/api/v1/currency/exchange-rate/", { amount });

/** SPEC §8: the order-create wrapper reads the server's `error` field. */
export async function createOrder<T extends PaypalOrder | CashfreeOrder>(amount: number): Promise<T> {
  try {
    return await api.post<T>("billing/api/v1/orders/create/", { amount });
  } catch (err) {
    if (err instanceof ApiError) throw new Error(err.field("error") ?? err.message, { cause: err });
    throw err;
  }
}

export const capturePaypal = (orderId: string) =>
  api.post<{ status: string }>(`billing/api/v1/orders/paypal/${encodeURIComponent(orderId)}/capture/`);

export const cashfreeStatus = (orderId: string) =>
  api.get<{ order_status: string }>(`billing/api/v1/orders/cashfree/${encodeURIComponent(orderId)}/`);

/** SPEC §4: both outcomes read the same; success is green, otherwise yellow. */
export const PURCHASE_MESSAGE = "Thanks for the purchase, we are still processing your payment. Credits will be updated shortly.";
export const DECLINED_MESSAGE = "Sorry, your transaction could not be processed.";

/**
 * A capture that failed after the buyer approved the payment in PayPal's window, without a refusal: the server was
 * not reached or answered an outage (5xx: PayPal or a part of billing away). The approval stands and billing's poll
 * of the order captures an approved order itself, so the purchase is still being processed, not declined. A refusal
 * (4xx: not approved, declined, an amount that does not match) is a declined transaction.
 */
export function captureStillProcessing(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status >= 500);
}
/** SPEC §9: the balance is fetched again 3 s after a purchase. */
export const BALANCE_REFRESH_MS = 3000;
/** SPEC §5: the exchange-rate lookup waits for 600 ms without typing. */
export const QUOTE_DEBOUNCE_MS = 600;

/** SPEC §9: the smallest top-up, in US dollars (the server refuses less with "Minimum top-up is $10."). */
export const MIN_TOPUP_USD = 10;

/**
 * Money to the cent ("$24.93" for a balance of 24.9284 dollars; "₹1,234.50"): rounded half up, and a balance that rounds
 * to nothing reads "$0.00", never "-$0.00".
 */
export const formatMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat(currency === "INR" ? "en-IN" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.round(amount * 100) / 100 || 0);
