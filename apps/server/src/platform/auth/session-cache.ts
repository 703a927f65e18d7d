/**
 * The per-request session check (token version, role, permissions, location) read from memory
 * instead of the database. Every write to a user drops its entry (users repo), so a reset, a role
 * or permission change or a deletion still ends sessions at once in this process; the short
 * lifetime bounds staleness if several server processes ever share one database.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expires: number;
}

const caches = new WeakMap<object, Map<string, Entry<unknown>>>();

function cacheOf(db: object) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export async function cachedSessionState<T>(db: object, userId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  const cache = cacheOf(db);
  const hit = cache.get(userId);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  const value = await load();
  if (value === undefined) {
    cache.delete(userId);
    return undefined;
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(userId, { value, expires: Date.now() + TTL_MS });
  return value;
}

export function forgetSessionState(db: object, userId: string) {
  cacheOf(db).delete(userId);
}
