import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { EVENTS } from "@genui/contracts";
import { freshName, testInfra } from "@genui/testkit";
import mongoose, { type Connection } from "mongoose";
import { ProcessedEvents } from "../src/idempotency";
import { createLogger } from "../src/logger";
import { MessageBus, connectNats } from "../src/nats";

const run = promisify(execFile);
const logger = createLogger("cross-process-test", "silent");

describe("an event from one process to another", () => {
  it("when another process publishes an event twice and the first handling fails after its effect, then it is handled once", async () => {
    const built = path.resolve(__dirname, "../dist/src/index.js");
    if (!existsSync(built)) throw new Error("packages/chassis is not built: run `npm run build:ts` (npm test does)");

    const prefix = `${freshName()}.`;
    const conn: Connection = await mongoose.createConnection(testInfra().mongoUrl, { dbName: freshName("cross") }).asPromise();
    const nc = await connectNats(testInfra().natsUrl, "consumer", logger);
    const bus = new MessageBus(nc, { prefix, source: "consumer", logger });
    await bus.ensureStream("IDENTITY");
    const processed = new ProcessedEvents(conn);
    const effects: string[] = [];
    const deliveries: number[] = [];
    try {
      await bus.consume(
        EVENTS.userRegistered,
        "wallets",
        async (e) => {
          deliveries.push(e.deliveryCount);
          await processed.once("wallets", e.eventId, async () => {
            effects.push(`${e.payload.userId}/${e.correlationId}/${e.source}`);
          });
          // The acknowledgement is "lost" the first time: the server redelivers.
          if (e.deliveryCount === 1) throw new Error("crashed before ack");
        },
        { nakDelayMs: 50 },
      );

      const { stdout } = await run(process.execPath, [
        path.join(__dirname, "fixtures/publish-user-registered.cjs"),
        testInfra().natsUrl,
        prefix,
        "evt-cross-1",
      ]);
      expect(JSON.parse(stdout)).toEqual([false, true]);

      const until = Date.now() + 5_000;
      while (deliveries.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300));
      expect(deliveries).toEqual([1, 2]);
      expect(effects).toEqual(["u-cross/corr-cross/fixture-publisher"]);
    } finally {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(bus.streamName("IDENTITY"));
      await bus.close();
      await conn.dropDatabase();
      await conn.close();
    }
  });
});
