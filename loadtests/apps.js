// Listing apps through the BFF with 1,000 apps in the store (the dashboard's call: page 1, 25 per page), after a
// /healthz baseline in the same run. Setup signs up a fresh user and creates the apps through the API.
import http from "k6/http";
import { check } from "k6";

const BASE = __ENV.BASE_URL || "http://127.0.0.1:8080";
const APPS = Number(__ENV.APPS || 1000);
const D = __ENV.DURATION || "15s";
const VUS = Number(__ENV.VUS || 32);

export const options = {
  setupTimeout: "300s",
  scenarios: {
    baseline: { executor: "constant-vus", vus: VUS, duration: D, exec: "baseline" },
    list: { executor: "constant-vus", vus: VUS, duration: D, exec: "list", startTime: "17s" },
  },
  summaryTrendStats: ["avg", "med", "p(90)", "p(95)", "p(99)", "max"],
  thresholds: {
    "checks{scenario:list}": ["rate>0.999"],
    "http_req_duration{scenario:baseline}": ["p(99)>=0"],
    "http_req_duration{scenario:list}": ["p(99)>=0"],
    "http_reqs{scenario:baseline}": ["count>=0"],
    "http_reqs{scenario:list}": ["count>=0"],
  },
};

export function setup() {
  const jar = http.cookieJar();
  http.get(`${BASE}/get-csrf/`);
  const csrf = jar.cookiesForURL(BASE).csrftoken[0];
  const headers = { "content-type": "application/json", "x-csrftoken": csrf };
  const run = Date.now();
  const reg = http.post(
    `${BASE}/accounts/api/v1/register/`,
    JSON.stringify({ email: `bench-${run}@genui.dev`, password: "bench-password" }),
    { headers },
  );
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${reg.body}`);
  // The CSRF token is bound to the session: sign-up answered with the new session's token.
  headers["x-csrftoken"] = jar.cookiesForURL(BASE).csrftoken[0];
  for (let i = 0; i < APPS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(i + 50, APPS); j++)
      batch.push([
        "POST",
        `${BASE}/apps/api/v1/create/`,
        JSON.stringify({ url: `https://bench-${run}-${j}.example.com` }),
        { headers },
      ]);
    for (const r of http.batch(batch)) if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.body}`);
  }
  return { session: jar.cookiesForURL(BASE).sessionid[0] };
}

export function baseline() {
  check(http.get(`${BASE}/healthz`), { "healthz 200": (r) => r.status === 200 });
}

export function list(data) {
  http.cookieJar().set(BASE, "sessionid", data.session);
  const r = http.get(`${BASE}/apps/api/v1/list/?page=1&page_size=25`);
  check(r, {
    "list 200 with 1000": (res) => res.status === 200 && res.json("count") === APPS && res.json("results").length === 25,
  });
}
