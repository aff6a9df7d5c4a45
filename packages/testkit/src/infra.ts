import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";

/** Connection URLs of the infrastructure integration tests run against. */
export interface TestInfra {
  mongoUrl: string;
  redisUrl: string;
  natsUrl: string;
}

export const REPO_ROOT = path.resolve(__dirname, "../../..");
const INFRA_SCRIPT = path.join(REPO_ROOT, "deploy/local/infra.sh");

/** Infrastructure named by the environment (TEST_MONGO_URL, TEST_REDIS_URL, TEST_NATS_URL), if all three are. */
export function infraFromEnv(env: NodeJS.ProcessEnv = process.env): TestInfra | undefined {
  const { TEST_MONGO_URL, TEST_REDIS_URL, TEST_NATS_URL } = env;
  if (TEST_MONGO_URL && TEST_REDIS_URL && TEST_NATS_URL)
    return { mongoUrl: TEST_MONGO_URL, redisUrl: TEST_REDIS_URL, natsUrl: TEST_NATS_URL };
  return undefined;
}

/** The infrastructure a test file uses; the global setup provides it. */
export function testInfra(): TestInfra {
  const infra = infraFromEnv();
  if (!infra) throw new Error("No test infrastructure: run tests through jest (its global setup provides it) or set TEST_*_URL");
  return infra;
}

/** Does a Docker engine answer here? (The client alone is not enough.) */
export function dockerEngineAnswers(): boolean {
  const r = spawnSync("docker", ["info", "--format", "{{.ServerVersion}}"], { timeout: 5_000, encoding: "utf8" });
  return r.status === 0 && r.stdout.trim().length > 0;
}

function infraScript(args: string[]): string {
  return execFileSync("bash", [INFRA_SCRIPT, ...args, "--profile", "test"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Starts the local test-profile stack (other ports and data than a running dev stack); says if it was already up. */
export function startLocalInfra(): { infra: TestInfra; wasRunning: boolean; k6Bin: string } {
  const wasRunning = spawnSync("bash", [INFRA_SCRIPT, "status", "--profile", "test"], { stdio: "ignore" }).status === 0;
  infraScript(["start"]);
  const env = Object.fromEntries(
    infraScript(["env"])
      .trim()
      .split("\n")
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  ) as Record<string, string>;
  return {
    infra: { mongoUrl: env.MONGO_URL!, redisUrl: env.REDIS_URL!, natsUrl: env.NATS_URL! },
    wasRunning,
    k6Bin: env.K6_BIN!,
  };
}

export function stopLocalInfra(): void {
  infraScript(["stop"]);
}

/** A fresh name for a database, queue, stream or subject prefix, so tests never see each other's data. */
export function freshName(prefix = "t"): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}

/** A secret good enough for tests of signed identity. */
export const TEST_IDENTITY_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
