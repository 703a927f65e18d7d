// npm run bench:load — the product under load on PostgreSQL, as a deployment runs it: the compiled
// server (start:prod's dist/main.js), with 1 and then 2 app processes (WORKERS), the demo city in
// the database. A mixed workload of real requests from the demo accounts, 50 connections for 60 s
// (autocannon), split across routes roughly as a working day mixes them; req/s, p50/p90/p99 and
// errors per route. Aims (GitLab's and Mattermost's published targets): p90 < 200 ms, no answer >= 500.
//
//   BENCH_DATABASE_URL  the PostgreSQL database to use (default: a "civicdesk_bench" database created
//                       on TEST_DATABASE_URL's server); the demo city is imported once and kept
//   BENCH_SECONDS       seconds per run (60)       BENCH_WORKERS  runs, e.g. "1,2" (default)
//   BENCH_CONNECTIONS   connections in all (50)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatTable } from '../apps/server/eval/table';
import { multipartBody } from '../apps/server/src/test/multipart';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WORKER_RUNS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3871);
const PASSWORD = 'bench-load-demo-password';
const JWT_SECRET = 'bench-load-secret-that-is-long-enough-for-hs256';
const base = `http://127.0.0.1:${PORT}`;

async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!server) throw new Error('bench:load runs on PostgreSQL: set BENCH_DATABASE_URL, or TEST_DATABASE_URL to a server where it may create "civicdesk_bench"');
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'civicdesk_bench'`);
  if (!rowCount) await client.query('CREATE DATABASE civicdesk_bench');
  await client.end();
  const url = new URL(server);
  url.pathname = '/civicdesk_bench';
  return url.toString();
}

function start(env: Record<string, string>): { proc: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const proc = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET, DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => proc.on('exit', () => r()));
  return {
    proc,
    output: () => out,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(server: ReturnType<typeof start>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.proc.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer in time:\n${server.output()}`);
}

async function token(email: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

type Route = { name: string; share: number; requests: (auth: Record<string, string>) => autocannon.Request[] };

const SEARCHES = ['parking', 'budget', 'zoning variance', 'public safety', 'school', 'housing', 'tax', 'permit', 'alcohol license', 'noise'];
const QUESTIONS = ['How long may a dog bark at night?', 'Who may issue a parking ticket?', 'What does a food truck need to operate?', 'When is a building permit required?'];
const upload = multipartBody({}, [{ field: 'files', filename: 'load-notes.txt', content: 'Notes from the load test: the gazebo repairs and the pothole survey.' }]);

/** Each route's share of the connections, and the requests its connections cycle through. */
const ROUTES: Route[] = [
  { name: 'GET /search', share: 0.3, requests: (h) => SEARCHES.map((q) => ({ method: 'GET', path: `/api/search?query=${encodeURIComponent(q)}`, headers: h })) },
  { name: 'GET /agenda', share: 0.2, requests: (h) => [1, 2, 3].map((page) => ({ method: 'GET', path: `/api/agenda?limit=20&skip=${(page - 1) * 20}`, headers: h })) },
  { name: 'GET /municipal_code/threads', share: 0.1, requests: (h) => [{ method: 'GET', path: '/api/municipal_code/threads', headers: h }] },
  {
    name: 'POST /municipal_code/generate',
    share: 0.14,
    requests: (h) => QUESTIONS.map((q) => ({ method: 'POST', path: '/api/municipal_code/generate', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ main_user_question: q }) })),
  },
  { name: 'POST /external_document', share: 0.06, requests: (h) => [{ method: 'POST', path: '/api/external_document', headers: { ...h, ...upload.headers }, body: upload.payload }] },
  {
    name: 'POST /resolution/draft',
    share: 0.1,
    requests: (h) => [{ method: 'POST', path: '/api/resolution/draft', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'A resolution to repair the gazebo in the town square' }) }],
  },
  {
    name: 'POST /compliance/text',
    share: 0.1,
    requests: (h) => [
      { method: 'POST', path: '/api/compliance/text', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'The council will meet in closed session to discuss the budget. Call Jane Doe at 202-555-0143.', compliance_type: 'all' }) },
    ],
  },
];

interface RouteResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
  over500: number;
  errors: number;
}

async function runOnce(workers: number, url: string): Promise<RouteResult[]> {
  const server = start({ NODE_ENV: 'production', DATABASE_URL: url, WORKERS: String(workers), RATE_LIMIT_API_PER_MINUTE: '10000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '10000000' });
  try {
    await waitForHealth(server, 120_000);
    const tokens = await Promise.all(['clerk@civicdesk.test', 'staff@civicdesk.test', 'admin@civicdesk.test', 'manager@civicdesk.test'].map(token));
    // Warm-up: each process builds its search and code indexes (about 15 s); one question per process loads the model.
    for (let i = 0; i < 20; i++) {
      const h = { authorization: `Bearer ${tokens[i % tokens.length]}` };
      await fetch(`${base}/api/municipal_code/generate`, { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ main_user_question: QUESTIONS[i % QUESTIONS.length] }) });
      await fetch(`${base}/api/search?query=parking`, { headers: h });
    }
    await new Promise((r) => setTimeout(r, 15_000));
    console.log(`\n${workers} app process${workers > 1 ? 'es' : ''}: ${CONNECTIONS} connections for ${SECONDS} s...`);
    const runs = ROUTES.map((route, i) => {
      const connections = Math.max(1, Math.round(route.share * CONNECTIONS));
      const auth = { authorization: `Bearer ${tokens[i % tokens.length]}` };
      let over500 = 0;
      return new Promise<RouteResult>((resolveRun, reject) => {
        const instance = autocannon({ url: base, connections, duration: SECONDS, requests: route.requests(auth) }, (err, r) => {
          if (err) return reject(err);
          resolveRun({ name: `${route.name} (${connections} conn.)`, requests: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, non2xx: r.non2xx, over500, errors: r.errors + r.timeouts });
        });
        instance.on('response', (_client: unknown, status: number) => {
          if (status >= 500) over500++;
        });
      });
    });
    return await Promise.all(runs);
  } finally {
    await server.stop();
  }
}

async function main() {
  execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const url = await databaseUrl();
  // The demo city once, by a development start (it seeds the accounts and imports under its lock).
  console.log('preparing the demo city in the bench database (imported once, then kept)...');
  const preparing = start({ NODE_ENV: 'development', DATABASE_URL: url });
  await waitForHealth(preparing, 600_000);
  await preparing.stop();

  const summary: string[][] = [];
  for (const workers of WORKER_RUNS) {
    const results = await runOnce(workers, url);
    console.log(
      formatTable(
        ['route', 'requests', 'req/s', 'p50 ms', 'p90 ms (aim < 200)', 'p99 ms', 'non-2xx', '>= 500 (aim 0)', 'errors'],
        results.map((r) => [r.name, String(r.requests), r.rps.toFixed(1), String(r.p50), String(r.p90), String(r.p99), String(r.non2xx), String(r.over500), String(r.errors)]),
      ),
    );
    const total = results.reduce((s, r) => s + r.rps, 0);
    const worstP90 = Math.max(...results.map((r) => r.p90));
    summary.push([String(workers), total.toFixed(1), String(worstP90), String(results.reduce((s, r) => s + r.over500, 0)), String(results.reduce((s, r) => s + r.errors, 0))]);
  }
  console.log('\nSummary:\n');
  console.log(formatTable(['app processes', 'req/s in all', 'worst route p90 ms', '>= 500', 'errors'], summary));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
