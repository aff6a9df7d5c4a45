// Smoke load on the walking skeleton through the BFF: the SPA shell, the CSRF cookie and the proxied `me` call.
// Bounded: a few virtual users for a few seconds, loopback only (loadtests/run.sh refuses other hosts).
import http from "k6/http";
import { check } from "k6";

const BASE = __ENV.BASE_URL || "http://127.0.0.1:8080";

export const options = {
  scenarios: {
    skeleton: { executor: "constant-vus", vus: Number(__ENV.VUS || 5), duration: __ENV.DURATION || "10s" },
  },
  thresholds: {
    checks: ["rate>0.99"],
    http_req_failed: ["rate<0.01"],
  },
};

// 401 from `me` is the expected answer for an anonymous visitor, not a failure.
http.setResponseCallback(http.expectedStatuses(200, 401));

export default function () {
  const page = http.get(`${BASE}/`, { headers: { accept: "text/html" }, tags: { name: "spa" } });
  check(page, { "spa 200": (r) => r.status === 200 });
  const csrf = http.get(`${BASE}/get-csrf/`, { tags: { name: "get-csrf" } });
  check(csrf, { "csrf cookie": (r) => r.status === 200 && r.cookies.csrftoken !== undefined });
  const me = http.get(`${BASE}/accounts/api/v1/me/`, { tags: { name: "me" } });
  check(me, { "me 401 anonymous": (r) => r.status === 401 });
}
