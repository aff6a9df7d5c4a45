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

  it("when a burst of requests asks for a key nobody has read yet, then one load serves them all and is kept", async () => {
    const cache = new KeyOwnerCache<ReturnType<typeof owner>>({ knownMs: 60_000, unknownMs: 60_000, max: 10 });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads++;
      await gate;
      return owner("a", 1);
    };
    const asks = Array.from({ length: 500 }, () => cache.get("h1", load));
    release();
    expect(await Promise.all(asks)).toEqual(Array(500).fill(owner("a", 1)));
    expect(await cache.get("h1", load)).toEqual(owner("a", 1));
    expect(loads).toBe(1);
  });

  it("when the app changes while its key is being read, then that read serves who asked but is neither joined afterwards nor kept", async () => {
    const cache = new KeyOwnerCache<ReturnType<typeof owner>>({ knownMs: 60_000, unknownMs: 60_000, max: 10 });
    let status = 1;
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      loads++;
      const seen = status;
      await gate;
      return owner("a", seen);
    };
    const early = cache.get("h1", slow);
    status = 2;
    cache.invalidate("a");
    // Asked after the change: a read of its own, not the one begun before it.
    const late = cache.get("h1", async () => (loads++, owner("a", status)));
    expect((await late)?.statusAtMs).toBe(2);
    release();
    expect((await early)?.statusAtMs).toBe(1);
    expect(loads).toBe(2);
    // What is kept is the read begun after the change.
    expect((await cache.get("h1", async () => (loads++, owner("a", 3))))?.statusAtMs).toBe(2);
    expect(loads).toBe(2);
  });

  it("when a key is issued while a read finds nobody has it, then it is not remembered as unknown", async () => {
    const cache = new KeyOwnerCache<ReturnType<typeof owner>>({ knownMs: 60_000, unknownMs: 60_000, max: 10 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const missing = cache.get("h9", async () => {
      await gate;
      return undefined;
    });
    cache.issued("h9");
    release();
    expect(await missing).toBeUndefined();
    expect(await cache.get("h9", async () => owner("b", 1))).toEqual(owner("b", 1));
  });
});
