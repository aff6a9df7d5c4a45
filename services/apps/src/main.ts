import { ConfigError } from "@genui/chassis";
import { loadAppsConfig } from "./config";
import { runResealKeys } from "./jobs/reseal-keys";
import { startApps } from "./service";

/** `main.js` runs the service; `main.js reseal-keys` re-seals stored keys with the current key and exits. */
async function main() {
  const config = loadAppsConfig();
  if (process.argv[2] === "reseal-keys") process.exit(await runResealKeys(config));
  const running = await startApps(config);
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(process.argv[2] === "reseal-keys" ? 2 : 1);
});
