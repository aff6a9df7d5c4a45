import { EmulatorError, randomUpper } from "../emulator-support";
import type { EmulatorContext } from "../emulator-types";
import { PAYPAL_NOT_FOUND, paypalTime, paypalUnprocessable, type PaypalOrder } from "./paypal-model";

/** PayPal's state: access tokens and orders, their changes (no await between check and change) and their JSON. */
export class PaypalOrders {
  readonly tokens = new Map<string, number>(); // token → expiry (ms)
  readonly orders = new Map<string, PaypalOrder>();
  readonly createIds = new Map<string, string>(); // PayPal-Request-Id → order id

  constructor(private readonly ctx: EmulatorContext) {}

  order(id: string): PaypalOrder {
    const order = this.orders.get(id);
    if (!order) throw new EmulatorError(404, `unknown PayPal order ${id}`);
    return order;
  }

  approve(id: string): void {
    const order = this.order(id);
    if (order.declined) throw new EmulatorError(409, `PayPal order ${id} was declined`);
    if (order.status === "APPROVED") return;
    if (order.status !== "CREATED") throw new EmulatorError(409, `PayPal order ${id} is ${order.status}`);
    order.status = "APPROVED";
    order.updateTime = Date.now();
    order.payer = {
      name: { given_name: "Emulated", surname: "Buyer" },
      email_address: "buyer@example.com",
      payer_id: randomUpper(13),
      address: { country_code: "US" },
    };
  }

  decline(id: string): void {
    const order = this.order(id);
    if (order.declined) return;
    if (order.status !== "CREATED") throw new EmulatorError(409, `PayPal order ${id} is ${order.status}`);
    order.declined = true;
    order.updateTime = Date.now();
  }

  private links(order: PaypalOrder) {
    const self = `${this.ctx.baseUrl}/paypal/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: "self", method: "GET" }];
    if (order.status === "CREATED") {
      links.push({ href: `${this.ctx.publicUrl}/paypal/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" });
    }
    if (order.status !== "COMPLETED") links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
    return links;
  }

  private captureJson(order: PaypalOrder) {
    const c = order.capture!;
    return {
      id: c.id,
      status: "COMPLETED",
      amount: { ...order.unit.amount },
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      ...(order.unit.custom_id === undefined ? {} : { custom_id: order.unit.custom_id }),
      create_time: paypalTime(c.time),
      update_time: paypalTime(c.time),
    };
  }

  json(order: PaypalOrder) {
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      ...(order.payer ? { payment_source: { paypal: this.source(order) }, payer: order.payer } : {}),
      purchase_units: [
        {
          ...order.unit,
          amount: { ...order.unit.amount },
          payee: { email_address: "merchant@example.com", merchant_id: "EMUMERCHANT01" },
          ...(order.capture ? { payments: { captures: [this.captureJson(order)] } } : {}),
        },
      ],
      create_time: paypalTime(order.createTime),
      ...(order.updateTime === undefined ? {} : { update_time: paypalTime(order.updateTime) }),
      links: this.links(order),
    };
  }

  private source(order: PaypalOrder) {
    const payer = order.payer as { name: unknown; email_address: string; payer_id: string; address: unknown };
    return {
      email_address: payer.email_address,
      account_id: payer.payer_id,
      account_status: "VERIFIED",
      name: payer.name,
      address: payer.address,
    };
  }

  /** Capture, all synchronous so concurrent captures of one order cannot both succeed. */
  capture(id: string, requestId: string | undefined): { status: number; body: unknown } {
    const order = this.orders.get(id);
    if (!order) return { status: 404, body: PAYPAL_NOT_FOUND };
    if (order.capture) {
      if (requestId !== undefined && requestId === order.capture.requestId) return { status: 201, body: order.capture.response };
      return {
        status: 422,
        body: paypalUnprocessable(
          "ORDER_ALREADY_CAPTURED",
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
      };
    }
    if (order.declined) {
      return {
        status: 422,
        body: paypalUnprocessable(
          "INSTRUMENT_DECLINED",
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        ),
      };
    }
    if (order.status !== "APPROVED") {
      return {
        status: 422,
        body: paypalUnprocessable(
          "ORDER_NOT_APPROVED",
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        ),
      };
    }
    const now = Date.now();
    order.status = "COMPLETED";
    order.updateTime = now;
    order.capture = { id: randomUpper(17), time: now, requestId, response: {} };
    order.capture.response = {
      id: order.id,
      status: "COMPLETED",
      payment_source: { paypal: this.source(order) },
      payer: order.payer,
      purchase_units: [{ reference_id: order.unit.reference_id, payments: { captures: [this.captureJson(order)] } }],
      links: [{ href: `${this.ctx.baseUrl}/paypal/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
    };
    return { status: 201, body: order.capture.response };
  }
}
