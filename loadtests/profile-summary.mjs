// Summarises V8 CPU profiles (`node --cpu-prof`, written by the launcher with GENUI_CPU_PROF_DIR) over one window of
// a benchmark: per process, the CPU time per request, where it went by library (the function the sample was in)
// and by the platform's own code (the nearest of our functions up the stack, so a library's time counts for the
// code that called it).
//
//   node loadtests/profile-summary.mjs <dir> [--window <file>] [--top <n>] [--json <file>]
//
// --window: what generation-bench.mjs wrote for the profiled row: `from`/`to` on the monotonic clock in
// microseconds (process.hrtime.bigint() / 1000n: V8's profiles use the same clock), so start-up, warm-up and
// shutdown are left out; `requests` answered; `cpu`, each process's CPU time per request from /proc. A profile's
// busy time is wall time on the main thread (a runnable thread waiting for a core counts too), so the absolute
// figures come from /proc and the profile gives the shares.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const dir = args[0];
if (!dir) {
  console.error("usage: profile-summary.mjs <dir> [--from µs] [--to µs] [--requests n] [--top n] [--json file]");
  process.exit(2);
}
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const windowFile = opt("window", "");
const win = windowFile ? JSON.parse(readFileSync(windowFile, "utf8")) : {};
const from = win.from ?? 0;
const to = win.to ?? Number.MAX_SAFE_INTEGER;
const requests = win.requests ?? 0;
const procCpu = win.cpu ?? {};
const top = Number(opt("top", "10"));
const jsonOut = opt("json", "");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** A library's name from a script URL (a package under node_modules, a Node built-in), or undefined for our code. */
function library(url, functionName) {
  if (!url) {
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(program)") return "V8 and native (program)";
    return `native ${functionName || "(anonymous)"}`;
  }
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("wasm://")) return "WebAssembly (the QuickJS sandbox)";
  if (url.startsWith("node:")) {
    const m = url.slice(5).replace(/^internal\//, "");
    return `node:${m.split("/")[0]}`;
  }
  return ownFile(url) ? undefined : `other ${url}`;
}

/** Our source file for a script URL (dist paths shown as their sources). */
function ownFile(url) {
  const p = url.startsWith("file://") ? url.slice(7) : url;
  if (!p.startsWith(root) || p.includes("/node_modules/")) return undefined;
  return path.relative(root, p).replace("/dist/src/", "/src/").replace(/\.js$/, ".ts");
}

const summaries = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort()) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfByLibrary = new Map();
  const byOwn = new Map();
  let total = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    // A sample stands for the time until the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (t < from || t > to || dt <= 0) continue;
    const leaf = byId.get(profile.samples[i]);
    const { url, functionName } = leaf.callFrame;
    if (functionName === "(idle)") continue;
    total += dt;
    const own = ownFile(url);
    const lib = own ? `own ${own}` : library(url, functionName);
    selfByLibrary.set(lib, (selfByLibrary.get(lib) ?? 0) + dt);
    // The nearest of our functions up the stack (the leaf itself when it is ours).
    let id = leaf.id;
    let owner = "(no platform code on the stack)";
    while (id !== undefined) {
      const cf = byId.get(id).callFrame;
      const f = ownFile(cf.url);
      if (f) {
        owner = `${f} ${cf.functionName || "(anonymous)"}`;
        break;
      }
      id = parent.get(id);
    }
    byOwn.set(owner, (byOwn.get(owner) ?? 0) + dt);
  }
  const name = file.replace(/\.cpuprofile$/, "");
  const ms = total / 1000;
  const rows = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({ what: k, ms: us / 1000, share: us / Math.max(1, total) }));
  if (ms === 0) continue;
  summaries.push({
    process: name,
    cpuMs: ms,
    // The process's own account (/proc) when the window has it, else the profile's busy time.
    perRequestMs: procCpu[name] ?? (requests ? ms / requests : undefined),
    libraries: rows(selfByLibrary),
    own: rows(byOwn),
  });
}

summaries.sort((a, b) => (b.perRequestMs ?? b.cpuMs) - (a.perRequestMs ?? a.cpuMs));
const pct = (x) => `${(x * 100).toFixed(1).padStart(5)} %`;
// Each row: its share of the process's profile, and that share of the process's CPU per request.
const line = (r, per) =>
  `    ${pct(r.share)}${per !== undefined ? `  ${(r.share * per).toFixed(3).padStart(6)} ms` : ""}  ${r.what}`;
console.log(`profiled window: ${requests} requests`);
if (Object.keys(procCpu).length)
  console.log(
    `CPU per request from /proc: ${Object.entries(procCpu)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(", ")}; total ${Object.values(procCpu)
      .reduce((a, b) => a + b, 0)
      .toFixed(2)} ms`,
  );
for (const s of summaries) {
  console.log(`\n${s.process}: ${s.perRequestMs !== undefined ? `${s.perRequestMs.toFixed(3)} ms of CPU per request` : ""}`);
  console.log("  by library (self time):");
  for (const r of s.libraries) console.log(line(r, s.perRequestMs));
  console.log("  by the platform's code that led there (nearest own function up the stack):");
  for (const r of s.own) console.log(line(r, s.perRequestMs));
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ requests, summaries }, null, 2));
