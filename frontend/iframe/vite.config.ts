import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The iframe page lives under the API: its assets are served from /apps/api/v1/iframe/static/assets/.
export default defineConfig({
  base: "/apps/api/v1/iframe/static/",
  plugins: [react()],
  resolve: {
    alias: {
      "@genui/ui-runtime/protocol": path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/protocol.ts"),
      "@genui/ui-runtime": path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/index.ts"),
      "@genui/react-renderer/src/gallery": path.resolve(import.meta.dirname, "../renderer/src/gallery.ts"),
      "@genui/react-renderer": path.resolve(import.meta.dirname, "../renderer/src/index.ts"),
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, "index.html"),
        gallery: path.resolve(import.meta.dirname, "gallery.html"),
        playground: path.resolve(import.meta.dirname, "playground.html"),
      },
    },
  },
});
