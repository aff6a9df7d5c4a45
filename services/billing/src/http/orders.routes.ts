import { AppError, requireIdentity, userId, validationFailed, type Logger, type RawBodyRequest } from "@genui/chassis";
import { Router, type NextFunction, type Request, type Response } from "express";
import { CashfreeClient } from "../payments/cashfree";
import type { Orders } from "../orders";
import { HTTP_STATUS } from "./errors";

const body = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

/** Order errors answer `{ error, message }` (the SPA's order wrapper reads `error`), with field errors for input. */
function orderErrors(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (!(err instanceof AppError && Object.hasOwn(HTTP_STATUS, err.code))) return next(err);
  res.status(HTTP_STATUS[err.code as keyof typeof HTTP_STATUS]).json({ ...(err.fields ?? {}), error: err.message, message: err.message, code: err.code });
}

/**
 * Top-ups (SPEC §7 Billing): payment currency, quote, order, PayPal capture, Cashfree status, and Cashfree's webhook
 * (signed with the client secret; public, no session, exempt from CSRF at the BFF).
 */
export function orderRoutes(orders: Orders, webhookSecret: string, logger: Logger): Router {
  const router = Router();
  router.get("/billing/api/v1/currency/", requireIdentity, async (req, res) => {
    res.json({ currency: await orders.currencyOf(userId(req)), currencies: ["USD", "INR"] });
  });
  router.post("/billing/api/v1/currency/", requireIdentity, async (req, res) => {
    const c = body(req).currency;
    if (c !== "USD" && c !== "INR") throw validationFailed({ currency: ['Choose "USD" or "INR".'] });
    await orders.setCurrency(userId(req), c);
    res.json({ currency: c });
  });
  router.post("/billing/api/v1/currency/exchange-rate/", requireIdentity, async (req, res) => {
    res.json(await orders.quote(userId(req), body(req).amount));
  });
  router.post("/billing/api/v1/orders/create/", requireIdentity, async (req, res) => {
    res.status(201).json(await orders.create(userId(req), body(req).amount));
  });
  router.post("/billing/api/v1/orders/paypal/:orderId/capture/", requireIdentity, async (req, res) => {
    res.json(await orders.capture(userId(req), String(req.params.orderId)));
  });
  router.get("/billing/api/v1/orders/cashfree/:orderId/", requireIdentity, async (req, res) => {
    res.json(await orders.cashfreeStatus(userId(req), String(req.params.orderId)));
  });
  router.post("/billing/api/v1/webhooks/cashfree/", async (req, res) => {
    const raw = (req as unknown as RawBodyRequest).rawBody?.toString("utf8") ?? "";
    const ok = CashfreeClient.verifyWebhook(
      webhookSecret,
      raw,
      req.header("x-webhook-timestamp"),
      req.header("x-webhook-signature"),
    );
    if (!ok) {
      logger.warn({ ip: req.ip }, "cashfree webhook with an invalid signature refused");
      res.status(401).json({ message: "Invalid webhook signature." });
      return;
    }
    const data = body(req).data as { order?: { order_id?: unknown } } | undefined;
    const orderId = data?.order?.order_id;
    if (typeof orderId !== "string" || !orderId) {
      res.status(400).json({ message: "Webhook without an order id." });
      return;
    }
    await orders.onCashfreeWebhook(orderId);
    res.json({ received: true });
  });
  router.use(orderErrors);
  return router;
}
