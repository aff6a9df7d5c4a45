/**
 * billing's price formula, published with its contracts so that whoever estimates a request's cost (the generation
 * API's holds and publishable keys' daily caps) computes exactly what billing charges. Prices come from billing's
 * catalogue (`billing.models.list`): micro-dollars per 1M tokens.
 */

/** Micro-dollars for `tokens` at `pricePerMillion` micro-dollars per 1M tokens, rounded up (never under-charge). */
export function tokenCost(tokens: number | bigint, pricePerMillion: number): number {
  const t = typeof tokens === "bigint" ? tokens : BigInt(Math.ceil(tokens));
  if (t <= 0n || pricePerMillion <= 0) return 0;
  return Number((t * BigInt(pricePerMillion) + 999_999n) / 1_000_000n);
}

/** The cost of one request: input and output tokens at the model's USD prices (micro-dollars per 1M tokens). */
export const requestCost = (
  inputTokens: number | bigint,
  outputTokens: number | bigint,
  inputPrice: number,
  outputPrice: number,
): number => tokenCost(inputTokens, inputPrice) + tokenCost(outputTokens, outputPrice);
