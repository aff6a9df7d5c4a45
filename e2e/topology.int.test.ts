import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { parse } from "yaml";

// docker-compose.yml cannot run on a machine without Docker, so this keeps it honest against the local launcher's
// topology: the same processes, ports, databases and variable names.

interface ComposeService {
  build?: { dockerfile: string; args?: { ENTRY?: string } };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
interface Topology {
  url: string;
  processes: { name: string; entry: string; env: Record<string, string> }[];
}

const compose = parse(readFileSync(path.join(REPO_ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const topology = JSON.parse(readFileSync(path.join(REPO_ROOT, "deploy/local/topology.json"), "utf8")) as Topology;
// Local-only stand-ins (the sims workspace) have no place in a deployment.
const deployed = topology.processes.filter((p) => !p.entry.startsWith("sims/"));
const envExample = readFileSync(path.join(REPO_ROOT, ".env.example"), "utf8");

describe("docker-compose.yml and the local launcher", () => {
  const nodeServices = Object.entries(compose.services).filter(([, s]) => s.build);

  it("when compared, then every launcher process is a compose service with the same entry, port and database", () => {
    expect(nodeServices).toHaveLength(deployed.length);
    for (const p of deployed) {
      const match = nodeServices.find(([, s]) => s.build?.args?.ENTRY === p.entry);
      expect(match).toBeDefined();
      const env = match![1].environment!;
      expect(env.HTTP_PORT).toBe(p.env.HTTP_PORT);
      if (p.env.MONGO_DB) expect(env.MONGO_DB).toBe(p.env.MONGO_DB);
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
    for (const p of topology.processes) Object.keys(p.env).forEach((k) => names.add(k));
    for (const name of names)
      expect({ name, documented: new RegExp(`^${name}=`, "m").test(envExample) }).toEqual({ name, documented: true });
  });
});
