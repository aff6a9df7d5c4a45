import { writeFileSync } from "node:fs";
import path from "node:path";
import { acceptedFamilies, loadRequestSet, REPO_ROOT } from "./sets";

/** The planner's classifier's training data: the tuned and the three development sets' requests by their first family. */
export const EXAMPLES_FILE = path.join(REPO_ROOT, "packages/planner/data/examples.json");

export function examplesText(): string {
  const families: Record<string, string[]> = {};
  for (const c of [...loadRequestSet("tuned"), ...loadRequestSet("dev"), ...loadRequestSet("dev2"), ...loadRequestSet("dev3")]) {
    const f = acceptedFamilies(c)[0]!;
    if (f !== "*") (families[f] ??= []).push(c.request);
  }
  const sorted = Object.fromEntries(Object.entries(families).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify(
    {
      about:
        "Requests of eval/sets/tuned.json, dev.json, dev2.json and dev3.json by family: the training data of the planner's classifier (src/understand/classifier.ts). Written by `npm run eval:examples`; never from the holdout set.",
      families: sorted,
    },
    null,
    2,
  )}\n`;
}

if (require.main === module) {
  writeFileSync(EXAMPLES_FILE, examplesText());
  process.stdout.write(`wrote ${path.relative(REPO_ROOT, EXAMPLES_FILE)}\n`);
}
