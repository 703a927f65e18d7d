import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../cli/seed-demo';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

export const TEST_PASSWORD = 'correct-horse-battery';
export const demoEmail = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!.email;

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped on close).
 */
/** Feature tests are not throttled; rate-limit tests pass `{ rateLimits: 'defaults' }` to get the shipped budgets. */
const UNTHROTTLED: Record<string, string> = {
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
};

/** The tests' configuration: silent, no web app, a fixed secret, the runtime data in `dataDir`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    CHAT_STREAM_PACE_MS: '0',
    ...env,
  });
}

export async function createTestApp(env: Record<string, string> = {}, opts: { rateLimits?: 'defaults' | 'unthrottled' } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-test-'));
  const config = testConfig(dataDir, { ...(opts.rateLimits === 'defaults' ? {} : UNTHROTTLED), ...env });
  const { database, databaseUrl, dropDatabase } = await openTestDatabase();
  await database.migrate();
  await seedDemoAccounts(database.db, TEST_PASSWORD, true);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const others: { app: FastifyInstance; database: Database }[] = [];

  const tokens = new Map<string, string>();
  return {
    app,
    config,
    database,
    /** The test database's URL on PostgreSQL (undefined on PGlite), for a second connection as another process would open. */
    databaseUrl,
    db: database.db,
    /**
     * A second server on the same database, as a second process behind a load balancer would be:
     * its own connection pool on PostgreSQL (PGlite, one process by nature, shares its instance).
     */
    async anotherApp(): Promise<FastifyInstance> {
      const own = databaseUrl ? await openDatabase({ databaseUrl, dataDir: null }) : database;
      const other = await buildApp({ config, database: own, logger: false });
      await other.ready();
      others.push({ app: other, database: own });
      return other;
    },
    /** Signs in (cached per email) and answers the bearer header. */
    async auth(email: string, password = TEST_PASSWORD): Promise<{ authorization: string }> {
      if (!tokens.has(email)) tokens.set(email, await loginToken(app, email, password));
      return { authorization: `Bearer ${tokens.get(email)}` };
    },
    forget(email: string) {
      tokens.delete(email);
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        if (other.database !== database) await other.database.close();
      }
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function loginToken(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'PUT', url: '/api/user/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

async function openTestDatabase(): Promise<{ database: Database; databaseUrl?: string; dropDatabase: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) return { database: await openDatabase({ dataDir: null, template: pgliteTemplate() }), dropDatabase: async () => {} };
  const { databaseUrl, dropDatabase } = await createEmptyTestDatabase();
  return { database: await openDatabase({ databaseUrl, dataDir: null }), databaseUrl, dropDatabase };
}

/** A new, empty database on the TEST_DATABASE_URL server (nothing migrated), for tests of what happens on one. */
export async function createEmptyTestDatabase(): Promise<{ databaseUrl: string; dropDatabase: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `civicdesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dropDatabase: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The suite's dump of a fresh PGlite cluster (test/pglite-template.ts), read once per test file. */
let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}
