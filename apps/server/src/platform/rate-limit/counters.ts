import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Fixed-window counters in PostgreSQL (table rate_limit_counters, decision 022), so every server
 * process on one database counts the same hits. The database's clock decides windows, so
 * processes on machines with skewed clocks still agree.
 *
 * Two ways to count:
 * - `hit`: one atomic upsert, exact (failed sign-ins: rare, and each one matters);
 * - `count`: for request budgets, which every API call passes. Far from its limit a key is counted
 *   in the process and written in batches every `flushMs` (100 ms); once the count known here
 *   reaches `localShare` (a quarter) of the limit, every hit is an exact upsert that writes what
 *   was held back. How stale: a process never refuses early, and it can let a budget be passed
 *   only by what other processes counted for the same key in their last `flushMs` and have not
 *   written yet (each holds at most a quarter of the budget); one process alone is exact.
 */
export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends and the count starts again. */
  ttlMs: number;
}

/** Keys stay short and free of user-chosen characters beyond their prefix. */
export const counterKey = (prefix: string, ...parts: string[]) =>
  `${prefix}:${parts.map((p) => (/^[\w.@-]{1,64}$/.test(p) ? p : createHash('sha256').update(p).digest('hex').slice(0, 32))).join(':')}`;

interface Row {
  key: string;
  hits: number;
  ttl_ms: number;
}
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const stateOf = (row: Row): CounterState => ({ hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) });

interface LocalCount {
  /** The database's count at the last write from this process. */
  known: number;
  /** Hits counted here and not yet written. */
  pending: number;
  /** When the window ends, on this process's clock. */
  resetAt: number;
  windowMs: number;
}

export function createCounterStore(db: Db, opts: { flushMs?: number; localShare?: number } = {}) {
  const flushMs = opts.flushMs ?? 100;
  const localShare = opts.localShare ?? 0.25;
  const local = new Map<string, LocalCount>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  /** Adds `by` to each key in one statement; answers each key's count in its window. */
  async function add(entries: { key: string; by: number; windowMs: number }[]): Promise<Map<string, CounterState>> {
    const values: SQL[] = entries.map((e) => sql`(${e.key}, ${e.by}::int, now() + ${e.windowMs}::float8 * interval '1 millisecond')`);
    const result = await db.execute(sql`
      INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.reset_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END,
        reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
      RETURNING key, hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::int AS ttl_ms`);
    return new Map(rowsOf(result).map((r) => [r.key, stateOf(r)]));
  }

  function remember(key: string, windowMs: number, state: CounterState) {
    const entry = local.get(key) ?? { known: 0, pending: 0, resetAt: 0, windowMs };
    entry.known = state.hits;
    entry.resetAt = Date.now() + state.ttlMs;
    local.set(key, entry);
  }

  async function flush(): Promise<void> {
    const now = Date.now();
    const batch: { key: string; by: number; windowMs: number }[] = [];
    for (const [key, entry] of local) {
      if (entry.resetAt <= now) local.delete(key); // its window is over: what it held no longer counts
      else if (entry.pending > 0) {
        batch.push({ key, by: entry.pending, windowMs: entry.windowMs });
        entry.pending = 0;
      }
    }
    if (!batch.length) return;
    try {
      const windows = new Map(batch.map((b) => [b.key, b.windowMs]));
      for (const [key, state] of await add(batch)) remember(key, windows.get(key)!, state);
    } catch (err) {
      // Not written: counted again at the next flush.
      for (const b of batch) {
        const entry = local.get(b.key);
        if (entry) entry.pending += b.by;
      }
      throw err;
    }
  }

  function scheduleFlush() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      flushing = flush()
        .catch(() => undefined)
        .finally(() => (flushing = null));
    }, flushMs);
    timer.unref();
  }

  return {
    /** Counts one hit, exactly, and answers the window's count including it. */
    async hit(key: string, windowMs: number): Promise<CounterState> {
      return (await add([{ key, by: 1, windowMs }])).get(key)!;
    },

    /** Counts one hit against a budget of `max` (see above: local far from the limit, exact near it). */
    async count(key: string, windowMs: number, max: number): Promise<CounterState> {
      const now = Date.now();
      let entry = local.get(key);
      if (entry && entry.resetAt <= now) {
        local.delete(key);
        entry = undefined;
      }
      if (entry && entry.known + entry.pending + 1 <= max * localShare) {
        entry.pending++;
        scheduleFlush();
        return { hits: entry.known + entry.pending, ttlMs: entry.resetAt - now };
      }
      const by = (entry?.pending ?? 0) + 1;
      if (entry) entry.pending = 0;
      const state = (await add([{ key, by, windowMs }])).get(key)!;
      remember(key, windowMs, state);
      return state;
    },

    /** The current counts of some keys (a key without hits in a live window is absent). */
    async peek(keys: string[]): Promise<Map<string, CounterState>> {
      if (!keys.length) return new Map();
      const result = await db.execute(sql`
        SELECT key, hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::int AS ttl_ms
        FROM rate_limit_counters WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) AND reset_at > now()`);
      return new Map(rowsOf(result).map((r) => [r.key, stateOf(r)]));
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

    /** Writes what is still counted only here (on shutdown, before the database closes). */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await flushing;
      await flush().catch(() => undefined);
    },
  };
}
export type CounterStore = ReturnType<typeof createCounterStore>;
