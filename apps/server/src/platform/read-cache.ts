/**
 * Small in-memory read caches, one per database handle (tests open many). A process that writes
 * drops the entries it changed and tells every other process on the same database to drop them too
 * (`startCacheSync`: PostgreSQL NOTIFY, heard within milliseconds); the entry's short lifetime still
 * bounds how stale a process may be should a notice be lost while its listening connection reopens.
 * Measured reason: a PGlite round trip costs about 0.8 ms of the one event loop, so hot reads (the
 * session check on every request, the sidebar's thread list on every page) are served from memory.
 */
import type { Database } from '../db/client';
import { listenForNotices, sendNotice } from './notices';

interface Entry<T> {
  value: T;
  expires: number;
}

type Drop = (db: object, key: string | null) => void;
/**
 * Every cache by name, so a notice from another process reaches the right one. Filled as the modules
 * load, from their code: the same names in every process, holding no data.
 */
const caches = new Map<string, Drop>();
/** How a process tells the others, per database handle (set by startCacheSync). */
const publishers = new WeakMap<object, (cache: string, key: string | null) => void>();
const CHANNEL = 'civicdesk_cache';

export function createReadCache<T>(opts: { name: string; ttlMs: number; maxEntries: number }) {
  const entries = new WeakMap<object, Map<string, Entry<T>>>();
  const cacheOf = (db: object) => {
    let cache = entries.get(db);
    if (!cache) entries.set(db, (cache = new Map()));
    return cache;
  };
  const drop: Drop = (db, key) => (key === null ? cacheOf(db).clear() : cacheOf(db).delete(key));
  if (caches.has(opts.name)) throw new Error(`two read caches named ${opts.name}`);
  caches.set(opts.name, drop);
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
    /** Drops the entry here and in every other process on this database. */
    forget(db: object, key: string) {
      drop(db, key);
      publishers.get(db)?.(opts.name, key);
    },
    clear(db: object) {
      drop(db, null);
      publishers.get(db)?.(opts.name, null);
    },
  };
}

/** Empties every read cache of this process for a database (its notices were missed). */
export function dropAllReadCaches(db: object) {
  for (const drop of caches.values()) drop(db, null);
}

/**
 * Keeps this process's read caches in step with the other processes on the database: what one
 * drops, all drop. Returns the stop (the app calls it when it closes).
 */
export async function startCacheSync(database: Database, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  const stop = await listenForNotices<{ cache: string; key: string | null }>(database, CHANNEL, ({ cache, key }) => caches.get(cache)?.(database.db, key), onError);
  publishers.set(database.db, (cache, key) => {
    sendNotice(database, CHANNEL, { cache, key }).catch(onError);
  });
  return async () => {
    publishers.delete(database.db);
    await stop();
  };
}
