import { randomUUID } from "node:crypto";
import http from "node:http";
import { createLogger, createRedis, type Redis, type TrustProxy } from "@genui/chassis";
import { eventually, testInfra } from "@genui/testkit";
import { RateLimiter, type LimitCheck } from "../src/session/rate-limit";
import { loopbackServers } from "./support/loopback-servers";
import { publishedServer, quietEdge } from "./support/published-servers";

const API = "/apps/api/v1";

/** A limiter on real Redis that also counts its script calls (one per request that a limit applies to). */
class CountingLimiter extends RateLimiter {
  calls = 0;
  override check<C extends LimitCheck>(checks: readonly C[]) {
    this.calls += 1;
    return super.check(checks);
  }
}

/** A generation stand-in: 401 on the models route (a wrong key), 200 elsewhere; it counts what reaches it. */
function generationStandIn() {
  const reached = { count: 0 };
  const server = http.createServer((req, res) => {
    reached.count += 1;
    req.resume();
    req.on("end", () => {
      if (req.url?.startsWith(`${API}/models`)) {
        res.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" });
        res.end(
          '{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}',
        );
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      }
    });
  });
  return { server, reached };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function call(base: string, path: string, from?: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: path.endsWith("/chat/completions") ? "POST" : "GET",
    headers: { authorization: "Bearer gk_live_guess", ...(from ? { "x-forwarded-for": from } : {}) },
    ...(path.endsWith("/chat/completions") ? { body: "{}" } : {}),
  });
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !["date", "x-request-id", "x-correlation-id"].includes(k)));
  // The seconds left in a window: whole seconds that may tick between the two ways' requests.
  if (headers["retry-after"]) {
    expect(Number(headers["retry-after"])).toBeGreaterThan(0);
    headers["retry-after"] = "<seconds>";
  }
  return { status: res.status, headers, body: await res.text() };
}

/**
 * The published API's limits per client address at the lean edge, against real Redis, beside the express path it
 * replaced: the same 429s (bodies, Retry-After, x-should-retry), one script call per request, failed keys counted
 * from generation's 401s, and the address read under TRUST_PROXY as express reads `req.ip`.
 */
describe("the published API's limits at the edge", () => {
  const { listen, adopt, closeAll } = loopbackServers();
  let redis: Redis;
  const prefix = `published-edge-test-${randomUUID().slice(0, 8)}:`;
  let generation: ReturnType<typeof generationStandIn>;
  let target: string;

  beforeAll(async () => {
    redis = createRedis(testInfra().redisUrl, "published-edge-test", createLogger("published-edge-test", "silent"));
    generation = generationStandIn();
    target = await listen(generation.server);
  });
  afterAll(async () => {
    await closeAll();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** The BFF's public server one way, its limiter's keys under a prefix of its own. */
  async function bff(way: "express" | "lean", trustProxy: TrustProxy = "loopback", limits = { ip: 3, failures: 2 }) {
    const keys = `${prefix}${way}-${randomUUID().slice(0, 6)}:`;
    const limiter = new CountingLimiter(redis, keys);
    const started = adopt(
      await publishedServer(way, {
        target,
        limiter,
        perIp: { max: limits.ip, windowSeconds: 600 },
        keyFailuresPerIp: { max: limits.failures, windowSeconds: 600 },
        trustProxy,
        ...quietEdge(),
      }),
    );
    return { url: started.url, limiter, keys };
  }

  /** The answers to the same requests, made one after the other, through each way. */
  async function both(paths: [string, string?][], trustProxy: TrustProxy = "loopback", limits = { ip: 3, failures: 2 }) {
    const out: Record<string, { answers: Answer[]; calls: number; reached: number }> = {};
    for (const way of ["express", "lean"] as const) {
      const { url, limiter } = await bff(way, trustProxy, limits);
      const before = generation.reached.count;
      const answers = [];
      for (const [path, from] of paths) answers.push(await call(url, path, from));
      out[way] = { answers, calls: limiter.calls, reached: generation.reached.count - before };
    }
    return out as Record<"express" | "lean", { answers: Answer[]; calls: number; reached: number }>;
  }

  it("when an address spends its budget, then it is refused 429 as express refused it, after one script call per request", async () => {
    const r = await both([
      [`${API}/chat/completions`, "198.51.100.1"],
      [`${API}/chat/completions`, "198.51.100.1"],
      [`${API}/chat/completions`, "198.51.100.1"],
      [`${API}/chat/completions`, "198.51.100.1"],
      [`${API}/openapi.json`, "198.51.100.1"],
      [`${API}/chat/completions`, "198.51.100.2"],
    ]);
    expect(r.lean).toEqual(r.express);
    expect(r.lean.answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 200]);
    expect(r.lean.calls).toBe(6);
    expect(r.lean.reached).toBe(4);
    const refused = r.lean.answers[3]!;
    expect(refused.headers["retry-after"]).toBe("<seconds>");
    expect(JSON.parse(refused.body).error.message).toMatch(/Try again in (59\d|600) seconds\.$/);
    expect(refused.headers["x-should-retry"]).toBeUndefined();
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        message: expect.stringMatching(/^Rate limit reached for requests from your address \(3 per 600 seconds/) as unknown,
        type: "requests",
        param: null,
        code: "rate_limit_exceeded",
      },
    });
  });

  it("when an address's keys are refused by generation, then after the threshold it is refused at the edge without reaching generation, as express refused it", async () => {
    const from = "203.0.113.40";
    const r = await both(
      Array.from({ length: 4 }, () => [`${API}/models/genui-pluto-0.1`, from] as [string, string]),
      "loopback",
      { ip: 100, failures: 2 },
    );
    expect(r.lean).toEqual(r.express);
    expect(r.lean.answers.map((a) => a.status)).toEqual([401, 401, 429, 429]);
    expect(r.lean.reached).toBe(2);
    expect(r.lean.answers[1]!.headers["www-authenticate"]).toBe("Bearer");
    const refused = r.lean.answers[2]!;
    expect(refused.headers["x-should-retry"]).toBe("false");
    expect(JSON.parse(refused.body).error.message).toMatch(
      /^Too many requests with a missing or wrong API key from your address/,
    );
  });

  it.each<[string, TrustProxy, string, string]>([
    ["loopback (the default): the address a local proxy names", "loopback", "203.0.113.7, 198.51.100.9", "198.51.100.9"],
    ["false: the socket's address, whatever the client says", false, "198.51.100.9", "127.0.0.1"],
    ["true: the first address named", true, "203.0.113.7, 198.51.100.9", "203.0.113.7"],
    ["a hop count: as many proxies believed", 2, "203.0.113.7, 198.51.100.9, 192.0.2.1", "198.51.100.9"],
    ["a list of ranges", "uniquelocal, loopback", "203.0.113.7, 10.0.0.2", "203.0.113.7"],
  ])(
    "when TRUST_PROXY is %s, then the budget and the failed keys count against the address express gives",
    async (_what, trust, xff, client) => {
      for (const way of ["express", "lean"] as const) {
        const { url, keys: keyPrefix } = await bff(way, trust, { ip: 100, failures: 100 });
        expect((await call(url, `${API}/chat/completions`, xff)).status).toBe(200);
        expect(await redis.get(`${keyPrefix}api:ip:${client}`)).toBe("1");
        if (way === "lean" || typeof trust !== "number") {
          // A wrong key: counted under the same address (the express path read it after http-proxy had appended the
          // socket's address to X-Forwarded-For, so a hop count counted it against the proxy: fixed here).
          expect((await call(url, `${API}/models/x`, xff)).status).toBe(401);
          const counted = await eventually(
            () => redis.get(`${keyPrefix}api:ip-key-failures:${client}`),
            (v) => v === "1",
            60_000,
          );
          expect({ way, counted }).toEqual({ way, counted: "1" });
        }
      }
    },
  );

  it("when Redis cannot be reached, then the request is refused as express refused it (503, never a 500) and nothing is proxied", async () => {
    const broken = createRedis(testInfra().redisUrl, "published-edge-broken", createLogger("published-edge-test", "silent"));
    await broken.ping();
    broken.disconnect();
    const answers: Answer[] = [];
    const before = generation.reached.count;
    for (const way of ["express", "lean"] as const) {
      const started = adopt(
        await publishedServer(way, {
          target,
          limiter: new RateLimiter(broken, prefix),
          perIp: { max: 10, windowSeconds: 60 },
          ...quietEdge(),
        }),
      );
      answers.push(await call(started.url, `${API}/chat/completions`, "192.0.2.80"));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]!.status).toBe(503);
    expect(answers[1]!.headers["retry-after"]).toBe("<seconds>");
    expect(generation.reached.count).toBe(before);
  });
});
