import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Lives here (not in loadtests/) because this workspace has the React plugin installed.
const root = path.resolve(import.meta.dirname, "../..");
const bench = path.join(root, "loadtests/ui-bench");
export default defineConfig({
  root: bench,
  base: "./",
  plugins: [react()],
  resolve: {
    alias: {
      "@genui/ui-runtime": path.join(root, "packages/ui-runtime/src/index.ts"),
      "@genui/react-renderer": path.join(root, "frontend/renderer/src/index.ts"),
    },
  },
  build: {
    outDir: path.join(root, ".local/bench/ui"),
    emptyOutDir: true,
    rollupOptions: {
      input: { prefix: path.join(bench, "prefix.html"), render: path.join(bench, "render.html") },
    },
  },
});
