import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { COMMANDS, EVENTS, STREAMS } from "@genui/contracts";
import { REPO_ROOT } from "@genui/testkit";
import { ROUTES } from "@genui/contracts/http";

// The one service layout (docs/architecture.md, "One layout for every service"): a reader knows where anything lives
// before opening a file. These checks read the sources as they are on disk.

/** What each role folder holds. A service has the folders it needs, nothing else at `src/`. */
const ROLE_FOLDERS = ["http", "commands", "events", "jobs", "use-cases", "domain", "store", "clients", "transport"] as const;
const PROCESS_FILES = ["main.ts", "service.ts", "config.ts", "metrics.ts"];

/** Each service, its process folders (generation runs an API process and a worker process), and the streams it owns. */
const SERVICES = [
  { name: "identity", processes: ["src"], owns: ["IDENTITY"] },
  { name: "apps", processes: ["src"], owns: ["APPS"] },
  { name: "billing", processes: ["src"], owns: ["BILLING"] },
  { name: "generation", processes: ["src", "src/worker"], owns: ["GENERATION"] },
] as const;

const root = (service: string) => path.join(REPO_ROOT, "services", service);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const sources = (service: string) =>
  walk(path.join(root(service), "src")).filter((f) => f.endsWith(".ts") && !/\.test\.ts$/.test(f));

const rel = (f: string) => path.relative(REPO_ROOT, f);

/** A module's code without its comments (they may name subjects and the like). */
const code = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");

/** Import specifiers of a module (static imports and re-exports). */
function imports(file: string): { from: string; names: string }[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+"([^"]+)";/gms)].map((m) => ({
    from: m[3]!,
    names: `${m[1] ?? ""}${m[2]!}`,
  }));
}

/** Modules that do I/O: domain code imports none of them. */
const IO_MODULES =
  /^(mongoose|ioredis|bullmq|nats|express|undici|openai|node:(http|https|net|fs|fs\/promises|child_process|dgram)|fs|http|https)$/;

describe.each(SERVICES)("the layout of $name", ({ name, processes }) => {
  const files = sources(name);

  it("when its process folders are listed, then each holds main.ts, service.ts and role folders only", () => {
    for (const proc of processes) {
      const dir = path.join(root(name), proc);
      const entries = readdirSync(dir).filter((e) => !e.endsWith(".test.ts"));
      const childProcesses = processes.filter((p) => p !== proc && path.dirname(p) === proc).map((p) => path.basename(p));
      const unexpected = entries.filter(
        (e) =>
          !PROCESS_FILES.includes(e) &&
          !(ROLE_FOLDERS as readonly string[]).includes(e) &&
          !childProcesses.includes(e) &&
          // A worker process's model providers are its own role (the adapters it generates with).
          !(proc.endsWith("worker") && e === "providers"),
      );
      expect({ dir: rel(dir), unexpected }).toEqual({ dir: rel(dir), unexpected: [] });
      expect(entries).toEqual(expect.arrayContaining(["main.ts", "service.ts"]));
    }
  });

  it("when domain modules are read, then none imports I/O, the store, the edges or the bus", () => {
    const offenders = files
      .filter((f) => f.split(path.sep).includes("domain"))
      .flatMap((f) =>
        imports(f)
          .filter(
            ({ from, names }) =>
              IO_MODULES.test(from) ||
              /^\.\.?\/(.*\/)?(store|http|clients|jobs|commands|events|use-cases|providers)(\/|$)/.test(from) ||
              // The chassis only for the error type.
              (from === "@genui/chassis" &&
                !/^\s*(type\s+)?\{\s*(AppError|type ErrorDetails|type FieldErrors|,|\s)*\}$/.test(names)),
          )
          .map(({ from }) => `${rel(f)} imports ${from}`),
      );
    expect(offenders).toEqual([]);
  });

  it("when command handlers are read, then each file answers exactly one command of the registry", () => {
    const handlers = files.filter((f) => f.split(path.sep).includes("commands"));
    const wrong = handlers.flatMap((f) => {
      const used = new Set([...readFileSync(f, "utf8").matchAll(/COMMANDS\.(\w+)/g)].map((m) => m[1]!));
      return used.size === 1 && [...used].every((c) => c in COMMANDS) ? [] : [`${rel(f)}: ${[...used].join(", ") || "none"}`];
    });
    expect(wrong).toEqual([]);
  });

  it("when event handlers are read, then each file handles exactly one integration event", () => {
    const handlers = files.filter((f) => f.endsWith(".handler.ts"));
    const wrong = handlers.flatMap((f) => {
      const used = new Set([...readFileSync(f, "utf8").matchAll(/EVENTS\.(\w+)/g)].map((m) => m[1]!));
      return used.size === 1 && [...used].every((e) => e in EVENTS) ? [] : [`${rel(f)}: ${[...used].join(", ") || "none"}`];
    });
    expect(wrong).toEqual([]);
    for (const f of files.filter((g) => g.split(path.sep).includes("events")))
      expect(path.basename(f)).toMatch(/\.(handler|watcher)\.ts$|^index\.ts$/);
  });

  it("when the composition root is read, then it wires parts and defines no routes or handlers itself", () => {
    for (const proc of processes) {
      const text = readFileSync(path.join(root(name), proc, "service.ts"), "utf8");
      expect({ file: `${proc}/service.ts`, routes: text.match(/\.(get|post|put|patch|delete|use)\(\s*["'`]\//g) ?? [] }).toEqual({
        file: `${proc}/service.ts`,
        routes: [],
      });
      expect({ file: `${proc}/service.ts`, requestHandlers: text.match(/\(\s*req\b[^)]*,\s*res\b/g) ?? [] }).toEqual({
        file: `${proc}/service.ts`,
        requestHandlers: [],
      });
    }
  });
});

describe("messaging in service code", () => {
  const all = SERVICES.flatMap((s) => sources(s.name).map((f) => ({ service: s, file: f })));

  it("when services talk over NATS, then only through the MessageBus: no raw connection use, no unvalidated JSON", () => {
    const raw = all.flatMap(({ file }) => {
      const text = code(file);
      return [
        ...(text.match(/\.nc\.\w+/g) ?? []).map((m) => `${rel(file)}: ${m}`),
        ...(text.match(/JSON\.parse\([^)]*\)\s*as\s+(?!unknown)\w+/g) ?? []).map((m) => `${rel(file)}: ${m}`),
      ];
    });
    expect(raw).toEqual([]);
  });

  it("when streams are ensured, then only by the service that owns them", () => {
    const wrong = all.flatMap(({ service, file }) =>
      [...readFileSync(file, "utf8").matchAll(/ensure(?:Stream\(\s*"(\w+)"|AllStreams\()/g)]
        .filter((m) => !m[1] || !(service.owns as readonly string[]).includes(m[1]))
        .map((m) => `${rel(file)} ensures ${m[1] ?? "every stream"}`),
    );
    expect(wrong).toEqual([]);
    expect(SERVICES.flatMap((s) => s.owns).sort()).toEqual(Object.keys(STREAMS).sort());
  });

  it("when NATS subjects and queue names appear, then they come from the registry, not string literals in services", () => {
    // Operation ids of the route table (`"apps.list"`, handler names) are not subjects.
    const operations = new Set(ROUTES.map((r) => r.id));
    const literals = all.flatMap(({ file }) =>
      [...code(file).matchAll(/["'`]((?:gen|identity|apps|billing|generation)\.[a-z_]+\.?)([A-Za-z0-9]*)["'`]?/g)]
        .filter((m) => !operations.has(`${m[1]}${m[2]}`))
        .map((m) => `${rel(file)}: ${m[1]}`),
    );
    expect(literals).toEqual([]);
    // Every BullMQ queue is named from QUEUES: directly, through a constant taken from it, or through the generation
    // queues' names for the configured base (`generationQueues(config)`).
    const queues = all.flatMap(({ file }) => {
      const text = code(file);
      return [...text.matchAll(/new (?:Queue|Worker|QueueEvents|FlowProducer)\s*(?:<[^>(]*>)?\(\s*([^,)]+)/g)]
        .map((m) => m[1]!.trim())
        .filter(
          (arg) =>
            !/^QUEUES\./.test(arg) &&
            !(/^names\.\w+$/.test(arg) && /const names = generationQueues\(/.test(text)) &&
            !new RegExp(`const ${arg.replace(/[^\w$]/g, "")} = QUEUES\\.`).test(text),
        )
        .map((arg) => `${rel(file)}: queue named by ${arg}`);
    });
    expect(queues).toEqual([]);
  });
});
