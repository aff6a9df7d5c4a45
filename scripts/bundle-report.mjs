#!/usr/bin/env node
// The SPA's JavaScript per page, from Vite's manifest: what a first visit to each route downloads (the entry, the
// page's chunk and everything they import statically), raw, gzip and brotli. `--json` prints the numbers as JSON.
// Usage: node scripts/bundle-report.mjs [distDir] [--json]
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith("--")) ?? "frontend/web/dist");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const body = readFileSync(path.join(dist, file));
    sizes.set(file, {
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      monaco: /monaco-editor|MonacoEnvironment/.test(body.toString("utf8")),
    });
  }
  return sizes.get(file);
}

/** The JS files a key loads before it can run: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);
const pages = Object.keys(manifest)
  .filter((k) => /src\/app\/routes\/[^/]+\.tsx$/.test(k) && !k.endsWith("route-error.tsx"))
  .map((k) => {
    const files = new Set([...entryFiles, ...closure(k)]);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    let monaco = false;
    for (const f of files) {
      const s = sizeOf(f);
      total.raw += s.raw;
      total.gzip += s.gzip;
      total.brotli += s.brotli;
      monaco ||= s.monaco;
    }
    const own = sizeOf(manifest[k].file);
    return { page: path.basename(k, ".tsx"), files: files.size, pageChunkGzip: own.gzip, ...total, monaco };
  })
  .sort((a, b) => a.page.localeCompare(b.page));

const entry = [...entryFiles].reduce((t, f) => t + sizeOf(f).gzip, 0);
if (args.includes("--json")) {
  console.log(JSON.stringify({ entryGzip: entry, pages }, null, 2));
} else {
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`shared entry (React, router, swr, styled-components, shell): ${kb(entry)} KB gzip`);
  console.log("page          files  page chunk gz   total raw   total gzip   total brotli   monaco");
  for (const p of pages) {
    console.log(
      `${p.page.padEnd(13)} ${String(p.files).padStart(5)} ${kb(p.pageChunkGzip).padStart(10)} KB ${kb(p.raw).padStart(8)} KB ${kb(p.gzip).padStart(9)} KB ${kb(p.brotli).padStart(11)} KB   ${p.monaco ? "yes" : "no"}`,
    );
  }
}
