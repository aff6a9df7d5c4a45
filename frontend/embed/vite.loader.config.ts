import path from "node:path";
import { defineConfig } from "vite";

// The standalone <genui-screen> loader (no React): one script a Vue, Svelte, Angular or plain HTML host includes.
// It needs only the protocol and the stream reader of @genui/ui-runtime (types aside), so the aliases keep zod and
// the evaluator out (streaming evaluates inside the iframe, in the iframe page's own sandbox worker).
export default defineConfig({
  resolve: {
    alias: {
      "@genui/ui-runtime/protocol": path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/protocol.ts"),
      "@genui/ui-runtime/stream": path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/stream.ts"),
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: path.resolve(import.meta.dirname, "src/loader.ts"),
      name: "GenUILoader",
      formats: ["iife", "es"],
      fileName: (format) => (format === "iife" ? "genui-loader.js" : "genui-loader.mjs"),
    },
  },
});
