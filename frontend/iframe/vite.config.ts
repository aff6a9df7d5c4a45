import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The iframe page lives under the API: its assets are served from /apps/api/v1/iframe/static/assets/.
export default defineConfig({
  base: "/apps/api/v1/iframe/static/",
  plugins: [react()],
  resolve: {
    // The packages' entry points (package.json "exports") compiled from source; the worker keeps its ?worker query.
    alias: [
      {
        find: /^@genui\/ui-runtime\/worker(?=\?|$)/,
        replacement: path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/worker/evaluator-worker.ts"),
      },
      {
        find: "@genui/ui-runtime/protocol",
        replacement: path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/protocol.ts"),
      },
      { find: "@genui/ui-runtime", replacement: path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/index.ts") },
      { find: "@genui/react-renderer/gallery", replacement: path.resolve(import.meta.dirname, "../renderer/src/gallery.ts") },
      { find: "@genui/react-renderer", replacement: path.resolve(import.meta.dirname, "../renderer/src/index.ts") },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    // The sandbox worker's chunk (QuickJS with its WebAssembly inline, ~960 kB) is one piece by design; it loads only
    // with the playground and the first streamed answer.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, "index.html"),
        gallery: path.resolve(import.meta.dirname, "gallery.html"),
        playground: path.resolve(import.meta.dirname, "playground.html"),
      },
    },
  },
});
