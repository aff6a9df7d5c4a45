import { generateApiKey, generatePublishableKey, hashApiKey } from "../domain/api-key";
import type { AppRecord, AppRepository } from "./app.repository";
import { KeyDirectory, ownerOfApp } from "./key-directory";
import { StatusChanges } from "./status-changes";
import { keyHash, keyKindOf } from "@genui/contracts/keys";

/** What the verify command asks: the key's hash and the kind its shape says (nothing for a shape no key has). */
const verifyWith = (keys: KeyDirectory, key: string) => {
  const kind = keyKindOf(key);
  return kind ? keys.verify(keyHash(key), kind) : Promise.resolve(undefined);
};

/** A stand-in for the app store that counts its lookups. */
function store(apps: AppRecord[]) {
  const reads: string[] = [];
  const repo = {
    findByKeyHash: async (h: string) => (reads.push("secret"), apps.find((a) => a.keyHash === h) ?? null),
    findByPubKeyHash: async (h: string) => (reads.push("publishable"), apps.find((a) => a.pubKeyHash === h) ?? null),
  };
  return { reads, repo: repo as unknown as AppRepository };
}

const key = generateApiKey();
const pub = generatePublishableKey();
const app = (over: Partial<AppRecord> = {}): AppRecord => ({
  _id: "app-1",
  ownerId: "owner-1",
  url: "https://shop.example.com/store",
  urlKey: "https://shop.example.com/store",
  status: "active",
  statusAt: new Date("2026-01-01T00:00:00.000Z"),
  keyHash: hashApiKey(key),
  keySealed: "",
  pubKeyHash: hashApiKey(pub),
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

describe("the key directory", () => {
  it("when a key is asked about, then it answers the app's owner, kind, origin, cap, status time and settings", async () => {
    const { repo } = store([app({ dailySpendCapMicros: 2_000_000, storeCompletions: true })]);
    const keys = new KeyDirectory(repo, new StatusChanges());
    expect(await verifyWith(keys, key)).toEqual({
      appId: "app-1",
      ownerId: "owner-1",
      status: "active",
      websiteUrl: "https://shop.example.com/store",
      kind: "secret",
      allowedOrigin: "https://shop.example.com",
      dailySpendCapMicros: 2_000_000,
      statusAtMs: Date.parse("2026-01-01T00:00:00.000Z"),
      // API keys do not expire and belong to no connection (those are OAuth access tokens').
      expiresAtMs: 0,
      connectionId: "",
      storeCompletions: true,
    });
    expect(await verifyWith(keys, pub)).toMatchObject({ appId: "app-1", kind: "publishable", dailySpendCapMicros: 2_000_000 });
  });

  it("when the app has no cap of its own, then the default $1.00 a day", async () => {
    const keys = new KeyDirectory(store([app()]).repo, new StatusChanges());
    expect((await verifyWith(keys, pub))?.dailySpendCapMicros).toBe(1_000_000);
  });

  it("when a key is not of either form, then it is unknown without asking the store", async () => {
    const { repo, reads } = store([app()]);
    const keys = new KeyDirectory(repo, new StatusChanges());
    for (const k of ["", "sk-123", key.slice(0, -1), `${pub}=`]) expect(await verifyWith(keys, k)).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it("when a key is asked about again, then memory answers, until the app is invalidated", async () => {
    const { repo, reads } = store([app()]);
    const keys = new KeyDirectory(repo, new StatusChanges());
    await verifyWith(keys, key);
    await verifyWith(keys, key);
    expect(reads).toEqual(["secret"]);
    keys.invalidate("app-1");
    keys.invalidate("app-unknown");
    await verifyWith(keys, key);
    expect(reads).toEqual(["secret", "secret"]);
  });

  it("when a key is unknown, then that is remembered too, until the key is issued", async () => {
    const apps: AppRecord[] = [];
    const { repo, reads } = store(apps);
    const keys = new KeyDirectory(repo, new StatusChanges());
    expect(await verifyWith(keys, key)).toBeUndefined();
    apps.push(app());
    expect(await verifyWith(keys, key)).toBeUndefined();
    expect(reads).toEqual(["secret"]);
    keys.issued(key);
    expect(await verifyWith(keys, key)).toMatchObject({ appId: "app-1" });
  });

  it("when the store's record predates a status change heard for the app, then it is answered but not kept", async () => {
    const apps = [app({ status: "pending" })];
    const { repo, reads } = store(apps);
    const changes = new StatusChanges();
    changes.heard("app-1", new Date("2026-01-01T00:00:05.000Z"));
    const keys = new KeyDirectory(repo, changes);
    expect((await verifyWith(keys, key))?.status).toBe("pending");
    apps[0] = app({ status: "active", statusAt: new Date("2026-01-01T00:00:05.000Z") });
    expect((await verifyWith(keys, key))?.status).toBe("active");
    expect((await verifyWith(keys, key))?.status).toBe("active");
    expect(reads).toEqual(["secret", "secret"]);
  });

  it("when an OAuth access token is asked about, then the authorization server answers it, and once expired it is nobody's", async () => {
    const { repo, reads } = store([app()]);
    const keys = new KeyDirectory(repo, new StatusChanges());
    const token = `gk_oat_${"a".repeat(43)}`;
    // Without the authorization server wired in, no token is anybody's.
    expect(await verifyWith(keys, token)).toBeUndefined();
    keys.issued(token);
    let expiresAtMs = Date.now() + 60_000;
    const asked: string[] = [];
    keys.oauthOwners = async (hash) => {
      asked.push(hash);
      return { ...ownerOfApp(app(), "oauth", { expiresAtMs, connectionId: "conn-1" }) };
    };
    expect(await verifyWith(keys, token)).toMatchObject({ appId: "app-1", kind: "oauth", connectionId: "conn-1", expiresAtMs });
    expect(asked).toEqual([keyHash(token)]);
    // Remembered, but an answer past its expiry is not given even from memory.
    expiresAtMs = Date.now() - 1;
    keys.invalidate("app-1");
    expect(await verifyWith(keys, token)).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
