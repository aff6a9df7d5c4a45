import { z } from "zod";
import {
  ConfirmSignupBody,
  ContactBody,
  ContactMessage,
  GoogleLoginBody,
  PasswordLoginBody,
  RegisterBody,
  SignupStarted,
  User,
} from "./accounts";
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
import type { HttpAnswer, HttpOperation, Server } from "./operation";
import { PUBLISHED_ROUTES } from "./published-routes";
import { MCP_ROUTES, OAUTH_ROUTES } from "./mcp";
import { A2UI_ROUTES, AG_UI_ROUTES } from "./wire-formats";
import { APPEARANCE_ROUTES } from "./appearance";
import { COMPLETION_ROUTES } from "./completions";

export * from "./operation";

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

/** The rows, as written (their literal ids type each server's table of handlers). */
const TABLE = [
  {
    id: "identity.me",
    method: "GET",
    path: "/accounts/api/v1/me/",
    door: "session",
    server: "identity",
    tag: "accounts",
    summary: "The signed-in user",
    responses: { 200: { description: "The user.", schema: User } },
  },
  {
    id: "identity.createContact",
    method: "POST",
    path: "/contact/api/v1/create/",
    door: "open",
    server: "identity",
    rate: "contact",
    tag: "contact",
    summary: "Sends a message to the team (signed in or not)",
    body: ContactBody,
    responses: {
      201: { description: "Stored.", schema: ContactMessage },
      400: { description: "Invalid input.", schema: FieldErrors },
    },
  },
  {
    id: "billing.listPlans",
    method: "GET",
    path: "/billing/api/v1/modals/list",
    door: "open",
    server: "billing",
    tag: "billing",
    summary: "The model plans, prices in the asked currency",
    query: PlansQuery,
    responses: { 200: { description: "The plans.", schema: z.array(ModelPlan) }, 400: invalid },
  },
  {
    id: "billing.balance",
    method: "GET",
    path: "/billing/api/v1/balance",
    door: "session",
    server: "billing",
    tag: "billing",
    summary: "The signed-in user's credits",
    responses: { 200: { description: "The balance.", schema: Balance } },
  },
  {
    id: "billing.cancelSubscription",
    method: "POST",
    path: "/billing/api/v1/subscription/:id/cancel/",
    door: "session",
    server: "billing",
    tag: "billing",
    summary: "Cancels an app's subscription",
    params: z.object({ id: z.string() }),
    responses: { 200: { description: "Cancelled.", schema: Subscription }, 404: notFound },
  },
  {
    id: "billing.currency",
    method: "GET",
    path: "/billing/api/v1/currency/",
    door: "session",
    server: "billing",
    tag: "billing",
    summary: "The user's payment currency",
    responses: { 200: { description: "The currency.", schema: PaymentCurrency } },
  },
  {
    id: "billing.setCurrency",
    method: "POST",
    path: "/billing/api/v1/currency/",
    door: "session",
    server: "billing",
    tag: "billing",
    summary: "Sets the user's payment currency",
    body: SetCurrencyBody,
    responses: { 200: { description: "Set.", schema: SetCurrencyAnswer }, 400: invalid },
  },
  {
    id: "billing.exchangeRate",
    method: "POST",
    path: "/billing/api/v1/currency/exchange-rate/",
    door: "session",
    server: "billing",
    tag: "billing",
    summary: "What an amount of US dollars costs in the payment currency",
    body: AmountBody,
    responses: { 200: { description: "The quote.", schema: ExchangeRate }, 400: orderInvalid },
  },
  {
    id: "billing.createOrder",
    method: "POST",
    path: "/billing/api/v1/orders/create/",
    door: "session",
    server: "billing",
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
    id: "billing.capturePaypalOrder",
    method: "POST",
    path: "/billing/api/v1/orders/paypal/:orderId/capture/",
    door: "session",
    server: "billing",
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
    id: "billing.cashfreeOrder",
    method: "GET",
    path: "/billing/api/v1/orders/cashfree/:orderId/",
    door: "session",
    server: "billing",
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
    id: "billing.cashfreeWebhook",
    method: "POST",
    path: "/billing/api/v1/webhooks/cashfree/",
    door: "open",
    server: "billing",
    csrf: false,
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
    id: "apps.list",
    method: "GET",
    path: "/apps/api/v1/list/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "One page of the signed-in user's apps",
    query: PageQuery,
    responses: { 200: { description: "The page.", schema: AppPage }, 400: invalid },
  },
  {
    id: "apps.create",
    method: "POST",
    path: "/apps/api/v1/create/",
    door: "session",
    server: "apps",
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
    id: "apps.delete",
    method: "DELETE",
    path: "/apps/api/v1/delete/:appId/",
    door: "session",
    server: "apps",
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
    id: "apps.rotateKey",
    method: "POST",
    path: "/apps/api/v1/rotate-key/:appId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "A new secret key (the old one stops working at once)",
    params: appId,
    responses: { 200: { description: "The app with its new key.", schema: App }, 404: notFound },
  },
  {
    id: "apps.rotatePublishableKey",
    method: "POST",
    path: "/apps/api/v1/rotate-publishable-key/:appId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "A new publishable key (the old one stops working at once)",
    params: appId,
    responses: { 200: { description: "The app with its new key.", schema: App }, 404: notFound },
  },
  {
    id: "apps.update",
    method: "PATCH",
    path: "/apps/api/v1/update/:appId/",
    door: "session",
    server: "apps",
    tag: "apps",
    summary: "The owner's settings of an app (the publishable key's daily spend cap)",
    params: appId,
    body: UpdateAppBody,
    responses: { 200: { description: "The app.", schema: App }, 400: invalid, 404: notFound },
  },
  {
    id: "apps.listTemplates",
    method: "GET",
    path: "/apps/api/v1/templates/:appId/",
    door: "session",
    server: "apps",
    tag: "templates",
    summary: "One page of an app's templates",
    params: appId,
    query: PageQuery,
    responses: { 200: { description: "The page.", schema: TemplatePage }, 400: invalid, 404: notFound },
  },
  {
    id: "apps.createTemplate",
    method: "POST",
    path: "/apps/api/v1/templates/:appId/create/",
    door: "session",
    server: "apps",
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
    id: "apps.getTemplate",
    method: "GET",
    path: "/apps/api/v1/templates/:appId/retrieve/:templateId/",
    door: "session",
    server: "apps",
    tag: "templates",
    summary: "One template",
    params: templateIds,
    responses: { 200: { description: "The template.", schema: Template }, 404: notFound },
  },
  {
    id: "apps.updateTemplate",
    method: "PATCH",
    path: "/apps/api/v1/templates/:appId/update/:templateId/",
    door: "session",
    server: "apps",
    tag: "templates",
    summary: "Changes a template (only the non-empty fields are applied)",
    params: templateIds,
    body: UpdateTemplateBody,
    bodyOptional: true,
    responses: { 200: { description: "The template.", schema: Template }, 400: invalid, 404: notFound },
  },
  {
    id: "apps.deleteTemplate",
    method: "DELETE",
    path: "/apps/api/v1/templates/:appId/delete/:templateId/",
    door: "session",
    server: "apps",
    tag: "templates",
    summary: "Deletes a template",
    params: templateIds,
    responses: { 204: { description: "Deleted." }, 404: notFound },
  },
  {
    id: "generation.authChat",
    method: "POST",
    path: "/apps/api/v1/auth-chat/completions",
    door: "session",
    server: "generation",
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
    id: "generation.authRetrieve",
    method: "POST",
    path: "/apps/api/v1/auth-retrieve/",
    door: "session",
    server: "generation",
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
    id: "generation.chatModels",
    method: "GET",
    path: "/apps/api/v1/chat/models/",
    door: "open",
    server: "generation",
    tag: "chat",
    summary: "The chat picker's models and what serves them",
    responses: { 200: { description: "The models.", schema: z.array(ChatModel) } },
  },

  // The BFF's own routes: the session's plumbing (sign-in, sign-up, logout, the CSRF token), the client's settings
  // and the published documents. Served by the BFF, never proxied.
  {
    id: "bff.loginPassword",
    method: "POST",
    path: "/accounts/api/v1/login-password/",
    door: "open",
    server: "bff",
    rate: "login",
    documented: false,
    tag: "accounts",
    summary: "Signs in with e-mail and password",
    body: PasswordLoginBody,
    responses: { 200: { description: "The user, signed in.", schema: User }, 400: invalid },
  },
  {
    id: "bff.loginGoogle",
    method: "POST",
    path: "/accounts/api/v1/login-google/",
    door: "open",
    server: "bff",
    rate: "login",
    documented: false,
    tag: "accounts",
    summary: "Signs in with a Google token",
    body: GoogleLoginBody,
    responses: { 200: { description: "The user, signed in.", schema: User }, 400: invalid },
  },
  {
    id: "bff.register",
    method: "POST",
    path: "/accounts/api/v1/register/",
    door: "open",
    server: "bff",
    rate: "signup",
    documented: false,
    tag: "accounts",
    summary: "Starts a sign-up (the next step is mailed)",
    body: RegisterBody,
    responses: { 202: { description: "Mailed.", schema: SignupStarted }, 400: invalid },
  },
  {
    id: "bff.confirmSignup",
    method: "POST",
    path: "/accounts/api/v1/register/confirm/",
    door: "open",
    server: "bff",
    rate: "login",
    documented: false,
    tag: "accounts",
    summary: "Finishes a sign-up with the mailed link's token",
    body: ConfirmSignupBody,
    responses: { 201: { description: "The user, signed in.", schema: User }, 400: invalid },
  },
  {
    id: "bff.logout",
    method: "POST",
    path: "/accounts/api/v1/logout/",
    door: "open",
    server: "bff",
    documented: false,
    tag: "accounts",
    summary: "Signs out",
    responses: { 200: { description: "Signed out.", schema: MessageError } },
  },
  {
    id: "bff.csrf",
    method: "GET",
    path: "/get-csrf/",
    door: "open",
    server: "bff",
    documented: false,
    tag: "platform",
    summary: "Sets the CSRF token cookie for this session",
    responses: { 200: { description: "Set." } },
  },
  {
    id: "bff.config",
    method: "GET",
    path: "/get-config/",
    door: "open",
    server: "bff",
    documented: false,
    tag: "platform",
    summary: "The SPA's settings (Google client id, payment modes, cookie names)",
    responses: { 200: { description: "The settings." } },
  },
  {
    id: "bff.openapi",
    method: "GET",
    path: "/api/openapi.json",
    door: "open",
    server: "bff",
    documented: false,
    tag: "platform",
    summary: "This document",
    responses: { 200: { description: "OpenAPI 3.1." } },
  },
  {
    id: "bff.screenSchema",
    method: "GET",
    path: "/apps/api/v1/schema/screen.v1.json",
    door: "open",
    server: "bff",
    documented: false,
    tag: "platform",
    summary: "The screen JSON Schema",
    responses: { 200: { description: "JSON Schema 2020-12." } },
  },
  {
    id: "bff.catalogueSchema",
    method: "GET",
    path: "/apps/api/v1/schema/catalogue.json",
    door: "open",
    server: "bff",
    documented: false,
    tag: "platform",
    summary: "The component catalogue",
    responses: { 200: { description: "The catalogue." } },
  },

  // identity's routes behind the BFF's own (the BFF calls them with its signature; nothing outside reaches them).
  {
    id: "identity.register",
    method: "POST",
    path: "/accounts/api/v1/register/",
    door: "internal",
    server: "identity",
    documented: false,
    tag: "accounts",
    summary: "Starts a sign-up",
    body: RegisterBody,
    responses: { 202: { description: "Mailed.", schema: SignupStarted }, 400: invalid },
  },
  {
    id: "identity.confirmSignup",
    method: "POST",
    path: "/accounts/api/v1/register/confirm/",
    door: "internal",
    server: "identity",
    documented: false,
    tag: "accounts",
    summary: "Creates the account of a mailed link",
    body: ConfirmSignupBody,
    responses: { 201: { description: "The user.", schema: User }, 400: invalid },
  },
  {
    id: "identity.loginPassword",
    method: "POST",
    path: "/accounts/api/v1/login-password/",
    door: "internal",
    server: "identity",
    documented: false,
    tag: "accounts",
    summary: "Checks a password",
    body: PasswordLoginBody,
    responses: { 200: { description: "The user.", schema: User }, 400: invalid },
  },
  {
    id: "identity.loginGoogle",
    method: "POST",
    path: "/accounts/api/v1/login-google/",
    door: "internal",
    server: "identity",
    documented: false,
    tag: "accounts",
    summary: "Checks a Google token",
    body: GoogleLoginBody,
    responses: { 200: { description: "The user.", schema: User }, 400: invalid },
  },

  // The published API (OpenAI-compatible; its own document at /apps/api/v1/openapi.json): bearer API keys.
  ...PUBLISHED_ROUTES,

  // The MCP server (bearer key or OAuth access token) and the OAuth authorization server agent hosts connect through.
  ...MCP_ROUTES,
  ...OAUTH_ROUTES,

  // The same generation as A2UI messages and as an AG-UI agent run (proto/src/http/wire-formats.ts).
  ...A2UI_ROUTES,
  ...AG_UI_ROUTES,

  // An app's look: its brand theme and its own components (proto/src/http/appearance.ts).
  ...APPEARANCE_ROUTES,

  // Answers that last: stored completions and streams resumed after a dropped connection (proto/src/http/completions.ts).
  ...COMPLETION_ROUTES,
] as const satisfies readonly HttpOperation[];

/**
 * Every route of the platform, once: the signed-in API the SPA calls through the BFF (SPEC §7), the BFF's own routes,
 * identity's internal ones and the published API. Adding an endpoint is one row here and one handler in its server.
 */
export const ROUTES: readonly HttpOperation[] = TABLE;

/** Every operation id, and those a given server answers (its table of handlers must have exactly these). */
export type OperationId = (typeof TABLE)[number]["id"];
export type OperationIdOf<S extends Server> = Extract<(typeof TABLE)[number], { server: S }>["id"];

const byId = new Map<string, HttpOperation>(ROUTES.map((r) => [r.id, r]));

/** The row of an operation id. */
export function route(id: OperationId): HttpOperation {
  return byId.get(id)!;
}

/** The path of an operation with its parameters filled in (`pathOf("apps.delete", { appId })`). */
export function pathOf(id: OperationId, params: Record<string, string> = {}): string {
  return route(id).path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`pathOf(${id}): no value for :${name}`);
    return encodeURIComponent(v);
  });
}

/** The rows one server answers. */
export const routesOf = (server: Server): readonly HttpOperation[] => ROUTES.filter((r) => r.server === server);

/** The rows the BFF passes to a service from outside (everything but its own and the internal ones), by door. */
export const proxiedRoutes = (): readonly HttpOperation[] =>
  ROUTES.filter((r) => r.server !== "bff" && (r.door === "session" || r.door === "open"));
export const publishedRoutes = (): readonly HttpOperation[] => ROUTES.filter((r) => r.door === "key");
