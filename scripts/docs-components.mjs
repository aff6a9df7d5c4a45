// Regenerates docs/components.md from the component catalogue (after `npm run build:ts`).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const root = path.resolve(import.meta.dirname, "..");
const { catalogueMarkdown } = createRequire(import.meta.url)(path.join(root, "packages/ui-runtime/dist/src/index.js"));
writeFileSync(path.join(root, "docs/components.md"), catalogueMarkdown());
console.log("docs/components.md written");
