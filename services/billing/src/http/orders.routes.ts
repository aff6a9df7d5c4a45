import { AppError, requireIdentity, userId, validationFailed, type Handlers, type RawBodyRequest } from "@genui/chassis";
import { AmountBody, CashfreeWebhookBody, SetCurrencyBody } from "@genui/contracts/http";
import { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { TooManyOpenOrdersError } from "../domain/errors";
import type { Orders } from "../use-cases/orders";
import { HTTP_STATUS } from "./errors";

/** The body as the contract's schema reads it, or undefined when it does not fit. */
const parsed = <S extends z.ZodType>(schema: S, req: Request): z.output<S> | undefined => {
  const r = schema.safeParse(req.body ?? {});
  return r.success ? r.data : undefined;
};

/** The top-up amount as sent (a number or text), or undefined: the use case answers which message fits. */
const amountOf = (req: Request) => parsed(AmountBody, req)?.amount;

/**
 * Order errors answer `{ error, message, code }` (the SPA's order wrapper reads `error`), with field errors for input,
 * Retry-After when waiting helps, and the counts when the open orders are at their cap.
 */
function orderErrors(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (!(err instanceof AppError && Object.hasOwn(HTTP_STATUS, err.code))) return next(err);
  if (err.details.retryAfterSeconds !== undefined) res.set("retry-after", String(err.details.retryAfterSeconds));
  const counts = err instanceof TooManyOpenOrdersError ? { open_orders: err.open, max_open_orders: err.max } : {};
  res
    .status(HTTP_STATUS[err.code as keyof typeof HTTP_STATUS])
    .json({ ...(err.fields ?? {}), error: err.message, message: err.message, code: err.code, ...counts });
}

/**
 * Top-ups (SPEC §7 Billing): payment currency, quote, order, PayPal capture, Cashfree status, and Cashfree's webhook
 * (signed with the client secret; public, no session, exempt from CSRF at the BFF).
 */
type OrderIds =
  | "billing.currency"
  | "billing.setCurrency"
  | "billing.exchangeRate"
  | "billing.createOrder"
  | "billing.capturePaypalOrder"
  | "billing.cashfreeOrder"
  | "billing.cashfreeWebhook";

export function orderHandlers(orders: Orders): Pick<Handlers<"billing">, OrderIds> {
  /** A signed-in order route: its errors in the order shape. */
  const signedIn = (handler: RequestHandler) => [requireIdentity, handler, orderErrors];
  return {
    "billing.currency": signedIn(async (req, res) => {
      res.json({ currency: await orders.currencyOf(userId(req)), currencies: ["USD", "INR"] });
    }),
    "billing.setCurrency": signedIn(async (req, res) => {
      const c = parsed(SetCurrencyBody, req)?.currency;
      if (!c) throw validationFailed({ currency: ['Choose "USD" or "INR".'] });
      await orders.setCurrency(userId(req), c);
      res.json({ currency: c });
    }),
    "billing.exchangeRate": signedIn(async (req, res) => {
      res.json(await orders.quote(userId(req), amountOf(req)));
    }),
    "billing.createOrder": signedIn(async (req, res) => {
      // 201 for a new order; 200, same shape, for the identical open order handed out again.
      const { created, answer } = await orders.create(userId(req), amountOf(req));
      res.status(created ? 201 : 200).json(answer);
    }),
    "billing.capturePaypalOrder": signedIn(async (req, res) => {
      res.json(await orders.capture(userId(req), String(req.params.orderId)));
    }),
    "billing.cashfreeOrder": signedIn(async (req, res) => {
      res.json(await orders.cashfreeStatus(userId(req), String(req.params.orderId)));
    }),
    "billing.cashfreeWebhook": [
      async (req: Request, res: Response) => {
        // Verified (Cashfree's signature) before the order it names is looked at: Orders.cashfreeWebhook.
        await orders.cashfreeWebhook({
          rawBody: (req as unknown as RawBodyRequest).rawBody?.toString("utf8") ?? "",
          timestamp: req.header("x-webhook-timestamp"),
          signature: req.header("x-webhook-signature"),
          orderId: parsed(CashfreeWebhookBody, req)?.data?.order?.order_id,
          ip: req.ip,
        });
        res.json({ received: true });
      },
      orderErrors,
    ],
  };
}
