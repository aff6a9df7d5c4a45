import { dockerEngineAnswers, infraFromEnv, startLocalInfra, stopLocalInfra, type TestInfra } from "./infra";
import { startContainers } from "./containers";

declare global {
  var __GENUI_TEST_INFRA_TEARDOWN__: (() => Promise<void>) | undefined;
}

/**
 * Jest global setup: infrastructure URLs from the environment when given; otherwise real MongoDB, Redis and NATS
 * containers when a Docker engine answers; otherwise the local stack (FerretDB, Redis, NATS) on test ports.
 */
export default async function globalSetup(): Promise<void> {
  if (infraFromEnv()) return;
  let infra: TestInfra;
  if (process.env.GENUI_TEST_INFRA !== "local" && dockerEngineAnswers()) {
    const started = await startContainers();
    infra = started.infra;
    globalThis.__GENUI_TEST_INFRA_TEARDOWN__ = started.stop;
  } else {
    const started = startLocalInfra();
    infra = started.infra;
    process.env.K6_BIN = started.k6Bin;
    if (!started.wasRunning) {
      globalThis.__GENUI_TEST_INFRA_TEARDOWN__ = async () => stopLocalInfra();
    }
  }
  process.env.TEST_MONGO_URL = infra.mongoUrl;
  process.env.TEST_REDIS_URL = infra.redisUrl;
  process.env.TEST_NATS_URL = infra.natsUrl;
}
