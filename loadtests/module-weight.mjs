// What the edge processes' libraries weigh before the first request (npm run bench:modules). Each row is a fresh
// Node process (the topology's NODE_OPTIONS for the BFF and the API) that loads a set of libraries, collects its
// garbage and reports its resident memory. Rows add one library at a time to the ones above, so the increments sum to
// the whole; the first rows are what the floor's hops (loadtests/floor/hop.mjs) load, the last is the service module
// itself. The libraries are the service's and its workspace packages' dependencies that the service module really
// loads (require.cache), each with what it pulls in, in the order of what each alone adds on top of the floor's,
// heaviest first — and, for a process the topology gives a database, the store's library it loads when it connects
// (mongoose with its driver: `mongooseLib()` in the chassis loads it on the first connection, not with the module).
// Prints a table; saves .local/bench/module-weight.json.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { topologyDatabase, topologyNodeOptions } from "./lib/topology.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.MODULE_WEIGHT_RUNS ?? 3);
// MODULE_WEIGHT_QUICK=1 (npm run bench:generation): only the floor's libraries, all the service's libraries, the
// service module; no row per library.
const QUICK = process.env.MODULE_WEIGHT_QUICK === "1";

spawnSync("bash", ["scripts/ensure-deps.sh"], { cwd: ROOT, stdio: "inherit" });
if (!existsSync(path.join(ROOT, "bff/dist/src/service.js")))
  spawnSync("npm", ["run", "--silent", "build:ts"], { cwd: ROOT, stdio: "inherit" });

const PROCESSES = [
  { name: "bff", module: "bff/dist/src/service.js", dir: "bff", floor: ["ioredis", "nats"] },
  {
    name: "generation",
    module: "services/generation/dist/src/service.js",
    dir: "services/generation",
    floor: ["ioredis", "nats", "bullmq"],
  },
];

// The topology's Node options for the process being weighed (deploy/topology.json), as its copies run with them.
let nodeOptions = "";

/** Runs a script in a fresh process and returns its JSON line. */
function node(script, cwd) {
  const r = spawnSync(process.execPath, ["--expose-gc", "-e", script], {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  if (r.status !== 0) throw new Error(r.stderr || `exit ${r.status}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

/**
 * The top-level packages a module's import loads (and `connects`, packages the running process loads on its first
 * connection), and the workspace directories it loads files from.
 */
function librariesOf(mod, connects = []) {
  return node(
    `require(${JSON.stringify(path.join(ROOT, mod))});
     for (const c of ${JSON.stringify(connects)}) require(c);
     const libs = new Set();
     const files = {};
     const own = new Set();
     for (const f of Object.keys(require.cache)) {
       const i = f.lastIndexOf("/node_modules/");
       if (i < 0) {
         if (f.startsWith(${JSON.stringify(ROOT + "/")})) own.add(f);
         continue;
       }
       const p = f.slice(i + 14).split("/");
       const lib = p[0].startsWith("@") ? p[0] + "/" + p[1] : p[0];
       libs.add(lib);
       (files[lib] ??= []).push(f);
     }
     console.log(JSON.stringify({ libs: [...libs], own: [...own], files }));`,
    ROOT,
  );
}

/** The workspace packages' directories (package.json's workspaces, one level of "*"). */
const WORKSPACES = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).workspaces.flatMap((w) =>
  w.endsWith("/*")
    ? readdirSync(path.join(ROOT, w.slice(0, -2)), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${w.slice(0, -2)}/${d.name}`)
    : [w],
);

/** Resident memory (MiB) after loading `requires` (package names, or a path) and collecting garbage: the least of RUNS. */
/**
 * The files the service module loads from each library: a library without a main entry (only subpath exports, e.g.
 * the MCP SDK) is weighed by requiring them.
 */
let libraryFiles = {};
function weigh(requires, cwd) {
  const script = `
    const loaded = [];
    const files = ${JSON.stringify(libraryFiles)};
    for (const r of ${JSON.stringify(requires)}) {
      try { require(r); loaded.push(r); }
      catch (e) {
        if (!files[r] || !["ERR_REQUIRE_ESM", "ERR_PACKAGE_PATH_NOT_EXPORTED", "MODULE_NOT_FOUND"].includes(e.code)) throw e;
        for (const f of files[r]) require(f);
        loaded.push(r);
      }
    }
    (async () => {
      for (let i = 0; i < 4; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); }
      const m = process.memoryUsage();
      console.log(JSON.stringify({ rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20, loaded }));
    })();`;
  let best;
  for (let i = 0; i < RUNS; i++) {
    const r = node(script, cwd);
    if (!best || r.rss < best.rss) best = r;
  }
  return best;
}

const chassisRequire = createRequire(path.join(ROOT, "packages/chassis/package.json"));
const fmt = (n) => n.toFixed(1).padStart(7);
const results = {};
for (const p of PROCESSES) {
  nodeOptions = topologyNodeOptions(p.name);
  const cwd = path.join(ROOT, p.dir);
  // The service's own dependencies and its workspace packages' (each weighed with what it pulls in), those the service
  // module really loads; the workspace packages themselves are weighed with the module.
  // A process with a database connects to it when it starts: what it loads then is part of its weight.
  const connects = topologyDatabase(p.name) ? [chassisRequire.resolve("mongoose")] : [];
  const loaded = librariesOf(p.module, connects);
  libraryFiles = loaded.files;
  const dirs = WORKSPACES.filter((w) => w === p.dir || loaded.own.some((f) => f.startsWith(path.join(ROOT, w) + "/")));
  const declared = new Set(
    dirs.flatMap((d) => {
      const file = path.join(ROOT, d, "package.json");
      return existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, "utf8")).dependencies ?? {}) : [];
    }),
  );
  const libs = loaded.libs.filter((l) => declared.has(l) && !l.startsWith("@genui/") && !p.floor.includes(l));
  console.log(`\n${p.name}: workspace packages ${dirs.join(", ")}; their dependencies it loads: ${libs.length}`);
  const bare = weigh([], cwd);
  const floor = weigh(p.floor, cwd);
  const alone = QUICK ? [] : libs.map((l) => ({ lib: l, mib: weigh([...p.floor, l], cwd).rss - floor.rss }));
  alone.sort((a, b) => b.mib - a.mib);
  const rows = [
    { row: "node alone", rss: bare.rss },
    { row: `+ the floor's libraries (${p.floor.join(", ")})`, rss: floor.rss },
  ];
  const set = [...p.floor];
  for (const { lib } of alone) {
    set.push(lib);
    rows.push({ row: `+ ${lib}`, rss: weigh(set, cwd).rss });
  }
  if (QUICK) {
    set.push(...libs);
    rows.push({ row: `+ the service's ${libs.length} libraries`, rss: weigh(set, cwd).rss });
  }
  rows.push({
    row: `+ the service module (${p.module}) and its workspace packages`,
    rss: weigh([...set, path.join(ROOT, p.module)], cwd).rss,
  });
  console.log(`\n${p.name} (NODE_OPTIONS=${nodeOptions}; resident MiB after GC, least of ${RUNS} runs)`);
  console.log(`${"".padEnd(70)}   total    added   alone`);
  let prev;
  for (const r of rows) {
    const lib = r.row.startsWith("+ ") ? alone.find((a) => `+ ${a.lib}` === r.row) : undefined;
    console.log(
      `${r.row.padEnd(70)} ${fmt(r.rss)} ${prev === undefined ? "       " : fmt(r.rss - prev)} ${lib ? fmt(lib.mib) : ""}`,
    );
    prev = r.rss;
  }
  const beyond = rows.at(-1).rss - floor.rss;
  console.log(
    `beyond the floor's libraries: ${beyond.toFixed(1)} MiB (the libraries above: ${(rows.at(-2).rss - floor.rss).toFixed(1)} MiB)`,
  );
  results[p.name] = { rows, alone, beyondFloor: beyond, librariesBeyondFloor: rows.at(-2).rss - floor.rss };
}
const both = PROCESSES.reduce((s, p) => s + results[p.name].beyondFloor, 0);
console.log(`\nBFF + API beyond the floor's libraries, before the first request: ${both.toFixed(1)} MiB`);
mkdirSync(path.join(ROOT, ".local/bench"), { recursive: true });
writeFileSync(
  path.join(ROOT, ".local/bench/module-weight.json"),
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
