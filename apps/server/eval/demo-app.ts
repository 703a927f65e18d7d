import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { seedDemoAccounts } from '../src/cli/seed-demo';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { importDemoCity, importDemoSearchData } from '../src/imports/demo';
import { silentProgress } from '../src/imports/progress';
import { searchIndexReady } from '../src/platform/search/index-registry';

/**
 * The demo city in a fresh embedded database with the real app on top, for the evals and benches
 * that go through the API as a user would: `code: false` imports only what Smart Search reads.
 */
const PASSWORD = 'eval-password-123';

export async function startDemoApp(opts: { code: boolean; env?: Record<string, string> }) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'civicdesk-eval-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDemoAccounts(database.db, PASSWORD, true);
  if (opts.code) await importDemoCity(database.db, silentProgress);
  // The code's import is idempotent: this only answers the location (its files were imported above when asked).
  const locationId = await importDemoSearchData(database.db, silentProgress);
  await searchIndexReady(database.db, locationId);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'eval-secret-eval-secret-eval-secret-eval!', ...opts.env });
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    locationId,
    /** The bearer header of a demo account. */
    async headers(email = 'clerk@civicdesk.test') {
      const login = await app.inject({ method: 'PUT', url: '/api/user/login', payload: { email, password: PASSWORD } });
      return { authorization: `Bearer ${login.json().access_token}` };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
