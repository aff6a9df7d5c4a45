// The payment emulator's public shapes (re-exported by ./payment-emulator.ts) and the context its parts share.

export type PaymentProvider = "paypal" | "cashfree";

export interface PaymentEmulatorOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  paypal: { clientId: string; clientSecret: string };
  cashfree: { clientId: string; clientSecret: string };
  /** Base of the checkout links handed out (as a browser reaches the emulator); default the emulator's own URL. */
  publicUrl?: string;
  /** How long a Cashfree webhook delivery (which the checkout page's answer waits for) may take; default 10 000 ms. */
  webhookTimeoutMs?: number;
}

export interface RecordedCall {
  method: string;
  /** Path and query as received, e.g. `/paypal/v2/checkout/orders`. */
  path: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON or form body; the raw text when it does not parse; undefined when empty. */
  body: unknown;
}

export interface PaymentEmulator {
  url: string;
  /** `${url}/paypal` */
  paypalBaseUrl: string;
  /** `${url}/cashfree/pg` (the API root that contains /orders) */
  cashfreeBaseUrl: string;
  /** As if the buyer approved in the checkout page. Throws for an unknown order or one that was declined/captured. */
  approvePaypal(orderId: string): void;
  /** As if the buyer declined in the checkout page. Throws for an unknown order or one already approved/captured. */
  declinePaypal(orderId: string): void;
  /** Marks the order PAID and sends its webhook (if notify_url); resolves once the webhook POST answered or failed. */
  payCashfree(orderId: string): Promise<void>;
  /** Records a failed payment (order_status stays ACTIVE) and sends a PAYMENT_FAILED_WEBHOOK in the background. */
  failCashfree(orderId: string): void;
  /** Sets order_status EXPIRED (unless PAID: throws). */
  expireCashfree(orderId: string): void;
  /** The next `times` (default 1) API calls to the provider answer `status` with the provider's error body. */
  failNext(provider: PaymentProvider, status: number, times?: number): void;
  /** The next `times` (default 1) API calls to the provider wait `ms` before being handled. */
  delayNext(provider: PaymentProvider, ms: number, times?: number): void;
  /** API calls received (checkout pages and controls excluded), oldest first. */
  calls(provider?: PaymentProvider): RecordedCall[];
  close(): Promise<void>;
}

/** What the emulator's parts share: its options, its closing signal and its addresses. */
export interface EmulatorContext {
  readonly opts: PaymentEmulatorOptions;
  /** Aborted on close: ends the delays and webhook deliveries under way. */
  readonly closing: AbortSignal;
  /** Filled in once listening. */
  baseUrl: string;
  /** Filled in once listening. */
  publicUrl: string;
}
