import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repos see: the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own statements (the job queue): with values, one
   * parameterised statement; without, a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `fn` while no other process on this database runs anything under the same `key` (a
   * PostgreSQL session advisory lock, held on one connection until `fn` ends). PGlite is one
   * process by nature: `fn` simply runs.
   */
  exclusively<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Tells every process on this database (PostgreSQL NOTIFY; PGlite's own listeners). */
  notify(channel: string, payload: string): Promise<void>;
  /** Hears `notify` from any process on this database until the returned stop is called. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Two processes started together on one empty PostgreSQL migrate one after the other, never at once. */
const MIGRATION_LOCK = 'civicdesk:migrations';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite in DATA_DIR/pglite by default (or in memory for tests when dataDir is null);
 * a real PostgreSQL server when a URL is given. Same schema, same migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusively = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
        }
      } finally {
        client.release();
      }
    };
    // One connection per process stays LISTENing (a pooled one would be handed to other queries).
    const listeners = new Map<string, Set<(payload: string) => void>>();
    let listening: Promise<pg.Client> | null = null;
    const listener = () =>
      (listening ??= (async () => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        client.on('notification', (m) => {
          for (const handler of listeners.get(m.channel) ?? []) handler(m.payload ?? '');
        });
        // A lost connection is opened again and every channel listened to again; until then the
        // caches' own lifetimes bound how stale a process may be.
        client.on('error', () => {
          listening = null;
          setTimeout(() => {
            if (listeners.size) void Promise.all([...listeners.keys()].map(async (c) => (await listener()).query(`LISTEN "${c}"`))).catch(() => {});
          }, 1_000);
        });
        await client.connect();
        return client;
      })());
    let closed = false;
    return {
      db,
      kind: 'postgres',
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      listen: async (channel, handler) => {
        if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
        const first = !listeners.has(channel);
        if (first) listeners.set(channel, new Set());
        listeners.get(channel)!.add(handler);
        if (first) await (await listener()).query(`LISTEN "${channel}"`);
        return async () => {
          listeners.get(channel)?.delete(handler);
          if (listeners.get(channel)?.size === 0 && !closed) {
            listeners.delete(channel);
            await (await listener()).query(`UNLISTEN "${channel}"`).catch(() => {});
          }
        };
      },
      migrate: () =>
        exclusively(MIGRATION_LOCK, async () => {
          await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
          await migratePg(drizzlePg(pool), { migrationsFolder });
        }),
      close: async () => {
        closed = true;
        if (listening) await (await listening).end().catch(() => {});
        await pool.end();
      },
      executeSql: (text, values) => pool.query(text, values as unknown[] | undefined),
      exclusively,
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
    executeSql: async (text, values) => (values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })),
    exclusively: (_key, fn) => fn(),
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, handler) => client.listen(channel, handler),
  };
}
