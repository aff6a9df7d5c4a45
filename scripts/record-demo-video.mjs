// Records the landing page's demo video from the product itself: UI code typed into the UI code sandbox
// (/apps/api/v1/iframe/static/playground.html) while the live screen renders beside it, with Playwright's video
// recording in the system's Chromium. Writes frontend/web/public/media/genui-demo.webm and its poster genui-demo.jpg.
//
//   node scripts/record-demo-video.mjs [platform-url]
//   node scripts/record-demo-video.mjs --chat <platform-url>
//
// --chat records the chat page of a running platform (`npm start`; a new account topped up with $10 through the local payment emulator): a prompt typed
// and sent, the screen building itself as the answer streams, then an action on it answered with the next screen.
//
// With a URL (e.g. http://127.0.0.1:8080 from `npm start`) the page is recorded from that platform. Without one,
// the built sandbox page (frontend/iframe/dist, `npm run build -w @genui/iframe`) is served by this script: the page
// evaluates code in the browser and needs no other service.
//
// Needs ffmpeg: Playwright's own build if installed, otherwise the system's (`apt-get install ffmpeg`). The recording
// starts and ends on the same finished screen, so the video loops without a jump and its first frame is the poster.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fundedAccount } from "./lib/funded-account.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(root, "frontend/web/public/media");
const VIDEO = path.join(OUT_DIR, "genui-demo.webm");
const POSTER = path.join(OUT_DIR, "genui-demo.jpg");
const SIZE = { width: 1280, height: 720 };
const PAGE_PATH = "/apps/api/v1/iframe/static/playground.html";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What is typed: a small dashboard (stats, a chart, an action), so every few characters visibly grow the screen. */
const CODE = `screen("Weekly sales")
heading("Weekly sales")
row([
  stat(12400, {label: "Revenue", delta: 8.2, format: "currency"}),
  stat(318, {label: "Orders", delta: 4.1}),
  stat(4.8, {label: "Rating", delta: 0.3}),
])
barChart([
  {day: "Mon", sales: 120}, {day: "Tue", sales: 180},
  {day: "Wed", sales: 150}, {day: "Thu", sales: 210},
  {day: "Fri", sales: 260},
], {x: "day", y: "sales"})
button("Export report", {onPress: "export"})`;

/** The code arrives token by token, like a model streaming it, over this long (whatever the machine's speed). */
const TYPING_MS = 10_000;
const HOLD_START_MS = 2000;
const HOLD_END_MS = 2500;

// Recording polish only: a legible, editor-like left pane at video size (the page itself is unchanged).
const RECORDING_CSS = `
  body { background: #f8fafc; }
  .pg { gap: 24px; padding: 24px; height: 100vh; box-sizing: border-box; }
  .pg > section:first-child { display: flex; flex-direction: column; gap: 8px; min-height: 0; }
  label[for="code"] { font-weight: 600; color: #334155; }
  textarea { flex: 1; min-height: 0; resize: none; padding: 16px; border-radius: 12px; border: 1px solid #1e293b;
    background: #0f172a; color: #e2e8f0; caret-color: #a78bfa; font-size: 16px; line-height: 1.6; outline: none; }
  #preview { background: #ffffff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 8px; overflow: hidden;
    box-shadow: 0 4px 16px rgb(15 23 42 / 0.06); }
`;

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".map": "application/json",
  ".svg": "image/svg+xml",
};

/** Serves frontend/iframe/dist under the path the platform serves it from. */
async function serveSandboxPage() {
  const dist = path.join(root, "frontend/iframe/dist");
  if (!existsSync(path.join(dist, "playground.html")))
    throw new Error("build the sandbox page first: npm run build -w @genui/iframe");
  const prefix = "/apps/api/v1/iframe/static/";
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const rel = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : "";
    const file = path.join(dist, path.normalize(rel));
    if (!rel || !file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": MIME[path.extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Playwright's video recorder runs the ffmpeg of its browser registry; point it at the system's when that is absent. */
function findFfmpeg() {
  const which = spawnSync("sh", ["-c", "command -v ffmpeg"], { encoding: "utf8" });
  const system = which.status === 0 ? which.stdout.trim() : "";
  if (!system) throw new Error("ffmpeg is needed: apt-get install ffmpeg (or npx playwright install ffmpeg)");
  return system;
}

function shimPlaywrightFfmpeg(ffmpeg) {
  const browsers = JSON.parse(readFileSync(path.join(root, "node_modules/playwright-core/browsers.json"), "utf8"));
  const revision = browsers.browsers.find((b) => b.name === "ffmpeg")?.revision;
  const registry = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), ".cache/ms-playwright");
  if (existsSync(path.join(registry, `ffmpeg-${revision}`))) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), "pw-ffmpeg-"));
  mkdirSync(path.join(dir, `ffmpeg-${revision}`));
  symlinkSync(ffmpeg, path.join(dir, `ffmpeg-${revision}`, "ffmpeg-linux"));
  process.env.PLAYWRIGHT_BROWSERS_PATH = dir;
  return dir;
}

/** Inserts `text` at the caret in whole tokens, keeping to TYPING_MS: a slow frame only makes the next chunk longer. */
async function streamInto(page, text) {
  const ends = [];
  for (const m of text.matchAll(/\s+|\w+|[^\w\s]/g)) ends.push(m.index + m[0].length);
  const t0 = Date.now();
  let typed = 0;
  while (typed < text.length) {
    const due = Math.ceil(((Date.now() - t0) / TYPING_MS) * text.length);
    const next = ends.find((e) => e >= Math.max(due, typed + 1)) ?? text.length;
    await page.keyboard.insertText(text.slice(typed, next));
    typed = next;
    await page.waitForTimeout(45);
  }
}

/** Seconds of video in a file (a streamed recording may carry no duration: then its last packet's time). */
function durationOf(file) {
  const probe = (args) => spawnSync("ffprobe", ["-v", "error", ...args, file], { encoding: "utf8" }).stdout.trim();
  const d = Number(probe(["-show_entries", "format=duration", "-of", "csv=p=0"]));
  if (Number.isFinite(d) && d > 0) return d;
  const times = probe(["-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0"])
    .split("\n")
    .map(Number)
    .filter(Number.isFinite);
  return Math.max(...times);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}`);
}

/** The sandbox scenario (no platform needed): returns [ready, done] in ms since the page was created. */
async function recordSandbox(page, base) {
  const started = Date.now();
  await page.goto(`${base}${PAGE_PATH}?code=${encodeURIComponent(CODE)}`);
  await page.addStyleTag({ content: RECORDING_CSS });
  const preview = page.getByRole("region", { name: "Preview" });
  await preview.getByRole("heading", { name: "Weekly sales" }).waitFor();
  await page.waitForFunction(() => globalThis.document.querySelector(".recharts-surface") !== null);
  await page.waitForTimeout(600); // the chart's entry animation
  const ready = Date.now() - started;
  await page.waitForTimeout(HOLD_START_MS);
  const code = page.getByLabel("UI code");
  await code.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.waitForTimeout(400);
  await streamInto(page, CODE);
  await preview.getByRole("button", { name: "Export report" }).waitFor();
  await code.evaluate((el) => el.blur());
  await page.waitForTimeout(HOLD_END_MS);
  return [ready, Date.now() - started];
}

/** The chat scenario: returns [ready, done] in ms since the page was created. */
async function recordChat(page, base) {
  const started = Date.now();
  await fundedAccount(page, base, { usd: 10 });
  await page.evaluate(() => globalThis.localStorage.setItem("ui-theme", "light"));
  await page.goto(`${base}/chat`);
  await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
  await page.waitForTimeout(400);
  const ready = Date.now() - started;
  await page.waitForTimeout(600);
  const box = page.getByRole("textbox", { name: "Message" });
  await box.click();
  await box.pressSequentially("A sales dashboard for this week with a chart", { delay: 30 });
  await page.waitForTimeout(300);
  await box.press("Enter");
  await page.locator('[data-testid="assistant-message"][data-pending="false"]').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  const action = page.getByTestId("assistant-message").first().getByRole("button").first();
  await action.scrollIntoViewIfNeeded();
  await action.hover();
  await page.waitForTimeout(500);
  await action.click();
  await page.locator('[data-testid="assistant-message"][data-pending="false"]').nth(1).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  return [ready, Date.now() - started];
}

async function main() {
  const ffmpeg = findFfmpeg();
  const shim = shimPlaywrightFfmpeg(ffmpeg);
  const { chromium } = await import("playwright-core");
  const chat = process.argv.includes("--chat");
  const given = process.argv.slice(2).find((a) => !a.startsWith("--"));
  if (chat && !given) throw new Error("--chat needs the running platform's URL, e.g. http://127.0.0.1:8080");
  const local = given ? undefined : await serveSandboxPage();
  const base = (given ?? local.url).replace(/\/+$/, "");
  const rawDir = mkdtempSync(path.join(os.tmpdir(), "genui-demo-"));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--hide-scrollbars"],
  });
  let ready;
  let done;
  try {
    const context = await browser.newContext({
      viewport: SIZE,
      deviceScaleFactor: 1,
      colorScheme: "light",
      recordVideo: { dir: rawDir, size: SIZE },
    });
    const page = await context.newPage();
    if (chat) [ready, done] = await recordChat(page, base);
    else [ready, done] = await recordSandbox(page, base);
    await context.close();
  } finally {
    await browser.close();
    await local?.close();
  }
  const raw = readdirSync(rawDir).find((f) => f.endsWith(".webm"));
  if (!raw) throw new Error("Playwright wrote no video");
  const rawPath = path.join(rawDir, raw);
  mkdirSync(OUT_DIR, { recursive: true });
  // The file's clock starts at its first painted frame, not when the page was created: anchor the cut at the end
  // (the context closed right after the last hold), which the file and this script agree on.
  const total = durationOf(rawPath);
  const length = (done - ready) / 1000;
  const from = Math.max(0, total - length).toFixed(2);
  // VP9 at constant quality, two passes: flat UI frames compress very well, text stays sharp.
  const passlog = path.join(rawDir, "pass");
  // The recording has frames only when the screen changed: make it constant-rate first, so a held screen is kept.
  const cut = `fps=25,trim=start=${from}:duration=${length.toFixed(2)},setpts=PTS-STARTPTS`;
  const common = [
    "-y",
    "-i",
    rawPath,
    "-vf",
    cut,
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "40",
    "-row-mt",
    "1",
    "-pix_fmt",
    "yuv420p",
    "-passlogfile",
    passlog,
  ];
  run(ffmpeg, ["-loglevel", "error", ...common, "-pass", "1", "-deadline", "good", "-cpu-used", "4", "-f", "webm", "/dev/null"]);
  run(ffmpeg, ["-loglevel", "error", ...common, "-pass", "2", "-deadline", "good", "-cpu-used", "2", VIDEO]);
  run(ffmpeg, ["-loglevel", "error", "-y", "-i", VIDEO, "-frames:v", "1", "-q:v", "4", POSTER]);
  rmSync(rawDir, { recursive: true, force: true });
  if (shim) rmSync(shim, { recursive: true, force: true });
  const kb = (f) => `${Math.round(statSync(f).size / 1024)} KB`;
  console.log(
    `${path.relative(root, VIDEO)}: ${length.toFixed(1)} s, ${kb(VIDEO)}; ${path.relative(root, POSTER)}: ${kb(POSTER)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
