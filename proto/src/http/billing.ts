import { z } from "zod";

export const CURRENCIES = ["USD", "INR"] as const;
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

/** SPEC §3 Model plan, prices in the asked currency. */
export const ModelPlan = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    currency: Currency,
    input_text_cost: z.number(),
    input_image_cost: z.number(),
    input_video_cost: z.number(),
    input_audio_cost: z.number(),
    output_text_cost: z.number(),
    input_text_limit: z.number(),
    output_text_limit: z.number(),
    features: z.object({ features: z.array(z.string()) }),
  })
  .meta({ id: "ModelPlan" });
export type ModelPlan = z.infer<typeof ModelPlan>;

export const PlansQuery = z.object({
  currency: z.string().optional().meta({ description: "USD or INR, any case (default USD)." }),
});

/** SPEC §3 Balance response: US dollars. */
export const Balance = z.object({ balance: z.number(), currency: z.literal("USD") }).meta({ id: "Balance" });
export type Balance = z.infer<typeof Balance>;

export const Subscription = z
  .object({ id: z.string(), app_id: z.string(), plan_id: z.string(), status: z.string() })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof Subscription>;

/** The payment currency of the user's top-ups. */
export const PaymentCurrency = z.object({ currency: Currency, currencies: z.array(Currency) }).meta({ id: "PaymentCurrency" });
export const SetCurrencyBody = z.object({ currency: Currency }).meta({ id: "SetCurrencyBody" });
export const SetCurrencyAnswer = z.object({ currency: Currency });

/** A top-up amount in US dollars: a number or decimal text (bounds and 2 decimals checked by billing). */
export const AmountBody = z.object({ amount: z.union([z.number(), z.string()]) }).meta({ id: "AmountBody" });
export type AmountBody = z.infer<typeof AmountBody>;

/** SPEC §3 Exchange-rate response. */
export const ExchangeRate = z
  .object({
    amount: z.number(),
    currency: Currency,
    debug: z.boolean(),
    paypal_client_id: z.string(),
    rate: z.number(),
    rate_date: z.string(),
  })
  .meta({ id: "ExchangeRate" });
export type ExchangeRate = z.infer<typeof ExchangeRate>;

/** SPEC §3 Order create response: PayPal's order id (USD) or Cashfree's session (INR). */
export const CreatedOrder = z
  .union([
    z.object({ paypal_order_id: z.string() }),
    z.object({ payment_session_id: z.string(), cashfree_order_id: z.string(), order_id: z.string() }),
  ])
  .meta({ id: "CreatedOrder" });
export type CreatedOrder = z.infer<typeof CreatedOrder>;

export const CaptureAnswer = z.object({ status: z.string() }).meta({ id: "CaptureAnswer" });
export const CashfreeOrderStatus = z.object({ order_status: z.string() }).meta({ id: "CashfreeOrderStatus" });

/** Order errors carry `error` too (the SPA's order wrapper reads it), with field errors for input. */
export const OrderError = z
  .object({ error: z.string(), message: z.string(), code: z.string() })
  .catchall(z.union([z.string(), z.array(z.string())]))
  .meta({ id: "OrderError" });

/** The user holds as many unpaid orders as allowed (TOPUP_MAX_OPEN_ORDERS): how many are open, and the cap. */
export const TooManyOpenOrders = OrderError.extend({ open_orders: z.number().int(), max_open_orders: z.number().int() }).meta({
  id: "TooManyOpenOrders",
});

/** Cashfree's webhook (signed with the client secret). */
export const CashfreeWebhookBody = z
  .object({ data: z.object({ order: z.object({ order_id: z.string() }).optional() }).optional() })
  .meta({ id: "CashfreeWebhookBody" });
export const WebhookHeaders = z.object({ "x-webhook-timestamp": z.string(), "x-webhook-signature": z.string() });
