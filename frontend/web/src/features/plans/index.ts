/**
 * The plans feature's public API (model plans and their prices). Import it from here, not its files. The pricing
 * page's own parts (components/currency-switch, components/faq) are imported by path (see eslint.config.mjs,
 * SPA_CHUNK_ENTRIES): from here they would load with the landing page.
 */
export { useCurrencyPlans, usePlans } from "./api";
export { PlanCards } from "./components/plan-cards";
