import { randomBytes } from "node:crypto";
import { LockTimeoutError, badRequest, unauthorized, type AppError, type DocumentLock, type Logger } from "@genui/chassis";
import {
  centsToMicros,
  decimalToMinor,
  minorToDecimal,
  parseUsdAmount,
  payMinor,
  type PayCurrency,
  type RateSource,
} from "../domain/money";
import { CashfreeClient, type CashfreeOrder } from "../clients/cashfree";
import type { PayPalClient, PayPalOrder } from "../clients/paypal";
import { ProviderError } from "../clients/provider-error";
import { BILLING_ERRORS, TooManyOpenOrdersError, billingError } from "../domain/errors";
import type { OrderRecord, OrderRepository, Provider } from "../store/order.repository";
import type { RateLimit } from "../store/order-rate.store";
import type { Wallets } from "./wallets";

export interface OrdersOptions {
  minUsd: number;
  maxUsd: number;
  sandbox: boolean;
  paypalClientId: string;
  publicUrl: string;
  customerPhone: string;
  pollDeadlineMs: number;
  /** TOPUP_MAX_OPEN_ORDERS: unpaid orders one user may hold at once. */
  maxOpenOrders: number;
  /** The secret Cashfree signs its webhooks with (its client secret). */
  cashfreeWebhookSecret: string;
}

/** Schedules the polling of an open order (BullMQ; see OrderPoller). */
export interface PollScheduler {
  schedule(orderId: string): Promise<void>;
  /** Stops polling an order that closed (nothing happens when its poll is running: that poll sees it closed). */
  cancel(orderId: string): Promise<void>;
}

/** What bounds a user's order requests, shared by every billing process (Redis). */
export interface OrderGuards {
  /** Counts one order request of a user: 0 under the limit, else the seconds until it may ask again. */
  rate: { hit(userId: string): Promise<number>; readonly limit: RateLimit };
  /** One order request of a user at a time, across every process: the cap and the reuse are decided under it. */
  userLock: DocumentLock;
}

/** Cashfree's webhook as it arrived: its raw body, its signature headers, the order its body names and its sender. */
export interface CashfreeWebhook {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  /** The order id the body names (`data.order.order_id`), if it names one. */
  orderId: string | undefined;
  /** The sender's address, for the log of a refused webhook. */
  ip: string | undefined;
}

/** What one poll of an order found: the status it answers, and whether the order is still open (polled again). */
export interface PollOutcome {
  status: string;
  open: boolean;
}

/** The answer to an order request: the new order's, or that of the identical open order handed out again. */
export type OrderAnswer =
  { paypal_order_id: string } | { payment_session_id: string | undefined; cashfree_order_id: string; order_id: string };

/** The provider's states of an order nobody has started to pay yet (an identical request gets it again). */
const UNTOUCHED: Record<Provider, ReadonlySet<string>> = {
  paypal: new Set(["CREATED", "PAYER_ACTION_REQUIRED"]),
  cashfree: new Set(["ACTIVE"]),
};

/** Seconds a caller who met another request of theirs holding the user's lock is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 2;

const duration = (seconds: number): string => {
  const [n, unit] =
    seconds % 3600 === 0 ? [seconds / 3600, "hour"] : seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return n === 1 ? unit : `${n} ${unit}s`;
};

/** A wait as people read it: seconds up to two minutes, then whole minutes (rounded up). */
const waitText = (seconds: number): string =>
  seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;

const answerOf = (order: OrderRecord): OrderAnswer =>
  order.provider === "paypal"
    ? { paypal_order_id: order.providerOrderId ?? "" }
    : {
        payment_session_id: order.paymentSessionId,
        cashfree_order_id: order.providerOrderId ?? order._id,
        order_id: order.providerOrderId ?? order._id,
      };

const providerFailure = (err: ProviderError): AppError => {
  const name = err.provider === "paypal" ? "PayPal" : "Cashfree";
  if (err.kind === "timeout")
    return billingError(BILLING_ERRORS.PROVIDER_TIMEOUT, `${name} did not answer in time. Please try again.`);
  if (err.kind === "rejected")
    return billingError(BILLING_ERRORS.PROVIDER_REJECTED, `${name} refused the request: ${err.message}`);
  return billingError(BILLING_ERRORS.PROVIDER_UNAVAILABLE, `${name} is unavailable right now. Please try again.`);
};

/** Cashfree order states after which nothing can be paid any more. */
const CASHFREE_FINAL = new Set(["EXPIRED", "TERMINATED", "TERMINATION_REQUESTED"]);

/**
 * Top-ups: quotes, orders with PayPal (USD) or Cashfree (INR), and crediting. Every path that learns an order was
 * paid — PayPal capture, Cashfree status call, webhook, poll — ends in `settle`, which credits the wallet under the
 * ledger key `topup:<provider>:<provider order id>` (recorded once, ever) and marks the order paid (once), each step
 * idempotent, so any number of racing paths credit once. No event is published: nothing outside billing reacts to a
 * paid order.
 */
export class Orders {
  constructor(
    private readonly repo: OrderRepository,
    private readonly wallets: Wallets,
    private readonly paypal: PayPalClient,
    private readonly cashfree: CashfreeClient,
    private readonly rates: RateSource,
    private readonly poller: PollScheduler,
    private readonly opts: OrdersOptions,
    private readonly guards: OrderGuards,
    private readonly logger: Logger,
  ) {}

  setCurrency(userId: string, currency: PayCurrency): Promise<void> {
    return this.wallets.setPaymentCurrency(userId, currency);
  }

  async currencyOf(userId: string): Promise<PayCurrency> {
    return (await this.wallets.get(userId)).paymentCurrency ?? "USD";
  }

  /** What `amount` dollars cost in the user's payment currency (no minimum: the SPA quotes while the user types). */
  async quote(userId: string, amount: number | string | undefined) {
    const parsed = parseUsdAmount(amount, { maxUsd: this.opts.maxUsd });
    if ("error" in parsed)
      throw billingError(BILLING_ERRORS.INVALID_AMOUNT, parsed.error, { fields: { amount: [parsed.error] } });
    const currency = await this.currencyOf(userId);
    const r = await this.rates.quote(currency);
    return {
      amount: payMinor(parsed.cents, currency, r.rate) / 100,
      currency,
      debug: this.opts.sandbox,
      paypal_client_id: this.opts.paypalClientId,
      rate: r.rate,
      rate_date: r.date,
    };
  }

  /**
   * An order with the provider of the user's payment currency (the rate is locked into it), within the user's limits:
   * a valid request counts against TOPUP_ORDER_RATE_PER_USER (429 past it); an identical open order (same amount and
   * provider, nobody paying it yet, at least half its life left) is handed out again (`created: false`) instead of a
   * new one; a new one is refused (409) while the user holds TOPUP_MAX_OPEN_ORDERS open ones. The cap and the reuse
   * are decided under the user's lock (Redis, every process), so concurrent requests on any copy cannot pass them.
   */
  async create(userId: string, amount: number | string | undefined): Promise<{ created: boolean; answer: OrderAnswer }> {
    const parsed = parseUsdAmount(amount, { minUsd: this.opts.minUsd, maxUsd: this.opts.maxUsd });
    if ("error" in parsed)
      throw billingError(BILLING_ERRORS.INVALID_AMOUNT, parsed.error, { fields: { amount: [parsed.error] } });
    const wait = await this.guards.rate.hit(userId);
    if (wait > 0) {
      const { max, windowSeconds } = this.guards.rate.limit;
      throw billingError(
        BILLING_ERRORS.ORDER_RATE_LIMITED,
        `Too many top-up orders: at most ${max} every ${duration(windowSeconds)}. Try again in ${waitText(wait)}.`,
        { retryAfterSeconds: wait },
      );
    }
    const currency = await this.currencyOf(userId);
    try {
      return await this.guards.userLock.run(userId, () => this.createFor(userId, parsed.cents, currency));
    } catch (err) {
      if (!(err instanceof LockTimeoutError)) throw err;
      throw billingError(
        BILLING_ERRORS.ORDER_BUSY,
        "Another top-up order of yours is still being created. Try again in a few seconds.",
        { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
      );
    }
  }

  /** The user's open orders still within their deadline; those past it are closed here and stop being polled. */
  private async liveOrders(userId: string, now: number): Promise<OrderRecord[]> {
    const live: OrderRecord[] = [];
    for (const o of await this.repo.openOf(userId)) {
      if (o.expiresAt.getTime() > now) {
        live.push(o);
        continue;
      }
      // Its poll may not have come round yet: it stops counting now either way.
      if (await this.repo.expireIfOpen(o._id, { providerStatus: o.providerStatus ?? "ACTIVE" }))
        this.logger.info({ orderId: o._id }, "order not paid before its deadline; closed");
      await this.stopPolling(o._id);
    }
    return live;
  }

  /** Under the user's lock: hands out an identical open order, refuses past the cap, or creates one. */
  private async createFor(
    userId: string,
    cents: number,
    currency: PayCurrency,
  ): Promise<{ created: boolean; answer: OrderAnswer }> {
    const provider: Provider = currency === "USD" ? "paypal" : "cashfree";
    const nowMs = Date.now();
    const live = await this.liveOrders(userId, nowMs);
    const same = live.find(
      (o) =>
        o.status === "created" &&
        o.provider === provider &&
        o.usdCents === cents &&
        o.payCurrency === currency &&
        UNTOUCHED[provider].has(o.providerStatus ?? "") &&
        (provider === "paypal" ? !!o.providerOrderId : !!o.paymentSessionId) &&
        // Enough time left to pay it; an older one still counts, but a new one is made.
        o.expiresAt.getTime() - nowMs >= (o.expiresAt.getTime() - o.createdAt.getTime()) / 2,
    );
    if (same) return { created: false, answer: answerOf(same) };
    if (live.length >= this.opts.maxOpenOrders) {
      const oldest = Math.min(...live.map((o) => o.expiresAt.getTime()));
      throw new TooManyOpenOrdersError(live.length, this.opts.maxOpenOrders, Math.max(1, Math.ceil((oldest - nowMs) / 1000)));
    }
    const r = await this.rates.quote(currency);
    const now = new Date();
    const order: OrderRecord = {
      _id: `ord_${randomBytes(12).toString("hex")}`,
      userId,
      provider,
      status: "creating",
      usdCents: cents,
      payCurrency: currency,
      payMinor: payMinor(cents, currency, r.rate),
      rate: r.rate,
      rateDate: r.date,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + this.opts.pollDeadlineMs),
    };
    await this.repo.create(order);
    try {
      if (order.provider === "paypal") {
        const p = await this.paypal.createOrder({
          requestId: order._id,
          amount: minorToDecimal(order.payMinor),
          currency: "USD",
          referenceId: order._id,
          customId: userId,
          description: `GenUI credits: $${minorToDecimal(order.usdCents)}`,
        });
        await this.repo.update(order._id, {
          status: "created",
          providerOrderId: p.id,
          providerStatus: p.status,
          ...(p.approveUrl ? { approveUrl: p.approveUrl } : {}),
        });
        // The browser captures the order once the buyer approves it; the poller makes sure an approved or captured
        // order is credited even when that call never comes or its answer is lost (a closed tab, an outage).
        await this.poller.schedule(order._id);
        return { created: true, answer: { paypal_order_id: p.id } };
      }
      const c = await this.cashfree.createOrder({
        orderId: order._id,
        amount: order.payMinor / 100,
        currency: "INR",
        customerId: userId,
        customerPhone: this.opts.customerPhone,
        returnUrl: `${this.opts.publicUrl}/dashboard?order_id={order_id}`,
        notifyUrl: `${this.opts.publicUrl}/billing/api/v1/webhooks/cashfree/`,
        expiresAt: order.expiresAt,
        note: `GenUI credits: $${minorToDecimal(order.usdCents)}`,
      });
      await this.repo.update(order._id, {
        status: "created",
        providerOrderId: c.orderId,
        providerStatus: c.status,
        ...(c.paymentSessionId ? { paymentSessionId: c.paymentSessionId } : {}),
      });
      await this.poller.schedule(order._id);
      return {
        created: true,
        answer: { payment_session_id: c.paymentSessionId, cashfree_order_id: c.orderId, order_id: c.orderId },
      };
    } catch (err) {
      await this.repo.update(order._id, { status: "failed", failure: (err as Error).message });
      if (err instanceof ProviderError) {
        this.logger.warn({ err, orderId: order._id }, "payment provider refused or failed an order");
        throw providerFailure(err);
      }
      throw err;
    }
  }

  /** PayPal: captures an approved order (the buyer approved it in PayPal's window); COMPLETED credits once. */
  async capture(userId: string, paypalOrderId: string): Promise<{ status: string }> {
    const order = await this.owned(userId, "paypal", paypalOrderId);
    if (order.status === "paid") return { status: "COMPLETED" };
    // The buyer has approved it (the browser captures after PayPal's approval): from now on it is being paid, so an
    // identical order request gets a new order rather than this one (PayPal would refuse its approval once completed).
    if (UNTOUCHED.paypal.has(order.providerStatus ?? "")) await this.repo.update(order._id, { providerStatus: "APPROVED" });
    let p: PayPalOrder;
    try {
      // One request id per order: a repeated or concurrent capture is the same capture to PayPal.
      p = await this.paypal.captureOrder(paypalOrderId, `capture-${order._id}`);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.kind === "rejected") {
        await this.repo.update(order._id, { providerStatus: err.issue ?? "REJECTED" });
        throw billingError(
          BILLING_ERRORS.CAPTURE_REFUSED,
          err.issue === "ORDER_NOT_APPROVED"
            ? "The payment was not approved."
            : `Sorry, your transaction could not be processed. (${err.issue ?? err.message})`,
        );
      }
      throw providerFailure(err);
    }
    const status = await this.settlePayPal(order, p);
    if (status === "MISMATCH")
      throw billingError(BILLING_ERRORS.AMOUNT_MISMATCH, "The captured amount does not match the order; support will review it.");
    return { status };
  }

  /**
   * Asks PayPal about an order and finishes what its buyer started: an order captured already (by the browser's call,
   * whose answer may have been lost) is credited; an approved one whose capture never came is captured here, with
   * the browser's request id, so both are one capture to PayPal. Used by the poller; answers PayPal's status.
   */
  async checkPayPal(order: OrderRecord): Promise<string> {
    if (order.status === "paid") return "COMPLETED";
    const id = order.providerOrderId ?? order._id;
    let p = await this.paypal.getOrder(id);
    if (p.status === "APPROVED") {
      try {
        p = await this.paypal.captureOrder(id, `capture-${order._id}`);
      } catch (err) {
        if (!(err instanceof ProviderError) || err.kind !== "rejected") throw err;
        await this.repo.update(order._id, { providerStatus: err.issue ?? "REJECTED" });
        return err.issue ?? "REJECTED";
      }
    }
    if (p.status === "VOIDED") {
      await this.repo.update(order._id, { status: "expired", providerStatus: p.status });
      await this.stopPolling(order._id);
      return p.status;
    }
    return this.settlePayPal(order, p);
  }

  /** A PayPal order as PayPal answered it: COMPLETED with the right amount credits once; "MISMATCH" is flagged. */
  private async settlePayPal(order: OrderRecord, p: PayPalOrder): Promise<string> {
    if (p.status !== "COMPLETED" || p.capture?.status !== "COMPLETED") {
      const status = p.capture?.status ?? p.status;
      if (status !== order.providerStatus) await this.repo.update(order._id, { providerStatus: status });
      return status;
    }
    const paid = p.capture.amount;
    if (paid.currency_code !== order.payCurrency || decimalToMinor(paid.value) !== order.payMinor) {
      await this.flagMismatch(order, `captured ${paid.value} ${paid.currency_code}`);
      return "MISMATCH";
    }
    await this.settle(order, { captureId: p.capture.id, providerStatus: "COMPLETED" });
    return "COMPLETED";
  }

  /**
   * One poll of an order (OrderPoller): a closed order ends its polling ("closed"); one past its deadline is closed
   * ("expired"); else its provider is asked (`check`), a provider error answering "UNKNOWN" (polled again), and the
   * order stays open unless it was paid or has closed meanwhile.
   */
  async poll(orderId: string): Promise<PollOutcome> {
    const order = await this.repo.get(orderId);
    if (!order || order.status !== "created") return { status: "closed", open: false };
    if (Date.now() > order.expiresAt.getTime()) {
      await this.repo.expireIfOpen(order._id, { providerStatus: order.providerStatus ?? "ACTIVE" });
      this.logger.info({ orderId: order._id }, "order not paid before its deadline; polling stopped");
      return { status: "expired", open: false };
    }
    let status: string;
    try {
      status = await this.check(order);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.logger.warn({ err, orderId: order._id }, "order poll failed; will poll again");
      status = "UNKNOWN";
    }
    if (status === "PAID" || status === "COMPLETED") return { status, open: false };
    return { status, open: (await this.repo.get(order._id))?.status === "created" };
  }

  /** The poller's question for any open order: asks its provider and acts on the answer (see the two above). */
  check(order: OrderRecord): Promise<string> {
    return order.provider === "paypal" ? this.checkPayPal(order) : this.checkCashfree(order);
  }

  /** Cashfree: the order's state, from Cashfree; PAID credits once. */
  async cashfreeStatus(userId: string, orderId: string): Promise<{ order_status: string }> {
    const order = await this.owned(userId, "cashfree", orderId);
    if (order.status === "paid") return { order_status: "PAID" };
    try {
      return { order_status: await this.checkCashfree(order) };
    } catch (err) {
      if (err instanceof ProviderError) throw providerFailure(err);
      throw err;
    }
  }

  /**
   * Asks Cashfree about an order and acts on the answer: PAID (with the right amount) settles it, a final state
   * closes it. Answers Cashfree's order_status. Used by the status call, the webhook and the poller.
   */
  async checkCashfree(order: OrderRecord): Promise<string> {
    if (order.status === "paid") return "PAID";
    const c: CashfreeOrder = await this.cashfree.getOrder(order.providerOrderId ?? order._id);
    if (c.status === "PAID") {
      if (c.currency !== order.payCurrency || Math.round(c.amount * 100) !== order.payMinor) {
        await this.flagMismatch(order, `paid ${c.amount} ${c.currency}`);
        return "PAID";
      }
      await this.settle(order, { providerStatus: "PAID" });
      return "PAID";
    }
    if (CASHFREE_FINAL.has(c.status)) {
      await this.repo.update(order._id, { status: "expired", providerStatus: c.status });
      await this.stopPolling(order._id);
    } else if (c.status !== order.providerStatus) await this.repo.update(order._id, { providerStatus: c.status });
    return c.status;
  }

  /**
   * Cashfree's webhook (public, no session): one whose signature (the webhook secret) does not verify is refused and
   * logged; a verified one must name an order, which is then handled as below.
   */
  async cashfreeWebhook(w: CashfreeWebhook): Promise<void> {
    if (!CashfreeClient.verifyWebhook(this.opts.cashfreeWebhookSecret, w.rawBody, w.timestamp, w.signature)) {
      this.logger.warn({ ip: w.ip }, "cashfree webhook with an invalid signature refused");
      throw unauthorized("Invalid webhook signature.");
    }
    if (!w.orderId) throw badRequest("Webhook without an order id.");
    await this.onCashfreeWebhook(w.orderId);
  }

  /** A verified Cashfree webhook: the order it names is checked with Cashfree itself before anything is credited. */
  async onCashfreeWebhook(orderId: string): Promise<void> {
    const order = await this.repo.get(orderId);
    if (!order || order.provider !== "cashfree") {
      this.logger.warn({ orderId }, "webhook for an unknown order ignored");
      return;
    }
    await this.checkCashfree(order);
  }

  /** Credits the wallet once and marks the order paid once (both idempotent; racing callers are safe). */
  private async settle(order: OrderRecord, set: Partial<OrderRecord>): Promise<void> {
    const providerOrderId = order.providerOrderId ?? order._id;
    const credit = centsToMicros(order.usdCents);
    await this.wallets.apply(order.userId, `topup:${order.provider}:${providerOrderId}`, credit, "top_up", order._id);
    if (await this.repo.markPaid(order._id, set))
      this.logger.info({ orderId: order._id, provider: order.provider, usdCents: order.usdCents }, "top-up credited");
    await this.stopPolling(order._id);
  }

  /** A closed order's poll is dropped at once, so a user's polling jobs never outnumber their open orders. */
  private async stopPolling(orderId: string): Promise<void> {
    try {
      await this.poller.cancel(orderId);
    } catch (err) {
      // Its next poll finds it closed and ends there.
      this.logger.warn({ err, orderId }, "could not drop the poll of a closed order");
    }
  }

  private async flagMismatch(order: OrderRecord, what: string): Promise<void> {
    this.logger.error(
      { orderId: order._id, expected: `${minorToDecimal(order.payMinor)} ${order.payCurrency}`, what },
      "payment amount mismatch",
    );
    await this.repo.update(order._id, { status: "mismatch", failure: what });
    await this.stopPolling(order._id);
  }

  private async owned(userId: string, provider: Provider, id: string): Promise<OrderRecord> {
    const order = await this.repo.findOwned(userId, provider, id);
    if (!order) throw billingError(BILLING_ERRORS.ORDER_NOT_FOUND, "Order not found.");
    return order;
  }
}
