/**
 * Loads under way, by key: a caller asking for a key whose load has not finished shares that load instead of starting
 * its own. In front of a cache, a burst of requests for one entry that has just expired (a thousand streams of one
 * app arriving together after a quiet moment) makes one request to the service behind it, not one per request. A
 * key should name everything the load depends on (an invalidation's generation, the caller's identity), so that
 * nothing joins a load it must not share. The load's failure is every sharer's; the next ask starts a fresh load.
 */
export class Flights<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  run(key: K, load: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    let started: Promise<V>;
    try {
      started = load();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const shared = started.finally(() => {
      if (this.running.get(key) === shared) this.running.delete(key);
    });
    this.running.set(key, shared);
    return shared;
  }

  /** Loads under way (a figure for tests). */
  get size(): number {
    return this.running.size;
  }
}
