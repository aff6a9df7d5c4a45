// Listing apps through the BFF with 1,000 apps in the store (the dashboard's call: page 1, 25 per page), after a
// /healthz baseline in the same run. Setup signs up a fresh user (the sign-up, its mailed link read from the mail
// stand-in's mailbox, the confirmation) and creates the apps through the API.
import http from "k6/http";
import { check, sleep } from "k6";

const BASE = __ENV.BASE_URL || "http://127.0.0.1:8080";
// The mail stand-in's mailbox, where identity's sign-up mail (with its link) lands.
const MAILBOX = __ENV.MAILBOX_URL || "http://127.0.0.1:8111";
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
  const email = `bench-${run}-${Math.random().toString(36).slice(2, 10)}@genui.dev`;
  const reg = http.post(`${BASE}/accounts/api/v1/register/`, JSON.stringify({ email, password: "bench-password" }), {
    headers,
  });
  if (reg.status !== 202) throw new Error(`sign-up failed: ${reg.status} ${reg.body}`);
  // The link arrives by mail: poll the mailbox (newest first) until it is there, for up to about a minute.
  let token;
  for (let i = 0; i < 600 && !token; i++) {
    if (i > 0) sleep(0.1);
    const box = http.get(`${MAILBOX}/api/messages?to=${encodeURIComponent(email)}`);
    if (box.status !== 200) throw new Error(`the mailbox at ${MAILBOX} answered ${box.status} ${box.body}`);
    for (const mail of box.json("messages")) {
      const link = mail.links.find((l) => l.includes("/confirm-email#token="));
      if (link) token = link.slice(link.indexOf("#token=") + "#token=".length);
    }
  }
  if (!token) throw new Error(`no sign-up mail to ${email} in ${MAILBOX}`);
  const confirmed = http.post(`${BASE}/accounts/api/v1/register/confirm/`, JSON.stringify({ token }), { headers });
  if (confirmed.status !== 201) throw new Error(`sign-up confirmation failed: ${confirmed.status} ${confirmed.body}`);
  // The CSRF token is bound to the session: the confirmation answered with the new session's token.
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
