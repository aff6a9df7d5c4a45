import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress";

// In development the Vite server proxies API calls to the BFF; in production the BFF serves dist/ itself.
const bff = process.env.BFF_URL ?? "http://127.0.0.1:8080";
const repo = path.resolve(import.meta.dirname, "../..");

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // The workspace packages are compiled from source (as the iframe page does): one build, tree-shaken, and the
    // sandbox's worker (@genui/ui-runtime/worker?worker) bundled beside the page. Only the packages' entry points
    // (their package.json "exports") are mapped; code imports nothing else of theirs (eslint's import boundaries).
    alias: [
      // Before the package's root: "@genui/ui-runtime/worker?worker" keeps its query.
      {
        find: /^@genui\/ui-runtime\/worker(?=\?|$)/,
        replacement: path.join(repo, "packages/ui-runtime/src/worker/evaluator-worker.ts"),
      },
      { find: "@genui/ui-runtime/protocol", replacement: path.join(repo, "packages/ui-runtime/src/protocol.ts") },
      { find: "@genui/ui-runtime/stream", replacement: path.join(repo, "packages/ui-runtime/src/stream.ts") },
      { find: "@genui/ui-runtime", replacement: path.join(repo, "packages/ui-runtime/src/index.ts") },
      { find: "@genui/react-renderer", replacement: path.join(repo, "frontend/renderer/src/index.ts") },
    ],
  },
  // Monaco's and the sandbox's workers are ES modules (they import chunks of their own).
  worker: { format: "es" },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    host: "127.0.0.1",
    proxy: Object.fromEntries(
      ["/accounts", "/contact", "/apps", "/billing", "/get-csrf", "/get-config"].map((p) => [p, { target: bff }]),
    ),
  },
});
