import { randomInt } from "node:crypto";
import { EmulatorError, randomDigits, randomToken } from "../emulator-support";
import type { EmulatorContext } from "../emulator-types";
import {
  FAILURE_DETAILS,
  UPI_METHOD,
  cashfreeTime,
  type CashfreeOrder,
  type CashfreePayment,
  type CashfreeStatus,
} from "./cashfree-model";
import { sendCashfreeWebhook } from "./cashfree-webhooks";

/** Cashfree's state: orders and their payment sessions, their changes and their JSON. */
export class CashfreeOrders {
  readonly orders = new Map<string, CashfreeOrder>();
  readonly sessions = new Map<string, string>(); // payment_session_id → order_id
  private nextCfOrderId = randomInt(2_000_000_000, 2_100_000_000);
  private nextCfPaymentId = randomInt(5_000_000_000, 5_100_000_000);

  constructor(private readonly ctx: EmulatorContext) {}

  /** Stores a new ACTIVE order under `orderId` (not yet taken), with a fresh payment session. */
  open(
    fields: Omit<CashfreeOrder, "orderId" | "cfOrderId" | "sessionId" | "status" | "createdAt" | "payments">,
    orderId: string,
    now: number,
  ): CashfreeOrder {
    const sessionId = `session_${randomToken(48)}`;
    const order: CashfreeOrder = {
      ...fields,
      orderId,
      cfOrderId: String(this.nextCfOrderId++),
      sessionId,
      status: "ACTIVE",
      createdAt: now,
      payments: [],
    };
    this.orders.set(orderId, order);
    this.sessions.set(sessionId, orderId);
    return order;
  }

  order(orderId: string): CashfreeOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new EmulatorError(404, `unknown Cashfree order ${orderId}`);
    return order;
  }

  /** The order a payment session belongs to, if any. */
  bySession(sessionId: string): CashfreeOrder | undefined {
    const orderId = this.sessions.get(sessionId);
    return orderId === undefined ? undefined : this.orders.get(orderId);
  }

  /** The current status, turning ACTIVE into EXPIRED once the expiry time passed. */
  status(order: CashfreeOrder): CashfreeStatus {
    if (order.status === "ACTIVE" && Date.now() >= order.expiresAt) order.status = "EXPIRED";
    return order.status;
  }

  orderJson(order: CashfreeOrder) {
    const { baseUrl } = this.ctx;
    return {
      cart_details: null,
      cf_order_id: order.cfOrderId,
      created_at: cashfreeTime(order.createdAt),
      customer_details: { ...order.customer, customer_uid: null },
      entity: "order",
      order_amount: order.amount,
      order_currency: "INR",
      order_expiry_time: cashfreeTime(order.expiresAt),
      order_id: order.orderId,
      order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl, payment_methods: null },
      order_note: order.note,
      order_splits: [],
      order_status: this.status(order),
      order_tags: order.tags,
      payment_session_id: order.sessionId,
      payments: { url: `${baseUrl}/cashfree/pg/orders/${order.orderId}/payments` },
      refunds: { url: `${baseUrl}/cashfree/pg/orders/${order.orderId}/refunds` },
      settlements: { url: `${baseUrl}/cashfree/pg/orders/${order.orderId}/settlements` },
      terminal_data: null,
    };
  }

  paymentJson(order: CashfreeOrder, p: CashfreePayment) {
    return {
      auth_id: null,
      authorization: null,
      bank_reference: p.bankReference,
      cf_payment_id: p.cfPaymentId,
      entity: "payment",
      error_details: p.status === "FAILED" ? FAILURE_DETAILS : null,
      is_captured: p.status === "SUCCESS",
      order_amount: order.amount,
      order_currency: "INR",
      order_id: order.orderId,
      payment_amount: order.amount,
      payment_completion_time: cashfreeTime(p.time),
      payment_currency: "INR",
      payment_gateway_details: null,
      payment_group: "upi",
      payment_message: p.status === "SUCCESS" ? "Simulated payment" : "Simulated payment failure",
      payment_method: UPI_METHOD(p.status),
      payment_offers: null,
      payment_status: p.status,
      payment_time: cashfreeTime(p.time),
    };
  }

  private newPayment(status: CashfreePayment["status"]): CashfreePayment {
    return {
      cfPaymentId: String(this.nextCfPaymentId++),
      status,
      time: Date.now(),
      bankReference: status === "SUCCESS" ? randomDigits(12) : null,
    };
  }

  /** Synchronous state change; the returned promise is the webhook delivery (never rejects). */
  payNow(orderId: string): Promise<void> {
    const order = this.order(orderId);
    const status = this.status(order);
    if (status === "PAID") return Promise.resolve();
    if (status !== "ACTIVE") throw new EmulatorError(409, `Cashfree order ${orderId} is ${status}`);
    const payment = this.newPayment("SUCCESS");
    order.payments.push(payment);
    order.status = "PAID";
    return sendCashfreeWebhook(this.ctx, order, payment);
  }

  failNow(orderId: string): Promise<void> {
    const order = this.order(orderId);
    const status = this.status(order);
    if (status !== "ACTIVE") throw new EmulatorError(409, `Cashfree order ${orderId} is ${status}`);
    const payment = this.newPayment("FAILED");
    order.payments.push(payment);
    return sendCashfreeWebhook(this.ctx, order, payment);
  }

  expire(orderId: string): void {
    const order = this.order(orderId);
    const status = this.status(order);
    if (status === "PAID") throw new EmulatorError(409, `Cashfree order ${orderId} is PAID`);
    order.status = "EXPIRED";
  }
}
