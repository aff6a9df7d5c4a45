/* global document, requestAnimationFrame -- code passed to page.evaluate runs in the browser */
// Chat rendering figures, in Chromium against the running local platform (npm run bench:chat), for both stream
// formats of the chat in the same run (each set by fulfilling GET /get-config/ with the real answer and chat_stream
// replaced): "deltas" (content pieces, the code so far evaluated in the page's sandbox worker) and "snapshots" (the
// server's whole screen so far in every chunk). For each prompt, from the performance marks the chat page sets:
// request sent → first generated component on screen (genui:sent → genui:first-component), and first content chunk
// → first component (genui:first-chunk → genui:first-component); next to a baseline from the same page and run: the
// time from an event to the next painted frame (what any DOM update costs at least). Then the JavaScript each page
// loads (scripts/bundle-report.mjs): /chat versus /playground (Monaco only on the latter).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { fundedAccount } from "../scripts/lib/funded-account.mjs";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
const { launchBrowser } = require(path.join(root, "packages/testkit/dist/src/browser.js"));
const base = process.env.BENCH_URL ?? "http://127.0.0.1:8080";
const prompts = [
  "A sales dashboard for this week with a chart",
  "A signup form with name, email and password",
  "A pricing table with three plans",
  "A to-do list for planning a trip",
  "A weather card for Bengaluru",
  "A profile card for a designer",
  "A product page for running shoes",
  "A table of the five largest cities in India",
];
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (n) => `${n.toFixed(1)} ms`;

const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await fundedAccount(page, base, { usd: 10 });

/** Opens /chat with the chat's stream format set as the BFF would set it (CHAT_STREAM). */
async function openChat(format) {
  await page.unroute("**/get-config/");
  await page.route("**/get-config/", async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), chat_stream: format } });
  });
  await page.goto(`${base}/chat`);
  await page.getByRole("heading", { name: "Ask me anything" }).waitFor();
}

const modes = ["deltas", "snapshots"];
const figures = Object.fromEntries(modes.map((m) => [m, { sent: [], chunk: [] }]));
for (let r = 0; r < rounds; r++) {
  // Alternating which mode goes first: neither always runs on a warmer machine.
  for (const mode of r % 2 ? [...modes].reverse() : modes) {
    await openChat(mode);
    for (const prompt of prompts) {
      await page.evaluate(() => performance.clearMarks());
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill(prompt);
      await box.press("Enter");
      await page.waitForFunction(() => performance.getEntriesByName("genui:first-component").length > 0, null, {
        timeout: 60_000,
      });
      const t = await page.evaluate(() => {
        const at = (n) => performance.getEntriesByName(n)[0].startTime;
        return {
          sent: at("genui:first-component") - at("genui:sent"),
          chunk: at("genui:first-component") - at("genui:first-chunk"),
        };
      });
      figures[mode].sent.push(t.sent);
      figures[mode].chunk.push(t.chunk);
      await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => !document.querySelector('[data-pending="true"]'), null, { timeout: 120_000 });
      await page.getByRole("button", { name: "New chat" }).click();
    }
  }
}

// Baseline: an event to the next painted frame, in the same page (30 samples).
const baseline = await page.evaluate(async () => {
  const out = [];
  for (let i = 0; i < 30; i++) {
    out.push(
      await new Promise((resolve) => {
        setTimeout(() => {
          const t = performance.now();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t), 0));
        }, 20);
      }),
    );
  }
  return out;
});
await browser.close();

const b50 = pct(baseline, 50);
const line = (xs) => `p50 ${fmt(pct(xs, 50))}, p90 ${fmt(pct(xs, 90))}, max ${fmt(Math.max(...xs))}`;
for (const mode of modes) {
  const { sent, chunk } = figures[mode];
  console.log(`${mode} (${sent.length} answers): request sent → first component: ${line(sent)}`);
  console.log(`${mode} (${chunk.length} answers): first chunk → first component: ${line(chunk)}`);
}
console.log(`baseline, event → next painted frame: p50 ${fmt(b50)}, p90 ${fmt(pct(baseline, 90))}`);
const faster = pct(figures.deltas.sent, 50) <= pct(figures.snapshots.sent, 50) ? "deltas" : "snapshots";
console.log(`first component sooner from the request (p50): ${faster}`);

const report = JSON.parse(
  execFileSync(process.execPath, [path.join(root, "scripts/bundle-report.mjs"), path.join(root, "frontend/web/dist"), "--json"], {
    encoding: "utf8",
  }),
);
const page_ = (n) => report.pages.find((p) => p.page === n);
for (const n of ["chat", "playground", "landing"]) {
  const p = page_(n);
  if (p)
    console.log(
      `JavaScript on /${n === "landing" ? "" : n}: ${(p.gzip / 1024).toFixed(1)} KB gzip (${(p.raw / 1024).toFixed(1)} KB raw), Monaco: ${p.monaco ? "yes" : "no"}`,
    );
}
