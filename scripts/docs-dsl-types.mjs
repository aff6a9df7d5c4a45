// Regenerates the code editor's DSL declarations (frontend/web/src/features/editor/dsl-types.ts) from the component
// catalogue (after `npm run build:ts`).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const root = path.resolve(import.meta.dirname, "..");
const { DSL_TYPES_FILE, dslTypesModule } = createRequire(import.meta.url)(
  path.join(root, "packages/ui-runtime/dist/src/index.js"),
);
writeFileSync(path.join(root, DSL_TYPES_FILE), dslTypesModule());
console.log(`${DSL_TYPES_FILE} written`);
