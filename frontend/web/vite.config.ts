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
    // sandbox's worker (packages/ui-runtime/src/worker/evaluator-worker.ts?worker) bundled beside the page.
    alias: {
      "@genui/ui-runtime/protocol": path.join(repo, "packages/ui-runtime/src/protocol.ts"),
      "@genui/ui-runtime/stream": path.join(repo, "packages/ui-runtime/src/stream.ts"),
      "@genui/ui-runtime": path.join(repo, "packages/ui-runtime/src/index.ts"),
      "@genui/react-renderer": path.join(repo, "frontend/renderer/src/index.ts"),
    },
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
