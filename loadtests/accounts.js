// Accounts through the BFF, three scenarios run one after another in the same k6 run:
//   baseline: GET /healthz on the BFF (no session, no proxy) — the yardstick for the same machine and moment;
//   me:       GET /accounts/api/v1/me/ with a signed-in session (Redis session → signed identity → identity → Mongo);
//   login:    POST /accounts/api/v1/login-password/ (argon2id-bound);
//   signup_new / signup_taken, side by side: POST /accounts/api/v1/register/ for fresh addresses and for the demo
//             account's (taken) address — the answer must not tell them apart, in its body nor in its time.
// Loopback only, bounded in time. Run through loadtests/bench.sh accounts, which prints the figures.
import http from "k6/http";
import { check } from "k6";

const BASE = __ENV.BASE_URL || "http://127.0.0.1:8080";
const EMAIL = __ENV.DEMO_EMAIL || "demo@genui.dev";
const PASSWORD = __ENV.DEMO_PASSWORD || "demo-password";
const D = __ENV.DURATION || "15s";
const VUS = Number(__ENV.VUS || 32);

export const options = {
  discardResponseBodies: false,
  scenarios: {
    baseline: { executor: "constant-vus", vus: VUS, duration: D, exec: "baseline", tags: { scenario: "baseline" } },
    me: { executor: "constant-vus", vus: VUS, duration: D, exec: "me", startTime: "17s", tags: { scenario: "me" } },
    login: { executor: "constant-vus", vus: 4, duration: D, exec: "login", startTime: "34s", tags: { scenario: "login" } },
    signup_new: {
      executor: "constant-vus",
      vus: 2,
      duration: D,
      exec: "signupNew",
      startTime: "51s",
      tags: { scenario: "signup_new" },
    },
    signup_taken: {
      executor: "constant-vus",
      vus: 2,
      duration: D,
      exec: "signupTaken",
      startTime: "51s",
      tags: { scenario: "signup_taken" },
    },
  },
  summaryTrendStats: ["avg", "med", "p(90)", "p(95)", "p(99)", "max"],
  thresholds: {
    "checks{scenario:me}": ["rate>0.999"],
    "checks{scenario:login}": ["rate>0.999"],
    "http_req_duration{scenario:baseline}": ["p(99)>=0"],
    "http_req_duration{scenario:me}": ["p(99)>=0"],
    "http_req_duration{scenario:login}": ["p(99)>=0"],
    "http_reqs{scenario:baseline}": ["count>=0"],
    "http_reqs{scenario:me}": ["count>=0"],
    "http_reqs{scenario:login}": ["count>=0"],
    "checks{scenario:signup_new}": ["rate>0.999"],
    "checks{scenario:signup_taken}": ["rate>0.999"],
    "http_req_duration{scenario:signup_new}": ["p(99)>=0"],
    "http_req_duration{scenario:signup_taken}": ["p(99)>=0"],
    "http_reqs{scenario:signup_new}": ["count>=0"],
    "http_reqs{scenario:signup_taken}": ["count>=0"],
  },
};

function signIn() {
  const jar = http.cookieJar();
  http.get(`${BASE}/get-csrf/`);
  const csrf = jar.cookiesForURL(BASE).csrftoken[0];
  const res = http.post(`${BASE}/accounts/api/v1/login-password/`, JSON.stringify({ email: EMAIL, password: PASSWORD }), {
    headers: { "content-type": "application/json", "x-csrftoken": csrf },
  });
  return { res, csrf, session: jar.cookiesForURL(BASE).sessionid?.[0] };
}

export function setup() {
  const { res, session } = signIn();
  if (res.status !== 200 || !session) throw new Error(`setup sign-in failed: ${res.status} ${res.body}`);
  return { session };
}

export function baseline() {
  check(http.get(`${BASE}/healthz`), { "healthz 200": (r) => r.status === 200 });
}

export function me(data) {
  http.cookieJar().set(BASE, "sessionid", data.session);
  check(http.get(`${BASE}/accounts/api/v1/me/`), { "me 200": (r) => r.status === 200 && r.json("email") === EMAIL });
}

export function login() {
  http.cookieJar().clear(BASE);
  const { res } = signIn();
  check(res, { "login 200": (r) => r.status === 200 });
}

function signUp(email) {
  const jar = http.cookieJar();
  jar.clear(BASE);
  http.get(`${BASE}/get-csrf/`, { tags: { name: "csrf" } });
  const csrf = jar.cookiesForURL(BASE).csrftoken[0];
  return http.post(`${BASE}/accounts/api/v1/register/`, JSON.stringify({ email, password: "bench-password" }), {
    headers: { "content-type": "application/json", "x-csrftoken": csrf },
  });
}

export function signupNew() {
  const res = signUp(`bench-new-${__VU}-${__ITER}-${Date.now()}@genui.dev`);
  check(res, { "sign-up 202": (r) => r.status === 202 });
}

export function signupTaken() {
  const res = signUp(EMAIL);
  check(res, { "sign-up 202": (r) => r.status === 202 });
}
