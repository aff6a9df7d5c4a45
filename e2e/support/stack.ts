import path from "node:path";
import { createLogger, type RunningService } from "@genui/chassis";
import { REPO_ROOT, TEST_IDENTITY_SECRET, freshName, testInfra } from "@genui/testkit";
import { loadBffConfig } from "../../bff/src/config";
import { startBff } from "../../bff/src/service";
import { loadIdentityConfig } from "../../services/identity/src/config";
import { startIdentity } from "../../services/identity/src/service";

export interface Stack {
  bff: RunningService;
  identity: RunningService;
  /** Stops identity and starts it again on the same port (same database), e.g. after simulating an outage. */
  restartIdentity(): Promise<void>;
  stop(): Promise<void>;
}

/** The real processes of the platform, in this process on free ports, against the test infrastructure. */
export async function startStack(opts: { staticDir?: string } = {}): Promise<Stack> {
  const identityEnv = {
    LOG_LEVEL: "silent",
    INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    MONGO_URL: testInfra().mongoUrl,
    MONGO_DB: freshName("identity"),
    NATS_URL: testInfra().natsUrl,
    NATS_SUBJECT_PREFIX: `${freshName()}.`,
    DEMO_EMAIL: "demo@genui.dev",
    DEMO_PASSWORD: "demo-password",
  };
  const logger = createLogger("stack", "silent");
  let identity = await startIdentity(loadIdentityConfig({ ...identityEnv, HTTP_PORT: "0" }), logger);
  const bff = await startBff(
    loadBffConfig({
      HTTP_PORT: "0",
      LOG_LEVEL: "silent",
      INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      IDENTITY_URL: identity.url,
      STATIC_DIR: opts.staticDir ?? path.join(REPO_ROOT, "frontend/web/dist"),
    }),
    logger,
  );
  const stack: Stack = {
    bff,
    get identity() {
      return identity;
    },
    restartIdentity: async () => {
      const port = String(identity.port);
      await identity.stop();
      identity = await startIdentity(loadIdentityConfig({ ...identityEnv, HTTP_PORT: port }), logger);
    },
    stop: async () => {
      await bff.stop();
      await identity.ctx.mongo!.dropDatabase();
      const jsm = await identity.ctx.bus!.nc.jetstreamManager();
      await jsm.streams.delete(identity.ctx.bus!.streamName("IDENTITY")).catch(() => undefined);
      await identity.stop();
    },
  };
  return stack;
}
