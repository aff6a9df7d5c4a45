// The fault campaign's load (scripts/faults.mjs runs it; loopback only): while processes are killed and the
// infrastructure restarted, three kinds of traffic go on at a steady rate, and every request is written as one JSON
// line (k6 --log-format raw) for the campaign to attribute to its fault and to reconcile with the ledger afterwards.
//   streams:   published streaming chat completions with each developer's secret key (include_usage), resumed
//              (`stream_options.resumable`, then GET …/chat/completions/{id}?stream=true) when the connection is cut;
//   dashboard: signed-in reads (me, apps, balance, templates) and writes (a template created, renamed, read back;
//              now and then an app created, whose activation crosses apps → billing → apps by events);
//   topups:    a PayPal order created through the BFF, approved at the payments stand-in, captured through the BFF.
import http from "k6/http";
import exec from "k6/execution";
import { sleep } from "k6";

const BASE = __ENV.BASE_URL;
const PAYMENTS = __ENV.PAYMENTS_URL;
const SEED = JSON.parse(open(__ENV.FAULTS_SEED));
const DURATION = __ENV.DURATION || "60s";
// A stream that has not ended by then is hung (the platform's own deadline, GEN_REQUEST_TIMEOUT_MS, is shorter).
const STREAM_DEADLINE = __ENV.STREAM_DEADLINE || "45s";

export const options = {
  scenarios: {
    streams: {
      executor: "constant-arrival-rate",
      rate: Number(__ENV.STREAM_RATE || 6),
      timeUnit: "1s",
      duration: DURATION,
      preAllocatedVUs: 40,
      maxVUs: 200,
      exec: "stream",
    },
    dashboard: {
      executor: "constant-arrival-rate",
      rate: Number(__ENV.DASHBOARD_RATE || 3),
      timeUnit: "1s",
      duration: DURATION,
      preAllocatedVUs: 10,
      maxVUs: 60,
      exec: "dashboard",
    },
    topups: {
      executor: "constant-arrival-rate",
      rate: Number(__ENV.TOPUP_RATE || 1),
      timeUnit: "1s",
      duration: DURATION,
      preAllocatedVUs: 4,
      maxVUs: 30,
      exec: "topup",
    },
  },
  // The campaign judges the results itself, from the lines below.
  thresholds: {},
  // A signed-in virtual user keeps its session across iterations, as a browser tab does.
  noCookiesReset: true,
};

// Every answer is looked at here; none counts as k6's own failure.
http.setResponseCallback(http.expectedStatuses({ min: 100, max: 599 }));

const PROMPTS = [
  "A signup form with name, email and a password",
  "A bar chart of visitors by country: US 40, India 25, UK 10",
  "A pricing table with three plans",
  "A to-do list for moving house",
  "A contact card for Ada Lovelace",
  "A table of orders with customer, total and status",
];

function record(kind, fields) {
  console.log(JSON.stringify({ kind, ...fields }));
}

const developer = () => SEED.developers[exec.scenario.iterationInTest % SEED.developers.length];

/** What a stream's text says: the completion id, the last event id, the usage, an error, and whether it ended. */
function readEvents(body, into) {
  for (const block of body.split("\n\n")) {
    let data;
    let eventId;
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) eventId = Number(line.slice(4));
      else if (line.startsWith("data: ")) data = line.slice(6);
    }
    // An event is read only when whole (its blank line arrived): a cut one is resumed from the one before it.
    if (data === undefined || !body.includes(`${block}\n\n`)) continue;
    if (eventId !== undefined) into.lastEventId = eventId;
    if (data === "[DONE]") {
      into.done = true;
      continue;
    }
    try {
      const chunk = JSON.parse(data);
      if (chunk.error) {
        into.error = chunk.error.code || chunk.error.message;
        into.errorMessage = String(chunk.error.message || "").slice(0, 200);
      }
      if (chunk.id) into.id = chunk.id;
      if (chunk.usage) into.usage = chunk.usage;
    } catch {
      into.error = "unparseable chunk";
    }
  }
  return into;
}

export function stream() {
  const dev = developer();
  const t = Date.now();
  // Sent again with the same key when the connection dies before any event (no id to resume from yet): the platform
  // answers the request it already started, from its start, instead of a second one.
  const headers = {
    "content-type": "application/json",
    authorization: `Bearer ${dev.apiKey}`,
    "idempotency-key": `faults-${exec.vu.idInTest}-${exec.scenario.iterationInTest}-${t}`,
  };
  const body = JSON.stringify({
    model: "genui-pluto-0.1",
    stream: true,
    // A cut connection does not stop the answer at once: the client resumes it (below).
    stream_options: { include_usage: true, resumable: true },
    messages: [{ role: "user", content: PROMPTS[exec.scenario.iterationInTest % PROMPTS.length] }],
  });
  const post = () =>
    http.post(`${BASE}/apps/api/v1/chat/completions`, body, { headers, timeout: STREAM_DEADLINE, tags: { name: "stream" } });
  let res = post();
  const out = { t, end: Date.now(), status: res.status, user: dev.userId };
  // k6 keeps what arrived before a connection was cut (status 0, "unexpected EOF").
  let got = readEvents(res.body || "", { done: false, lastEventId: 0 });
  if (res.status === 0 && !got.id && !/timeout/i.test(res.error || "")) {
    out.cutAt = 0;
    out.network = res.error;
    // 409: the first request is still being started (a moment later the key names its answer).
    for (let tries = 0; tries < 4; tries++) {
      res = post();
      if (res.status !== 409) break;
      sleep(0.5);
    }
    got = readEvents(res.body || "", { done: false, lastEventId: 0 });
    out.end = Date.now();
    out.status = res.status;
    out.resumeStatus = res.status;
  }
  if (res.status === 0 && !got.id) {
    // No event at all: a timeout is a hung stream, anything else a cut connection (nothing to resume from).
    out.hung = /timeout/i.test(res.error || "");
    out.network = res.error;
    return record("stream", out);
  }
  if (res.status !== 0 && res.status !== 200) {
    out.body = (res.body || "").slice(0, 200);
    return record("stream", out);
  }
  if (res.status === 0 && !got.done && !got.error) {
    // Cut mid-answer: resumed after the last whole event, through any copy (docs/api.md "Resuming a stream").
    out.cutAt = got.lastEventId;
    out.network = res.error;
    const again = http.get(`${BASE}/apps/api/v1/chat/completions/${got.id}?stream=true&starting_after=${got.lastEventId}`, {
      headers,
      timeout: STREAM_DEADLINE,
      tags: { name: "resume" },
    });
    out.end = Date.now();
    out.resumeStatus = again.status;
    if (again.status === 200) {
      readEvents(again.body || "", got);
      out.status = 200;
    } else if (again.status === 0) out.hung = /timeout/i.test(again.error || "");
    else out.resumeBody = (again.body || "").slice(0, 200);
  } else out.status = 200;
  Object.assign(out, {
    id: got.id,
    done: got.done,
    error: got.error,
    ...(got.errorMessage ? { errorMessage: got.errorMessage } : {}),
    tokens: got.usage ? got.usage.total_tokens : undefined,
  });
  return record("stream", out);
}

/** Each virtual user signs in once (as one seeded developer) and keeps its session cookies; again after a 401. */
const session = { csrf: undefined, dev: undefined };

function signIn() {
  session.dev = SEED.developers[exec.vu.idInTest % SEED.developers.length];
  const jar = http.cookieJar();
  http.get(`${BASE}/get-csrf/`, { tags: { name: "csrf" } });
  let csrf = (jar.cookiesForURL(BASE).csrftoken || [])[0];
  const r = http.post(
    `${BASE}/accounts/api/v1/login-password/`,
    JSON.stringify({ email: session.dev.email, password: session.dev.password }),
    { headers: { "content-type": "application/json", "x-csrftoken": csrf }, tags: { name: "login" } },
  );
  csrf = (jar.cookiesForURL(BASE).csrftoken || [])[0];
  session.csrf = r.status === 200 ? csrf : undefined;
  return r;
}

function call(method, path, body, name) {
  const params = {
    headers: { "content-type": "application/json", "x-csrftoken": session.csrf },
    tags: { name },
    timeout: "20s",
  };
  return http.request(method, `${BASE}${path}`, body === undefined ? null : JSON.stringify(body), params);
}

function signedIn(kind) {
  if (session.csrf) return true;
  const t = Date.now();
  const r = signIn();
  if (r.status === 200) return true;
  record(kind, { t, end: Date.now(), step: "login", status: r.status, network: r.error || undefined });
  return false;
}

/** One answer of a signed-in step; false (recorded) when it is not what the dashboard expects. */
function step(kind, t, name, res, want) {
  if (res.status === 401) session.csrf = undefined;
  if (res.status === want) return true;
  record(kind, {
    t,
    end: Date.now(),
    step: name,
    status: res.status,
    network: res.error || undefined,
    body: (res.body || "").slice(0, 200),
  });
  return false;
}

export function dashboard() {
  if (!signedIn("dashboard")) return;
  const t = Date.now();
  // Templates go to the app this VU made last (each gets at most ten), so the load never meets the apps' template
  // quota (100 per app): a refusal of the quota is the load's doing, not a fault's.
  const app = session.templateApp || session.dev.appId;
  if (!step("dashboard", t, "me", call("GET", "/accounts/api/v1/me/", undefined, "me"), 200)) return;
  if (!step("dashboard", t, "apps", call("GET", "/apps/api/v1/list/?page=1&page_size=25", undefined, "apps"), 200)) return;
  if (!step("dashboard", t, "balance", call("GET", "/billing/api/v1/balance", undefined, "balance"), 200)) return;
  const created = call("POST", `/apps/api/v1/templates/${app}/create/`, undefined, "template-create");
  if (!step("dashboard", t, "template-create", created, 201)) return;
  const id = created.json("id");
  const name = `t-${exec.vu.idInTest}-${exec.scenario.iterationInTest}`;
  const renamed = call("PATCH", `/apps/api/v1/templates/${app}/update/${id}/`, { name }, "template-update");
  if (!step("dashboard", t, "template-update", renamed, 200)) return;
  // A write that answered 200 must read back from any copy: otherwise it is lost.
  const read = call("GET", `/apps/api/v1/templates/${app}/retrieve/${id}/`, undefined, "template-read");
  if (!step("dashboard", t, "template-read", read, 200)) return;
  const readName = read.json("name");
  let createdApp;
  if (exec.vu.iterationInScenario % 10 === 0) {
    const a = call(
      "POST",
      "/apps/api/v1/create/",
      { url: `https://faults-${exec.vu.idInTest}-${Date.now()}.example.com` },
      "app-create",
    );
    if (!step("dashboard", t, "app-create", a, 201)) return;
    createdApp = a.json("id");
    session.templateApp = createdApp;
  }
  record("dashboard", {
    t,
    end: Date.now(),
    status: 200,
    ok: true,
    template: id,
    wrote: name,
    read: readName,
    app: createdApp,
    user: session.dev.userId,
  });
}

export function topup() {
  if (!signedIn("topup")) return;
  const t = Date.now();
  const order = call("POST", "/billing/api/v1/orders/create/", { amount: 10 }, "order-create");
  // 200: an identical open order handed out again (an earlier iteration's $10 order still unpaid).
  if (!step("topup", t, "order-create", order, order.status === 200 ? 200 : 201)) return;
  const orderId = order.json("paypal_order_id");
  // The buyer approves at PayPal (the stand-in): from here the money is paid, whatever happens to the capture.
  const approved = http.post(`${PAYMENTS}/__emulator/paypal/orders/${orderId}/approve`, null, { tags: { name: "approve" } });
  if (approved.status !== 200)
    return record("topup", {
      t,
      end: Date.now(),
      step: "approve",
      status: approved.status,
      orderId,
      body: String(approved.body || "").slice(0, 200),
    });
  const cap = call("POST", `/billing/api/v1/orders/paypal/${orderId}/capture/`, undefined, "capture");
  const captured = cap.status === 200 && cap.json("status") === "COMPLETED";
  if (cap.status === 401) session.csrf = undefined;
  record("topup", {
    t,
    end: Date.now(),
    status: cap.status,
    orderId,
    paid: true,
    captured,
    user: session.dev.userId,
    network: cap.error || undefined,
  });
}
