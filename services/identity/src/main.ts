import { ConfigError } from "@genui/chassis";
import { loadIdentityConfig } from "./config";
import { startIdentity } from "./service";

async function main() {
  const running = await startIdentity(loadIdentityConfig());
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
