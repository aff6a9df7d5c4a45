/** Money of a plan: the currency's symbol, at least 2 decimals and up to 6 (prices per 1M tokens can be small). */
export function formatCost(amount: number | string, currency: string): string {
  const n = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  try {
    return new Intl.NumberFormat(currency === "INR" ? "en-IN" : "en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    }).format(n);
  } catch {
    // An unknown currency code: the number and the code still say it all.
    return `${n.toFixed(2)} ${currency}`;
  }
}

const tokens = new Intl.NumberFormat("en-US");

/** SPEC §2: "input limit / output limit Tokens", e.g. "128,000 / 16,384 Tokens". */
export const formatLimits = (input: number, output: number): string =>
  `${tokens.format(input)} / ${tokens.format(output)} Tokens`;
