import { createReadCache } from '../read-cache';

/**
 * The per-request session check (token version, role, permissions, location) read from memory.
 * Every write to a user drops its entry (users repo), so a reset, a role or permission change or
 * a deletion still ends sessions at once in this process.
 */
const sessions = createReadCache<unknown>({ name: 'sessions', ttlMs: 5_000, maxEntries: 10_000 });

export function cachedSessionState<T>(db: object, userId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  return sessions.get(db, userId, load) as Promise<T | undefined>;
}

export function forgetSessionState(db: object, userId: string) {
  sessions.forget(db, userId);
}
