import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../../http";
import { NOT_JSON, decodeSegment, header, isRecord, parseJson, randomToken, randomUpper } from "../emulator-support";
import type { EmulatorContext } from "../emulator-types";
import {
  PAYPAL_400_MESSAGE,
  PAYPAL_MALFORMED,
  PAYPAL_NOT_FOUND,
  checkPaypalCreate,
  invalid,
  paypalTime,
  type PaypalOrder,
} from "./paypal-model";
import type { PaypalOrders } from "./paypal-orders";

// The PayPal REST API (OAuth2 + Orders v2) billing calls.

const TOKEN_TTL_SECONDS = 32_400;

export const paypalJson = (res: ServerResponse, status: number, body: unknown) =>
  sendJson(res, status, body, { "paypal-debug-id": randomBytes(7).toString("hex").slice(0, 13) });

function paypalToken(ctx: EmulatorContext, paypal: PaypalOrders, req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
  const basic = /^Basic\s+(.+)$/i.exec(header(req, "authorization") ?? "")?.[1];
  const decoded = basic ? Buffer.from(basic, "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  const { clientId, clientSecret } = ctx.opts.paypal;
  if (colon < 0 || decoded.slice(0, colon) !== clientId || decoded.slice(colon + 1) !== clientSecret) {
    paypalJson(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
    return;
  }
  const grant = new URLSearchParams(raw.toString("utf8")).get("grant_type");
  if (grant !== "client_credentials") {
    paypalJson(res, 400, {
      error: "unsupported_grant_type",
      error_description: grant ? `Grant Type ${grant} is not supported` : "Grant Type is NULL",
    });
    return;
  }
  const now = Date.now();
  const token = `A21AA${randomToken(60)}`;
  paypal.tokens.set(token, now + TOKEN_TTL_SECONDS * 1000);
  paypalJson(res, 200, {
    scope:
      "https://uri.paypal.com/services/payments/payment/authcapture https://uri.paypal.com/services/payments/refund openid https://uri.paypal.com/services/payments/orders/client_sdk_orders_api",
    access_token: token,
    token_type: "Bearer",
    app_id: "APP-EMU",
    expires_in: TOKEN_TTL_SECONDS,
    nonce: `${paypalTime(now)}${randomToken(32)}`,
  });
}

type PaypalRoute = { kind: "create" } | { kind: "get" | "capture"; id: string };

function paypalRoute(method: string, path: string): PaypalRoute | undefined {
  const orderPath = /^\/paypal\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
  if (path === "/paypal/v2/checkout/orders" && method === "POST") return { kind: "create" };
  if (orderPath && !orderPath[2] && method === "GET") return { kind: "get", id: decodeSegment(orderPath[1]!) ?? "" };
  if (orderPath && orderPath[2] && method === "POST") return { kind: "capture", id: decodeSegment(orderPath[1]!) ?? "" };
  return undefined;
}

export function paypalApi(
  ctx: EmulatorContext,
  paypal: PaypalOrders,
  req: IncomingMessage,
  path: string,
  raw: Buffer,
  res: ServerResponse,
): void {
  const method = req.method ?? "GET";
  if (path === "/paypal/v1/oauth2/token" && method === "POST") return paypalToken(ctx, paypal, req, raw, res);

  const route = paypalRoute(method, path);
  if (!route) {
    paypalJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist.", details: [] });
    return;
  }

  const bearer = /^Bearer\s+(.+)$/i.exec(header(req, "authorization") ?? "")?.[1];
  const expiry = bearer ? paypal.tokens.get(bearer) : undefined;
  if (expiry === undefined || expiry <= Date.now()) {
    paypalJson(res, 401, {
      name: "AUTHENTICATION_FAILURE",
      message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
      details: [],
    });
    return;
  }

  const body = parseJson(raw);
  if (body === NOT_JSON) return paypalJson(res, 400, PAYPAL_MALFORMED);
  const requestId = header(req, "paypal-request-id") || undefined;

  if (route.kind === "create") {
    const known = requestId === undefined ? undefined : paypal.createIds.get(requestId);
    const existing = known === undefined ? undefined : paypal.orders.get(known);
    if (existing) return paypalJson(res, 201, paypal.json(existing));
    const check = checkPaypalCreate(body);
    if (!check.ok) return paypalJson(res, check.status, check.body);
    let id = randomUpper(17);
    while (paypal.orders.has(id)) id = randomUpper(17);
    const order: PaypalOrder = { id, status: "CREATED", declined: false, unit: check.unit, createTime: Date.now() };
    paypal.orders.set(id, order);
    if (requestId !== undefined) paypal.createIds.set(requestId, id);
    return paypalJson(res, 201, paypal.json(order));
  }
  if (route.kind === "get") {
    const order = paypal.orders.get(route.id);
    return order ? paypalJson(res, 200, paypal.json(order)) : paypalJson(res, 404, PAYPAL_NOT_FOUND);
  }
  if (body !== undefined && !isRecord(body)) {
    return paypalJson(res, 400, {
      name: "INVALID_REQUEST",
      message: PAYPAL_400_MESSAGE,
      details: [invalid("/", undefined, "The request body must be a JSON object.")],
    });
  }
  const result = paypal.capture(route.id, requestId);
  paypalJson(res, result.status, result.body);
}
