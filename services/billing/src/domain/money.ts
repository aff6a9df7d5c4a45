/**
 * Top-up amounts. The user types US dollars; they are kept as whole cents, credited as micro-dollars, and paid
 * either in USD (PayPal) or in INR (Cashfree) at a rate locked into the order.
 */
export type PayCurrency = "USD" | "INR";

export interface Bounds {
  minUsd: number;
  maxUsd: number;
}

/**
 * Parses an amount in dollars (a JSON number, or a numeric string) into cents. Answers a user-facing message when
 * it is not a usable amount: not a number, zero or negative, more than two decimals, under the minimum (when given)
 * or over the maximum.
 */
export function parseUsdAmount(
  value: unknown,
  bounds: Partial<Bounds> & { maxUsd: number },
): { cents: number } | { error: string } {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : undefined;
  if (text === undefined || text === "") return { error: "Enter an amount in US dollars." };
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text) || !Number.isFinite(Number(text))) return { error: "Amount must be a number." };
  const n = Number(text);
  if (n <= 0) return { error: "Amount must be greater than zero." };
  const cents = Math.round(n * 100);
  if (Math.abs(cents - n * 100) > 1e-6) return { error: "Amount can have at most two decimals." };
  if (bounds.minUsd !== undefined && cents < Math.round(bounds.minUsd * 100))
    return { error: `Minimum top-up is ${formatUsd(bounds.minUsd)}.` };
  if (cents > Math.round(bounds.maxUsd * 100)) return { error: `Maximum top-up is ${formatUsd(bounds.maxUsd)}.` };
  return { cents };
}

const formatUsd = (dollars: number) => `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;

/** Minor units (cents, paise) to pay for `usdCents` at `rate` units of the currency per dollar; rounded half up. */
export const payMinor = (usdCents: number, currency: PayCurrency, rate: number): number =>
  currency === "USD" ? usdCents : Math.round(usdCents * rate);

/** Minor units as the providers' decimal string ("845.00"). */
export const minorToDecimal = (minor: number): string => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;

/** A provider's decimal amount ("845.00", 845, 845.5) as minor units, or NaN. */
export function decimalToMinor(value: unknown): number {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
}

/** Credits for a top-up: one cent is 10,000 micro-dollars. */
export const centsToMicros = (cents: number): number => cents * 10_000;

/** Where an exchange rate comes from (pluggable; the offline default is a configured rate with its date). */
export interface RateSource {
  quote(currency: PayCurrency): Promise<{ rate: number; date: string; source: string }>;
}

export class ConfiguredRates implements RateSource {
  constructor(
    private readonly usdInr: number,
    private readonly date: string,
  ) {}

  quote(currency: PayCurrency): Promise<{ rate: number; date: string; source: string }> {
    return Promise.resolve(
      currency === "USD"
        ? { rate: 1, date: this.date, source: "identity" }
        : { rate: this.usdInr, date: this.date, source: "configured" },
    );
  }
}
