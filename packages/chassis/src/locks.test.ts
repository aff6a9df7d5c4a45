import { KeyedMutex } from "./locks";

describe("KeyedMutex", () => {
  it("when work on one key overlaps, then it runs one at a time in order; other keys do not wait", async () => {
    const m = new KeyedMutex();
    const log: string[] = [];
    const job = (key: string, name: string, ms: number) =>
      m.run(key, async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
      });
    await Promise.all([job("a", "a1", 30), job("a", "a2", 1), job("b", "b1", 1)]);
    expect(log.indexOf("end a1")).toBeLessThan(log.indexOf("start a2"));
    expect(log.indexOf("end b1")).toBeLessThan(log.indexOf("end a1"));
  });

  it("when a job fails, then the next one still runs", async () => {
    const m = new KeyedMutex();
    await expect(m.run("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(m.run("k", async () => 42)).resolves.toBe(42);
  });
});
