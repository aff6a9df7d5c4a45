// The BFF's published API hop, the way it was (express with the chassis's middlewares, edgeHeaders() and
// http-proxy-middleware: bff/test/support/published-servers.ts keeps it as the reference) beside the way it is
// (bff/src/http/published-api.ts, answered before express), in one run: a fake generation service streaming 20 SSE
// events per completion (a process of its own), both ways in one BFF process (a child: its CPU is read with
// process.cpuUsage), and this process as the client, 64 streamed completions at a time over keep-alive connections,
// the ways taking turns. With Redis (REDIS_URL, default the dev profile's) every request makes the per-address
// check as in production (API_RATE_PER_IP); without it, none. A plain node:http proxy in the same process, for
// scale. Prints the BFF's CPU per request and req/s per way.
//   npm run build:ts && node loadtests/bff-edge-bench.mjs      (BENCH_REQUESTS per way, default 20000; BENCH_ROUNDS 4)
import { fork } from "node:child_process";
import { openSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { concurrently } from "./lib/concurrently.mjs";

const SELF = fileURLToPath(import.meta.url);
const EVENTS = 20;
const CONCURRENCY = 64;
const API = "/apps/api/v1/chat/completions";
const role = process.argv[2];

/** A child's messages, one at a time: `ask` sends one and resolves its answer. */
function channel(child) {
  const waiting = [];
  child.on("message", (m) => waiting.shift()?.(m));
  return (msg) => new Promise((resolve) => (waiting.push(resolve), child.send(msg)));
}

if (role === "upstream") {
  // generation's chat completions, streamed: 20 chunk events and [DONE], one write each.
  const chunk = (i) =>
    `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,"model":"genui-pluto-0.1",` +
    `"choices":[{"index":0,"delta":{"content":"piece ${String(i).padStart(2, "0")} of the code "},"finish_reason":null}]}\n\n`;
  const events = Array.from({ length: EVENTS }, (_, i) => chunk(i));
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
      for (const e of events) res.write(e);
      res.end("data: [DONE]\n\n");
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => process.send({ url: `http://127.0.0.1:${server.address().port}` }));
} else if (role === "bff") {
  // Both ways in this one process, as the BFF builds them; the access log at info goes to stdout (/dev/null here).
  const chassis = await import("../packages/chassis/dist/src/index.js");
  const { RateLimiter } = await import("../bff/dist/src/session/rate-limit.js");
  const { publishedServer } = await import("../bff/dist/test/support/published-servers.js");
  const { target, redisUrl } = JSON.parse(process.argv[3]);
  const logger = chassis.createLogger("bff", "info");
  let redis;
  let prefix;
  const limits = {};
  if (redisUrl) {
    redis = chassis.createRedis(redisUrl, "bff-edge-bench", chassis.createLogger("bff", "silent"));
    prefix = `bff-edge-bench-${process.pid}:`;
    limits.limiter = new RateLimiter(redis, prefix);
    limits.perIp = { max: 1e9, windowSeconds: 600 };
  } else limits.limiter = {};
  const ways = {};
  for (const way of ["express", "lean"]) {
    const metrics = new chassis.Metrics("bff");
    const tracing = chassis.startTracing("bff", {});
    ways[way] = (await publishedServer(way, { target, ...limits, logger, metrics, tracing })).url;
  }
  // For scale: a plain node:http proxy with no work of its own (loadtests/floor/hop.mjs's edge), no Redis, no log.
  const t = new URL(target);
  const plainAgent = new http.Agent({ keepAlive: true, maxSockets: 2048, timeout: 4_000 });
  const plain = http.createServer((req, res) => {
    const up = http.request(
      { host: t.hostname, port: t.port, path: req.url, method: req.method, headers: req.headers, agent: plainAgent },
      (ans) => {
        res.writeHead(ans.statusCode, ans.headers);
        ans.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  await new Promise((r) => plain.listen(0, "127.0.0.1", r));
  ways.plain = `http://127.0.0.1:${plain.address().port}`;
  process.on("message", async (m) => {
    if (m === "cpu") return process.send(process.cpuUsage());
    if (m === "stop") {
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
      process.send("stopped");
      process.exit(0);
    }
  });
  process.send({ ways });
} else {
  const N = Number(process.env.BENCH_REQUESTS ?? 20_000);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
  const redisUrl = await reachableRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6380");

  const upstream = fork(SELF, ["upstream"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { url: target } = await new Promise((r) => upstream.once("message", r));
  const devNull = openSync("/dev/null", "w");
  const bff = fork(SELF, ["bff", JSON.stringify({ target, redisUrl })], { stdio: ["ignore", devNull, "inherit", "ipc"] });
  const ask = channel(bff);
  const { ways } = await new Promise((r) => bff.once("message", r));
  const stop = () => {
    upstream.kill();
    bff.kill();
  };
  process.on("exit", stop);

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = JSON.stringify({ model: "genui-pluto-0.1", messages: [{ role: "user", content: "a to-do list" }], stream: true });

  /** One streamed completion, read to its end; it must hold every event. */
  const complete = (base) =>
    new Promise((resolve, reject) => {
      const u = new URL(base);
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          path: API,
          method: "POST",
          agent,
          headers: {
            authorization: "Bearer gk_live_bench",
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let events = 0;
          let tail = "";
          res.setEncoding("utf8");
          res.on("data", (d) => {
            const text = tail + d;
            events += text.split("\n\n").length - 1;
            tail = text.slice(text.lastIndexOf("\n\n") + 2);
          });
          res.on("end", () =>
            res.statusCode === 200 && events === EVENTS + 1
              ? resolve()
              : reject(new Error(`answer ${res.statusCode} with ${events} events`)),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  /** `n` completions through `base`, CONCURRENCY at a time: the BFF's CPU (µs) and the wall time (ms). */
  async function run(base, n) {
    const cpu0 = await ask("cpu");
    const t0 = performance.now();
    await concurrently(n, CONCURRENCY, () => complete(base));
    const wall = performance.now() - t0;
    const cpu1 = await ask("cpu");
    return { cpu: cpu1.user - cpu0.user + (cpu1.system - cpu0.system), wall, n };
  }

  const NAMES = {
    express: "express + http-proxy-middleware (before)",
    lean: "lean listener (now)",
    plain: "plain node:http proxy (for scale)",
  };
  const totals = Object.fromEntries(Object.keys(NAMES).map((w) => [w, { cpu: 0, wall: 0, n: 0 }]));
  for (const way of Object.keys(NAMES)) await run(ways[way], Math.min(2_000, N)); // warm-up
  const per = Math.ceil(N / ROUNDS);
  for (let round = 0; round < ROUNDS; round++)
    for (const way of round % 2 ? ["plain", "lean", "express"] : ["express", "lean", "plain"]) {
      const r = await run(ways[way], per);
      for (const k of ["cpu", "wall", "n"]) totals[way][k] += r[k];
    }
  await ask("stop");
  agent.destroy();
  stop();

  console.log(
    `${ROUNDS} rounds of ${per} streamed completions (${EVENTS} events each) per way, ${CONCURRENCY} at a time; ` +
      (redisUrl ? `per-address check in Redis (${redisUrl}) on every request` : "no Redis: no limit checks"),
  );
  const rows = {};
  for (const [way, t] of Object.entries(totals)) {
    rows[way] = { msPerRequest: t.cpu / 1000 / t.n, perSecond: t.n / (t.wall / 1000) };
    console.log(
      `${NAMES[way].padEnd(42)} ${rows[way].msPerRequest.toFixed(3)} ms of the BFF's CPU per request, ` +
        `${rows[way].perSecond.toFixed(0)} req/s`,
    );
  }
  console.log(
    `now: ${(rows.lean.msPerRequest / rows.express.msPerRequest).toFixed(2)}× the CPU per request, ` +
      `${(rows.lean.perSecond / rows.express.perSecond).toFixed(2)}× the req/s of before; ` +
      `${(rows.lean.msPerRequest / rows.plain.msPerRequest).toFixed(2)}× the plain proxy's CPU per request`,
  );
  process.exit(0);
}

/** The Redis URL when something answers PING there, else undefined (the bench then runs without limit checks). */
async function reachableRedis(url) {
  const { Redis } = await import("ioredis");
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => undefined);
  try {
    await r.connect();
    await r.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    r.disconnect();
  }
}
