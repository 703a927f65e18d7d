// npm run bench:search — Smart Search under load: 16 concurrent clients (autocannon in a worker
// thread, so the load generator does not share the server's event loop) cycling through varied
// queries (words, phrases, typos, file numbers, filters, date ranges, sorts, pages) on the demo
// city, then on 10x and 100x synthetic copies of its legislation and agenda items.
// Embedded PGlite by default; BENCH_DATABASE_URL (a PostgreSQL server) runs it on a fresh
// database there. BENCH_SIZES=1,10,100 picks the sizes (default: 1,10 on PGlite, 1,10,100 on
// PostgreSQL); BENCH_SECONDS the measured seconds per row; BENCH_ENGINE=sql measures the SQL path
// (no in-process index) for comparison; SEARCH_INDEX_BUDGET_MB the indexes' memory budget (default
// here 2000, so the 100x index is kept: the server's default is 256). Per size it prints the index
// build time and memory, its bytes per record against the budget, one client's latency, then rows
// with the answer cache off (every request searched) and on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { seedDemoAccounts } from '../apps/server/src/cli/seed-demo';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { importDemoSearchData } from '../apps/server/src/imports/demo';
import { silentProgress } from '../apps/server/src/imports/progress';
import { forgetSearches, setSearchCache } from '../apps/server/src/platform/search/cache';
import { forgetSearchIndexes, indexOptions, searchIndexMemory, searchIndexReady, searchIndexState } from '../apps/server/src/platform/search/index-registry';
import { forgetParsedWords } from '../apps/server/src/platform/search/query-terms';
import { forgetVocabularies, warmVocabulary } from '../apps/server/src/platform/search/typo';
import { formatTable } from '../apps/server/eval/table';
import { pct95 } from './latency';

/** One client is the whole load here: the request budgets (decision 022) are lifted, their counting still runs on every request. */
const UNTHROTTLED = { RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_AUTH_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' };

const PASSWORD = 'bench-password-123';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const serverUrl = process.env.BENCH_DATABASE_URL;
const SIZES = (process.env.BENCH_SIZES ?? (serverUrl ? '1,10,100' : '1,10')).split(',').map(Number);
const ENGINE = process.env.BENCH_ENGINE === 'sql' ? 'sql' : 'index';
/** Copies carry the first characters of each law's text: the full 21 MB x 100 would take the bench's whole budget to index. */
const COPY_TEXT_CHARS = 500;

const QUERIES = [
  'snow removal', 'affordable housing', 'rent control', '"tenant opportunity to purchase"', 'tax abatement',
  'school modernization', 'alcoholic beverage', 'historic preservation', 'budget support act', 'police',
  'youth employment', 'street vendors', 'lead pipes', 'parking enforcement', 'noise', 'marijuana',
  'recrods', 'snwo removal', 'afordable housng', 'histroic district', 'libary', 'emergency', 'public safety',
  'council', 'health insurance', 'vacant property', 'sidewalk', 'bicycle', 'minimum wage', 'paid family leave',
  'housing', 'school budget', 'water and sewer', '"public space"', 'fire department', 'teachers retirement',
  'child care', 'dog park', 'traffic safety cameras', 'procurement -emergency', 'tree canopy', 'langauge access',
];
const VARIANTS = ['', '&sort_by=date_desc', '&start_date=2010-01-01&end_date=2019-12-31', '&document_types=ORDINANCE', '&page=2', '&limit_per_type=5', '&sort_by=date_asc&document_types=RESOLUTION,ORDINANCE'];

async function openBenchDatabase() {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-bench-search-'));
    return { database: await openDatabase({ dataDir }), dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `civicdesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-bench-search-'));
  return {
    database: await openDatabase({ databaseUrl: url.toString(), dataDir: null }),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Grows the location to `size` times the demo data: copy n of each law and item, with perturbed ids and file numbers. */
async function growTo(db: Db, locationId: string, from: number, size: number) {
  for (let n = from; n < size; n++) {
    await db.execute(sql`INSERT INTO legislation (id, location_id, source_id, kind, document_type, council_period, law_number, act_number,
        bill_number, file_number, title, long_title, summary, committee, introduced, enacted, effective, status, votes, history_url, text)
      SELECT gen_random_uuid()::text, location_id, source_id || '-c' || ${n}::int, kind, document_type, council_period, law_number, act_number,
        bill_number, file_number || '-' || ${n}::int, title, long_title, summary, committee, introduced + ${n}::int, enacted + ${n}::int,
        effective + ${n}::int, status, votes, history_url, left(text, ${COPY_TEXT_CHARS}::int)
      FROM legislation WHERE location_id = ${locationId} AND source_id !~ '-c[0-9]+$'`);
    await db.execute(sql`INSERT INTO agenda_items (id, location_id, agenda_id, source_id, date, section_name, position, title, description,
        document_type, file_number, committee, status)
      SELECT gen_random_uuid()::text, location_id, agenda_id, source_id || '-c' || ${n}::int, date + ${n}::int, section_name, position, title,
        description, document_type, file_number || '-' || ${n}::int, committee, status
      FROM agenda_items WHERE location_id = ${locationId} AND source_id !~ '-c[0-9]+$'`);
  }
  await db.execute(sql`ANALYZE legislation`);
  await db.execute(sql`ANALYZE agenda_items`);
}

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

async function main() {
  const { database, dataDir, drop } = await openBenchDatabase();
  // Stopped early (Ctrl-C, timeout): still drop the bench database and data folder.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void drop().finally(() => process.exit(130)));
  indexOptions.enabled = ENGINE === 'index';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    SEARCH_INDEX_BUDGET_MB: process.env.SEARCH_INDEX_BUDGET_MB ?? '2000',
    ...UNTHROTTLED,
  });
  indexOptions.budgetBytes = config.searchIndexBudgetBytes;
  await database.migrate();
  await seedDemoAccounts(database.db, PASSWORD, true);
  const started = Date.now();
  const locationId = await importDemoSearchData(database.db, silentProgress);
  console.log(`demo city imported in ${((Date.now() - started) / 1000).toFixed(0)} s (${database.kind}, engine: ${ENGINE})`);
  const files = await database.db.execute(sql`SELECT file_number FROM legislation WHERE location_id = ${locationId} AND file_number IS NOT NULL ORDER BY source_id LIMIT 400`);
  const fileNumbers = (files as unknown as { rows: { file_number: string }[] }).rows.filter((_, i) => i % 40 === 0).map((r) => r.file_number);
  const paths: string[] = [];
  for (const [i, q] of [...QUERIES, ...fileNumbers, ''].entries()) paths.push(`/api/search?query=${encodeURIComponent(q)}${VARIANTS[i % VARIANTS.length]}`);

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 3611), host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await (await fetch(`${base}/api/user/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'clerk@civicdesk.test', password: PASSWORD }) })).json();
  const headers = { authorization: `Bearer ${login.access_token}` };

  const rows: string[][] = [];
  let current = 1;
  for (const size of SIZES) {
    const growStart = Date.now();
    await growTo(database.db, locationId, current, size);
    current = Math.max(current, size);
    const counts = (await database.db.execute(sql`SELECT (SELECT count(*) FROM legislation WHERE location_id = ${locationId})::int AS laws,
        (SELECT count(*) FROM agenda_items WHERE location_id = ${locationId})::int AS items`)) as unknown as { rows: { laws: number; items: number }[] };
    const { laws, items } = counts.rows[0];
    if (size > 1) console.log(`${size}x: ${laws} laws, ${items} agenda items (copied in ${((Date.now() - growStart) / 1000).toFixed(0)} s)`);
    forgetSearchIndexes(database.db);
    forgetVocabularies();
    forgetParsedWords();
    if (ENGINE === 'index') {
      global.gc?.();
      const before = process.memoryUsage();
      const buildStart = performance.now();
      const index = await searchIndexReady(database.db, locationId);
      const buildMs = performance.now() - buildStart;
      await warmVocabulary(database.db, locationId);
      global.gc?.();
      const after = process.memoryUsage();
      console.log(
        `${size}x index: ${index.size} records built in ${(buildMs / 1000).toFixed(1)} s; index ${mb(index.bytes)}` +
          ` (postings ${mb(index.lexicon.bytes)}, ${index.lexicon.lists.size} lexemes, snippets ${index.snippetTexts ? 'in memory' : 'from the database'});` +
          ` process RSS ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap ${mb(after.heapUsed)}, array buffers ${mb(after.arrayBuffers)}`,
      );
      const memory = searchIndexMemory();
      const kept = searchIndexState(database.db, locationId) === 'ready';
      console.log(
        `${size}x index memory: ${Math.round(index.bytes / index.size)} bytes per record, ${mb(index.bytes)} for the location;` +
          ` budget ${mb(memory.budgetBytes)} (SEARCH_INDEX_BUDGET_MB), ${kept ? `kept, ${mb(memory.usedBytes)} held` : 'too large to keep: searches go through SQL'}`,
      );
    }
    const opts = {
      url: base,
      timeout: 60,
      connections: CONNECTIONS,
      workers: 1,
      headers,
      // Each connection walks the list in order; plain objects, so the worker thread can take them.
      requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    };
    forgetSearches();
    setSearchCache(false);
    // One client, every query: first with words never parsed before (one round trip for their tsqueries), then again.
    for (const pass of ['first pass', 'second pass']) {
      const single: [number, string][] = [];
      for (const p of paths) {
        const t0 = performance.now();
        const res = await fetch(base + p, { headers });
        await res.arrayBuffer();
        single.push([performance.now() - t0, p]);
      }
      single.sort((a, b) => a[0] - b[0]);
      const at = (q: number) => single[Math.min(single.length - 1, Math.floor(single.length * q))][0].toFixed(1);
      const slowest = single.slice(-3).reverse().map(([ms, p]) => `${ms.toFixed(0)} ms ${decodeURIComponent(p.slice(18))}`).join(' · ');
      console.log(`${size}x one client, cache off, ${pass}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; slowest ${slowest}`);
    }
    for (const cache of [false, true]) {
      setSearchCache(cache);
      // Fill the cache one query at a time, so the measured run starts with nothing still computing.
      if (cache) for (const p of paths) await (await fetch(base + p, { headers })).arrayBuffer();
      const r = await autocannon({ ...opts, duration: DURATION });
      rows.push([`${size}x`, database.kind, ENGINE, cache ? 'on' : 'off', String(laws + items), String(r.latency.p50), pct95(r), String(r.latency.p99), r.requests.average.toFixed(0), String(r.non2xx + r.errors)]);
      // Each row as soon as it is measured, so a long run that is stopped still reports what it has.
      console.log(`row: ${rows.at(-1)!.join(' | ')}`);
    }
  }
  console.log(`\nSmart Search benchmark — GET /api/search, ${CONNECTIONS} concurrent clients (autocannon worker thread), ${paths.length} varied queries, ${DURATION} s per row, ${os.cpus().length} cores\n`);
  console.log(formatTable(['size', 'database', 'engine', 'cache', 'records', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'non-2xx'], rows));
  await app.close();
  await database.close();
  await drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
