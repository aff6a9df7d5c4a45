import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROUTES, type Server } from "@genui/contracts/http";

const ROOT = path.resolve(__dirname, "../..");
/** The route table's own files: the one place a route's path is written. */
// The table and the row modules it spreads in (routes.ts: MCP and OAuth, A2UI and AG-UI, appearance).
const TABLE_FILES = [
  "proto/src/http/routes.ts",
  "proto/src/http/published-routes.ts",
  "proto/src/http/mcp.ts",
  "proto/src/http/wire-formats.ts",
  "proto/src/http/appearance.ts",
  "proto/src/http/completions.ts",
];
const SOURCES: Record<Server, string> = {
  bff: "bff/src",
  identity: "services/identity/src",
  apps: "services/apps/src",
  billing: "services/billing/src",
  generation: "services/generation/src",
};

/** Tracked source files (tests, generated code, e2e and load tests aside). */
function sourceFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx", "*.mjs", "*.js"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter(Boolean)
    .filter((f) => !/\.test\.tsx?$|(^|\/)test\/|^e2e\/|^loadtests\/|\/dist\/|\.generated\.|^proto\/src\/gen\//.test(f))
    .filter((f) => !f.endsWith("jest.config.js") && !f.startsWith("eslint.config"));
}

const read = (f: string) => readFileSync(path.join(ROOT, f), "utf8");

/**
 * The route table (proto/src/http/routes.ts) is the one declaration of every route: each server mounts its handlers
 * by operation id (`operationRouter` refuses, at start, a row without a handler and a handler without a row), and no
 * path is written anywhere else but at most one caller.
 */
describe("the route table", () => {
  const files = sourceFiles();

  it("when the rows are read, then ids are unique, each is `<server>.<name>`, and no method and path is declared twice per side", () => {
    const ids = ROUTES.map((r) => r.id);
    expect(ids.length).toBe(new Set(ids).size);
    for (const r of ROUTES) expect(r.id.startsWith(`${r.server}.`)).toBe(true);
    const outside = ROUTES.filter((r) => r.door !== "internal").map((r) => `${r.method} ${r.path}`);
    expect(outside.length).toBe(new Set(outside).size);
  });

  it.each(Object.entries(SOURCES))(
    "when %s's sources are read, then its handler table names exactly its rows (no row without a handler, no handler without a row)",
    (server, dir) => {
      const text = files
        .filter((f) => f.startsWith(`${dir}/`))
        .map(read)
        .join("\n");
      const named = new Set([...text.matchAll(new RegExp(`"(${server}\\.[A-Za-z0-9]+)"\\s*:`, "g"))].map((m) => m[1]!));
      const rows = ROUTES.filter((r) => r.server === server).map((r) => r.id);
      expect([...named].sort()).toEqual([...rows].sort());
      expect(text).toContain(`operationRouter("${server}"`);
    },
  );

  it("when the sources are searched, then no route's path is written in more than one file outside the table", () => {
    const texts = new Map(files.filter((f) => !TABLE_FILES.includes(f)).map((f) => [f, read(f)]));
    const repeated: string[] = [];
    for (const p of new Set(ROUTES.map((r) => r.path))) {
      const where = [...texts].filter(([, t]) => t.includes(`"${p}"`) || t.includes(`'${p}'`) || t.includes(`\`${p}\``));
      if (where.length > 1) repeated.push(`${p}: ${where.map(([f]) => f).join(", ")}`);
    }
    expect(repeated).toEqual([]);
  });

  it("when the services' routers are read, then none writes a route path of its own (they mount rows by id)", () => {
    const written: string[] = [];
    for (const dir of Object.values(SOURCES))
      for (const f of files.filter((x) => x.startsWith(`${dir}/`) && /\.routes\.ts$/.test(x)))
        for (const m of read(f).matchAll(/\b(?:router|app)\.(?:get|post|put|patch|delete)\(\s*["'`](\/[^"'`]*)/g))
          written.push(`${f}: ${m[1]}`);
    expect(written).toEqual([]);
  });
});
