import { useCallback, useEffect, useRef, useState } from "react";
import styled from "styled-components";
import { useSWRConfig } from "swr";
import { Banner, type BannerType } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { FieldError, Hint, Input } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { useClientConfig } from "../../../lib/config";
import { useScript } from "../../../lib/load-script";
import {
  BALANCE_KEY,
  BALANCE_REFRESH_MS,
  CURRENCY_KEY,
  DECLINED_MESSAGE,
  MIN_TOPUP_USD,
  PURCHASE_MESSAGE,
  QUOTE_DEBOUNCE_MS,
  capturePaypal,
  captureStillProcessing,
  cashfreeStatus,
  createOrder,
  exchangeRate,
  formatMoney,
  setPayCurrency,
  usePayCurrency,
  type CashfreeOrder,
  type PaypalOrder,
  type Quote,
} from "../api";

export interface Notice {
  message: string;
  type: BannerType;
}

const AMOUNT_PATTERN = /^\d{0,7}(\.\d{0,2})?$/;

const Label = styled.label`
  font-size: 14px;
  font-weight: 600;
`;

const Prefixed = styled.div`
  position: relative;
  span {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: var(--fg-muted);
  }
  input {
    padding-left: 28px;
  }
`;

const Segmented = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 10px 12px;
    border: 1px solid var(--border-strong);
    border-radius: 8px;
    cursor: pointer;
    font-size: 14px;
    &:has(input:checked) {
      border-color: var(--accent);
      background: var(--accent-soft);
    }
    &:has(input:focus-visible) {
      outline: 2px solid var(--focus);
      outline-offset: 2px;
    }
  }
`;

/** The providers' buttons: a disabled fieldset disables them (PayPal's too: its SDK draws into this document). */
const PayArea = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
  display: grid;
  gap: 8px;
  /* Our own buttons dim themselves when disabled; PayPal's are drawn by its SDK. */
  &:disabled [data-testid="paypal-buttons"] {
    opacity: 0.5;
    cursor: not-allowed;
    > * {
      pointer-events: none;
    }
  }
`;

const MinimumHint = styled(Hint)<{ $short: boolean }>`
  ${(p) => p.$short && "color: var(--fg); font-weight: 600;"}
`;

const QuoteLine = styled.p`
  margin: 0;
  font-size: 15px;
  min-height: 22px;
  color: var(--fg-muted);
  strong {
    color: var(--fg);
  }
`;

/** Refresh the balance now and again after 3 s (SPEC §4). */
function useRefreshBalance() {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(BALANCE_KEY);
    window.setTimeout(() => void mutate(BALANCE_KEY), BALANCE_REFRESH_MS);
  }, [mutate]);
}

/**
 * Add Balance (SPEC §4 Top-up, §5, §8): an amount in dollars, quoted in the payment currency after 600 ms without
 * typing, paid with Cashfree (INR) or PayPal (USD) through their browser SDKs. Resets when closed.
 */
export function AddBalanceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { data: config } = useClientConfig();
  const { data: payCurrency } = usePayCurrency(open);
  const { mutate } = useSWRConfig();
  const refreshBalance = useRefreshBalance();
  const [amount, setAmount] = useState("");
  const [quote, setQuote] = useState<Quote | undefined>();
  const [quoting, setQuoting] = useState(false);
  const [quoteError, setQuoteError] = useState<string | undefined>();
  const [processing, setProcessing] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const [orderError, setOrderError] = useState<string | undefined>();
  const [switching, setSwitching] = useState(false);
  /** A top-up of this amount went through: the same one is not offered again until the amount changes. */
  const [paid, setPaid] = useState(false);
  /** The payment currency picked in this dialog (applies at once; stored on the wallet in the background). */
  const [chosen, setChosen] = useState<"USD" | "INR" | undefined>();
  /** The Cashfree modal lives outside our dialog: ours steps aside while it is open. */
  const [suspended, setSuspended] = useState(false);
  const seq = useRef(0);
  const amountRef = useRef(amount);
  amountRef.current = amount;

  const value = Number(amount);
  const positive = amount !== "" && Number.isFinite(value) && value > 0;
  const belowMinimum = positive && value < MIN_TOPUP_USD;
  /** The providers' buttons are disabled: under the minimum, or this amount was just paid. */
  const blocked = belowMinimum || paid;
  const currency = chosen ?? payCurrency?.currency ?? "USD";
  const currentQuote = quote?.currency === currency ? quote : undefined;

  const reset = () => {
    seq.current++;
    setAmount("");
    setQuote(undefined);
    setQuoting(false);
    setQuoteError(undefined);
    setProcessing(false);
    setNotice(undefined);
    setOrderError(undefined);
    setSuspended(false);
    setChosen(undefined);
    setPaid(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  // The exchange-rate call: only for a non-empty amount, as a number, after 600 ms without typing.
  const requote = useCallback((raw: string, delay: number) => {
    const my = ++seq.current;
    if (raw === "" || !Number.isFinite(Number(raw))) {
      setQuote(undefined);
      setQuoting(false);
      return () => undefined;
    }
    setQuoting(true);
    const t = window.setTimeout(() => {
      exchangeRate(Number(raw)).then(
        (q) => {
          if (my !== seq.current) return;
          setQuote(q);
          setQuoteError(undefined);
          setQuoting(false);
        },
        (err: unknown) => {
          if (my !== seq.current) return;
          setQuote(undefined);
          setQuoteError(err instanceof Error ? err.message : String(err));
          setQuoting(false);
        },
      );
    }, delay);
    return () => window.clearTimeout(t);
  }, []);

  useEffect(() => {
    if (!open) return;
    return requote(amount, QUOTE_DEBOUNCE_MS);
  }, [amount, open, requote]);

  const onAmount = (next: string) => {
    if (!AMOUNT_PATTERN.test(next)) return; // numeric input only
    if (next !== amount) setPaid(false);
    setAmount(next);
    setOrderError(undefined);
    setNotice(undefined);
  };

  const switchCurrency = async (next: "USD" | "INR") => {
    if (next === currency) return;
    setChosen(next);
    setSwitching(true);
    setQuote(undefined);
    try {
      await setPayCurrency(next);
      await mutate(CURRENCY_KEY, { currency: next }, { revalidate: false });
      // The amount may have changed while the choice was being stored.
      requote(amountRef.current, 0);
    } catch (err) {
      setChosen(undefined);
      setOrderError(err instanceof Error ? err.message : String(err));
    } finally {
      setSwitching(false);
    }
  };

  const finish = (n: Notice) => {
    setNotice(n);
    // Paid (or being processed): a second press would pay the same top-up again.
    if (n.type === "success" || n.type === "warning") setPaid(true);
    refreshBalance();
  };

  return (
    <Dialog
      open={open && !suspended}
      onClose={close}
      title="Add Balance"
      description="Credits are US dollars, used for requests and tokens. Pay in USD with PayPal or in INR with Cashfree."
      testId="add-balance"
    >
      <div style={{ display: "grid", gap: 8 }}>
        <Label htmlFor="topup-amount">Amount (USD)</Label>
        <Prefixed>
          <span aria-hidden="true">$</span>
          <Input
            id="topup-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Minimum of $10"
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
            aria-describedby="topup-minimum topup-quote"
            disabled={processing}
          />
        </Prefixed>
        <MinimumHint id="topup-minimum" $short={belowMinimum}>
          The minimum top-up is ${MIN_TOPUP_USD}.{" "}
          {belowMinimum ? `Enter at least ${formatMoney(MIN_TOPUP_USD, "USD")} to pay.` : "Whole dollars and cents."}
        </MinimumHint>
      </div>

      <fieldset style={{ border: 0, padding: 0, margin: 0, display: "grid", gap: 8 }} disabled={processing}>
        <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>Pay in</legend>
        <Segmented>
          <label>
            <input
              type="radio"
              name="pay-currency"
              value="USD"
              checked={currency === "USD"}
              onChange={() => void switchCurrency("USD")}
            />
            USD · PayPal
          </label>
          <label>
            <input
              type="radio"
              name="pay-currency"
              value="INR"
              checked={currency === "INR"}
              onChange={() => void switchCurrency("INR")}
            />
            INR · Cashfree
          </label>
        </Segmented>
      </fieldset>

      <QuoteLine id="topup-quote" aria-live="polite" data-testid="topup-quote">
        {positive && (quoting || switching) && (
          <>
            <Spinner size={14} /> Getting the price…
          </>
        )}
        {positive && !quoting && !switching && currentQuote && (
          <>
            You pay <strong>{formatMoney(currentQuote.amount, currentQuote.currency)}</strong>
            {currentQuote.currency !== "USD" && currentQuote.rate
              ? ` (1 USD = ${currentQuote.rate} ${currentQuote.currency})`
              : ""}{" "}
            for {formatMoney(value, "USD")} of credits.
          </>
        )}
      </QuoteLine>
      {quoteError && positive && <FieldError role="alert">{quoteError}</FieldError>}

      {positive && (
        <PayArea disabled={blocked} aria-label="Payment" aria-describedby={belowMinimum ? "topup-minimum" : undefined}>
          {currency === "INR" && (
            <CashfreePay
              scriptUrl={config?.cashfree_sdk_url}
              quote={currentQuote?.currency === "INR" && !quoting && !switching ? currentQuote : undefined}
              amount={value}
              processing={processing}
              onProcessing={setProcessing}
              onSuspend={setSuspended}
              onOrderError={setOrderError}
              onDone={finish}
              onCheckoutError={close}
              blocked={blocked}
            />
          )}
          {currency === "USD" && (
            <PaypalPay
              sdkUrl={config?.paypal_sdk_url}
              clientId={currentQuote?.currency === "USD" ? currentQuote.paypal_client_id : undefined}
              amount={value}
              blocked={blocked}
              onOrderError={setOrderError}
              onDone={finish}
            />
          )}
          {paid && <Hint>Paid. To top up again, change the amount.</Hint>}
        </PayArea>
      )}

      {orderError && (
        <Banner type="error" testId="order-error">
          {orderError}
        </Banner>
      )}
      {notice && (
        <Banner type={notice.type} testId="topup-notice">
          {notice.message}
        </Banner>
      )}

      <div style={{ display: "flex", justifyContent: "flex-end" }}>
        <Button variant="outline" onClick={close}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

interface CashfreeProps {
  scriptUrl: string | undefined;
  quote: Quote | undefined;
  amount: number;
  processing: boolean;
  onProcessing(v: boolean): void;
  onSuspend(v: boolean): void;
  onOrderError(msg: string | undefined): void;
  onDone(n: Notice): void;
  onCheckoutError(): void;
  /** Under the minimum, or just paid: no new checkout. */
  blocked: boolean;
}

/** Card payments in INR through Cashfree.js (its own modal). */
function CashfreePay({
  scriptUrl,
  quote,
  amount,
  processing,
  onProcessing,
  onSuspend,
  onOrderError,
  onDone,
  onCheckoutError,
  blocked,
}: CashfreeProps) {
  const status = useScript(scriptUrl);
  const missing = status === "resolved" && typeof window.Cashfree !== "function";

  const pay = async () => {
    if (!quote || !window.Cashfree || blocked) return;
    onProcessing(true);
    onOrderError(undefined);
    let order: CashfreeOrder;
    try {
      order = await createOrder<CashfreeOrder>(amount);
    } catch (err) {
      onOrderError(err instanceof Error ? err.message : String(err));
      onProcessing(false);
      return;
    }
    try {
      onSuspend(true);
      const cashfree = window.Cashfree({ mode: quote.debug ? "sandbox" : "production" });
      const result = await cashfree.checkout({ paymentSessionId: order.payment_session_id, redirectTarget: "_modal" });
      if (result.error) {
        // SPEC §8: a checkout error is logged and the dialog closes.
        console.error("Cashfree checkout ended", result.error);
        onCheckoutError();
        return;
      }
      onSuspend(false);
      const { order_status } = await cashfreeStatus(order.cashfree_order_id ?? order.order_id ?? "");
      onDone({ message: PURCHASE_MESSAGE, type: order_status.toLowerCase() === "paid" ? "success" : "warning" });
    } catch (err) {
      console.error("Cashfree checkout failed", err);
      onSuspend(false);
      onDone({ message: PURCHASE_MESSAGE, type: "warning" });
    } finally {
      onProcessing(false);
    }
  };

  if (status === "rejected") return <Banner type="error">Failed to load Cashfree.js</Banner>;
  if (missing) return <Banner type="error">Cashfree.js not available</Banner>;
  return (
    <Button
      size="lg"
      block
      busy={processing}
      disabled={processing || blocked || !quote || status !== "resolved"}
      onClick={() => void pay()}
    >
      {status === "pending" ? "Loading Cashfree…" : quote ? `Add ${formatMoney(quote.amount, "INR")}` : "Add"}
    </Button>
  );
}

interface PaypalProps {
  sdkUrl: string | undefined;
  clientId: string | undefined;
  amount: number;
  /** Under the minimum, or just paid: the buttons are disabled and start no checkout. */
  blocked: boolean;
  onOrderError(msg: string | undefined): void;
  onDone(n: Notice): void;
}

/** Wallet payments in USD through the PayPal JS SDK's buttons. */
function PaypalPay({ sdkUrl, clientId, amount, blocked, onOrderError, onDone }: PaypalProps) {
  const src =
    sdkUrl && clientId ? `${sdkUrl}?client-id=${encodeURIComponent(clientId)}&currency=USD&components=buttons` : undefined;
  const status = useScript(src);
  const container = useRef<HTMLDivElement>(null);
  const amountRef = useRef(amount);
  amountRef.current = amount;
  const handlers = useRef({ onOrderError, onDone });
  handlers.current = { onOrderError, onDone };
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;
  /** The real SDK draws its buttons in a frame of its own: they are disabled through its actions. */
  const toggle = useRef<{ enable(): Promise<void>; disable(): Promise<void> } | undefined>(undefined);

  useEffect(() => {
    void (blocked ? toggle.current?.disable() : toggle.current?.enable())?.catch(() => undefined);
  }, [blocked]);

  useEffect(() => {
    if (status !== "resolved" || !window.paypal || !container.current) return;
    const el = container.current;
    const buttons = window.paypal.Buttons({
      style: { layout: "vertical", color: "gold", shape: "rect", label: "paypal" },
      onInit: (_data, actions) => {
        toggle.current = actions;
        if (blockedRef.current) void actions.disable().catch(() => undefined);
      },
      onClick: (_data, actions) => (blockedRef.current ? actions.reject() : actions.resolve()),
      createOrder: async () => {
        handlers.current.onOrderError(undefined);
        try {
          const order = await createOrder<PaypalOrder>(amountRef.current);
          return order.paypal_order_id;
        } catch (err) {
          handlers.current.onOrderError(err instanceof Error ? err.message : String(err));
          throw err;
        }
      },
      onApprove: async ({ orderID }) => {
        try {
          const { status: s } = await capturePaypal(orderID);
          handlers.current.onDone(
            s === "COMPLETED" ? { message: PURCHASE_MESSAGE, type: "success" } : { message: DECLINED_MESSAGE, type: "error" },
          );
        } catch (err) {
          console.error("PayPal capture failed", err);
          handlers.current.onDone(
            captureStillProcessing(err)
              ? { message: PURCHASE_MESSAGE, type: "warning" }
              : { message: DECLINED_MESSAGE, type: "error" },
          );
        }
      },
      onCancel: () => handlers.current.onDone({ message: "Payment cancelled. You have not been charged.", type: "default" }),
      onError: (err) => console.error("PayPal error", err),
    });
    void buttons.render(el).catch((err: unknown) => console.error("PayPal buttons failed to render", err));
    return () => {
      toggle.current = undefined;
      void buttons.close().catch(() => undefined);
      el.replaceChildren();
    };
  }, [status]);

  if (status === "rejected") return <Banner type="error">Failed to load the PayPal JS SDK script.</Banner>;
  return (
    <div>
      {(status === "pending" || !src) && (
        <QuoteLine>
          <Spinner size={14} /> Loading PayPal…
        </QuoteLine>
      )}
      <div ref={container} data-testid="paypal-buttons" />
    </div>
  );
}
