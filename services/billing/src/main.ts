import { ConfigError } from "@genui/chassis";
import { loadBillingConfig } from "./config";
import { startBilling } from "./service";

async function main() {
  const running = await startBilling(loadBillingConfig());
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
