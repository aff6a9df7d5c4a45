import { ConfigError } from "@genui/chassis";
import { loadBillingConfig } from "./config";
import { runReconcile } from "./jobs/reconcile";
import { startBilling } from "./service";

/** `main.js` runs the service; `main.js reconcile` runs the ledger reconciliation once and exits with its verdict. */
async function main(): Promise<void> {
  const config = loadBillingConfig();
  if (process.argv[2] === "reconcile") {
    process.exit(await runReconcile(config));
  }
  const running = await startBilling(config);
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  // The reconciliation's own failures exit 2 (1 means "mismatches found"), as before.
  process.exit(process.argv[2] === "reconcile" ? 2 : 1);
});
