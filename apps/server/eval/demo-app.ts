import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
  // EVAL_DATA_DIR keeps the database between runs (the imports are idempotent: a second run skips them).
  const kept = process.env.EVAL_DATA_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept || mkdtempSync(join(os.tmpdir(), 'civicdesk-eval-'));
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
  // Measured on the whole code index, not the interim search that answers while it is built (decision 030).
  if (opts.code) {
    for (;;) {
      const health = (await app.inject({ url: '/api/health' })).json() as { degraded?: { component: string }[] };
      if (!health.degraded?.some((d) => d.component === 'code_index')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
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
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
