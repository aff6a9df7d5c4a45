// Billing on the running platform: balance authorisation round trips over NATS (p50/p99), then metering throughput —
// N generation.completed events published at once, timed until the wallet shows every debit.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { signedUpSession } from "./lib/browser-session.mjs";

const require = createRequire(import.meta.url);
const { MessageBus, connectNats, createLogger } = require("../packages/chassis/dist/src/index.js");
const { COMMANDS, EVENTS } = require("../proto/dist/src/index.js");

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const NATS = process.env.NATS_URL ?? "nats://127.0.0.1:4223";
const N_AUTH = Number(process.env.N_AUTH ?? 2000);
const N_EVENTS = Number(process.env.N_EVENTS ?? 2000);

const { call, userId } = await signedUpSession(BASE, "billing");

const logger = createLogger("billing-bench", "silent");
const bus = new MessageBus(await connectNats(NATS, "billing-bench", logger), { prefix: "", source: "billing-bench", logger });

// Authorisation: zero-token requests hold nothing, so a new wallet can take every one of them through the full path.
await bus.request(COMMANDS.authorizeBalance, { requestId: randomUUID(), userId, model: "genui-pluto-0.1" });
const times = [];
for (let i = 0; i < N_AUTH; i++) {
  const t = process.hrtime.bigint();
  const r = await bus.request(COMMANDS.authorizeBalance, { requestId: randomUUID(), userId, model: "genui-pluto-0.1" });
  times.push(Number(process.hrtime.bigint() - t) / 1e6);
  if (!r.authorized) throw new Error("authorisation refused");
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(
  `billing.balance.authorize (${N_AUTH} sequential round trips over NATS): p50 ${q(0.5).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms`,
);

// Metering: 1,000 input + 2,000 output tokens of genui-pluto-0.1 cost 4,500 micro-dollars each.
const started = Date.now();
const ids = Array.from({ length: N_EVENTS }, () => randomUUID());
for (let i = 0; i < ids.length; i += 200)
  await Promise.all(
    ids.slice(i, i + 200).map((requestId) =>
      bus.publish(EVENTS.generationCompleted, {
        requestId,
        userId,
        model: "genui-pluto-0.1",
        inputTokens: 1000n,
        outputTokens: 2000n,
        finishReason: "stop",
      }),
    ),
  );
const published = Date.now();
const target = -(N_EVENTS * 4500) / 1e6;
let balance = 0;
while (Date.now() - started < 600_000) {
  balance = (await (await call("GET", "/billing/api/v1/balance")).json()).balance;
  if (Math.abs(balance - target) < 1e-9) break;
  await new Promise((r) => setTimeout(r, 200));
}
const done = Date.now();
await bus.close();
console.log(
  `metering: ${N_EVENTS} events published in ${((published - started) / 1000).toFixed(1)} s, all settled after ${((done - started) / 1000).toFixed(1)} s → ${(N_EVENTS / ((done - started) / 1000)).toFixed(0)} events/s settled; balance ${balance} (expected ${target})`,
);
