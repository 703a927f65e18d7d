/**
 * Small in-memory read caches, one per database handle (tests open many). A process that writes
 * drops the entries it changed, so it always reads its own writes; the short lifetime bounds how
 * stale another server process sharing the same PostgreSQL can be. Measured reason: a PGlite round
 * trip costs about 0.8 ms of the one event loop, so hot reads (the session check on every request,
 * the sidebar's thread list on every page) are served from memory.
 */
interface Entry<T> {
  value: T;
  expires: number;
}

export function createReadCache<T>(opts: { ttlMs: number; maxEntries: number }) {
  const caches = new WeakMap<object, Map<string, Entry<T>>>();
  const cacheOf = (db: object) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    return cache;
  };
  return {
    /** The cached value, or `load()`'s (undefined is not cached). */
    async get(db: object, key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
      const cache = cacheOf(db);
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      const value = await load();
      if (value === undefined) {
        cache.delete(key);
        return undefined;
      }
      if (cache.size >= opts.maxEntries) cache.clear();
      cache.set(key, { value, expires: Date.now() + opts.ttlMs });
      return value;
    },
    forget(db: object, key: string) {
      cacheOf(db).delete(key);
    },
    clear(db: object) {
      cacheOf(db).clear();
    },
  };
}
