import { createLogger } from "./logger";
import { Shutdown } from "./shutdown";

const logger = createLogger("shutdown-test", "silent");

describe("graceful shutdown", () => {
  it("when steps are registered in any order, then they run HTTP, workers, NATS, mongo, Redis, trace export", async () => {
    const order: string[] = [];
    const s = new Shutdown(logger);
    const step = (name: string) => async () => void order.push(name);
    s.add("tracing", "trace export", step("tracing"));
    s.add("redis", "redis", step("redis"));
    s.add("mongo", "mongo", step("mongo"));
    s.add("nats", "nats", step("nats"));
    s.add("workers", "queue worker", step("workers"));
    s.add("http", "server", step("http"));
    await s.run("test");
    expect(order).toEqual(["http", "workers", "nats", "mongo", "redis", "tracing"]);
  });

  it("when a step fails, then the later phases still run", async () => {
    const order: string[] = [];
    const s = new Shutdown(logger);
    s.add("http", "server", async () => {
      throw new Error("already closed");
    });
    s.add("redis", "redis", async () => void order.push("redis"));
    await s.run("test");
    expect(order).toEqual(["redis"]);
  });

  it("when a step hangs, then shutdown gives up after its timeout", async () => {
    const s = new Shutdown(logger, 100);
    s.add("workers", "stuck", () => new Promise(() => undefined));
    const started = Date.now();
    await s.run("test");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("when run is called twice, then the steps run once", async () => {
    let runs = 0;
    const s = new Shutdown(logger);
    s.add("http", "server", async () => void runs++);
    await Promise.all([s.run("a"), s.run("b")]);
    expect(runs).toBe(1);
  });
});
