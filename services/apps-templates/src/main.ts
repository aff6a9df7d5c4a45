import { ConfigError } from "@genui/chassis";
import { loadAppsTemplatesConfig } from "./config";
import { runResealKeys } from "./jobs/reseal-keys";
import { startAppsTemplates } from "./service";

/** `main.js` runs the service; `main.js reseal-keys` re-seals stored keys with the current key and exits. */
async function main() {
  const config = loadAppsTemplatesConfig();
  if (process.argv[2] === "reseal-keys") process.exit(await runResealKeys(config));
  const running = await startAppsTemplates(config);
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(process.argv[2] === "reseal-keys" ? 2 : 1);
});
