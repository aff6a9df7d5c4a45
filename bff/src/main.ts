import { ConfigError } from "@genui/chassis";
import { loadBffConfig } from "./config";
import { startBff } from "./service";

async function main() {
  const running = await startBff(loadBffConfig());
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
