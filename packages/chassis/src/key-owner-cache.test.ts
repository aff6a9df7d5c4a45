import { HeardChanges, KeyOwnerCache } from "./key-owner-cache";

const owner = (appId: string, statusAtMs: number) => ({ appId, statusAtMs, status: "active" });

describe("the key owner cache", () => {
  it("when a key is asked twice, then the store is read once; an unknown key is remembered as unknown", async () => {
    const cache = new KeyOwnerCache<ReturnType<typeof owner>>({ knownMs: 60_000, unknownMs: 60_000, max: 10 });
    let loads = 0;
    const load = async () => (loads++, owner("a", 1));
    expect(await cache.get("h1", load)).toEqual(owner("a", 1));
    expect(await cache.get("h1", load)).toEqual(owner("a", 1));
    expect(loads).toBe(1);
    let misses = 0;
    const none = async () => (misses++, undefined);
    expect(await cache.get("h2", none)).toBeUndefined();
    expect(await cache.get("h2", none)).toBeUndefined();
    expect(misses).toBe(1);
    cache.issued("h2");
    expect(await cache.get("h2", none)).toBeUndefined();
    expect(misses).toBe(2);
  });

  it("when an app changes, then every key of it is read again", async () => {
    const cache = new KeyOwnerCache<ReturnType<typeof owner>>({ knownMs: 60_000, unknownMs: 60_000, max: 10 });
    let status = 1;
    const load = async () => owner("a", status);
    await cache.get("h1", load);
    status = 2;
    expect((await cache.get("h1", load))?.statusAtMs).toBe(1);
    cache.invalidate("a");
    expect((await cache.get("h1", load))?.statusAtMs).toBe(2);
  });

  it("when a status change was heard before the store had it, then an older read serves but is not kept, and a caught-up read is", async () => {
    const changes = new HeardChanges();
    const cache = new KeyOwnerCache<ReturnType<typeof owner>>({ knownMs: 60_000, unknownMs: 60_000, max: 10 }, changes);
    let stored = owner("a", 100);
    let loads = 0;
    const load = async () => (loads++, stored);
    cache.invalidate("a", new Date(200));
    expect(await cache.get("h1", load)).toEqual(owner("a", 100));
    expect(await cache.get("h1", load)).toEqual(owner("a", 100));
    expect(loads).toBe(2);
    stored = owner("a", 200);
    expect(await cache.get("h1", load)).toEqual(owner("a", 200));
    expect(await cache.get("h1", load)).toEqual(owner("a", 200));
    expect(loads).toBe(3);
    expect(changes.behind("a", 100)).toBe(false);
  });
});
