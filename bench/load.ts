// npm run bench:load — the product under load on PostgreSQL, as a deployment runs it: the compiled
// server (start:prod's dist/main.js), with 1 and then 2 app processes (WORKERS), the demo city in
// the database. A mixed workload of real requests from the demo accounts, 50 connections for 60 s
// (autocannon), split across routes roughly as a working day mixes them; req/s, p50/p90/p99 and
// errors per route. Aims (GitLab's and Mattermost's published targets): p90 < 200 ms, no answer >= 500.
// 50 connections with no pause between requests keep the server saturated: each route's latency is
// then mostly its place in the queue. So each saturated run is followed by one at half of the
// throughput it reached, route by route (the same mix, requests arriving evenly and independently,
// timed from when each was due): the latency a deployment sees with headroom left.
// Compliance checks posted during a run are jobs: how many the run's processes completed is shown,
// and what a run left queued is removed from the bench database before the next one.
//
//   BENCH_DATABASE_URL  the PostgreSQL database to use (default: a "civicdesk_bench" database created
//                       on TEST_DATABASE_URL's server); the demo city is imported once and kept
//   BENCH_SECONDS       seconds per run (60)       BENCH_WORKERS  runs, e.g. "1,2" (default)
//   BENCH_CONNECTIONS   connections in all (50)  BENCH_HALF_SECONDS  seconds of the half-load run (30; 0 skips it)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatTable, percentile } from '../apps/server/eval/table';
import { multipartBody } from '../apps/server/src/test/multipart';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WORKER_RUNS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const HALF_SECONDS = Number(process.env.BENCH_HALF_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3871);
const PASSWORD = 'bench-load-demo-password';
const JWT_SECRET = 'bench-load-secret-that-is-long-enough-for-hs256';
const base = `http://127.0.0.1:${PORT}`;

async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!server) throw new Error('bench:load runs on PostgreSQL: set BENCH_DATABASE_URL, or TEST_DATABASE_URL to a server where it may create "civicdesk_bench"');
  await withClient(server, async (client) => {
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'civicdesk_bench'`);
    if (!rowCount) await client.query('CREATE DATABASE civicdesk_bench');
  });
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

/** A query or two on a client of its own, closed after. */
async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Compliance checks a run left queued (the bench database only): the next run starts without a backlog. */
function clearLeftoverJobs(url: string) {
  return withClient(url, async (client) => {
    await client.query(`DELETE FROM pgboss.job WHERE name = 'compliance-check' AND state IN ('created', 'retry')`).catch(() => undefined);
    await client.query(`DELETE FROM compliance_reports WHERE job_state IN ('queued', 'running')`);
  });
}

function completedChecks(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM compliance_reports WHERE job_state = 'completed'`);
    return rows[0].n as number;
  });
}

/** Every route at once, as fast as its connections go (a closed loop: each connection waits for its answer). */
function saturate(tokens: string[], seconds: number): Promise<RouteResult[]> {
  return Promise.all(
    ROUTES.map((route, i) => {
      const connections = Math.max(1, Math.round(route.share * CONNECTIONS));
      const auth = { authorization: `Bearer ${tokens[i % tokens.length]}` };
      let over500 = 0;
      return new Promise<RouteResult>((resolveRun, reject) => {
        const instance = autocannon({ url: base, connections, duration: seconds, requests: route.requests(auth) }, (err, r) => {
          if (err) return reject(err);
          resolveRun({
            name: `${route.name} (${connections} conn.)`,
            requests: r.requests.total,
            rps: r.requests.average,
            p50: r.latency.p50,
            p90: r.latency.p90,
            p99: r.latency.p99,
            non2xx: r.non2xx,
            over500,
            errors: r.errors + r.timeouts,
          });
        });
        instance.on('response', (_client: unknown, status: number) => {
          if (status >= 500) over500++;
        });
      });
    }),
  );
}

/**
 * An open model: each route's requests arrive evenly spaced at its rate, each sent without waiting
 * for the one before, as requests from many users do. A request's time counts from when it was due,
 * so a client held up by a slow server is not hidden (coordinated omission). (autocannon's
 * overallRate sends each second's quota at the start of the second, in a burst.)
 */
async function paced(tokens: string[], seconds: number, rates: number[]): Promise<RouteResult[]> {
  const started = performance.now();
  return Promise.all(
    ROUTES.map(async (route, i) => {
      const rate = Math.max(1, Math.round(rates[i]));
      const requests = route.requests({ authorization: `Bearer ${tokens[i % tokens.length]}` });
      const times: number[] = [];
      const inFlight: Promise<void>[] = [];
      let non2xx = 0;
      let over500 = 0;
      let errors = 0;
      for (let k = 0; k < rate * seconds; k++) {
        const due = started + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const req = requests[k % requests.length];
        inFlight.push(
          fetch(`${base}${req.path}`, { method: req.method, headers: req.headers as Record<string, string>, body: typeof req.body === 'string' || req.body === undefined ? req.body : new Uint8Array(req.body as Buffer), signal: AbortSignal.timeout(30_000) }).then(
            async (res) => {
              await res.arrayBuffer();
              times.push(performance.now() - due);
              if (res.status < 200 || res.status > 299) non2xx++;
              if (res.status >= 500) over500++;
            },
            () => {
              errors++;
            },
          ),
        );
      }
      await Promise.all(inFlight);
      const ms = (p: number) => Math.round(percentile(times, p));
      return { name: `${route.name} (${rate}/s)`, requests: times.length + errors, rps: (times.length + errors) / seconds, p50: ms(50), p90: ms(90), p99: ms(99), non2xx, over500, errors };
    }),
  );
}

interface Run {
  label: string;
  results: RouteResult[];
  checks: { posted: number; completed: number };
}

function printRun(run: Run) {
  console.log(
    formatTable(
      ['route', 'requests', 'req/s', 'p50 ms', 'p90 ms (aim < 200)', 'p99 ms', 'non-2xx', '>= 500 (aim 0)', 'errors'],
      run.results.map((r) => [r.name, String(r.requests), r.rps.toFixed(1), String(r.p50), String(r.p90), String(r.p99), String(r.non2xx), String(r.over500), String(r.errors)]),
    ),
  );
  console.log(`compliance checks posted ${run.checks.posted}, completed by the job queue during the run ${run.checks.completed}`);
}

async function runOnce(workers: number, url: string): Promise<Run[]> {
  await clearLeftoverJobs(url);
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
    const processes = `${workers} app process${workers > 1 ? 'es' : ''}`;
    const runs: Run[] = [];
    const measured = async (label: string, seconds: number, rates?: number[]) => {
      console.log(`\n${processes}: ${label}...`);
      const before = await completedChecks(url);
      const results = rates ? await paced(tokens, seconds, rates) : await saturate(tokens, seconds);
      const posted = results.find((r) => r.name.startsWith('POST /compliance/text'))?.requests ?? 0;
      const run = { label: `${processes}, ${label}`, results, checks: { posted, completed: (await completedChecks(url)) - before } };
      printRun(run);
      runs.push(run);
      return results;
    };
    const saturated = await measured(`${CONNECTIONS} connections for ${SECONDS} s`, SECONDS);
    if (HALF_SECONDS > 0) {
      await clearLeftoverJobs(url);
      await measured(`half of that throughput for ${HALF_SECONDS} s`, HALF_SECONDS, saturated.map((r) => r.rps / 2));
    }
    return runs;
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
    for (const run of await runOnce(workers, url)) {
      const total = run.results.reduce((s, r) => s + r.rps, 0);
      const worst = run.results.reduce((w, r) => (r.p90 > w.p90 ? r : w));
      summary.push([run.label, total.toFixed(1), `${worst.p90} (${worst.name.replace(/ \(.*$/, '')})`, String(run.results.reduce((s, r) => s + r.over500, 0)), String(run.results.reduce((s, r) => s + r.errors, 0))]);
    }
  }
  console.log('\nSummary:\n');
  console.log(formatTable(['run', 'req/s in all', 'worst route p90 ms', '>= 500', 'errors'], summary));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
