import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../../http";
import { NOT_JSON, decodeSegment, header, parseJson, randomDigits, randomToken } from "../emulator-support";
import type { EmulatorContext } from "../emulator-types";
import { cashfreeError, checkCashfreeCreate } from "./cashfree-model";
import type { CashfreeOrders } from "./cashfree-orders";

// The Cashfree PG API (2023-08-01) billing calls: create an order, read it, list its payments.

type CashfreeRoute = { kind: "create" } | { kind: "get" | "payments"; id: string };

function cashfreeRoute(method: string, path: string): CashfreeRoute | undefined {
  const orderPath = /^\/cashfree\/pg\/orders\/([^/]+)(\/payments)?$/.exec(path);
  if (path === "/cashfree/pg/orders" && method === "POST") return { kind: "create" };
  if (orderPath && method === "GET") return { kind: orderPath[2] ? "payments" : "get", id: decodeSegment(orderPath[1]!) ?? "" };
  return undefined;
}

export function cashfreeApi(
  ctx: EmulatorContext,
  cashfree: CashfreeOrders,
  req: IncomingMessage,
  path: string,
  raw: Buffer,
  res: ServerResponse,
): void {
  const method = req.method ?? "GET";
  const requestId = header(req, "x-request-id");
  const reply = (status: number, body: unknown) =>
    sendJson(res, status, body, requestId === undefined ? {} : { "x-request-id": requestId });

  const route = cashfreeRoute(method, path);
  if (!route) return reply(404, cashfreeError("requested URL not found", "request_failed"));

  const { clientId, clientSecret } = ctx.opts.cashfree;
  if (header(req, "x-client-id") !== clientId || header(req, "x-client-secret") !== clientSecret) {
    return reply(401, cashfreeError("authentication Failed", "request_failed", "authentication_error"));
  }
  if (!header(req, "x-api-version")) {
    return reply(400, cashfreeError("x-api-version missing in the header", "request_failed"));
  }

  if (route.kind === "create") {
    const body = parseJson(raw);
    if (body === NOT_JSON) return reply(400, cashfreeError("request body : invalid json", "request_body_invalid"));
    const now = Date.now();
    const check = checkCashfreeCreate(body, now);
    if (!check.ok) return reply(400, check.body);
    const { orderId: wanted, ...rest } = check.order;
    if (wanted !== undefined && cashfree.orders.has(wanted)) {
      return reply(409, cashfreeError("order with same id is already present", "order_already_exists"));
    }
    let orderId = wanted ?? `order_${randomDigits(10)}${randomToken(6).replace(/[^A-Za-z0-9]/g, "")}`;
    while (cashfree.orders.has(orderId)) orderId = `order_${randomDigits(12)}`;
    const order = cashfree.open(rest, orderId, now);
    return reply(200, cashfree.orderJson(order));
  }
  const order = cashfree.orders.get(route.id);
  if (!order) return reply(404, cashfreeError("order not found for this merchant", "order_not_found"));
  if (route.kind === "get") return reply(200, cashfree.orderJson(order));
  return reply(
    200,
    order.payments.map((p) => cashfree.paymentJson(order, p)),
  );
}
