// Copies, for each named workspace, only the production dependencies its process loads (npm's own view of the
// installed tree: `npm ls --omit=dev --all --parseable -w <workspace>`) from ./node_modules into
// <out>/<workspace without scope>/node_modules. deploy/docker/Dockerfile runs it in its prod-deps stage after
// `npm ci --omit=dev`: one install, then one small node_modules per image. Workspace links (@genui/*) are kept as
// relative symlinks; the image copies the linked workspaces themselves. Packages a workspace keeps in a node_modules
// of its own (npm nests a version that differs from the root's, e.g. packages/ui-runtime/node_modules/ajv) go to
// <out>/<workspace>/nested/<workspace dir>/node_modules, which the image copies onto its root, so they resolve from
// the workspace's files as they do here.
//   node deploy/docker/prod-deps.mjs <out> <workspace>...
import { spawnSync } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, readlinkSync, symlinkSync } from "node:fs";
import path from "node:path";

const [out, ...workspaces] = process.argv.slice(2);
if (!out || workspaces.length === 0) {
  console.error("usage: node deploy/docker/prod-deps.mjs <out> <workspace>...");
  process.exit(2);
}
const root = process.cwd();
const modules = path.join(root, "node_modules");

for (const ws of workspaces) {
  const ls = spawnSync("npm", ["ls", "--omit=dev", "--all", "--parseable", "-w", ws], { cwd: root, encoding: "utf8" });
  if (ls.status !== 0) {
    console.error(`npm ls for ${ws} failed:\n${ls.stderr}`);
    process.exit(1);
  }
  const target = path.join(out, ws.replace(/^@[^/]+\//, ""), "node_modules");
  mkdirSync(target, { recursive: true });
  const nested = path.join(out, ws.replace(/^@[^/]+\//, ""), "nested");
  mkdirSync(nested, { recursive: true });
  let count = 0;
  for (const full of new Set(ls.stdout.split("\n").filter(Boolean))) {
    const rel = path.relative(modules, full);
    const inWorkspace = path.relative(root, full);
    // The repository root and the workspaces themselves are not copied; a workspace's own node_modules is.
    if (rel === "" || (rel.startsWith("..") && !/(^|\/)node_modules\//.test(inWorkspace))) continue;
    const dest = rel.startsWith("..") ? path.join(nested, inWorkspace) : path.join(target, rel);
    mkdirSync(path.dirname(dest), { recursive: true });
    if (lstatSync(full).isSymbolicLink()) {
      symlinkSync(readlinkSync(full), dest);
    } else {
      // A package without its own nested node_modules: the nested packages it needs are listed (and copied) apart.
      cpSync(full, dest, { recursive: true, filter: (src) => src !== path.join(full, "node_modules") });
    }
    count++;
  }
  console.error(`${ws}: ${count} packages`);
}
