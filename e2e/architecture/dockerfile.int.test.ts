import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

// deploy/docker/Dockerfile is built by `npm run images:build` (minutes, not part of the tests); this checks, in
// milliseconds, that its inputs match the workspaces: each image holds exactly the workspaces its processes load
// (their package.json dependency closure), production images hold nothing of sims/, and every image runs as 10001.

interface Stage {
  name: string;
  from: string;
  lines: string[];
}
interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}
interface Process {
  name: string;
  entry: string;
  image: string;
  deploy?: boolean;
}

const DOCKERFILE = path.join(REPO_ROOT, "deploy/docker/Dockerfile");
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), "utf8");

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped). */
function stagesOf(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2] ?? String(stages.length), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** Every workspace (root package.json globs): its directory and manifest. */
function workspaces(): Map<string, { dir: string; manifest: Manifest }> {
  const globs = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
  const dirs = globs.flatMap((g) =>
    g.endsWith("/*")
      ? readdirSync(path.join(REPO_ROOT, g.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${g.slice(0, -2)}/${d.name}`)
      : [g],
  );
  const out = new Map<string, { dir: string; manifest: Manifest }>();
  for (const dir of dirs.filter((d) => existsSync(path.join(REPO_ROOT, d, "package.json")))) {
    const manifest = JSON.parse(read(`${dir}/package.json`)) as Manifest;
    out.set(manifest.name, { dir, manifest });
  }
  return out;
}

const all = workspaces();
const workspaceOf = (file: string) =>
  [...all.values()].find((w) => file.startsWith(`${w.dir}/`)) ?? fail(`no workspace holds ${file}`);
function fail(message: string): never {
  throw new Error(message);
}

/** The workspace directories a workspace loads at run time: itself and its production dependencies, transitively. */
function closure(name: string, seen = new Set<string>()): Set<string> {
  const w = all.get(name) ?? fail(`unknown workspace ${name}`);
  if (seen.has(w.dir)) return seen;
  seen.add(w.dir);
  for (const dep of Object.keys(w.manifest.dependencies ?? {})) if (all.has(dep)) closure(dep, seen);
  return seen;
}

const processes = (JSON.parse(read("deploy/topology.json")) as { processes: Process[] }).processes;
const images = [...new Set(processes.map((p) => p.image))];
const stages = existsSync(DOCKERFILE) ? stagesOf(readFileSync(DOCKERFILE, "utf8")) : [];
const stage = (name: string) => stages.find((s) => s.name === name) ?? fail(`the Dockerfile has no stage ${name}`);
/** A stage's instructions with those of the stages it is built FROM (e.g. a shared runtime stage). */
const lineage = (s: Stage): Stage[] => {
  const parent = stages.find((p) => p.name === s.from);
  return parent ? [...lineage(parent), s] : [s];
};
/** What a final stage takes from the build stage: repository paths under /src. */
const copiedFromBuild = (s: Stage) =>
  lineage(s).flatMap((x) =>
    x.lines.flatMap((l) => {
      const m = /^COPY\s+--from=build\s+(.+)\s+\S+$/.exec(l);
      return m ? m[1]!.split(/\s+/).map((src) => src.replace(/^\/src\//, "").replace(/\/$/, "")) : [];
    }),
  );
/** The static bundles the BFF serves (its config's defaults: frontend/<x>/dist). */
const bffBundles = [...read("bff/src/config.ts").matchAll(/"\.\.\/\.\.\/\.\.\/(frontend\/[a-z-]+\/dist)"/g)].map((m) => m[1]!);
/** The built page generation serves as the MCP server's UI resource (its config's default: GEN_MCP_APP_HTML). */
const generationFiles = [
  ...new Set(
    [...read("services/generation/src/config.ts").matchAll(/"(frontend\/[a-z-]+\/dist\/[a-z-]+\.html)"/g)].map((m) => m[1]!),
  ),
];

describe("deploy/docker/Dockerfile against the workspaces", () => {
  it("when the images are listed, then every process names one and each is a final stage of the Dockerfile", () => {
    expect(existsSync(DOCKERFILE)).toBe(true);
    for (const p of processes)
      expect({ process: p.name, stage: stages.some((s) => s.name === p.image) }).toEqual({ process: p.name, stage: true });
    expect([...images].sort()).toEqual(["apps", "bff", "billing", "generation", "identity", "sims"]);
  });

  it("when dependencies are installed, then every workspace's manifest is copied first (npm ci needs them all)", () => {
    for (const name of ["build", "prod-deps"]) {
      const copies = stage(name).lines.filter((l) => l.startsWith("COPY"));
      for (const { dir } of all.values())
        expect({
          stage: name,
          dir,
          copied: copies.some((l) => new RegExp(`\\s(/src/)?${dir}/package\\.json\\s`).test(l)),
        }).toEqual({
          stage: name,
          dir,
          copied: true,
        });
    }
  });

  it("when an image is built, then it holds its processes' workspace closure (manifest and dist), and no other workspace", () => {
    expect(bffBundles.length).toBeGreaterThan(0);
    expect(generationFiles).toEqual(["frontend/mcp-app/dist/mcp-app.html"]);
    for (const image of images) {
      const copied = copiedFromBuild(stage(image));
      const needed = new Set<string>();
      for (const p of processes.filter((q) => q.image === image)) {
        expect(existsSync(path.join(REPO_ROOT, p.entry.replace(/\/dist\/(.*)\.js$/, "/$1.ts")))).toBe(true);
        closure(workspaceOf(p.entry).manifest.name).forEach((d) => needed.add(d));
      }
      for (const dir of needed) {
        expect({ image, copied: copied.includes(`${dir}/package.json`) }).toEqual({ image, copied: true });
        expect({ image, copied: copied.includes(`${dir}/dist`) }).toEqual({ image, copied: true });
      }
      const extra = image === "bff" ? bffBundles : image === "generation" ? generationFiles : [];
      const holds = new Set(copied.filter((c) => c !== "package.json").map((c) => workspaceOf(c).dir));
      const allowed = new Set([...needed, ...extra.map((e) => workspaceOf(e).dir)]);
      expect({ image, workspaces: [...holds].sort() }).toEqual({ image, workspaces: [...allowed].sort() });
      for (const bundle of extra)
        expect({ image, bundle, copied: copied.includes(bundle) }).toEqual({ image, bundle, copied: true });
    }
  });

  it("when an image runs, then it is user 10001, starts one of its processes' entries and carries no build tools", () => {
    const runtime = (s: Stage) => lineage(s)[0]!.from;
    for (const image of images) {
      const s = stage(image);
      const users = lineage(s).flatMap((x) => x.lines.filter((l) => /^USER\s/.test(l)));
      expect({ image, user: users.at(-1) }).toEqual({ image, user: expect.stringMatching(/^USER\s+10001(:10001)?$/) });
      const cmd = s.lines.filter((l) => l.startsWith("CMD")).at(-1) ?? "";
      const entries = processes.filter((p) => p.image === image).map((p) => p.entry);
      expect({ image, cmd: entries.some((e) => cmd === `CMD ["node", "${e}"]`) }).toEqual({ image, cmd: true });
      expect({ image, base: runtime(s) }).toEqual({ image, base: "${RUNTIME_BASE}" });
      expect(
        lineage(s)
          .flatMap((x) => x.lines)
          .filter((l) => /^RUN\s/.test(l)),
      ).toEqual([]);
    }
  });

  it("when a production image is built, then nothing of sims/ (the local stand-ins) enters it", () => {
    const production = [...new Set(processes.filter((p) => p.deploy !== false).map((p) => p.image))];
    expect(production.length).toBeGreaterThan(0);
    for (const image of production) {
      const text = lineage(stage(image))
        .flatMap((s) => s.lines)
        .join("\n");
      expect({ image, sims: /sims/.test(text) }).toEqual({ image, sims: false });
    }
  });

  it("when production dependencies are selected, then each image gets its own workspace's subset", () => {
    const select = stage("prod-deps").lines.find((l) => /^RUN node \S*prod-deps\.mjs /.test(l)) ?? "";
    for (const image of images) {
      const ws = workspaceOf(processes.find((p) => p.image === image)!.entry).manifest.name;
      expect({ image, selected: select.split(/\s+/).includes(ws) }).toEqual({ image, selected: true });
      const nm = stage(image).lines.find((l) => l.startsWith("COPY --from=prod-deps"));
      expect({ image, nm }).toEqual({
        image,
        nm: `COPY --from=prod-deps /out/${ws.replace(/^@genui\//, "")}/node_modules node_modules`,
      });
    }
    // The stand-ins' image carries the mail stand-in's SMTP server and parser, and nothing of the services.
    expect(Object.keys(all.get("@genui/sims")!.manifest.dependencies ?? {}).sort()).toEqual(["mailparser", "smtp-server"]);
  });
});
