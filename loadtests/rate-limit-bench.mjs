// The BFF's per-key rate limit, the way it counted a hit before (MULTI of INCR, EXPIRE NX and TTL) beside the way
// it does now (one script, bff/src/session/rate-limit.ts), in one run against the dev profile's Redis: the client's
// CPU per hit and hits per second, 64 at a time. Needs `npm run build:ts` and the dev infrastructure
// (`bash deploy/local/infra.sh start --profile dev`).   node loadtests/rate-limit-bench.mjs
import { Redis } from "ioredis";
import { RateLimiter } from "../bff/dist/src/session/rate-limit.js";

const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6380");
const prefix = `rlbench${process.pid}:`;
const limiter = new RateLimiter(redis, prefix);
const limit = { max: 1e9, windowSeconds: 60 };
const WAYS = {
  "MULTI (before)": (k) => redis.multi().incr(`${prefix}${k}`).expire(`${prefix}${k}`, 60, "NX").ttl(`${prefix}${k}`).exec(),
  "one script (now)": (k) => limiter.hit(k, limit),
};
const N = Number(process.env.BENCH_HITS ?? 40_000);
const results = {};
for (const round of [0, 1])
  for (const [name, hit] of Object.entries(WAYS)) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i += 64) await Promise.all(Array.from({ length: 64 }, (_, j) => hit(`k${(i + j) % 500}`)));
    const used = process.cpuUsage(cpu);
    if (round) results[name] = { us: (used.user + used.system) / N, perSecond: N / ((performance.now() - t0) / 1000) };
  }
for (const [name, r] of Object.entries(results))
  console.log(`${name.padEnd(18)} ${r.us.toFixed(1)} µs of the BFF's CPU per hit, ${r.perSecond.toFixed(0)} hits/s`);
const [before, now] = Object.values(results);
console.log(
  `now: ${(now.us / before.us).toFixed(2)}× the CPU per hit, ${(now.perSecond / before.perSecond).toFixed(2)}× the hits/s`,
);
const keys = await redis.keys(`${prefix}*`);
if (keys.length) await redis.del(...keys);
redis.disconnect();
