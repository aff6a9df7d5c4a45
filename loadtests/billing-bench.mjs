// Billing on the running platform, the way generation uses it.
// 0. U developers sign up through the BFF and each buys $5,000 of credit (a PayPal top-up through the local stand-in).
// 1. Authorisation: N sequential billing.balance.authorize round trips over NATS, each placing a real hold for a
//    request of at most 1,000 input and 2,000 output tokens (the path every generation request takes), round robin
//    over the U wallets; p50/p99 against a baseline measured in the same run — a core NATS request/reply to an echo
//    responder in this process (the transport's floor).
// 2. Metering: the N generation.completed events of those requests (the usage of each hold) published at once, timed
//    until every wallet's balance, read through the public API, shows its debits (events/s settled, against the rate
//    they were published at); then each balance is compared with what the ledger should hold and the holds with zero.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { signedUpSession } from "../scripts/lib/browser-session.mjs";
import { LOCAL } from "./lib/topology.mjs";

const require = createRequire(import.meta.url);
const { MessageBus, connectNats, createLogger } = require("../packages/chassis/dist/src/index.js");
const { COMMANDS, EVENTS } = require("../proto/dist/src/index.js");

const N = Number(process.env.N_EVENTS ?? 10000);
const USERS = Number(process.env.N_USERS ?? 20);
const MODEL = "genui-pluto-0.1";
const TOPUP_DOLLARS = 5000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const quantiles = (times) => {
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: q(0.5), p99: q(0.99) };
};
const timeLoop = async (n, fn) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return quantiles(times);
};

/** A developer with $5,000 of credit: signed up, an order paid through PayPal (approved at the local stand-in). */
async function creditedDeveloper(i) {
  const { call, userId } = await signedUpSession(LOCAL.base, `billing-bench-${i}`);
  const order = await (await call("POST", "/billing/api/v1/orders/create/", { amount: TOPUP_DOLLARS })).json();
  const approved = await fetch(`${LOCAL.payments}/__emulator/paypal/orders/${order.paypal_order_id}/approve`, {
    method: "POST",
  });
  if (!approved.ok) throw new Error(`approval failed: ${approved.status}`);
  const cap = await (await call("POST", `/billing/api/v1/orders/paypal/${order.paypal_order_id}/capture/`)).json();
  if (cap.status !== "COMPLETED") throw new Error(`top-up not completed: ${JSON.stringify(cap)}`);
  const balance = async () => (await (await call("GET", "/billing/api/v1/balance")).json()).balance;
  return { userId, balance, start: await balance() };
}

const devs = [];
for (let i = 0; i < USERS; i++) devs.push(await creditedDeveloper(i));

const logger = createLogger("billing-bench", "silent");
const bus = new MessageBus(await connectNats(LOCAL.nats, "billing-bench", logger), {
  prefix: "",
  source: "billing-bench",
  logger,
});

// Baseline: the same kind of round trip through the same NATS server to a responder that only echoes.
const echoSubject = `bench.echo.${randomUUID()}`;
const echo = bus.nc.subscribe(echoSubject, { callback: (_err, m) => m.respond(m.data) });
const payload = new Uint8Array(64);
await timeLoop(200, () => bus.nc.request(echoSubject, payload));
const base = await timeLoop(N, () => bus.nc.request(echoSubject, payload));
echo.unsubscribe();

// Authorisation: every request places its hold (1,000 input + 2,000 output tokens at most).
const requests = Array.from({ length: N }, (_, i) => ({ requestId: randomUUID(), dev: devs[i % USERS] }));
const authorize = (r) =>
  bus.request(COMMANDS.authorizeBalance, {
    requestId: r.requestId,
    userId: r.dev.userId,
    model: MODEL,
    maxInputTokens: 1000n,
    maxOutputTokens: 2000n,
  });
const first = await authorize(requests[0]);
if (!first.authorized) throw new Error(`authorisation refused: ${first.reason}`);
const holdMicros = Number(first.heldMicros);
const auth = await timeLoop(N - 1, async (i) => {
  const r = await authorize(requests[i + 1]);
  if (!r.authorized) throw new Error(`authorisation refused: ${r.reason}`);
});
console.log(
  `NATS request/reply to an echo responder (baseline, ${N} sequential): p50 ${base.p50.toFixed(3)} ms, p99 ${base.p99.toFixed(3)} ms`,
);
console.log(
  `billing.balance.authorize placing a hold (${N - 1} sequential over NATS, ${USERS} wallets): p50 ${auth.p50.toFixed(3)} ms, ` +
    `p99 ${auth.p99.toFixed(3)} ms (${(auth.p50 / base.p50).toFixed(2)}× / ${(auth.p99 / base.p99).toFixed(2)}× the baseline; goal p99 ≤ 5 ms)`,
);

// Metering: each request used its whole hold (1,000 + 2,000 tokens): every wallet loses N/U × the hold.
const perUser = new Map(devs.map((d) => [d.userId, 0]));
for (const r of requests) perUser.set(r.dev.userId, perUser.get(r.dev.userId) + 1);
const expected = (d) => Math.round((d.start - (perUser.get(d.userId) * holdMicros) / 1e6) * 1e6) / 1e6;
const started = Date.now();
for (let i = 0; i < requests.length; i += 500)
  await Promise.all(
    requests.slice(i, i + 500).map((r) =>
      bus.publish(EVENTS.generationCompleted, {
        requestId: r.requestId,
        userId: r.dev.userId,
        model: MODEL,
        inputTokens: 1000n,
        outputTokens: 2000n,
        finishReason: "stop",
      }),
    ),
  );
const published = Date.now();
let settledAt = 0;
let balances = [];
const deadline = Date.now() + 600_000;
while (Date.now() < deadline) {
  balances = await Promise.all(devs.map((d) => d.balance()));
  if (balances.every((b, i) => Math.abs(b - expected(devs[i])) < 1e-9)) {
    settledAt = Date.now();
    break;
  }
  await sleep(100);
}
// Every hold is settled: the next authorisation of each wallet sees its whole balance available again.
const available = await Promise.all(
  devs.map(async (d) => Number((await authorize({ requestId: randomUUID(), dev: d })).availableMicros) / 1e6),
);
await bus.close();
const seconds = ((settledAt || Date.now()) - started) / 1000;
const publishSeconds = Math.max(0.001, (published - started) / 1000);
const wrong = devs.filter((d, i) => Math.abs(balances[i] - expected(d)) > 1e-9);
console.log(
  `metering: ${N} usage events over ${USERS} wallets, published in ${publishSeconds.toFixed(1)} s ` +
    `(${(N / publishSeconds).toFixed(0)} events/s, the baseline); every balance settled after ${seconds.toFixed(1)} s → ` +
    `${(N / seconds).toFixed(0)} events/s settled (goal ≥ 1,000; ${(N / seconds / (N / publishSeconds)).toFixed(2)}× the publish rate); ` +
    `${USERS - wrong.length} of ${USERS} balances as the ledger expects (e.g. $${balances[0]} = $${devs[0].start} − ` +
    `${perUser.get(devs[0].userId)} × $${holdMicros / 1e6})`,
);
const heldLeft = available.map((a, i) => Math.abs(a - (expected(devs[i]) - holdMicros / 1e6)) > 1e-9);
console.log(
  `holds: ${heldLeft.filter((x) => !x).length} of ${USERS} wallets have every metered hold released (available = balance − the one new hold)`,
);
if (!settledAt || wrong.length || heldLeft.some(Boolean)) process.exitCode = 1;
