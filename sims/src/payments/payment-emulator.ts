import { createHmac, randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, htmlPage, listenDevServer, readBody, scriptJson, sendHtml, sendJson, sendScript } from "../http";
import {
  CASHFREE_EMBED_MESSAGE_SOURCE,
  PAYPAL_POPUP_MESSAGE_SOURCE,
  cashfreeSdkScript,
  paypalSdkErrorScript,
  paypalSdkScript,
} from "./browser-sdks";

/**
 * A local stand-in for the parts of the PayPal REST API (OAuth2 + Orders v2) and the Cashfree PG API (2023-08-01)
 * that billing calls, with a checkout page where a person approves or declines a payment, and for the providers'
 * browser SDKs the SPA loads (`/paypal/sdk/js`, `/cashfree/js/v3/cashfree.js`; see ./browser-sdks.ts). For integration
 * tests and the local platform only: state is in memory, nothing leaves this machine except Cashfree webhooks to the
 * `notify_url` an order names, and it refuses to start in production.
 */
export type PaymentProvider = "paypal" | "cashfree";

export interface PaymentEmulatorOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  paypal: { clientId: string; clientSecret: string };
  cashfree: { clientId: string; clientSecret: string };
  /** Base of the checkout links handed out (as a browser reaches the emulator); default the emulator's own URL. */
  publicUrl?: string;
}

export interface RecordedCall {
  method: string;
  /** Path and query as received, e.g. `/paypal/v2/checkout/orders`. */
  path: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON or form body; the raw text when it does not parse; undefined when empty. */
  body: unknown;
}

export interface PaymentEmulator {
  url: string;
  /** `${url}/paypal` */
  paypalBaseUrl: string;
  /** `${url}/cashfree/pg` (the API root that contains /orders) */
  cashfreeBaseUrl: string;
  /** As if the buyer approved in the checkout page. Throws for an unknown order or one that was declined/captured. */
  approvePaypal(orderId: string): void;
  /** As if the buyer declined in the checkout page. Throws for an unknown order or one already approved/captured. */
  declinePaypal(orderId: string): void;
  /** Marks the order PAID and sends its webhook (if notify_url); resolves once the webhook POST answered or failed. */
  payCashfree(orderId: string): Promise<void>;
  /** Records a failed payment (order_status stays ACTIVE) and sends a PAYMENT_FAILED_WEBHOOK in the background. */
  failCashfree(orderId: string): void;
  /** Sets order_status EXPIRED (unless PAID: throws). */
  expireCashfree(orderId: string): void;
  /** The next `times` (default 1) API calls to the provider answer `status` with the provider's error body. */
  failNext(provider: PaymentProvider, status: number, times?: number): void;
  /** The next `times` (default 1) API calls to the provider wait `ms` before being handled. */
  delayNext(provider: PaymentProvider, ms: number, times?: number): void;
  /** API calls received (checkout pages and controls excluded), oldest first. */
  calls(provider?: PaymentProvider): RecordedCall[];
  close(): Promise<void>;
}

/** The `x-webhook-signature` Cashfree puts on a webhook: base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export const signCashfreeWebhook = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac("sha256", secret)
    .update(timestamp + rawBody)
    .digest("base64");

// ---------------------------------------------------------------------------------------------------------------------
// Shared helpers

const MAX_BODY = 100 * 1024;
const DRAIN_LIMIT = 16 * 1024 * 1024;
const WEBHOOK_TIMEOUT_MS = 10_000;
const TOKEN_TTL_SECONDS = 32_400;
const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'";
const MESSAGE_SOURCE = "genui-payment-emulator";

class EmulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ALNUM_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const randomUpper = (length: number): string => Array.from({ length }, () => ALNUM_UPPER[randomInt(ALNUM_UPPER.length)]).join("");
const randomDigits = (length: number): string =>
  String(randomInt(1, 10)) + Array.from({ length: length - 1 }, () => String(randomInt(10))).join("");
const randomToken = (bytes: number): string => randomBytes(bytes).toString("base64url");

/** PayPal's timestamps: ISO 8601 UTC without milliseconds. */
const paypalTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
/** Cashfree's timestamps: ISO 8601 in India Standard Time, e.g. 2023-08-01T12:34:56+05:30. */
const cashfreeTime = (ms: number): string => new Date(ms + 330 * 60_000).toISOString().replace(/\.\d{3}Z$/, "+05:30");

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Checkout pages may be framed (the Cashfree SDK's modal): no frame-ancestors, no x-frame-options. */
const sendPage = (res: ServerResponse, status: number, html: string): void =>
  sendHtml(res, status, html, { "content-security-policy": CSP });

const NOT_JSON = Symbol("malformed JSON");

/** Empty body → undefined; otherwise the parsed JSON or NOT_JSON. */
function parseJson(raw: Buffer): unknown {
  const text = raw.toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function bodyForLog(raw: Buffer, contentType: string): unknown {
  const text = raw.toString("utf8");
  if (text === "") return undefined;
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

interface Fault {
  value: number;
  remaining: number;
}

function takeFault(queue: Fault[]): Fault | undefined {
  const head = queue[0];
  if (!head) return undefined;
  head.remaining -= 1;
  if (head.remaining <= 0) queue.shift();
  return head;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fa;color:#1c2430}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 1rem}
.note{font-size:.8rem;color:#8a5a00;background:#fff4d6;border-radius:6px;padding:.3rem .6rem;display:inline-block;margin:0 0 1rem}
.amount{font-size:2rem;font-weight:600;margin:.5rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem;font-size:.9rem;margin:0 0 1.5rem}
dt{color:#5b6675}dd{margin:0;word-break:break-all}
form{display:inline-block;margin:0 .5rem .5rem 0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #0b5ed7;background:#0b5ed7;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#b42318;border-color:#b42318}
.ok{color:#067647}.bad{color:#b42318}`;

const page = (title: string, body: string, script?: string): string =>
  htmlPage(title, STYLE, `<p class="note">Local emulator &mdash; no real money moves</p>\n${body}`, script);

/** Tells the page that opened (or framed) the checkout how it ended. */
const notifyOpenerScript = (message: Record<string, string>): string =>
  `(function(){var m=${scriptJson({ source: MESSAGE_SOURCE, ...message })};` +
  `window.opener && window.opener.postMessage(m, "*");` +
  `if (window.parent && window.parent !== window) window.parent.postMessage(m, "*");})();`;

/** The PayPal checkout page opened by the JS SDK stand-in (`popup=1`) tells its opener, then closes itself. */
const paypalPopupScript = (token: string, status: "approved" | "declined", payerID: string): string =>
  `(function(){var m=${scriptJson({ source: PAYPAL_POPUP_MESSAGE_SOURCE, token, status, payerID })};` +
  `if (window.opener) { try { window.opener.postMessage(m, "*"); } catch (e) {} }` +
  `setTimeout(function(){ window.close(); }, 100);})();`;

/** The Cashfree checkout page framed by the JS SDK stand-in (`embedded=1`) tells the page that framed it. */
const cashfreeEmbedScript = (message: { session: string; status: "paid" | "failed" | "invalid"; order_id?: string }): string =>
  `(function(){var m=${scriptJson({ source: CASHFREE_EMBED_MESSAGE_SOURCE, ...message })};` +
  `if (window.parent && window.parent !== window) window.parent.postMessage(m, "*");})();`;

const details = (rows: [string, string][]): string =>
  `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>`;

// ---------------------------------------------------------------------------------------------------------------------
// PayPal

type PaypalStatus = "CREATED" | "APPROVED" | "COMPLETED";

interface PaypalAmount {
  currency_code: string;
  value: string;
}

interface PaypalOrder {
  id: string;
  status: PaypalStatus;
  declined: boolean;
  unit: { reference_id: string; custom_id?: string; description?: string; amount: PaypalAmount };
  createTime: number;
  updateTime?: number;
  payer?: Record<string, unknown>;
  capture?: { id: string; time: number; requestId: string | undefined; response: Record<string, unknown> };
}

const PAYPAL_400_MESSAGE = "Request is not well-formed, syntactically incorrect, or violates schema.";
const PAYPAL_422_MESSAGE = "The requested action could not be performed, semantically incorrect, or failed business validation.";

const PAYPAL_NOT_FOUND = {
  name: "RESOURCE_NOT_FOUND",
  details: [
    {
      issue: "INVALID_RESOURCE_ID",
      description: "Specified resource ID does not exist. Please check the resource ID and try again.",
    },
  ],
  message: "The specified resource does not exist.",
};
const PAYPAL_MALFORMED = {
  name: "INVALID_REQUEST",
  message: PAYPAL_400_MESSAGE,
  details: [
    { field: "/", location: "body", issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." },
  ],
};

interface PaypalIssue {
  field: string;
  value?: string;
  location: "body";
  issue: string;
  description: string;
}

const missing = (field: string): PaypalIssue => ({
  field,
  location: "body",
  issue: "MISSING_REQUIRED_PARAMETER",
  description: "A required field / parameter is missing.",
});
const invalid = (field: string, value: unknown, description = "The value of a field is invalid."): PaypalIssue => ({
  field,
  ...(value === undefined ? {} : { value: typeof value === "string" ? value : JSON.stringify(value) }),
  location: "body",
  issue: "INVALID_PARAMETER_VALUE",
  description,
});

const paypalUnprocessable = (issue: string, description: string, extra: Record<string, unknown> = {}) => ({
  name: "UNPROCESSABLE_ENTITY",
  details: [{ ...extra, issue, description }],
  message: PAYPAL_422_MESSAGE,
});

type CreateCheck = { ok: true; unit: PaypalOrder["unit"] } | { ok: false; status: number; body: unknown };

function checkPaypalCreate(body: unknown): CreateCheck {
  const bad = (issues: PaypalIssue[]): CreateCheck => ({
    ok: false,
    status: 400,
    body: { name: "INVALID_REQUEST", message: PAYPAL_400_MESSAGE, details: issues },
  });
  if (!isRecord(body)) return bad([invalid("/", undefined, "The request body must be a JSON object.")]);
  const issues: PaypalIssue[] = [];
  if (body.intent === undefined) issues.push(missing("/intent"));
  else if (body.intent !== "CAPTURE") issues.push(invalid("/intent", body.intent, "The emulator supports intent CAPTURE only."));
  const units = body.purchase_units;
  if (units === undefined) return bad([...issues, missing("/purchase_units")]);
  if (!Array.isArray(units) || units.length !== 1) {
    return bad([...issues, invalid("/purchase_units", undefined, "The emulator supports exactly one purchase unit.")]);
  }
  const u: unknown = units[0];
  if (!isRecord(u)) return bad([...issues, invalid("/purchase_units/0", undefined)]);
  const optionalString = (name: "reference_id" | "custom_id" | "description", max: number) => {
    const v = u[name];
    if (v === undefined) return;
    if (typeof v !== "string" || v.length === 0) issues.push(invalid(`/purchase_units/0/${name}`, v));
    else if (v.length > max) {
      issues.push({
        field: `/purchase_units/0/${name}`,
        location: "body",
        issue: "INVALID_STRING_MAX_LENGTH",
        description: `The value of a field is too long. It must be at most ${max} characters.`,
      });
    }
  };
  optionalString("reference_id", 256);
  optionalString("custom_id", 127);
  optionalString("description", 127);
  const amount = u.amount;
  let currency: string | undefined;
  let value: string | undefined;
  if (amount === undefined) issues.push(missing("/purchase_units/0/amount"));
  else if (!isRecord(amount)) issues.push(invalid("/purchase_units/0/amount", undefined));
  else {
    if (amount.currency_code === undefined) issues.push(missing("/purchase_units/0/amount/currency_code"));
    else if (typeof amount.currency_code !== "string" || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      issues.push(invalid("/purchase_units/0/amount/currency_code", amount.currency_code));
    } else currency = amount.currency_code;
    if (amount.value === undefined) issues.push(missing("/purchase_units/0/amount/value"));
    else if (
      typeof amount.value !== "string" ||
      amount.value.length > 32 ||
      !/^\d+(\.\d{1,2})?$/.test(amount.value) ||
      !(Number(amount.value) > 0)
    ) {
      issues.push(invalid("/purchase_units/0/amount/value", amount.value));
    } else value = amount.value;
  }
  if (issues.length > 0) return bad(issues);
  if (currency !== "USD") {
    return {
      ok: false,
      status: 422,
      body: paypalUnprocessable(
        "CURRENCY_NOT_SUPPORTED",
        "Currency code is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.",
        { field: "/purchase_units/0/amount/currency_code", value: currency, location: "body" },
      ),
    };
  }
  return {
    ok: true,
    unit: {
      reference_id: typeof u.reference_id === "string" ? u.reference_id : "default",
      ...(typeof u.custom_id === "string" ? { custom_id: u.custom_id } : {}),
      ...(typeof u.description === "string" ? { description: u.description } : {}),
      amount: { currency_code: currency, value: value! },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Cashfree

type CashfreeStatus = "ACTIVE" | "PAID" | "EXPIRED";

interface CashfreePayment {
  cfPaymentId: string;
  status: "SUCCESS" | "FAILED";
  time: number;
  bankReference: string | null;
}

interface CashfreeOrder {
  cfOrderId: string;
  orderId: string;
  amount: number;
  status: CashfreeStatus;
  sessionId: string;
  expiresAt: number;
  createdAt: number;
  note: string | null;
  tags: Record<string, string> | null;
  customer: { customer_id: string; customer_name: string | null; customer_email: string | null; customer_phone: string };
  returnUrl: string | null;
  notifyUrl: string | null;
  payments: CashfreePayment[];
}

const cashfreeError = (message: string, code: string, type = "invalid_request_error") => ({ message, code, type });
const cfMissing = (field: string) => cashfreeError(`${field} : is missing in the request`, `${field}_missing`);
const cfInvalid = (field: string) => cashfreeError(`${field} : invalid value`, `${field}_invalid`);

const DEFAULT_EXPIRY_MS = 30 * 24 * 3600_000;

type CashfreeCheck =
  | {
      ok: true;
      order: Omit<CashfreeOrder, "orderId" | "cfOrderId" | "sessionId" | "status" | "createdAt" | "payments"> & {
        orderId?: string;
      };
    }
  | { ok: false; body: ReturnType<typeof cashfreeError> };

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

function checkCashfreeCreate(body: unknown, now: number): CashfreeCheck {
  const fail = (b: ReturnType<typeof cashfreeError>): CashfreeCheck => ({ ok: false, body: b });
  if (!isRecord(body)) return fail(cashfreeError("request body : invalid value", "request_body_invalid"));
  const { order_id, order_amount, order_currency, customer_details, order_meta, order_expiry_time, order_note, order_tags } =
    body;
  if (order_id !== undefined && (typeof order_id !== "string" || !/^[A-Za-z0-9_-]{3,45}$/.test(order_id))) {
    return fail(cfInvalid("order_id"));
  }
  if (order_amount === undefined) return fail(cfMissing("order_amount"));
  if (
    typeof order_amount !== "number" ||
    !Number.isFinite(order_amount) ||
    order_amount < 1 ||
    Math.abs(order_amount * 100 - Math.round(order_amount * 100)) > 1e-6
  ) {
    return fail(cfInvalid("order_amount"));
  }
  if (order_currency === undefined) return fail(cfMissing("order_currency"));
  if (order_currency !== "INR") return fail(cfInvalid("order_currency"));
  if (customer_details === undefined) return fail(cfMissing("customer_details"));
  if (!isRecord(customer_details)) return fail(cfInvalid("customer_details"));
  const { customer_id, customer_phone, customer_email, customer_name } = customer_details;
  if (customer_id === undefined || customer_id === "") return fail(cfMissing("customer_details.customer_id"));
  if (typeof customer_id !== "string" || !/^[A-Za-z0-9_-]{1,50}$/.test(customer_id)) {
    return fail(cfInvalid("customer_details.customer_id"));
  }
  if (customer_phone === undefined || customer_phone === "") return fail(cfMissing("customer_details.customer_phone"));
  if (typeof customer_phone !== "string" || !/^\+?\d{10,15}$/.test(customer_phone)) {
    return fail(cfInvalid("customer_details.customer_phone"));
  }
  if (customer_email !== undefined && customer_email !== null) {
    if (typeof customer_email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(customer_email)) {
      return fail(cfInvalid("customer_details.customer_email"));
    }
  }
  if (customer_name !== undefined && customer_name !== null && typeof customer_name !== "string") {
    return fail(cfInvalid("customer_details.customer_name"));
  }
  let returnUrl: string | null = null;
  let notifyUrl: string | null = null;
  if (order_meta !== undefined && order_meta !== null) {
    if (!isRecord(order_meta)) return fail(cfInvalid("order_meta"));
    const { return_url, notify_url } = order_meta;
    if (return_url !== undefined && return_url !== null) {
      if (typeof return_url !== "string" || !isHttpUrl(return_url)) return fail(cfInvalid("order_meta.return_url"));
      returnUrl = return_url;
    }
    if (notify_url !== undefined && notify_url !== null) {
      if (typeof notify_url !== "string" || !isHttpUrl(notify_url)) return fail(cfInvalid("order_meta.notify_url"));
      notifyUrl = notify_url;
    }
  }
  let expiresAt = now + DEFAULT_EXPIRY_MS;
  if (order_expiry_time !== undefined && order_expiry_time !== null) {
    const t = typeof order_expiry_time === "string" ? Date.parse(order_expiry_time) : NaN;
    if (!Number.isFinite(t) || t <= now) return fail(cfInvalid("order_expiry_time"));
    expiresAt = t;
  }
  if (order_note !== undefined && order_note !== null && (typeof order_note !== "string" || order_note.length > 200)) {
    return fail(cfInvalid("order_note"));
  }
  let tags: Record<string, string> | null = null;
  if (order_tags !== undefined && order_tags !== null) {
    if (!isRecord(order_tags) || Object.keys(order_tags).length > 15) return fail(cfInvalid("order_tags"));
    for (const v of Object.values(order_tags)) if (typeof v !== "string") return fail(cfInvalid("order_tags"));
    tags = order_tags as Record<string, string>;
  }
  return {
    ok: true,
    order: {
      ...(typeof order_id === "string" ? { orderId: order_id } : {}),
      amount: order_amount,
      expiresAt,
      note: typeof order_note === "string" ? order_note : null,
      tags,
      customer: {
        customer_id,
        customer_name: typeof customer_name === "string" ? customer_name : null,
        customer_email: typeof customer_email === "string" ? customer_email : null,
        customer_phone,
      },
      returnUrl,
      notifyUrl,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The server

export async function startPaymentEmulator(opts: PaymentEmulatorOptions): Promise<PaymentEmulator> {
  if (process.env.NODE_ENV === "production") throw new Error("the payment emulator never runs in production");
  const host = opts.host ?? "127.0.0.1";
  const closing = new AbortController();

  const log: (RecordedCall & { provider: PaymentProvider })[] = [];
  const failures: Record<PaymentProvider, Fault[]> = { paypal: [], cashfree: [] };
  const delays: Record<PaymentProvider, Fault[]> = { paypal: [], cashfree: [] };

  const paypalTokens = new Map<string, number>(); // token → expiry (ms)
  const paypalOrders = new Map<string, PaypalOrder>();
  const paypalCreateIds = new Map<string, string>(); // PayPal-Request-Id → order id

  const cashfreeOrders = new Map<string, CashfreeOrder>();
  const cashfreeSessions = new Map<string, string>(); // payment_session_id → order_id
  let nextCfOrderId = randomInt(2_000_000_000, 2_100_000_000);
  let nextCfPaymentId = randomInt(5_000_000_000, 5_100_000_000);

  // Filled in once listening.
  let baseUrl = "";
  let publicUrl = "";

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closing.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        closing.signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      closing.signal.addEventListener("abort", done);
    });

  // --- PayPal state changes (no await between check and change) -------------------------------------------------

  const paypalOrder = (id: string): PaypalOrder => {
    const order = paypalOrders.get(id);
    if (!order) throw new EmulatorError(404, `unknown PayPal order ${id}`);
    return order;
  };

  function approvePaypal(id: string): void {
    const order = paypalOrder(id);
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

  function declinePaypal(id: string): void {
    const order = paypalOrder(id);
    if (order.declined) return;
    if (order.status !== "CREATED") throw new EmulatorError(409, `PayPal order ${id} is ${order.status}`);
    order.declined = true;
    order.updateTime = Date.now();
  }

  const paypalLinks = (order: PaypalOrder) => {
    const self = `${baseUrl}/paypal/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: "self", method: "GET" }];
    if (order.status === "CREATED") {
      links.push({ href: `${publicUrl}/paypal/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" });
    }
    if (order.status !== "COMPLETED") links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
    return links;
  };

  const captureJson = (order: PaypalOrder) => {
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
  };

  const paypalOrderJson = (order: PaypalOrder) => ({
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    ...(order.payer ? { payment_source: { paypal: paypalSource(order) }, payer: order.payer } : {}),
    purchase_units: [
      {
        ...order.unit,
        amount: { ...order.unit.amount },
        payee: { email_address: "merchant@example.com", merchant_id: "EMUMERCHANT01" },
        ...(order.capture ? { payments: { captures: [captureJson(order)] } } : {}),
      },
    ],
    create_time: paypalTime(order.createTime),
    ...(order.updateTime === undefined ? {} : { update_time: paypalTime(order.updateTime) }),
    links: paypalLinks(order),
  });

  const paypalSource = (order: PaypalOrder) => {
    const payer = order.payer as { name: unknown; email_address: string; payer_id: string; address: unknown };
    return {
      email_address: payer.email_address,
      account_id: payer.payer_id,
      account_status: "VERIFIED",
      name: payer.name,
      address: payer.address,
    };
  };

  /** Capture, all synchronous so concurrent captures of one order cannot both succeed. */
  function capturePaypal(id: string, requestId: string | undefined): { status: number; body: unknown } {
    const order = paypalOrders.get(id);
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
      payment_source: { paypal: paypalSource(order) },
      payer: order.payer,
      purchase_units: [{ reference_id: order.unit.reference_id, payments: { captures: [captureJson(order)] } }],
      links: [{ href: `${baseUrl}/paypal/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
    };
    return { status: 201, body: order.capture.response };
  }

  // --- Cashfree state changes ----------------------------------------------------------------------------------

  const cashfreeOrder = (orderId: string): CashfreeOrder => {
    const order = cashfreeOrders.get(orderId);
    if (!order) throw new EmulatorError(404, `unknown Cashfree order ${orderId}`);
    return order;
  };

  /** The current status, turning ACTIVE into EXPIRED once the expiry time passed. */
  const cashfreeStatus = (order: CashfreeOrder): CashfreeStatus => {
    if (order.status === "ACTIVE" && Date.now() >= order.expiresAt) order.status = "EXPIRED";
    return order.status;
  };

  const cashfreeOrderJson = (order: CashfreeOrder) => ({
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
    order_status: cashfreeStatus(order),
    order_tags: order.tags,
    payment_session_id: order.sessionId,
    payments: { url: `${baseUrl}/cashfree/pg/orders/${order.orderId}/payments` },
    refunds: { url: `${baseUrl}/cashfree/pg/orders/${order.orderId}/refunds` },
    settlements: { url: `${baseUrl}/cashfree/pg/orders/${order.orderId}/settlements` },
    terminal_data: null,
  });

  const UPI_METHOD = (status: CashfreePayment["status"]) => ({
    upi: { channel: "collect", upi_id: status === "SUCCESS" ? "testsuccess@gocash" : "testfailure@gocash" },
  });
  const FAILURE_DETAILS = {
    error_code: "TRANSACTION_DECLINED",
    error_description: "issuer bank or payment service provider declined the transaction",
    error_reason: "auth_declined",
    error_source: "customer",
    error_code_raw: "ZM",
    error_description_raw: "Simulated failure (local emulator)",
  };

  const paymentJson = (order: CashfreeOrder, p: CashfreePayment) => ({
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
  });

  async function sendCashfreeWebhook(order: CashfreeOrder, p: CashfreePayment): Promise<void> {
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
    try {
      const res = await fetch(order.notifyUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-timestamp": timestamp,
          "x-webhook-signature": signCashfreeWebhook(opts.cashfree.clientSecret, timestamp, rawBody),
          "x-webhook-version": "2023-08-01",
        },
        body: rawBody,
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), closing.signal]),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) console.warn(`payment emulator: webhook for ${order.orderId} to ${order.notifyUrl} answered ${res.status}`);
    } catch (err) {
      console.warn(`payment emulator: webhook for ${order.orderId} to ${order.notifyUrl} failed: ${String(err)}`);
    }
  }

  const newPayment = (status: CashfreePayment["status"]): CashfreePayment => ({
    cfPaymentId: String(nextCfPaymentId++),
    status,
    time: Date.now(),
    bankReference: status === "SUCCESS" ? randomDigits(12) : null,
  });

  /** Synchronous state change; the returned promise is the webhook delivery (never rejects). */
  function payCashfreeNow(orderId: string): Promise<void> {
    const order = cashfreeOrder(orderId);
    const status = cashfreeStatus(order);
    if (status === "PAID") return Promise.resolve();
    if (status !== "ACTIVE") throw new EmulatorError(409, `Cashfree order ${orderId} is ${status}`);
    const payment = newPayment("SUCCESS");
    order.payments.push(payment);
    order.status = "PAID";
    return sendCashfreeWebhook(order, payment);
  }

  function failCashfreeNow(orderId: string): Promise<void> {
    const order = cashfreeOrder(orderId);
    const status = cashfreeStatus(order);
    if (status !== "ACTIVE") throw new EmulatorError(409, `Cashfree order ${orderId} is ${status}`);
    const payment = newPayment("FAILED");
    order.payments.push(payment);
    return sendCashfreeWebhook(order, payment);
  }

  function expireCashfree(orderId: string): void {
    const order = cashfreeOrder(orderId);
    const status = cashfreeStatus(order);
    if (status === "PAID") throw new EmulatorError(409, `Cashfree order ${orderId} is PAID`);
    order.status = "EXPIRED";
  }

  // --- API handlers --------------------------------------------------------------------------------------------

  const paypalJson = (res: ServerResponse, status: number, body: unknown) =>
    sendJson(res, status, body, { "paypal-debug-id": randomBytes(7).toString("hex").slice(0, 13) });

  function paypalToken(req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
    const basic = /^Basic\s+(.+)$/i.exec(header(req, "authorization") ?? "")?.[1];
    const decoded = basic ? Buffer.from(basic, "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    if (colon < 0 || decoded.slice(0, colon) !== opts.paypal.clientId || decoded.slice(colon + 1) !== opts.paypal.clientSecret) {
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
    paypalTokens.set(token, now + TOKEN_TTL_SECONDS * 1000);
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

  function paypalApi(req: IncomingMessage, path: string, raw: Buffer, res: ServerResponse): void {
    const method = req.method ?? "GET";
    if (path === "/paypal/v1/oauth2/token" && method === "POST") return paypalToken(req, raw, res);

    let route: { kind: "create" } | { kind: "get" | "capture"; id: string } | undefined;
    const orderPath = /^\/paypal\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (path === "/paypal/v2/checkout/orders" && method === "POST") route = { kind: "create" };
    else if (orderPath && !orderPath[2] && method === "GET") route = { kind: "get", id: decodeSegment(orderPath[1]!) ?? "" };
    else if (orderPath && orderPath[2] && method === "POST") route = { kind: "capture", id: decodeSegment(orderPath[1]!) ?? "" };
    if (!route) {
      paypalJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist.", details: [] });
      return;
    }

    const bearer = /^Bearer\s+(.+)$/i.exec(header(req, "authorization") ?? "")?.[1];
    const expiry = bearer ? paypalTokens.get(bearer) : undefined;
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
      const known = requestId === undefined ? undefined : paypalCreateIds.get(requestId);
      const existing = known === undefined ? undefined : paypalOrders.get(known);
      if (existing) return paypalJson(res, 201, paypalOrderJson(existing));
      const check = checkPaypalCreate(body);
      if (!check.ok) return paypalJson(res, check.status, check.body);
      let id = randomUpper(17);
      while (paypalOrders.has(id)) id = randomUpper(17);
      const order: PaypalOrder = { id, status: "CREATED", declined: false, unit: check.unit, createTime: Date.now() };
      paypalOrders.set(id, order);
      if (requestId !== undefined) paypalCreateIds.set(requestId, id);
      return paypalJson(res, 201, paypalOrderJson(order));
    }
    if (route.kind === "get") {
      const order = paypalOrders.get(route.id);
      return order ? paypalJson(res, 200, paypalOrderJson(order)) : paypalJson(res, 404, PAYPAL_NOT_FOUND);
    }
    if (body !== undefined && !isRecord(body)) {
      return paypalJson(res, 400, {
        name: "INVALID_REQUEST",
        message: PAYPAL_400_MESSAGE,
        details: [invalid("/", undefined, "The request body must be a JSON object.")],
      });
    }
    const result = capturePaypal(route.id, requestId);
    paypalJson(res, result.status, result.body);
  }

  function cashfreeApi(req: IncomingMessage, path: string, raw: Buffer, res: ServerResponse): void {
    const method = req.method ?? "GET";
    const requestId = header(req, "x-request-id");
    const reply = (status: number, body: unknown) =>
      sendJson(res, status, body, requestId === undefined ? {} : { "x-request-id": requestId });

    const orderPath = /^\/cashfree\/pg\/orders\/([^/]+)(\/payments)?$/.exec(path);
    let route: { kind: "create" } | { kind: "get" | "payments"; id: string } | undefined;
    if (path === "/cashfree/pg/orders" && method === "POST") route = { kind: "create" };
    else if (orderPath && method === "GET") {
      route = { kind: orderPath[2] ? "payments" : "get", id: decodeSegment(orderPath[1]!) ?? "" };
    }
    if (!route) return reply(404, cashfreeError("requested URL not found", "request_failed"));

    if (header(req, "x-client-id") !== opts.cashfree.clientId || header(req, "x-client-secret") !== opts.cashfree.clientSecret) {
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
      if (wanted !== undefined && cashfreeOrders.has(wanted)) {
        return reply(409, cashfreeError("order with same id is already present", "order_already_exists"));
      }
      let orderId = wanted ?? `order_${randomDigits(10)}${randomToken(6).replace(/[^A-Za-z0-9]/g, "")}`;
      while (cashfreeOrders.has(orderId)) orderId = `order_${randomDigits(12)}`;
      const sessionId = `session_${randomToken(48)}`;
      const order: CashfreeOrder = {
        ...rest,
        orderId,
        cfOrderId: String(nextCfOrderId++),
        sessionId,
        status: "ACTIVE",
        createdAt: now,
        payments: [],
      };
      cashfreeOrders.set(orderId, order);
      cashfreeSessions.set(sessionId, orderId);
      return reply(200, cashfreeOrderJson(order));
    }
    const order = cashfreeOrders.get(route.id);
    if (!order) return reply(404, cashfreeError("order not found for this merchant", "order_not_found"));
    if (route.kind === "get") return reply(200, cashfreeOrderJson(order));
    return reply(
      200,
      order.payments.map((p) => paymentJson(order, p)),
    );
  }

  // --- Checkout pages ------------------------------------------------------------------------------------------

  function paypalCheckoutPage(id: string, popup: boolean, res: ServerResponse): void {
    const order = paypalOrders.get(id);
    if (!order) return sendPage(res, 404, page("PayPal checkout (local emulator)", "<h1>Unknown order</h1>"));
    const { value, currency_code } = order.unit.amount;
    const rows: [string, string][] = [["Order", order.id]];
    if (order.unit.description) rows.push(["Description", order.unit.description]);
    const state = order.declined ? "DECLINED" : order.status;
    const query = popup ? "?popup=1" : "";
    const actions =
      state === "CREATED"
        ? `<form method="post" action="checkoutnow/${encodeURIComponent(order.id)}/approve${query}"><button type="submit">Approve payment</button></form>` +
          `<form method="post" action="checkoutnow/${encodeURIComponent(order.id)}/decline${query}"><button type="submit" class="secondary">Decline</button></form>`
        : `<p>This order is ${escapeHtml(state)}.</p>`;
    sendPage(
      res,
      200,
      page(
        "PayPal checkout (local emulator)",
        `<h1>Pay with PayPal</h1><p class="amount">${escapeHtml(value)} ${escapeHtml(currency_code)}</p>${details(rows)}${actions}`,
      ),
    );
  }

  function paypalCheckoutAction(id: string, action: "approve" | "decline", popup: boolean, res: ServerResponse): void {
    const title = "PayPal checkout (local emulator)";
    try {
      if (action === "approve") approvePaypal(id);
      else declinePaypal(id);
    } catch (err) {
      if (!(err instanceof EmulatorError)) throw err;
      return sendPage(res, err.status, page(title, `<h1 class="bad">Cannot ${action}</h1><p>${escapeHtml(err.message)}</p>`));
    }
    const status = action === "approve" ? "APPROVED" : "DECLINED";
    const heading = action === "approve" ? `<h1 class="ok">Payment approved</h1>` : `<h1 class="bad">Payment declined</h1>`;
    const payer = paypalOrders.get(id)?.payer;
    const payerID = typeof payer?.payer_id === "string" ? payer.payer_id : randomUpper(13);
    sendPage(
      res,
      200,
      page(
        title,
        `${heading}${details([["Order", id]])}<p>You can close this window.</p>`,
        notifyOpenerScript({ provider: "paypal", orderId: id, status }) +
          (popup ? paypalPopupScript(id, action === "approve" ? "approved" : "declined", payerID) : ""),
      ),
    );
  }

  const returnLink = (order: CashfreeOrder): string => {
    if (!order.returnUrl) return "";
    const href = order.returnUrl.split("{order_id}").join(encodeURIComponent(order.orderId));
    return `<p><a href="${escapeHtml(href)}">Return to the merchant</a></p>`;
  };

  const unknownSession = (sessionId: string, embedded: boolean, res: ServerResponse): void =>
    sendPage(
      res,
      404,
      page(
        "Cashfree checkout (local emulator)",
        "<h1>Unknown payment session</h1>",
        embedded ? cashfreeEmbedScript({ session: sessionId, status: "invalid" }) : undefined,
      ),
    );

  function cashfreeCheckoutPage(sessionId: string, embedded: boolean, res: ServerResponse): void {
    const title = "Cashfree checkout (local emulator)";
    const orderId = cashfreeSessions.get(sessionId);
    const order = orderId === undefined ? undefined : cashfreeOrders.get(orderId);
    if (!order) return unknownSession(sessionId, embedded, res);
    const status = cashfreeStatus(order);
    const rows: [string, string][] = [["Order", order.orderId]];
    if (order.note) rows.push(["Note", order.note]);
    const failed = order.payments.filter((p) => p.status === "FAILED").length;
    if (failed > 0) rows.push(["Failed attempts", String(failed)]);
    const action = `${encodeURIComponent(sessionId)}`;
    const query = embedded ? "?embedded=1" : "";
    const actions =
      status === "ACTIVE"
        ? `<form method="post" action="${action}/pay${query}"><button type="submit">Pay</button></form>` +
          `<form method="post" action="${action}/fail${query}"><button type="submit" class="secondary">Fail payment</button></form>`
        : `<p>This order is ${escapeHtml(status)}.</p>${returnLink(order)}`;
    sendPage(
      res,
      200,
      page(
        title,
        `<h1>Pay with Cashfree</h1><p class="amount">${escapeHtml(order.amount.toFixed(2))} INR</p>${details(rows)}${actions}`,
      ),
    );
  }

  async function cashfreeCheckoutAction(
    sessionId: string,
    action: "pay" | "fail",
    embedded: boolean,
    res: ServerResponse,
  ): Promise<void> {
    const title = "Cashfree checkout (local emulator)";
    const orderId = cashfreeSessions.get(sessionId);
    const order = orderId === undefined ? undefined : cashfreeOrders.get(orderId);
    if (!order) return unknownSession(sessionId, embedded, res);
    let delivery: Promise<void>;
    try {
      delivery = action === "pay" ? payCashfreeNow(order.orderId) : failCashfreeNow(order.orderId);
    } catch (err) {
      if (!(err instanceof EmulatorError)) throw err;
      return sendPage(
        res,
        err.status,
        page(title, `<h1 class="bad">Cannot ${action}</h1><p>${escapeHtml(err.message)}</p>${returnLink(order)}`),
      );
    }
    await delivery;
    const status = action === "pay" ? "PAID" : "FAILED";
    const heading = action === "pay" ? `<h1 class="ok">Payment successful</h1>` : `<h1 class="bad">Payment failed</h1>`;
    sendPage(
      res,
      200,
      page(
        title,
        `${heading}${details([["Order", order.orderId]])}${returnLink(order)}<p>You can close this window.</p>`,
        notifyOpenerScript({ provider: "cashfree", orderId: order.orderId, status }) +
          (embedded
            ? cashfreeEmbedScript({ session: sessionId, status: action === "pay" ? "paid" : "failed", order_id: order.orderId })
            : ""),
      ),
    );
  }

  // --- Browser SDK stand-ins (see ./browser-sdks.ts) -------------------------------------------------------------

  /** Like https://www.paypal.com/sdk/js: a bad query is HTTP 400 with a script that throws (the page's onerror fires). */
  function paypalSdk(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const clientId = q.get("client-id");
    if (!clientId) return sendScript(res, 400, paypalSdkErrorScript("Expected client-id to be passed"));
    if (clientId !== opts.paypal.clientId) {
      return sendScript(res, 400, paypalSdkErrorScript(`client-id not recognized for either production or sandbox: ${clientId}`));
    }
    const currency = q.get("currency") ?? "USD";
    if (currency !== "USD") return sendScript(res, 400, paypalSdkErrorScript(`Invalid query value for currency: ${currency}`));
    const intent = q.get("intent") ?? "capture";
    if (intent !== "capture") return sendScript(res, 400, paypalSdkErrorScript(`Invalid query value for intent: ${intent}`));
    const components = (q.get("components") || "buttons")
      .split(",")
      .map((c) => c.trim())
      .filter((c) => c !== "");
    const unsupported = components.filter((c) => c !== "buttons");
    if (unsupported.length > 0) {
      return sendScript(
        res,
        400,
        paypalSdkErrorScript(
          `Invalid query value for components: ${unsupported.join(",")} (the local emulator has buttons only)`,
        ),
      );
    }
    sendScript(res, 200, paypalSdkScript({ publicUrl, clientId, currency }));
  }

  // --- Controls ------------------------------------------------------------------------------------------------

  function failNext(provider: PaymentProvider, status: number, times = 1): void {
    if (provider !== "paypal" && provider !== "cashfree") throw new Error(`unknown provider ${String(provider)}`);
    if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error(`invalid HTTP status ${status}`);
    if (!Number.isInteger(times) || times < 1) throw new Error(`invalid times ${times}`);
    failures[provider].push({ value: status, remaining: times });
  }

  function delayNext(provider: PaymentProvider, ms: number, times = 1): void {
    if (provider !== "paypal" && provider !== "cashfree") throw new Error(`unknown provider ${String(provider)}`);
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`invalid delay ${ms}`);
    if (!Number.isInteger(times) || times < 1) throw new Error(`invalid times ${times}`);
    delays[provider].push({ value: ms, remaining: times });
  }

  const calls = (provider?: PaymentProvider): RecordedCall[] =>
    log
      .filter((c) => provider === undefined || c.provider === provider)
      .map(({ method, path, headers, body }) => ({ method, path, headers: { ...headers }, body }));

  async function control(method: string, path: string, url: URL, raw: Buffer, res: ServerResponse): Promise<boolean> {
    if (method === "GET" && (path === "/__emulator/healthz" || path === "/healthz")) {
      sendJson(res, 200, { ok: true });
      return true;
    }
    if (method === "GET" && path === "/__emulator/calls") {
      const p = url.searchParams.get("provider");
      sendJson(res, 200, calls(p === "paypal" || p === "cashfree" ? p : undefined));
      return true;
    }
    if (method !== "POST") return false;
    try {
      const pp = /^\/__emulator\/paypal\/orders\/([^/]+)\/(approve|decline)$/.exec(path);
      if (pp) {
        const id = decodeSegment(pp[1]!) ?? "";
        if (pp[2] === "approve") approvePaypal(id);
        else declinePaypal(id);
        const order = paypalOrder(id);
        sendJson(res, 200, { ok: true, status: order.declined ? "DECLINED" : order.status });
        return true;
      }
      const cf = /^\/__emulator\/cashfree\/orders\/([^/]+)\/(pay|fail|expire)$/.exec(path);
      if (cf) {
        const id = decodeSegment(cf[1]!) ?? "";
        if (cf[2] === "pay") await payCashfreeNow(id);
        else if (cf[2] === "fail") await failCashfreeNow(id);
        else expireCashfree(id);
        sendJson(res, 200, { ok: true, status: cashfreeStatus(cashfreeOrder(id)) });
        return true;
      }
      const fault = /^\/__emulator\/(paypal|cashfree)\/(fail-next|delay-next)$/.exec(path);
      if (fault) {
        const body = parseJson(raw);
        const b = isRecord(body) ? body : {};
        const times = b.times === undefined ? 1 : Number(b.times);
        if (fault[2] === "fail-next") failNext(fault[1] as PaymentProvider, Number(b.status), times);
        else delayNext(fault[1] as PaymentProvider, Number(b.ms), times);
        sendJson(res, 200, { ok: true });
        return true;
      }
    } catch (err) {
      if (err instanceof EmulatorError) sendJson(res, err.status, { error: err.message });
      else sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) });
      return true;
    }
    return false;
  }

  // --- Dispatch ------------------------------------------------------------------------------------------------

  const apiProvider = (path: string): PaymentProvider | undefined => {
    if (
      path.startsWith("/paypal/") &&
      path !== "/paypal/checkoutnow" &&
      !path.startsWith("/paypal/checkoutnow/") &&
      !path.startsWith("/paypal/sdk/")
    ) {
      return "paypal";
    }
    if (path === "/cashfree/pg" || path.startsWith("/cashfree/pg/")) return "cashfree";
    return undefined;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://emulator");
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    const method = req.method ?? "GET";
    const provider = apiProvider(path);
    // Past MAX_BODY the rest is drained (so the client gets the 413).
    const raw = await readBody(req, MAX_BODY, DRAIN_LIMIT);
    if (raw === undefined) {
      const body =
        provider === "paypal"
          ? { name: "INVALID_REQUEST", message: "Request entity too large.", details: [] }
          : provider === "cashfree"
            ? cashfreeError("request body too large", "request_too_large")
            : { error: "payload_too_large" };
      sendJson(res, 413, body, { connection: "close" });
      return;
    }

    if (provider) {
      log.push({
        provider,
        method,
        path: req.url ?? path,
        headers: headerRecord(req),
        body: bodyForLog(raw, header(req, "content-type") ?? ""),
      });
      const delay = takeFault(delays[provider]);
      if (delay) await sleep(delay.value);
      const failure = takeFault(failures[provider]);
      if (failure) {
        if (provider === "paypal") {
          paypalJson(res, failure.value, {
            name: "INTERNAL_SERVER_ERROR",
            message: "An internal server error has occurred.",
            details: [],
          });
        } else sendJson(res, failure.value, cashfreeError("internal error", "internal_error", "api_error"));
        return;
      }
      if (provider === "paypal") paypalApi(req, path, raw, res);
      else cashfreeApi(req, path, raw, res);
      return;
    }

    if (path === "/paypal/sdk/js" && method === "GET") return paypalSdk(url, res);
    if (path === "/cashfree/js/v3/cashfree.js" && method === "GET") return sendScript(res, 200, cashfreeSdkScript({ publicUrl }));
    const popup = url.searchParams.get("popup") === "1";
    const embedded = url.searchParams.get("embedded") === "1";
    if (path === "/paypal/checkoutnow" && method === "GET") {
      const token = url.searchParams.get("token");
      if (!token) return sendPage(res, 400, page("PayPal checkout (local emulator)", "<h1>Missing token</h1>"));
      return paypalCheckoutPage(token, popup, res);
    }
    const ppAction = /^\/paypal\/checkoutnow\/([^/]+)\/(approve|decline)$/.exec(path);
    if (ppAction && method === "POST") {
      return paypalCheckoutAction(decodeSegment(ppAction[1]!) ?? "", ppAction[2] as "approve" | "decline", popup, res);
    }
    const cfPage = /^\/cashfree\/checkout\/([^/]+)$/.exec(path);
    if (cfPage && method === "GET") return cashfreeCheckoutPage(decodeSegment(cfPage[1]!) ?? "", embedded, res);
    const cfAction = /^\/cashfree\/checkout\/([^/]+)\/(pay|fail)$/.exec(path);
    if (cfAction && method === "POST") {
      return cashfreeCheckoutAction(decodeSegment(cfAction[1]!) ?? "", cfAction[2] as "pay" | "fail", embedded, res);
    }
    if (await control(method, path, url, raw, res)) return;
    sendJson(res, 404, { error: "not_found" });
  }

  const listening = await listenDevServer("payment emulator", handle, opts.port ?? 0, host);
  const server = listening.server;
  baseUrl = listening.url;
  publicUrl = (opts.publicUrl ?? baseUrl).replace(/\/+$/, "");

  let closed: Promise<void> | undefined;
  return {
    url: baseUrl,
    paypalBaseUrl: `${baseUrl}/paypal`,
    cashfreeBaseUrl: `${baseUrl}/cashfree/pg`,
    approvePaypal,
    declinePaypal,
    payCashfree: async (orderId) => payCashfreeNow(orderId),
    failCashfree: (orderId) => void failCashfreeNow(orderId),
    expireCashfree,
    failNext,
    delayNext,
    calls,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      })),
  };
}
