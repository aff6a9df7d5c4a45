import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress";

// In development the Vite server proxies API calls to the BFF; in production the BFF serves dist/ itself.
const bff = process.env.BFF_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    host: "127.0.0.1",
    proxy: Object.fromEntries(
      ["/accounts", "/contact", "/apps", "/billing", "/get-csrf", "/get-config"].map((p) => [p, { target: bff }]),
    ),
  },
});
