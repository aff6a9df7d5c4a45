// Writes the files derived from the one topology (deploy/topology.json): docker-compose.yml and the services' config
// defaults (packages/chassis/src/topology.generated.ts); `--infra-ports <profile>` prints deploy/local/infra.sh's ports. `--check` writes
// nothing and exits 1 when a derived file differs from what the topology gives (e2e/architecture/topology.int.test.ts runs it).
import { stringify } from "yaml";
import { syncDerived } from "./lib/derived-files.mjs";
import { ROOT, loadTopology, processesFor, sharedEnvFor } from "./lib/topology.mjs";

const HEADER = `# GENERATED from deploy/topology.json by \`npm run topology:generate\` — edit the topology, not this file.
# The whole platform with real MongoDB, Redis and NATS (JetStream), for machines with Docker: the same processes,
# ports, databases and variables as the local launcher; the local stand-ins (sims/) are not part of it. Images are
# deploy/docker/Dockerfile's targets (genui/<target>, built by \`npm run images:build\` or \`docker compose build\`).
# Operators' variables (.env beside this file): secrets (required), UPSTREAM_* (a model server; unset: the offline
# generator), GOOGLE_CLIENT_ID (Google sign-in), PAYMENTS_MODE and the providers' credentials, PUBLIC_URL.
`;

const ready = { interval: "5s", timeout: "3s", retries: 20 };

export function composeFile(t = loadTopology()) {
  const inf = t.infrastructure;
  const services = {
    mongo: {
      image: inf.mongo.image,
      ports: [`127.0.0.1:${inf.mongo.hostPort}:${inf.mongo.port}`],
      volumes: ["mongo-data:/data/db"],
      healthcheck: { test: ["CMD", "mongosh", "--quiet", "--eval", "db.adminCommand('ping').ok"], ...ready },
    },
    redis: {
      image: inf.redis.image,
      command: ["redis-server", "--appendonly", "yes"],
      ports: [`127.0.0.1:${inf.redis.hostPort}:${inf.redis.port}`],
      volumes: ["redis-data:/data"],
      healthcheck: { test: ["CMD", "redis-cli", "ping"], ...ready },
    },
    nats: {
      image: inf.nats.image,
      command: ["-js", "-sd", "/data", "-m", String(inf.nats.monitorPort)],
      ports: [`127.0.0.1:${inf.nats.hostPort}:${inf.nats.port}`, `127.0.0.1:${inf.nats.monitorHostPort}:${inf.nats.monitorPort}`],
      volumes: ["nats-data:/data"],
      healthcheck: {
        test: ["CMD", "wget", "-qO-", `http://127.0.0.1:${inf.nats.monitorPort}/healthz?js-enabled-only=true`],
        ...ready,
      },
    },
  };
  const shared = sharedEnvFor(t, "compose");
  for (const p of processesFor(t, "compose")) {
    const dependsOn = {};
    for (const n of p.needs ?? []) dependsOn[n] = { condition: "service_healthy" };
    for (const d of p.dependsOn ?? []) dependsOn[d] = { condition: "service_healthy" };
    // One image per Dockerfile target (genui/<image>); processes sharing an image (the API and its workers) differ
    // by command. GENUI_IMAGE_TAG picks images built by deploy/images/build.sh or pushed elsewhere.
    services[p.name] = {
      image: `genui/${p.image}:\${GENUI_IMAGE_TAG:-dev}`,
      build: { context: ".", dockerfile: "deploy/docker/Dockerfile", target: p.image },
      command: ["node", p.entry],
      restart: "unless-stopped",
      // SIGTERM lets a worker finish or hand back its jobs (chassis drains within SHUTDOWN_TIMEOUT_MS).
      stop_grace_period: "15s",
      ...((p.replicas ?? 1) !== 1 ? { deploy: { replicas: p.replicas } } : {}),
      environment: { ...shared, ...p.env },
      ...(p.public ? { ports: [`127.0.0.1:${p.port}:${p.port}`] } : {}),
      depends_on: dependsOn,
      healthcheck: {
        test: [
          "CMD",
          "node",
          "-e",
          `fetch('http://127.0.0.1:${p.port}/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))`,
        ],
        ...ready,
        start_period: "20s",
      },
    };
  }
  return (
    HEADER +
    stringify(
      { services, volumes: { "mongo-data": null, "redis-data": null, "nats-data": null } },
      { lineWidth: 0, version: "1.1" },
    )
  );
}

/** The host ports of the local infrastructure for a profile of deploy/local/infra.sh ("dev" or "test"). */
export function localInfrastructure(t, profile) {
  const p = t.localProfiles[profile];
  if (!p) throw new Error(`topology: unknown local profile ${profile}`);
  const i = t.infrastructure;
  const o = p.portOffset;
  return {
    redis: i.redis.hostPort + o,
    nats: i.nats.hostPort + o,
    natsMonitor: i.nats.monitorHostPort + o,
    mongo: i.mongo.hostPort + o,
    ferretdbDebug: i.mongo.localDebugPort + o,
    postgres: i.mongo.localPostgresPort + o,
    store: p.store ?? "sqlite",
  };
}

/**
 * The services' configuration defaults (packages/chassis/src/topology.generated.ts): each process's port, database
 * and loopback URL, so a process started by hand listens and finds the others where the launcher puts them.
 */
export function configDefaultsModule(t = loadTopology()) {
  const processes = Object.fromEntries(
    t.processes.map((p) => [
      p.name,
      { port: p.port, ...(p.database ? { database: p.database } : {}), localUrl: `http://127.0.0.1:${p.port}` },
    ]),
  );
  return `// GENERATED from deploy/topology.json by \`npm run topology:generate\` — edit the topology, not this file.

/** Every process of the topology: its port, its database and its URL on the local host. Services' config defaults. */
export const TOPOLOGY = ${JSON.stringify(processes, null, 2)} as const;

/** The public URL of the local platform. */
export const LOCAL_PUBLIC_URL = ${JSON.stringify(t.publicUrl)};
`;
}

/** Every derived file: path → the content the topology gives. */
export function derivedFiles() {
  return {
    "docker-compose.yml": composeFile(),
    "packages/chassis/src/topology.generated.ts": configDefaultsModule(),
  };
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "--infra-ports") {
  // deploy/local/infra.sh reads its ports here: "redis nats natsMonitor mongo ferretdbDebug postgres store".
  const ports = localInfrastructure(loadTopology(), process.argv[3]);
  console.log(
    [ports.redis, ports.nats, ports.natsMonitor, ports.mongo, ports.ferretdbDebug, ports.postgres, ports.store].join(" "),
  );
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes("--check");
  process.exit(syncDerived(derivedFiles(), { root: ROOT, command: "npm run topology:generate", check }) ? 1 : 0);
}
