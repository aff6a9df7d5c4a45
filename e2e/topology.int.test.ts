import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { parse } from "yaml";

// The topology is declared once (deploy/topology.json); docker-compose.yml is generated from it and cannot run on a
// machine without Docker, so this checks it is current and keeps it honest against the launcher's processes.

interface ComposeService {
  build?: { dockerfile: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
interface Topology {
  processes: {
    name: string;
    entry: string;
    port: number;
    database?: string;
    deploy?: boolean;
    env?: Record<string, string>;
    localEnv?: Record<string, string>;
    deployEnv?: Record<string, string>;
  }[];
  infrastructure: Record<"mongo" | "redis" | "nats", { hostPort: number }>;
  localProfiles: Record<"dev" | "test", { portOffset: number }>;
  env: Record<string, string>;
  localEnv: Record<string, string>;
  deployEnv: Record<string, string>;
}

const compose = parse(readFileSync(path.join(REPO_ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const topology = JSON.parse(readFileSync(path.join(REPO_ROOT, "deploy/topology.json"), "utf8")) as Topology;
// Local-only stand-ins (the sims workspace) have no place in a deployment.
const deployed = topology.processes.filter((p) => p.deploy !== false);
const envExample = readFileSync(path.join(REPO_ROOT, ".env.example"), "utf8");

describe("the topology, docker-compose.yml and the local launcher", () => {
  const generate = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts/topology-generate.mjs"), ...args], { encoding: "utf8" });

  it("when the derived files are checked, then each is what the topology gives (npm run topology:generate)", () => {
    const r = generate("--check");
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("when the local infrastructure's profiles are asked for their URLs, then they are the topology's host ports (test offset apart)", () => {
    const env = (profile: string) => {
      const r = spawnSync("bash", [path.join(REPO_ROOT, "deploy/local/infra.sh"), "env", "--profile", profile], {
        encoding: "utf8",
      });
      return Object.fromEntries(
        r.stdout
          .trim()
          .split("\n")
          .map((l) => l.split("=", 2) as [string, string])
          .filter(([k]) => /^(MONGO|REDIS|NATS)_URL$/.test(k)),
      );
    };
    const urls = (offset: number) => ({
      MONGO_URL: `mongodb://127.0.0.1:${topology.infrastructure.mongo.hostPort + offset}`,
      REDIS_URL: `redis://127.0.0.1:${topology.infrastructure.redis.hostPort + offset}`,
      NATS_URL: `nats://127.0.0.1:${topology.infrastructure.nats.hostPort + offset}`,
    });
    expect(env("dev")).toEqual(urls(topology.localProfiles.dev.portOffset));
    expect(env("test")).toEqual(urls(topology.localProfiles.test.portOffset));
    expect(topology.localProfiles.test.portOffset).not.toBe(0);
  });

  it("when the stand-ins and every deployed process are listed, then the stand-ins live in sims/ and never deploy", () => {
    for (const p of topology.processes)
      expect({ name: p.name, standIn: p.entry.startsWith("sims/") }).toEqual({ name: p.name, standIn: p.deploy === false });
  });

  const nodeServices = Object.entries(compose.services).filter(([, s]) => s.build);

  it("when compared, then every launcher process is a compose service with the same entry, port and database", () => {
    expect(nodeServices).toHaveLength(deployed.length);
    for (const p of deployed) {
      const match = nodeServices.find(([, s]) => s.command?.join(" ") === `node ${p.entry}`);
      expect(match).toBeDefined();
      const env = match![1].environment!;
      expect(env.HTTP_PORT).toBe(String(p.port));
      if (p.database) expect(env.MONGO_DB).toBe(p.database);
      expect(existsSync(path.join(REPO_ROOT, match![1].build!.dockerfile))).toBe(true);
    }
  });

  it("when a process starts, then it waits for healthy dependencies and reports its own health", () => {
    for (const [name, s] of nodeServices) {
      expect({ name, health: s.healthcheck?.test.join(" ") }).toEqual({ name, health: expect.stringContaining("/readyz") });
      expect(Object.values(s.depends_on ?? {}).every((d) => d.condition === "service_healthy")).toBe(true);
    }
    for (const infra of ["mongo", "redis", "nats"]) expect(compose.services[infra]?.healthcheck).toBeDefined();
  });

  it("when a variable is read by a process, then .env.example documents it", () => {
    const names = new Set<string>();
    for (const [, s] of nodeServices) Object.keys(s.environment ?? {}).forEach((k) => names.add(k));
    for (const group of [topology.env, topology.localEnv, topology.deployEnv]) Object.keys(group).forEach((k) => names.add(k));
    for (const p of topology.processes)
      for (const group of [p.env, p.localEnv, p.deployEnv]) Object.keys(group ?? {}).forEach((k) => names.add(k));
    for (const name of names)
      expect({ name, documented: new RegExp(`^${name}=`, "m").test(envExample) }).toEqual({ name, documented: true });
  });
});
