// Prints req/s and latency per scenario from a k6 --summary-export file, and the ratios to the baseline.
import { readFileSync } from "node:fs";

const summary = JSON.parse(readFileSync(process.argv[2], "utf8"));
// k6's rate divides by the whole run (setup included); each scenario runs for this long, so divide by it.
const seconds = Number(process.argv[3] ?? 15);
const m = summary.metrics;
const row = (name) => {
  const d = m[`http_req_duration{scenario:${name}}`];
  const r = m[`http_reqs{scenario:${name}}`];
  if (!d || !r) return undefined;
  return { name, rps: r.count / seconds, p50: d.med, p95: d["p(95)"], p99: d["p(99)"], count: r.count };
};
const rows = ["baseline", "me", "login", "list", "signup_new", "signup_taken"].map(row).filter(Boolean);
const base = rows.find((r) => r.name === "baseline");
console.log("scenario      req/s     p50 ms   p95 ms   p99 ms   requests   req/s vs baseline");
for (const r of rows)
  console.log(
    `${r.name.padEnd(12)} ${r.rps.toFixed(0).padStart(7)}  ${r.p50.toFixed(2).padStart(7)}  ${r.p95.toFixed(2).padStart(7)}  ${r.p99
      .toFixed(2)
      .padStart(7)}  ${String(r.count).padStart(9)}   ${base ? (r.rps / base.rps).toFixed(3) : "-"}`,
  );
const checks = m.checks;
if (checks) console.log(`checks passed: ${(checks.value * 100).toFixed(2)}%`);
// Sign-up must take as long for an address with an account as for a new one (docs/security.md).
const fresh = rows.find((r) => r.name === "signup_new");
const taken = rows.find((r) => r.name === "signup_taken");
if (fresh && taken)
  console.log(
    `sign-up, taken address vs new: p50 ${(taken.p50 / fresh.p50).toFixed(3)}×, p95 ${(taken.p95 / fresh.p95).toFixed(3)}×`,
  );
