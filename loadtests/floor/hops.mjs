// Starting the floor's hops (loadtests/floor/hop.mjs) as processes of their own, for `npm run bench:floor` and the
// floor rows of `npm run bench:generation`: each process prints "ready …" once it can take work.
import { spawn } from "node:child_process";
import { topologyNodeOptions } from "../lib/topology.mjs";

const HOP = new URL("./hop.mjs", import.meta.url).pathname;
// … and listen with the platform's backlog (the chassis's `listen`): a burst's connections dropped at a full listen
// queue would measure the kernel's one-second SYN retry, not the hops.
const { LISTEN_BACKLOG } = await import(new URL("../../packages/chassis/dist/src/backlog.js", import.meta.url).href);

// The floor's hops run with the Node options of their twins in the topology.
const HOP_OPTIONS = {
  edge: topologyNodeOptions("bff"),
  api: topologyNodeOptions("generation"),
  worker: topologyNodeOptions("gen-worker"),
  billing: topologyNodeOptions("billing"),
};

/** A set of started processes that are stopped together. */
export class Processes {
  children = [];

  /** Starts `node <args>` and waits for its line "ready …" (or "listening …"). */
  start(args, env = {}) {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    this.children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout.on("data", (d) => /^(ready|listening)/m.test(String(d)) && resolve(child));
      child.once("exit", (c) => reject(new Error(`${args.join(" ")} exited with ${c}`)));
    });
  }

  /** Starts one hop (`role` of hop.mjs) with the Node options the topology gives its twin (the BFF, the API, the worker, billing). */
  hop(role, env) {
    return this.start([HOP, role], {
      LISTEN_BACKLOG: String(LISTEN_BACKLOG),
      ...(HOP_OPTIONS[role] ? { NODE_OPTIONS: HOP_OPTIONS[role] } : {}),
      ...env,
    });
  }

  /** Stops the processes started since `mark` (default: all), each with SIGTERM, and waits for them. */
  async stop(mark = 0) {
    for (const c of this.children.splice(mark)) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      c.kill("SIGTERM");
      await new Promise((r) => c.once("exit", r));
    }
  }

  /** Kills what is left (on exit, when nothing can be awaited). */
  killAll() {
    for (const c of this.children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
  }
}

/**
 * The floor of the platform's path, "queued + billing": edge → api → (NATS request/reply to billing) → BullMQ →
 * worker → upstream, the chunks back over NATS, the usage event on JetStream acknowledged. Returns the edge's URL and
 * the four processes' pids. `mongoUrl` given: the same hops with the work every GenUI answer needs besides moving
 * bytes (hop.mjs, SCREEN and METER): the screen evaluated once in the platform's sandbox, the hold counted and the
 * charge written to the store. `guards` (with `mongoUrl`): also the serial steps of the platform's guarantees
 * (hop.mjs, GUARDS): the address budget, the capacity place, the resume record and log, the cancel flag.
 */
export async function startQueuedBilling(
  procs,
  { redisUrl, natsUrl, upstreamUrl, edgePort, apiPort, prefix, mongoUrl, guards = false },
) {
  const base = { REDIS_URL: redisUrl, NATS_URL: natsUrl, PREFIX: prefix, ...(guards ? { GUARDS: "1" } : {}) };
  const work = mongoUrl ? { SCREEN: "1", METER: "1", MONGO_URL: mongoUrl } : {};
  const billing = await procs.hop("billing", { ...base, ...work });
  const worker = await procs.hop("worker", { ...base, ...work, UPSTREAM_URL: upstreamUrl, USAGE: "1" });
  const api = await procs.hop("api", { ...base, PORT: String(apiPort), MODE: "queue", AUTHORIZE: "1" });
  const edge = await procs.hop("edge", { ...base, PORT: String(edgePort), TARGET_URL: `http://127.0.0.1:${apiPort}` });
  return {
    url: `http://127.0.0.1:${edgePort}/v1/chat/completions`,
    /** The same requests to the API hop, without the edge. */
    apiUrl: `http://127.0.0.1:${apiPort}/v1/chat/completions`,
    pids: { edge: edge.pid, api: api.pid, worker: worker.pid, billing: billing.pid },
  };
}

/** The rows of the benchmarks that run on these hops: the bare floor, with the required work, and with the guarantees. */
export const HOP_ROWS = ["floor", "required", "guarded"];

/**
 * One of HOP_ROWS started against the infrastructure the benchmark was given (REDIS_URL, NATS_URL, MONGO_URL): the
 * required and guarded rows write their charges to the store, the guarded one takes the guarantees' steps too.
 */
export function startHopRow(procs, kind, { upstreamUrl, edgePort, apiPort, prefix }) {
  return startQueuedBilling(procs, {
    redisUrl: process.env.REDIS_URL,
    natsUrl: process.env.NATS_URL,
    ...(kind !== "floor" ? { mongoUrl: process.env.MONGO_URL } : {}),
    guards: kind === "guarded",
    upstreamUrl,
    edgePort,
    apiPort,
    prefix,
  });
}
