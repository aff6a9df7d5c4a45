// What tracing costs on the bus: N sequential NATS request/replies (apps.keys.verify shape) between two buses, with
// tracing off and with it on (a CLIENT and a SERVER span per request, traceparent in the headers, spans batched to
// an OTLP endpoint), alternated so drift affects both. Needs the built chassis (npm run build:ts) and a NATS server.
//
//   NATS_URL=nats://127.0.0.1:14223 OTLP_URL=http://127.0.0.1:4318 N=2000 node loadtests/tracing-bench.mjs
//
// Without OTLP_URL the spans go to an exporter that drops them (measures the spans and headers alone).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// CHASSIS_DIST: another build of the chassis (e.g. before tracing) for the "off" figures.
const chassis = require(process.env.CHASSIS_DIST ?? "../packages/chassis/dist/src/index.js");
const { COMMANDS } = require("../proto/dist/src/index.js");

const natsUrl = process.env.NATS_URL ?? "nats://127.0.0.1:4223";
const n = Number(process.env.N ?? 2000);
const rounds = Number(process.env.ROUNDS ?? 3);
const logger = chassis.createLogger("tracing-bench", "silent");

const dropping = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined };
function tracing(service) {
  if (!process.env.OTLP_URL) return chassis.tracingTo(service, dropping, true);
  return chassis.startTracing(service, { OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTLP_URL });
}
if (process.env.OTLP_URL) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = process.env.OTLP_URL;

async function pair(traced) {
  const prefix = `bench${Date.now()}${traced ? "t" : "u"}.`;
  const make = async (name) =>
    new chassis.MessageBus(await chassis.connectNats(natsUrl, name, logger), {
      prefix,
      source: name,
      logger,
      ...(traced ? { tracing: tracing(name) } : {}),
    });
  const client = await make("generation");
  const server = await make("apps");
  server.serve(COMMANDS.verifyKey, async (req) => ({
    appId: "a",
    ownerId: req.apiKey,
    status: "active",
    websiteUrl: "",
    kind: "secret",
  }));
  await server.flush();
  return { client, server, tracer: traced ? tracing("bench-outer").tracer : undefined };
}

async function run({ client, tracer }) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const call = () => client.request(COMMANDS.verifyKey, { apiKey: `k${i}` });
    if (tracer) await chassis.inSpan(tracer, "request", {}, call);
    else await call();
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / n;
}

const off = await pair(false);
const on = await pair(true);
await run(off);
await run(on); // warm-up
const results = { off: [], on: [] };
for (let r = 0; r < rounds; r++) {
  results.off.push(await run(off));
  results.on.push(await run(on));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const offMs = median(results.off);
const onMs = median(results.on);
console.log(
  JSON.stringify({
    requests: n,
    rounds,
    exporter: process.env.OTLP_URL ? `otlp ${process.env.OTLP_URL}` : "dropping",
    offMsPerRequest: Number(offMs.toFixed(4)),
    onMsPerRequest: Number(onMs.toFixed(4)),
    ratio: Number((onMs / offMs).toFixed(3)),
    rawOff: results.off.map((x) => Number(x.toFixed(4))),
    rawOn: results.on.map((x) => Number(x.toFixed(4))),
  }),
);
for (const { client, server } of [off, on]) {
  await client.close();
  await server.close();
}
process.exit(0);
