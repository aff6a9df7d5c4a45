// Streamed chat completions against one target (env TARGET: "genui" through the BFF, "direct" to the fake upstream,
// "litellm" through LiteLLM's proxy), with VUS clients for DURATION (or ITERATIONS requests in all). Every answer is
// checked: ends with [DONE], one id throughout, and no chunk lost or repeated — the upstream's pieces concatenate to
// EXPECTED_CODE (direct, litellm); GenUI's pieces concatenate to the answer's JSON text, whose code is EXPECTED_CODE.
// Run by loadtests/generation-bench.mjs. Loopback only.
import http from "k6/http";
import { check } from "k6";
import encoding from "k6/encoding";
import { Counter } from "k6/metrics";

const URL = __ENV.URL;
const TARGET = __ENV.TARGET;
const KEY = __ENV.API_KEY || "none";
const EXPECTED = encoding.b64decode(__ENV.EXPECTED_CODE_B64, "std", "s");
const MODEL = __ENV.MODEL || "genui-pluto-0.1";
const VUS = Number(__ENV.VUS || 1);
const scenario = __ENV.ITERATIONS
  ? { executor: "shared-iterations", vus: VUS, iterations: Number(__ENV.ITERATIONS), maxDuration: "120s" }
  : { executor: "constant-vus", vus: VUS, duration: __ENV.DURATION || "15s" };

export const options = {
  scenarios: { run: scenario },
  summaryTrendStats: ["avg", "med", "p(90)", "p(99)", "max"],
  // Connections are reused (keep-alive) as a client library would.
  noConnectionReuse: false,
  insecureSkipTLSVerify: false,
};

const lost = new Counter("chunks_lost");
const repeated = new Counter("chunks_repeated");
const streamErrors = new Counter("stream_errors");
const chunksSeen = new Counter("chunks_seen");
let reported = false;

const body = JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "a team dashboard" }], stream: true });
// What the official clients send (their HTTP stacks accept gzip); ACCEPT_ENCODING=identity measures plain streams.
const params = {
  headers: {
    authorization: `Bearer ${KEY}`,
    "content-type": "application/json",
    "accept-encoding": __ENV.ACCEPT_ENCODING || "gzip, deflate",
  },
  timeout: "120s",
};

export default function () {
  const res = http.post(URL, body, params);
  const text = res.body || "";
  // GenUI's events carry their number first (`id: n`, for resuming): the data line is what is checked.
  const events = text
    .split("\n\n")
    .map((e) => e.replace(/^id: \d+\n/, ""))
    .filter((e) => e.startsWith("data: "));
  const done = events.length > 0 && events[events.length - 1] === "data: [DONE]";
  let ids = new Set();
  let ok = res.status === 200 && done;
  let code = "";
  for (const e of events) {
    if (e === "data: [DONE]") continue;
    let c;
    try {
      c = JSON.parse(e.slice(6));
    } catch {
      ok = false;
      continue;
    }
    if (c.error) {
      streamErrors.add(1);
      ok = false;
      continue;
    }
    ids.add(c.id);
    const content = c.choices && c.choices[0] && c.choices[0].delta && c.choices[0].delta.content;
    if (!content) continue;
    chunksSeen.add(1);
    code += content;
  }
  if (TARGET === "genui" && done) {
    // The pieces add up to {"code","json"}: a lost or repeated piece breaks the JSON or changes the code.
    try {
      code = JSON.parse(code).code;
    } catch {
      repeated.add(1);
      ok = false;
    }
  }
  if (done && code !== EXPECTED) {
    lost.add(1);
    ok = false;
  }
  if (ids.size > 1) ok = false;
  // The first failed answer of the first two clients is shown (status and the start of its body): a run that fails says why.
  if (!ok && !reported && __VU <= 2) {
    reported = true;
    console.warn(`${TARGET}: answer not complete: status ${res.status}, body ${text.slice(0, 300)}`);
  }
  check(res, { "complete stream": () => ok });
}
