// No circular imports anywhere in the TypeScript sources, type-only imports included: a type that two modules share
// lives in the module both import (or in domain/), so no two modules depend on each other even for their types.
import { spawnSync } from "node:child_process";

const globs = [
  "proto/src/**/*.ts",
  "packages/*/src/**/*.ts",
  "services/*/src/**/*.ts",
  "bff/src/**/*.ts",
  "sims/src/**/*.ts",
  "eval/src/**/*.ts",
  "frontend/*/src/**/*.{ts,tsx}",
];
const r = spawnSync(
  "npx",
  [
    "--no-install",
    "dpdm",
    "--no-tree",
    "--no-warning",
    "--no-progress",
    "--exit-code",
    "circular:1",
    "--exclude",
    "node_modules|/dist/",
    ...globs,
  ],
  { encoding: "utf8" },
);
const out = `${r.stdout}${r.stderr}`.split("\n").filter((l) => !l.includes("nodedir"));
console.log(out.join("\n").trim());
if (r.status !== 0) {
  console.error("circular imports found");
  process.exit(1);
}
console.log("no circular imports");
