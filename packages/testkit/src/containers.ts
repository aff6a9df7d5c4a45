import { GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
import type { TestInfra } from "./infra";

/** Real MongoDB, Redis and NATS (JetStream) images, for machines with a Docker engine. */
export async function startContainers(): Promise<{ infra: TestInfra; stop: () => Promise<void> }> {
  const started: StartedTestContainer[] = [];
  try {
    const [mongo, redis, nats] = await Promise.all([
      new GenericContainer("mongo:7.0")
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .start(),
      new GenericContainer("redis:7.2-alpine")
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start(),
      new GenericContainer("nats:2.10-alpine")
        .withCommand(["-js", "-m", "8222"])
        .withExposedPorts(4222, 8222)
        .withWaitStrategy(Wait.forHttp("/healthz?js-enabled-only=true", 8222))
        .start(),
    ]);
    started.push(mongo, redis, nats);
    return {
      infra: {
        mongoUrl: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
        redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
        natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
      },
      stop: async () => {
        await Promise.all(started.map((c) => c.stop()));
      },
    };
  } catch (err) {
    await Promise.allSettled(started.map((c) => c.stop()));
    throw err;
  }
}
