/** The billing feature's public API (balance and top-ups). Import it from here, not its files. */
export { BalanceSection } from "./components/balance-section";
