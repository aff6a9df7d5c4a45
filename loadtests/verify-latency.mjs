// apps.keys.verify round trips over NATS from a client process, as the generation API makes them: signs up, creates
// an app through the BFF, then asks for its key N times (cache warm) and prints p50/p99.
import { createRequire } from "node:module";
import { signedUpSession } from "../scripts/lib/browser-session.mjs";
import { LOCAL } from "./lib/topology.mjs";

const require = createRequire(import.meta.url);
const { MessageBus, connectNats, createLogger } = require("../packages/chassis/dist/src/index.js");
const { COMMANDS } = require("../proto/dist/src/index.js");

const N = Number(process.env.N ?? 5000);

const { call } = await signedUpSession(LOCAL.base, "verify");
const app = await (await call("POST", "/apps/api/v1/create/", { url: `https://verify-${Date.now()}.example.com` })).json();

const logger = createLogger("verify-bench", "silent");
const bus = new MessageBus(await connectNats(LOCAL.nats, "verify-bench", logger), { prefix: "", source: "verify-bench", logger });
await bus.request(COMMANDS.verifyKey, { apiKey: app.api_key });
const times = [];
for (let i = 0; i < N; i++) {
  const t = process.hrtime.bigint();
  await bus.request(COMMANDS.verifyKey, { apiKey: app.api_key });
  times.push(Number(process.hrtime.bigint() - t) / 1e6);
}
await bus.close();
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(
  `apps.keys.verify (${N} sequential round trips over NATS): p50 ${q(0.5).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms`,
);
