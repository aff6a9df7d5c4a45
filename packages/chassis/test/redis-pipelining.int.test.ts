import { createLogger } from "../src/logger";
import { createRedis, type Redis } from "../src/redis";
import { freshName, socketWritesDuring, testInfra } from "@genui/testkit";

// The chassis's Redis client sends what one turn of the event loop asks in one write, and answers each command as if
// it had gone alone (packages/chassis/src/redis.ts).
describe("the chassis's Redis client", () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = createRedis(testInfra().redisUrl, "pipelining-test", createLogger("pipelining-test", "silent"));
    await redis.ping();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("when one turn issues many commands, then they leave in one write and each gets its own answer, in order", async () => {
    const key = freshName("pipe");
    let answers: unknown[] = [];
    const writes = await socketWritesDuring(redis, async () => {
      answers = await Promise.all([
        redis.set(key, "1"),
        redis.incr(key),
        redis.incrby(key, 5),
        redis.get(key),
        redis.expire(key, 60),
        redis.hset(`${key}:h`, "a", "b"),
        redis.hget(`${key}:h`, "a"),
        redis.del(key, `${key}:h`),
      ]);
    });
    expect(answers).toEqual(["OK", 2, 7, "7", 1, 1, "b", 2]);
    expect(writes).toBe(1);
  });

  it("when a command of the batch fails, then only its promise rejects", async () => {
    const key = freshName("pipe");
    const [set, bad, get] = await Promise.allSettled([redis.set(key, "text"), redis.incr(key), redis.get(key)]);
    expect(set).toEqual({ status: "fulfilled", value: "OK" });
    expect(bad.status).toBe("rejected");
    expect(get).toEqual({ status: "fulfilled", value: "text" });
    await redis.del(key);
  });
});
