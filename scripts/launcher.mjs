// Starts every process of the local platform under one launcher: prefixed, coloured logs; Ctrl-C (or SIGTERM)
// stops them all, in reverse order, and waits for each to exit. Prints the URL once the BFF is ready.
//
//   node scripts/launcher.mjs [--replicas] [--profile dev|faults] [--state FILE] [--plan] [--no-nice]
//
// --replicas: the replica profile (deploy/topology.json, localReplicas): several copies of each process, those that
//   others reach behind one HAProxy on the process's own port. A copy that dies is started again (as a cluster
//   would), where one copy of everything stops the platform instead, so a crash is seen at once.
// --plan: print what would run (every copy's label, port, CPU priority and ports' variables; HAProxy's configuration)
//   and exit.
// --profile: the ports of a local profile (localProfiles: every process's port moved by its offset; "faults" runs
//   beside a started platform). --state FILE: every running copy's name, PID and port, rewritten on each (re)start.
// --no-nice: every process at the launcher's own CPU priority, the topology's `nice` left out. On a developer's machine
//   the workers yield to the edge (nice 10); deployments run them on nodes of their own at no lower priority, and the
//   benchmarks (loadtests/bench.sh) measure the platform as deployed, beside the floor's hops, which have no nice
//   (docs/performance.md, "The workers at the edge's priority").
import { spawn } from "node:child_process";
import os from "node:os";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { haproxyConfig } from "./lib/haproxy.mjs";
import { loadTopology, processesFor, publicUrlFor, replicaPlan, sharedEnvFor } from "./lib/topology.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    replicas: { type: "boolean", default: false },
    profile: { type: "string", default: "dev" },
    state: { type: "string" },
    plan: { type: "boolean", default: false },
    "no-nice": { type: "boolean", default: false },
  },
});
// Every process, port and variable comes from the one topology (deploy/topology.json), resolved for this host.
const topology = loadTopology();
const profile = topology.localProfiles[args.profile];
if (!profile || args.profile === "test") {
  console.error(`launcher: unknown profile ${args.profile} (dev or faults)`);
  process.exit(2);
}
const portOffset = profile.portOffset;
const publicUrl = publicUrlFor(topology, portOffset);
const resolved = processesFor(topology, "local", { portOffset });
const plan = args.replicas
  ? replicaPlan(topology, resolved)
  : { copies: resolved.map((p) => ({ ...p, copy: 0, copies: 1, label: p.name })), balanced: [] };
const processes = plan.copies;
// The CPU priority each copy starts at (0: the launcher's own).
for (const p of processes) p.nice = args["no-nice"] ? 0 : (p.nice ?? 0);
// The public process's copies see clients through HAProxy: its X-Forwarded-For names them (rate limits, logs).
for (const p of processes) if (p.public && p.copies > 1) p.env.TRUST_PROXY ??= "loopback";
const statsPort = (topology.localReplicas?.loadBalancerStatsPort ?? 8404) + portOffset;
if (args.plan) {
  const pick = (env) => Object.fromEntries(Object.entries(env).filter(([k]) => /(_PORT|_URL)$/.test(k)));
  const copies = processes.map((p) => ({ label: p.label, name: p.name, port: p.port, nice: p.nice, env: pick(p.env) }));
  const haproxy = plan.balanced.length ? haproxyConfig(plan.balanced, { statsPort }) : null;
  console.log(JSON.stringify({ profile: args.profile, publicUrl, copies, balanced: plan.balanced, statsPort, haproxy }, null, 2));
  process.exit(0);
}
const colours = [36, 35, 33, 32, 34, 31, 96, 95];

/** KEY=value lines (comments and blanks skipped). */
function readEnvFile(file) {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#") && l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

// Per-clone secrets (signed identity, session cookie); made once, never committed.
const secretsFile = path.join(root, ".local/secrets.env");
{
  const have = readEnvFile(secretsFile);
  const missing = ["INTERNAL_IDENTITY_SECRET", "SESSION_SECRET", "APPS_KEY_ENCRYPTION_KEY"].filter((k) => !have[k]);
  if (missing.length) {
    mkdirSync(path.dirname(secretsFile), { recursive: true });
    const lines = Object.entries(have).map(([k, v]) => `${k}=${v}`);
    for (const k of missing) lines.push(`${k}=${randomBytes(32).toString("hex")}`);
    writeFileSync(secretsFile, `${lines.join("\n")}\n`, { mode: 0o600 });
  }
}

const infraEnv = JSON.parse(process.env.GENUI_INFRA_ENV ?? "{}");
const base = {
  ...sharedEnvFor(topology, "local", { portOffset }),
  ...infraEnv,
  ...readEnvFile(secretsFile),
  ...readEnvFile(path.join(root, ".env")),
};
// Applied last, over every process's own values (benchmarks raise limits this way).
const overrides = process.env.GENUI_ENV_FILE ? readEnvFile(process.env.GENUI_ENV_FILE) : {};
const children = [];
let stopping = false;

function prefixLines(name, colour, stream, target) {
  let buffered = "";
  stream.on("data", (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) target.write(`\x1b[${colour}m${name.padEnd(10)}|\x1b[0m ${line}\n`);
  });
}

const runDir = path.join(root, ".local/launcher", args.profile);
mkdirSync(runDir, { recursive: true });

/** Rewrites the state file: every copy's label, process name, PID and port (the fault campaign reads it). */
function writeState() {
  if (!args.state) return;
  const state = {
    profile: args.profile,
    replicas: args.replicas,
    publicUrl,
    processes: children.map((c) => ({ label: c.label, name: c.name, pid: c.child.pid, port: c.port, restarts: c.restarts })),
  };
  writeFileSync(`${args.state}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${args.state}.tmp`, args.state);
}

/**
 * GENUI_CPU_PROF_DIR=<dir>: every Node process writes a V8 CPU profile there when it exits, named after its label
 * (`bff-1.cpuprofile`); `loadtests/profile-summary.mjs` reads them. A restarted copy's profile replaces the last.
 */
const cpuProfile = (label) =>
  process.env.GENUI_CPU_PROF_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.GENUI_CPU_PROF_DIR}`, `--cpu-prof-name=${label}.cpuprofile`]
    : [];

function spawnChild(entry) {
  const { p, colour } = entry;
  const child =
    p.name === "haproxy"
      ? spawn("haproxy", ["-f", p.config, "-db"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
      : spawn(process.execPath, [...cpuProfile(entry.label), path.join(root, p.entry)], {
          cwd: root,
          env: {
            ...process.env,
            ...base,
            ...p.env,
            ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
            ...overrides,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
  // Workers share this host with the edge: a lower CPU priority keeps the BFF and API answering while they are busy.
  if (p.nice && child.pid) os.setPriority(child.pid, p.nice);
  prefixLines(entry.label, colour, child.stdout, process.stdout);
  prefixLines(entry.label, colour, child.stderr, process.stderr);
  entry.child = child;
  entry.startedAt = Date.now();
  child.on("error", (err) => console.error(`${entry.label}: ${err.message}`));
  child.on("exit", (code, signal) => {
    child.exited = true;
    if (stopping) return;
    if (!args.replicas) {
      console.error(`${entry.label} exited (${signal ?? code}); stopping the platform`);
      void stopAll(1);
      return;
    }
    // A copy that ran a while starts again at once; one that keeps dying waits longer each time (at most 10 s).
    entry.backoff = Date.now() - entry.startedAt > 10_000 ? 250 : Math.min(10_000, (entry.backoff ?? 250) * 2);
    console.error(`${entry.label} exited (${signal ?? code}); starting it again in ${entry.backoff} ms`);
    setTimeout(() => {
      if (stopping) return;
      entry.restarts += 1;
      spawnChild(entry);
      writeState();
    }, entry.backoff);
  });
}

if (plan.balanced.length) {
  const config = path.join(runDir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig(plan.balanced, { statsPort }));
  // The load balancer starts first and stops last: it holds every reached process's port.
  processes.unshift({ name: "haproxy", label: "haproxy", port: statsPort, config, env: {} });
  console.log(
    `[launcher] replicas: ${plan.balanced.map((g) => `${g.name} ×${g.backends.length}`).join(", ")}; HAProxy stats http://127.0.0.1:${statsPort}/stats`,
  );
}

processes.forEach((p, i) => {
  const entry = { p, name: p.name, label: p.label, port: p.port, colour: colours[i % colours.length], restarts: 0 };
  children.push(entry);
  spawnChild(entry);
});
writeState();

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { label: name, child } of [...children].reverse()) {
    if (child.exited) continue;
    child.kill("SIGTERM");
    const exited = await new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), 12_000);
      child.once("exit", () => {
        clearTimeout(t);
        resolve(true);
      });
    });
    if (!exited) {
      console.error(`${name} did not stop in time; killing it`);
      child.kill("SIGKILL");
    }
  }
  process.exit(code);
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

// Ready when the BFF says so (it checks every upstream).
const deadline = Date.now() + 60_000;
while (!stopping) {
  try {
    const res = await fetch(`${publicUrl}/readyz`);
    if (res.ok) break;
  } catch {
    // not up yet
  }
  if (Date.now() > deadline) {
    console.error("the platform did not become ready within 60 s");
    await stopAll(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (!stopping) {
  const demo = processes.find((p) => p.env.DEMO_EMAIL)?.env;
  console.log(`\n  GenUI is up: ${publicUrl}${args.replicas ? " (replica profile)" : ""}`);
  if (demo) console.log(`  Demo account: ${demo.DEMO_EMAIL} / ${demo.DEMO_PASSWORD}`);
  const mailbox = processes.find((p) => p.name === "mail-sim");
  if (mailbox) console.log(`  Mailbox (sign-up links and every other mail sent locally): http://127.0.0.1:${mailbox.port}`);
  console.log("  Ctrl-C stops every process.\n");
}
