// The generation path's mandated hops and nothing else, one process per role, for loadtests/floor-bench.mjs: what
// the machine can move through BFF → API → queue → worker → upstream → NATS → API → BFF when no hop does any work of
// its own (no keys, limits, holds, screens, logs or metrics). Each role uses the library the platform uses for it,
// with the platform's options where they change its cost (NATS without async traces, as the chassis connects).
//
//   node loadtests/floor/hop.mjs <role> (env below)
//   edge     HTTP proxy (the BFF's hop): PORT, TARGET_URL; pipes requests and answers, keep-alive both ways.
//   api      PORT, UPSTREAM_URL, MODE: "upstream" (calls the upstream itself and relays its bytes) or "queue" (a
//            BullMQ job per request, the worker's chunks back over core NATS); AUTHORIZE=1: a NATS request/reply
//            to the "billing" role first (the hold's hop).
//   worker   BullMQ worker: calls the upstream, publishes what it reads on the request's NATS subject (one message
//            per read), then an empty message; USAGE=1: the usage event on JetStream, acknowledged, before that.
//   billing  answers the API's NATS requests at once.
// REDIS_URL, NATS_URL, PREFIX (queue, subjects and stream names). Loopback only.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { connect, headers as natsHeaders } from "nats";

const role = process.argv[2];
const env = process.env;
const PREFIX = env.PREFIX ?? "floor";
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096, timeout: 4_000 });
const redis = () => new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const ready = (what) => process.stdout.write(`ready ${what}\n`);

/** POSTs `body` to `url` and hands the answer to `onResponse`. */
function post(url, body, onResponse, onError) {
  const u = new URL(url);
  const req = http.request(
    { host: u.hostname, port: u.port, path: u.pathname, method: "POST", agent, headers: { "content-type": "application/json" } },
    onResponse,
  );
  req.on("error", onError);
  req.end(body);
}

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };

if (role === "edge") {
  const target = new URL(env.TARGET_URL);
  http
    .createServer((req, res) => {
      const up = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
        (ans) => {
          res.writeHead(ans.statusCode, ans.headers);
          ans.pipe(res);
        },
      );
      up.on("error", () => res.destroy());
      req.pipe(up);
    })
    .listen(Number(env.PORT), "127.0.0.1", () => ready("edge"));
} else if (role === "api") {
  const nc = await connect({ servers: env.NATS_URL, noAsyncTraces: true });
  const queue = env.MODE === "queue" ? new Queue(`${PREFIX}-jobs`, { connection: redis() }) : undefined;
  http
    .createServer((req, res) => {
      const parts = [];
      req.on("data", (d) => parts.push(d));
      req.on("end", async () => {
        const body = Buffer.concat(parts).toString("utf8");
        try {
          if (env.AUTHORIZE === "1") await nc.request(`${PREFIX}.authorize`, new Uint8Array(0), { timeout: 3_000 });
          if (!queue) {
            post(
              env.UPSTREAM_URL,
              body,
              (ans) => {
                res.writeHead(200, SSE_HEADERS);
                ans.pipe(res);
              },
              () => res.destroy(),
            );
            return;
          }
          const id = randomUUID();
          res.writeHead(200, SSE_HEADERS);
          // Subscribed (and the server told) before the job exists, so no chunk can be missed.
          const sub = nc.subscribe(`${PREFIX}.chunk.${id}`, {
            callback: (err, m) => {
              if (err || m.data.length === 0) {
                sub.unsubscribe();
                res.end();
                return;
              }
              res.write(m.data);
            },
          });
          await nc.flush();
          await queue.add("generate", { id, body }, { jobId: id, removeOnComplete: true, removeOnFail: true });
          // As the platform's API does once a request is queued: the first bytes say it was accepted.
          res.write(": accepted\n\n");
        } catch {
          res.destroy();
        }
      });
    })
    .listen(Number(env.PORT), "127.0.0.1", () => ready("api"));
} else if (role === "worker") {
  const nc = await connect({ servers: env.NATS_URL, noAsyncTraces: true });
  const js = nc.jetstream();
  if (env.USAGE === "1") {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: `${PREFIX.toUpperCase()}_USAGE`, subjects: [`${PREFIX}.usage`] }).catch(() => undefined);
  }
  const worker = new Worker(
    `${PREFIX}-jobs`,
    (job) =>
      new Promise((resolve, reject) => {
        const subject = `${PREFIX}.chunk.${job.data.id}`;
        post(
          env.UPSTREAM_URL,
          job.data.body,
          (ans) => {
            ans.on("data", (d) => nc.publish(subject, d));
            ans.on("end", async () => {
              try {
                if (env.USAGE === "1") {
                  const h = natsHeaders();
                  h.set("Nats-Msg-Id", job.data.id);
                  await js.publish(`${PREFIX}.usage`, new TextEncoder().encode(job.data.id), { headers: h });
                }
                nc.publish(subject, new Uint8Array(0));
                resolve("done");
              } catch (err) {
                reject(err);
              }
            });
          },
          reject,
        );
      }),
    { connection: redis(), concurrency: Number(env.CONCURRENCY ?? 1000) },
  );
  await worker.waitUntilReady();
  ready("worker");
} else if (role === "billing") {
  const nc = await connect({ servers: env.NATS_URL, noAsyncTraces: true });
  nc.subscribe(`${PREFIX}.authorize`, { queue: "billing", callback: (_err, m) => m.respond(new Uint8Array([1])) });
  await nc.flush();
  ready("billing");
} else {
  console.error(`unknown role ${role}`);
  process.exit(2);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => process.exit(0));
