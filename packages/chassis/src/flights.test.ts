import { Flights } from "./flights";

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("loads in flight", () => {
  it("when a thousand callers ask for one key while its load runs, then there is one load and every caller gets its value", async () => {
    const flights = new Flights<string, number>();
    const d = deferred<number>();
    let loads = 0;
    const asks = Array.from({ length: 1_000 }, () => flights.run("k", () => (loads++, d.promise)));
    expect(loads).toBe(1);
    expect(flights.size).toBe(1);
    d.resolve(7);
    expect(await Promise.all(asks)).toEqual(Array(1_000).fill(7));
    expect(flights.size).toBe(0);
    // Once it has finished, the next ask loads again (what to keep is the cache's business).
    await flights.run("k", async () => (loads++, 8));
    expect(loads).toBe(2);
  });

  it("when a load fails, then everyone sharing it gets the failure and the next ask starts a fresh load", async () => {
    const flights = new Flights<string, number>();
    const d = deferred<number>();
    const a = flights.run("k", () => d.promise);
    const b = flights.run("k", async () => 1);
    d.reject(new Error("apps is away"));
    await expect(a).rejects.toThrow("apps is away");
    await expect(b).rejects.toThrow("apps is away");
    expect(await flights.run("k", async () => 2)).toBe(2);
  });

  it("when keys differ, then their loads are apart; a load that throws at once is a rejected promise", async () => {
    const flights = new Flights<string, string>();
    const [x, y] = await Promise.all([flights.run("x", async () => "x"), flights.run("y", async () => "y")]);
    expect([x, y]).toEqual(["x", "y"]);
    const thrown = flights.run("z", () => {
      throw new Error("bad");
    });
    await expect(thrown).rejects.toThrow("bad");
    expect(flights.size).toBe(0);
  });
});
