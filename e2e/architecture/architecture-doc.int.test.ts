import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

// docs/architecture.md is a newcomer's map: a path it names that no longer exists sends them nowhere.
const ROOTS = ["bff/", "services/", "packages/", "frontend/", "proto/", "sims/", "deploy/", "scripts/", "docs/", "e2e/"];

describe("docs/architecture.md", () => {
  const doc = readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8");
  const named = [...doc.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((p) => ROOTS.some((r) => p.startsWith(r)))
    // A glob-like or templated name (`src/http/*.routes.ts`, `{google,payments}`, `<name>`) is a pattern, not a path.
    .filter((p) => !/[*{}…<>]/.test(p));

  it("when the page is read, then it names paths of the code", () => {
    expect(named.length).toBeGreaterThan(30);
  });

  it("when every path it names is looked up, then each exists", () => {
    const missing = named.filter((p) => !existsSync(path.join(REPO_ROOT, p)));
    expect(missing).toEqual([]);
  });
});
