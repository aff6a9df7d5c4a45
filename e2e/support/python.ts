import { execFileSync } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

/** The project's pinned Python: scripts/python-env.sh builds (or reuses) its venv and prints the interpreter last. */
export const pinnedPython = (): string =>
  execFileSync("bash", [path.join(REPO_ROOT, "scripts/python-env.sh")], { encoding: "utf8" })
    .trim()
    .split("\n")
    .at(-1)!;
