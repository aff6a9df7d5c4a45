// Billing on the running platform.
// 1. Authorisation: sequential billing.balance.authorize round trips over NATS (p50/p99), against a baseline measured
//    in the same run: a core NATS request/reply to an echo responder in this process (the transport's floor).
// 2. Metering: N generation.completed events over U users published at once, timed until billing.balance.changed
//    events account for every debit (events/s settled), then the wallets are checked through the API and the store.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { signedUpSession } from "./lib/browser-session.mjs";

const require = createRequire(import.meta.url);
const { MessageBus, connectNats, createLogger } = require("../packages/chassis/dist/src/index.js");
const { COMMANDS, EVENTS, EventEnvelopeSchema, BalanceChangedSchema } = require("../proto/dist/src/index.js");
const { fromBinary } = require("@bufbuild/protobuf");

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const NATS = process.env.NATS_URL ?? "nats://127.0.0.1:4223";
const N_AUTH = Number(process.env.N_AUTH ?? 5000);
const N_EVENTS = Number(process.env.N_EVENTS ?? 10000);
const USERS = Number(process.env.N_USERS ?? 50);
const COST = 4500; // 1,000 input + 2,000 output tokens of genui-pluto-0.1 in micro-dollars

const { call, userId } = await signedUpSession(BASE, "billing");
const logger = createLogger("billing-bench", "silent");
const bus = new MessageBus(await connectNats(NATS, "billing-bench", logger), { prefix: "", source: "billing-bench", logger });

const quantiles = (times) => {
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: q(0.5), p99: q(0.99) };
};
const timeLoop = async (n, fn) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return quantiles(times);
};

// Baseline: the same kind of round trip through the same NATS server to a responder that only echoes.
const echoSubject = `bench.echo.${randomUUID()}`;
const echo = bus.nc.subscribe(echoSubject, { callback: (_err, m) => m.respond(m.data) });
const payload = new Uint8Array(64);
await timeLoop(200, () => bus.nc.request(echoSubject, payload));
const base = await timeLoop(N_AUTH, () => bus.nc.request(echoSubject, payload));
echo.unsubscribe();

// Authorisation: zero-token requests hold nothing, so a new wallet can take every one through the full path.
await timeLoop(200, () => bus.request(COMMANDS.authorizeBalance, { requestId: randomUUID(), userId, model: "genui-pluto-0.1" }));
const auth = await timeLoop(N_AUTH, async () => {
  const r = await bus.request(COMMANDS.authorizeBalance, { requestId: randomUUID(), userId, model: "genui-pluto-0.1" });
  if (!r.authorized) throw new Error("authorisation refused");
});
console.log(
  `NATS request/reply to an echo responder (baseline, ${N_AUTH} sequential): p50 ${base.p50.toFixed(3)} ms, p99 ${base.p99.toFixed(3)} ms`,
);
console.log(
  `billing.balance.authorize (${N_AUTH} sequential over NATS): p50 ${auth.p50.toFixed(3)} ms, p99 ${auth.p99.toFixed(3)} ms ` +
    `(${(auth.p50 / base.p50).toFixed(2)}× / ${(auth.p99 / base.p99).toFixed(2)}× the baseline; goal p99 ≤ 5 ms)`,
);

// Metering: the session user plus USERS-1 more wallets (created lazily by billing), round robin.
const users = [userId, ...Array.from({ length: USERS - 1 }, () => `bench-${randomUUID()}`)];
const mine = new Set(users);
let settledMicros = 0;
let settledAt = 0;
const target = N_EVENTS * COST;
let resolveDone;
const done = new Promise((r) => (resolveDone = r));
const watch = bus.nc.subscribe(bus.subject(EVENTS.balanceChanged.subject), {
  callback: (_err, m) => {
    const env = fromBinary(EventEnvelopeSchema, m.data);
    const e = fromBinary(BalanceChangedSchema, env.payload);
    if (!mine.has(e.userId)) return;
    settledMicros -= Number(e.deltaMicros);
    if (settledMicros >= target && !settledAt) {
      settledAt = Date.now();
      resolveDone();
    }
  },
});
await bus.nc.flush();
const started = Date.now();
const ids = Array.from({ length: N_EVENTS }, (_, i) => ({ requestId: randomUUID(), userId: users[i % users.length] }));
for (let i = 0; i < ids.length; i += 500)
  await Promise.all(
    ids.slice(i, i + 500).map((x) =>
      bus.publish(EVENTS.generationCompleted, {
        ...x,
        model: "genui-pluto-0.1",
        inputTokens: 1000n,
        outputTokens: 2000n,
        finishReason: "stop",
      }),
    ),
  );
const published = Date.now();
let timer;
await Promise.race([done, new Promise((r) => (timer = setTimeout(r, 600_000)))]);
clearTimeout(timer);
watch.unsubscribe();
const seconds = ((settledAt || Date.now()) - started) / 1000;
const balance = (await (await call("GET", "/billing/api/v1/balance")).json()).balance;
const expected = -((N_EVENTS / USERS) * COST) / 1e6;
await bus.close();
console.log(
  `metering: ${N_EVENTS} events over ${USERS} wallets, published in ${((published - started) / 1000).toFixed(1)} s (${(N_EVENTS / ((published - started) / 1000)).toFixed(0)} events/s publish rate, the baseline), ` +
    `all settled after ${seconds.toFixed(1)} s → ${(N_EVENTS / seconds).toFixed(0)} events/s settled (goal ≥ 1,000); ` +
    `debits seen ${settledMicros} of ${target} micro-dollars; the session user's balance ${balance} (expected ${expected})`,
);
if (!settledAt || Math.abs(balance - expected) > 1e-9) process.exitCode = 1;
