import { z } from "zod";
import { User, ContactBody, ContactMessage } from "./accounts";
import { App, AppPage, CreateAppBody, Id, PageQuery, Template, TemplatePage, UpdateAppBody, UpdateTemplateBody } from "./apps";
import {
  AmountBody,
  Balance,
  CaptureAnswer,
  CashfreeOrderStatus,
  CashfreeWebhookBody,
  CreatedOrder,
  ExchangeRate,
  ModelPlan,
  OrderError,
  PaymentCurrency,
  PlansQuery,
  SetCurrencyAnswer,
  SetCurrencyBody,
  Subscription,
  TooManyOpenOrders,
  WebhookHeaders,
} from "./billing";
import { AuthChatBody, AuthRetrieveBody, ChatModel, CodeAndScreen, OpenAiError } from "./chat";
import { BadRequest, FieldErrors, MessageError } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HttpAnswer {
  description: string;
  /** No schema: no body (204). */
  schema?: z.ZodType;
}

/**
 * One route of the signed-in API, as the services answer it: path parameters, query, headers, JSON body and the
 * answers of the route itself. What the edge adds (401 without a session, 403 without the CSRF token, 413, 429, 502)
 * is added by the BFF, which knows which routes need what (bff/src/http/allow-list.ts).
 */
export interface HttpOperation {
  method: HttpMethod;
  /** Express-style path (`:param`), exactly as the allow-list has it. */
  path: string;
  summary: string;
  tag: "accounts" | "contact" | "apps" | "templates" | "billing" | "chat";
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (read as {}). */
  bodyOptional?: true;
  responses: Record<number, HttpAnswer>;
}

const appId = z.object({ appId: Id });
const templateIds = z.object({ appId: Id, templateId: Id });
const notFound: HttpAnswer = { description: "Not found (or not the caller's).", schema: MessageError };
const invalid: HttpAnswer = { description: "Invalid input.", schema: BadRequest };
const orderInvalid: HttpAnswer = { description: "Invalid amount.", schema: OrderError };

/** The answers of a route that calls a payment provider: it refused or failed (502), or did not answer in time (504). */
const providerFailures = (provider: string) => ({
  502: { description: `${provider} refused or failed.`, schema: OrderError },
  504: { description: `${provider} did not answer in time.`, schema: OrderError },
});

/** Every route of the signed-in API the SPA calls through the BFF: SPEC §7, one declaration for both sides. */
export const SIGNED_IN_API: readonly HttpOperation[] = [
  {
    method: "GET",
    path: "/accounts/api/v1/me/",
    tag: "accounts",
    summary: "The signed-in user",
    responses: { 200: { description: "The user.", schema: User } },
  },
  {
    method: "POST",
    path: "/contact/api/v1/create/",
    tag: "contact",
    summary: "Sends a message to the team (signed in or not)",
    body: ContactBody,
    responses: {
      201: { description: "Stored.", schema: ContactMessage },
      400: { description: "Invalid input.", schema: FieldErrors },
    },
  },
  {
    method: "GET",
    path: "/billing/api/v1/modals/list",
    tag: "billing",
    summary: "The model plans, prices in the asked currency",
    query: PlansQuery,
    responses: { 200: { description: "The plans.", schema: z.array(ModelPlan) }, 400: invalid },
  },
  {
    method: "GET",
    path: "/billing/api/v1/balance",
    tag: "billing",
    summary: "The signed-in user's credits",
    responses: { 200: { description: "The balance.", schema: Balance } },
  },
  {
    method: "POST",
    path: "/billing/api/v1/subscription/:id/cancel/",
    tag: "billing",
    summary: "Cancels an app's subscription",
    params: z.object({ id: z.string() }),
    responses: { 200: { description: "Cancelled.", schema: Subscription }, 404: notFound },
  },
  {
    method: "GET",
    path: "/billing/api/v1/currency/",
    tag: "billing",
    summary: "The user's payment currency",
    responses: { 200: { description: "The currency.", schema: PaymentCurrency } },
  },
  {
    method: "POST",
    path: "/billing/api/v1/currency/",
    tag: "billing",
    summary: "Sets the user's payment currency",
    body: SetCurrencyBody,
    responses: { 200: { description: "Set.", schema: SetCurrencyAnswer }, 400: invalid },
  },
  {
    method: "POST",
    path: "/billing/api/v1/currency/exchange-rate/",
    tag: "billing",
    summary: "What an amount of US dollars costs in the payment currency",
    body: AmountBody,
    responses: { 200: { description: "The quote.", schema: ExchangeRate }, 400: orderInvalid },
  },
  {
    method: "POST",
    path: "/billing/api/v1/orders/create/",
    tag: "billing",
    summary: "Creates a top-up order with the payment currency's provider",
    body: AmountBody,
    responses: {
      200: {
        description: "The identical open order (same amount and provider, unpaid), handed out again.",
        schema: CreatedOrder,
      },
      201: { description: "Created.", schema: CreatedOrder },
      400: orderInvalid,
      409: {
        description: "The user holds TOPUP_MAX_OPEN_ORDERS unpaid orders already (Retry-After: when the oldest expires).",
        schema: TooManyOpenOrders,
      },
      429: {
        description: "Too many order requests (TOPUP_ORDER_RATE_PER_USER), or another is still being created (Retry-After).",
        schema: OrderError,
      },
      ...providerFailures("The provider"),
    },
  },
  {
    method: "POST",
    path: "/billing/api/v1/orders/paypal/:orderId/capture/",
    tag: "billing",
    summary: "Captures an approved PayPal order",
    params: z.object({ orderId: z.string() }),
    responses: {
      200: { description: "The capture's status (COMPLETED credits).", schema: CaptureAnswer },
      404: { description: "Not found (or not the caller's).", schema: OrderError },
      409: { description: "The captured amount does not match the order.", schema: OrderError },
      422: { description: "The buyer has not approved the order.", schema: OrderError },
      ...providerFailures("PayPal"),
    },
  },
  {
    method: "GET",
    path: "/billing/api/v1/orders/cashfree/:orderId/",
    tag: "billing",
    summary: "A Cashfree order's status",
    params: z.object({ orderId: z.string() }),
    responses: {
      200: { description: "The status (PAID once paid).", schema: CashfreeOrderStatus },
      404: { description: "Not found (or not the caller's).", schema: OrderError },
      ...providerFailures("Cashfree"),
    },
  },
  {
    method: "POST",
    path: "/billing/api/v1/webhooks/cashfree/",
    tag: "billing",
    summary: "Cashfree's payment webhook (server to server, signed)",
    headers: WebhookHeaders,
    body: CashfreeWebhookBody,
    responses: {
      200: { description: "Received.", schema: z.object({ received: z.literal(true) }) },
      400: { description: "No order id.", schema: MessageError },
      401: { description: "Invalid signature.", schema: MessageError },
    },
  },
  {
    method: "GET",
    path: "/apps/api/v1/list/",
    tag: "apps",
    summary: "One page of the signed-in user's apps",
    query: PageQuery,
    responses: { 200: { description: "The page.", schema: AppPage }, 400: invalid },
  },
  {
    method: "POST",
    path: "/apps/api/v1/create/",
    tag: "apps",
    summary: "Creates an app (pending until billing subscribes it)",
    body: CreateAppBody,
    responses: {
      201: { description: "Created.", schema: App },
      400: invalid,
      409: { description: "Already an app of this URL.", schema: MessageError },
      503: { description: "The quota could not be checked right now; retry (Retry-After).", schema: MessageError },
    },
  },
  {
    method: "DELETE",
    path: "/apps/api/v1/delete/:appId/",
    tag: "apps",
    summary: "Deletes an app that is not active",
    params: appId,
    responses: {
      204: { description: "Deleted." },
      404: notFound,
      409: { description: "An active app cannot be deleted.", schema: MessageError },
    },
  },
  {
    method: "POST",
    path: "/apps/api/v1/rotate-key/:appId/",
    tag: "apps",
    summary: "A new secret key (the old one stops working at once)",
    params: appId,
    responses: { 200: { description: "The app with its new key.", schema: App }, 404: notFound },
  },
  {
    method: "POST",
    path: "/apps/api/v1/rotate-publishable-key/:appId/",
    tag: "apps",
    summary: "A new publishable key (the old one stops working at once)",
    params: appId,
    responses: { 200: { description: "The app with its new key.", schema: App }, 404: notFound },
  },
  {
    method: "PATCH",
    path: "/apps/api/v1/update/:appId/",
    tag: "apps",
    summary: "The owner's settings of an app (the publishable key's daily spend cap)",
    params: appId,
    body: UpdateAppBody,
    responses: { 200: { description: "The app.", schema: App }, 400: invalid, 404: notFound },
  },
  {
    method: "GET",
    path: "/apps/api/v1/templates/:appId/",
    tag: "templates",
    summary: "One page of an app's templates",
    params: appId,
    query: PageQuery,
    responses: { 200: { description: "The page.", schema: TemplatePage }, 400: invalid, 404: notFound },
  },
  {
    method: "POST",
    path: "/apps/api/v1/templates/:appId/create/",
    tag: "templates",
    summary: "Creates an empty draft template",
    params: appId,
    responses: {
      201: { description: "Created.", schema: Template },
      404: notFound,
      409: { description: "The app has as many templates as allowed (TEMPLATES_MAX_PER_APP).", schema: MessageError },
      503: { description: "The quota could not be checked right now; retry (Retry-After).", schema: MessageError },
    },
  },
  {
    method: "GET",
    path: "/apps/api/v1/templates/:appId/retrieve/:templateId/",
    tag: "templates",
    summary: "One template",
    params: templateIds,
    responses: { 200: { description: "The template.", schema: Template }, 404: notFound },
  },
  {
    method: "PATCH",
    path: "/apps/api/v1/templates/:appId/update/:templateId/",
    tag: "templates",
    summary: "Changes a template (only the non-empty fields are applied)",
    params: templateIds,
    body: UpdateTemplateBody,
    bodyOptional: true,
    responses: { 200: { description: "The template.", schema: Template }, 400: invalid, 404: notFound },
  },
  {
    method: "DELETE",
    path: "/apps/api/v1/templates/:appId/delete/:templateId/",
    tag: "templates",
    summary: "Deletes a template",
    params: templateIds,
    responses: { 204: { description: "Deleted." }, 404: notFound },
  },
  {
    method: "POST",
    path: "/apps/api/v1/auth-chat/completions",
    tag: "chat",
    summary: "The signed-in chat: an answer streamed as server-sent events (chat.completion.chunk), or one completion",
    query: z.object({ app_id: Id.optional().meta({ description: "One of the user's apps: its templates, its usage." }) }),
    body: AuthChatBody,
    responses: {
      200: { description: "text/event-stream of chunks ending with [DONE], or a chat.completion." },
      400: { description: "Invalid request.", schema: OpenAiError },
      402: { description: "Not enough credits.", schema: OpenAiError },
      404: { description: "Unknown model or app.", schema: OpenAiError },
      429: { description: "Too many generations.", schema: OpenAiError },
    },
  },
  {
    method: "POST",
    path: "/apps/api/v1/auth-retrieve/",
    tag: "chat",
    summary: "The editor's AI: the code changed as the prompt asks (or the code alone evaluated), and its screen",
    body: AuthRetrieveBody,
    responses: {
      200: { description: "The code and its screen.", schema: CodeAndScreen },
      400: { description: "Invalid request.", schema: OpenAiError },
      402: { description: "Not enough credits.", schema: OpenAiError },
      404: { description: "Unknown model.", schema: OpenAiError },
      429: { description: "Too many generations.", schema: OpenAiError },
      502: { description: "The model failed.", schema: OpenAiError },
      504: { description: "The model did not answer in time.", schema: OpenAiError },
    },
  },
  {
    method: "GET",
    path: "/apps/api/v1/chat/models/",
    tag: "chat",
    summary: "The chat picker's models and what serves them",
    responses: { 200: { description: "The models.", schema: z.array(ChatModel) } },
  },
];

/** The declared operation of a route, by method and express-style path. */
export const operationOf = (method: string, path: string): HttpOperation | undefined =>
  SIGNED_IN_API.find((o) => o.method === method && o.path === path);
