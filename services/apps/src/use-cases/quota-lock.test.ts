import { AppError, KeyedMutex, LockTimeoutError, type DocumentLock } from "@genui/chassis";
import { underQuota } from "./quota-lock";

describe("the quota lock", () => {
  it("when the lock is had, then the work runs under the quota's key and its result is answered", async () => {
    const keys: string[] = [];
    const lock: DocumentLock = { run: (key, fn) => (keys.push(key), fn()) };
    expect(await underQuota(lock, "owner-1", async () => 42)).toBe(42);
    expect(keys).toEqual(["owner-1"]);
  });

  it("when the lock cannot be had in time, then QUOTA_BUSY with a retry delay, not the lock's own error", async () => {
    const busy: DocumentLock = { run: () => Promise.reject(new LockTimeoutError("lock owner-1 not acquired in 10 ms")) };
    const err = await underQuota(busy, "owner-1", async () => 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect([(err as AppError).code, (err as AppError).details.retryAfterSeconds]).toEqual(["APPS.QUOTA_BUSY", 2]);
  });

  it("when the work itself fails, then its error passes through unchanged", async () => {
    const failure = new Error("store down");
    await expect(underQuota(new KeyedMutex(), "owner-1", () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it("when creates of one key run at once, then each counts after the previous inserted (the quota holds)", async () => {
    const rows: string[] = [];
    const lock = new KeyedMutex();
    const create = (id: string) =>
      underQuota(lock, "app-1", async () => {
        const count = rows.length;
        await new Promise((r) => setImmediate(r)); // the store's round trip between the count and the insert
        if (count >= 3) return false;
        rows.push(id);
        return true;
      });
    const made = await Promise.all(["a", "b", "c", "d", "e"].map(create));
    expect(made).toEqual([true, true, true, false, false]);
    expect(rows).toEqual(["a", "b", "c"]);
  });
});
