// The platform's topology (deploy/topology.json) resolved for one target: "local" (the launcher: every process on
// 127.0.0.1) or "compose" (docker-compose.yml: deployable processes, reached by service name). Everything that runs
// the platform derives from this one declaration.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TOPOLOGY_FILE = path.join(ROOT, "deploy/topology.json");

export function loadTopology(file = TOPOLOGY_FILE) {
  const t = JSON.parse(readFileSync(file, "utf8"));
  const names = new Set();
  for (const p of t.processes) {
    if (names.has(p.name)) throw new Error(`topology: process ${p.name} is declared twice`);
    names.add(p.name);
    for (const d of p.dependsOn ?? [])
      if (!t.processes.some((q) => q.name === d)) throw new Error(`topology: ${p.name} depends on unknown ${d}`);
    for (const n of p.needs ?? [])
      if (!t.infrastructure[n]) throw new Error(`topology: ${p.name} needs unknown infrastructure ${n}`);
  }
  return t;
}

/**
 * Replaces `${url:NAME}` and `${public_url}` in a value; `${env:…}` becomes compose's `${…}` (only deployEnv uses
 * it). A reference to an unknown process, or to a stand-in from a deployed value, is an error.
 */
function resolve(value, t, target, where, offset = 0) {
  return value
    .replace(/\$\{url:([a-z0-9-]+)\}/g, (_, name) => {
      const p = t.processes.find((q) => q.name === name);
      if (!p) throw new Error(`topology: ${where} names unknown process ${name}`);
      if (target === "compose" && p.deploy === false) throw new Error(`topology: ${where} names ${name}, which never deploys`);
      return target === "local" ? `http://127.0.0.1:${p.port + offset}` : `http://${name}:${p.port}`;
    })
    .replace(/\$\{smtp:([a-z0-9-]+)\}/g, (_, name) => {
      const p = t.processes.find((q) => q.name === name);
      const port = Number(p?.env?.SMTP_PORT);
      if (!p || !Number.isInteger(port)) throw new Error(`topology: ${where} names ${name}, which has no SMTP_PORT`);
      if (target !== "local") throw new Error(`topology: ${where} names ${name}'s SMTP address outside the local platform`);
      return `smtp://127.0.0.1:${port + offset}`;
    })
    .replace(/\$\{public_url\}/g, target === "local" ? publicUrlFor(t, offset) : t.publicUrl)
    .replace(/\$\{env:/g, () => {
      if (target !== "compose") throw new Error(`topology: ${where} reads an operator variable outside deployEnv`);
      return "${";
    });
}

/** The public URL of the local platform, its port moved by a profile's `offset`. */
export function publicUrlFor(t, offset = 0) {
  const u = new URL(t.publicUrl);
  u.port = String(Number(u.port) + offset);
  return u.origin;
}

/** The variables every process of `target` gets (a process's own values win over them). */
export function sharedEnvFor(t, target, { portOffset = 0 } = {}) {
  const raw = { ...t.env, ...t[target === "local" ? "localEnv" : "deployEnv"] };
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, resolve(String(v), t, target, `shared.${k}`, portOffset)]));
}

/**
 * The processes for `target`, each with its own resolved variables (HTTP_PORT and MONGO_DB included). Locally a
 * profile's `portOffset` moves every process's ports (HTTP_PORT, INTERNAL_HTTP_PORT) and the URLs that name them.
 */
export function processesFor(t, target, { portOffset = 0 } = {}) {
  const extra = target === "local" ? "localEnv" : "deployEnv";
  return t.processes
    .filter((p) => target === "local" || p.deploy !== false)
    .map((p) => {
      const raw = { HTTP_PORT: String(p.port), ...(p.database ? { MONGO_DB: p.database } : {}), ...p.env, ...p[extra] };
      const env = Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, resolve(String(v), t, target, `${p.name}.${k}`, portOffset)]),
      );
      if (target === "local" && portOffset)
        for (const k of PORT_VARIABLES) if (env[k]) env[k] = String(Number(env[k]) + portOffset);
      return { ...p, port: target === "local" ? p.port + portOffset : p.port, env };
    });
}

/** The variables that hold a port a process listens on (each copy of a process needs its own). */
export const PORT_VARIABLES = ["HTTP_PORT", "INTERNAL_HTTP_PORT", "SMTP_PORT"];

/** Is `name` reached by other processes or from outside (named by `${url:name}` anywhere, or public)? */
function reached(t, p) {
  if (p.public) return true;
  const needle = `\${url:${p.name}}`;
  return JSON.stringify([t.env, t.localEnv, t.processes.map((q) => [q.env, q.localEnv])]).includes(needle);
}

/**
 * The local replica profile (`localReplicas`): every copy to run, with its own ports, and the load-balanced groups.
 * A reached process with more than one copy keeps its port for its load balancer and runs its copies on
 * port + step × (copy + 1); an unreached one (workers) runs its copies on port + step × copy.
 */
export function replicaPlan(t, processes) {
  const r = t.localReplicas ?? { copies: {}, copyPortStep: 200 };
  const step = r.copyPortStep;
  const copies = [];
  const balanced = [];
  for (const p of processes) {
    const n = r.copies[p.name] ?? 1;
    const behind = n > 1 && reached(t, p);
    const group = { name: p.name, port: p.port, backends: [] };
    for (let i = 0; i < n; i++) {
      const shift = n === 1 ? 0 : step * (behind ? i + 1 : i);
      const env = { ...p.env };
      for (const k of PORT_VARIABLES) if (env[k]) env[k] = String(Number(env[k]) + shift);
      const copy = { ...p, copy: i, copies: n, label: n > 1 ? `${p.name}#${i + 1}` : p.name, port: p.port + shift, env };
      copies.push(copy);
      if (behind) group.backends.push(copy.port);
    }
    if (behind) balanced.push(group);
  }
  return { copies, balanced };
}
