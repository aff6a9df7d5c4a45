import path from "node:path";
import { defineConfig } from "vite";

// The UI code sandbox as one classic script (QuickJS's single-file browser build), served by the API at
// /apps/api/v1/embed/genui-evaluator-worker.js for hosts that opt into evaluating streams in their own page's origin
// (`hostWorkerStreamEvaluator`, stream.ts). By default streams evaluate inside the iframe and this is not loaded.
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
