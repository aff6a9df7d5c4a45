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
function resolve(value, t, target, where) {
  return value
    .replace(/\$\{url:([a-z0-9-]+)\}/g, (_, name) => {
      const p = t.processes.find((q) => q.name === name);
      if (!p) throw new Error(`topology: ${where} names unknown process ${name}`);
      if (target === "compose" && p.deploy === false) throw new Error(`topology: ${where} names ${name}, which never deploys`);
      return target === "local" ? `http://127.0.0.1:${p.port}` : `http://${name}:${p.port}`;
    })
    .replace(/\$\{public_url\}/g, t.publicUrl)
    .replace(/\$\{env:/g, () => {
      if (target !== "compose") throw new Error(`topology: ${where} reads an operator variable outside deployEnv`);
      return "${";
    });
}

/** The variables every process of `target` gets (a process's own values win over them). */
export function sharedEnvFor(t, target) {
  const raw = { ...t.env, ...t[target === "local" ? "localEnv" : "deployEnv"] };
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, resolve(String(v), t, target, `shared.${k}`)]));
}

/** The processes for `target`, each with its own resolved variables (HTTP_PORT and MONGO_DB included). */
export function processesFor(t, target) {
  const extra = target === "local" ? "localEnv" : "deployEnv";
  return t.processes
    .filter((p) => target === "local" || p.deploy !== false)
    .map((p) => {
      const raw = { HTTP_PORT: String(p.port), ...(p.database ? { MONGO_DB: p.database } : {}), ...p.env, ...p[extra] };
      const env = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, resolve(String(v), t, target, `${p.name}.${k}`)]));
      return { ...p, env };
    });
}
