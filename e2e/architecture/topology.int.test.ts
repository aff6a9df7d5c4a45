import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
  localProfiles: Record<"dev" | "test" | "faults", { portOffset: number }>;
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

interface ReplicaPlan {
  publicUrl: string;
  copies: { label: string; name: string; port: number; nice: number; env: Record<string, string> }[];
  balanced: { name: string; port: number; backends: number[] }[];
  statsPort: number;
  haproxy: string;
}

/** What the launcher would run with these arguments (`--plan`): nothing is started. */
function launcherPlan(...args: string[]): ReplicaPlan {
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts/launcher.mjs"), "--plan", ...args], {
    encoding: "utf8",
  });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as ReplicaPlan;
}

describe("the replica profile (npm start -- --replicas)", () => {
  const planFor = (profile: string): ReplicaPlan => launcherPlan("--replicas", "--profile", profile);
  const replicas = (topology as unknown as { localReplicas: { copies: Record<string, number> } }).localReplicas.copies;

  it.each(["dev", "faults"])(
    "when the %s profile is planned, then every process runs its copies, each on a port of its own, the reached ones behind HAProxy on the process's port",
    (profile) => {
      const plan = planFor(profile);
      const offset = (topology.localProfiles as Record<string, { portOffset: number }>)[profile]!.portOffset;
      for (const p of topology.processes) {
        const copies = plan.copies.filter((c) => c.name === p.name);
        expect({ name: p.name, copies: copies.length }).toEqual({ name: p.name, copies: replicas[p.name] ?? 1 });
      }
      // Two copies of the BFF, identity, apps, billing and the generation API; three workers.
      expect(Object.fromEntries(plan.balanced.map((g) => [g.name, g.backends.length]))).toEqual({
        bff: 2,
        identity: 2,
        apps: 2,
        billing: 2,
        generation: 2,
      });
      expect(plan.copies.filter((c) => c.name === "gen-worker")).toHaveLength(3);
      // No two listeners share a port: copies, their internal ports, the load balancer's frontends and its stats.
      const ports = [
        ...plan.copies.flatMap((c) => [c.env.HTTP_PORT, c.env.INTERNAL_HTTP_PORT].filter(Boolean).map(Number)),
        ...plan.balanced.map((g) => g.port),
        plan.statsPort,
      ];
      expect(new Set(ports).size).toBe(ports.length);
      for (const g of plan.balanced) {
        const declared = topology.processes.find((p) => p.name === g.name)!.port + offset;
        expect(g.port).toBe(declared);
        expect(plan.copies.filter((c) => c.name === g.name).map((c) => c.port)).toEqual(g.backends);
      }
      // Every process reaches the others through the load balancer, never a copy directly.
      const bff = plan.copies.find((c) => c.name === "bff")!;
      for (const [k, upstream] of [
        ["IDENTITY_URL", "identity"],
        ["APPS_URL", "apps"],
        ["BILLING_URL", "billing"],
        ["GENERATION_URL", "generation"],
      ] as const)
        expect(bff.env[k]).toBe(`http://127.0.0.1:${plan.balanced.find((g) => g.name === upstream)!.port}`);
      expect(plan.publicUrl).toBe(`http://127.0.0.1:${plan.balanced.find((g) => g.name === "bff")!.port}`);
    },
  );

  it("when HAProxy checks the generated configuration, then it is valid", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "genui-haproxy-"));
    const file = path.join(dir, "haproxy.cfg");
    writeFileSync(file, planFor("dev").haproxy);
    const r = spawnSync("haproxy", ["-c", "-f", file], { encoding: "utf8" });
    rmSync(dir, { recursive: true, force: true });
    expect({ status: r.status, out: r.status === 0 ? "" : `${r.stdout}${r.stderr}` }).toEqual({ status: 0, out: "" });
  });
});

describe("each process's CPU priority (the topology's nice)", () => {
  const niceOf = (...args: string[]): Record<string, number> =>
    Object.fromEntries(launcherPlan(...args).copies.map((c) => [c.label, c.nice]));
  const declared = (name: string) => (topology.processes.find((p) => p.name === name) as { nice?: number }).nice ?? 0;

  it.each([[[]], [["--replicas"]]])(
    "when the platform is planned with %j, then every copy starts at its process's declared priority (the workers lowered)",
    (args) => {
      const plan = niceOf(...args);
      expect(declared("gen-worker")).toBeGreaterThan(0);
      for (const [label, nice] of Object.entries(plan))
        expect({ label, nice }).toEqual({ label, nice: declared(label.split("#")[0]!) });
    },
  );

  it("when it is planned with --no-nice (the benchmarks), then every copy starts at the launcher's own priority", () => {
    for (const args of [["--no-nice"], ["--no-nice", "--replicas"]]) {
      const plan = niceOf(...args);
      expect(Object.keys(plan).some((l) => l.startsWith("gen-worker"))).toBe(true);
      for (const [label, nice] of Object.entries(plan)) expect({ label, nice }).toEqual({ label, nice: 0 });
    }
  });

  it("when the benchmarks start the platform, then they pass --no-nice", () => {
    const bench = readFileSync(path.join(REPO_ROOT, "loadtests/bench.sh"), "utf8");
    const starts = bench.split("\n").filter((l) => /node scripts\/launcher\.mjs/.test(l));
    expect(starts.length).toBeGreaterThan(0);
    for (const line of starts) expect(line).toMatch(/launcher\.mjs --no-nice/);
  });
});
