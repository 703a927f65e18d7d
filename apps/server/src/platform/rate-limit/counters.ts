import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Fixed-window counters in PostgreSQL (table rate_limit_counters, decision 022), so every server
 * process on one database counts the same hits. One atomic upsert per hit; the database's clock
 * decides windows, so processes on machines with skewed clocks still agree.
 */
export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends and the count starts again. */
  ttlMs: number;
}

/** Keys stay short and free of user-chosen characters beyond their prefix. */
export const counterKey = (prefix: string, ...parts: string[]) =>
  `${prefix}:${parts.map((p) => (/^[\w.@-]{1,64}$/.test(p) ? p : createHash('sha256').update(p).digest('hex').slice(0, 32))).join(':')}`;

const rowsOf = (result: unknown) => (result as { rows: { hits: number; ttl_ms: number }[] }).rows;
const stateOf = (row: { hits: number; ttl_ms: number }): CounterState => ({ hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) });

export function createCounterStore(db: Db) {
  return {
    /** Counts one hit and answers the window's count including it. */
    async hit(key: string, windowMs: number): Promise<CounterState> {
      const result = await db.execute(sql`
        INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.hits + 1 END,
          reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
        RETURNING hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::int AS ttl_ms`);
      return stateOf(rowsOf(result)[0]);
    },

    /** The current counts of some keys (a key without hits in a live window is absent). */
    async peek(keys: string[]): Promise<Map<string, CounterState>> {
      if (!keys.length) return new Map();
      const result = await db.execute(sql`
        SELECT key, hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::int AS ttl_ms
        FROM rate_limit_counters WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) AND reset_at > now()`);
      return new Map((result as { rows: { key: string; hits: number; ttl_ms: number }[] }).rows.map((r) => [r.key, stateOf(r)]));
    },

    /** Forgets keys, and every key that starts with one of `prefixes` (prefixes come from counterKey). */
    async clear(keys: string[], prefixes: string[] = []): Promise<void> {
      const conditions = [
        ...(keys.length ? [sql`key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`] : []),
        ...prefixes.map((p) => sql`starts_with(key, ${p})`),
      ];
      if (conditions.length) await db.execute(sql`DELETE FROM rate_limit_counters WHERE ${sql.join(conditions, sql` OR `)}`);
    },

    /** Drops windows that ended (run now and then; a stale row is harmless, only space). */
    async sweep(): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE reset_at <= now()`);
    },
  };
}
export type CounterStore = ReturnType<typeof createCounterStore>;
