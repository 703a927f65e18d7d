import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './cli/seed-demo';
import { type Config, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { isClusterWorker, runWorkers } from './cluster';
import { importDemoCity } from './imports/demo';
import { createProgress } from './imports/progress';
import { refreshStatistics } from './imports/statistics';
import { moveLegacyRuntimeData } from './runtime-data';
import { warmSearchIndexes } from './platform/search/index-registry';

const DEMO_LOCK = 'civicdesk:demo-city';

/**
 * Read config, open and migrate the database, seed the demo city outside production, listen. With
 * WORKERS=N on PostgreSQL the primary prepares the database once and starts N app processes that
 * share the port (cluster.ts); each of them skips straight to serving.
 */
async function main() {
  if (isClusterWorker()) return serve(loadConfig(), { prepared: true });
  const moved = moveLegacyRuntimeData(process.cwd(), process.env);
  if (moved.length) console.log(`Moved the runtime data (${moved.join(', ')}) from ./data to ./var, apart from the shipped demo data.`);
  const config = loadConfig();
  if (config.workers > 1 && !config.databaseUrl) {
    console.log(`WORKERS=${config.workers} needs DATABASE_URL: the embedded PGlite database serves one process. Starting one process.`);
  }
  if (config.workers > 1 && config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const demoPassword = await prepare(config, database);
    await database.close();
    printBanner(config, database.kind, demoPassword, config.workers);
    return runWorkers(config.workers, (message) => console.log(message));
  }
  return serve(config, { prepared: false });
}

/** Migrations, then outside production the demo accounts and city, each under its lock (decision 002). */
async function prepare(config: Config, database: Database): Promise<string | undefined> {
  await database.migrate();
  if (config.production) return undefined;
  // Processes started together on one PostgreSQL seed and import one after the other: the second
  // finds the demo city imported and does not import it again.
  return database.exclusively(DEMO_LOCK, async () => {
    const password = config.demoPassword ?? storedDemoPassword(config);
    await seedDemoAccounts(database.db, password, Boolean(config.demoPassword));
    const started = Date.now();
    const reports = await importDemoCity(database.db, createProgress());
    const imported = reports.some((r) => r.outcome === 'imported');
    if (imported) console.log(`Demo city imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await refreshStatistics(database.db, { onlyMissing: !imported });
    return password;
  });
}

/** One app process: the database opened (and prepared, unless the primary did), the server listening. */
async function serve(config: Config, opts: { prepared: boolean }) {
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
  const demoPassword = opts.prepared ? undefined : await prepare(config, database);

  app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  if (!opts.prepared) printBanner(config, database.kind, demoPassword, 1);
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

function printBanner(config: Config, dbKind: string, demoPassword: string | undefined, processes: number) {
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `CivicDesk is running at ${url}`,
    `  database: ${dbKind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  app processes: ${processes}${processes > 1 ? ' (WORKERS)' : ''}`,
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
