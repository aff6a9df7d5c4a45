import { ConfigError } from "@genui/chassis";
import { loadWorkerConfig } from "../config";
import { startGenerationWorker } from "./service";

async function main() {
  const running = await startGenerationWorker(loadWorkerConfig());
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
