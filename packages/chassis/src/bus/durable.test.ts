import { nakDelay } from "./durable";

describe("the delay of a nak", () => {
  it("when an event is handed back, then its delay is drawn between half and all of the backoff, which doubles up to its cap", () => {
    const options = { nakDelayMs: 500, nakDelayMaxMs: 30_000 };
    expect([1, 2, 3, 4].map((n) => nakDelay(options, n, () => 0))).toEqual([250, 500, 1_000, 2_000]);
    expect([1, 2, 3, 4].map((n) => nakDelay(options, n, () => 0.999_999))).toEqual([500, 1_000, 2_000, 4_000]);
    // The cap is the longest delay, whatever the delivery count.
    expect(nakDelay(options, 40, () => 0.999_999)).toBe(30_000);
    expect(nakDelay(options, 40, () => 0)).toBe(15_000);
  });

  it("when a batch of events delivered equally often is handed back, then they do not all come back at once", () => {
    const delays = Array.from({ length: 20 }, () => nakDelay({}, 3));
    expect(new Set(delays).size).toBeGreaterThan(10);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2_000);
  });
});
