import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { callProvider, isRecord, kindOfStatus, nonEmptyString, ProviderError, type ProviderAnswer } from "./provider-error";

export interface CashfreeClientOptions {
  /** The API root that contains /orders, e.g. https://sandbox.cashfree.com/pg */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** x-api-version, e.g. "2023-08-01". */
  apiVersion: string;
  /** Bound on each HTTP attempt (headers and body). */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface CashfreeOrder {
  orderId: string;
  cfOrderId: string;
  /** ACTIVE | PAID | EXPIRED | TERMINATED | TERMINATION_REQUESTED */
  status: string;
  amount: number;
  currency: string;
  paymentSessionId?: string;
  raw: unknown;
}

export interface CashfreeCreateOrderInput {
  /** Our id for the order; a repeated create with the same id answers the existing order. */
  orderId: string;
  amount: number;
  currency: "INR";
  customerId: string;
  customerPhone: string;
  customerEmail?: string;
  /** May contain `{order_id}`. */
  returnUrl?: string;
  notifyUrl?: string;
  expiresAt?: Date;
  note?: string;
  tags?: Record<string, string>;
}

export interface VerifyWebhookOptions {
  /** How far the webhook timestamp may be from now; default 5 minutes. */
  toleranceMs?: number;
  /** Default Date.now(). */
  now?: number;
}

const DEFAULT_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Cashfree PG (orders): create and read orders, verify webhooks. No retries; callers retry (creates are idempotent by order id). */
export class CashfreeClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: CashfreeClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Creates the order; when Cashfree already has one with this id (409 order_already_exists), answers that one. */
  async createOrder(input: CashfreeCreateOrderInput): Promise<CashfreeOrder> {
    const meta: Record<string, string> = {};
    if (input.returnUrl !== undefined) meta.return_url = input.returnUrl;
    if (input.notifyUrl !== undefined) meta.notify_url = input.notifyUrl;
    const body: Record<string, unknown> = {
      order_id: input.orderId,
      order_amount: input.amount,
      order_currency: input.currency,
      customer_details: {
        customer_id: input.customerId,
        customer_phone: input.customerPhone,
        ...(input.customerEmail === undefined ? {} : { customer_email: input.customerEmail }),
      },
      ...(Object.keys(meta).length > 0 ? { order_meta: meta } : {}),
      ...(input.expiresAt === undefined ? {} : { order_expiry_time: input.expiresAt.toISOString() }),
      ...(input.note === undefined ? {} : { order_note: input.note }),
      ...(input.tags === undefined ? {} : { order_tags: input.tags }),
    };
    let answer: ProviderAnswer;
    try {
      answer = await this.call("create order", "POST", "/orders", body);
    } catch (err) {
      if (!(err instanceof ProviderError && err.status === 409 && err.issue === "order_already_exists")) throw err;
      const existing = await this.getOrder(input.orderId);
      if (existing.currency !== input.currency || Math.round(existing.amount * 100) !== Math.round(input.amount * 100)) {
        throw new ProviderError(
          "cashfree",
          "rejected",
          `Cashfree already has order ${input.orderId} for ${existing.amount} ${existing.currency}, not ${input.amount} ${input.currency}`,
          409,
          "order_already_exists",
        );
      }
      return existing;
    }
    return parseOrder(answer, "create order");
  }

  async getOrder(orderId: string): Promise<CashfreeOrder> {
    return parseOrder(await this.call("get order", "GET", `/orders/${encodeURIComponent(orderId)}`), "get order");
  }

  /**
   * Whether a webhook is Cashfree's: `signature` must be base64(HMAC-SHA256(secret, timestamp + rawBody)) and the
   * timestamp (ms since the epoch; seconds accepted when below 1e12) within `toleranceMs` of now.
   */
  static verifyWebhook(
    secret: string,
    rawBody: string,
    timestamp: string | undefined,
    signature: string | undefined,
    opts: VerifyWebhookOptions = {},
  ): boolean {
    if (!secret || !timestamp || !signature) return false;
    if (!/^\d{1,16}$/.test(timestamp.trim())) return false;
    const value = Number(timestamp.trim());
    const ms = value < 1e12 ? value * 1000 : value;
    const now = opts.now ?? Date.now();
    if (Math.abs(now - ms) > (opts.toleranceMs ?? DEFAULT_WEBHOOK_TOLERANCE_MS)) return false;
    const expected = Buffer.from(
      createHmac("sha256", secret)
        .update(timestamp + rawBody)
        .digest("base64"),
      "utf8",
    );
    const given = Buffer.from(signature.trim(), "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async call(what: string, method: "GET" | "POST", path: string, body?: unknown): Promise<ProviderAnswer> {
    const answer = await callProvider(
      "cashfree",
      this.fetchImpl,
      what,
      `${this.baseUrl}${path}`,
      {
        method,
        headers: {
          "x-client-id": this.opts.clientId,
          "x-client-secret": this.opts.clientSecret,
          "x-api-version": this.opts.apiVersion,
          "x-request-id": randomUUID(),
          "content-type": "application/json",
          accept: "application/json",
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      this.opts.timeoutMs,
    );
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw failure(what, answer);
  }
}

function failure(what: string, { status, body }: ProviderAnswer): ProviderError {
  const kind = kindOfStatus(status);
  const b = isRecord(body) ? body : {};
  const code = nonEmptyString(b.code) ? b.code : undefined;
  const message = nonEmptyString(b.message) ? b.message : undefined;
  if (kind === "rejected")
    return new ProviderError("cashfree", kind, message ?? `Cashfree ${what} answered ${status}`, status, code);
  if (kind === "auth") {
    return new ProviderError(
      "cashfree",
      kind,
      `Cashfree ${what} refused our credentials (${status}${code ? ` ${code}` : ""})`,
      status,
      code,
    );
  }
  return new ProviderError("cashfree", kind, `Cashfree ${what} answered ${status}${code ? ` ${code}` : ""}`, status, code);
}

function parseOrder({ status, body }: ProviderAnswer, what: string): CashfreeOrder {
  const bad = (detail: string) =>
    new ProviderError("cashfree", "unavailable", `Cashfree ${what} answered ${status} ${detail}`, status);
  if (!isRecord(body) || !nonEmptyString(body.order_id) || !nonEmptyString(body.order_status)) {
    throw bad("without an order_id or order_status");
  }
  const cfOrderId =
    nonEmptyString(body.cf_order_id) || (typeof body.cf_order_id === "number" && Number.isFinite(body.cf_order_id))
      ? String(body.cf_order_id)
      : undefined;
  if (cfOrderId === undefined) throw bad("without a cf_order_id");
  const amount =
    typeof body.order_amount === "number"
      ? body.order_amount
      : nonEmptyString(body.order_amount)
        ? Number(body.order_amount)
        : Number.NaN;
  if (!Number.isFinite(amount)) throw bad("without a valid order_amount");
  if (!nonEmptyString(body.order_currency)) throw bad("without an order_currency");
  return {
    orderId: body.order_id,
    cfOrderId,
    status: body.order_status,
    amount,
    currency: body.order_currency,
    ...(nonEmptyString(body.payment_session_id) ? { paymentSessionId: body.payment_session_id } : {}),
    raw: body,
  };
}
