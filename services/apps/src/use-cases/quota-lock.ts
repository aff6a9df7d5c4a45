import { LockTimeoutError, type DocumentLock } from "@genui/chassis";
import { quotaBusy } from "../domain/quotas";

/**
 * Runs a count-then-insert under the quota's lock on `key` (an owner, an app). The store does not isolate concurrent
 * writes and has no multi-document transactions, so the count and the insert are made atomic by the lock, which every
 * copy of the service shares (Redis). A lock that cannot be had in time is a 503 to retry, not a 500.
 */
export async function underQuota<T>(lock: DocumentLock, key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await lock.run(key, fn);
  } catch (err) {
    if (err instanceof LockTimeoutError) throw quotaBusy();
    throw err;
  }
}
