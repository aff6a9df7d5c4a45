import path from "node:path";
import { defineConfig } from "vite";

// The UI code sandbox for streaming mode: the evaluator Web Worker (QuickJS's single-file browser build) as one
// classic script, served by the API at /apps/api/v1/embed/genui-evaluator-worker.js. Hosts never bundle it: the
// component starts it with importScripts from a blob worker when a stream starts (stream.ts).
export default defineConfig({
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: false,
    lib: {
      entry: path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/worker/evaluator-worker.ts"),
      name: "GenUIEvaluatorWorker",
      formats: ["iife"],
      fileName: () => "genui-evaluator-worker.js",
    },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
