/** Micro-dollars for `tokens` at `pricePerMillion` micro-dollars per 1M tokens, rounded up (never under-charge). */
export function tokenCost(tokens: number | bigint, pricePerMillion: number): number {
  const t = BigInt(tokens);
  if (t <= 0n || pricePerMillion <= 0) return 0;
  const micro = (t * BigInt(pricePerMillion) + 999_999n) / 1_000_000n;
  return Number(micro);
}

/** The cost of one request: input and output tokens at the plan's USD prices. */
export const requestCost = (
  inputTokens: number | bigint,
  outputTokens: number | bigint,
  inputPrice: number,
  outputPrice: number,
): number => tokenCost(inputTokens, inputPrice) + tokenCost(outputTokens, outputPrice);

/** Micro-dollars as dollars for display (SPEC: "dollar balance"). */
export const toDollars = (micro: number): number => Math.round(micro) / 1_000_000;
