import { createHmac } from "node:crypto";
import type { EmulatorContext } from "../emulator-types";
import { FAILURE_DETAILS, UPI_METHOD, cashfreeTime, type CashfreeOrder, type CashfreePayment } from "./cashfree-model";

// The webhooks Cashfree sends to the `notify_url` an order names: the only thing that leaves this machine.

const WEBHOOK_TIMEOUT_MS = 10_000;

/** The `x-webhook-signature` Cashfree puts on a webhook: base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export const signCashfreeWebhook = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac("sha256", secret)
    .update(timestamp + rawBody)
    .digest("base64");

export async function sendCashfreeWebhook(ctx: EmulatorContext, order: CashfreeOrder, p: CashfreePayment): Promise<void> {
  if (!order.notifyUrl) return;
  const success = p.status === "SUCCESS";
  const rawBody = JSON.stringify({
    data: {
      order: { order_id: order.orderId, order_amount: order.amount, order_currency: "INR", order_tags: order.tags },
      payment: {
        cf_payment_id: p.cfPaymentId,
        payment_status: p.status,
        payment_amount: order.amount,
        payment_currency: "INR",
        payment_message: success ? "Simulated payment" : "Simulated payment failure",
        payment_time: cashfreeTime(p.time),
        bank_reference: p.bankReference,
        auth_id: null,
        payment_method: UPI_METHOD(p.status),
        payment_group: "upi",
      },
      customer_details: {
        customer_name: order.customer.customer_name,
        customer_id: order.customer.customer_id,
        customer_email: order.customer.customer_email,
        customer_phone: order.customer.customer_phone,
      },
      ...(success ? {} : { error_details: FAILURE_DETAILS }),
    },
    event_time: cashfreeTime(Date.now()),
    type: success ? "PAYMENT_SUCCESS_WEBHOOK" : "PAYMENT_FAILED_WEBHOOK",
  });
  const timestamp = String(Date.now());
  // The deadline's timer holds its controller: `AbortSignal.any([AbortSignal.timeout(…), …])` loses its timeout to a
  // garbage collection in Node 20 (nodejs/node#57736), and the checkout page, which waits for this delivery, would
  // then never answer if the merchant never did.
  const limit = new AbortController();
  const timeoutMs = ctx.opts.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timer = setTimeout(() => limit.abort(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  const onClosing = () => limit.abort(ctx.closing.reason);
  if (ctx.closing.aborted) onClosing();
  else ctx.closing.addEventListener("abort", onClosing, { once: true });
  try {
    const res = await fetch(order.notifyUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-webhook-timestamp": timestamp,
        "x-webhook-signature": signCashfreeWebhook(ctx.opts.cashfree.clientSecret, timestamp, rawBody),
        "x-webhook-version": "2023-08-01",
      },
      body: rawBody,
      signal: limit.signal,
    });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) console.warn(`payment emulator: webhook for ${order.orderId} to ${order.notifyUrl} answered ${res.status}`);
  } catch (err) {
    console.warn(`payment emulator: webhook for ${order.orderId} to ${order.notifyUrl} failed: ${String(err)}`);
  } finally {
    clearTimeout(timer);
    ctx.closing.removeEventListener("abort", onClosing);
  }
}
