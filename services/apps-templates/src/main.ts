import { ConfigError } from "@genui/chassis";
import { loadAppsTemplatesConfig } from "./config";
import { startAppsTemplates } from "./service";

async function main() {
  const running = await startAppsTemplates(loadAppsTemplatesConfig());
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
