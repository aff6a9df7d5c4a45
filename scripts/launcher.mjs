// Starts every process of the local platform under one launcher: prefixed, coloured logs; Ctrl-C (or SIGTERM)
// stops them all, in reverse order, and waits for each to exit. Prints the URL once the BFF is ready.
import { spawn } from "node:child_process";
import os from "node:os";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadTopology, processesFor, sharedEnvFor } from "./lib/topology.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Every process, port and variable comes from the one topology (deploy/topology.json), resolved for this host.
const topology = loadTopology();
const processes = processesFor(topology, "local");
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
  ...sharedEnvFor(topology, "local"),
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

processes.forEach((p, i) => {
  const colour = colours[i % colours.length];
  const child = spawn(process.execPath, [path.join(root, p.entry)], {
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
  prefixLines(p.name, colour, child.stdout, process.stdout);
  prefixLines(p.name, colour, child.stderr, process.stderr);
  child.on("exit", (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.error(`${p.name} exited (${signal ?? code}); stopping the platform`);
      void stopAll(1);
    }
  });
  children.push({ name: p.name, child });
});

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { name, child } of [...children].reverse()) {
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
    const res = await fetch(`${topology.publicUrl}/readyz`);
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
  console.log(`\n  GenUI is up: ${topology.publicUrl}`);
  if (demo) console.log(`  Demo account: ${demo.DEMO_EMAIL} / ${demo.DEMO_PASSWORD}`);
  console.log("  Ctrl-C stops every process.\n");
}
