import { ConfigError, startService } from "@genui/chassis";
import { loadWorkerConfig } from "./config";

/**
 * The generation worker process, scaled independently of the API. It holds Redis (queues) and NATS (chunks,
 * usage events) connections and exposes /healthz, /readyz and /metrics for operators.
 */
async function main() {
  const config = loadWorkerConfig();
  const running = await startService({
    service: "generation-worker",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT },
    logLevel: config.LOG_LEVEL,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
    redis: { url: config.REDIS_URL },
    setup: async (ctx) => {
      await ctx.bus!.ensureStream("GENERATION");
    },
  });
  running.ctx.shutdown.installProcessHandlers();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
