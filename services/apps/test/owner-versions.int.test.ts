import { freshName, testInfra } from "@genui/testkit";
import { Redis } from "ioredis";
import type { AppRecord, AppRepository } from "../src/store/app.repository";
import { OwnerAppsCache, OwnerVersions } from "../src/store/owner-apps-cache";
import { StatusChanges } from "../src/store/status-changes";

/** The owner's live apps as a store would answer them (what the cache reads). */
function storeOf(apps: AppRecord[]) {
  const repo = { allLive: async (ownerId: string) => apps.filter((a) => a.ownerId === ownerId) };
  return repo as unknown as AppRepository;
}

const app = (id: string): AppRecord =>
  ({ _id: id, ownerId: "owner-1", url: `https://${id}.example.com`, status: "active", statusAt: new Date(0) }) as AppRecord;

/**
 * Two copies of apps, each with its own list cache, no event between them: a write one copy confirms is in the other
 * copy's next list, because both compare the owner's shared version in Redis (real Redis).
 */
describe("the owners' app lists across copies", () => {
  let redis: Redis;
  const prefix = `${freshName("ov")}:`;

  beforeAll(() => {
    redis = new Redis(testInfra().redisUrl);
  });
  afterAll(async () => redis.quit());

  const copies = (versions?: OwnerVersions) => {
    const stored = [app("a1")];
    const repo = storeOf(stored);
    return {
      stored,
      a: new OwnerAppsCache(repo, new StatusChanges(), 60_000, 100, versions),
      b: new OwnerAppsCache(repo, new StatusChanges(), 60_000, 100, versions),
    };
  };

  it("when one copy confirms a new app, then the other copy's very next list has it (no event needed)", async () => {
    const { stored, a, b } = copies(new OwnerVersions(redis, prefix));
    expect((await b.all("owner-1")).map((x) => x._id)).toEqual(["a1"]);
    stored.push(app("a2"));
    await a.written("owner-1");
    expect((await b.all("owner-1")).map((x) => x._id)).toEqual(["a1", "a2"]);
    // …and keeps serving it from memory while nothing changes.
    stored.push(app("a3"));
    expect((await b.all("owner-1")).map((x) => x._id)).toEqual(["a1", "a2"]);
  });

  it("when the copies share no version, then the other copy answers its cached list until an event reaches it", async () => {
    const { stored, a, b } = copies();
    await b.all("owner-1");
    stored.push(app("a2"));
    await a.written("owner-1");
    expect((await b.all("owner-1")).map((x) => x._id)).toEqual(["a1"]);
  });
});
