import { listenDevServer } from "../http";
import { CashfreeOrders } from "./cashfree/cashfree-orders";
import { ProviderFaults } from "./emulator-controls";
import { emulatorHandler } from "./emulator-dispatch";
import type { EmulatorContext, PaymentEmulator, PaymentEmulatorOptions } from "./emulator-types";
import { PaypalOrders } from "./paypal/paypal-orders";

/**
 * A local stand-in for the parts of the PayPal REST API (OAuth2 + Orders v2) and the Cashfree PG API (2023-08-01)
 * that billing calls, with a checkout page where a person approves or declines a payment, and for the providers'
 * browser SDKs the SPA loads (`/paypal/sdk/js`, `/cashfree/js/v3/cashfree.js`; see ./browser-sdks.ts). For integration
 * tests and the local platform only: state is in memory, nothing leaves this machine except Cashfree webhooks to the
 * `notify_url` an order names, and it refuses to start in production.
 *
 * Its parts: ./paypal/ and ./cashfree/ (each provider's model, state, API and checkout pages), ./emulator-dispatch.ts
 * (routing), ./emulator-controls.ts (recorded calls, faults, the `/__emulator` controls), ./emulator-pages.ts and
 * ./emulator-support.ts (shared page look and helpers).
 */
export type { PaymentEmulator, PaymentEmulatorOptions, PaymentProvider, RecordedCall } from "./emulator-types";
export { signCashfreeWebhook } from "./cashfree/cashfree-webhooks";

export async function startPaymentEmulator(opts: PaymentEmulatorOptions): Promise<PaymentEmulator> {
  if (process.env.NODE_ENV === "production") throw new Error("the payment emulator never runs in production");
  const host = opts.host ?? "127.0.0.1";
  const closing = new AbortController();
  // baseUrl and publicUrl are filled in once listening.
  const ctx: EmulatorContext = { opts, closing: closing.signal, baseUrl: "", publicUrl: "" };
  const faults = new ProviderFaults();
  const paypal = new PaypalOrders(ctx);
  const cashfree = new CashfreeOrders(ctx);

  const listening = await listenDevServer(
    "payment emulator",
    emulatorHandler(ctx, { faults, paypal, cashfree }),
    opts.port ?? 0,
    host,
  );
  const server = listening.server;
  ctx.baseUrl = listening.url;
  ctx.publicUrl = (opts.publicUrl ?? ctx.baseUrl).replace(/\/+$/, "");

  let closed: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    paypalBaseUrl: `${ctx.baseUrl}/paypal`,
    cashfreeBaseUrl: `${ctx.baseUrl}/cashfree/pg`,
    approvePaypal: (orderId) => paypal.approve(orderId),
    declinePaypal: (orderId) => paypal.decline(orderId),
    payCashfree: async (orderId) => cashfree.payNow(orderId),
    failCashfree: (orderId) => void cashfree.failNow(orderId),
    expireCashfree: (orderId) => cashfree.expire(orderId),
    failNext: (provider, status, times) => faults.failNext(provider, status, times),
    delayNext: (provider, ms, times) => faults.delayNext(provider, ms, times),
    calls: (provider) => faults.calls(provider),
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      })),
  };
}
