import path from "node:path";
import { defineConfig } from "vite";

// The publishable build of @genui/react: ESM and CommonJS, React and @genui/ui-runtime left to the app (peer and
// dependency), declaration files from tsconfig.build.json.
export default defineConfig({
  build: {
    outDir: "dist/lib",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: path.resolve(import.meta.dirname, "src/index.ts"),
      formats: ["es", "cjs"],
      fileName: (format) => (format === "es" ? "index.mjs" : "index.cjs"),
    },
    rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, /^@genui\/ui-runtime($|\/)/] },
  },
});
