import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

// No upward arrows (docs/architecture.md, "One layout for every service"): each room of a service, of the BFF and of
// the SPA imports only the rooms below it (eslint.config.mjs keeps it so), no two modules import each other, even for
// their types (scripts/check-circular.mjs), and the repository's tools never import the benchmarks (loadtests/).

interface Finding {
  file: string;
  messages: { rule: string; message: string }[];
}

/** ESLint's Node API in a process of its own (the config is an ES module, which jest's module system cannot load). */
function lint(files: Record<string, string>): Finding[] {
  const script = `
    import { ESLint } from "eslint";
    const files = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const [file, code] of Object.entries(files)) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push({ file, messages: result.messages.map((m) => ({ rule: m.ruleId ?? "", message: m.message })) });
    }
    console.log(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(files)], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 90_000,
  });
  return JSON.parse(stdout) as Finding[];
}

/**
 * A module that imports `from` and uses what it imports (so only the import itself can be reported). An entry is a
 * specifier, or "Name from specifier" to import one name (the chassis gives the domain its error type only).
 */
const importing = (...from: string[]) =>
  [
    ...from.map((f, i) => {
      const [, name, spec] = /^(\w+) from (.+)$/.exec(f) ?? [undefined, "x", f];
      return `import { ${name} as x${i} } from "${spec}";`;
    }),
    `export const all = [${from.map((_, i) => `x${i}`).join(", ")}];`,
    "",
  ].join("\n");

/** A file planted in a room, what it imports, and the message it must be reported with (null: it must pass). */
interface Case {
  file: string;
  imports: string[];
  rule?: string;
  message: string | null;
}

const WRONG: Case[] = [
  {
    file: "services/billing/src/http/into-store.ts",
    imports: ["../store/wallet.repository"],
    message: "goes through use-cases/: it never reaches store/ or clients/ itself",
  },
  {
    file: "services/apps/src/events/into-http.ts",
    imports: ["../http/errors"],
    message: "never imports another edge",
  },
  {
    file: "services/billing/src/jobs/into-clients.ts",
    imports: ["../clients/paypal"],
    message: "goes through use-cases/: it never reaches store/ or clients/ itself",
  },
  {
    file: "services/billing/src/store/into-use-cases.ts",
    imports: ["../use-cases/wallets"],
    message: "store/ imports only domain/",
  },
  {
    file: "services/billing/src/clients/into-store.ts",
    imports: ["../store/order.repository"],
    message: "clients/ imports only domain/",
  },
  {
    file: "services/billing/src/use-cases/into-http.ts",
    imports: ["../http/errors"],
    message: "use-cases/ never imports an edge",
  },
  {
    file: "services/identity/src/domain/uses-mongoose.ts",
    imports: ["mongoose"],
    message: "Domain code does no I/O",
  },
  {
    file: "services/identity/src/use-cases/into-service.ts",
    imports: ["../service"],
    message: "service.ts is the composition root and main.ts the process: nothing imports them",
  },
  {
    file: "services/generation/src/use-cases/into-worker.ts",
    imports: ["../worker/providers/provider"],
    message: "never import the worker process",
  },
  {
    file: "services/generation/src/worker/providers/into-jobs.ts",
    imports: ["../jobs/generation-processor"],
    message: "The worker's providers/ import only domain/",
  },
  {
    file: "bff/src/session/into-http.ts",
    imports: ["../http/csrf"],
    message: "adapters that http/ uses: they never import http/",
  },
  {
    file: "bff/src/identity/into-session.ts",
    imports: ["../session/rate-limit"],
    message: "adapters that http/ uses: they never import each other",
  },
  {
    file: "frontend/web/src/features/apps/into-templates.ts",
    imports: ["../templates/api"],
    rule: "spa/feature-imports",
    message: 'Import the "templates" feature through its index.ts',
  },
].map((c) => ({ rule: "no-restricted-imports", ...c }));

const RIGHT: Case[] = [
  { file: "services/billing/src/http/through-use-cases.ts", imports: ["../use-cases/wallets", "../domain/errors", "./errors"] },
  { file: "services/apps/src/events/through-use-cases.ts", imports: ["../use-cases/apps", "./app-deleted.handler"] },
  { file: "services/billing/src/jobs/through-use-cases.ts", imports: ["../use-cases/orders", "../config"] },
  { file: "services/billing/src/store/own-domain.ts", imports: ["../domain/errors", "./wallet.repository", "mongoose"] },
  { file: "services/billing/src/clients/own-domain.ts", imports: ["../domain/errors", "./provider-error", "undici"] },
  {
    file: "services/billing/src/use-cases/the-rooms-below.ts",
    imports: ["../store/wallet.repository", "../clients/paypal", "../domain/errors", "./holds"],
  },
  { file: "services/identity/src/domain/pure.ts", imports: ["AppError from @genui/chassis", "./errors"] },
  { file: "services/identity/src/main.ts", imports: ["./service", "./config"] },
  { file: "services/identity/src/service.ts", imports: ["./http/accounts.routes", "./store/user.repository", "./config"] },
  {
    file: "services/generation/src/worker/jobs/the-rooms-below.ts",
    imports: ["../providers/provider", "../../use-cases/metrics", "../../domain/messages"],
  },
  { file: "services/generation/src/worker/providers/own-domain.ts", imports: ["../../domain/messages", "./tokens"] },
  { file: "bff/src/session/own-errors.ts", imports: ["../errors", "./redis-store"] },
  {
    file: "bff/src/http/the-adapters.ts",
    imports: ["../session/rate-limit", "../identity/identity-client", "../errors", "./csrf"],
  },
  { file: "frontend/web/src/features/apps/through-the-index.ts", imports: ["../templates", "./api"] },
].map((c) => ({ ...c, message: null }));

const at = (p: string) => path.join(REPO_ROOT, p);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry === "node_modules" || entry === "dist") return [];
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** A module's import specifiers: static imports, re-exports and dynamic imports. */
const specifiers = (file: string) =>
  [
    ...readFileSync(file, "utf8").matchAll(
      /^\s*(?:import|export)\s[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3])!);

describe("no upward arrows", () => {
  it("when a room imports a room above it, then lint reports the room's rule; the same rooms importing downwards pass", () => {
    const cases = [...WRONG, ...RIGHT];
    const findings = lint(Object.fromEntries(cases.map((c) => [at(c.file), importing(...c.imports)])));
    const byFile = Object.fromEntries(findings.map((f) => [path.relative(REPO_ROOT, f.file), f.messages]));
    for (const c of cases) {
      const found = byFile[c.file];
      if (c.message === null) expect({ file: c.file, found }).toEqual({ file: c.file, found: [] });
      else
        expect({ file: c.file, found }).toEqual({
          file: c.file,
          found: [{ rule: c.rule, message: expect.stringContaining(c.message) }],
        });
    }
  }, 120_000);

  it("when the sources' imports are followed, type-only ones included, then no module imports itself back", () => {
    expect(readFileSync(at("scripts/check-circular.mjs"), "utf8")).not.toMatch(/"-T"|--transform/);
    const r = spawnSync(process.execPath, ["scripts/check-circular.mjs"], { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 });
    expect({ status: r.status, out: `${r.stdout}${r.stderr}` }).toEqual({
      status: 0,
      out: expect.stringContaining("no circular imports"),
    });
  }, 150_000);

  it("when the imports of scripts/ and deploy/ are read, then none reaches into loadtests/", () => {
    const files = ["scripts", "deploy"].flatMap((d) => walk(at(d))).filter((f) => /\.(m|c)?[jt]s$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    const intoLoadtests = files.flatMap((file) =>
      specifiers(file)
        .filter((s) => s.startsWith("."))
        .filter((s) => path.relative(at("loadtests"), path.resolve(path.dirname(file), s)).split(path.sep)[0] !== "..")
        .map((s) => `${path.relative(REPO_ROOT, file)} imports ${s}`),
    );
    expect(intoLoadtests).toEqual([]);
  });
});
