// npm run bench:api — autocannon, 32 connections, against the real server on embedded PGlite:
// GET /api/municipal_code/threads with a valid token, and PUT /api/user/login. Prints req/s, p50, p95.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { seedDemoAccounts } from '../apps/server/src/cli/seed-demo';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { appendMessages, startThread } from '../apps/server/src/modules/threads/service';
import { formatTable } from '../apps/server/eval/table';
import { pct95 } from './latency';

/** One client is the whole load here: the request budgets (decision 022) are lifted, their counting still runs on every request. */
const UNTHROTTLED = { RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_AUTH_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' };

const PASSWORD = 'bench-password-123';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!', LOGIN_MAX_FAILURES_PER_IP: '1000000', ...UNTHROTTLED });
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await database.migrate();
  await seedDemoAccounts(database.db, PASSWORD, true);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const login = await (await fetch(`${base}/api/user/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'clerk@civicdesk.test', password: PASSWORD }) })).json();
  const me = login.user;
  // A realistic list: 25 threads with a few messages each.
  for (let i = 0; i < 25; i++) {
    const id = await startThread(database.db, { userId: me.id, locationId: (await app.inject({ url: '/api/location', headers: { authorization: `Bearer ${login.access_token}` } })).json()[0].id } as never, `Question ${i} about the municipal code`);
    await appendMessages(database.db, id, [{ role: 'user', content: `Question ${i}` }]);
  }

  const scenarios = [
    { name: 'GET /api/municipal_code/threads', opts: { method: 'GET' as const, url: `${base}/api/municipal_code/threads`, headers: { authorization: `Bearer ${login.access_token}` } } },
    { name: 'PUT /api/user/login', opts: { method: 'PUT' as const, url: `${base}/api/user/login`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'clerk@civicdesk.test', password: PASSWORD }) } },
  ];
  const rows: string[][] = [];
  for (const s of scenarios) {
    // Short warm-up, then the measured run.
    await autocannon({ connections: 8, duration: 1, ...s.opts });
    // The load generator runs in a worker thread so it does not share the server's event loop.
    const r = await autocannon({ connections: 32, duration: DURATION, workers: 1, ...s.opts });
    const non2xx = r.non2xx + r.errors;
    rows.push([s.name, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p97_5 ?? r.latency.p99), pct95(r), String(non2xx)]);
  }
  console.log(`\nCivicDesk API benchmark — ${database.kind}, 32 connections, ${DURATION} s per row, ${os.cpus().length} cores\n`);
  console.log(formatTable(['scenario', 'req/s', 'p50 ms', 'p97.5 ms', 'p95 ms', 'non-2xx'], rows));
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
