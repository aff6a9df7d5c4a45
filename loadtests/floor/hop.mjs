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
//            SCREEN=1: also the work no GenUI answer can do without — reads the answer's content out of the upstream's
//            events and evaluates it once in the platform's sandbox (its worker threads, the worker's defaults), the
//            screen sent as an event of its own before the answer's [DONE].
//   billing  answers the API's NATS requests at once. METER=1 (with MONGO_URL): also the least a prepaid balance
//            needs — the hold counted atomically in Redis before the answer, and each usage event read from
//            JetStream (a durable consumer), its hold released and its charge written to the store, acknowledged
//            after the write.
// GUARDS=1 (every role; the `guarded` row, with SCREEN and METER): also the serial steps the platform's guarantees put
//            on one answer's path, each doing the platform's own work for it and nothing else — the edge's address
//            budget (the BFF's RateLimiter script, its two checks) before the forward; in the API the caller's capacity
//            (generation's Capacity script: rate, open answers, the owner's share) before the hold, released when the
//            answer ends, and the answer's resume record written with the enqueue; in the worker the cancel flag read
//            before the upstream is called, and each read appended to the answer's resume log (a Redis stream, its
//            expiry set at the first append) before it is published. What it still leaves out is the platform's work
//            that is not a serial step of a guarantee: key lookups (remembered in the process), logs, metrics, traces,
//            compression, the answer as `{code, json}` pieces.
// REDIS_URL, NATS_URL, PREFIX (queue, subjects and stream names). Loopback only.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { AckPolicy, connect, headers as natsHeaders } from "nats";

const role = process.argv[2];
const env = process.env;
// The platform's listen backlog (hops.mjs passes the chassis's LISTEN_BACKLOG); Node's default without it.
const BACKLOG = Number(env.LISTEN_BACKLOG ?? 511);
const PREFIX = env.PREFIX ?? "floor";
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096, timeout: 4_000 });
const redis = () => new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
/** The repository: the platform's own parts (its sandbox, scripts) are loaded from their built code. */
const ROOT = new URL("../../", import.meta.url).pathname;
const ready = (what) => process.stdout.write(`ready ${what}\n`);
/** Run before the process exits on SIGTERM / SIGINT: what a hop leaves behind is dropped. */
const atExit = [];

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
  const forward = (req, res) => {
    const up = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
      (ans) => {
        res.writeHead(ans.statusCode, ans.headers);
        ans.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  };
  const budget = env.GUARDS === "1" ? await addressBudget() : undefined;
  http
    .createServer(
      budget
        ? // Over the budget: 429; Redis not answering: 503 (as the BFF answers); nothing forwarded either way.
          (req, res) =>
            budget().then(
              (stopped) => (stopped ? res.writeHead(429).end() : forward(req, res)),
              () => res.writeHead(503).end(),
            )
        : forward,
    )
    .listen({ port: Number(env.PORT), host: "127.0.0.1", backlog: BACKLOG }, () => ready("edge"));
} else if (role === "api") {
  const nc = await connect({ servers: env.NATS_URL, noAsyncTraces: true });
  const queue = env.MODE === "queue" ? new Queue(`${PREFIX}-jobs`, { connection: redis() }) : undefined;
  const guards = env.GUARDS === "1" ? await capacityGuard() : undefined;
  const bookkeeping = guards ? redis() : undefined;
  http
    .createServer((req, res) => {
      const parts = [];
      req.on("data", (d) => parts.push(d));
      req.on("end", async () => {
        const body = Buffer.concat(parts).toString("utf8");
        let place;
        try {
          if (guards) {
            place = await guards.acquire(randomUUID());
            if (!place.release) {
              res.writeHead(429).end();
              return;
            }
          }
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
                void place?.release();
                res.end();
                return;
              }
              res.write(m.data);
            },
          });
          await nc.flush();
          const enqueued = queue.add("generate", { id, body }, { jobId: id, removeOnComplete: true, removeOnFail: true });
          // The platform's resume record of a streamed answer goes with its enqueue, both awaited before the stream.
          if (bookkeeping)
            await Promise.all([bookkeeping.set(`${PREFIX}:answer:${id}`, body.slice(0, 200), "EX", 600), enqueued]);
          else await enqueued;
          // As the platform's API does once a request is queued: the first bytes say it was accepted.
          res.write(": accepted\n\n");
        } catch {
          void place?.release();
          res.destroy();
        }
      });
    })
    .listen({ port: Number(env.PORT), host: "127.0.0.1", backlog: BACKLOG }, () => ready("api"));
} else if (role === "worker") {
  const nc = await connect({ servers: env.NATS_URL, noAsyncTraces: true });
  const sandbox = env.SCREEN === "1" ? await startSandbox() : undefined;
  const js = nc.jetstream();
  if (env.USAGE === "1") {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: `${PREFIX.toUpperCase()}_USAGE`, subjects: [`${PREFIX}.usage`] }).catch(() => undefined);
  }
  const guards = env.GUARDS === "1" ? redis() : undefined;
  const worker = new Worker(
    `${PREFIX}-jobs`,
    async (job) => {
      const subject = `${PREFIX}.chunk.${job.data.id}`;
      const log = guards ? new ResumeLog(guards, `${PREFIX}:answer:${job.data.id}:events`) : undefined;
      // The cancel flag the API sets when its client goes away before the job starts.
      if (guards && (await guards.get(`${PREFIX}:cancel:${job.data.id}`))) return "cancelled";
      // Each piece is in the answer's resume log before it is published (a client never reads what a resume cannot).
      const send = (piece) => (log ? log.append(piece).then(() => nc.publish(subject, piece)) : nc.publish(subject, piece));
      return new Promise((resolve, reject) => {
        const screen = sandbox ? new AnswerScreen() : undefined;
        let sent = Promise.resolve();
        post(
          env.UPSTREAM_URL,
          job.data.body,
          (ans) => {
            ans.on("data", (d) => {
              const piece = screen ? screen.read(d) : d;
              // An empty message ends the answer: a read that held only the upstream's [DONE] sends nothing.
              if (piece.length === 0) return;
              if (log) sent = sent.then(() => send(piece));
              else nc.publish(subject, piece);
            });
            ans.on("end", async () => {
              try {
                await sent;
                if (screen) await send(Buffer.from(await screen.end(sandbox)));
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
      });
    },
    { connection: redis(), concurrency: Number(env.CONCURRENCY ?? 1000) },
  );
  await worker.waitUntilReady();
  ready("worker");
} else if (role === "billing") {
  const nc = await connect({ servers: env.NATS_URL, noAsyncTraces: true });
  if (env.METER === "1") await meter(nc);
  else nc.subscribe(`${PREFIX}.authorize`, { queue: "billing", callback: (_err, m) => m.respond(new Uint8Array([1])) });
  await nc.flush();
  ready("billing");
} else {
  console.error(`unknown role ${role}`);
  process.exit(2);
}
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => Promise.all(atExit.map((f) => f().catch(() => undefined))).then(() => process.exit(0)));

/** The platform's sandbox (`createThreadedEvaluator`) with the worker's default options, loaded before the first job. */
async function startSandbox() {
  const { createThreadedEvaluator } = await import(`${ROOT}packages/ui-runtime/dist/src/node.js`);
  const sandbox = createThreadedEvaluator({ threads: 2, timeoutMs: 100, marginMs: 100, memoryBytes: 32 * 1024 * 1024 });
  await Promise.all([sandbox.evaluate('text("ready")'), sandbox.evaluate('text("ready")')]);
  return sandbox;
}

/**
 * One answer's content as the upstream streams it: its events' deltas put together, the upstream's bytes passed on
 * as they came except its closing [DONE], which follows the screen (`end`).
 */
class AnswerScreen {
  text = "";
  content = "";
  id = "";
  read(bytes) {
    this.text += bytes.toString("utf8");
    let cut;
    while ((cut = this.text.indexOf("\n\n")) >= 0) {
      const event = this.text.slice(0, cut);
      this.text = this.text.slice(cut + 2);
      if (!event.startsWith("data: ") || event === "data: [DONE]") continue;
      const chunk = JSON.parse(event.slice(6));
      this.id = chunk.id;
      this.content += chunk.choices?.[0]?.delta?.content ?? "";
    }
    const at = bytes.indexOf("data: [DONE]");
    return at < 0 ? bytes : bytes.subarray(0, at);
  }
  async end(sandbox) {
    const result = await sandbox.evaluate(this.content);
    const screen = result.ok ? result.screen : { error: result.error.message };
    return `data: ${JSON.stringify({ id: this.id, object: "chat.completion.chunk", choices: [], screen })}\n\ndata: [DONE]\n\n`;
  }
}

/**
 * billing's least work for a prepaid balance: each hold counted atomically in Redis (INCRBY on the wallet's held
 * amount) before it is answered; each usage event read from JetStream by a durable consumer, its hold released
 * (DECRBY) and its charge written to the store (in batches as billing's metering writes them), acknowledged after.
 */
async function meter(nc) {
  const { MongoClient } = await import("mongodb");
  const mongo = new MongoClient(env.MONGO_URL);
  const db = mongo.db(`${PREFIX}_billing`);
  const ledger = db.collection("ledger");
  const r = redis();
  const held = `${PREFIX}:wallet:held`;
  nc.subscribe(`${PREFIX}.authorize`, {
    queue: "billing",
    callback: (_err, m) => {
      r.incrby(held, 1).then(
        () => m.respond(new Uint8Array([1])),
        () => m.respond(new Uint8Array([0])),
      );
    },
  });
  const stream = `${PREFIX.toUpperCase()}_USAGE`;
  const jsm = await nc.jetstreamManager();
  atExit.push(async () => {
    await db.dropDatabase();
    await jsm.streams.delete(stream);
  });
  await jsm.streams.add({ name: stream, subjects: [`${PREFIX}.usage`] }).catch(() => undefined);
  // As billing's metering consumer (METERING_OPTIONS): batches of up to 1,000 events, one at a time, a partial
  // batch written after 250 ms.
  await jsm.consumers.add(stream, { durable_name: "billing", ack_policy: AckPolicy.Explicit, max_ack_pending: 4000 });
  const messages = await (await nc.jetstream().consumers.get(stream, "billing")).consume({ max_messages: 2000 });
  const MAX_BATCH = 1000;
  let batch = [];
  let writing = false;
  let timer;
  const write = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (writing || batch.length === 0) return;
    writing = true;
    const taken = batch.splice(0, MAX_BATCH);
    const docs = taken.map((m) => ({ _id: new TextDecoder().decode(m.data), amount: -1, at: new Date() }));
    try {
      // A repeated event (its Nats-Msg-Id already charged) is one key the store refuses: the rest are written.
      await ledger.insertMany(docs, { ordered: false }).catch((err) => {
        if (err?.code !== 11000 && !err?.writeErrors) throw err;
      });
      // The holds are released once their charges are kept (an event written again is released again: a benchmark's
      // counter, not a wallet).
      await r.decrby(held, taken.length);
      for (const m of taken) m.ack();
    } catch (err) {
      console.error(err);
      for (const m of taken) m.nak();
    }
    writing = false;
    if (batch.length >= MAX_BATCH) void write();
    else if (batch.length > 0) timer = setTimeout(write, 250);
  };
  (async () => {
    for await (const m of messages) {
      batch.push(m);
      if (batch.length >= MAX_BATCH) void write();
      else if (!timer && !writing) timer = setTimeout(write, 250);
    }
  })();
}

/**
 * The BFF's address budget on a published API request (bff/src/http/published-api.ts): its RateLimiter's one script
 * call with the address's request budget ("hit") and its failed key lookups ("peek"), limits high enough never to
 * stop a benchmark. Resolves whether the request is stopped.
 */
async function addressBudget() {
  const { RateLimiter } = await import(`${ROOT}bff/dist/src/session/rate-limit.js`);
  const limiter = new RateLimiter(redis(), `${PREFIX}:rl:`);
  const limit = { max: 100_000_000, windowSeconds: 60 };
  return async () =>
    !!(await limiter.check([
      { key: "api:ip:127.0.0.1", limit, mode: "hit" },
      { key: "api:keyfail:127.0.0.1", limit, mode: "peek" },
    ]));
}

/** generation's Capacity (services/generation/src/store/capacity.ts) for one caller: a place per answer, leased. */
async function capacityGuard() {
  const { Capacity } = await import(`${ROOT}services/generation/dist/src/store/capacity.js`);
  const limits = { rate: { max: 100_000_000, windowSeconds: 60 }, concurrency: 100_000, share: 100_000 };
  const capacity = new Capacity({
    redis: redis(),
    logger: { warn: (o, m) => console.error(m, o) },
    prefix: `${PREFIX}:`,
    leaseMs: 30_000,
    limits: { generate: limits, evaluate: limits },
  });
  capacity.start();
  atExit.push(() => capacity.stop());
  const tenant = { bucket: "key", owner: "owner" };
  return { acquire: (member) => capacity.acquire("generate", tenant, member) };
}

/** An answer's resume log as the worker keeps it: a Redis stream, its expiry set with the first append. */
class ResumeLog {
  first = true;
  constructor(r, key) {
    this.r = r;
    this.key = key;
  }
  append(piece) {
    const pipe = this.r.pipeline().xadd(this.key, "MAXLEN", "~", "20000", "*", "d", piece);
    if (this.first) pipe.pexpire(this.key, 600_000);
    this.first = false;
    return pipe.exec();
  }
}
