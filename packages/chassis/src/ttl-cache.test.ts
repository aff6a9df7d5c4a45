import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("when an entry outlives its TTL, then it is gone", () => {
    let now = 0;
    const c = new TtlCache<string, number>(100, 10, () => now);
    c.set("a", 1);
    now = 99;
    expect(c.get("a")).toBe(1);
    now = 100;
    expect(c.get("a")).toBeUndefined();
  });

  it("when it is full, then the least recently used entry goes first", () => {
    const c = new TtlCache<string, number>(1_000, 2);
    c.set("a", 1);
    c.set("b", 2);
    c.get("a");
    c.set("c", 3);
    expect([c.get("a"), c.get("b"), c.get("c")]).toEqual([1, undefined, 3]);
  });

  it("when an entry is deleted, then the next read misses", () => {
    const c = new TtlCache<string, number>(1_000);
    c.set("a", 1);
    c.delete("a");
    expect(c.get("a")).toBeUndefined();
  });
});
