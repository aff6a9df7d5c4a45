import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { inlineHtml } from "./vite-inline.ts";

// The MCP Apps resource ui://genui/screen.html: one HTML file with every script and style inlined (the host renders it
// in a sandbox with no network), written to dist/mcp-app.html. The test host (host/) has its own config.
export default defineConfig({
  base: "./",
  plugins: [react(), inlineHtml("mcp-app.html")],
  resolve: {
    // The packages' entry points (package.json "exports") compiled from source, as in frontend/iframe.
    alias: [
      { find: "@genui/ui-runtime", replacement: path.resolve(import.meta.dirname, "../../packages/ui-runtime/src/index.ts") },
      { find: "@genui/react-renderer", replacement: path.resolve(import.meta.dirname, "../renderer/src/index.ts") },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // One file: nothing is left outside it, so assets are inlined whatever their size.
    assetsInlineLimit: () => true,
    cssCodeSplit: false,
    // The renderer's charts chunk (recharts, loaded lazily elsewhere) is part of the one script here.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: path.resolve(import.meta.dirname, "index.html"),
      output: { codeSplitting: false },
    },
  },
});
