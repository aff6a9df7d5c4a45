/** billing's price formula: written once, in billing's contracts (@genui/contracts, proto/src/pricing.ts). */
export { requestCost, tokenCost } from "@genui/contracts";

/** Micro-dollars as dollars for display (SPEC: "dollar balance"). */
export const toDollars = (micro: number): number => Math.round(micro) / 1_000_000;
