import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './cli/seed-demo';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { importDemoCity } from './imports/demo';
import { createProgress } from './imports/progress';
import { moveLegacyRuntimeData } from './runtime-data';
import { warmSearchIndexes } from './platform/search/index-registry';

const DEMO_LOCK = 'civicdesk:demo-city';

/** Read config, open and migrate the database, seed the demo city outside production, listen. */
async function main() {
  const moved = moveLegacyRuntimeData(process.cwd(), process.env);
  if (moved.length) console.log(`Moved the runtime data (${moved.join(', ')}) from ./data to ./var, apart from the shipped demo data.`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Ctrl-C or a stop at any moment, even during the first import, closes the database cleanly
  // (an embedded database killed mid-write may not open again). Once, however many signals come.
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app?.close();
      await database.close();
      process.exit(0);
    })());
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await database.migrate();

  let demoPassword: string | undefined;
  if (!config.production) {
    // Processes started together on one PostgreSQL seed and import one after the other: the second
    // finds the demo city imported and does not import it again.
    demoPassword = await database.exclusively(DEMO_LOCK, async () => {
      const password = config.demoPassword ?? storedDemoPassword(config);
      await seedDemoAccounts(database.db, password, Boolean(config.demoPassword));
      const started = Date.now();
      const reports = await importDemoCity(database.db, createProgress());
      if (reports.some((r) => r.outcome === 'imported')) console.log(`Demo city imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return password;
    });
  }

  app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  printBanner(config, database.kind, demoPassword);
  // Smart Search's in-process indexes build after the server listens; searches use SQL until each is ready (decision 017).
  warmSearchIndexes(database.db).then(
    (built) => {
      for (const b of built) app.log.info({ location: b.locationId, records: b.records, ms: Math.round(b.ms), mb: Math.round(b.bytes / 1e6) }, 'search index ready');
    },
    // A stop during the build ends it with the database: that is not a failure to report.
    (err) => closing || app?.log.error({ err }, 'search index build failed; searches use SQL'),
  );
}

/** Outside production a generated demo password is kept in DATA_DIR so every start prints the same one. */
function storedDemoPassword(config: Config): string {
  const file = path.join(config.dataDir, 'demo-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const password = `demo-${randomBytes(9).toString('base64url')}`;
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

function printBanner(config: Config, dbKind: string, demoPassword?: string) {
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `CivicDesk is running at ${url}`,
    `  database: ${dbKind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  AI engine: ${config.llm ? `OpenAI-compatible at ${config.llm.baseUrl} (${config.llm.model})` : 'built-in offline engine'}`,
    `  mail: ${config.smtpUrl ? 'SMTP' : 'outbox (messages are stored and printed to this log)'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (demoPassword) {
    lines.push('', 'Demo accounts (one per role), password: ' + demoPassword);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(16)} ${a.email}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  // The whole error, with its cause: "CREATE TABLE failed" alone does not say why.
  console.error(err);
  process.exit(1);
});
