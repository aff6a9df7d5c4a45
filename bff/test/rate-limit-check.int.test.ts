import { randomUUID } from "node:crypto";
import { createLogger, createRedis, type Redis } from "@genui/chassis";
import { testInfra } from "@genui/testkit";
import { RateLimiter, type LimitCheck } from "../src/session/rate-limit";

/** Several limits of one request in one script call (the published API: address, failed keys, key) against real Redis. */
describe("RateLimiter.check", () => {
  let redis: Redis;
  const prefix = `rl-check-test-${randomUUID().slice(0, 8)}:`;
  beforeAll(() => {
    redis = createRedis(testInfra().redisUrl, "rate-limit-check-test", createLogger("rate-limit-check-test", "silent"));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const hit = (key: string, max: number, windowSeconds = 60): LimitCheck => ({ key, limit: { max, windowSeconds }, mode: "hit" });
  const peek = (key: string, max: number, windowSeconds = 60): LimitCheck => ({
    key,
    limit: { max, windowSeconds },
    mode: "peek",
  });

  it("when every limit lets a request through, then each hit is counted once and a peek counts nothing", async () => {
    const limiter = new RateLimiter(redis, prefix);
    for (let i = 0; i < 3; i++) expect(await limiter.check([hit("a1", 3), peek("a2", 5), hit("a3", 3)])).toBeUndefined();
    expect(await redis.mget(`${prefix}a1`, `${prefix}a2`, `${prefix}a3`)).toEqual(["3", null, "3"]);
    expect(await redis.ttl(`${prefix}a1`)).toBeGreaterThan(55);
  });

  it("when the first limit stops a request, then it is named with the seconds left, and the limits after it count nothing", async () => {
    const limiter = new RateLimiter(redis, prefix);
    const first = hit("b1", 1, 30);
    expect(await limiter.check([first, hit("b2", 10)])).toBeUndefined();
    const stopped = await limiter.check([first, hit("b2", 10)]);
    expect(stopped?.check).toBe(first);
    expect(stopped?.retryAfter).toBeGreaterThan(25);
    expect(stopped?.retryAfter).toBeLessThanOrEqual(30);
    expect(await redis.get(`${prefix}b2`)).toBe("1");
  });

  it("when a peeked counter has reached its max, then the request is stopped until that counter's window ends", async () => {
    const limiter = new RateLimiter(redis, prefix);
    for (let i = 0; i < 2; i++) await limiter.hit("c-failures", { max: 2, windowSeconds: 600 });
    expect(await limiter.check([hit("c-ip", 100), peek("c-failures", 3, 600), hit("c-key", 100)])).toBeUndefined();
    await limiter.hit("c-failures", { max: 2, windowSeconds: 600 });
    const stopped = await limiter.check([hit("c-ip", 100), peek("c-failures", 3, 600), hit("c-key", 100)]);
    expect(stopped?.check.key).toBe("c-failures");
    expect(stopped?.retryAfter).toBeGreaterThan(590);
    expect(await redis.mget(`${prefix}c-ip`, `${prefix}c-key`)).toEqual(["2", "1"]);
  });

  it("when 200 requests are checked at once from two BFF copies, then exactly the limit passes", async () => {
    const other = createRedis(testInfra().redisUrl, "rate-limit-check-test-2", createLogger("rate-limit-check-test", "silent"));
    try {
      const copies = [new RateLimiter(redis, prefix), new RateLimiter(other, prefix)];
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => copies[i % 2]!.check([hit("d-ip", 50), peek("d-failures", 5)])),
      );
      expect(results.filter((r) => r === undefined)).toHaveLength(50);
      expect(await redis.get(`${prefix}d-ip`)).toBe("200");
    } finally {
      await other.quit();
    }
  });
});
