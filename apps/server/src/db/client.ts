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
   * process by nature: calls under one key run one after the other in it.
   */
  exclusively<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Tells every process on this database (PostgreSQL NOTIFY; PGlite's own listeners). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Hears `notify` from any process on this database until the returned stop is called. On
   * PostgreSQL the listening connection is opened again after it is lost (decision 029).
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `handler` each time the listening connection was lost and is open again: notices sent
   * meanwhile were missed, so what they would have kept true must be read again. PGlite: never.
   */
  onNoticesMissed(handler: () => void): () => void;
  /**
   * Holds `key` until the returned release is called or this process dies (a session advisory lock
   * on a connection of its own), so other processes can tell work that is running from work whose
   * process is gone. Fails when another process holds it. PGlite: nothing to hold.
   */
  holdLock(key: string): Promise<() => Promise<void>>;
}

/** Two processes started together on one empty PostgreSQL migrate one after the other, never at once. */
const MIGRATION_LOCK = 'civicdesk:migrations';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite in DATA_DIR/pglite by default (or in memory for tests when dataDir is null);
 * a real PostgreSQL server when a URL is given. Same schema, same migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null; template?: Blob }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // `template`: a dump of a fresh cluster to start from instead of running initdb again (the test
  // suite's files each open one; initdb is most of PGlite's start-up).
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, ...(opts.template ? { loadDataDir: opts.template } : {}) });
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
    exclusively: inProcessExclusively(),
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, handler) => client.listen(channel, handler),
    onNoticesMissed: () => () => {},
    holdLock: async () => async () => {},
  };
}

/** PGlite is one process: `exclusively` is a queue per key in it (two imports of one city run one after the other). */
function inProcessExclusively() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/**
 * Bounds on a database that stops answering (decision 029): a connection is made within 5 s or the
 * request fails (503), as does waiting 5 s for a free pooled one; a pooled statement that hears
 * nothing for 60 s fails, and a dead peer is noticed by TCP keepalive.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 60_000;
const connection = (url: string) => ({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });

/** Marks errors of `pg` as the database's, so a refused connection to it is told from one to a web service. */
const FROM_DATABASE = Symbol('civicdesk.databaseError');
function markDatabaseError<E>(err: E): E {
  if (err && typeof err === 'object') (err as Record<symbol, boolean>)[FROM_DATABASE] = true;
  return err;
}
export const isDatabaseError = (err: unknown) => Boolean(err && typeof err === 'object' && (err as Record<symbol, unknown>)[FROM_DATABASE]);

/** Calls pg's own `method` with a last-argument callback or a returned promise whose failure is marked. */
function marked(self: pg.Client, method: (...args: unknown[]) => unknown, args: unknown[]) {
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as (err: unknown, ...rest: unknown[]) => void;
    args[last] = (err: unknown, ...rest: unknown[]) => callback(err && markDatabaseError(err), ...rest);
  }
  const result = method.apply(self, args);
  return result instanceof Promise ? result.catch((err: unknown) => Promise.reject(markDatabaseError(err))) : result;
}

/**
 * pg's client with every failure it reports marked, through callbacks (as pg-pool calls it) and
 * promises alike. `any`: pg's connect and query have many overloads, and these pass every one through.
 */
class DatabaseClient extends pg.Client {
  override connect(...args: any[]): any {
    return marked(this, pg.Client.prototype.connect as (...a: unknown[]) => unknown, args);
  }
  override query(...args: any[]): any {
    return marked(this, pg.Client.prototype.query as (...a: unknown[]) => unknown, args);
  }
}

/** A connection of this process's own (listening, holding locks), not a pooled one that other queries would be handed. */
async function ownConnection(url: string, onLost: () => void) {
  const client = new DatabaseClient(connection(url));
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  // A lost connection emits 'error' and 'end', or only 'end': the first counts, once.
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    onLost();
  };
  client.on('error', lose);
  client.on('end', lose);
  return client;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ ...connection(url), Client: DatabaseClient, max: 10, query_timeout: QUERY_TIMEOUT_MS });
  // An idle connection that dies is dropped by the pool and the next query opens another; one that
  // dies while checked out fails its next statement. Neither may end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;

  // The lock is held on a connection of its own, without the pool's statement timeout: waiting for
  // another process's first import may take longer than any one statement should.
  const exclusively = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const client = await ownConnection(url, () => {});
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      return await fn();
    } finally {
      await client.end().catch(() => {});
    }
  };

  // One connection per process stays LISTENing; a lost one is opened again (0.5 s, then doubling to
  // 5 s between attempts, for as long as it takes) and every channel is listened to again.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listening: Promise<pg.Client> | null = null;
  let retryMs = 500;
  let reopenTimer: NodeJS.Timeout | null = null;
  let lost = false;
  const missedHandlers = new Set<() => void>();
  const reopen = () => {
    listening = null;
    lost = true;
    if (closed || reopenTimer || !listeners.size) return;
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      void listener().then(
        () => (retryMs = 500),
        () => {
          retryMs = Math.min(retryMs * 2, 5_000);
          reopen();
        },
      );
    }, retryMs);
    reopenTimer.unref();
  };
  const listener = (): Promise<pg.Client> =>
    (listening ??= (async () => {
      const client = await ownConnection(url, reopen);
      client.on('notification', (m) => {
        for (const handler of listeners.get(m.channel) ?? []) handler(m.payload ?? '');
      });
      try {
        for (const channel of listeners.keys()) await client.query(`LISTEN "${channel}"`);
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      if (lost) {
        lost = false;
        for (const handler of missedHandlers) handler();
      }
      return client;
    })().catch((err: unknown) => {
      listening = null;
      throw err;
    }));

  // Locks of running work, on one connection of this process's own. When it is lost the locks are
  // gone with it (the server releases them), and the next hold opens another.
  let locker: Promise<pg.Client> | null = null;
  const lockConnection = () =>
    (locker ??= ownConnection(url, () => (locker = null)).catch((err: unknown) => {
      locker = null;
      throw err;
    }));

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
      if (first) {
        try {
          await (await listener()).query(`LISTEN "${channel}"`);
        } catch (err) {
          listeners.get(channel)?.delete(handler);
          if (!listeners.get(channel)?.size) listeners.delete(channel);
          throw err;
        }
      }
      return async () => {
        listeners.get(channel)?.delete(handler);
        if (listeners.get(channel)?.size === 0 && !closed) {
          listeners.delete(channel);
          await listening?.then((client) => client.query(`UNLISTEN "${channel}"`)).catch(() => {});
        }
      };
    },
    onNoticesMissed: (handler) => {
      missedHandlers.add(handler);
      return () => missedHandlers.delete(handler);
    },
    holdLock: async (key) => {
      const client = await lockConnection();
      const { rows } = (await client.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS held', [key])) as { rows: { held: boolean }[] };
      if (!rows[0]?.held) throw new Error(`${key} is held by another process`);
      return async () => {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {});
      };
    },
    migrate: () =>
      exclusively(MIGRATION_LOCK, async () => {
        await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePg(drizzlePg(pool), { migrationsFolder });
      }),
    close: async () => {
      closed = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      const own = [listening, locker].filter((c): c is Promise<pg.Client> => c !== null);
      await Promise.all(own.map(async (c) => (await c.catch(() => null))?.end().catch(() => {})));
      await pool.end();
    },
    executeSql: (text, values) => pool.query(text, values as unknown[] | undefined),
    exclusively,
  };
}
