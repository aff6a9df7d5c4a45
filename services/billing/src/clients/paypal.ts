import { callProvider, isRecord, kindOfStatus, nonEmptyString, ProviderError, type ProviderAnswer } from "./provider-error";

export interface PayPalClientOptions {
  /** e.g. https://api-m.sandbox.paypal.com (no trailing /v2). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Bound on each HTTP attempt (headers and body). */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface PayPalAmount {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  amount: PayPalAmount;
}

export interface PayPalOrder {
  id: string;
  /** CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED */
  status: string;
  /** The `approve` (or `payer-action`) link. */
  approveUrl?: string;
  /** purchase_units[0].payments.captures[0] when present. */
  capture?: PayPalCapture;
  /** purchase_units[0].amount when present (the capture answer leaves it out). */
  purchaseAmount?: PayPalAmount;
  raw: unknown;
}

export interface PayPalCreateOrderInput {
  /** PayPal-Request-Id: a repeated create with the same id answers the same order. */
  requestId: string;
  /** Decimal string, e.g. "10.00". */
  amount: string;
  currency: "USD";
  referenceId: string;
  customId: string;
  description?: string;
}

/** Refresh the access token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal REST: OAuth2 client credentials and Orders v2 (intent CAPTURE). No retries except one after a 401 with a
 * fresh token; callers retry (creates and captures are idempotent through PayPal-Request-Id).
 */
export class PayPalClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private token: { value: string; refreshAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly opts: PayPalClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  async createOrder(input: PayPalCreateOrderInput): Promise<PayPalOrder> {
    const unit: Record<string, unknown> = {
      reference_id: input.referenceId,
      custom_id: input.customId,
      ...(input.description === undefined ? {} : { description: input.description }),
      amount: { currency_code: input.currency, value: input.amount },
    };
    const answer = await this.api("create order", "POST", "/v2/checkout/orders", {
      body: { intent: "CAPTURE", purchase_units: [unit] },
      requestId: input.requestId,
    });
    return parseOrder(answer, "create order");
  }

  async getOrder(id: string): Promise<PayPalOrder> {
    const answer = await this.api("get order", "GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);
    return parseOrder(answer, "get order");
  }

  /** Captures an approved order. A repeat capture (ORDER_ALREADY_CAPTURED) answers the order as it is (COMPLETED). */
  async captureOrder(id: string, requestId: string): Promise<PayPalOrder> {
    let answer: ProviderAnswer;
    try {
      answer = await this.api("capture order", "POST", `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
        body: {},
        requestId,
      });
    } catch (err) {
      if (err instanceof ProviderError && err.status === 422 && err.issue === "ORDER_ALREADY_CAPTURED") return this.getOrder(id);
      throw err;
    }
    return parseOrder(answer, "capture order");
  }

  // --- HTTP ------------------------------------------------------------------------------------------------------

  /** An authenticated API call; a 401 drops the cached token and the call is tried once more with a fresh one. */
  private async api(
    what: string,
    method: "GET" | "POST",
    path: string,
    opts: { body?: unknown; requestId?: string } = {},
  ): Promise<ProviderAnswer> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        prefer: "return=representation",
      };
      if (opts.body !== undefined) headers["content-type"] = "application/json";
      if (opts.requestId !== undefined) headers["paypal-request-id"] = opts.requestId;
      const answer = await callProvider(
        "paypal",
        this.fetchImpl,
        what,
        `${this.baseUrl}${path}`,
        { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) },
        this.opts.timeoutMs,
      );
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status === 401 && attempt === 1) {
        this.dropToken(token);
        continue;
      }
      throw apiFailure(what, answer);
    }
  }

  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.refreshAt) return Promise.resolve(this.token.value);
    // One token request at a time: concurrent callers share it.
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private dropToken(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString("base64");
    const answer = await callProvider(
      "paypal",
      this.fetchImpl,
      "token request",
      `${this.baseUrl}/v1/oauth2/token`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${basic}`,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      },
      this.opts.timeoutMs,
    );
    const { status, body } = answer;
    if (status < 200 || status >= 300) {
      const kind = kindOfStatus(status);
      const error = isRecord(body) && nonEmptyString(body.error) ? body.error : undefined;
      const description = isRecord(body) && nonEmptyString(body.error_description) ? body.error_description : undefined;
      const message =
        kind === "auth"
          ? `PayPal refused our client credentials (${status}${error ? ` ${error}` : ""})`
          : kind === "rejected"
            ? (description ?? error ?? `PayPal token request answered ${status}`)
            : `PayPal token request answered ${status}`;
      throw new ProviderError("paypal", kind, message, status, kind === "rejected" ? error : undefined);
    }
    if (!isRecord(body) || !nonEmptyString(body.access_token)) {
      throw new ProviderError("paypal", "unavailable", `PayPal token request answered ${status} without an access token`, status);
    }
    const expiresIn = typeof body.expires_in === "number" && Number.isFinite(body.expires_in) ? body.expires_in : 0;
    this.token = { value: body.access_token, refreshAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }
}

// --- Answers ---------------------------------------------------------------------------------------------------

function apiFailure(what: string, { status, body }: ProviderAnswer): ProviderError {
  const kind = kindOfStatus(status);
  const b = isRecord(body) ? body : {};
  const first = Array.isArray(b.details) && isRecord(b.details[0]) ? b.details[0] : undefined;
  const issue = nonEmptyString(first?.issue) ? first.issue : nonEmptyString(b.name) ? b.name : undefined;
  if (kind === "rejected") {
    const text = nonEmptyString(first?.description) ? first.description : nonEmptyString(b.message) ? b.message : undefined;
    return new ProviderError("paypal", kind, text ?? `PayPal ${what} answered ${status}`, status, issue);
  }
  if (kind === "auth") {
    return new ProviderError(
      "paypal",
      kind,
      `PayPal ${what} refused our credentials (${status}${issue ? ` ${issue}` : ""})`,
      status,
      issue,
    );
  }
  return new ProviderError("paypal", kind, `PayPal ${what} answered ${status}${issue ? ` ${issue}` : ""}`, status, issue);
}

function parseAmount(v: unknown): PayPalAmount | undefined {
  if (!isRecord(v) || !nonEmptyString(v.currency_code) || !nonEmptyString(v.value)) return undefined;
  return { currency_code: v.currency_code, value: v.value };
}

function parseOrder({ status, body }: ProviderAnswer, what: string): PayPalOrder {
  const bad = (detail: string) =>
    new ProviderError("paypal", "unavailable", `PayPal ${what} answered ${status} ${detail}`, status);
  if (!isRecord(body) || !nonEmptyString(body.id) || !nonEmptyString(body.status)) throw bad("without an order id or status");
  const order: PayPalOrder = { id: body.id, status: body.status, raw: body };

  const links = Array.isArray(body.links) ? body.links : [];
  for (const rel of ["approve", "payer-action"]) {
    const link: unknown = links.find((l: unknown) => isRecord(l) && l.rel === rel && nonEmptyString(l.href));
    if (isRecord(link) && nonEmptyString(link.href)) {
      order.approveUrl = link.href;
      break;
    }
  }

  const unit: unknown = Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined;
  if (isRecord(unit)) {
    const amount = parseAmount(unit.amount);
    if (amount) order.purchaseAmount = amount;
    const captures = isRecord(unit.payments) && Array.isArray(unit.payments.captures) ? unit.payments.captures : [];
    const c: unknown = captures[0];
    if (c !== undefined) {
      const captureAmount = isRecord(c) ? parseAmount(c.amount) : undefined;
      if (!isRecord(c) || !nonEmptyString(c.id) || !nonEmptyString(c.status) || !captureAmount) {
        throw bad("with a capture that lacks its id, status or amount");
      }
      order.capture = { id: c.id, status: c.status, amount: captureAmount };
    }
  }
  return order;
}
