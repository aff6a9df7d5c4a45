import { createLogger } from "./logger";
import { watchStore } from "./mongo";

/** The store watchdog, with its two questions answered by the test and time run by jest's fake clock. */
describe("the store watchdog", () => {
  const logger = createLogger("watchdog-test", "silent");
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  // What the driver throws when it cannot select its server (the stuck state seen after a store restart).
  const selectionError = () =>
    Object.assign(new Error("connection 58 to 127.0.0.1:32018 closed"), { name: "MongoServerSelectionError" });
  /** A watchdog checking every second, stuck after 10 s, with the test's answers to its two questions. */
  const watch = (ping: () => Promise<unknown>, probe: () => Promise<unknown>) => {
    const onStuck = jest.fn();
    const stop = watchStore({ logger, onStuck, intervalMs: 1_000, stuckAfterMs: 10_000, ping, probe });
    return { onStuck, stop };
  };
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 1_000) await jest.advanceTimersByTimeAsync(1_000);
  };

  it("when this process's connection fails for long while a new one answers, then it asks once to be restarted", async () => {
    const { onStuck, stop } = watch(
      () => Promise.reject(selectionError()),
      () => Promise.resolve(),
    );
    await run(9_000);
    expect(onStuck).not.toHaveBeenCalled();
    await run(30_000);
    expect(onStuck).toHaveBeenCalledTimes(1);
    stop();
  });

  it("when the store itself is down, then nothing is restarted however long it lasts", async () => {
    const { onStuck, stop } = watch(
      () => Promise.reject(selectionError()),
      () => Promise.reject(new Error("refused")),
    );
    await run(60_000);
    expect(onStuck).not.toHaveBeenCalled();
    stop();
  });

  it("when the store is only slow (answers late, no outage error), then nothing is restarted", async () => {
    const { onStuck, stop } = watch(
      () => Promise.reject(new Error("operation exceeded time limit")),
      () => Promise.resolve(),
    );
    await run(60_000);
    expect(onStuck).not.toHaveBeenCalled();
    stop();
  });

  it("when the connection comes back before the limit, then the count starts again and nothing is restarted", async () => {
    let up = false;
    const { onStuck, stop } = watch(
      () => (up ? Promise.resolve() : Promise.reject(selectionError())),
      () => Promise.resolve(),
    );
    await run(8_000);
    up = true;
    await run(2_000);
    up = false;
    await run(8_000);
    expect(onStuck).not.toHaveBeenCalled();
    stop();
  });
});
