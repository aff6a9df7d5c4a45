import { randomUUID } from "node:crypto";
import { createLogger, createRedis, type Redis } from "@genui/chassis";
import { eventually, testInfra } from "@genui/testkit";
import { RateLimiter } from "../src/session/rate-limit";

/** The BFF's fixed-window limiter against a real Redis (every published API request and every sign-in counts here). */
describe("RateLimiter", () => {
  let redis: Redis;
  const prefix = `rl-test-${randomUUID().slice(0, 8)}:`;
  beforeAll(() => {
    redis = createRedis(testInfra().redisUrl, "rate-limit-test", createLogger("rate-limit-test", "silent"));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("when hits stay within the limit, then each passes, and the window's expiry is set once", async () => {
    const limiter = new RateLimiter(redis, prefix);
    for (let i = 0; i < 3; i++) expect(await limiter.hit("a", { max: 3, windowSeconds: 60 })).toBe(0);
    expect(await redis.get(`${prefix}a`)).toBe("3");
    const ttl = await redis.ttl(`${prefix}a`);
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it("when a hit goes over the limit, then it is told the seconds left in the window", async () => {
    const limiter = new RateLimiter(redis, prefix);
    for (let i = 0; i < 2; i++) await limiter.hit("b", { max: 2, windowSeconds: 30 });
    const wait = await limiter.hit("b", { max: 2, windowSeconds: 30 });
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
  });

  it("when the window ends, then hits pass again", async () => {
    const limiter = new RateLimiter(redis, prefix);
    expect(await limiter.hit("c", { max: 1, windowSeconds: 1 })).toBe(0);
    expect(await limiter.hit("c", { max: 1, windowSeconds: 1 })).toBeGreaterThan(0);
    // The window's counter expires with it.
    expect(
      await eventually(
        () => redis.exists(`${prefix}c`),
        (n) => n === 0,
        10_000,
      ),
    ).toBe(0);
    expect(await limiter.hit("c", { max: 1, windowSeconds: 1 })).toBe(0);
  });

  it("when a counter has no expiry (written by hand), then the next hit gives it the window's, and it never stays forever", async () => {
    await redis.set(`${prefix}d`, "100");
    const limiter = new RateLimiter(redis, prefix);
    expect(await limiter.hit("d", { max: 5, windowSeconds: 20 })).toBe(20);
    expect(await redis.ttl(`${prefix}d`)).toBeGreaterThan(15);
  });

  it("when 200 hits arrive at once from two BFF copies, then exactly the limit passes", async () => {
    const other = createRedis(testInfra().redisUrl, "rate-limit-test-2", createLogger("rate-limit-test", "silent"));
    try {
      const copies = [new RateLimiter(redis, prefix), new RateLimiter(other, prefix)];
      const waits = await Promise.all(
        Array.from({ length: 200 }, (_, i) => copies[i % 2]!.hit("e", { max: 50, windowSeconds: 60 })),
      );
      expect(waits.filter((w) => w === 0)).toHaveLength(50);
    } finally {
      await other.quit();
    }
  });
});
