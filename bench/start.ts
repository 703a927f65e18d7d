// npm run bench:start — a first start as a newcomer has it: `npm start` on an empty data folder
// (embedded PGlite, the demo city imported), and what the first users meanwhile wait for:
//  1. seconds from `npm start` to the login page answering (aim < 60 s on a fresh clone; add
//     --fresh-web to rebuild the web app as a fresh clone does);
//  2. once it answers, a request every 25 ms (GET /api/health, which reads the database) until the
//     search and code indexes are built: p50/p95/max wait (aim: no request waits > 100 ms on index
//     building);
//  3. the first ordinance draft and the first Knowledge Assistant question, sent together as soon
//     as a user could sign in (aim: no longer than a warm one, about 0.1 s, plus the queue);
//  4. the same after a restart on the same data folder (the demo city already there).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, percentile } from '../apps/server/eval/table';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3870);
const FRESH_WEB = process.argv.includes('--fresh-web');
const TIMEOUT_MS = 240_000;
const PASSWORD = 'bench-start-demo-password';
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(path: string, init?: RequestInit, timeoutMs = 10_000): Promise<{ status: number; ms: number; body: string }> {
  const t = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - t, body };
  } catch {
    return { status: 0, ms: performance.now() - t, body: '' };
  }
}

const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The first draft and question a user could send: how long each took, and the sections they rest on. */
async function firstRequests(): Promise<{ draft: { ms: number; status: number; sections: number }; question: { ms: number; status: number; sections: number } }> {
  const login = await timed('/api/user/login', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@civicdesk.test', password: PASSWORD }) });
  if (login.status !== 200) throw new Error(`sign-in failed (${login.status}): ${login.body.slice(0, 200)}`);
  const token = (JSON.parse(login.body) as { access_token: string }).access_token;
  const [draft, question] = await Promise.all([
    timed('/api/ordinance/draft', json(token, { query: 'An ordinance to register vacant buildings and raise the registration fee' }), 120_000),
    timed('/api/municipal_code/generate', json(token, { main_user_question: 'How many working days does an agency have to answer a FOIA request?' }), 120_000),
  ]);
  // Sections of the code each answer rests on: a draft's found code sections, an answer's listed ones.
  const count = (body: string, key: string) => {
    try {
      return ((JSON.parse(body) as Record<string, { kind?: string }[]>)[key] ?? []).filter((r) => !r.kind || r.kind === 'code_section').length;
    } catch {
      return 0;
    }
  };
  return {
    draft: { ms: draft.ms, status: draft.status, sections: count(draft.body, 'high_score_results') },
    question: { ms: question.ms, status: question.status, sections: count(question.body, 'codes') },
  };
}

interface StartRun {
  name: string;
  milestones: Record<string, number>;
  loginAt: number;
  waits: { ms: number; at: number }[];
  failures: number;
  first: Awaited<ReturnType<typeof firstRequests>>;
}

async function startOnce(name: string, dataDir: string): Promise<StartRun> {
  const log: string[] = [];
  const milestones: Record<string, number> = {};
  const t0 = performance.now();
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seen = (text: string) => {
    const at = (performance.now() - t0) / 1000;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      log.push(line);
      if (line.includes('Building the web app')) milestones['web build started'] ??= at;
      if (line.includes('Demo city imported')) milestones['demo city imported'] ??= at;
      if (line.includes('search index ready')) milestones['search index ready'] ??= at;
      if (/municipal code index for location \S+: \d+ sections/.test(line)) milestones['code index ready'] ??= at;
    }
  };
  server.stdout.on('data', (d) => seen(String(d)));
  server.stderr.on('data', (d) => seen(String(d)));
  const exited = new Promise<number | null>((r) => server.on('exit', (code) => r(code)));

  try {
    let loginAt = 0;
    while (!loginAt) {
      if (performance.now() - t0 > TIMEOUT_MS) throw new Error('the login page did not answer in time');
      if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode}):\n${log.slice(-20).join('\n')}`);
      const res = await timed('/login');
      if (res.status === 200) loginAt = (performance.now() - t0) / 1000;
      else await sleep(100);
    }
    // The first draft and question go out at once; meanwhile, until both indexes are built (and 2 s more), a request every 25 ms.
    const first = firstRequests();
    let answered = false;
    void first.then(() => (answered = true), () => (answered = true));
    const waits: { ms: number; at: number }[] = [];
    let failures = 0;
    let doneAt = 0;
    while (performance.now() - t0 < TIMEOUT_MS) {
      const res = await timed('/api/health');
      waits.push({ ms: res.ms, at: (performance.now() - t0) / 1000 });
      if (res.status !== 200) failures++;
      const built = milestones['search index ready'] && milestones['code index ready'] && answered;
      if (built && !doneAt) doneAt = performance.now();
      if (doneAt && performance.now() - doneAt > 2000) break;
      await sleep(25);
    }
    return { name, milestones, loginAt, waits, failures, first: await first };
  } finally {
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}

function report(run: StartRun) {
  const waits = run.waits.map((r) => r.ms);
  console.log(`\n${run.name}:\n`);
  console.log(
    formatTable(
      ['milestone', 'seconds after npm start'],
      [...Object.entries(run.milestones).map(([name, s]) => [name, s.toFixed(1)]), ['login page answers (aim < 60 s)', run.loginAt.toFixed(1)]],
    ),
  );
  console.log(`\nRequests while the indexes build (GET /api/health every 25 ms, ${waits.length} requests):\n`);
  console.log(
    formatTable(
      ['p50 ms', 'p95 ms', 'max ms (aim < 100)', 'over 100 ms', 'errors'],
      [[percentile(waits, 50).toFixed(1), percentile(waits, 95).toFixed(1), Math.max(...waits).toFixed(1), String(waits.filter((ms) => ms > 100).length), String(run.failures)]],
    ),
  );
  const slowest = [...run.waits].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`\nSlowest: ${slowest.map((r) => `${r.ms.toFixed(0)} ms at ${r.at.toFixed(1)} s`).join(', ')} (login page at ${run.loginAt.toFixed(1)} s)`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  if (FRESH_WEB) rmSync(join(root, 'apps/web/dist'), { recursive: true, force: true });
  try {
    const runs = [
      await startOnce(`First start (${FRESH_WEB ? 'web app rebuilt, ' : ''}empty data folder, embedded PGlite, demo city)`, dataDir),
      await startOnce('Restart (same data folder)', dataDir),
    ];
    for (const run of runs) report(run);
    console.log('\nThe first requests a user sends once the login page answers (sent together, just after signing in):\n');
    console.log(
      formatTable(
        ['start', 'first ordinance draft s', 'its sections', 'first question s', 'its sections', 'code index ready s after login page'],
        runs.map((r) => [
          r.name.split(' (')[0],
          `${(r.first.draft.ms / 1000).toFixed(2)}${r.first.draft.status === 200 ? '' : ` (${r.first.draft.status})`}`,
          String(r.first.draft.sections),
          `${(r.first.question.ms / 1000).toFixed(2)}${r.first.question.status === 200 ? '' : ` (${r.first.question.status})`}`,
          String(r.first.question.sections),
          r.milestones['code index ready'] ? (r.milestones['code index ready'] - r.loginAt).toFixed(1) : '-',
        ]),
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
