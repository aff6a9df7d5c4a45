import path from "node:path";
import { defineConfig } from "vite";

// The A2UI test host (e2e/support/a2ui-host/): a page that renders GenUI's A2UI stream with the official Lit renderer
// (@a2ui/lit v0_9) for the browser tests (e2e/support/a2ui-host.ts serves it). A test page, never the product's.
export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
  },
});
