/* global document, requestAnimationFrame -- code passed to page.evaluate runs in the browser */
// Chat rendering figures, in Chromium against the running local platform (npm run bench:chat): for each prompt, the
// time from the first streamed chunk's arrival to the first generated component on screen (performance marks
// genui:first-chunk → genui:first-component set by the chat page), next to a baseline from the same page and run:
// the time from an event to the next painted frame (what any DOM update costs at least). Then the JavaScript each
// page loads (scripts/bundle-report.mjs): /chat versus /playground (Monaco only on the latter).
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
await page.goto(`${base}/chat`);
await page.getByRole("heading", { name: "Ask me anything" }).waitFor();

const firstComponent = [];
for (let r = 0; r < rounds; r++) {
  for (const prompt of prompts) {
    await page.evaluate(() => performance.clearMarks());
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill(prompt);
    await box.press("Enter");
    await page.waitForFunction(() => performance.getEntriesByName("genui:first-component").length > 0, null, { timeout: 60_000 });
    firstComponent.push(
      await page.evaluate(
        () =>
          performance.getEntriesByName("genui:first-component")[0].startTime -
          performance.getEntriesByName("genui:first-chunk")[0].startTime,
      ),
    );
    await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => !document.querySelector('[data-pending="true"]'), null, { timeout: 120_000 });
    await page.getByRole("button", { name: "New chat" }).click();
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

const p50 = pct(firstComponent, 50);
const b50 = pct(baseline, 50);
console.log(
  `first chunk → first component on screen (${firstComponent.length} answers): p50 ${fmt(p50)}, p90 ${fmt(pct(firstComponent, 90))}, max ${fmt(Math.max(...firstComponent))}`,
);
console.log(
  `baseline, event → next painted frame: p50 ${fmt(b50)}, p90 ${fmt(pct(baseline, 90))}; ratio p50 ${(p50 / b50).toFixed(2)}×`,
);
console.log(`goal ≤ 100 ms: ${pct(firstComponent, 90) <= 100 ? "met (p90)" : p50 <= 100 ? "met at p50, not p90" : "not met"}`);

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
