import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Brings files derived from deploy/topology.json up to date, or with `check` only reports the stale ones. `files`
 * maps paths (relative to `root`) to their content; with `owns` (a folder relative to `root`), any other file in that
 * folder is stale too and is removed. Answers how many files were stale.
 */
export function syncDerived(files, { root, command, check, owns }) {
  let stale = 0;
  const report = (file) => {
    stale++;
    console.error(`${file} is not what deploy/topology.json gives: run ${command}`);
  };
  if (owns) {
    let present = [];
    try {
      present = readdirSync(path.join(root, owns));
    } catch {
      // missing: written below, or stale in --check
    }
    for (const f of present) {
      const file = path.join(owns, f);
      if (file in files) continue;
      if (check) report(file);
      else rmSync(path.join(root, file));
    }
  }
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(root, file);
    let current = "";
    try {
      current = readFileSync(full, "utf8");
    } catch {
      // missing: written below, or stale in --check
    }
    if (current === content) continue;
    if (check) report(file);
    else {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, content);
      console.log(`wrote ${file}`);
    }
  }
  return stale;
}
