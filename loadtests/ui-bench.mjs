// UI runtime figures, measured in Chromium (npm run bench:ui): gzip sizes of the loader script and of the iframe
// page's initial JavaScript (charts excluded: they load only with a chart), render time of a 300-component screen,
// and prefix-evaluation time per streamed chunk of 5 KB of UI code — each with a baseline from the same run.
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
// Chromium exactly as the browser tests launch it (Debian's build, the same flags).
const { launchBrowser } = require(path.join(root, "packages/testkit/dist/src/browser.js"));
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

execFileSync(
  "npx",
  ["--no-install", "vite", "build", "--config", "frontend/iframe/vite.bench.config.ts", "--logLevel", "error"],
  { cwd: root, stdio: "inherit" },
);
for (const [ws, check] of [
  ["@genui/iframe", "frontend/iframe/dist/index.html"],
  ["@genui/react", "frontend/embed/dist/genui-loader.js"],
])
  if (!existsSync(path.join(root, check)))
    execFileSync("npm", ["run", "--silent", "build", "-w", ws], { cwd: root, stdio: "inherit" });

// Sizes. The iframe page's initial JavaScript: its entry script and everything it imports statically.
const dist = path.join(root, "frontend/iframe/dist");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const initial = new Set();
const visit = (rel) => {
  if (initial.has(rel)) return;
  initial.add(rel);
  const code = readFileSync(path.join(dist, rel), "utf8");
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+)["']/g))
    visit(path.join(path.dirname(rel), m[1]));
};
for (const m of html.matchAll(/(?:src|href)="\/apps\/api\/v1\/iframe\/static\/(assets\/[^"]+\.js)"/g)) visit(m[1]);
const iframeBytes = [...initial].reduce((s, f) => s + gz(path.join(dist, f)), 0);
const loaderBytes = gz(path.join(root, "frontend/embed/dist/genui-loader.js"));
const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
const reactBaseline =
  gz(path.join(pkgDir("react-dom"), "cjs/react-dom-client.production.js")) +
  gz(path.join(pkgDir("react"), "cjs/react.production.js"));
console.log(`loader script (genui-loader.js): ${kb(loaderBytes)} gzip (goal ≤ 15 KB)`);
console.log(
  `iframe page initial JS (${[...initial].join(", ")}): ${kb(iframeBytes)} gzip (goal ≤ 150 KB incl. React); baseline React + ReactDOM alone ${kb(reactBaseline)} → ${(iframeBytes / reactBaseline).toFixed(2)}×`,
);

// Chromium.
const benchDir = path.join(root, ".local/bench/ui");
const server = http.createServer((req, res) => {
  const file = path.join(benchDir, decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (!file.startsWith(benchDir) || !existsSync(file)) return res.writeHead(404).end();
  const type = file.endsWith(".html") ? "text/html" : file.endsWith(".js") ? "text/javascript" : "application/octet-stream";
  res.writeHead(200, { "content-type": type }).end(readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchBrowser();
const measure = async (page) => {
  const p = await browser.newPage();
  await p.goto(`${base}/${page}`);
  await p.waitForFunction(() => globalThis.__bench, null, { timeout: 300_000 });
  const r = await p.evaluate(() => globalThis.__bench);
  await p.close();
  if (r.error) throw new Error(`${page}: ${r.error}`);
  return r;
};
try {
  const r = await measure("render.html");
  console.log(
    `render ${r.components}-component screen (React commit + layout): p50 ${r.renderP50Ms.toFixed(1)} ms, p95 ${r.renderP95Ms.toFixed(1)} ms (goal ≤ 50 ms; of which React commit p50 ${r.commitP50Ms.toFixed(1)} ms); baseline 300 plain DOM elements ${r.baselineP50Ms.toFixed(2)} ms → ${(r.renderP50Ms / r.baselineP50Ms).toFixed(1)}×`,
  );
  const p = await measure("prefix.html");
  console.log(
    `prefix evaluation, ${p.bytes} B of UI code in ${p.chunks} chunks of ${p.chunkBytes} B: mean ${p.perChunkMeanMs.toFixed(2)} ms per chunk, p50 ${p.perChunkP50Ms.toFixed(2)} ms, p95 ${p.perChunkP95Ms.toFixed(2)} ms, last quarter (≈5 KB prefixes) mean ${p.lastQuarterMeanMs.toFixed(2)} ms (goal ≤ 2 ms); baseline one full evaluation of the 5 KB ${p.wholeEvalP50Ms.toFixed(2)} ms; ${p.failures} prefixes failed`,
  );
  console.log(
    `  same stream through an incremental session: mean ${p.streamMeanMs.toFixed(2)} ms per chunk, p95 ${p.streamP95Ms.toFixed(2)} ms, last quarter mean ${p.streamLastQuarterMeanMs.toFixed(2)} ms (goal ≤ 2 ms) → ${(p.perChunkMeanMs / p.streamMeanMs).toFixed(1)}× faster than whole prefixes`,
  );
} finally {
  await browser.close();
  server.close();
}
