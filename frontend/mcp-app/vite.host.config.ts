import path from "node:path";
import { defineConfig } from "vite";

// The test host (host/): a page that plays an agent host for the browser tests (e2e/support/mcp-host.ts serves it
// with dist/mcp-app.html). Built beside the app into dist/host/; the product never serves it.
export default defineConfig({
  root: path.resolve(import.meta.dirname, "host"),
  base: "./",
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/host"),
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: path.resolve(import.meta.dirname, "host/host.html") },
  },
});
