import type { AppRecord, AppRepository } from "./app.repository";
import { OwnerAppsCache } from "./owner-apps-cache";
import { StatusChanges } from "./status-changes";

const app = (id: string, ownerId = "owner-1", statusAt = new Date("2026-01-01T00:00:00.000Z")): AppRecord => ({
  _id: id,
  ownerId,
  url: `https://${id}.example.com`,
  urlKey: `https://${id}.example.com`,
  status: "pending",
  statusAt,
  keyHash: id,
  keySealed: "",
  createdAt: new Date(),
  updatedAt: new Date(),
});

/**
 * A stand-in for the app store whose reads are answered by the test (`answer`), so a test can act while one is in
 * flight; `reads` counts them per owner.
 */
function store(initial: Record<string, AppRecord[]>) {
  const data = { ...initial };
  const reads: string[] = [];
  const waiting: (() => void)[] = [];
  let manual = false;
  const repo = {
    allLive: (ownerId: string) => {
      reads.push(ownerId);
      const snapshot = [...(data[ownerId] ?? [])];
      if (!manual) return Promise.resolve(snapshot);
      return new Promise<AppRecord[]>((resolve) => waiting.push(() => resolve(snapshot)));
    },
  };
  return {
    data,
    reads,
    repo: repo as unknown as AppRepository,
    /** From now on, reads wait for `answer`. */
    hold: () => void (manual = true),
    answer: () => waiting.splice(0).forEach((w) => w()),
  };
}

describe("each owner's apps in memory", () => {
  it("when a page is asked for, then that slice of the owner's apps and their count; the next ask reads nothing", async () => {
    const s = store({ "owner-1": [app("a"), app("b"), app("c")] });
    const cache = new OwnerAppsCache(s.repo, new StatusChanges());
    const p2 = await cache.page("owner-1", 2, 2);
    expect([p2.results.map((x) => x._id), p2.count]).toEqual([["c"], 3]);
    expect((await cache.page("owner-1", 1, 2)).results.map((x) => x._id)).toEqual(["a", "b"]);
    expect((await cache.page("owner-1", 3, 2)).results).toEqual([]);
    expect(s.reads).toEqual(["owner-1"]);
  });

  it("when an owner's apps change here, then the next ask reads them again", async () => {
    const s = store({ "owner-1": [app("a")] });
    const cache = new OwnerAppsCache(s.repo, new StatusChanges());
    await cache.all("owner-1");
    s.data["owner-1"] = [app("b"), app("a")];
    cache.invalidateOwner("owner-1");
    expect((await cache.all("owner-1")).map((x) => x._id)).toEqual(["b", "a"]);
    // An event naming only the app drops its owner too (the cache knows whose it is).
    s.data["owner-1"] = [app("a")];
    cache.invalidateApp("b");
    expect((await cache.all("owner-1")).map((x) => x._id)).toEqual(["a"]);
    expect(s.reads).toHaveLength(3);
  });

  it("when several asks come while a read is in flight, then they share it", async () => {
    const s = store({ "owner-1": [app("a")] });
    s.hold();
    const cache = new OwnerAppsCache(s.repo, new StatusChanges());
    const asks = [cache.all("owner-1"), cache.all("owner-1"), cache.page("owner-1", 1, 10)];
    s.answer();
    await Promise.all(asks);
    expect(s.reads).toEqual(["owner-1"]);
  });

  it("when the owner's apps change while a read is in flight, then what it read is answered but not kept", async () => {
    const s = store({ "owner-1": [app("a")] });
    s.hold();
    const cache = new OwnerAppsCache(s.repo, new StatusChanges());
    const inFlight = cache.all("owner-1");
    cache.invalidateOwner("owner-1");
    s.answer();
    expect((await inFlight).map((x) => x._id)).toEqual(["a"]);
    const next = cache.all("owner-1");
    s.answer();
    await next;
    expect(s.reads).toEqual(["owner-1", "owner-1"]);
  });

  it("when an app of an unknown owner changes while reads are in flight, then none of them is kept", async () => {
    const s = store({ "owner-1": [app("a")], "owner-2": [app("z", "owner-2")] });
    s.hold();
    const cache = new OwnerAppsCache(s.repo, new StatusChanges());
    const reads = [cache.all("owner-1"), cache.all("owner-2")];
    cache.invalidateApp("not-cached-anywhere");
    s.answer();
    await Promise.all(reads);
    const again = [cache.all("owner-1"), cache.all("owner-2")];
    s.answer();
    await Promise.all(again);
    expect(s.reads).toEqual(["owner-1", "owner-2", "owner-1", "owner-2"]);
  });

  it("when an app read predates a status change heard for it, then the list is answered but not kept", async () => {
    const s = store({ "owner-1": [app("a")] });
    const changes = new StatusChanges();
    changes.heard("a", new Date("2026-01-01T00:00:05.000Z"));
    const cache = new OwnerAppsCache(s.repo, changes);
    await cache.all("owner-1");
    s.data["owner-1"] = [app("a", "owner-1", new Date("2026-01-01T00:00:05.000Z"))];
    await cache.all("owner-1");
    await cache.all("owner-1");
    expect(s.reads).toEqual(["owner-1", "owner-1"]);
  });

  it("when entries outlive their time or there are more owners than allowed, then the oldest are read again", async () => {
    const s = store({ "owner-1": [app("a")], "owner-2": [], "owner-3": [] });
    const expired = new OwnerAppsCache(s.repo, new StatusChanges(), 0);
    await expired.all("owner-1");
    await expired.all("owner-1");
    expect(s.reads).toEqual(["owner-1", "owner-1"]);

    s.reads.length = 0;
    const small = new OwnerAppsCache(s.repo, new StatusChanges(), 60_000, 2);
    for (const owner of ["owner-1", "owner-2", "owner-3", "owner-3", "owner-2", "owner-1"]) await small.all(owner);
    expect(s.reads).toEqual(["owner-1", "owner-2", "owner-3", "owner-1"]);
  });
});
