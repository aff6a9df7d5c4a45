import { ConfigError } from "@genui/chassis";
import { loadGenerationConfig } from "./config";
import { startGeneration } from "./service";

async function main() {
  const running = await startGeneration(loadGenerationConfig());
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
