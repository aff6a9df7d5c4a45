import type { Logger } from "@genui/chassis";
import type { Wallets } from "../use-cases/wallets";

/** Finishes ledger batches a crash interrupted, every few seconds (expired holds go by themselves). */
export function startLedgerSweep(wallets: Wallets, logger: Logger, everyMs = 5_000): { stop(): void } {
  const timer = setInterval(() => {
    void wallets.recover().catch((err: unknown) => logger.warn({ err }, "ledger sweep failed"));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
